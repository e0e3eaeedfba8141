"""The further Friends & Family (expansions booklet pp. 10, 18-19) and the customer packs (pp. 20-22).

Friends & Family run on the live data (``friends.json``); the packs on synthetic cards of the
pack data's shapes (``synthetic_packs.py``).
"""
from __future__ import annotations

from collections import Counter

import pytest

from brewhouse.core import InvalidConfig, Rng
from brewhouse.seize.cafe import groups_match
from brewhouse.seize.model import line_entry
from brewhouse.seize.phases import current_moves, run
from brewhouse.seize.scoring import final_scores
from brewhouse.seize.setup import finish_friends, initial_state, start_resources
from brewhouse.seize.view import build_view

from .helpers import DB, GAME, all_cards, expected_cards, new
from .synthetic_packs import CELEBRITIES, PDB, PGAME

BASE4 = DB.friends_set("base")
EXTRA4 = DB.friends_set("extra")


# ---------------------------------------------------------------- helpers
def served_table(game, state: dict, p: int, cids: list[str], res: dict | None = None) -> dict:
    """Service phase, player ``p``'s Line = ``cids`` (cards plucked from wherever they are), others empty."""
    for q, pl in enumerate(state["players"]):
        pl["line"], pl["served"] = [], 0
    for cid in cids:
        for row in state["city"]:
            for pile in ("deck", "discard"):
                if cid in row[pile]:
                    row[pile].remove(cid)
            if cid in row["slots"]:
                row["slots"][row["slots"].index(cid)] = row["deck"].pop()
        for pl in state["players"]:
            for pile in ("deck", "discard"):
                if cid in pl[pile]:
                    pl[pile].remove(cid)
        state["players"][p]["line"].append(line_entry(cid))
    if res is not None:
        state["players"][p]["res"] = dict(res)
    state["phase"] = "service"
    state["stack"] = [{"t": "serve", "p": p}]
    state["cursor"] = {"i": len(state["players"])}  # nobody else serves after this
    return state


def ids(game, s: dict) -> list[str]:
    return [m.id for m in current_moves(s, game.ctx())]


def play(game, s: dict, *moves: str) -> dict:
    for mid in moves:
        s = game.apply(s, mid).state
    return s


def settle(game, s: dict) -> None:
    run(s, game.ctx())


# ---------------------------------------------------------------- Friends & Family: set-up
def test_base_friends_are_recorded_and_start_as_before():
    s = new(3, seed=4)
    for p, pl in enumerate(s["players"]):
        assert pl["friends"] == sorted(f"{f}@{p}" for f in BASE4)
        assert pl["res"] == {"beans": 5, "milk": 1, "sugar": 0}
    assert all_cards(s) == expected_cards(s)


def test_advanced_friends_replace_the_base_four_and_start_with_four_beans_four_sugar():
    s = new(4, seed=2, friends="advanced")
    for p, pl in enumerate(s["players"]):
        four = sorted(f"{f}@{p}" for f in EXTRA4)
        assert pl["friends"] == four
        assert sorted(pl["deck"]) == four
        assert pl["res"] == {"beans": 4, "milk": 0, "sugar": 4}  # booklet p. 19
    assert all_cards(s) == expected_cards(s)


@pytest.mark.parametrize("seed", range(6))
def test_extra_friends_draw_four_of_the_players_own_eight_and_their_main_orders_give_the_start(seed):
    s = new(3, seed=seed, friends="extra", opening="official" if seed % 2 else "standard")
    own8 = set(BASE4) | set(EXTRA4)
    for p, pl in enumerate(s["players"]):
        four = pl["friends"]
        assert len(set(four)) == 4 and all(f.endswith(f"@{p}") and f.split("@")[0] in own8 for f in four)
        pile = pl["discard"] if seed % 2 else pl["deck"]  # official opening: in the discard pile
        assert sorted(pile) == four
        want = Counter()
        for f in four:
            for icon in DB.card(f)["main"]["order"]:
                want[DB.special.get(icon, icon)] += 2 if icon in DB.special else 1
        assert pl["res"] == {b: want[b] for b in DB.basic}
    assert all_cards(s) == expected_cards(s)
    # the draws differ between players and seeds (not always the same four)
    draws = {tuple(f.split("@")[0] for f in new(2, seed=k, friends="extra")["players"][0]["friends"]) for k in range(12)}
    assert len(draws) > 1


def test_start_resources_count_a_special_icon_as_two_of_its_basic_resource():
    assert start_resources(DB, [f"{f}@0" for f in BASE4]) == {"beans": 5, "milk": 1, "sugar": 0}
    assert start_resources(DB, ["grandma@0", "dog_loving_uncle@0"]) == {"beans": 2, "milk": 1, "sugar": 1}


def test_adopted_leaves_the_friends_to_the_draft_hook_which_finishes_the_setup():
    cfg = GAME.normalize_config({"players": 2, "friends": "adopted"})
    s = initial_state(cfg, 3, DB)
    assert all(pl["deck"] == [] and pl["friends"] == [] and sum(pl["res"].values()) == 0 for pl in s["players"])
    # a drafted set may hold cards of another player's set (<card>@<owner's seat>)
    chosen = [["grandma@0", "funny_cousin@1", "eccentric_aunt@0", "lazy_friend@1"],
              ["grandpa@1", "musician_mom@0", "dog_loving_uncle@1", "popular_friend@0"]]
    finish_friends(s, DB, chosen)
    assert s["players"][0]["friends"] == sorted(chosen[0]) and sorted(s["players"][0]["deck"]) == sorted(chosen[0])
    assert s["players"][0]["res"] == {"beans": 4, "milk": 1, "sugar": 2}  # bean+milk, 2 beans, 2 sugar, bean
    assert s["players"][1]["res"] == {"beans": 5, "milk": 0, "sugar": 2}  # bean, bean+sugar, bean+sugar, 2 beans
    assert all_cards(s) == expected_cards(s)


def test_packs_are_refused_solo_and_friends_modes_play_solo():
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 1, "packs": ["city_celebrities"]})
    s = new(1, seed=1, friends="advanced")
    assert s["players"][0]["friends"] == sorted(f"{f}@0" for f in EXTRA4)
    assert "friends" not in s["players"][1]  # Starbots has none


# ---------------------------------------------------------------- Friends & Family: abilities ("you may")
def _serve_friend(fid: str, bad: int = 0, extra_line=(), **res) -> dict:
    s = new(2, seed=1, friends="advanced")
    s = served_table(GAME, s, 0, [f"{fid}@0", *extra_line], res={"beans": 4, "milk": 2, "sugar": 4, **res})
    s["players"][0]["bad"] = bad
    settle(GAME, s)
    return s


def test_lose_a_bad_review_is_optional():
    s = _serve_friend("eccentric_aunt", bad=2)
    s = play(GAME, s, "serve:main")
    assert ids(GAME, s) == ["may:lose_bad_review", "skip"]
    took = play(GAME, GAME.copy_state(s), "may:lose_bad_review")
    assert took["players"][0]["bad"] == 1
    kept = play(GAME, GAME.copy_state(s), "skip")
    assert kept["players"][0]["bad"] == 2


def test_lose_a_bad_review_without_one_asks_nothing():
    s = _serve_friend("eccentric_aunt", bad=0)
    s = play(GAME, s, "serve:main")
    assert s["players"][0]["bad"] == 0
    assert not s["stack"] or s["stack"][-1]["t"] != "may"


def test_connections_as_a_friend_ability_is_alone_and_optional():
    s = _serve_friend("funny_cousin")
    s = play(GAME, s, "serve:main")
    assert ids(GAME, s) == ["may:connections", "skip"]
    s2 = play(GAME, GAME.copy_state(s), "may:connections")
    assert ids(GAME, s2) == ["conn:row1", "conn:row2", "conn:row3"]  # alone: look and put back
    s2 = play(GAME, s2, "conn:row2")
    assert s2["stack"][-1]["t"] == "reorder" and len(s2["stack"][-1]["cards"]) == 3


def test_customer_tracking_as_a_friend_ability_is_optional():
    s = _serve_friend("dog_loving_uncle")
    s["players"][0]["deck"] = ["grandma@0", "grandpa@0"]
    s = play(GAME, s, "serve:main")
    assert ids(GAME, s) == ["may:customer_tracking", "skip"]
    s2 = play(GAME, GAME.copy_state(s), "may:customer_tracking")
    assert s2["stack"][-1]["t"] == "track" and len(s2["stack"][-1]["cards"]) == 2
    s3 = play(GAME, GAME.copy_state(s), "skip")
    assert s3["players"][0]["deck"] == ["grandma@0", "grandpa@0"]


def test_entertain_as_a_friend_ability_may_choose_any_customer_itself_included():
    s = _serve_friend("musician_mom", extra_line=["funny_cousin@0"])
    s = play(GAME, s, "serve:main")
    assert ids(GAME, s) == ["target:p0:musician_mom@0", "target:p0:funny_cousin@0", "skip"]
    s = play(GAME, s, "target:p0:musician_mom@0")
    assert s["players"][0]["line"][0]["happy"] == 2  # its own Happy reward, then Entertain


def test_determinizer_uses_each_players_four_friends():
    s = new(3, seed=9, friends="extra")
    rnd = Rng(3)
    for _ in range(40):
        moves = GAME.legal_moves(s)
        s = GAME.apply(s, moves[rnd.below(len(moves))].id).state
    p = GAME.active_player(s)
    v = GAME.view(s, p)
    assert [pv["friends"] for pv in v["players"]] == [pl["friends"] for pl in s["players"]]
    d = GAME.determinizer(v, p)
    for k in range(5):
        sample = d.sample(Rng(k))
        assert build_view(sample, p, DB) == v
        assert all_cards(sample) == expected_cards(s)


# ---------------------------------------------------------------- packs: set-up
def _pack_state(players=2, seed=0, **cfg) -> dict:
    return PGAME.setup(PGAME.normalize_config({"players": players, **cfg}), seed)


def test_medley_groups_replace_the_last_listed_group_then_the_one_before():
    six = PDB.district("prenzlauer_berg")
    s = _pack_state(district="prenzlauer_berg", packs=["board_game_media"])
    assert s["groups"] == six[:5] + ["board_game_media"]
    s = _pack_state(district="prenzlauer_berg", packs=["quality_beasts"])
    assert s["groups"] == six[:5] + ["quality_beasts"]
    s = _pack_state(district="prenzlauer_berg", packs=["quality_beasts", "board_game_media"])
    assert s["groups"] == six[:4] + ["quality_beasts", "board_game_media"]
    kiez = ["hipsters", "students", "tourists", "musicians", "cyclists", "upper_class"]
    s = _pack_state(district="custom", groups=kiez, packs=["board_game_media", "quality_beasts"])
    assert s["groups"] == kiez[:4] + ["quality_beasts", "board_game_media"]
    # their customers, upgrades and award come in as any group's
    assert "xp_board_game_media_award" in s["awards"] and "xp_quality_beasts_award" in s["awards"]
    assert all_cards(s) == expected_cards(s, PDB)
    assert sum(1 for c in all_cards(s) if PDB.card(c)["kind"] == "customer") == 60


def test_city_celebrities_are_mixed_into_a_deck_of_73_customers():
    s = _pack_state(packs=["city_celebrities"])
    row = s["city"][0]
    customers = row["deck"] + [c for c in row["slots"] if c] + row["discard"]
    assert len(customers) == 73
    assert {c["id"] for c in CELEBRITIES} <= set(customers)
    assert "city_celebrities" not in s["groups"] and len(s["awards"]) == 6  # no award of their own
    assert all_cards(s) == expected_cards(s, PDB)


# ---------------------------------------------------------------- packs: group icons
def test_group_matching_with_two_icons_and_the_wildcard():
    assert groups_match({"hipsters"}, ["board_game_media", "hipsters"])
    assert groups_match({"board_game_media"}, ["board_game_media", "hipsters"])
    assert not groups_match({"musicians"}, ["board_game_media", "hipsters"])
    # the wildcard: any group but Quality Beasts
    assert groups_match({"*", "quality_beasts"}, ["musicians"])
    assert groups_match({"*", "quality_beasts"}, ["rebels"])
    assert groups_match({"cyclists"}, ["quality_beasts", "*"])
    assert groups_match({"quality_beasts"}, ["quality_beasts", "*"])  # its own printed icon
    assert not groups_match({"board_game_media"}, []) and not groups_match({"*"}, [])  # Friends & Family
    assert not groups_match({"*"}, ["quality_beasts"])  # the wildcard never stands for Quality Beasts
    assert groups_match({"*"}, ["*"])


def test_word_of_mouth_matches_through_the_wildcard():
    s = _pack_state(district="custom", groups=["hipsters", "students", "tourists", "musicians", "cyclists",
                                                "upper_class"], packs=["quality_beasts"])
    hip, hip2, stu, tou = (PDB.of_kind("customer", ["hipsters"])[:2] + PDB.of_kind("customer", ["students"])[:1]
                           + PDB.of_kind("customer", ["tourists"])[:1])
    row = s["city"][0]
    row["slots"], row["discard"] = [hip, "xp_quality_beasts_1", stu, tou], [hip2]
    pl = s["players"][0]
    pl["line"], pl["pantry"], pl["style"] = [], [], []
    take = {"t": "take", "p": 0, "row": 0, "dest": "discard", "wom": True, "opt": False, "peek": [],
            "why": "word_of_mouth"}
    s["stack"] = [dict(take)]
    assert ids(PGAME, s) == []  # nothing in the café yet
    pl["line"] = [line_entry("xp_quality_beasts_0")]  # Quality Beasts + wildcard: everything matches
    s["stack"] = [dict(take)]
    assert ids(PGAME, s) == [f"city:row1:slot{k}" for k in range(1, 5)] + ["city:row1:discard"]
    pl["line"], pl["style"] = [], ["xp_quality_beasts_style0"]  # the Quality Beasts icon alone
    s["stack"] = [dict(take)]
    assert ids(PGAME, s) == ["city:row1:slot2"]  # only the Quality Beast (its printed icon)
    pl["style"] = [PDB.of_kind("style", ["musicians"])[0]]  # a Musicians icon: the wildcard card matches
    s["stack"] = [dict(take)]
    assert ids(PGAME, s) == ["city:row1:slot2"]


def test_a_customer_with_two_icons_counts_for_both_awards():
    s = _pack_state(district="custom", groups=["hipsters", "students", "tourists", "musicians", "cyclists",
                                                "upper_class"], packs=["board_game_media"])
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"], pl["pantry"], pl["style"] = [], [], [], [], []
    s["players"][0]["discard"] = ["xp_board_game_media_0"]  # board_game_media + hipsters
    bd = final_scores(s, PDB)
    assert bd[0]["awards"] == {"hipsters": 1, "board_game_media": 1}


def test_wildcards_count_at_the_end_for_the_group_that_pays_their_owner_most():
    s = _pack_state(district="custom", groups=["hipsters", "students", "tourists", "musicians", "cyclists",
                                                "upper_class"], packs=["quality_beasts"])
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"], pl["pantry"], pl["style"] = [], [], [], [], []
    hip = [c for c in PDB.of_kind("customer", ["hipsters"])][:3]
    mus = [c for c in PDB.of_kind("customer", ["musicians"])][:6]
    s["players"][0]["discard"] = ["xp_quality_beasts_0", "xp_quality_beasts_1"] + mus[:2]
    s["players"][1]["discard"] = hip[:3] + mus[2:6]
    bd = final_scores(s, PDB)
    # P0 wins Quality Beasts with its 2 printed icons (2 points).  Its two wildcards: both on any
    # group P1 lacks pay 2; one on Musicians still loses (3 against 4); both on Musicians tie P1's 4
    # and pay 2 + 2 customers: 4, the most.  Never on Quality Beasts.
    assert bd[0]["wildcards"] == {"musicians": 2}
    assert bd[0]["awards"] == {"quality_beasts": 2, "musicians": 4}
    assert bd[1]["awards"] == {"hipsters": 3, "musicians": 4}
    assert "wildcards" not in bd[1]


# ---------------------------------------------------------------- packs: City Celebrities
def _celeb_table(*cids, res=None) -> dict:
    s = _pack_state(district="kreuzberg", packs=["city_celebrities"])
    s = served_table(PGAME, s, 0, list(cids), res=res or {"beans": 6, "milk": 3, "sugar": 1})
    settle(PGAME, s)
    return s


def test_a_celebrity_offers_left_right_or_both_orders():
    s = _celeb_table("xp_nicole_battefeld")  # left: beans + milk, right: 2 beans
    assert ids(PGAME, s) == ["serve:left", "serve:right", "serve:both:left", "serve:both:right"]
    s = _celeb_table("xp_nicole_battefeld", res={"beans": 2, "milk": 0, "sugar": 0})
    assert ids(PGAME, s) == ["serve:right"]  # must fill an order it can pay


def test_an_unaffordable_celebrity_gets_angry():
    s = _celeb_table("xp_nicole_battefeld", res={"beans": 1, "milk": 0, "sugar": 0})
    assert ids(PGAME, s) == ["serve:main"]
    bad = s["players"][0]["bad"]
    tr = PGAME.apply(s, "serve:main")
    assert [e.params["angry"] for e in tr.events if e.code == "seize.customer_unserved"] == [True]
    assert tr.state["players"][0]["bad"] == bad + 1  # the angry customer's Bad Review at the end of Service


def test_booklet_example_serving_city_celebrities():
    """p. 22: Yoshi fills only Nicole Battefeld's right order (Super Hype: +2 Hype), then both of
    DJ Desue's orders, Super Walk-In first (two Hipsters from the City), then Super Entertain (a
    Happy token on each of the two new customers)."""
    s = _celeb_table("xp_nicole_battefeld", "xp_dj_desue", res={"beans": 3, "milk": 1, "sugar": 0})
    hipsters = [c for c in PDB.of_kind("customer", ["hipsters"]) if PDB.card(c)["groups"] == ["hipsters"]][:2]
    row = s["city"][0]
    for k, h in enumerate(hipsters):  # two Hipsters in the City's first two slots
        for pile in (row["deck"], row["discard"]):
            if h in pile:
                pile.remove(h)
        if h in row["slots"]:
            row["slots"][row["slots"].index(h)] = row["deck"].pop()
        row["deck"].insert(0, row["slots"][k])
        row["slots"][k] = h
    pl = s["players"][0]
    pl["hype"], good0 = 2, pl["good"]
    s = play(PGAME, s, "serve:right")
    pl = s["players"][0]
    assert pl["hype"] == 4  # Super Hype, the right ability only (the left one is Super Walk-In)
    assert pl["res"] == {"beans": 1, "milk": 1, "sugar": 0}
    assert pl["good"] == good0 + 1 and len(pl["line"]) == 2  # its right reward; no Walk-In
    s = play(PGAME, s, "serve:both:left")  # both orders, Super Walk-In first
    assert s["players"][0]["res"] == {"beans": 0, "milk": 0, "sugar": 0}
    assert s["stack"][-1]["t"] == "take"
    slots = s["city"][0]["slots"]
    s = play(PGAME, s, f"city:row1:slot{slots.index(hipsters[0]) + 1}")
    s = play(PGAME, s, f"city:row1:slot{s['city'][0]['slots'].index(hipsters[1]) + 1}")
    assert [e["id"] for e in s["players"][0]["line"]] == ["xp_nicole_battefeld", "xp_dj_desue", *hipsters]
    assert s["stack"][-1]["t"] == "line_target"  # Super Entertain, mandatory: no skip
    assert "skip" not in ids(PGAME, s)
    s = play(PGAME, s, f"target:p0:{hipsters[0]}", f"target:p0:{hipsters[1]}")
    line = s["players"][0]["line"]
    assert [e["happy"] for e in line[2:]] == [1, 1]
    assert s["players"][0]["good"] == good0 + 3  # one reward per filled order


def test_both_orders_right_first_runs_the_right_ability_first():
    s = _celeb_table("xp_dj_desue", res={"beans": 1, "milk": 1, "sugar": 0})
    s = play(PGAME, s, "serve:both:right")
    assert s["stack"][-1]["t"] == "line_target"  # Super Entertain before Super Walk-In


def test_acting_on_a_celebrity_copies_one_of_its_two_abilities():
    s = _celeb_table("xp_celeb6", "xp_nicole_battefeld")  # xp_celeb6: Acting (left)
    s["stack"] = [{"t": "acting", "p": 0, "cust": "xp_celeb6", "ab": "acting", "not": [], "boost": False}]
    assert ids(PGAME, s) == ["acting:xp_nicole_battefeld:left", "acting:xp_nicole_battefeld:right"]
    hype = s["players"][0]["hype"]
    s = play(PGAME, s, "acting:xp_nicole_battefeld:right")
    assert s["players"][0]["hype"] == min(5, hype + 2)
    assert len(s["players"][0]["line"]) == 2  # no Walk-In


def test_views_show_celebrity_faces_and_both_order_costs():
    s = _celeb_table("xp_nicole_battefeld")
    v = PGAME.view(s, 1)
    e = v["players"][0]["line"][0]
    assert [m["ability"] for m in e["card"]["mains"]] == ["super_walk_in", "super_hype"]
    assert e["cost"]["mains"] == [{"beans": 1, "milk": 1, "sugar": 0}, {"beans": 2, "milk": 0, "sugar": 0}]
    d = PGAME.determinizer(v, 1)
    sample = d.sample(Rng(2))
    assert PGAME.view(sample, 1) == v


@pytest.mark.parametrize("seed", range(8))
def test_pack_games_play_to_the_end_with_cards_conserved(seed):
    packs = [["board_game_media", "quality_beasts", "city_celebrities"], ["city_celebrities"],
             ["quality_beasts"], ["board_game_media"]][seed % 4]
    s = _pack_state(2 + seed % 5, seed, district="random", packs=packs, friends=("base", "extra", "advanced")[seed % 3])
    start = expected_cards(s, PDB)
    rnd = Rng(seed)
    n = 0
    while PGAME.active_player(s) is not None:
        moves = PGAME.legal_moves(s)
        s = PGAME.play(s, moves[rnd.below(len(moves))]).state
        assert all_cards(s) == start
        n += 1
        if n % 40 == 0 and PGAME.active_player(s) is not None:
            p = PGAME.active_player(s)
            v = PGAME.view(s, p)
            assert PGAME.view(PGAME.determinizer(v, p).sample(Rng(n)), p) == v
    assert PGAME.outcome(s) is not None


def test_the_real_city_celebrities_enter_the_customer_deck():
    """packs.json's celebrities are ``kind: "celebrity"``: they are customers of the deck all the same."""
    from brewhouse.seize.data import load_db
    from brewhouse.seize.setup import initial_state

    db = load_db()
    config = {"players": 2, "district": "kreuzberg", "groups": None, "difficulty": ["normal"] * 2,
              "opening": "standard", "friends": "base", "packs": ["city_celebrities"], "founders": "off"}
    s = initial_state(config, 3, db)
    row = s["city"][0]
    customers = row["deck"] + [c for c in row["slots"] if c] + row["discard"]
    celebrities = [c for c in db.raw["cards"] if c["kind"] == "celebrity"]
    assert len(celebrities) == 13 and {c["id"] for c in celebrities} <= set(customers)
    assert len(customers) == 60 + 13


def test_booklet_example_serving_city_celebrities_with_our_real_cards():
    """p. 22 again, with the shipped Nicole Battefeld (right order: Super Hype) and DJ Desue (left: Super
    Walk-In, right: Super Entertain): +2 Hype from Nicole's right order alone, then both of DJ Desue's
    orders, two Hipsters walking in and a Happy token on each."""
    assert DB.card("nicole_battefeld")["mains"][1]["ability"] == "super_hype"
    assert [m["ability"] for m in DB.card("dj_desue")["mains"]] == ["super_walk_in", "super_entertain"]
    s = GAME.setup(GAME.normalize_config({"players": 2, "packs": ["city_celebrities"]}), 3)
    # Nicole's right order (high-quality coffee + milk) and both of DJ Desue's orders
    s = served_table(GAME, s, 0, ["nicole_battefeld", "dj_desue"], res={"beans": 4, "milk": 2, "sugar": 3})
    settle(GAME, s)
    hipsters = [c for c in s["city"][0]["slots"] if c and DB.card(c)["groups"] == ["hipsters"]]
    row = s["city"][0]
    while len(hipsters) < 2:  # two Hipsters visible in the City, as in the example
        h = next(c for c in row["deck"] if DB.card(c)["groups"] == ["hipsters"])
        k = next(i for i, c in enumerate(row["slots"]) if c not in hipsters)
        row["deck"].remove(h)
        row["deck"].insert(0, row["slots"][k])
        row["slots"][k] = h
        hipsters.append(h)
    pl = s["players"][0]
    pl["hype"], good0 = 2, pl["good"]
    assert "serve:right" in ids(GAME, s)
    s = play(GAME, s, "serve:right")
    assert s["players"][0]["hype"] == 4 and len(s["players"][0]["line"]) == 2  # Super Hype only
    s = play(GAME, s, "serve:both:left")  # Super Walk-In first, then Super Entertain
    for h in hipsters[:2]:
        s = play(GAME, s, f"city:row1:slot{s['city'][0]['slots'].index(h) + 1}")
    assert [e["id"] for e in s["players"][0]["line"]][2:] == hipsters[:2]
    s = play(GAME, s, f"target:p0:{hipsters[0]}", f"target:p0:{hipsters[1]}")
    assert [e["happy"] for e in s["players"][0]["line"][2:]] == [1, 1]
    assert s["players"][0]["res"] == {"beans": 0, "milk": 0, "sugar": 0}
    assert s["players"][0]["good"] == good0 + 1  # DJ Desue's right reward; the others give none
