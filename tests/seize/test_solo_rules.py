"""Starbots' rules (booklet "Mode Solo"), the worked examples with exact numbers,
and every action token's effect.

Starbots is seat 1 of the state; the human is seat 0.  Starbots' steps are run
directly (``turn``/``step``/``wom``) on tables prepared with the helpers.
"""
from __future__ import annotations

import json

import pytest

from brewhouse.core.lessons import expected
from brewhouse.seize.model import Ctx
from brewhouse.seize.phases import _hype_phase, turn_order

from .helpers import DB, GAME, all_cards, codes, give, ids, play, set_slots, settle
from .solo_helpers import BOT, HUMAN, card_id, solo_expected_cards, solo_new, stack_deck, step, turn, wom


def bot(s):
    return s["players"][BOT]


def me(s):
    return s["players"][HUMAN]


# ------------------------------------------------------------------ action cards
def test_action_card_picks_the_space_and_goes_face_up_to_the_discard():
    s = solo_new(1)
    stack_deck(s, ("beans", 2))
    cx = turn(s)
    assert bot(s)["baristas"] == ["beans"]
    assert s["solo"]["discard"] == [card_id("beans", 2)]
    assert bot(s)["hype"] == 3  # Starting token, first row: Hype
    assert cx.reveals and "seize.starbots_card" in codes(cx.events)


def test_card_for_a_taken_space_is_discarded_and_another_drawn():
    s = solo_new(1)
    bot(s)["baristas"] = ["milk"]
    stack_deck(s, ("milk", 1), ("milk", 2), ("beans", 3))
    cx = turn(s)
    assert bot(s)["baristas"] == ["milk", "beans"]
    assert s["solo"]["discard"] == [card_id("milk", 1), card_id("milk", 2), card_id("beans", 3)]
    assert codes(cx.events).count("seize.starbots_redraw") == 2


def test_discard_is_reshuffled_when_one_card_is_left():
    s = solo_new(1)
    stack_deck(s, ("upgrade_pantry", 1), ("attract", 3))
    sd = s["solo"]
    keep = sd["deck"][-3:]          # the two stacked cards and one more
    sd["discard"] = sd["deck"][:-3]
    sd["deck"] = keep
    cx = turn(s)                    # action card (2 left), decision card (1 left): reshuffle
    assert len(sd["deck"]) == 20 and sd["discard"] == []
    assert "seize.starbots_reshuffle" in codes(cx.events)
    assert len(bot(s)["pantry"]) == 1


def test_no_reshuffle_while_two_or_more_cards_are_left():
    s = solo_new(1)
    stack_deck(s, ("beans", 2))
    sd = s["solo"]
    sd["discard"] = sd["deck"][:-3]
    sd["deck"] = sd["deck"][-3:]
    turn(s)
    assert len(sd["deck"]) == 2 and len(sd["discard"]) == 18


@pytest.mark.parametrize("number,where", [(1, 0), (2, 1), (3, 2), (4, 3), (5, "discard")])
def test_decision_card_number_is_the_city_column_left_to_right(number, where):
    s = solo_new(1)
    row = s["city"][1]
    want = row["discard"][-1] if where == "discard" else row["slots"][where]
    space = "upgrade_style" if number != 4 else "attract"
    stack_deck(s, ("upgrade_pantry", 1), (space, number))
    turn(s)
    assert bot(s)["pantry"] == [want]


def test_taking_the_discards_only_card_slides_the_row_as_for_a_player():
    s = solo_new(1)
    row = s["city"][1]
    a, b, c, d = row["slots"]
    only, top = row["discard"][-1], row["deck"][-1]
    stack_deck(s, ("upgrade_pantry", 1), ("upgrade_style", 5))
    cx = turn(s)
    assert bot(s)["pantry"] == [only]
    assert row["slots"] == [top, a, b, c] and row["discard"] == [d] and cx.reveals


def test_empty_column_falls_back_to_the_rightmost_card():
    s = solo_new(1)
    s["city"][1]["discard"] = []    # (test table) nothing on the pantry discard: column 5 is empty
    want = s["city"][1]["slots"][3]
    stack_deck(s, ("upgrade_pantry", 1), ("milk", 5))
    turn(s)
    assert bot(s)["pantry"] == [want]


def test_book_example_upgrade_pantry_takes_the_third_card_and_places_a_token():
    """Action card: Upgrade Pantry; second card number 3: the third pantry card of the City
    goes to Starbots' pantry; the upgrade token goes next to the second card's action."""
    s = solo_new(1)
    row = s["city"][1]
    a, b, c, d = row["slots"]
    top = row["deck"][-1]
    s["solo"]["tokens"].append("hype")          # the token drawn next
    n_tokens = len(s["solo"]["tokens"])
    stack_deck(s, ("upgrade_pantry", 1), ("attract", 3))
    turn(s)
    assert bot(s)["baristas"] == expected("seize", "starbots", "starbots_space")
    assert bot(s)["pantry"] == [c]
    assert row["slots"] == [top, a, b, d]      # usual City shift and refill
    assert s["solo"]["upgrades"]["attract"] == expected("seize", "starbots", "starbots_token")
    assert len(s["solo"]["tokens"]) == n_tokens - 1


def test_pantry_cards_stack_like_a_players():
    s = solo_new(1)
    stack_deck(s, ("upgrade_pantry", 1), ("beans", 2))
    turn(s)
    first = bot(s)["pantry"][0]
    bot(s)["baristas"] = []
    stack_deck(s, ("upgrade_pantry", 3), ("beans", 4))
    turn(s)
    assert bot(s)["pantry"][0] == first and len(bot(s)["pantry"]) == 2


def test_book_example_upgraded_attract_steals_then_gains_a_good_review():
    """Competitive token on Attract plus a Good Review upgrade token: Starbots steals your top
    customer, then takes 1 Good Review from the City."""
    s = solo_new(2)
    s["solo"]["upgrades"]["attract"] = ["good_review"]
    top = me(s)["deck"][-1]
    deck_before = len(me(s)["deck"])
    stack_deck(s, ("attract", 1))
    cx = turn(s)
    assert bot(s)["deck"] == [top] and len(me(s)["deck"]) == deck_before - 1
    assert bot(s)["good"] == 1 and s["pool"] == 39
    steps = [e.params["step"] for e in cx.events if e.code == "seize.starbots_step"]
    assert steps == ["steal_customer", "good_review"]   # base icon first, then outward
    stolen = [e for e in cx.events if e.code == "seize.starbots_steal_customer"][0]
    assert stolen.visible_to(HUMAN)["params"] == {} and stolen.visible_to(None)["params"] == {}


def test_all_upgrade_tokens_activate_no_limit_of_four():
    s = solo_new(1)
    s["solo"]["upgrades"]["beans"] = ["good_review", "good_review_2", "hype", "good_review", "hype"]
    stack_deck(s, ("beans", 2))
    turn(s)
    # Starting (Hype) + 5 tokens: 1 + 2 + 1 Good Reviews and Hype 2 -> 5
    assert bot(s)["hype"] == 5 and bot(s)["good"] == 4 and s["pool"] == 36


def test_tokens_are_fixed_when_the_barista_is_placed():
    s = solo_new(1)
    s["solo"]["tokens"].append("good_review_2")
    stack_deck(s, ("upgrade_style", 1), ("upgrade_style", 2))
    turn(s)
    assert s["solo"]["upgrades"]["upgrade_style"] == ["good_review_2"]
    assert bot(s)["good"] == 0                  # it waits for a later Upgrade Style action


def test_upgrade_tokens_run_out_quietly():
    s = solo_new(1)
    s["solo"]["tokens"] = []
    stack_deck(s, ("upgrade_style", 1), ("upgrade_style", 2))
    turn(s)
    assert len(bot(s)["style"]) == 1 and all(v == [] for v in s["solo"]["upgrades"].values())


def test_attract_puts_the_customer_face_down_in_starbots_deck():
    s = solo_new(1)
    want = s["city"][0]["slots"][1]
    stack_deck(s, ("attract", 1), ("beans", 2))
    turn(s)
    assert bot(s)["deck"] == [want] and bot(s)["discard"] == [] and bot(s)["line"] == []
    v = GAME.view(s, HUMAN)["players"][BOT]
    assert v["deck_count"] == 1 and v["line"] == [] and v["discard"] is None


def test_empty_city_row_draws_no_decision_card():
    s = solo_new(1)
    row = s["city"][2]
    row["deck"] += [c for c in row["slots"] if c] + row["discard"]
    row["slots"], row["discard"] = [None] * 4, []
    row["deck"], parked = [], row["deck"]
    stack_deck(s, ("upgrade_style", 1))
    cx = turn(s)
    assert len(s["solo"]["discard"]) == 1 and bot(s)["style"] == []
    assert "seize.starbots_nothing" in codes(cx.events)
    row["deck"] = parked


# ------------------------------------------------------------------ action tokens
def run_space(level, space, *decisions, seed=0, prep=None):
    s = solo_new(level, seed=seed)
    if prep:
        prep(s)
    stack_deck(s, (space, next(n for n in range(1, 6) if _has(space, n))), *decisions)
    cx = turn(s)
    return s, cx


def _has(space, n):
    try:
        card_id(space, n)
        return True
    except KeyError:
        return False


def test_starting_token():
    s, _ = run_space(1, "beans")
    assert bot(s)["hype"] == 3
    s, _ = run_space(1, "milk")
    assert bot(s)["good"] == 1 and s["pool"] == 39


def test_criminal_token():
    s, _ = run_space(3, "beans")
    assert me(s)["bad"] == 1 and bot(s)["hype"] == 3
    s, cx = run_space(3, "milk")          # you hold 5 beans + 1 milk: return one of each you have
    assert me(s)["res"] == {"beans": 4, "milk": 0, "sugar": 0}
    ev = [e for e in cx.events if e.code == "seize.resources_returned"][0]
    assert ev.player == HUMAN and ev.params["res"] == {"beans": 1, "milk": 1}
    s, _ = run_space(3, "milk", prep=lambda t: t["players"][HUMAN].update(res={"beans": 2, "milk": 3, "sugar": 1}))
    assert me(s)["res"] == {"beans": 1, "milk": 2, "sugar": 0}
    s, _ = run_space(3, "milk", prep=lambda t: t["players"][HUMAN].update(res={"beans": 0, "milk": 0, "sugar": 0}))
    assert me(s)["res"] == {"beans": 0, "milk": 0, "sugar": 0} and me(s)["bad"] == 0


def test_slow_token():
    s, _ = run_space(5, "beans", ("attract", 2))
    assert len(bot(s)["deck"]) == 1 and bot(s)["hype"] == 3
    s, cx = run_space(5, "milk", ("attract", 2))
    assert len(bot(s)["deck"]) == 1 and me(s)["bad"] == 1
    bad = [e for e in cx.events if e.code == "seize.bad_review"]
    assert [(e.player, e.params["why"]) for e in bad] == [(HUMAN, "starbots")]


def test_fast_token():
    s, _ = run_space(10, "beans")
    assert bot(s)["hype"] == 4
    # you hold the full cup, Starbots the empty cup: Early Bird twice = Hype twice
    s, _ = run_space(10, "milk")
    assert s["empty_cup"] == BOT and bot(s)["hype"] == 4
    # Starbots first (full cup): the first Early Bird takes the empty cup, the second gives Hype
    s = solo_new(10, first="starbots")
    bot(s)["baristas"] = []
    stack_deck(s, ("milk", 1))
    turn(s)
    assert s["empty_cup"] == BOT and bot(s)["hype"] == 3


def test_fast_token_hype_at_max_gives_good_reviews():
    s, _ = run_space(10, "beans", prep=lambda t: t["players"][BOT].update(hype=4))
    assert bot(s)["hype"] == 5 and bot(s)["good"] == 1


def test_competitive_token():
    s, _ = run_space(2, "attract")
    assert len(bot(s)["deck"]) == 1 and bot(s)["deck"][0].endswith("@0")
    s, _ = run_space(2, "upgrade_pantry", ("beans", 2))
    assert len(bot(s)["pantry"]) == 1
    s, _ = run_space(2, "upgrade_style", ("beans", 2))
    assert len(bot(s)["style"]) == 1


def test_competitive_steal_reshuffles_your_discard_or_does_nothing():
    s = solo_new(2)
    me(s)["discard"], me(s)["deck"] = me(s)["deck"], []
    stack_deck(s, ("attract", 1))
    cx = turn(s)
    assert len(bot(s)["deck"]) == 1 and len(me(s)["deck"]) == 3 and me(s)["discard"] == []
    assert "seize.reshuffle" in codes(cx.events)
    me(s)["deck"], me(s)["discard"] = [], []
    bot(s)["baristas"] = []
    s["_aside"] = []
    stack_deck(s, ("attract", 2))
    turn(s)
    assert len(bot(s)["deck"]) == 1


def test_attractive_token():
    s, _ = run_space(7, "attract", ("beans", 2), ("beans", 3))
    assert len(bot(s)["deck"]) == 2
    s, _ = run_space(7, "upgrade_pantry", ("beans", 2), ("beans", 3))
    assert len(bot(s)["pantry"]) == 1 and len(bot(s)["deck"]) == 1
    s, _ = run_space(7, "upgrade_style", ("beans", 2), ("beans", 3))
    assert len(bot(s)["style"]) == 1 and len(bot(s)["deck"]) == 1


def test_hyperactive_token():
    s, _ = run_space(11, "attract", ("beans", 2))
    assert len(bot(s)["deck"]) == 1 and bot(s)["hype"] == 3
    s, _ = run_space(11, "upgrade_pantry", ("beans", 2))
    assert len(bot(s)["pantry"]) == 1 and bot(s)["hype"] == 3
    s, _ = run_space(11, "upgrade_style", ("beans", 2))
    assert len(bot(s)["style"]) == 1 and bot(s)["hype"] == 3


def test_boss_token():
    s, cx = run_space(15, "attract", ("beans", 2), ("beans", 3), ("beans", 4))
    assert len(bot(s)["deck"]) == 3
    assert [e.params["use"] for e in cx.events if e.code == "seize.starbots_card"] == ["action"] + ["decision"] * 3
    s, _ = run_space(15, "upgrade_pantry", ("beans", 2), ("milk", 4))
    assert len(bot(s)["pantry"]) == 2
    placed = s["solo"]["upgrades"]
    assert len(placed["beans"]) == 1 and len(placed["milk"]) == 1   # one token per upgrade, by its card
    s, _ = run_space(15, "upgrade_style", ("beans", 2), ("beans", 3))
    assert len(bot(s)["style"]) == 2 and len(s["solo"]["upgrades"]["beans"]) == 2


def test_upgrade_token_effects():
    s = solo_new(1)
    for name, check in (("good_review", lambda t: bot(t)["good"] == 1),
                        ("good_review_2", lambda t: bot(t)["good"] == 3),
                        ("hype", lambda t: bot(t)["hype"] == 3),
                        ("early_bird", lambda t: t["empty_cup"] == BOT and bot(t)["hype"] == 4)):
        stack_deck(s, ("beans", 2))
        step(s, name)
        assert check(s), name
    stack_deck(s, ("beans", 2))
    step(s, "attract")
    assert len(bot(s)["deck"]) == 1


# ------------------------------------------------------------------ the day around Starbots
def test_word_of_mouth_book_example_takes_the_rightmost_match():
    """Starbots has a Hipster pantry upgrade and a Cyclist style upgrade; among 2 Cyclists and
    1 Hipster in the City it takes the rightmost one, the Meal Delivery Rider, onto its deck."""
    s = solo_new(1)
    give(s, BOT, "pantry", ["espresso_tonic"])
    give(s, BOT, "style", ["bike_rack"])
    set_slots(s, 0, ["bike_messenger", "old_weekenders", "hatster", "meal_delivery_rider"],
              discard_top="heartfelt_singer")
    row = s["city"][0]
    top = row["deck"][-1]
    wom(s)
    assert bot(s)["deck"] == expected("seize", "starbots-word-of-mouth", "starbots_deck")  # the Meal Delivery Rider
    assert row["slots"] == [top, "bike_messenger", "old_weekenders", "hatster"]
    assert all_cards(s) == solo_expected_cards(s)


def test_word_of_mouth_rightmost_includes_the_discard_top_and_nothing_matching():
    s = solo_new(1)
    give(s, BOT, "style", ["bike_rack"])
    set_slots(s, 0, ["bike_messenger", "old_weekenders", "hatster", "backpacker"], discard_top="commuter")
    wom(s)
    assert bot(s)["deck"] == ["commuter"]
    s = solo_new(1)
    cx = wom(s)                                   # an empty café matches nothing
    assert bot(s)["deck"] == [] and "seize.starbots_nothing" in codes(cx.events)


def test_word_of_mouth_phase_runs_starbots_automatically():
    s = solo_new(1)
    give(s, BOT, "style", ["bike_rack"])
    set_slots(s, 0, ["bike_messenger", "old_weekenders", "hatster", "backpacker"], discard_top="commuter")
    me(s)["line"] = []
    s["stack"], s["phase"], s["cursor"] = [], "word_of_mouth", {"i": 0}
    s["first"], s["empty_cup"] = BOT, HUMAN
    settle(s)
    assert bot(s)["deck"] == ["commuter"]
    assert GAME.active_player(s) in (HUMAN, None)


def test_starbots_never_draws_customers_in_the_hype_phase():
    s = solo_new(1)
    bot(s)["hype"] = 5
    bot(s)["deck"] = []
    give(s, BOT, "deck", ["hatster", "busker"])
    _hype_phase(s, Ctx(DB), turn_order(s))
    assert bot(s)["line"] == [] and bot(s)["deck"] == ["hatster", "busker"]
    assert len(me(s)["line"]) == 2


def test_a_full_day_alternates_turns_and_passes_the_cups():
    s = solo_new(1, seed=4)
    day = s["day"]
    while s["day"] == day and GAME.active_player(s) is not None:
        assert GAME.active_player(s) == HUMAN
        s = GAME.apply(s, ids(s)[0]).state
    if s["phase"] != "over":
        assert s["first"] == BOT and s["empty_cup"] == HUMAN
        # day 2 starts with Starbots' turn, resolved at once: you decide next
        assert len(bot(s)["baristas"]) == 1 and me(s)["baristas"] == []
        assert GAME.active_player(s) == HUMAN


def test_human_move_into_starbots_turn_is_a_reveal():
    s = solo_new(1)
    s, ev, rev = play(s, "space:milk", "icon:0")
    assert rev and "seize.starbots_turn" in codes(ev)
    assert len(bot(s)["baristas"]) == 1


def test_abilities_never_target_starbots():
    s = solo_new(1)
    give(s, HUMAN, "line", ["busker", "hatster"])
    s["stack"].append({"t": "line_target", "p": HUMAN, "effect": "lose", "opt": True, "why": "lose_customer"})
    assert {m.payload.get("player") for m in GAME.legal_moves(s) if m.id != "skip"} == {HUMAN}
    assert all(m.id.startswith("target:p0:") or m.id == "skip" for m in GAME.legal_moves(s))
    s["stack"][-1]["effect"] = "happy"
    assert all(m.id.startswith("target:p0:") or m.id == "skip" for m in GAME.legal_moves(s))
    assert bot(s)["line"] == []


# ------------------------------------------------------------------ achievements and awards
def test_starbots_achievement_takes_the_first_bonus_in_priority_order():
    s = solo_new(1)
    give(s, BOT, "style", ["edison_bulbs", "reclaimed_wood_bar"])
    set_slots(s, 2, ["typewriter_menu", "bike_rack", "neon_sign", "repair_corner"])
    s["bonus"]["up"] = ["hype", "beans3"]
    stack_deck(s, ("upgrade_style", 1), ("beans", 1 + 1))  # column 2 is bike_rack: no achievement yet
    turn(s)
    assert bot(s)["ach"] == {}
    bot(s)["baristas"] = []
    stack_deck(s, ("upgrade_style", 2), ("beans", 3))      # column 3: neon_sign, 3rd hipster style
    turn(s)
    assert bot(s)["ach"] == {"niche_style": "beans3"}      # lowest first; a resource gives it nothing
    assert s["bonus"]["up"] == ["hype"] and bot(s)["hype"] == 2


def test_starbots_bonus_hype_and_attract_activate():
    s = solo_new(1)
    give(s, BOT, "style", ["edison_bulbs", "reclaimed_wood_bar"])
    set_slots(s, 2, ["typewriter_menu", "bike_rack", "neon_sign", "repair_corner"])
    s["bonus"]["up"] = ["attract", "hype"]
    stack_deck(s, ("upgrade_style", 1), ("beans", 3))
    turn(s)
    assert bot(s)["ach"] == {"niche_style": "hype"} and bot(s)["hype"] == 3
    s = solo_new(1)
    give(s, BOT, "style", ["edison_bulbs", "reclaimed_wood_bar"])
    set_slots(s, 2, ["typewriter_menu", "bike_rack", "neon_sign", "repair_corner"])
    s["bonus"]["up"] = ["attract"]
    stack_deck(s, ("upgrade_style", 1), ("beans", 3), ("milk", 1))
    turn(s)
    assert bot(s)["ach"] == {"niche_style": "attract"} and len(bot(s)["deck"]) == 1


def test_starbots_achievement_without_face_up_bonus():
    s = solo_new(1)
    give(s, BOT, "style", ["edison_bulbs", "reclaimed_wood_bar"])
    set_slots(s, 2, ["typewriter_menu", "bike_rack", "neon_sign", "repair_corner"])
    s["bonus"]["up"] = []
    down = len(s["bonus"]["down"])
    stack_deck(s, ("upgrade_style", 1), ("beans", 3))
    turn(s)
    assert bot(s)["ach"] == {"niche_style": "facedown"} and len(s["bonus"]["down"]) == down - 1


def over(s):
    s["phase"], s["stack"] = "over", []
    return GAME.outcome(s)


def test_scoring_counts_starbots_achievements_awards_and_marks_the_automa():
    s = solo_new(1)
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"] = [], [], []
    s["_aside"] = []
    give(s, BOT, "deck", ["hatster", "trendsetter", "busker"])
    give(s, BOT, "style", ["vinyl_corner"])
    give(s, HUMAN, "discard", ["bike_messenger"])
    bot(s)["good"], bot(s)["ach"] = 7, {"niche_style": "hype"}
    me(s)["good"], me(s)["res"] = 9, {"beans": 0, "milk": 0, "sugar": 0}
    out = over(s)
    b = out.breakdown[BOT]
    assert b["automa"] is True and out.breakdown[HUMAN]["automa"] is False
    assert b["awards"] == {"hipsters": 2, "musicians": 1} and b["achievements"] == 5 and b["resources"] == 0
    assert out.breakdown[HUMAN]["awards"] == {"cyclists": 1}
    assert out.scores == (10.0, 15.0) and out.winners == (BOT,)  # 7 + 5 + 2 + 1


@pytest.mark.parametrize("first,res,winner", [
    ("human", {"beans": 1, "milk": 0, "sugar": 0}, BOT),     # Starbots (0 resources) wins the first tie-break
    ("human", {"beans": 0, "milk": 0, "sugar": 0}, BOT),     # equal: last in the initial turn order
    ("starbots", {"beans": 0, "milk": 0, "sugar": 0}, HUMAN),
    ("starbots", {"beans": 0, "milk": 2, "sugar": 0}, BOT),
])
def test_tie_break(first, res, winner):
    s = solo_new(1, first=first)
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"], pl["pantry"], pl["style"] = [], [], [], [], []
    me(s)["good"], bot(s)["good"], me(s)["res"] = 6, 6, dict(res)
    out = over(s)
    assert out.scores == (6.0, 6.0) and out.winners == (winner,)


def test_human_wins_with_more_reviews_despite_resources():
    s = solo_new(1)
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"] = [], [], []
    me(s)["good"], bot(s)["good"] = 8, 7
    assert over(s).winners == (HUMAN,)


# ------------------------------------------------------------------ views and protocol
def test_view_shows_starbots_public_cafe_and_hides_its_cards():
    s = solo_new(2, seed=9)
    give(s, BOT, "deck", ["hatster", "busker"])
    s["solo"]["upgrades"]["attract"] = ["good_review"]
    for viewer in (HUMAN, None):
        v = GAME.view(s, viewer)
        pv = v["players"][BOT]
        assert pv["automa"] is True and pv["hype"] == 2 and pv["deck_count"] == 2
        assert pv["resources"] == {"beans": 0, "milk": 0, "sugar": 0}
        spaces = {sp["space"]: sp for sp in pv["spaces"]}
        assert spaces["attract"]["actions"] == ["steal_customer"] and spaces["attract"]["tokens"] == ["good_review"]
        assert spaces["beans"]["actions"] == ["hype"] and spaces["sugar"]["usable"] is False
        sv = v["solo"]
        assert (sv["level"], sv["cellar_token"], sv["style_token"]) == (2, "starting", "competitive")
        assert sv["action_deck_count"] == len(s["solo"]["deck"]) and sv["upgrade_tokens_left"] == 16
        # hidden: Starbots' deck contents, the solo deck order, the face-down token pile
        text = json.dumps({k: x for k, x in v.items() if k != "public"})
        assert '"hatster"' not in text and '"busker"' not in text
        for cid in s["solo"]["deck"]:
            assert f'"{cid}"' not in text
        assert "tokens" not in sv


def test_view_shows_the_face_up_action_discard():
    s = solo_new(1)
    stack_deck(s, ("beans", 2))
    turn(s)
    v = GAME.view(s, HUMAN)
    assert v["solo"]["action_discard"] == [{"id": card_id("beans", 2), "number": 2, "space": "beans"}]
    assert v["solo"]["starbots_last"][0]["code"] == "seize.starbots_turn"
