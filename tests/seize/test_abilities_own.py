"""Expansion abilities acting on your own café (expansions booklet pp. 10-17, "Capacités
supplémentaires des clients"; English quick reference): Students, Starving Artists,
Funemployed Expats, Performers, Happy Families, Friendly Locals, Health Nuts,
Fashionistas, Upper Class and Board Game Geeks.  The booklet's Fair Trade (Oba) and
Board Games (Mel) examples are played with their numbers.

Cards are synthetic (``synthetic.py``) with the properties each situation needs.
"""
from __future__ import annotations

from brewhouse.core import Rng
from brewhouse.seize.cafe import affordable, can_pay, green_payments
from brewhouse.seize.determinize import SeizeDeterminizer
from brewhouse.seize.effects import note_touched
from brewhouse.seize.model import line_entry
from brewhouse.seize.phases import _discard_lines, turn_order
from brewhouse.seize.view import build_view

from .helpers import pluck
from .synthetic import (HOLD, TDB, TGAME, ability, ctx, entry, ev, ids, line, new, play, settle, table, top)

P0, P1 = 0, 1
BGG_KIEZ = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers", "board_game_geeks"]


def good(s, p=P0):
    return s["players"][p]["good"]


def set_res(s, p=P0, **res):
    s["players"][p]["res"] = {"beans": 0, "milk": 0, "sugar": 0, **res}


def bag_top(s, *tokens):
    """Put these Board Game tokens on top of the bag (the last one is drawn first)."""
    bag = s["board_games"]["bag"]
    for t in tokens:
        bag.remove(t)
        bag.append(t)


# ------------------------------------------------------------------ Students: Early Bird
def test_early_bird_takes_the_empty_cup():
    s = table()
    assert s["empty_cup"] == P1
    line(s, P0, "x_student")
    cx = ability(s, P0, "x_student")
    assert s["empty_cup"] == P0 and s["players"][P0]["hype"] == 2
    assert "seize.empty_cup" in [e.code for e in cx.events]


def test_early_bird_with_the_cup_already_is_hype_and_max_hype_a_good_review():
    s = table()
    s["empty_cup"] = P0
    line(s, P0, "x_student")
    ability(s, P0, "x_student")
    assert s["players"][P0]["hype"] == 3 and good(s) == 0
    s["players"][P0]["hype"] = 5
    ability(s, P0, "x_student")
    assert s["players"][P0]["hype"] == 5 and good(s) == 1


def test_super_early_bird_takes_the_cup_then_hype():
    s = table()
    line(s, P0, "x_student_super")
    ability(s, P0, "x_student_super")
    assert s["empty_cup"] == P0 and s["players"][P0]["hype"] == 3
    s["players"][P0]["hype"] = 5  # both activations at Max Hype: 2 Good Reviews
    ability(s, P0, "x_student_super")
    assert good(s) == 2


# ------------------------------------------------------------------ Starving Artists: Draw
def test_draw_adds_the_deck_top_to_the_end_of_the_line():
    s = table()
    line(s, P0, "x_artist", "x_plain1")
    s["players"][P0]["deck"] = ["x_plain2", "x_plain3"]  # top = last
    ability(s, P0, "x_artist")
    assert [e["id"] for e in s["players"][P0]["line"]] == ["x_artist", "x_plain1", "x_plain3"]
    assert good(s) == 0 and top(s) == HOLD


def test_super_draw_draws_twice_shuffling_the_discard_in():
    s = table()
    line(s, P0, "x_artist_super")
    s["players"][P0]["deck"] = ["x_plain2"]
    s["players"][P0]["discard"] = ["x_plain4"]
    cx = ability(s, P0, "x_artist_super")
    assert [e["id"] for e in s["players"][P0]["line"]] == ["x_artist_super", "x_plain2", "x_plain4"]
    assert cx.reveals and "seize.reshuffle" in [e.code for e in cx.events]


def test_draw_with_empty_deck_and_discard_is_one_good_review_and_no_boost():
    s = table()
    line(s, P0, "x_artist_boost")
    cx = ability(s, P0, "x_artist_boost")
    assert good(s) == 1 and len(s["players"][P0]["line"]) == 1 and top(s) == HOLD
    assert not [e for e in cx.events if e.code == "seize.boost"]


def test_draw_boost_pays_the_drawn_customer_reward_icons():
    s = table()
    line(s, P0, "x_artist_boost")
    s["players"][P0]["deck"] = ["x_plain3"]
    cx = ability(s, P0, "x_artist_boost")
    assert good(s) == 3 and top(s) == HOLD
    assert [e.params for e in cx.events if e.code == "seize.boost"] == [{"card": "x_plain3", "n": 3}]


def test_super_draw_boost_chooses_one_drawn_customer():
    s = table()
    line(s, P0, "x_artist_super_boost")
    s["players"][P0]["deck"] = ["x_plain1", "x_plain4"]
    ability(s, P0, "x_artist_super_boost")
    assert top(s) == "boost" and ids(s) == ["boost:x_plain4", "boost:x_plain1"]
    s, _, _ = play(s, "boost:x_plain4")
    assert good(s) == 4 and top(s) == HOLD


def test_draw_without_boost_records_nothing_for_another_boost():
    """A plain draw step (no ⚡ on its customer) leaves a pending boost frame alone."""
    s = table()
    line(s, P0, "x_artist")
    s["players"][P0]["deck"] = ["x_plain3"]
    s["stack"].append({"t": "boost", "p": P0, "cust": "x_plain0", "ab": "hype", "touched": []})
    ability(s, P0, "x_artist")
    assert good(s) == 0


# ------------------------------------------------------------------ Funemployed Expats: Meet Up
def test_meet_up_takes_a_discarded_customer_and_its_reward_icons():
    s = table()
    line(s, P0, "x_expat")
    s["players"][P0]["discard"] = ["x_plain1", "x_plain3"]
    ability(s, P0, "x_expat")
    assert top(s) == "meet_up" and ids(s) == ["meet_up:x_plain1", "meet_up:x_plain3"]
    s, events, _ = play(s, "meet_up:x_plain3")
    pl = s["players"][P0]
    assert [e["id"] for e in pl["line"]] == ["x_expat", "x_plain3"] and pl["discard"] == ["x_plain1"]
    assert good(s) == 3 and top(s) == HOLD
    assert ev(events, "meet_up")[0].params == {"card": "x_plain3", "n": 3}


def test_super_meet_up_twice_then_attracts_when_the_discard_runs_out():
    s = table()
    line(s, P0, "x_expat_super")
    s["players"][P0]["discard"] = ["x_plain2"]
    ability(s, P0, "x_expat_super")
    s, _, _ = play(s, "meet_up:x_plain2")
    assert good(s) == 2
    # second Meet Up: the discard is empty, Attract a Customer instead (City row 1 → discard), no review
    assert top(s) == "take" and s["stack"][-1]["dest"] == "discard" and "skip" not in ids(s)
    slot = s["city"][0]["slots"][1]
    s, _, _ = play(s, "city:row1:slot2")
    assert s["players"][P0]["discard"] == [slot] and good(s) == 2 and top(s) == HOLD


def test_meet_up_with_empty_discard_attracts_without_good_reviews():
    s = table()
    line(s, P0, "x_expat")
    ability(s, P0, "x_expat")
    assert top(s) == "take" and len(ids(s)) == 5  # 4 slots and the discard top
    dtop = s["city"][0]["discard"][-1]
    s, _, _ = play(s, "city:row1:discard")
    assert s["players"][P0]["discard"] == [dtop] and good(s) == 0


# ------------------------------------------------------------------ Performers: Acting
def test_acting_copies_a_non_performer_customer_of_your_own_line():
    s = table()
    line(s, P0, "x_plain2", "x_performer", "x_performer_super", "x_student")
    line(s, P1, "x_plain3")
    ability(s, P0, "x_performer")
    assert ids(s) == ["acting:x_plain2", "acting:x_student"]  # no Performer, not another Line's customer
    s, events, _ = play(s, "acting:x_plain2")
    assert s["players"][P0]["hype"] == 3 and top(s) == HOLD
    assert ev(events, "acting")[0].params == {"card": "x_plain2", "ability": "hype", "via": "x_performer"}


def test_acting_makes_an_optional_friend_ability_mandatory():
    s = table()
    line(s, P0, "x_performer", "popular_friend@0")
    ability(s, P0, "x_performer")
    s, _, _ = play(s, "acting:popular_friend@0")
    # Popular Friend's Attract a Customer: no "skip" when copied
    assert top(s) == "take" and "skip" not in ids(s) and len(ids(s)) == 5


def test_super_acting_never_copies_the_same_customer_twice_but_may_repeat_an_ability():
    s = table()
    line(s, P0, "x_performer_super", "x_plain1", "x_plain2")
    ability(s, P0, "x_performer_super")
    s, _, _ = play(s, "acting:x_plain1")
    assert ids(s) == ["acting:x_plain2"]
    s, _, _ = play(s, "acting:x_plain2")
    assert s["players"][P0]["hype"] == 4 and top(s) == HOLD


def test_super_acting_with_one_valid_customer_copies_it_once():
    s = table()
    line(s, P0, "x_performer_super", "x_plain1")
    ability(s, P0, "x_performer_super")
    s, _, _ = play(s, "acting:x_plain1")
    assert top(s) == HOLD and s["players"][P0]["hype"] == 3


def test_acting_without_valid_customer_does_nothing():
    s = table()
    line(s, P0, "x_performer", "x_performer_boost")
    cx = ability(s, P0, "x_performer")
    assert top(s) == HOLD and s["players"][P0]["hype"] == 2
    assert [e.code for e in cx.events] == ["seize.ability"]


def test_acting_a_napping_customer_does_nothing():
    s = table()
    line(s, P0, "x_performer", "x_plain2")
    entry(s, P0, "x_plain2")["nap"] = True
    ability(s, P0, "x_performer")
    s, events, _ = play(s, "acting:x_plain2")
    assert s["players"][P0]["hype"] == 2 and "seize.ability_napping" in [e.code for e in events]


def test_acting_boost_pays_the_copied_customer():
    s = table()
    line(s, P0, "x_performer_boost", "x_plain3")
    ability(s, P0, "x_performer_boost")
    s, _, _ = play(s, "acting:x_plain3")
    assert good(s) == 3 and s["players"][P0]["hype"] == 3 and top(s) == HOLD


def test_super_acting_boost_chooses_one_copied_customer():
    s = table()
    line(s, P0, "x_performer_super_boost", "x_plain1", "x_plain4")
    ability(s, P0, "x_performer_super_boost")
    s, _, _ = play(s, "acting:x_plain1", "acting:x_plain4")
    assert ids(s) == ["boost:x_plain1", "boost:x_plain4"]
    s, _, _ = play(s, "boost:x_plain4")
    assert good(s) == 4


def test_acting_boost_counts_the_copied_customer_not_what_the_copy_chooses():
    """Copying a Fashionista's Camp Out: the camped customer is not a copied customer."""
    s = table()
    line(s, P0, "x_performer_boost", "x_fashionista_boost")
    ability(s, P0, "x_performer_boost")
    s, _, _ = play(s, "acting:x_fashionista_boost", "city:row1:slot1")
    assert good(s) == 1 and top(s) == HOLD  # x_fashionista_boost has 1 reward icon


def test_touch_fence_stops_note_touched():
    s = table()
    s["stack"] += [{"t": "boost", "p": P0, "cust": "x", "ab": "acting", "touched": []}, {"t": "touch_fence", "p": P0}]
    note_touched(s, P0, "x_plain1")
    assert s["stack"][-2]["touched"] == []


# ------------------------------------------------------------------ Happy Families: Naptime
def test_naptime_on_an_unserved_non_family_customer():
    s = table()
    line(s, P0, "x_plain1", "x_family", "x_plain2", "x_family_super", "x_plain3", served=2)
    entry(s, P0, "x_plain3")["nap"] = True
    ability(s, P0, "x_family")
    assert ids(s) == ["nap:x_plain2"]  # not served, not Happy Families, not napping
    s, events, _ = play(s, "nap:x_plain2")
    assert entry(s, P0, "x_plain2")["nap"] is True and ev(events, "nap_token")[0].params == {"card": "x_plain2"}


def test_a_napping_customer_served_does_nothing():
    s = table()
    line(s, P0, "x_family", "x_plain2")
    ability(s, P0, "x_family")
    s, _, _ = play(s, "nap:x_plain2")
    s["stack"] = []
    s["players"][P0]["served"] = 1
    s["cursor"] = {"i": 0}
    s["players"][P0]["res"]["beans"] = 1
    settle(s)
    assert top(s) == "serve"
    s, events, _ = play(s, "serve:main")
    assert good(s) == 2 and s["players"][P0]["hype"] == 2  # its rewards, not its Hype ability
    assert "seize.ability_napping" in [e.code for e in events]


def test_super_naptime_twice_and_nothing_without_a_target():
    s = table()
    line(s, P0, "x_family_super", "x_plain1", "x_plain2")
    ability(s, P0, "x_family_super")
    s, _, _ = play(s, "nap:x_plain1")
    assert ids(s) == ["nap:x_plain2"]
    s, _, _ = play(s, "nap:x_plain2")
    assert top(s) == HOLD
    cx = ability(s, P0, "x_family_super")
    # with no target left each Naptime of Super Naptime says so in the log (twice: Naptime twice)
    assert top(s) == HOLD and [e.code for e in cx.events] == ["seize.ability"] + ["seize.naptime_no_customer"] * 2


def test_naptime_token_leaves_with_its_customer_and_stays_on_a_happy_one():
    s = table()
    line(s, P0, "x_plain1", "x_plain2")
    entry(s, P0, "x_plain1")["nap"] = True
    entry(s, P0, "x_plain2")["nap"] = True
    entry(s, P0, "x_plain2")["happy"] = 1
    _discard_lines(s, ctx(), turn_order(s))
    pl = s["players"][P0]
    assert pl["discard"] == ["x_plain1"] and pl["line"] == [{"id": "x_plain2", "happy": 0, "angry": False, "nap": True}]


# ------------------------------------------------------------------ Friendly Locals: Regular
def test_regular_puts_a_customer_on_top_of_your_deck_for_its_reward_icons():
    s = table()
    line(s, P0, "x_plain3", "x_local", "x_plain1", served=2)
    entry(s, P0, "x_plain3").update(happy=1, nap=True)
    s["players"][P0]["deck"] = ["x_plain0"]
    ability(s, P0, "x_local")
    assert ids(s) == ["regular:x_plain3", "regular:x_local", "regular:x_plain1"]
    s, events, _ = play(s, "regular:x_plain3")
    pl = s["players"][P0]
    assert pl["deck"] == ["x_plain0", "x_plain3"] and [e["id"] for e in pl["line"]] == ["x_local", "x_plain1"]
    assert pl["served"] == 1 and pl["line"][pl["served"]]["id"] == "x_plain1"  # the token still before x_plain1
    assert good(s) == 3 and ev(events, "regular")[0].params == {"card": "x_plain3", "n": 3}


def test_super_regular_itself_then_another_and_its_board_game_token_is_discarded():
    s = table(district="custom", groups=BGG_KIEZ)
    line(s, P0, "x_local_super", "x_plain2", served=1)
    entry(s, P0, "x_plain2")["game"] = "hype"
    ability(s, P0, "x_local_super")
    s, _, _ = play(s, "regular:x_local_super")
    assert s["players"][P0]["served"] == 0 and ids(s) == ["regular:x_plain2"]
    s, _, _ = play(s, "regular:x_plain2")
    pl = s["players"][P0]
    assert pl["deck"] == ["x_local_super", "x_plain2"] and pl["line"] == [] and good(s) == 3
    assert s["board_games"]["discard"] == ["hype"]


# ------------------------------------------------------------------ Health Nuts: Fair Trade, green beans
def test_fair_trade_oba_example_and_paying_with_green_beans():
    """Booklet p. 16: Oba serves the Super Vegan's main order, has only 2 sugar left and trades
    them for 2 green beans; next turn he pays the Popular Friend's main order (2 beans) with the
    2 green beans and takes 2 Good Reviews, one per green bean, besides its reward icon."""
    s = table()
    s["stack"] = []
    s["cursor"] = {"i": 0}
    line(s, P0, "x_super_vegan", "popular_friend@0")
    set_res(s, P0, beans=1, milk=1, sugar=2)
    settle(s)
    assert top(s) == "serve" and ids(s) == ["serve:main", "serve:both"]
    s, _, _ = play(s, "serve:main")  # no side order
    assert good(s) == 1 and top(s) == "fair_trade" and ids(s) == ["trade:sugar"]
    s, events, _ = play(s, "trade:sugar", "trade:sugar")
    assert s["players"][P0]["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 2}
    assert [e.params["res"] for e in ev(events, "fair_trade")] == ["sugar", "sugar"]
    # next turn: the Popular Friend, payable only with green beans
    assert top(s) == "serve" and ids(s) == ["serve:main:green:beans2"]
    s, events, _ = play(s, "serve:main:green:beans2")
    assert s["players"][P0]["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 0}
    assert [e.params for e in ev(events, "good_review")][:2] == [{"n": 2, "why": "green_beans"},
                                                                  {"n": 1, "why": "reward"}]
    assert good(s) == 1 + 2 + 1


def test_super_fair_trade_trades_as_many_as_you_have():
    s = table()
    line(s, P0, "x_nut_super")
    set_res(s, P0, beans=1, milk=1)
    ability(s, P0, "x_nut_super")
    assert ids(s) == ["trade:beans", "trade:milk"]
    s, _, _ = play(s, "trade:milk", "trade:beans")
    assert s["players"][P0]["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 2} and top(s) == HOLD


def test_super_fair_trade_three_of_the_same_and_green_beans_are_not_traded():
    s = table()
    line(s, P0, "x_nut_super")
    set_res(s, P0, beans=5, green=1)
    ability(s, P0, "x_nut_super")
    assert ids(s) == ["trade:beans"]
    s, _, _ = play(s, "trade:beans", "trade:beans", "trade:beans")
    assert s["players"][P0]["res"] == {"beans": 2, "milk": 0, "sugar": 0, "green": 4} and top(s) == HOLD


def test_fair_trade_without_resources_does_nothing_and_adds_no_green_key():
    s = table()
    line(s, P0, "x_super_vegan")
    set_res(s, P0)
    ability(s, P0, "x_super_vegan")
    assert top(s) == HOLD and s["players"][P0]["res"] == {"beans": 0, "milk": 0, "sugar": 0}


def test_green_bean_payment_choices():
    pl = {"res": {"beans": 1, "milk": 1, "sugar": 0, "green": 1}}
    cost = {"beans": 1, "milk": 1, "sugar": 0}
    assert green_payments(pl, cost) == [("milk1", {"beans": 1, "milk": 0, "sugar": 0, "green": 1}),
                                        ("beans1", {"beans": 0, "milk": 1, "sugar": 0, "green": 1})]
    assert green_payments({"res": {"beans": 3, "milk": 0, "sugar": 0}}, cost) == []
    assert affordable({"res": {"beans": 0, "milk": 0, "sugar": 0, "green": 2}}, cost)
    assert not affordable({"res": {"beans": 0, "milk": 0, "sugar": 0, "green": 1}}, cost)
    assert affordable({"res": {"beans": 1, "milk": 1, "sugar": 0}}, cost)
    assert not can_pay({"res": {"beans": 1, "milk": 1, "sugar": 0}}, {"green": 1})


def test_serve_moves_with_green_beans_offer_each_payment():
    s = table()
    s["stack"] = []
    s["cursor"] = {"i": 0}
    line(s, P0, "x_super_vegan")
    set_res(s, P0, beans=1, milk=1, sugar=0, green=1)
    settle(s)
    assert ids(s) == ["serve:main", "serve:main:green:milk1", "serve:main:green:beans1",
                      "serve:both:green:sugar1"]
    s2, _, _ = play(s, "serve:both:green:sugar1")
    assert s2["players"][P0]["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 0}
    assert good(s2) == 1 + 1 + 1  # main reward, side reward, one green bean


def test_serve_moves_without_green_beans_are_unchanged():
    s = table()
    s["stack"] = []
    s["cursor"] = {"i": 0}
    line(s, P0, "x_super_vegan")
    set_res(s, P0, beans=1, milk=1, sugar=1)
    settle(s)
    assert ids(s) == ["serve:main", "serve:both"]
    s["players"][P0]["res"]["green"] = 0  # spent all: the same moves as a player who never had any
    assert ids(s) == ["serve:main", "serve:both"]
    set_res(s, P0)
    assert ids(s) == ["serve:main"]
    assert "green" not in new()["players"][0]["res"]


# ------------------------------------------------------------------ Fashionistas: Camp Out
def test_camp_out_puts_a_visible_city_customer_on_top_of_your_deck():
    s = table()
    line(s, P0, "x_fashionista")
    s["players"][P0]["deck"] = ["x_plain0"]
    ability(s, P0, "x_fashionista")
    assert ids(s) == ["city:row1:slot1", "city:row1:slot2", "city:row1:slot3", "city:row1:slot4",
                      "city:row1:discard"]
    row = s["city"][0]
    a, b, c, d = row["slots"]
    nxt = row["deck"][-1]
    s, events, _ = play(s, "city:row1:slot3")
    assert s["players"][P0]["deck"] == ["x_plain0", c]
    assert s["city"][0]["slots"] == [nxt, a, b, d] and good(s) == 0 and top(s) == HOLD
    assert ev(events, "take")[0].params["dest"] == "deck"


def test_super_camp_out_boost_takes_the_discard_top_and_chooses_one():
    s = table()
    line(s, P0, "x_fashionista_super_boost")
    s["city"][0]["slots"][0] = "x_plain2"
    s["city"][0]["discard"].append("x_plain5")
    ability(s, P0, "x_fashionista_super_boost")
    s, _, _ = play(s, "city:row1:discard", "city:row1:slot1")
    assert s["players"][P0]["deck"] == ["x_plain5", "x_plain2"]
    assert ids(s) == ["boost:x_plain5", "boost:x_plain2"]
    s, _, _ = play(s, "boost:x_plain5")
    assert good(s) == 5 and top(s) == HOLD


def test_camp_out_boost_with_one_customer_pays_it():
    s = table()
    line(s, P0, "x_fashionista_boost")
    s["city"][0]["slots"][3] = "x_plain3"
    ability(s, P0, "x_fashionista_boost")
    s, _, _ = play(s, "city:row1:slot4")
    assert good(s) == 3 and top(s) == HOLD


# ------------------------------------------------------------------ Upper Class: Exclusivity
def test_exclusivity_reveals_and_discards_the_deck_top():
    s = table()
    line(s, P0, "x_upper")
    s["players"][P0]["deck"] = ["x_plain1", "x_plain4"]
    cx = ability(s, P0, "x_upper")
    pl = s["players"][P0]
    assert pl["deck"] == ["x_plain1"] and pl["discard"] == ["x_plain4"] and good(s) == 4
    assert cx.reveals
    e = ev(cx.events, "exclusivity")[0]
    assert e.params == {"card": "x_plain4", "n": 4} and e.private_to is None


def test_super_exclusivity_twice_shuffling_the_discard_in():
    s = table()
    line(s, P0, "x_upper_super")
    s["players"][P0]["deck"] = ["x_plain2"]
    s["players"][P0]["discard"] = ["x_plain3"]
    ability(s, P0, "x_upper_super")
    pl = s["players"][P0]
    # first: x_plain2 from the deck; second: the discard (x_plain3 and x_plain2) shuffled in, one discarded
    assert len(pl["deck"]) == 1 and len(pl["discard"]) == 1
    assert good(s) == 2 + 5 - (2 if pl["deck"] == ["x_plain2"] else 3)


def test_exclusivity_with_empty_deck_and_discard_does_nothing():
    s = table()
    line(s, P0, "x_upper")
    cx = ability(s, P0, "x_upper")
    assert good(s) == 0 and ev(cx.events, "exclusivity")[0].params == {"card": None, "n": 0}


# ------------------------------------------------------------------ Board Game Geeks: Board Games
def test_setup_fills_the_bag_only_with_board_game_geeks():
    s = new(district="custom", groups=BGG_KIEZ)
    bag = s["board_games"]["bag"]
    assert sorted(bag) == sorted(TDB.groups["board_game_geeks"]["tokens"]) and len(bag) == 10
    assert s["board_games"]["discard"] == []
    assert "board_games" not in new()
    assert TGAME.view(s, 0)["board_games"] == {"bag_count": 10, "discard": []}


def test_board_games_mel_example():
    """Booklet p. 17: Mel draws 1 token for the Rules Lawyer, does not activate it and puts it
    on the Stroller Parent (4 reward icons).  Serving the Stroller Parent later skips its
    Naptime and gives 5 - 4 = 1 extra Good Review besides the main order's 2."""
    s = table(district="custom", groups=BGG_KIEZ)
    bag_top(s, "beans3")  # the drawn token
    line(s, P0, "x_rules_lawyer", "x_stroller_parent", "x_plain1", served=1)
    ability(s, P0, "x_rules_lawyer")
    assert top(s) == "board_games" and s["stack"][-1]["drawn"] == ["beans3"]
    assert ids(s) == ["board_game:beans3:activate", "board_game:beans3:x_stroller_parent",
                      "board_game:beans3:x_plain1"]
    beans = s["players"][P0]["res"]["beans"]
    s, events, _ = play(s, "board_game:beans3:x_stroller_parent")
    assert entry(s, P0, "x_stroller_parent")["game"] == "beans3" and s["players"][P0]["res"]["beans"] == beans
    assert top(s) == HOLD and len(s["board_games"]["bag"]) == 9
    # next turn: serve the Stroller Parent's main order
    s["stack"] = []
    s["cursor"] = {"i": 0}
    s["players"][P0]["res"]["beans"] = 1
    line_before = good(s)
    settle(s)
    s, events, _ = play(s, "serve:main")
    assert good(s) - line_before == 2 + 1
    assert ev(events, "board_game_bonus")[0].params == {"card": "x_stroller_parent", "token": "beans3", "n": 1}
    assert "seize.ability" not in [e.code for e in events] and top(s) == "serve"  # no Naptime decision
    assert entry(s, P0, "x_stroller_parent")["game"] == "beans3"  # discarded only with the customer


def test_board_games_activate_the_bonus_icon_and_discard_the_token():
    s = table(district="custom", groups=BGG_KIEZ)
    bag_top(s, "beans3")
    line(s, P0, "x_rules_lawyer", served=1)
    ability(s, P0, "x_rules_lawyer")
    assert ids(s) == ["board_game:beans3:activate"]  # no un-served customer to carry it
    beans = s["players"][P0]["res"]["beans"]
    s, _, _ = play(s, "board_game:beans3:activate")
    assert s["players"][P0]["res"]["beans"] == beans + 3 and s["board_games"]["discard"] == ["beans3"]
    assert top(s) == HOLD


def test_super_board_games_draws_two_at_once_and_uses_both():
    s = table(district="custom", groups=BGG_KIEZ)
    bag_top(s, "hype", "good_review")
    line(s, P0, "x_geek_super", "x_plain1", "x_plain2", served=1)
    entry(s, P0, "x_plain2")["game"] = "milk3"
    cx = ability(s, P0, "x_geek_super")
    assert s["stack"][-1]["drawn"] == ["good_review", "hype"] and cx.reveals
    assert ev(cx.events, "board_games_drawn")[0].params == {"tokens": ["good_review", "hype"]}
    assert ids(s) == ["board_game:good_review:activate", "board_game:good_review:x_plain1",
                      "board_game:hype:activate", "board_game:hype:x_plain1"]
    s, _, _ = play(s, "board_game:hype:x_plain1")
    assert ids(s) == ["board_game:good_review:activate"]
    s, _, _ = play(s, "board_game:good_review:activate")
    assert good(s) == 1 and entry(s, P0, "x_plain1")["game"] == "hype" and top(s) == HOLD


def test_board_games_boost_draws_three_uses_one_discards_the_rest():
    s = table(district="custom", groups=BGG_KIEZ)
    bag_top(s, "sugar3", "hype", "good_review")
    line(s, P0, "x_geek_boost", served=1)
    ability(s, P0, "x_geek_boost")
    assert sorted(s["stack"][-1]["drawn"]) == ["good_review", "hype", "sugar3"]
    assert "boost" not in [f["t"] for f in s["stack"]]  # this boost is the bigger draw, not reviews
    s, events, _ = play(s, "board_game:sugar3:activate")
    assert s["players"][P0]["res"]["sugar"] == 3 and top(s) == HOLD
    assert sorted(s["board_games"]["discard"]) == ["good_review", "hype", "sugar3"]
    assert sorted(ev(events, "board_games_unused")[0].params["tokens"]) == ["good_review", "hype"]
    assert len(s["board_games"]["bag"]) == 7


def test_super_board_games_boost_uses_two_of_three():
    s = table(district="custom", groups=BGG_KIEZ)
    bag_top(s, "sugar3", "hype", "good_review")
    line(s, P0, "x_geek_super_boost", served=1)
    ability(s, P0, "x_geek_super_boost")
    s, _, _ = play(s, "board_game:good_review:activate", "board_game:hype:activate")
    assert good(s) == 1 and s["players"][P0]["hype"] == 3 and top(s) == HOLD
    assert s["board_games"]["discard"] == ["good_review", "hype", "sugar3"]


def test_board_games_empty_bag_shuffles_the_discard_back_in():
    s = table(district="custom", groups=BGG_KIEZ)
    s["board_games"]["discard"] = s["board_games"]["bag"][:1]
    s["board_games"]["bag"] = []
    line(s, P0, "x_geek_super")
    cx = ability(s, P0, "x_geek_super")
    assert len(s["stack"][-1]["drawn"]) == 1 and s["board_games"] == {"bag": [], "discard": []}
    assert "seize.board_games_reshuffle" in [e.code for e in cx.events]
    s["stack"].pop()
    cx = ability(s, P0, "x_geek_super")  # no token anywhere: nothing to use
    assert top(s) == HOLD


def test_board_game_bonus_is_never_negative():
    s = table(district="custom", groups=BGG_KIEZ)
    s["stack"] = []
    s["cursor"] = {"i": 0}
    line(s, P0, "x_plain6")
    entry(s, P0, "x_plain6")["game"] = "hype"
    set_res(s, P0, beans=1)
    settle(s)
    s, events, _ = play(s, "serve:main")
    assert good(s) == 6 and ev(events, "board_game_bonus")[0].params["n"] == 0
    assert s["players"][P0]["hype"] == 2  # no Hype ability either


def test_board_game_token_goes_to_the_discard_with_its_customer():
    s = table(district="custom", groups=BGG_KIEZ)
    line(s, P0, "x_plain1", "x_plain2")
    entry(s, P0, "x_plain1")["game"] = "hype"
    entry(s, P0, "x_plain2").update(game="milk3", happy=1)
    _discard_lines(s, ctx(), turn_order(s))
    assert s["board_games"]["discard"] == ["hype"] and s["players"][P0]["line"][0]["game"] == "milk3"


def test_determinizer_reshuffles_the_bag_and_keeps_line_tokens():
    s = new(district="custom", groups=BGG_KIEZ)  # every card where it belongs: views add up
    s["phase"] = "service"
    s["stack"] = []
    s["cursor"] = {"i": 0}
    for cid in ("x_geek_boost", "x_plain1", "x_plain2"):
        pluck(s, cid)
        s["players"][P0]["line"].append(line_entry(cid))
    bag = s["board_games"]["bag"]
    tok = bag.pop()
    s["board_games"]["discard"].append(bag.pop())
    entry(s, P0, "x_plain1")["game"] = tok
    entry(s, P0, "x_plain2")["nap"] = True
    s["players"][P0]["res"]["beans"] = 1
    settle(s)
    s, _, _ = play(s, "serve:main")  # the boost draws 3 tokens: a pending frame with public tokens
    assert top(s) == "board_games"
    for viewer in (P0, P1):
        view = TGAME.view(s, viewer)
        assert view["board_games"]["bag_count"] == len(s["board_games"]["bag"]) == 5
        det = SeizeDeterminizer(TDB, view, viewer)
        orders = set()
        for k in range(5):
            sample = det.sample(Rng(k + 1))
            assert sorted(sample["board_games"]["bag"]) == sorted(s["board_games"]["bag"])
            assert build_view(sample, viewer, TDB) == view
            orders.add(tuple(sample["board_games"]["bag"]))
        assert len(orders) > 1


# ------------------------------------------------------------------ the view of the new decisions
def test_views_describe_the_new_decisions():
    s = table(district="custom", groups=BGG_KIEZ)
    line(s, P0, "x_performer_boost", "x_plain1", "x_expat", "x_super_vegan", "x_fashionista", "x_geek_super")
    s["players"][P0]["discard"] = ["x_plain3"]
    set_res(s, P0, beans=1)

    def decision(viewer=P1):
        return TGAME.view(s, viewer)["decision"]

    ability(s, P0, "x_performer_boost")
    assert decision() == {"kind": "acting", "player": P0, "phase": "service", "reason": "acting",
                          "performer": "x_performer_boost", "excluded": [], "boost": True}
    s["stack"].pop()
    ability(s, P0, "x_expat")
    assert decision() == {"kind": "meet_up", "player": P0, "phase": "service", "reason": "meet_up",
                          "discard_count": 1}
    s["stack"].pop()
    ability(s, P0, "x_super_vegan")
    assert decision()["remaining"] == 2 and decision()["kind"] == "fair_trade"
    s["stack"].pop()
    ability(s, P0, "x_fashionista")
    d = decision()
    assert (d["kind"], d["row"], d["dest"], d["reason"], d["boost"]) == ("camp_out", 1, "deck", "camp_out", False)
    s["stack"].pop()
    ability(s, P0, "x_geek_super")
    d = decision()
    assert d["kind"] == "board_games" and len(d["tokens"]) == 2 and d["remaining"] == 2
    s["stack"].pop()
    line(s, P0, "x_family", "x_plain1")
    ability(s, P0, "x_family")
    assert decision()["reason"] == "naptime"
    s["stack"].pop()
    ability(s, P0, "x_local")
    assert decision()["kind"] == "regular"
