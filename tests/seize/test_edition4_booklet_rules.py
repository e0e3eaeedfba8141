"""Expansion rules that rules edition 4 plays as the expansions booklet reads them, each with a
position built from our cards; each test also plays the position under edition 3, whose saves
must replay exactly as before.

* ``artisan-fair-trade-crafted`` — Fair Trade (Health Nuts, p. 16) trades crafted special resources
  in Artisan mode, 1 each.
* ``artisan-steal-crafted`` — Steal Resources (Criminal Minds, p. 14) may take the six special
  resources in Artisan mode.
* ``solo-criminal-set-of-three`` — Starbots' Criminal token takes one set of 3 different resources;
  the player chooses which 3 when holding 4 kinds (green beans).
* ``mouthwatering-celebrities`` — Mouthwatering (p. 31) matches a City Celebrity by either main order.
* ``sold-out-happy-reward`` — Sold Out! (p. 28): the server takes every reward earned, Happy included,
  whose token goes on the customer in its owner's Line.
"""
from __future__ import annotations

import pytest

from brewhouse.bots import make_bot
from brewhouse.core.registry import REGISTRY
from brewhouse.seize.model import line_entry
from brewhouse.seize.phases import run

from .helpers import GAME, clear_player, give, ids, new, play, pluck, service, set_slots
from .solo_helpers import BOT, HUMAN, solo_new, stack_deck

#: the expansions booklet's first edition, as edition-3 saves replay
GAME_V3 = REGISTRY.get("seize", "3")
RULES = ("artisan-fair-trade-crafted", "artisan-steal-crafted", "solo-criminal-set-of-three",
         "mouthwatering-celebrities", "sold-out-happy-reward")
NO_RES = {"beans": 0, "milk": 0, "sugar": 0}


def events(evs, code):
    return [e for e in evs if e.code == "seize." + code]


def test_edition_4_names_the_rules_and_edition_3_does_not():
    for rule in RULES:
        assert rule in GAME.rules and rule not in GAME_V3.rules


def ability_table(district: str, cid: str, res: dict[int, dict], crafted: dict[int, dict], game) -> dict:
    """Two cafés in Artisan mode; player 0 has just served ``cid`` and its ability runs (as the
    serve decision pushes it), under ``game``'s rules."""
    s = new(2, district=district, variants=["artisan"])
    for p, pl in enumerate(s["players"]):
        clear_player(s, p)
        pl["res"] = {**NO_RES, **res.get(p, {})}
        pl["crafted"].update(crafted.get(p, {}))
    pluck(s, cid)
    s["players"][0]["line"] = [line_entry(cid)]
    s["players"][0]["served"] = 1
    s["phase"], s["cursor"] = "service", {"i": 0}
    s["stack"] = [{"t": "ability", "p": 0, "cust": cid, "name": GAME.db.card(cid)["ability"], "opt": False,
                   "boost": False}]
    run(s, game.ctx())
    return s


# ------------------------------------------------------------------ Fair Trade (Health Nuts, p. 16)
def test_fair_trade_in_artisan_mode_trades_crafted_special_resources_one_each():
    """The booklet: in Artisan mode you may trade the special resources you crafted, each counting
    as 1 resource.  A player holding only crafted tokens used to get no green bean."""
    s = ability_table("neukolln", "super_vegan", {}, {0: {"croissant": 1, "soy_milk": 2}}, GAME)
    assert ids(s) == ["trade:crafted:soy_milk", "trade:crafted:croissant"]
    s, evs, _ = play(s, "trade:crafted:soy_milk", "trade:crafted:croissant")
    pl = s["players"][0]
    assert pl["res"]["green"] == 2 and pl["crafted"]["soy_milk"] == 1 and pl["crafted"]["croissant"] == 0
    assert [e.params["res"] for e in events(evs, "fair_trade")] == ["soy_milk", "croissant"]


def test_fair_trade_mixes_basic_and_crafted_resources():
    s = ability_table("neukolln", "super_vegan", {0: {"sugar": 1}}, {0: {"pie": 1}}, GAME)
    assert ids(s) == ["trade:sugar", "trade:crafted:pie"]
    s, _, _ = play(s, "trade:sugar", "trade:crafted:pie")
    assert s["players"][0]["res"] == {**NO_RES, "green": 2} and s["players"][0]["crafted"]["pie"] == 0


def test_fair_trade_edition_3_trades_basic_resources_only():
    s = ability_table("neukolln", "super_vegan", {}, {0: {"croissant": 1, "soy_milk": 2}}, GAME_V3)
    assert "green" not in s["players"][0]["res"]  # nothing to trade: the ability did nothing
    assert s["players"][0]["crafted"]["soy_milk"] == 2
    assert not any(m.startswith("trade:") for m in ids(s, GAME_V3))


# ------------------------------------------------------------------ Steal Resources (Criminal Minds, p. 14)
def test_steal_in_artisan_mode_may_take_special_resources():
    """The booklet: the set is chosen among the basic resources, green beans (with Health Nuts) and,
    in Artisan mode, the six special resources.  Val holds only crafted tokens: before, Camille
    could take none of them, paid her own resources and took a Bad Review."""
    s = ability_table("friedrichshain", "burglar", {0: {"beans": 1}},
                      {1: {"croissant": 1, "donut": 1, "strong_coffee": 2}}, GAME)
    s, _, _ = play(s, "steal:p1")
    moves = {m.id: m.payload for m in GAME.legal_moves(s)}
    assert len(moves) == 84  # 3 of 9 different resources (no green beans in Friedrichshain)
    best = moves["steal:set:strong_coffee+croissant+donut"]
    assert best["take"] == {"strong_coffee": 1, "croissant": 1, "donut": 1} and best["pay"] == {} \
        and best["bad"] == 0
    s, evs, _ = play(s, "steal:set:strong_coffee+croissant+donut")
    camille, val = s["players"]
    assert camille["crafted"] == {**camille["crafted"], "strong_coffee": 1, "croissant": 1, "donut": 1}
    assert val["crafted"]["strong_coffee"] == 1 and val["crafted"]["croissant"] == 0
    assert camille["res"] == {**NO_RES, "beans": 1} and camille["bad"] == 0
    assert events(evs, "steal")[0].params["took"] == {"strong_coffee": 1, "croissant": 1, "donut": 1}


def test_steal_a_missing_special_resource_is_paid_from_ones_own_crafted_tokens():
    s = ability_table("friedrichshain", "burglar", {0: {"beans": 1}}, {0: {"pie": 1}, 1: {"croissant": 1}},
                      GAME)
    s, _, _ = play(s, "steal:p1", "steal:set:croissant+donut+pie")
    camille = s["players"][0]
    # the croissant taken; the donut paid by nobody (a Bad Review); the missing pie paid with her own
    assert camille["crafted"]["croissant"] == 1 and camille["crafted"]["pie"] == 0 and camille["bad"] == 1


def test_steal_edition_3_offers_basic_sets_only():
    s = ability_table("friedrichshain", "burglar", {0: {"beans": 1}},
                      {1: {"croissant": 1, "donut": 1, "strong_coffee": 2}}, GAME_V3)
    s, _, _ = play(s, "steal:p1", game=GAME_V3)  # one set only (beans, milk, sugar): played at once
    camille, val = s["players"]
    assert camille["res"] == NO_RES and camille["bad"] == 1  # paid the bean she had, short of milk and sugar
    assert val["crafted"]["croissant"] == 1 and camille["crafted"]["croissant"] == 0


# ------------------------------------------------------------------ Starbots' Criminal token (solo)
def criminal_turn(game, res):
    """Level 3 (the Criminal token) in Neukölln (Health Nuts): Starbots' barista goes to the milk
    space, whose token makes the player return a set of resources."""
    s = solo_new(3, district="neukolln")
    s["players"][HUMAN]["res"] = dict(res)
    s["players"][HUMAN]["baristas"] = ["beans"]  # the player's first barista is placed
    stack_deck(s, ("milk", 1))
    s["stack"], s["cursor"] = [{"t": "automa_turn", "p": BOT}], {"i": 2, "round": 0}  # then the 2nd round
    run(s, game.ctx())
    return s


FOUR_KINDS = {"beans": 2, "milk": 1, "sugar": 1, "green": 1}


def test_criminal_token_the_player_chooses_three_of_four_kinds():
    """The booklet's Criminal token: return 1 set of 3 different resources.  Holding beans, milk,
    sugar and green beans the player chooses the set; before, one of each of the four went."""
    s = criminal_turn(GAME, FOUR_KINDS)
    assert GAME.active_player(s) == HUMAN
    view = GAME.view(s, HUMAN)
    assert view["decision"]["kind"] == "starbots_return"
    assert ids(s) == ["return:beans+milk+sugar", "return:beans+milk+green", "return:beans+sugar+green",
                      "return:milk+sugar+green"]
    s, evs, _ = play(s, "return:beans+milk+sugar")
    assert s["players"][HUMAN]["res"] == {"beans": 1, "milk": 0, "sugar": 0, "green": 1}
    assert events(evs, "resources_returned")[0].params["res"] == {"beans": 1, "milk": 1, "sugar": 1}
    # the rest of Starbots' turn runs, then the player places the second barista
    assert GAME.active_player(s) == HUMAN and all(m.startswith("space:") for m in ids(s))
    assert any(e["code"] == "seize.resources_returned" for e in s["solo"]["log"])
    assert any(e["code"] == "seize.starbots_turn" for e in s["solo"]["log"])


def test_criminal_token_with_three_kinds_or_fewer_asks_nothing():
    s = criminal_turn(GAME, {"beans": 2, "milk": 0, "sugar": 1, "green": 1})
    assert s["players"][HUMAN]["res"] == {"beans": 1, "milk": 0, "sugar": 0, "green": 0}
    assert all(m.startswith("space:") for m in ids(s))


def test_criminal_token_edition_3_returns_one_of_every_kind():
    s = criminal_turn(GAME_V3, FOUR_KINDS)
    assert s["players"][HUMAN]["res"] == {"beans": 1, "milk": 0, "sugar": 0, "green": 0}
    assert all(m.startswith("space:") for m in ids(s, GAME_V3))


def test_criminal_token_decision_later_steps_wait_for_the_answer():
    """Level 16 (Criminal + Boss): on the milk space the return comes before nothing else, but on any
    space the steps after the question run only once it is answered, in order."""
    s = solo_new(16, district="neukolln")
    s["players"][HUMAN]["res"] = dict(FOUR_KINDS)
    s["players"][HUMAN]["baristas"] = ["beans"]
    s["solo"]["upgrades"]["milk"] = ["hype"]  # an upgrade token after the Criminal's step
    stack_deck(s, ("milk", 1))
    s["stack"] = [{"t": "automa_turn", "p": BOT}]
    run(s, GAME.ctx())
    hype = s["players"][BOT]["hype"]
    s, evs, _ = play(s, "return:milk+sugar+green")
    assert s["players"][BOT]["hype"] == hype + 1
    codes = [e.code for e in evs]
    assert codes.index("seize.resources_returned") < codes.index("seize.hype")


def test_criminal_token_a_search_bot_answers_the_decision():
    s = criminal_turn(GAME, FOUR_KINDS)
    view, moves = GAME.view(s, HUMAN), GAME.legal_moves(s)
    assert view["decision"]["kind"] == "starbots_return"
    move = make_bot("normal", 1, iterations=30).choose(GAME, view, moves)
    assert move in [m.id for m in moves]


# ------------------------------------------------------------------ Mouthwatering (p. 31) and City Celebrities
def mouth_wom(game):
    """Yoshi's token is the pie; DJ Desue's right main order asks milk and a pie."""
    s = new(2, district="kreuzberg", variants=["mouthwatering"], packs=["city_celebrities"])
    clear_player(s, 0)
    s["players"][0]["mouth"] = "pie"
    set_slots(s, 0, ["dj_desue", "hatster", "club_kid", None])
    s["stack"].append({"t": "take", "p": 0, "row": 0, "dest": "discard", "wom": True, "opt": False, "peek": [],
                       "why": "word_of_mouth"})
    return s


def test_mouthwatering_matches_a_celebrity_by_either_main_order():
    s = mouth_wom(GAME)
    assert ids(s) == ["city:row1:slot1"]
    s, _, _ = play(s, "city:row1:slot1")
    assert "dj_desue" in s["players"][0]["discard"]


def test_mouthwatering_edition_3_never_matches_a_celebrity():
    s = mouth_wom(GAME_V3)
    assert "city:row1:slot1" not in ids(s, GAME_V3)


# ------------------------------------------------------------------ Sold Out! (p. 28): the Happy reward
def sold_out_yoga_teacher():
    """Oba cannot fill the Yoga Teacher's main order (soy milk: 2 milk); Mel can fill both orders,
    the side order's reward being a Happy token."""
    s = new(2, district="neukolln", variants=["sold_out"])
    for p in (0, 1):
        clear_player(s, p)
        s["players"][p]["res"] = dict(NO_RES)
    give(s, 0, "line", ["yoga_teacher"])
    s["players"][1]["res"] = {"beans": 1, "milk": 2, "sugar": 0}
    s["empty_cup"] = 0
    return service(s)


@pytest.mark.parametrize("game, happy", [(GAME, 1), (GAME_V3, 0)], ids=["edition4", "edition3"])
def test_sold_out_the_server_takes_the_happy_reward_on_the_owners_customer(game, happy):
    s = sold_out_yoga_teacher()
    s, _, _ = play(s, "serve:main", game=game)  # Oba announces it
    assert ids(s, game) == ["serve:main", "serve:both", "pass"]
    s, evs, _ = play(s, "serve:both", game=game)
    oba, mel = s["players"]
    assert mel["good"] == 1  # the main order's reward
    tokens = events(evs, "happy_token")
    assert [(e.player, e.params["card"]) for e in tokens] == [(0, "yoga_teacher")] * happy
    # End of Service: a happy customer gives its owner 1 Good Review and stays; a neutral one is discarded
    assert oba["good"] == happy
    assert ("yoga_teacher" in [e["id"] for e in oba["line"]]) == bool(happy)
    assert ("yoga_teacher" in oba["discard"]) == (not happy)
