"""The expansions booklet's variants in play (pp. 28-37): Sold Out!, Competitive Neighbour,
Mouthwatering, Diverse City, Pastries, Coffee Lovers — rules and the booklet's examples.

Oba and Mel (Sold Out!), Yoshi and Jaylen (Mouthwatering, Diverse City) are seats 0 and 1.
"""
from __future__ import annotations

import pytest

from brewhouse.core import InvalidConfig, Rng
from brewhouse.seize import solo
from brewhouse.seize.model import Ctx
from brewhouse.seize.phases import _end_of_day
from brewhouse.seize.scoring import final_scores
from brewhouse.seize.variants import award_groups, cookie_stack, mark_customer

from .helpers import DB, GAME, clear_player, codes, give, ids, new, play, push, service, set_slots

OBA, MEL, THIRD = 0, 1, 2
YOSHI, JAYLEN = 0, 1


def set_res(state, p, beans=0, milk=0, sugar=0):
    state["players"][p]["res"] = {"beans": beans, "milk": milk, "sugar": sugar}


def events(ev, code):
    return [e for e in ev if e.code == "seize." + code]


# ------------------------------------------------------------------ Sold Out! (p. 28)
def friends_home(s):
    """Friends & Family set aside by ``clear_player`` back into their owners' decks (for samples)."""
    for cid in list(s.get("_aside", [])):
        give(s, int(cid.split("@")[1]), "deck", [cid])


def sold_out_table(variants=("sold_out",), players=2, mel_line=()):
    s = new(players, district="prenzlauer_berg", variants=list(variants))
    for p in range(players):
        clear_player(s, p)
        set_res(s, p)
    give(s, OBA, "line", ["arts_specialist"])
    give(s, MEL, "line", list(mel_line))
    set_res(s, OBA, beans=1)  # no sugar: the Arts Specialist's main order (beans, sugar) cannot be filled
    s["empty_cup"] = OBA
    return s


def test_sold_out_example_mel_serves_obas_arts_specialist():
    s = sold_out_table()
    set_res(s, MEL, beans=2, sugar=3)  # enough for the main order, and for the croissant too
    s = service(s)
    assert GAME.active_player(s) == OBA
    assert ids(s) == ["serve:main"] and GAME.legal_moves(s)[0].payload["main"] is False
    s, ev, _ = play(s, "serve:main")
    assert [e.player for e in events(ev, "sold_out")] == [OBA]  # Oba announces it
    # Mel, on Oba's left, may serve it as her own customer, or pass
    assert GAME.active_player(s) == MEL
    assert ids(s) == ["serve:main", "serve:both", "pass"]
    view = GAME.view(s, MEL)
    assert view["decision"]["kind"] == "sold_out"
    assert (view["decision"]["owner"], view["decision"]["customer"]) == (OBA, "arts_specialist")
    s, ev, _ = play(s, "serve:main")  # Mel skips the side order
    mel, oba = s["players"][MEL], s["players"][OBA]
    assert mel["res"] == {"beans": 1, "milk": 0, "sugar": 2}  # paid 1 bean, 1 sugar
    assert oba["res"] == {"beans": 1, "milk": 0, "sugar": 0}
    assert mel["good"] == 1 and oba["good"] == 0  # the main reward: 1 Good Review to Mel
    assert [e.player for e in events(ev, "empty_cup")] == [MEL]  # Early Bird: Mel steals Oba's empty cup
    served = events(ev, "customer_served")[0]
    assert served.player == MEL and served.params["owner"] == OBA
    assert [e.player for e in events(ev, "ability")] == [MEL]
    # the customer never got an angry token; it was in Oba's Line and goes to her discard pile
    assert "seize.angry_token" not in codes(ev)
    assert "arts_specialist" in oba["discard"] and "arts_specialist" not in mel["discard"]
    assert mel["bad"] == 0 and oba["bad"] == 0
    assert s["first"] == MEL  # (nobody could attract at Word of Mouth: End of Day, Mel's cup is full)


def test_sold_out_it_is_still_the_owners_turn_that_ends():
    s = sold_out_table(mel_line=["library_regular"])
    give(s, OBA, "line", ["philosophy_dropout"])
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, _, _ = play(s, "serve:main", "serve:main")  # Oba cannot; Mel serves Oba's customer
    oba = s["players"][OBA]
    assert oba["line"][0] == {"id": "arts_specialist", "happy": 0, "angry": False}
    assert oba["served"] == 1
    # next: Mel's own turn (her first), then Oba's second customer
    assert GAME.active_player(s) == MEL and s["stack"][-1]["t"] == "serve"
    assert GAME.legal_moves(s)[0].payload["customer"] == "library_regular"


def test_sold_out_nobody_serves_the_customer_gets_angry():
    s = sold_out_table()
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, ev, _ = play(s, "serve:main", "pass")
    assert [e.player for e in events(ev, "sold_out_pass")] == [MEL]
    oba = s["players"][OBA]
    unserved = events(ev, "customer_unserved")
    assert unserved[0].player == OBA and unserved[0].params["angry"] is True
    # the angry customer was discarded at the end of service: 1 Bad Review for Oba
    assert oba["bad"] == 1 and s["players"][MEL]["good"] == 0


def test_sold_out_a_player_who_cannot_fill_it_is_passed_over():
    s = sold_out_table()
    set_res(s, MEL, beans=2)  # no sugar either
    s = service(s)
    s, ev, _ = play(s, "serve:main")
    assert [e.player for e in events(ev, "sold_out_cannot")] == [MEL]
    assert events(ev, "customer_unserved")[0].params["angry"] is True


def test_sold_out_an_angry_customer_served_by_another_loses_its_token_and_gives_nothing():
    s = sold_out_table()
    s["players"][OBA]["line"][0]["angry"] = True
    s["empty_cup"] = OBA
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, ev, _ = play(s, "serve:main", "serve:main")
    mel, oba = s["players"][MEL], s["players"][OBA]
    assert mel["res"] == {"beans": 1, "milk": 0, "sugar": 2}
    assert mel["good"] == 0 and "seize.empty_cup" not in codes(ev)  # no reward, no ability
    assert "seize.ability" not in codes(ev)
    assert oba["bad"] == 0 and "arts_specialist" in oba["discard"]  # no longer angry when discarded


def test_sold_out_offers_go_clockwise_and_stop_once_served():
    s = sold_out_table(players=3)
    for p in (MEL, THIRD):
        set_res(s, p, beans=2, sugar=2)
    s = service(s)
    s, _, _ = play(s, "serve:main")
    assert GAME.active_player(s) == MEL
    assert GAME.view(s, None)["decision"]["still_to_ask"] == [THIRD]
    s, _, _ = play(s, "pass")
    assert GAME.active_player(s) == THIRD
    s, ev, _ = play(s, "serve:main")
    assert s["players"][THIRD]["good"] == 1 and s["players"][MEL]["good"] == 0
    assert [e.player for e in events(ev, "customer_served")] == [THIRD]


def test_sold_out_starts_on_the_owners_left_in_a_three_player_game():
    s = sold_out_table(players=3)
    clear_player(s, OBA)
    give(s, MEL, "line", ["arts_specialist"])
    set_res(s, MEL, beans=1)
    set_res(s, OBA, beans=2, sugar=2)
    set_res(s, THIRD, beans=2, sugar=2)
    s = service(s)
    assert GAME.active_player(s) == MEL
    s, _, _ = play(s, "serve:main")
    assert GAME.active_player(s) == THIRD  # clockwise from Mel: seat 2, then seat 0
    assert GAME.view(s, None)["decision"]["still_to_ask"] == [OBA]


def test_sold_out_a_happy_customer_is_not_offered():
    s = sold_out_table()
    s["players"][OBA]["line"][0]["happy"] = 1
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, ev, _ = play(s, "serve:main")
    assert "seize.sold_out" not in codes(ev)
    # as usual: the angry token takes a happy token away instead; then discarded as a neutral customer
    assert s["players"][OBA]["discard"] == ["arts_specialist"] and s["players"][OBA]["bad"] == 0


def test_without_sold_out_nobody_else_may_serve():
    s = sold_out_table(variants=())
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, ev, _ = play(s, "serve:main")
    assert "seize.sold_out" not in codes(ev) and events(ev, "customer_unserved")[0].params["angry"] is True


def test_sold_out_views_sample_consistently_during_an_offer():
    s = sold_out_table(mel_line=["library_regular"])
    set_res(s, MEL, beans=2, sugar=3)
    friends_home(s)
    s = service(s)
    s, _, _ = play(s, "serve:main")
    for p in (OBA, MEL):
        view = GAME.view(s, p)
        assert GAME.view(GAME.determinizer(view, p).sample(Rng(3)), p) == view
    # the customer on offer is the one being served in Oba's Line
    line = GAME.view(s, MEL)["players"][OBA]["line"]
    assert line[0]["being_served"] is True


def test_sold_out_and_competitive_neighbour_are_not_played_solo_or_with_five():
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 1, "variants": ["sold_out"]})
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 5, "district": "prenzlauer_berg", "variants": ["sold_out"]})


# ------------------------------------------------------------------ Competitive Neighbour (p. 29)
def test_competitive_neighbour_the_server_keeps_the_customer():
    s = sold_out_table(variants=("sold_out", "competitive_neighbour"), mel_line=["library_regular"])
    give(s, OBA, "line", ["philosophy_dropout"])
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, ev, _ = play(s, "serve:main", "serve:main")
    mel, oba = s["players"][MEL], s["players"][OBA]
    # after the reward and the ability (Early Bird), into Mel's own discard pile
    assert s["empty_cup"] == MEL and mel["good"] == 1
    assert mel["discard"] == ["arts_specialist"]
    assert [e["id"] for e in oba["line"]] == ["philosophy_dropout"]
    assert oba["served"] == 0  # the service token still points at Oba's next customer
    assert codes(ev).index("seize.neighbour_take") > codes(ev).index("seize.ability")
    # Mel's turn, then Oba serves her next customer
    s, _, _ = play(s, GAME.legal_moves(s)[0].id)
    while GAME.active_player(s) == MEL:
        s, _, _ = play(s, GAME.legal_moves(s)[0].id)
    assert GAME.legal_moves(s)[0].payload["customer"] == "philosophy_dropout"


def test_competitive_neighbour_takes_an_angry_customer_too():
    s = sold_out_table(variants=("sold_out", "competitive_neighbour"))
    s["players"][OBA]["line"][0]["angry"] = True
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, _, _ = play(s, "serve:main", "serve:main")
    assert s["players"][MEL]["discard"] == ["arts_specialist"]
    assert s["players"][OBA]["bad"] == 0 and s["players"][OBA]["discard"] == []


def test_competitive_neighbour_needs_sold_out():
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 2, "variants": ["competitive_neighbour"]})


# ------------------------------------------------------------------ Mouthwatering (p. 31)
def take_frame(p, row, dest, wom=False, why="upgrade_pantry"):
    return {"t": "take", "p": p, "row": row, "dest": dest, "wom": wom, "opt": False, "peek": [], "why": why}


def test_mouthwatering_example_yoshi_across_two_days():
    s = new(2, district="kreuzberg", variants=["mouthwatering"])
    clear_player(s, YOSHI)
    # day 1, Actions: Yoshi takes the Protein Pie (a pie, Cyclists)
    set_slots(s, 1, ["protein_pie", None, None, None])
    push(s, take_frame(YOSHI, 1, "pantry"))
    s, ev, _ = play(s, "city:row2:slot1")
    assert ids(s) == ["mouth:take:pie", "mouth:keep"]
    s, ev, _ = play(s, "mouth:take:pie")
    assert s["players"][YOSHI]["mouth"] == "pie"
    assert events(ev, "mouthwatering")[0].params == {"icon": "pie", "old": None, "card": "protein_pie"}
    assert GAME.view(s, JAYLEN)["players"][YOSHI]["mouthwatering"] == "pie"
    # Word of Mouth: only Cyclists in his café, but the pie brings the Bowl-hat Hipster (pie side order)
    set_slots(s, 0, ["bowl_hat_hipster", "hatster", "club_kid", "backpacker"], discard_top="ux_designer")
    push(s, take_frame(YOSHI, 0, "discard", wom=True, why="word_of_mouth"))
    # a pie also matches the "any pastry" icon (Backpacker); a croissant or a donut does not
    assert ids(s) == ["city:row1:slot1", "city:row1:slot4"]
    s, _, _ = play(s, "city:row1:slot1")
    assert "bowl_hat_hipster" in s["players"][YOSHI]["discard"]
    # next day: the Berliner Donuts (a donut); the donut token replaces the pie, which goes back
    set_slots(s, 1, ["berliner_donuts", None, None, None])
    push(s, take_frame(YOSHI, 1, "pantry"))
    s, _, _ = play(s, "city:row2:slot1")
    assert ids(s) == ["mouth:take:donut", "mouth:keep"]
    s, ev, _ = play(s, "mouth:take:donut")
    assert s["players"][YOSHI]["mouth"] == "donut"
    assert events(ev, "mouthwatering")[0].params["old"] == "pie"
    # now the Tourists' Berliner Donuts is on top: tourists by group, donuts by the token
    set_slots(s, 0, ["jazz_pianist", "club_kid", "hatster", "old_weekenders"], discard_top="heartfelt_singer")
    push(s, take_frame(YOSHI, 0, "discard", wom=True, why="word_of_mouth"))
    assert ids(s) == ["city:row1:slot2", "city:row1:slot4"]  # Club Kid (donut), Old Weekenders (tourist)


def test_mouthwatering_may_keep_the_old_token_and_same_icon_asks_nothing():
    s = new(2, district="kreuzberg", variants=["mouthwatering"])
    clear_player(s, YOSHI)
    s["players"][YOSHI]["mouth"] = "pie"
    set_slots(s, 1, ["berliner_donuts", "rhubarb_pie", None, None])
    push(s, take_frame(YOSHI, 1, "pantry"))
    s, _, _ = play(s, "city:row2:slot1", "mouth:keep")
    assert s["players"][YOSHI]["mouth"] == "pie"
    set_slots(s, 1, ["rhubarb_pie", None, None, None])
    push(s, take_frame(YOSHI, 1, "pantry"))
    s, _, _ = play(s, "city:row2:slot1")
    assert not any(m.startswith("mouth:") for m in ids(s))


def test_mouthwatering_does_not_widen_a_plain_attract():
    s = new(2, district="kreuzberg", variants=["mouthwatering"])
    s["players"][YOSHI]["mouth"] = "pie"
    push(s, take_frame(YOSHI, 0, "discard", why="attract"))
    assert len(ids(s)) == 5  # every visible customer, as always


def test_without_mouthwatering_no_token_is_offered():
    s = new(2, district="kreuzberg")
    clear_player(s, YOSHI)
    set_slots(s, 1, ["protein_pie", None, None, None])
    push(s, take_frame(YOSHI, 1, "pantry"))
    s, _, _ = play(s, "city:row2:slot1")
    assert "mouth" not in s["players"][YOSHI]
    assert not any(m.startswith("mouth:") for m in ids(s))


# ------------------------------------------------------------------ Diverse City (pp. 34-35)
@pytest.mark.parametrize("players,stack", [(1, [6]), (2, [6]), (3, [4, 6]), (4, [4, 5, 6]), (5, [3, 4, 5, 6]),
                                           (6, [2, 3, 4, 5, 6])])
def test_diverse_city_cookies_by_player_count(players, stack):
    assert cookie_stack(players) == stack
    cfg = {"players": players, "district": "prenzlauer_berg", "variants": ["diverse_city"]}
    s = GAME.setup(GAME.normalize_config(cfg), 1)
    assert s["cookies"] == stack  # the highest on top (last)
    markers = [pl["marker"] for pl in s["players"]]
    assert len(set(markers)) == len(markers) and set(markers) <= set(DB.special)
    assert all(pl["marks"] == {} and pl["cookies"] == [] for pl in s["players"])


def test_diverse_city_example_jaylen_takes_the_first_cookie():
    s = new(2, district="kreuzberg", variants=["diverse_city"])
    jay = s["players"][JAYLEN]
    jay["marks"] = {"hipsters": 1, "cyclists": 1, "musicians": 1, "party_animals": 1}
    clear_player(s, JAYLEN)
    give(s, JAYLEN, "pantry", ["berliner_donuts"])  # a Tourists group icon in his café
    # Word of Mouth: a Tourist from the City marks the Tourists' award
    set_slots(s, 0, ["backpacker", "ux_designer", "hatster", "club_kid"])
    push(s, take_frame(JAYLEN, 0, "discard", wom=True, why="word_of_mouth"))
    s, ev, _ = play(s, "city:row1:slot1")
    jay = s["players"][JAYLEN]
    assert jay["marks"]["tourists"] == 1 and jay["cookies"] == []
    assert events(ev, "diverse_mark")[0].params == {"group": "tourists", "marks": 1, "card": "backpacker",
                                                    "why": "word_of_mouth"}
    # later: a Start-upper; all six awards marked -> the top cookie (6 Good Reviews, 2 players)
    set_slots(s, 0, ["ux_designer", None, None, None])
    push(s, take_frame(JAYLEN, 0, "discard", why="attract"))
    s, ev, _ = play(s, "city:row1:slot1")
    jay = s["players"][JAYLEN]
    assert jay["marks"]["start_uppers"] == 1 and jay["cookies"] == [6] and s["cookies"] == []
    assert events(ev, "diverse_cookie")[0].params == {"reviews": 6, "nth": 1}
    friends_home(s)
    view = GAME.view(s, YOSHI)
    assert view["players"][JAYLEN]["diverse_city"]["cookies"] == [6] and view["cookies"] == []
    assert GAME.view(GAME.determinizer(view, YOSHI).sample(Rng(5)), YOSHI) == view
    bd = final_scores(s, DB)[JAYLEN]
    assert bd["cookies"] == 6
    assert bd["total"] == (bd["good_reviews"] + bd["happy_tokens"] + bd["bad_reviews"] + bd["achievements"]
                           + sum(bd["awards"].values()) + 6)


def test_diverse_city_second_cookie_when_all_marked_twice_and_never_a_third():
    s = new(3, district="kreuzberg", variants=["diverse_city"])
    cx = Ctx(DB)
    groups = award_groups(s, DB)
    one = {g: DB.of_kind("customer", [g]) for g in groups}
    for g in groups:
        mark_customer(s, cx, 0, one[g][0])
    assert s["players"][0]["cookies"] == [6]
    for g in groups:
        mark_customer(s, cx, 1, one[g][1])
    assert s["players"][1]["cookies"] == [4] and s["cookies"] == []
    s["cookies"] = [3]  # (a stack with one more, to see the cap)
    for g in groups:
        mark_customer(s, cx, 0, one[g][2])
    assert s["players"][0]["cookies"] == [6, 3]
    assert all(v == 2 for v in s["players"][0]["marks"].values())
    s["cookies"] = [2]
    for g in groups:
        mark_customer(s, cx, 0, one[g][3])  # a third customer of each group: no third mark, no cookie
    assert s["players"][0]["cookies"] == [6, 3] and s["cookies"] == [2]


def test_diverse_city_two_group_icons_and_wildcards():
    cfg = {"players": 2, "district": "kreuzberg", "packs": ["board_game_media", "quality_beasts"],
           "variants": ["diverse_city"]}
    s = GAME.setup(GAME.normalize_config(cfg), 2)
    cx = Ctx(DB)
    groups = award_groups(s, DB)
    assert {"board_game_media", "quality_beasts"} <= set(groups)
    mark_customer(s, cx, 0, "unboxing_vlogger")  # Board Game Media and Hipsters: both marked
    assert s["players"][0]["marks"] == {"board_game_media": 1, "hipsters": 1}
    mark_customer(s, cx, 0, "badger_producer")  # Quality Beasts and a wildcard: the first unmarked award
    first_open = next(g for g in groups if g not in ("board_game_media", "hipsters", "quality_beasts"))
    assert s["players"][0]["marks"] == {"board_game_media": 1, "hipsters": 1, "quality_beasts": 1, first_open: 1}


def test_diverse_city_friends_and_celebrities_mark_nothing():
    s = new(2, district="kreuzberg", variants=["diverse_city"])
    mark_customer(s, Ctx(DB), 0, "grandma@0")
    assert s["players"][0]["marks"] == {}


def test_diverse_city_competitive_neighbour_marks_for_the_server():
    s = sold_out_table(variants=("sold_out", "competitive_neighbour", "diverse_city"))
    set_res(s, MEL, beans=2, sugar=3)
    s = service(s)
    s, ev, _ = play(s, "serve:main", "serve:main")
    assert s["players"][MEL]["marks"] == {"students": 1}
    assert s["players"][OBA]["marks"] == {}
    assert events(ev, "diverse_mark")[0].params["why"] == "competitive_neighbour"


def test_diverse_city_solo_starbots_marks_and_may_take_the_cookie():
    s = new(1, district="kreuzberg", variants=["diverse_city"])
    assert s["cookies"] == [6]
    bot = s["players"][solo.AUTOMA]
    assert bot["marker"] != s["players"][solo.HUMAN]["marker"]
    groups = award_groups(s, DB)
    bot["marks"] = {g: 1 for g in groups[1:]}
    set_slots(s, 0, [DB.of_kind("customer", [groups[0]])[0]] * 1 + [None] * 3)
    row = s["city"][0]
    # whatever column Starbots' card names, only the one customer (and the discard top) are visible
    row["discard"].append(row["slots"][0])
    row["slots"][0] = None
    cx = Ctx(DB)
    solo._attract(s, cx)
    assert bot["marks"][groups[0]] == 1 and bot["cookies"] == [6] and s["cookies"] == []
    assert final_scores(s, DB)[solo.AUTOMA]["cookies"] == 6


def test_diverse_city_solo_view_and_the_human_take_marks():
    s = new(1, district="kreuzberg", variants=["diverse_city"])
    push(s, take_frame(solo.HUMAN, 0, "discard", why="attract"))
    cid = GAME.legal_moves(s)[0].payload["card"]
    s, _, _ = play(s, GAME.legal_moves(s)[0].id)
    g = DB.card(cid)["groups"][0]
    assert s["players"][solo.HUMAN]["marks"] == {g: 1}
    assert GAME.view(s, solo.HUMAN)["players"][solo.HUMAN]["diverse_city"]["marks"] == {g: 1}


# ------------------------------------------------------------------ Pastries (p. 30), Coffee Lovers (p. 37)
def test_pastries_changes_nothing_in_play():
    a = new(2, seed=4, district="kreuzberg")
    b = new(2, seed=4, district="kreuzberg", variants=["pastries"])
    b["config"]["variants"] = []
    assert a == b
    # it lets two token variants be played together
    GAME.normalize_config({"players": 2, "variants": ["pastries", "mouthwatering", "diverse_city"]})
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 2, "variants": ["mouthwatering", "diverse_city"]})


def test_coffee_lovers_reminds_the_new_first_player_to_drink_an_espresso():
    s = new(2, variants=["coffee_lovers"])
    s["empty_cup"] = 1
    cx = Ctx(DB)
    _end_of_day(s, cx)
    got = [e for e in cx.events if e.code == "seize.coffee_lovers_espresso"]
    assert [e.player for e in got] == [1] and got[0].params == {}
    assert s["first"] == 1
    plain = new(2)
    cx = Ctx(DB)
    _end_of_day(plain, cx)
    assert "seize.coffee_lovers_espresso" not in [e.code for e in cx.events]
