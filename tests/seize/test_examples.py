"""The rulebook's worked examples (French base rules, pages cited) with exact numbers.

Farah and Michi are seats 0 and 1 of a 2-player game unless said otherwise.
Named cards come from our card data (``cards.json``) with the properties the
examples state.  The book's numbers that the "Learn to play" lessons also check
are read from the lessons (``brewhouse/seize/lessons.json``) with :func:`book`,
so they live in one place; each test still builds its own position.
"""
from __future__ import annotations

import pytest

from brewhouse.core.lessons import expected
from brewhouse.seize import city
from brewhouse.seize.cafe import cafe_groups, order_cost
from brewhouse.seize.model import Ctx, add_angry, add_happy, line_entry, lower_hype, raise_hype
from brewhouse.seize.phases import _hype_phase, turn_order

from .helpers import (DB, GAME, GAME_V1, clear_player, codes, give, ids, new, play, push, service,
                      set_slots, settle)

FARAH, MICHI = 0, 1


def book(lesson_id, name):
    """The book's number that the lesson ``lesson_id`` checks under ``name``."""
    return expected("seize", lesson_id, name)


def res(state, p):
    return dict(state["players"][p]["res"])


def set_res(state, p, beans=0, milk=0, sugar=0):
    state["players"][p]["res"] = {"beans": beans, "milk": milk, "sugar": sugar}


# ------------------------------------------------------------------ City (p. 8)
def test_city_take_from_slot_shifts_right_and_refills_slot1():
    s = new()
    row = s["city"][0]
    a, b, c, d = row["slots"]
    top = row["deck"][-1]
    got = city.take(s, Ctx(DB), 0, "slot3")
    assert got == c
    assert row["slots"] == [top, a, b, d]


def test_city_take_discard_top_leaves_no_gap_when_a_card_lies_under_it():
    s = new()
    row = s["city"][0]
    row["discard"].insert(0, row["deck"].pop(0))  # a second card under the discard top
    slots, deck_len, under = list(row["slots"]), len(row["deck"]), row["discard"][:-1]
    top = row["discard"][-1]
    cx = Ctx(DB)
    assert city.take(s, cx, 0, "discard") == top
    assert row["slots"] == slots and len(row["deck"]) == deck_len and row["discard"] == under
    assert len(city.visible(s, 0)) == 5 and not cx.reveals


def test_city_taking_the_discards_only_card_slides_the_row_and_refills_slot1():
    """p. 8: a row always shows 5 cards, its discard top included; an emptied discard column is a gap
    like any other: slot 4 slides onto the discard, the others one step right, slot 1 is drawn."""
    s = new()
    row = s["city"][0]
    a, b, c, d = row["slots"]
    only, top, deck_len = row["discard"][-1], row["deck"][-1], len(row["deck"])
    assert row["discard"] == [only]  # setup deals one card to every discard column
    cx = Ctx(DB)
    assert city.take(s, cx, 0, "discard") == only
    assert row["slots"] == [top, a, b, c] and row["discard"] == [d] and len(row["deck"]) == deck_len - 1
    assert len(city.visible(s, 0)) == 5 and cx.reveals
    assert [e.params for e in cx.events if e.code == "seize.city_refill"] == [{"row": 1, "card": top}]


def test_city_taking_the_discards_only_card_left_a_gap_in_edition_1():
    s = new(game=GAME_V1)
    row = s["city"][0]
    slots, deck_len = list(row["slots"]), len(row["deck"])
    only = row["discard"][-1]
    assert city.take(s, GAME_V1.ctx(), 0, "discard") == only
    assert row["slots"] == slots and len(row["deck"]) == deck_len and row["discard"] == []
    assert len(city.visible(s, 0)) == 4


def test_attract_the_discards_only_card_keeps_five_visible_customers():
    s = new()
    row = s["city"][0]
    a, b, c, d = row["slots"]
    only, top = row["discard"][-1], row["deck"][-1]
    s, ev, rev = play(s, "space:attract", "icon:0", "city:row1:discard")
    assert s["players"][FARAH]["discard"] == [only]
    assert s["city"][0]["slots"] == [top, a, b, c] and s["city"][0]["discard"] == [d]
    assert rev and "seize.city_refill" in codes(ev)


def test_city_has_five_visible_cards_per_row_at_setup():
    s = new(3)
    for r in range(3):
        assert len(city.visible(s, r)) == 5
    assert len(s["city"][0]["deck"]) == 60 - 5
    assert s["pool"] == 50 and len(s["bonus"]["up"]) == 3 and len(s["bonus"]["down"]) == 9


def test_refresh_slides_right_and_draws_into_first_column():
    s = new()
    row = s["city"][1]
    a, b, c, d = row["slots"]
    top = row["deck"][-1]
    city.refresh(s, Ctx(DB), 1)
    assert row["slots"] == [top, a, b, c] and row["discard"][-1] == d


def test_empty_city_deck_is_never_rebuilt_and_triggers_the_end():
    s = new()
    row = s["city"][2]
    while len(row["deck"]) > 1:
        row["discard"].insert(0, row["deck"].pop())
    cx = Ctx(DB)
    city.take(s, cx, 2, "slot2")
    assert s["end"] == "deck_style" and row["deck"] == []
    city.take(s, cx, 2, "slot4")
    assert row["slots"][0] is None  # nothing drawn, discard not reshuffled
    assert len(city.visible(s, 2)) == 3 + 1


# ------------------------------------------------------------------ setup (pp. 5-7)
@pytest.mark.parametrize("n,pool", [(2, book("city", "city_reviews")), (3, 50), (4, 50)])
def test_setup_by_player_count(n, pool):
    s = new(n)
    assert s["pool"] == pool
    for pl in s["players"]:
        assert pl["res"] == book("city", "farah_res")
        assert pl["hype"] == book("city", "farah_hype") and len(pl["deck"]) == 4 and pl["line"] == []
    assert s["first"] == 0 and s["empty_cup"] == 1
    assert GAME.active_player(s) == 0 and GAME.phase(s) == "actions"


# ------------------------------------------------------------------ actions (pp. 10-13)
def test_two_player_action_phase_and_no_second_barista_on_same_space():
    s = new()
    s, ev, _ = play(s, "space:beans", "icon:0")  # Farah scoops: 6 beans in digital play
    assert res(s, FARAH)["beans"] == book("actions", "farah_beans")  # 5 + 6
    assert s["players"][FARAH]["baristas"] == book("actions", "farah_baristas")
    assert GAME.active_player(s) == MICHI
    visible_customer = s["city"][0]["slots"][0]
    s, ev, _ = play(s, "space:attract", "icon:0", "city:row1:slot1")
    assert visible_customer in s["players"][MICHI]["discard"]
    assert GAME.active_player(s) == FARAH
    assert "space:beans" not in ids(s) and len(ids(s)) == 5


def test_upgraded_sugar_action_bakery_partnership():
    """p. 12-13: Bakery Partnership adds a 3-sugar icon: base 3 + added 3 = 6 sugar."""
    s = new()
    set_slots(s, 1, ["bakery_partnership", None, None, None])
    s, _, _ = play(s, "space:beans", "icon:0", "space:attract", "icon:0", "city:row1:slot1")
    s, _, _ = play(s, "space:upgrade_pantry", "icon:0", "city:row2:slot1")
    assert s["players"][FARAH]["pantry"] == book("actions", "farah_pantry")
    s2 = new()
    give(s2, FARAH, "pantry", ["bakery_partnership"])
    s2, _, _ = play(s2, "space:sugar")
    assert ids(s2) == ["icon:0", "icon:1"]  # 2 icons: both must be activated
    s2, _, _ = play(s2, "icon:1", "icon:0")
    assert res(s2, FARAH)["sugar"] == book("upgrades", "farah_sugar") and GAME.active_player(s2) == MICHI


def test_yerba_mate_milk_covers_the_cyclists_group_icon():
    s = new()
    give(s, FARAH, "pantry", ["bakery_partnership", "yerba_mate_milk"])
    assert cafe_groups(s["players"][FARAH], DB) == {"start_uppers"}


def test_upgraded_milk_action_choose_four_of_five():
    """p. 13: five milk-row icons; Farah activates 2, 2 and 3 milk (7) and Early Bird."""
    s = new()
    give(s, FARAH, "pantry", ["bakery_partnership", "yerba_mate_milk", "glazed_donut_box", "guidebook_espresso"])
    s, _, _ = play(s, "space:milk")
    icons = [m.payload["icon"] for m in GAME.legal_moves(s)]
    assert icons == ["milk3", "milk2", "milk2", "early_bird", "milk1"]
    s, ev, _ = play(s, "icon:1", "icon:2", "icon:0", "icon:3")
    assert res(s, FARAH)["milk"] == book("four-icons", "farah_milk")  # 1 + 7
    assert s["empty_cup"] == book("four-icons", "empty_cup") == FARAH and "seize.empty_cup" in codes(ev)
    assert GAME.active_player(s) == MICHI  # exactly 4 activated, the 1-milk icon is not


def test_base_icon_may_be_skipped_when_four_added_icons_are_activated():
    s = new()
    give(s, FARAH, "pantry", ["bakery_partnership", "yerba_mate_milk", "glazed_donut_box", "guidebook_espresso"])
    s, _, _ = play(s, "space:milk", "icon:1", "icon:2", "icon:3", "icon:4")
    assert res(s, FARAH)["milk"] == 1 + 5 and GAME.active_player(s) == MICHI


def test_icons_added_during_the_action_are_not_available():
    s = new()
    set_slots(s, 2, ["piano_corner", None, None, None])  # adds an upgrade_style icon
    s, _, _ = play(s, "space:upgrade_style", "icon:0", "city:row3:slot1")
    assert s["players"][FARAH]["style"] == ["piano_corner"]
    assert GAME.active_player(s) == MICHI


# ------------------------------------------------------------------ achievements (p. 14)
def test_pantry_variety_unlocks_and_bonus_is_activated():
    s = new()
    give(s, FARAH, "pantry", ["bakery_partnership", "yerba_mate_milk", "glazed_donut_box", "guidebook_espresso"])
    set_slots(s, 1, ["double_shot_bottle", None, None, None])
    s["bonus"]["up"] = ["beans3", "hype"]
    s, ev, _ = play(s, "space:upgrade_pantry", "icon:0", "city:row2:slot1")
    assert "seize.achievement" in codes(ev)
    assert sorted(ids(s)) == ["bonus:beans3", "bonus:hype"]
    beans = res(s, FARAH)["beans"]
    s, ev, _ = play(s, "bonus:beans3")
    assert res(s, FARAH)["beans"] == beans + 3
    assert s["players"][FARAH]["ach"] == {"pantry_variety": "beans3"}
    assert s["bonus"]["up"] == ["hype"]


def test_achievement_without_bonus_left_takes_a_face_down_token():
    s = new()
    give(s, FARAH, "style", ["edison_bulbs", "reclaimed_wood_bar"])
    set_slots(s, 2, ["typewriter_menu", None, None, None])
    s["bonus"]["up"] = []
    down = len(s["bonus"]["down"])
    s, ev, _ = play(s, "space:upgrade_style", "icon:0", "city:row3:slot1")
    assert s["players"][FARAH]["ach"] == {"niche_style": "facedown"}
    s, _, _ = play(s, "icon:1")  # Reclaimed Wood Bar's Hype icon
    assert len(s["bonus"]["down"]) == down - 1 and GAME.active_player(s) == MICHI


def test_each_achievement_only_once():
    s = new()
    give(s, FARAH, "style", ["edison_bulbs", "reclaimed_wood_bar", "typewriter_menu"])
    s["players"][FARAH]["ach"] = {"niche_style": "hype"}
    set_slots(s, 2, ["neon_sign", None, None, None])
    s, ev, _ = play(s, "space:upgrade_style", "icon:0", "city:row3:slot1", "icon:1")
    assert "seize.achievement" not in codes(ev) and GAME.active_player(s) == MICHI


# ------------------------------------------------------------------ Hype (pp. 15-16)
def test_hype_phase_reshuffles_only_when_a_draw_is_needed():
    s = new()
    p = MICHI
    clear_player(s, p)
    give(s, p, "line", ["hatster"])
    give(s, p, "deck", ["trendsetter"])
    give(s, p, "discard", ["busker", "cellist"])
    s["players"][FARAH]["hype"] = 0  # keep the other café out of it
    cx = Ctx(DB)
    _hype_phase(s, cx, turn_order(s))
    line = [e["id"] for e in s["players"][p]["line"]]
    assert line[:2] == [book("hype", "michi_kept"), book("hype", "michi_first_draw")]
    assert len(line) == 3 and line[2] in ("busker", "cellist")
    assert len(s["players"][p]["deck"]) == 1 and s["players"][p]["discard"] == book("hype", "michi_discard")
    assert cx.reveals and "seize.reshuffle" in codes(cx.events)


def test_max_hype_flip_gives_nothing_then_reviews_and_flips_back():
    s = new()
    cx = Ctx(DB)
    pl = s["players"][MICHI]
    pl["hype"] = 4
    raise_hype(s, cx, MICHI)
    assert pl["hype"] == 5 and pl["good"] == 0 and "seize.max_hype" in codes(cx.events)
    raise_hype(s, cx, MICHI)
    raise_hype(s, cx, MICHI)
    assert pl["hype"] == 5 and pl["good"] == 2
    lower_hype(s, cx, MICHI)
    assert pl["hype"] == 4 and GAME.view(s, 0)["players"][MICHI]["max_hype"] is False
    for _ in range(5):
        lower_hype(s, cx, MICHI)
    assert pl["hype"] == 1


# ------------------------------------------------------------------ tokens (p. 17)
def test_happy_and_angry_token_arithmetic():
    e = line_entry("trendsetter")
    assert add_angry(e, DB) and e == {"id": "trendsetter", "happy": 0, "angry": True}
    add_happy(e)  # happy on angry: both go
    assert e["happy"] == 0 and not e["angry"]
    add_happy(e)
    add_happy(e)
    add_angry(e, DB)  # angry on happy: one happy goes
    assert e["happy"] == 1 and not e["angry"]
    add_angry(e, DB)
    add_angry(e, DB)
    assert e["happy"] == 0 and e["angry"]
    assert add_angry(e, DB) is False  # at most one angry token
    g = line_entry("grandma@0")
    assert add_angry(g, DB) is False and not g["angry"]  # Patience


# ------------------------------------------------------------------ costs (p. 18)
def test_costs_with_pantry_discounts():
    pl = {"pantry": [], "res": {}}
    assert order_cost(pl, ["hq_coffee"], DB) == {"beans": 2, "milk": 0, "sugar": 0}
    pl["pantry"] = ["green_room_croissants"]
    assert order_cost(pl, ["croissant"], DB)["sugar"] == 1
    assert order_cost(pl, ["pie"], DB)["sugar"] == 2
    assert order_cost(pl, ["any_snack"], DB)["sugar"] == 1  # any snack matches the croissant
    pl["pantry"] = ["green_room_croissants", "sourdough_croissant"]
    assert order_cost(pl, ["croissant", "croissant"], DB)["sugar"] == 2  # no extra discount
    pl["pantry"] = ["yerba_mate_milk"]
    assert order_cost(pl, ["beans", "soy_milk", "angry"], DB) == {"beans": 1, "milk": 1, "sugar": 0}
    assert order_cost(pl, ["any_snack"], DB)["sugar"] == 2


def test_reward_icon_counts_of_named_customers():
    def count(cid):
        c = DB.card(cid)
        return len(c["main"]["reward"]) + len(c.get("side", {"reward": []})["reward"])
    assert count("ux_designer") == 3 and len(DB.card("ux_designer")["main"]["reward"]) == 2
    assert count("old_weekenders") == 4
    assert DB.card("old_weekenders")["main"]["reward"] == ["good_review"] * 3
    assert DB.card("old_weekenders")["side"]["reward"] == ["happy"]


# ------------------------------------------------------------------ service (pp. 16-21)
def michi_service_table():
    """Michi's café in the Service and Word of Mouth examples (Michi serves first)."""
    s = new(seed=3)
    s["first"], s["empty_cup"] = MICHI, FARAH
    for p in (FARAH, MICHI):
        clear_player(s, p)
    give(s, MICHI, "pantry", ["green_room_croissants"])  # musicians icon, croissant
    give(s, MICHI, "style", ["souvenir_shelf", "open_mic_stage"])  # tourists, musicians
    give(s, MICHI, "line", ["hatster", "ux_designer", "heartfelt_singer"])
    set_res(s, MICHI, beans=2, milk=0, sugar=3)
    s["players"][MICHI]["hype"] = 2
    set_slots(s, 0, ["trendsetter", "bowl_hat_hipster", "old_weekenders", "product_owner"], discard_top="club_kid")
    return service(s)


def test_service_example_part_1_hatster_and_ux_designer():
    service_part_1()


def service_part_1():
    s = michi_service_table()
    assert GAME.active_player(s) == MICHI
    assert ids(s) == ["serve:main", "serve:both"]
    s, ev, _ = play(s, "serve:both")
    pl = s["players"][MICHI]
    # 2 beans for high-quality coffee, 1 sugar for the croissant (croissant in the Pantry)
    assert pl["res"] == book("service-1", "michi_res")
    assert pl["hype"] == book("service-1", "michi_hype")  # side reward Hype (3), then the Hype ability (4)
    assert pl["served"] == 1
    # UX Designer: no milk -> main order cannot be paid, angry, no reward, no ability
    assert ids(s) == ["serve:main"]
    assert GAME.legal_moves(s)[0].payload["main"] is False
    s, ev, _ = play(s, "serve:main")
    assert pl is not s["players"][MICHI]
    pl = s["players"][MICHI]
    assert pl["line"][1] == book("service-1", "ux_angry")
    assert pl["good"] == book("service-1", "michi_good") and "seize.ability" not in codes(ev)
    return s


def test_service_example_part_2_singer_then_line_discard_and_word_of_mouth():
    s = service_part_1()
    assert ids(s) == ["serve:main"]  # the soy milk side order is out of reach
    s, ev, _ = play(s, "serve:main")
    pl = s["players"][MICHI]
    assert pl["res"]["sugar"] == book("service-2", "michi_sugar")  # no pie in the Pantry: 2 sugar
    assert "seize.ability" in codes(ev)
    assert ids(s) == ["target:p1:hatster", "target:p1:ux_designer", "target:p1:heartfelt_singer"]
    s, ev, _ = play(s, "target:p1:hatster")
    # service over: Hatster happy -> 1 Good Review and stays; UX angry -> Bad Review, own discard
    pl = s["players"][MICHI]
    assert pl["good"] == book("service-2", "michi_good") and pl["bad"] == book("service-2", "michi_bad")
    assert pl["line"] == book("service-2", "michi_line")
    assert pl["discard"] == book("service-2", "michi_discard")
    assert GAME.phase(s) == "word_of_mouth" and GAME.active_player(s) == MICHI
    # Word of Mouth (p. 22): hipsters (Hatster in Line) and tourists (style) match; musicians
    # icons find nobody; the UX Designer in the discard pile does not count.
    assert ids(s) == ["city:row1:slot1", "city:row1:slot2", "city:row1:slot3"]
    s, ev, _ = play(s, "city:row1:slot1")
    assert s["players"][MICHI]["discard"] == book("word-of-mouth", "michi_new")  # the Trendsetter joins


def test_skipping_a_happy_customer_removes_one_happy_token():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["trendsetter"], happy=2)
    set_res(s, FARAH, beans=9, milk=9, sugar=9)
    s = service(s)
    assert "skip" in ids(s)
    s, ev, _ = play(s, "skip")
    assert res(s, FARAH)["beans"] == 9
    # then discard: still happy (1) -> review, token removed, stays
    assert s["players"][FARAH]["good"] == 1
    assert s["players"][FARAH]["line"] == [{"id": "trendsetter", "happy": 0, "angry": False}]


def test_neutral_customers_must_be_served_when_affordable():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["beard_barber"])
    set_res(s, FARAH, beans=2)
    s = service(s)
    assert ids(s) == ["serve:main"] and GAME.legal_moves(s)[0].payload["main"] is True


def test_angry_customer_pays_but_gives_nothing():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["trendsetter"])
    s["players"][FARAH]["line"][0]["angry"] = True
    set_res(s, FARAH, beans=5, milk=5)
    s = service(s)
    s, ev, _ = play(s, "serve:main")
    pl = s["players"][FARAH]
    assert pl["res"]["beans"] == 2 and pl["hype"] == 2 and pl["good"] == 0 and pl["bad"] == 0
    assert pl["discard"] == ["trendsetter"]  # neutral again at the end of service


def test_round_robin_service_order():
    s = new(3)
    for p in range(3):
        clear_player(s, p)
    give(s, 0, "line", ["beard_barber", "busker"])
    give(s, 2, "line", ["road_racer"])
    for p in range(3):
        set_res(s, p, 9, 9, 9)
    s = service(s)
    order = []
    while GAME.phase(s) == "service":
        order.append((GAME.active_player(s), GAME.legal_moves(s)[0].payload["customer"]))
        s, _, _ = play(s, "serve:main")
        while GAME.phase(s) == "service" and not ids(s)[0].startswith("serve"):
            s, _, _ = play(s, ids(s)[0])
    assert order == [(0, "beard_barber"), (2, "road_racer"), (0, "busker")]


def test_angry_customer_goes_to_the_city_discard_after_three_bad_reviews():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["trendsetter", "beard_barber"])
    s["players"][FARAH]["bad"] = 2
    set_res(s, FARAH)
    s = service(s)
    s, _, _ = play(s, "serve:main", "serve:main")
    pl = s["players"][FARAH]
    assert pl["bad"] == 4
    assert pl["discard"] == ["trendsetter"]  # third bad review: still ≤ 3
    assert "beard_barber" in s["city"][0]["discard"]


def test_patience_customers_never_get_angry():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["grandma@0"])
    set_res(s, FARAH)
    s = service(s)
    s, ev, _ = play(s, "serve:main")
    assert s["players"][FARAH]["bad"] == 0 and s["players"][FARAH]["discard"] == ["grandma@0"]


def test_angry_order_icon_angers_after_rewards_but_ability_still_runs():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["rowdy_regular"])
    set_res(s, FARAH, beans=2, sugar=1)
    set_slots(s, 0, ["busker", "cellist", None, None])
    s = service(s)
    s, ev, _ = play(s, "serve:both")
    assert s["players"][FARAH]["good"] == 1  # side reward
    e = s["players"][FARAH]["line"][0]
    assert e["angry"]
    assert ids(s)[:2] == ["city:row1:slot1", "city:row1:slot2"]  # Super Walk-in, first of two


def test_friends_and_family_abilities_are_optional():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["popular_friend@0", "lazy_friend@0"])
    set_res(s, FARAH, beans=9)
    s = service(s)
    s, _, _ = play(s, "serve:main")
    assert "skip" in ids(s) and ids(s)[0].startswith("city:row1:")
    s, _, _ = play(s, "skip")
    s, _, _ = play(s, "serve:main")
    assert ids(s) == ["target:p0:popular_friend@0", "target:p0:lazy_friend@0", "skip"]
    s, ev, _ = play(s, "target:p0:lazy_friend@0")  # Lose a Customer: itself
    assert "lazy_friend@0" in s["city"][0]["discard"]
    assert "seize.customer_lost" in codes(ev)


def test_walk_in_customer_is_served_the_same_day():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["club_kid"])
    set_res(s, FARAH, beans=9, sugar=9)
    set_slots(s, 0, ["beard_barber", None, None, None])
    s = service(s)
    s, _, _ = play(s, "serve:main", "city:row1:slot1")
    assert [e["id"] for e in s["players"][FARAH]["line"]] == ["club_kid", "beard_barber"]
    assert GAME.active_player(s) == FARAH and GAME.legal_moves(s)[0].payload["customer"] == "beard_barber"


def test_super_entertain_may_target_the_same_customer_twice():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["songwriter", "busker"])
    set_res(s, FARAH, milk=2)
    s = service(s)
    s, _, _ = play(s, "serve:main", "target:p0:busker", "target:p0:busker")
    assert s["players"][FARAH]["line"][1]["happy"] == 2


def test_overcrowd_lowers_hype_then_word_of_mouth():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["exchange_student"])
    set_res(s, FARAH, sugar=2)
    s["players"][FARAH]["hype"] = 3
    set_slots(s, 0, ["tour_guide", "busker", None, None])
    s = service(s)
    s, _, _ = play(s, "serve:main")
    assert s["players"][FARAH]["hype"] == 2
    assert ids(s) == ["city:row1:slot1"]  # only the tourist matches


# ------------------------------------------------------------------ Delivery & Innovation (p. 27)
def test_delivery_example_meal_delivery_rider_takes_three_beans():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "pantry", ["yerba_mate_milk"])
    give(s, FARAH, "line", ["meal_delivery_rider"])
    set_res(s, FARAH, beans=1, sugar=1)
    s = service(s)
    s, _, _ = play(s, "serve:main")
    assert ids(s) == ["upgrade:yerba_mate_milk:0", "upgrade:yerba_mate_milk:1"]
    s, _, _ = play(s, "upgrade:yerba_mate_milk:0")
    assert res(s, FARAH)["beans"] == book("delivery", "farah_beans")


def test_delivery_action_icon_excludes_its_row_and_other_delivery_icons():
    s = new()
    give(s, FARAH, "pantry", ["energy_donuts", "yerba_mate_milk"])
    s, _, _ = play(s, "space:beans", "icon:1")
    assert ids(s) == ["upgrade:energy_donuts:0", "upgrade:yerba_mate_milk:1"]


def test_super_delivery_needs_two_separate_icons():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "pantry", ["yerba_mate_milk"])
    give(s, FARAH, "line", ["courier_chief"])
    set_res(s, FARAH, beans=2)
    s = service(s)
    s, _, _ = play(s, "serve:main", "upgrade:yerba_mate_milk:0")
    assert ids(s) == ["upgrade:yerba_mate_milk:1"]


def test_innovation_example_headhunter_word_of_mouth():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, MICHI, "style", ["coworking_desks"])
    give(s, MICHI, "line", ["headhunter"])
    set_res(s, MICHI, beans=2, milk=1, sugar=2)
    set_slots(s, 0, ["javascript_engineer", "busker", None, None])
    s = service(s)
    assert GAME.active_player(s) == MICHI
    s, _, _ = play(s, "serve:both")
    assert s["players"][MICHI]["good"] == book("innovation", "michi_good")  # both rewards
    assert ids(s) == ["upgrade:coworking_desks:0"]
    s, _, _ = play(s, "upgrade:coworking_desks:0")
    assert ids(s) == ["city:row1:slot1"]  # the Headhunter in the Line makes start uppers match
    s, _, _ = play(s, "city:row1:slot1")
    assert s["players"][MICHI]["discard"] == book("innovation", "michi_discard")


# ------------------------------------------------------------------ other icons (pp. 28-29)
def test_book_example_connections_combined_with_attract_a_customer():
    """pp. 28-29 (Connexions): two of the four icons Farah chooses for her Attract action are
    Connections and Attract a Customer, so she combines them: she looks at the top 3 cards of the
    City customer deck, which become visible to her, attracts one of them, and puts the other 2
    back in the order she likes.  Her Attract row: base Attract, Connections (Standing Tables),
    Hype (DJ Booth), Hype (Free WiFi), Walk-in (Bike Rack); she activates 4 of the 5."""
    s = new()
    give(s, FARAH, "style", ["standing_tables", "dj_booth", "free_wifi", "bike_rack"])
    row = s["city"][0]
    deck, slots, discard = list(row["deck"]), list(row["slots"]), list(row["discard"])
    top3 = deck[-1:-4:-1]
    s, _, _ = play(s, "space:attract")
    assert ids(s) == ["icon:0", "icon:1:alone:row1", "icon:1:alone:row2", "icon:1:alone:row3",
                      "icon:1:with:0", "icon:2", "icon:3", "icon:4"]
    s, ev, rev = play(s, "icon:1:with:0")
    assert rev and [e.params["icon"] for e in ev if e.code == "seize.activate"] == ["connections", "attract"]
    offered = [m.payload["card"] for m in GAME.legal_moves(s) if m.payload["where"].startswith("peek")]
    assert offered == top3  # the 3 looked-at cards are now visible to Farah, with the 5 of the row
    assert len(ids(s)) == 5 + 3 and "skip" not in ids(s)
    s, _, _ = play(s, "city:row1:peek2")
    assert s["players"][FARAH]["discard"] == [top3[1]]  # attracted: into her own discard pile
    assert sorted(ids(s)) == sorted([f"order:{top3[0]}", f"order:{top3[2]}"])
    s, _, _ = play(s, f"order:{top3[2]}")  # the 2 others go back, top3[2] on top
    assert s["city"][0]["deck"] == deck[:-3] + [top3[0], top3[2]]
    assert s["city"][0]["slots"] == slots and s["city"][0]["discard"] == discard  # nothing to refill
    assert ids(s) == ["icon:2", "icon:3", "icon:4"]  # 2 of her 4 activations are left
    s, _, _ = play(s, "icon:2", "icon:3")
    pl = s["players"][FARAH]
    assert pl["hype"] == 4 and pl["line"] == []  # two Hype; Walk-in was the fifth icon, not activated
    assert GAME.active_player(s) == MICHI


def test_connections_combined_with_upgrade_style():
    s = new()
    give(s, FARAH, "style", ["route_map_wall"])
    s, _, _ = play(s, "space:upgrade_style")
    assert "icon:1:with:0" in ids(s) and "icon:1:alone:row1" in ids(s)
    deck = list(s["city"][2]["deck"])
    top3 = deck[-1:-4:-1]
    s, ev, rev = play(s, "icon:1:with:0")
    assert rev
    assert [m.payload["card"] for m in GAME.legal_moves(s) if "peek" in m.id] == top3
    s, _, _ = play(s, "city:row3:peek2")
    assert s["players"][FARAH]["style"][-1] == top3[1]
    assert sorted(ids(s)) == sorted([f"order:{top3[0]}", f"order:{top3[2]}"])
    s, _, _ = play(s, f"order:{top3[2]}")
    assert s["city"][2]["deck"][-1] == top3[2] and s["city"][2]["deck"][-2] == top3[0]
    assert GAME.active_player(s) == MICHI


def leave_one_card_in_the_style_deck(s):
    """The Style deck keeps its top card; the others go under the Style discard (conservation)."""
    row = s["city"][2]
    while len(row["deck"]) > 1:
        row["discard"].insert(0, row["deck"].pop(0))
    return row["deck"][0]


def test_connections_taking_the_last_card_of_a_city_deck_ends_the_game():
    """p. 8 (Empty City decks): a City deck that runs out triggers the end, whichever way it runs out."""
    s = new()
    give(s, FARAH, "style", ["route_map_wall"])
    last = leave_one_card_in_the_style_deck(s)
    s, _, _ = play(s, "space:upgrade_style", "icon:1:with:0")
    assert [m.payload["card"] for m in GAME.legal_moves(s) if "peek" in m.id] == [last]
    s, ev, _ = play(s, "city:row3:peek1")
    assert s["players"][FARAH]["style"][-1] == last and s["city"][2]["deck"] == []
    assert s["end"] == "deck_style"
    assert [e.params for e in ev if e.code == "seize.end_triggered"] == [{"reason": "deck_style"}]


def test_connections_taking_the_last_card_did_not_end_the_game_in_edition_1():
    s = new(game=GAME_V1)
    give(s, FARAH, "style", ["route_map_wall"])
    last = leave_one_card_in_the_style_deck(s)
    s, ev, _ = play(s, "space:upgrade_style", "icon:1:with:0", "city:row3:peek1", game=GAME_V1)
    assert s["players"][FARAH]["style"][-1] == last and s["city"][2]["deck"] == []
    assert s["end"] is None and "seize.end_triggered" not in codes(ev)


def test_connections_combined_taking_the_discards_only_card_refills_after_the_put_back():
    s = new()
    give(s, FARAH, "style", ["route_map_wall"])
    row = s["city"][2]
    a, b, c, d = row["slots"]
    only = row["discard"][-1]
    deck = list(row["deck"])
    top3 = deck[-1:-4:-1]
    s, _, _ = play(s, "space:upgrade_style", "icon:1:with:0", "city:row3:discard")
    assert s["players"][FARAH]["style"][-1] == only
    assert s["city"][2]["slots"] == [None, a, b, c] and s["city"][2]["discard"] == [d]  # slot 1 waits
    s, _, _ = play(s, f"order:{top3[2]}", f"order:{top3[0]}")
    # the three go back (top3[2] on top), then slot 1 is drawn from the top of the deck
    assert s["city"][2]["slots"] == [top3[2], a, b, c]
    assert s["city"][2]["deck"] == deck[:-3] + [top3[1], top3[0]]
    assert GAME.active_player(s) == MICHI


def test_connections_alone_looks_and_reorders():
    s = new()
    give(s, FARAH, "style", ["route_map_wall"])
    top3 = s["city"][0]["deck"][-1:-4:-1]
    s, _, _ = play(s, "space:upgrade_style", "icon:0", "city:row3:slot1", "icon:1:alone:row1")
    v = GAME.view(s, FARAH)["decision"]
    assert [c["id"] for c in v["cards"]] == top3
    assert "cards" not in GAME.view(s, MICHI)["decision"]
    s, _, _ = play(s, f"order:{top3[2]}", f"order:{top3[1]}")
    assert s["city"][0]["deck"][-3:] == [top3[0], top3[1], top3[2]]


def test_customer_tracking_discard_and_reorder():
    s = new()
    give(s, FARAH, "style", ["whiteboard_wall"])
    deck = list(s["players"][FARAH]["deck"])
    s, _, rev = play(s, "space:attract", "icon:1")
    assert rev and ids(s) == [f"track:keep:{deck[-1]}", f"track:discard:{deck[-1]}"]
    s, _, _ = play(s, f"track:discard:{deck[-1]}", f"track:keep:{deck[-2]}")
    pl = s["players"][FARAH]
    assert pl["discard"] == [deck[-1]] and pl["deck"][-1] == deck[-2] and len(pl["deck"]) == 3
    assert ids(s) == ["icon:0"]  # then the base Attract icon


def test_draw_with_empty_deck_and_discard_gives_a_good_review():
    s = new()
    clear_player(s, FARAH)
    give(s, FARAH, "style", ["hanging_bikes"])
    s, _, _ = play(s, "space:attract", "icon:1")
    assert s["players"][FARAH]["good"] == 1 and s["pool"] == 39


def test_early_bird_takes_the_cup_then_hype_then_review():
    s = new()
    give(s, FARAH, "pantry", ["smart_espresso_machine"])  # early bird on the sugar row
    s, _, _ = play(s, "space:sugar", "icon:1", "icon:0")
    assert s["empty_cup"] == FARAH
    s["players"][FARAH]["baristas"] = []
    s["stack"].append({"t": "place", "p": FARAH})
    s, _, _ = play(s, "space:sugar", "icon:1", "icon:0")
    assert s["players"][FARAH]["hype"] == 3


# ------------------------------------------------------------------ End of day (p. 23)
def test_end_of_day_cups_pass():
    from brewhouse.seize.phases import _end_of_day
    s = new(3)
    _end_of_day(s, Ctx(DB))
    assert (s["first"], s["empty_cup"]) == (1, 2) and s["day"] == 2
    s["empty_cup"] = 1  # the first player stole the empty cup with Early Bird
    _end_of_day(s, Ctx(DB))
    assert (s["first"], s["empty_cup"]) == (1, 2)


def test_end_trigger_finishes_the_day_then_scores():
    s = new()
    s["pool"] = 1
    clear_player(s, FARAH)
    give(s, FARAH, "style", ["hanging_bikes"])
    s, ev, _ = play(s, "space:attract", "icon:1")  # last Good Review of the City
    assert s["end"] == "good_reviews" and "seize.end_triggered" in codes(ev)
    assert GAME.phase(s) == "actions"  # the day goes on
    while GAME.active_player(s) is not None:
        s, _, _ = play(s, ids(s)[0])
    assert s["day"] == 1 and GAME.outcome(s) is not None


# ------------------------------------------------------------------ final scoring (pp. 24-25)
def scoring_table():
    s = new()
    for p in (FARAH, MICHI):
        clear_player(s, p)
    f = s["players"][FARAH]
    f["good"], f["bad"], f["ach"] = 17, 0, {"pantry_variety": "beans3"}
    give(s, FARAH, "pantry", ["bakery_partnership", "yerba_mate_milk", "glazed_donut_box", "double_shot_bottle",
                              "single_origin_sack"])  # top card: hipsters
    give(s, FARAH, "discard", ["hatster", "trendsetter", "bowl_hat_hipster", "vinyl_collector", "beard_barber",
                               "fixie_poet", "thrift_curator", "bike_messenger", "triathlete", "busker"])
    m = s["players"][MICHI]
    m["good"], m["bad"] = 23, 2
    give(s, MICHI, "pantry", ["protein_pie"])  # the cyclists upgrade icon
    give(s, MICHI, "style", ["souvenir_shelf", "open_mic_stage"])  # tourists, musicians
    give(s, MICHI, "line", ["ux_designer", "javascript_engineer"], happy=1)
    give(s, MICHI, "discard", ["headhunter", "product_owner", "pour_over_purist", "craft_roast_fan",
                               "road_racer", "cellist"])
    set_res(s, FARAH, beans=1)
    set_res(s, MICHI, beans=1)
    s["stack"], s["phase"] = [], "over"
    return s


def test_scoring_example_farah_31_michi_29():
    s = scoring_table()
    out = GAME.outcome(s)
    f, m = out.breakdown
    assert f["happy_tokens"] == 0 and f["bad_reviews"] == 0 and f["achievements"] == book("scoring", "farah_achievements")
    assert f["awards"] == book("scoring", "farah_awards")
    assert m["happy_tokens"] == book("scoring", "michi_happy") and m["bad_reviews"] == book("scoring", "michi_bad")
    assert m["achievements"] == 0 and m["awards"] == book("scoring", "michi_awards")
    assert list(out.scores) == book("scoring", "scores") and list(out.winners) == book("scoring", "winners") == [FARAH]


def test_tie_breaks_fewest_resources_then_last_in_initial_order():
    s = scoring_table()
    s["players"][MICHI]["good"] += 2  # 31 each
    assert GAME.outcome(s).scores == (31.0, 31.0)
    set_res(s, FARAH, beans=3)
    assert GAME.outcome(s).winners == (MICHI,)
    set_res(s, FARAH, beans=1)
    assert GAME.outcome(s).winners == (MICHI,)  # still tied: last in the initial turn order
    set_res(s, MICHI, beans=2)
    assert GAME.outcome(s).winners == (FARAH,)


def test_scoop_luck_is_random_four_to_eight():
    seen = set()
    for seed in range(40):
        s = new(seed=seed, scoop_luck=True)
        s, _, rev = play(s, "space:beans", "icon:0")
        assert rev
        seen.add(res(s, FARAH)["beans"] - 5)
    assert seen <= set(range(4, 9)) and len(seen) >= 4


def test_served_and_unserved_customers_example():
    """p. 19: while Michi serves his second customer, the first two count as served."""
    s = service_part_1_first_only()
    line = GAME.view(s, 0)["players"][MICHI]["line"]
    assert [c["served"] for c in line] == [True, True, False]
    assert [c["being_served"] for c in line] == [False, True, False]


def service_part_1_first_only():
    s = michi_service_table()
    s, _, _ = play(s, "serve:both")
    return s


def test_super_hype_at_four():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["pour_over_purist"])
    set_res(s, FARAH, beans=2)
    s["players"][FARAH]["hype"] = 4
    s = service(s)
    s, ev, _ = play(s, "serve:main")
    assert s["players"][FARAH]["hype"] == 5 and s["players"][FARAH]["good"] == 1


def test_losing_a_served_customer_keeps_the_service_token_right():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["beard_barber", "lazy_friend@0", "busker"])
    set_res(s, FARAH, beans=9)
    s = service(s)
    s, _, _ = play(s, "serve:main", "serve:main", "target:p0:beard_barber")
    pl = s["players"][FARAH]
    assert [e["id"] for e in pl["line"]] == ["lazy_friend@0", "busker"] and pl["served"] == 1
    assert GAME.legal_moves(s)[0].payload["customer"] == "busker"


def test_empty_city_deck_at_refresh_ends_the_game_after_the_day():
    from brewhouse.seize.phases import _end_of_day
    s = new()
    row = s["city"][1]
    while len(row["deck"]) > 1:
        row["discard"].insert(0, row["deck"].pop())
    _end_of_day(s, Ctx(DB))
    assert s["end"] == "deck_pantry" and GAME.phase(s) == "over" and GAME.outcome(s) is not None


def test_good_reviews_come_from_the_box_once_the_city_is_empty():
    from brewhouse.seize.model import gain_good
    s = new()
    s["pool"] = 1
    cx = Ctx(DB)
    gain_good(s, cx, FARAH, 3)
    assert s["pool"] == 0 and s["box"] == 2 and s["players"][FARAH]["good"] == 3
    assert codes(cx.events).count("seize.end_triggered") == 1


def test_super_walk_in_takes_two_customers_to_the_end_of_the_line():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, FARAH, "line", ["festival_goer"])
    set_res(s, FARAH, sugar=2)
    set_slots(s, 0, ["busker", "cellist", None, None])
    s = service(s)
    s, _, _ = play(s, "serve:main", "city:row1:slot2", "city:row1:slot2")
    line = [e["id"] for e in s["players"][FARAH]["line"]]
    assert line[0] == "festival_goer" and line[1:] == ["cellist", "busker"]
