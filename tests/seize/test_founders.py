"""Founders in play (expansions booklet pp. 23-27): serving or skipping the founder, its icons
(Pantry discount, Word of Mouth, achievements, group awards) and Starbots' founder.  Synthetic
founders (founder_synth.py); the booklet's examples come out exactly."""
from __future__ import annotations

from brewhouse.seize.cafe import achievements_met, award_icons, cafe_groups, order_cost
from brewhouse.seize.founders import ready_founders
from brewhouse.seize.model import line_entry
from brewhouse.seize.scoring import final_scores

from .founder_synth import FDB, FGAME, ev, ids, new, play

#: Nima's and Blair's table: the Couturier and the Fashion Designer (Fashionistas), Hungry Media's
#: Independent Filmmaker, Upper Class; no award for Blair's Cyclists icon
KIEZ = ["fashionistas", "starving_artists", "hungry_media", "upper_class", "performers", "tech_nerds"]


def service_table(seed: int = 0) -> dict:
    """Two cafés at the start of a Service: Nima (seat 0, first) and Blair (seat 1)."""
    s = new(2, seed, district="custom", groups=KIEZ)
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"], pl["served"] = [], [], [], 0
        pl["res"] = {"beans": 6, "milk": 3, "sugar": 3}
    s["players"][0]["founder"] = {"id": "f_nima", "group": "starving_artists"}
    s["players"][1]["founder"] = {"id": "f_blair", "group": "hungry_media"}
    s["phase"], s["cursor"], s["stack"] = "service", {"i": 0}, []
    ready_founders(s)
    return s


def put_in_city(s: dict, row: int, slot: int, cid: str) -> None:
    for r in s["city"]:
        for pile in (r["deck"], r["discard"]):
            if cid in pile:
                pile.remove(cid)
        r["slots"] = [None if c == cid else c for c in r["slots"]]
    s["city"][row]["slots"][slot] = cid


def start(s: dict) -> dict:
    from brewhouse.seize.phases import run
    run(s, FGAME.ctx())
    return s


def test_nima_serves_her_founder_whose_acting_copies_the_couturiers_camp_out():
    s = service_table()
    s["players"][0]["line"] = [line_entry("couturier")]
    s["players"][1]["line"] = [line_entry("popular_friend@1")]
    put_in_city(s, 0, 2, "fashion_designer")
    start(s)
    assert s["stack"][-1]["t"] == "founder" and s["stack"][-1]["p"] == 0
    assert ids(s) == ["founder:serve", "founder:skip"]
    s, evs = play(s, "founder:serve")
    nima = s["players"][0]
    assert nima["res"] == {"beans": 4, "milk": 3, "sugar": 3}  # the founder's main order: 2 beans
    assert nima["good"] == 1  # its reward
    assert ids(s) == ["acting:couturier"]  # the only customer in her Line; the founder is not one
    s, evs = play(s, "acting:couturier")
    assert ev(evs, "acting")[0].params["ability"] == "camp_out"
    s, evs = play(s, "city:row1:slot3")
    nima = s["players"][0]
    assert nima["deck"][-1] == "fashion_designer"  # face down on top of her deck
    assert [e["id"] for e in nima["line"]] == ["couturier"] and nima["served"] == 0
    assert not nima["founder"]["up"]
    # her turn is over: Blair's first turn starts with her own founder
    assert s["stack"][-1]["t"] == "founder" and s["stack"][-1]["p"] == 1
    s, _ = play(s, "founder:skip", "serve:main", "skip")
    # Nima's second turn: the first real customer of her Line
    assert s["stack"][-1]["t"] == "serve" and s["stack"][-1]["p"] == 0
    assert FGAME.view(s, 0)["decision"]["customer"] == "couturier"


def test_blair_skips_her_founder_and_serves_her_popular_friend_in_the_same_turn():
    s = service_table()
    s["players"][0]["line"] = []
    s["players"][1]["line"] = [line_entry("popular_friend@1")]
    s["first"], s["empty_cup"] = 1, 0
    put_in_city(s, 0, 0, "independent_filmmaker")
    start(s)
    assert s["stack"][-1] == {"t": "founder", "p": 1}
    s, evs = play(s, "founder:skip")
    assert ev(evs, "founder_skipped")[0].params == {"founder": "f_blair", "forced": False}
    assert s["stack"][-1]["t"] == "serve" and s["stack"][-1]["p"] == 1  # the same turn
    s, evs = play(s, "serve:main")
    blair = s["players"][1]
    assert blair["res"]["beans"] == 4 and blair["good"] == 1
    assert "city:row1:slot1" in ids(s)  # Attract a Customer: one from the City
    s, evs = play(s, "city:row1:slot1")
    assert s["players"][1]["discard"] == ["independent_filmmaker"]
    # Nima serves her founder (Blair's turn is over: her Line is done)
    assert s["stack"][-1] == {"t": "founder", "p": 0}


def test_the_founder_offers_its_side_order_and_is_skipped_without_a_question_when_unaffordable():
    s = service_table()
    s["players"][0]["founder"] = {"id": "f_extra0", "group": "hipsters", "up": True}  # beans+milk, side sugar
    s["players"][0]["line"] = [line_entry("couturier")]
    start(s)
    assert ids(s) == ["founder:serve", "founder:both", "founder:skip"]
    s, evs = play(s, "founder:both")
    assert s["players"][0]["res"] == {"beans": 5, "milk": 2, "sugar": 2}
    assert s["players"][0]["good"] == 2
    # next Service: nothing to pay with, so the founder is passed and the Couturier is served
    s = service_table()
    s["players"][0]["res"] = {"beans": 1, "milk": 0, "sugar": 0}
    s["players"][0]["line"] = [line_entry("couturier")]
    s = start(s)
    assert s["stack"][-1]["t"] == "serve" and s["stack"][-1]["p"] == 0
    assert not s["players"][0]["founder"]["up"]


def test_a_player_with_an_empty_line_still_has_a_turn_for_the_founder():
    s = service_table()
    start(s)
    assert s["stack"][-1] == {"t": "founder", "p": 0}
    s, _ = play(s, "founder:skip")
    assert s["stack"][-1] == {"t": "founder", "p": 1}
    s, _ = play(s, "founder:skip")
    assert s["phase"] == "word_of_mouth"


def test_nima_pays_one_milk_for_the_couturiers_soy_milk_thanks_to_her_founder():
    s = service_table()
    nima = s["players"][0]
    assert order_cost(nima, FDB.card("couturier")["main"]["order"], FDB) == {"beans": 2, "milk": 1, "sugar": 0}
    del nima["founder"]
    assert order_cost(nima, FDB.card("couturier")["main"]["order"], FDB) == {"beans": 2, "milk": 2, "sugar": 0}


def _fashionista_upgrades() -> tuple[str, str]:
    pantry = next(c for c in FDB.of_kind("pantry", ["fashionistas"]))
    style = next(c for c in FDB.of_kind("style", ["fashionistas"]) if FDB.card(c)["groups"] == ["fashionistas"])
    return pantry, style


def test_word_of_mouth_part_1_nima_may_take_an_artist_thanks_to_her_founder():
    s = service_table()
    nima = s["players"][0]
    pantry, style = _fashionista_upgrades()
    nima["pantry"], nima["style"] = [pantry], [style]
    assert cafe_groups(nima, FDB) == {"fashionistas", "starving_artists"}
    put_in_city(s, 0, 0, "garret_painter")
    put_in_city(s, 0, 1, "fashion_designer")
    put_in_city(s, 0, 2, "independent_filmmaker")
    s["city"][0]["slots"][3] = "opera_patron"
    s["city"][0]["discard"] = []
    s["phase"], s["cursor"], s["stack"] = "word_of_mouth", {"i": 0}, []
    start(s)
    # the Garret Painter (an Artist, through the founder) or the Fashion Designer (her upgrades)
    assert ids(s) == ["city:row1:slot1", "city:row1:slot2"]
    s, _ = play(s, "city:row1:slot1")
    assert s["players"][0]["discard"][-1] == "garret_painter"


def test_word_of_mouth_part_2_blair_takes_the_independent_filmmaker_through_her_founders_chosen_award():
    s = service_table()
    blair = s["players"][1]
    blair["pantry"] = [next(iter(FDB.of_kind("pantry", ["upper_class"])))]
    assert cafe_groups(blair, FDB) == {"upper_class", "hungry_media"}  # Cyclists' icon stands for Hungry Media
    put_in_city(s, 0, 0, "independent_filmmaker")
    put_in_city(s, 0, 1, "opera_patron")
    put_in_city(s, 0, 2, "couturier")
    s["city"][0]["slots"][3] = "garret_painter"
    s["city"][0]["discard"] = []
    s["phase"], s["cursor"], s["stack"] = "word_of_mouth", {"i": 1}, []
    s["players"][0]["line"] = []
    start(s)
    assert s["stack"][-1]["p"] == 1
    assert ids(s) == ["city:row1:slot1", "city:row1:slot2"]
    s, _ = play(s, "city:row1:slot1")
    assert s["players"][1]["discard"] == ["independent_filmmaker"]


def test_founder_icons_count_for_achievements():
    s = service_table()
    nima = s["players"][0]
    specials = ["strong_coffee", "hq_coffee", "croissant", "donut"]  # + the founder's soy milk = 5
    nima["pantry"] = [next(c for c in FDB.raw["cards"] if c["kind"] == "pantry" and c["special"] == sp)["id"]
                      for sp in specials]
    assert "pantry_variety" in achievements_met(nima, FDB)
    del nima["founder"]
    assert "pantry_variety" not in achievements_met(nima, FDB)
    nima["founder"] = {"id": "f_nima", "group": "starving_artists"}
    artists = [c for c in FDB.of_kind("style", ["starving_artists"]) if FDB.card(c)["groups"] == ["starving_artists"]]
    nima["style"] = artists[:2]
    assert "niche_style" in achievements_met(nima, FDB)  # 2 Style cards + the founder's icon


def test_the_founders_icon_helps_win_an_award_but_earns_no_good_review():
    s = service_table()
    a, b = s["players"]
    for pl in (a, b):
        pl["deck"], pl["discard"], pl["line"], pl["pantry"], pl["style"] = [], [], [], [], []
    b["founder"] = {"id": "f_blair", "group": "hungry_media"}
    a["discard"] = ["independent_filmmaker"]
    b["discard"] = ["journalist"]
    assert award_icons(b, FDB)["hungry_media"] == 2
    bd = final_scores(s, FDB)
    assert "hungry_media" not in bd[0]["awards"]
    assert bd[1]["awards"]["hungry_media"] == 1  # the Journalist only; the founder is no customer


def test_starbots_never_serves_its_founder_but_uses_its_group_icon_for_word_of_mouth():
    from brewhouse.seize.solo import AUTOMA
    s = new(1, 0, founders="base")
    while s["phase"] == "draft":
        s, _ = play(s, ids(s)[0])
    bot = s["players"][AUTOMA]
    assert bot.get("founder") and bot["founder"]["group"] in s["groups"]
    assert bot["founder"]["group"] in cafe_groups(bot, FDB)
    # a whole day: the human's founder decision comes up, Starbots' never does
    seen = set()
    day = s["day"]
    while s["day"] == day and s["phase"] != "over":
        top = s["stack"][-1]
        seen.add((top["t"], top["p"]))
        s, _ = play(s, ids(s)[-1])
    assert ("founder", 0) in seen and not any(p == AUTOMA for _, p in seen)


def test_a_founder_is_public_in_every_view():
    s = service_table()
    v = FGAME.view(s, 1)
    f = v["players"][0]["founder"]
    assert f["id"] == "f_nima" and f["group"] == "starving_artists" and f["up"] is True
    assert f["card"]["special"] == "soy_milk" and f["card"]["kind"] == "founder"
    assert v["players"][0]["cafe_groups"] == ["starving_artists"]


def test_the_determinizer_keeps_founders_and_the_founder_decision():
    from brewhouse.core import Rng
    from brewhouse.seize.determinize import SeizeDeterminizer
    s = new(3, 9, founders="all")
    rng = Rng(3)
    checked = 0
    while s["phase"] != "over" and checked < 4:
        if s["stack"][-1]["t"] == "founder":
            p = s["stack"][-1]["p"]
            v = FGAME.view(s, p)
            smp = SeizeDeterminizer(FDB, v, p).sample(rng)
            assert FGAME.view(smp, p) == v
            assert [m.id for m in FGAME.legal_moves(smp)] == ids(s)
            checked += 1
        moves = ids(s)
        s, _ = play(s, moves[rng.below(len(moves))])
    assert checked == 4


def test_founder_vs_field_table():
    from brewhouse.seize.balance import FOUNDER_FLAG, founder_lines, founder_win_rates
    rows = founder_win_rates(FGAME, 2, 1, {"district": "custom", "groups": KIEZ}, which="base")
    assert [r["founder"] for r in rows] == FDB.founder_ids("base")
    for r in rows:
        assert r["games"] == 2 and 0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1
        assert r["flag"] == (r["ci95"][0] > FOUNDER_FLAG)
    lines = founder_lines({"seed": 1, "players": 2, "founders": rows})
    assert len(lines) == 13 and "Founder vs field" in lines[0]
