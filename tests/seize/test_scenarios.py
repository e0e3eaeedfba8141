"""The six solo scenarios against Starbots (expansions booklet pp. 48-51; scenarios.py, SOLO.md).

Each scenario's set-up as written, each game change, each victory condition (won and lost), and a
seeded soak of random games per scenario: ``BREWHOUSE_SCENARIO_SOAK_GAMES`` games each (default 10;
the full run is 100), invariants after every move, zero exceptions.
"""
from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter

import pytest

from brewhouse.core import InvalidConfig, Move, Rng
from brewhouse.seize import scenarios, solo
from brewhouse.seize.cafe import achievements_met, award_icons, cafe_groups
from brewhouse.seize.effects import DECIDE, ICON_FX, fx
from brewhouse.seize import heuristics
from brewhouse.bots.ismcts import margin_rewards
from brewhouse.seize.heuristics import HEURISTICS, projected_bad, scenario_rewards
from brewhouse.seize.model import Ctx, gain_good
from brewhouse.seize.phases import run
from brewhouse.seize.scoring import rank

from .helpers import DB, GAME, all_cards, check_city_rows
from .solo_helpers import BOT, HUMAN, SOLO

IDS = ["after_hours", "new_startup", "wurfel_zucker", "ao_amor", "cafe_da_nala", "cafe_quorra"]
GAMES = int(os.environ.get("BREWHOUSE_SCENARIO_SOAK_GAMES", "10"))


def new(sid: str, seed: int = 0, **cfg) -> dict:
    return GAME.setup(GAME.normalize_config({"players": 1, "scenario": sid, **cfg}), seed)


def sc(sid: str) -> dict:
    return scenarios.scenario(sid, DB)


def is_super(cid: str) -> bool:
    return bool(DB.abilities.get(DB.card(cid).get("ability"), {}).get("super"))


# ---------------------------------------------------------------- data and config
def test_every_scenario_is_playable_and_valid():
    assert [s["id"] for s in SOLO["scenarios"]] == IDS
    assert solo.validate_solo(SOLO, DB.raw) == []
    for s in SOLO["scenarios"]:
        assert s["playable"] is True and "needs" not in s
        d = DB.districts[s["district"]]
        assert d["solo"] and all(DB.groups[g]["solo"] for g in d["groups"])
        for fid in s.get("founders", []):  # each founder's own group is an award of the district
            assert DB.founder(fid)["group"] in d["groups"]
        for item in s["deck"]:
            if "friend" in item:
                DB.card(item["friend"])
            if "group" in item:
                assert item["group"] in d["groups"]


def test_scenario_districts_are_not_offered_as_districts():
    kinds = {d: v["kind"] for d, v in GAME.compatibility()["districts"].items()}
    assert {d for d, k in kinds.items() if k == "scenario"} == {"kreuzkolln", "eilbek", "holzmarkt", "graefekiez",
                                                                 "kovalsky"}
    assert DB.districts["friedrichshain_kreuzberg"]["kind"] == "further"  # After Hours' district is a normal one
    for d in ("kreuzkolln", "eilbek"):
        for players in (1, 2):
            with pytest.raises(InvalidConfig) as err:
                GAME.normalize_config({"players": players, "district": d})
            assert "scenario" in err.value.message


def test_the_scenario_fixes_its_setup():
    cfg = GAME.normalize_config({"players": 1, "scenario": "after_hours"})
    assert (cfg["district"], cfg["opening"], cfg["variants"], cfg["founders"]) == \
        ("friedrichshain_kreuzberg", "official", [], "off")
    assert GAME.normalize_config({"players": 1, "scenario": "cafe_quorra"})["variants"] == ["artisan"]
    # the same values given explicitly are fine
    GAME.normalize_config({"players": 1, "scenario": "after_hours", "opening": "official",
                           "district": "friedrichshain_kreuzberg"})
    GAME.normalize_config({"players": 1, "scenario": "cafe_quorra", "variants": ["artisan"], "founders": "off"})


@pytest.mark.parametrize("bad", [
    {"scenario": "after_hours", "opening": "standard"},
    {"scenario": "after_hours", "district": "kreuzberg"},
    {"scenario": "new_startup", "founders": "all"},
    {"scenario": "ao_amor", "groups": ["hipsters", "cyclists", "tourists", "musicians", "students", "health_nuts"]},
    {"scenario": "cafe_quorra", "variants": []},
    {"scenario": "cafe_da_nala", "variants": ["mouthwatering"]},
    {"scenario": "wurfel_zucker", "friends": "extra"},
])
def test_conflicting_options_are_refused_with_a_reason(bad):
    with pytest.raises(InvalidConfig) as err:
        GAME.normalize_config({"players": 1, **bad})
    assert "scenario" in err.value.message


def test_scenario_only_in_solo():
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 2, "scenario": "after_hours"})


# ---------------------------------------------------------------- set-up, scenario by scenario
def test_after_hours_setup():
    for seed in range(5):
        s = new("after_hours", seed)
        me, bot = s["players"]
        assert s["groups"] == DB.district("friedrichshain_kreuzberg")
        assert (s["solo"]["cellar"], s["solo"]["style"]) == ("criminal", None)
        assert me["deck"] == []  # official opening: the starting deck in the discard pile
        party = [c for c in me["discard"] if "@" not in c]
        assert len(me["discard"]) == 4 and "eccentric_aunt@0" in me["discard"] and len(party) == 3
        assert all(DB.card(c)["group"] == "party_animals" and not is_super(c) for c in party)
        assert me["res"] == {"beans": 0, "milk": 0, "sugar": 0} and me["hype"] == 2
        assert "founder" not in me and bot["pantry"] == bot["style"] == [] and bot["deck"] == []
        assert me["friends"] == ["eccentric_aunt@0"]


def test_new_startup_setup():
    s = new("new_startup", 1)
    me = s["players"][HUMAN]
    assert s["groups"] == DB.district("kreuzkolln") and "start_uppers" in s["groups"]
    assert (s["solo"]["cellar"], s["solo"]["style"]) == ("starting", "boss")
    assert sorted(me["deck"]) == ["eccentric_aunt@0", "funny_cousin@0", "popular_friend@0"]
    assert me["res"] == {"beans": 3, "milk": 1, "sugar": 2} and me["hype"] == 5
    assert me["founder"] == {"id": "founder_ansgar_oberholz", "group": "start_uppers"} and "founder2" not in me
    assert s["scenario"] == {"id": "new_startup", "rules": ["tech_debt", "innovation_refresh", "connections_bottom"],
                             "debt": 0}


def test_wurfel_zucker_setup():
    s = new("wurfel_zucker", 2)
    me = s["players"][HUMAN]
    assert "board_game_geeks" in s["groups"] and "board_games" in s
    assert (s["solo"]["cellar"], s["solo"]["style"]) == ("slow", "boss")
    geeks = [c for c in me["deck"] if "@" not in c]
    assert sorted(c for c in me["deck"] if "@" in c) == ["dog_loving_uncle@0", "funny_cousin@0"]
    assert len(geeks) == 2 and all(DB.card(c)["group"] == "board_game_geeks" and not is_super(c) for c in geeks)
    assert me["res"] == {"beans": 8, "milk": 0, "sugar": 0}
    assert s["scenario"]["marks"] == []


def test_ao_amor_setup():
    s = new("ao_amor", 3)
    me, bot = s["players"]
    assert (s["solo"]["cellar"], s["solo"]["style"]) == ("starting", "boss")
    assert sorted(me["deck"]) == ["dog_loving_uncle@0", "funny_cousin@0", "musician_mom@0", "popular_friend@0"]
    assert me["res"] == {"beans": 5, "milk": 1, "sugar": 2}
    assert me["founder"]["id"] == "founder_adriano_rahde" and me["founder2"]["id"] == "founder_priscilla_anton"
    assert len(bot["pantry"]) == len(bot["style"]) == 1 and len(bot["deck"]) == 3
    assert DB.card(bot["pantry"][0])["kind"] == "pantry" and DB.card(bot["style"][0])["kind"] == "style"
    assert all(DB.card(c)["kind"] == "customer" for c in bot["deck"])
    # Starbots' starting customers stay hidden: only their number is in the view
    v = GAME.view(s, HUMAN)
    assert v["players"][BOT]["deck_count"] == 3 and "deck" not in v["players"][BOT]


def test_cafe_da_nala_setup():
    s = new("cafe_da_nala", 4)
    me, bot = s["players"]
    assert "coffee_connoisseurs" in s["groups"]
    assert (s["solo"]["cellar"], s["solo"]["style"]) == ("fast", "competitive")
    assert len(me["deck"]) == 4 and all(DB.card(c)["kind"] == "customer" for c in me["deck"])
    assert me["friends"] == []
    from brewhouse.seize.setup import start_resources  # the resources of the starting customers' main orders
    assert me["res"] == start_resources(DB, me["deck"]) and sum(me["res"].values()) > 0
    assert [me["founder"]["id"], me["founder2"]["id"]] == ["founder_rodrigo_cunha", "founder_nala_q"]
    assert len(bot["pantry"]) == len(bot["style"]) == 1 and len(bot["deck"]) == 3


def test_cafe_quorra_setup():
    s = new("cafe_quorra", 5)
    me = s["players"][HUMAN]
    assert s["config"]["variants"] == ["artisan"]
    assert (s["solo"]["cellar"], s["solo"]["style"]) == ("slow", "attractive")
    assert me["deck"] == me["discard"] == [] and me["res"] == {"beans": 0, "milk": 0, "sugar": 0}
    assert [me["founder"]["id"], me["founder2"]["id"]] == ["founder_jazzbot", "founder_salome_q"]


def test_cafe_quorra_artisan_crafting():
    """Café Quorra is played in Artisan mode: after the Actions, you craft (Starbots never does)."""
    import random
    s = new("cafe_quorra", 5)
    assert "artisan" in s["config"]["variants"]
    rnd = random.Random(5)
    while s["phase"] != "crafting":
        s = GAME.play(s, rnd.choice(GAME.legal_moves(s))).state
    assert GAME.active_player(s) == HUMAN and "crafted" in s["players"][HUMAN]
    assert "crafted" not in s["players"][1]
    s["players"][HUMAN]["res"]["beans"] += 4
    ids = {m.id for m in GAME.legal_moves(s)}
    assert "done" in ids and "craft:hq_coffee" in ids


# ---------------------------------------------------------------- two founders
def test_two_founders_served_before_customers_in_the_order_chosen():
    s = new("ao_amor", 3)
    me = s["players"][HUMAN]
    # both founders' icons count in the café
    assert {"starving_artists", "hungry_media"} <= cafe_groups(me, DB)
    icons = award_icons(me, DB)
    assert icons["starving_artists"] >= 1 and icons["hungry_media"] >= 1
    me["res"] = {"beans": 9, "milk": 9, "sugar": 9}
    rnd = random.Random(0)
    while s["phase"] != "service":  # play the Actions phase, whatever it is
        s = GAME.play(s, rnd.choice([m for m in GAME.legal_moves(s) if not m.id.startswith("space:")]
                                    or GAME.legal_moves(s))).state
    s["players"][HUMAN]["res"] = {"beans": 9, "milk": 9, "sugar": 9}
    ids = {m.id for m in GAME.legal_moves(s)}
    assert {"founder:serve", "founder2:serve", "founder:skip"} <= ids
    s = GAME.play(s, next(m for m in GAME.legal_moves(s) if m.id == "founder2:serve")).state
    while GAME.active_player(s) is not None and not any(m.id.startswith("founder") for m in GAME.legal_moves(s)):
        s = GAME.play(s, GAME.legal_moves(s)[0]).state
    me = s["players"][HUMAN]
    assert me["founder2"]["up"] is False and me["founder"]["up"] is True
    ids = {m.id for m in GAME.legal_moves(s)}
    assert "founder:serve" in ids and not any(i.startswith("founder2:") for i in ids)
    s = GAME.play(s, next(m for m in GAME.legal_moves(s) if m.id == "founder:skip")).state
    assert not s["players"][HUMAN]["founder"]["up"]


def test_two_founders_in_views_and_determinized_states():
    s = new("cafe_da_nala", 1)
    v = GAME.view(s, HUMAN)
    assert v["players"][HUMAN]["founder2"]["id"] == "founder_nala_q"
    assert v["scenario"] == s["scenario"]
    sample = GAME.determinizer(v, HUMAN).sample(Rng(1))
    assert sample["players"][HUMAN]["founder2"] == s["players"][HUMAN]["founder2"]
    assert sample["scenario"] == s["scenario"]
    assert sorted(sample["players"][BOT]["deck"]) != [] and len(sample["players"][BOT]["deck"]) == 3


def test_two_founders_count_for_achievements():
    s = new("cafe_quorra", 0)
    me = s["players"][HUMAN]
    # Jazzbot (HQ coffee, Tech Nerds) and Salome Q. (HQ coffee, Upper Class): 2 of each kind
    style = [c for c in DB.of_kind("style", ["tech_nerds"])][:2]
    me["style"] = style
    groups = Counter(g for c in style for g in DB.card(c)["groups"])
    if groups["tech_nerds"] >= 2:
        assert "niche_style" in achievements_met(me, DB)


# ---------------------------------------------------------------- game changes
def test_after_hours_criminal_bad_review_when_three_different_cannot_be_returned():
    s = new("after_hours", 0)
    me = s["players"][HUMAN]
    me["res"] = {"beans": 2, "milk": 0, "sugar": 1}
    cx = Ctx(DB)
    solo.STEPS["return_resources"](s, cx)
    assert me["res"] == {"beans": 1, "milk": 0, "sugar": 0} and me["bad"] == 1
    me["res"] = {"beans": 1, "milk": 1, "sugar": 1}
    solo.STEPS["return_resources"](s, Ctx(DB))
    assert me["res"] == {"beans": 0, "milk": 0, "sugar": 0} and me["bad"] == 1  # three returned: no review
    solo.STEPS["return_resources"](s, Ctx(DB))
    assert me["bad"] == 2  # nothing to return: still a Bad Review
    # outside the scenario the Criminal token gives no Bad Review
    plain = GAME.setup(GAME.normalize_config({"players": 1, "starbots_level": 3}), 0)
    plain["players"][HUMAN]["res"] = {"beans": 0, "milk": 0, "sugar": 0}
    solo.STEPS["return_resources"](plain, Ctx(DB))
    assert plain["players"][HUMAN]["bad"] == 0


def test_new_startup_tech_debt_and_innovation():
    s = new("new_startup", 0)
    me = s["players"][HUMAN]
    pool = s["pool"]
    cx = Ctx(DB)
    gain_good(s, cx, HUMAN, 2, why="icon")
    assert me["good"] == 0 and s["scenario"]["debt"] == 2 and s["pool"] == pool - 2
    gain_good(s, cx, BOT, 1, why="starbots")  # Starbots' reviews are its own
    assert s["players"][BOT]["good"] == 1
    row = s["city"][0]
    before = list(row["slots"])
    top = row["deck"][-1]
    s["stack"] = []
    ICON_FX["innovation_any"](s, cx, fx(HUMAN, "innovation_any"))
    assert me["good"] == 1 and s["scenario"]["debt"] == 1
    assert row["slots"] == [top] + before[:3] and row["discard"][-1] == before[3]  # refreshed as at End of Day
    assert s["stack"][-1]["t"] == "pick_icon"  # then Innovation resolves
    s["scenario"]["debt"] = 0
    ICON_FX["innovation"](s, cx, fx(HUMAN, "innovation"))
    assert me["good"] == 1  # an empty pile gives nothing
    assert [e.code for e in cx.events].count("seize.tech_debt") == 2 or \
        [e.code for e in cx.events].count("tech_debt") == 2


def test_new_startup_connections_may_put_cards_under_the_deck():
    s = new("new_startup", 0)
    deck = s["city"][1]["deck"]
    cards = [deck.pop() for _ in range(3)]
    s["stack"] = [{"t": "reorder", "p": HUMAN, "deck": ["city", 1], "cards": list(cards), "top": []}]
    ids = {m.id for m in GAME.legal_moves(s)}
    assert {f"under:{c}" for c in cards} <= ids and {f"order:{c}" for c in cards} <= ids
    s = GAME.play(s, Move(f"under:{cards[0]}", {"kind": "order", "card": cards[0], "position": "under"})).state
    assert s["city"][1]["deck"][0] == cards[0]
    s = GAME.play(s, next(m for m in GAME.legal_moves(s) if m.id == f"order:{cards[2]}")).state
    # a single card left is still asked: on top or under
    assert {m.id for m in GAME.legal_moves(s)} >= {f"order:{cards[1]}", f"under:{cards[1]}"}


def test_the_evaluation_counts_a_review_on_the_tech_debt_pile_for_part_of_one():
    """A review earned in New Startup goes onto the pile and comes back only through Innovation:
    the search counts it for DEBT_WORTH, so serving a customer is not a loss to it (counted as
    nothing, the bot let its Line walk out angry), and an Innovation that takes it back still gains."""
    s = new("new_startup", 0)
    before = HEURISTICS.evaluate(GAME, s)
    gain_good(s, Ctx(DB), HUMAN, 2, why="icon")
    after = HEURISTICS.evaluate(GAME, s)
    assert s["scenario"]["debt"] == 2
    assert after[HUMAN] - before[HUMAN] == pytest.approx(2 * heuristics.DEBT_WORTH)
    assert after[BOT] == before[BOT]
    assert 0 < heuristics.DEBT_WORTH < 1
    ICON_FX["innovation_any"](s, Ctx(DB), fx(HUMAN, "innovation_any"))  # one comes back
    assert HEURISTICS.evaluate(GAME, s)[HUMAN] > after[HUMAN]
    assert heuristics.tech_debt_worth(new("after_hours", 0)) == 0  # no pile elsewhere


def test_new_startup_leftover_tech_debt_is_lost_and_end_reviews_count():
    s = new("new_startup", 0)
    s["scenario"]["debt"] = 5
    s["phase"] = "over"
    s["players"][HUMAN]["good"] = 3
    out = GAME.outcome(s)
    assert out.breakdown[HUMAN]["good_reviews"] == 3 and out.breakdown[HUMAN]["scenario"]["tech_debt_lost"] == 5


@pytest.mark.parametrize("sid, kept, lost", [("ao_amor", "happy_customer", "icon"), ("cafe_da_nala", "roast", "boost")])
def test_only_some_good_reviews_are_kept(sid, kept, lost):
    s = new(sid, 0)
    me = s["players"][HUMAN]
    pool = s["pool"]
    cx = Ctx(DB)
    gain_good(s, cx, HUMAN, 2, why=lost)
    assert me["good"] == 0 and s["scenario"]["boxed"] == 2 and s["pool"] == pool - 2
    gain_good(s, cx, HUMAN, 1, why=kept)
    assert me["good"] == 1
    gain_good(s, cx, HUMAN, 1, why="max_hype")
    assert me["good"] == 1 and s["scenario"]["boxed"] == 3
    me["bad"] = 2  # Bad Reviews are always kept
    s["phase"] = "over"
    me["line"] = [{"id": me["deck"][0], "happy": 2, "angry": False}]
    bd = GAME.outcome(s).breakdown[HUMAN]
    assert bd["happy_tokens"] == 2 and bd["bad_reviews"] == -2  # end-of-game reviews count


def test_ao_amor_happy_customers_review_at_end_of_service_is_kept():
    from brewhouse.seize.phases import _discard_lines
    s = new("ao_amor", 0)
    me = s["players"][HUMAN]
    me["line"] = [{"id": me["deck"].pop(), "happy": 1, "angry": False}]
    _discard_lines(s, Ctx(DB), [HUMAN, BOT])
    assert me["good"] == 1


def test_cafe_da_nala_roast_reviews_are_kept():
    from brewhouse.seize.abilities_interact import _roast_give
    s = new("cafe_da_nala", 0)
    me = s["players"][HUMAN]
    me["res"]["beans"] = 3
    _roast_give(s, Ctx(DB), HUMAN, BOT, 3)
    assert me["good"] == 3 and s["scenario"]["boxed"] == 0


def test_wurfel_zucker_board_game_tokens_mark_awards():
    s = new("wurfel_zucker", 0)
    me = s["players"][HUMAN]
    geek = next(c for c in s["city"][0]["deck"] if DB.card(c)["group"] == "happy_families")
    s["city"][0]["deck"].remove(geek)
    me["line"] = [{"id": geek, "happy": 0, "angry": False}]
    me["served"] = 0
    s["stack"] = [{"t": "board_games", "p": HUMAN, "drawn": [s["board_games"]["bag"].pop()], "uses": 1}]
    move = next(m for m in GAME.legal_moves(s) if m.payload.get("use") == "place")
    s = GAME.play(s, move).state
    assert s["scenario"]["marks"] == ["happy_families"]


def test_a_hint_names_the_award_a_board_game_marks():
    """The hint's goal: placing a Board Game token marks an award (Würfel & Zucker's first condition)."""
    s = new("wurfel_zucker", 0)
    me = s["players"][HUMAN]
    geek = next(c for c in s["city"][0]["deck"] if DB.card(c)["group"] == "happy_families")
    s["city"][0]["deck"].remove(geek)
    me["line"] = [{"id": geek, "happy": 0, "angry": False}]
    me["served"] = 0
    s["stack"] = [{"t": "board_games", "p": HUMAN, "drawn": [s["board_games"]["bag"].pop()], "uses": 1}]
    place = next(m for m in GAME.legal_moves(s) if m.payload.get("use") == "place")
    view = GAME.view(s, HUMAN)
    assert HEURISTICS.goal(GAME, view, HUMAN, place.id, Rng(1)) == "all_awards_marked"
    assert HEURISTICS.goal(GAME, GAME.view(new("ao_amor", 0), HUMAN), HUMAN, "x", Rng(1)) is None  # not legal
    assert HEURISTICS.goal(GAME, GAME.view(GAME.setup(GAME.normalize_config({"players": 1}), 0), HUMAN),
                           HUMAN, place.id, Rng(1)) is None  # no scenario: points alone


# ---------------------------------------------------------------- victory conditions
def over(sid: str, mine: int, theirs: int, **kw) -> dict:
    s = new(sid, 0)
    s["phase"] = "over"
    me, bot = s["players"]
    me["good"], bot["good"] = mine, theirs
    me["res"] = {"beans": 0, "milk": 0, "sugar": 0}
    for k, v in kw.items():
        if k == "bad":
            me["bad"] = v
        elif k == "marks":
            s["scenario"]["marks"] = v
        elif k == "customers":
            me["deck"] = [c for c in s["city"][0]["deck"][:v[0]]]
            bot["deck"] = [c for c in s["city"][0]["deck"][v[0]:v[0] + v[1]]]
    return s


def verdict(s: dict) -> tuple[bool, str, tuple]:
    out = GAME.outcome(s)
    v = out.breakdown[HUMAN]["scenario"]
    assert out.winners == ((HUMAN,) if v["won"] else (BOT,))
    return v["won"], v["result"], out.winners


def test_after_hours_victory():
    won, text, _ = verdict(over("after_hours", 30, 10))
    assert won and text == "won: more Good Reviews than Starbots and no Bad Review"
    won, text, _ = verdict(over("after_hours", 30, 10, bad=1))
    assert not won and text == "lost: 1 Bad Review(s)"
    won, text, _ = verdict(over("after_hours", 5, 10))
    assert not won and "not more Good Reviews" in text


@pytest.mark.parametrize("sid", ["new_startup", "ao_amor", "cafe_da_nala"])
def test_more_good_reviews_victory(sid):
    assert verdict(over(sid, 30, 10))[0]
    assert not verdict(over(sid, 10, 30))[0]


def test_wurfel_zucker_victory_needs_all_six_awards():
    s = new("wurfel_zucker", 0)
    six = list(s["groups"])
    won, text, _ = verdict(over("wurfel_zucker", 30, 10, marks=six))
    assert won and text == "won: board games played with all 6 groups and more Good Reviews than Starbots"
    won, text, _ = verdict(over("wurfel_zucker", 30, 10, marks=six[:5]))
    assert not won and text == "lost: board games played with 5 of 6 groups"
    assert not verdict(over("wurfel_zucker", 10, 30, marks=six))[0]


def test_cafe_quorra_victory_needs_more_reviews_and_more_customers_ties_lose():
    assert verdict(over("cafe_quorra", 20, 10, customers=(5, 4)))[0]
    won, text, _ = verdict(over("cafe_quorra", 20, 10, customers=(4, 4)))
    assert not won and "4 customers against Starbots' 4" in text
    tie = over("cafe_quorra", 20, 10, customers=(5, 4))
    bd = GAME.outcome(tie).breakdown
    tie["players"][HUMAN]["good"] += bd[BOT]["total"] - bd[HUMAN]["total"]  # equal totals
    won, text, _ = verdict(tie)
    assert not won and text == "lost: not strictly more Good Reviews than Starbots"  # a tie in reviews loses
    assert not verdict(over("cafe_quorra", 10, 20, customers=(5, 4)))[0]


def test_margins_say_what_the_verdict_says():
    """The search bots' margins are the verdict's own: positive exactly for the conditions met."""
    six = list(new("wurfel_zucker", 0)["groups"])
    cases = [over("after_hours", 30, 10), over("after_hours", 30, 10, bad=2), over("after_hours", 5, 10),
             over("wurfel_zucker", 30, 10, marks=six[:4]), over("wurfel_zucker", 30, 10, marks=six),
             over("cafe_quorra", 20, 10, customers=(5, 4)), over("cafe_quorra", 20, 10, customers=(4, 6)),
             over("ao_amor", 10, 30)]
    for s in cases:
        out = GAME.outcome(s)
        v = out.breakdown[HUMAN]["scenario"]
        m = scenarios.margins(s, (out.breakdown[HUMAN]["total"], out.breakdown[BOT]["total"]), DB,
                              rank(s, list(out.breakdown)))
        assert {c["id"]: c["met"] for c in v["conditions"]} == {c: x > 0 for c, x in m.items()}
    m = scenarios.margins(over("after_hours", 30, 10, bad=2), (30, 10), DB)
    assert m["no_bad_review"] < scenarios.margins(over("after_hours", 30, 10, bad=1), (30, 10), DB)["no_bad_review"] < 0


def test_a_scenario_won_by_more_reviews_alone_plays_for_the_point_margin():
    """New Startup, AO Amor and Café da Nala are won by the points' winner: the search's reward there
    is the point margin, which still tells a comeback from a bigger loss when far behind."""
    for sid in ("new_startup", "ao_amor", "cafe_da_nala"):
        for mine, theirs in ((30, 10), (10, 30), (10, 40)):
            s = over(sid, mine, theirs)
            assert HEURISTICS.rewards(GAME, s, True, 0.0) == margin_rewards(
                HEURISTICS.final_scores(GAME, s), HEURISTICS.margin_scale)
        assert HEURISTICS.rewards(GAME, over(sid, 10, 30), True, 0.0)[HUMAN] > \
            HEURISTICS.rewards(GAME, over(sid, 10, 40), True, 0.0)[HUMAN]
        start = new(sid, 1)
        assert HEURISTICS.rewards(GAME, start, False, 0.0) == margin_rewards(
            HEURISTICS.evaluate(GAME, start), HEURISTICS.margin_scale, final=False)
    # a condition beyond the points keeps the verdict's reward
    s = over("cafe_quorra", 30, 10, customers=(4, 4))
    assert HEURISTICS.rewards(GAME, s, True, 0.0)[HUMAN] < 0.5


def test_the_search_plays_for_the_verdict_not_the_points():
    """At the end a game lost by the booklet is a loss to the search bots, however far ahead in points;
    before it, a Bad Review in After Hours or an award marked in Würfel & Zucker moves the reward."""
    lost = HEURISTICS.rewards(GAME, over("after_hours", 40, 10, bad=1), True, 0.0)
    won = HEURISTICS.rewards(GAME, over("after_hours", 12, 10), True, 0.0)
    assert lost[HUMAN] < 0.5 < won[HUMAN] and won[BOT] < 0.5 < lost[BOT]
    closer = HEURISTICS.rewards(GAME, over("after_hours", 40, 10, bad=1), True, 0.0)
    further = HEURISTICS.rewards(GAME, over("after_hours", 40, 10, bad=3), True, 0.0)
    assert further[HUMAN] < closer[HUMAN]  # the margins order losses among losses
    # far behind, a horizon is worth what the lost end it leads to is: dragging the game on does not pay
    hopeless = scenario_rewards("ao_amor", {"more_reviews": -30.0}, None)[HUMAN]
    assert hopeless < scenario_rewards("ao_amor", {"more_reviews": -29.5}, False)[HUMAN] + 0.01
    clean = new("after_hours", 1)
    dirty = new("after_hours", 1)
    dirty["players"][HUMAN]["bad"] = 1
    dirty["players"][HUMAN]["good"] += 3
    assert HEURISTICS.rewards(GAME, dirty, False, 0.0)[HUMAN] < HEURISTICS.rewards(GAME, clean, False, 0.0)[HUMAN]
    aunt = new("after_hours", 1)  # the Eccentric Aunt waiting, her order paid for: a Bad Review about to go
    me = aunt["players"][HUMAN]
    me["bad"], me["served"], me["res"] = 1, 0, {"beans": 1, "milk": 1, "sugar": 2}
    me["line"] = [{"id": "eccentric_aunt", "happy": 0, "angry": False}]
    assert projected_bad(aunt, DB) == 0
    assert HEURISTICS.rewards(GAME, aunt, False, 0.0)[HUMAN] > HEURISTICS.rewards(GAME, dirty, False, 0.0)[HUMAN]
    me["res"]["sugar"] = 0  # now she cannot be served: she keeps hers and may leave angry
    assert projected_bad(aunt, DB) == pytest.approx(1.6 + 0.36)  # and the café is short of a set (below)
    s = new("wurfel_zucker", 1)
    before = HEURISTICS.rewards(GAME, s, False, 0.0)[HUMAN]
    s["scenario"]["marks"] = list(s["groups"][:2])
    assert HEURISTICS.rewards(GAME, s, False, 0.0)[HUMAN] > before


def test_a_cafe_short_of_a_set_projects_the_criminal_bad_review():
    """After Hours: a café holding fewer than 3 different resources takes a Bad Review when Starbots'
    Criminal return comes (4 of its 20 action cards, 2 actions a day: 1 - 0.8**2 = 0.36 of one);
    no such risk with a full set, nor in a scenario without that rule."""
    s = new("after_hours", 1)
    me = s["players"][HUMAN]
    me["line"], me["bad"] = [], 0
    me["res"] = {"beans": 0, "milk": 4, "sugar": 4}
    assert projected_bad(s, DB) == pytest.approx(0.36)
    short = HEURISTICS.rewards(GAME, s, False, 0.0)[HUMAN]
    me["res"] = {"beans": 1, "milk": 3, "sugar": 4}
    assert projected_bad(s, DB) == 0
    assert HEURISTICS.rewards(GAME, s, False, 0.0)[HUMAN] > short
    other = new("wurfel_zucker", 1)
    other["players"][HUMAN]["line"] = []
    assert projected_bad(other, DB) == other["players"][HUMAN]["bad"]


def test_rollouts_keep_the_main_orders_of_the_line_when_a_bad_review_loses():
    """After Hours: a rollout does not pay a side order that leaves a later customer's main order
    unpaid (that customer would leave angry: a Bad Review); elsewhere the side order stays free."""
    s = new("after_hours", 1)
    me = s["players"][HUMAN]
    later = next(c for c in all_cards(s) if DB.card(c).get("main") and DB.card(c)["main"]["order"].count("beans") == 1
                 and DB.card(c).get("kind") != "friend")
    cost = heuristics.order_cost(me, DB.card(later)["main"]["order"], DB)
    me["line"] = [{"id": later, "happy": 0, "angry": False}, {"id": later, "happy": 0, "angry": False}]
    me["served"], me["res"] = 0, dict(cost)
    s["stack"] = [{"t": "serve", "p": HUMAN}]
    both = Move("serve:both", {"kind": "serve", "main": True, "side": True, "cost": {"beans": 1}})
    assert heuristics._starves_the_line(GAME, s, both)
    me["res"]["beans"] += 1
    assert not heuristics._starves_the_line(GAME, s, both)
    me["res"]["beans"] -= 1
    me["line"][1]["happy"] = 1  # a happy customer may be skipped: nothing to keep for her
    assert not heuristics._starves_the_line(GAME, s, both)
    me["line"][1]["happy"] = 0
    s["scenario"] = dict(s["scenario"], id="ao_amor")  # no Bad Review condition: serve both as before
    assert not heuristics._starves_the_line(GAME, s, both)


def test_progress_weighs_every_condition_of_every_scenario():
    """Each scenario's progress table (what the search bots play for) names exactly its victory conditions."""
    assert set(scenarios.PROGRESS) == set(IDS)
    for sid in IDS:
        assert set(scenarios.PROGRESS[sid]) == set(sc(sid)["win"]), sid
        assert all(scale > 0 for scale in scenarios.PROGRESS[sid].values())


def test_a_scenario_may_roll_out_further_than_the_two_player_game():
    """The rollouts' length is data beside the scenario's set-up; a scenario not named keeps the game's."""
    assert set(scenarios.ROLLOUT_PLIES) <= set(IDS)
    assert all(isinstance(n, int) and n > 0 for n in scenarios.ROLLOUT_PLIES.values())
    duel = GAME.setup(GAME.normalize_config({"players": 2}), 1)
    assert heuristics.HEURISTICS.rollout_length(GAME, duel) == heuristics.HEURISTICS.rollout_plies
    for sid in IDS:
        solo = GAME.setup(GAME.normalize_config({"players": 1, "scenario": sid}), 1)
        want = scenarios.ROLLOUT_PLIES.get(sid, heuristics.HEURISTICS.rollout_plies)
        assert heuristics.HEURISTICS.rollout_length(GAME, solo) == want, sid
    assert scenarios.ROLLOUT_PLIES["after_hours"] > heuristics.HEURISTICS.rollout_plies



def test_a_scenario_may_play_for_one_condition_first():
    """``scenarios.FIRST`` names a condition of the scenario's own victory conditions."""
    assert set(scenarios.FIRST) <= set(IDS)
    for sid, (first, pool_share) in scenarios.FIRST.items():
        assert first in sc(sid)["win"] and len(sc(sid)["win"]) > 1, sid
        assert 0 <= pool_share < 1, sid
    assert scenarios.FIRST["wurfel_zucker"] == ("all_awards_marked", 0.5)


def test_wurfel_zucker_searches_for_the_awards_alone_until_all_are_marked_or_half_the_pool_is_taken():
    """From the player's view: no award marked, the search plays for the awards alone (the reviews
    only break ties); every award marked, or half the City's Good Reviews taken, for every
    condition, as the other scenarios do."""
    s = new("wurfel_zucker", 0)
    heur = HEURISTICS.for_view(GAME, GAME.view(s, HUMAN))
    assert heur is not HEURISTICS and heur.first == "all_awards_marked" and HEURISTICS.first is None
    assert heur.for_view(GAME, GAME.view(s, HUMAN)) is heur
    s["scenario"]["marks"] = list(s["groups"][:-1])
    assert HEURISTICS.for_view(GAME, GAME.view(s, HUMAN)).first == "all_awards_marked"  # one to go
    s["scenario"]["marks"] = list(s["groups"])
    assert HEURISTICS.for_view(GAME, GAME.view(s, HUMAN)) is HEURISTICS
    assert heur.for_view(GAME, GAME.view(s, HUMAN)).first is None
    s["scenario"]["marks"] = []
    s["pool"] = s["pool_start"] // 2 + 1  # more than half the City's reviews left: the awards alone
    assert HEURISTICS.for_view(GAME, GAME.view(s, HUMAN)).first == "all_awards_marked"
    s["pool"] = s["pool_start"] // 2  # half taken: the plan ends, every condition counts
    assert HEURISTICS.for_view(GAME, GAME.view(s, HUMAN)) is HEURISTICS
    for sid in IDS:
        if sid not in scenarios.FIRST:
            assert HEURISTICS.for_view(GAME, GAME.view(new(sid, 0), HUMAN)) is HEURISTICS, sid


def test_while_one_condition_comes_first_the_others_only_break_ties():
    def reward(reviews: float, marks: float, first=None) -> float:
        margin = {"all_awards_marked": marks, "more_reviews": reviews}
        return scenario_rewards("wurfel_zucker", margin, None, first)[HUMAN]
    first = "all_awards_marked"
    assert reward(30, -2.5) - reward(-30, -2.5) > 0.05  # every condition weighed: reviews count
    assert 0 < reward(30, -2.5, first) - reward(-30, -2.5, first) < 0.01  # a tie-break
    assert reward(-30, -1.5, first) > reward(30, -2.5, first)  # one award more beats any margin
    assert reward(-30, 0.5, first) > reward(-30, -0.5, first)


def test_the_hint_names_the_first_condition_until_it_holds():
    s = new("wurfel_zucker", 0)
    view = GAME.view(s, HUMAN)
    move = GAME.legal_moves(s)[0]
    assert HEURISTICS.goal(GAME, view, HUMAN, move.id, Rng(1)) == "all_awards_marked"
    s["players"][BOT]["good"] = 20  # far behind Starbots: still the awards while one is unmarked
    assert HEURISTICS.goal(GAME, GAME.view(s, HUMAN), HUMAN, move.id, Rng(1)) == "all_awards_marked"
    s["scenario"]["marks"] = list(s["groups"])  # all marked: the condition furthest from holding
    assert HEURISTICS.goal(GAME, GAME.view(s, HUMAN), HUMAN, move.id, Rng(1)) == "more_reviews"

# ---------------------------------------------------------------- soak
def check(state: dict, start: Counter) -> None:
    assert all_cards(state) == start
    check_city_rows(state)
    book = state["scenario"]
    given = state["pool_start"] - state["pool"]
    waiting = sum(v.get("good", 0) for v in state.get("award_reviews", {}).values())  # Newsflash
    assert sum(pl["good"] for pl in state["players"]) + book.get("debt", 0) + book.get("boxed", 0) + waiting \
        == given + state["box"]
    assert book.get("debt", 0) >= 0
    me, bot = state["players"]
    assert all(v >= 0 for v in me["res"].values())
    assert bot["res"] == {"beans": 0, "milk": 0, "sugar": 0} and bot["line"] == [] and bot["discard"] == []
    assert set(book.get("marks", [])) <= set(state["groups"])
    for fr in state["stack"]:
        assert fr.get("p", HUMAN) == HUMAN


@pytest.mark.parametrize("sid", IDS)
def test_soak(sid):
    results = Counter()
    for seed in range(GAMES):
        rnd = random.Random(seed)
        state = new(sid, seed, first_player="starbots" if seed % 2 else "human")
        start = all_cards(state)
        check(state, start)
        moves = 0
        while GAME.active_player(state) is not None:
            legal = GAME.legal_moves(state)
            assert legal and len({m.id for m in legal}) == len(legal)
            move = rnd.choice(legal)
            if seed % 5 == 0:
                state = GAME.apply(state, move.id).state
                assert json.loads(json.dumps(state)) == state
                if moves % 7 == 0:
                    v = GAME.view(state, HUMAN)
                    json.dumps(v)
                    GAME.determinizer(v, HUMAN).sample(Rng(seed))
            else:
                state = GAME.play(state, move).state
            moves += 1
            check(state, start)
            assert moves < 5000
        out = GAME.outcome(state)
        v = out.breakdown[HUMAN]["scenario"]
        assert v["id"] == sid and v["result"].startswith("won: " if v["won"] else "lost: ")
        results[v["won"]] += 1
    assert sum(results.values()) == GAMES


def test_skipping_two_founders_names_both_and_after_one_is_served_names_the_other():
    """AO Amor deals two founders: a skip at the start of a Service skips both and its event names
    both; once one is served, a skip names the one it skipped, not the first dealt."""
    def founder_decision(state):
        rng = random.Random(5)
        for _ in range(500):
            moves = GAME.legal_moves(state)
            if state["stack"] and state["stack"][-1]["t"] == "founder" and any(m.id == "founder:skip" for m in moves):
                return state
            state = GAME.play(state, rng.choice(moves)).state
        raise AssertionError("no founder decision")

    start = founder_decision(new("ao_amor", 3))
    me = start["players"][HUMAN]
    first, second = me["founder"]["id"], me["founder2"]["id"]
    assert me["founder"]["up"] and me["founder2"]["up"]
    one_left = copy.deepcopy(start)
    skipped = GAME.play(start, next(m for m in GAME.legal_moves(start) if m.id == "founder:skip"))
    assert [e.params for e in skipped.events if e.code == "seize.founder_skipped"] == [
        {"founder": first, "founder2": second, "forced": False}]

    one_left["players"][HUMAN]["founder"]["up"] = False  # as after serving the first
    skipped = GAME.play(one_left, next(m for m in GAME.legal_moves(one_left) if m.id == "founder:skip"))
    assert [e.params for e in skipped.events if e.code == "seize.founder_skipped"] == [
        {"founder": second, "forced": False}]
