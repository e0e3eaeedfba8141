"""The crafting phase: Artisan mode (booklet pp. 32-33) and Daily Specials (p. 36).

The booklet's examples come out exactly: Yoshi crafts 3 HQ coffees and a croissant for 6 beans and
2 sugar, Jaylen 2 soy milks for 2 milk (soy milk in his Pantry); Yoshi serves the Hatster with his
tokens; Jaylen cannot serve the Barman (a donut) without a crafted donut.
"""
from __future__ import annotations

import pytest

from brewhouse.core import InvalidConfig
from brewhouse.seize.crafting import CUP_ABILITIES, CUPS
from brewhouse.seize.view import build_view

from .helpers import DB, GAME, clear_player, codes, give, ids, new, play, service, settle

P0, P1 = 0, 1


def artisan(players: int = 2, seed: int = 0, **cfg) -> dict:
    return new(players, seed, variants=["artisan"], **cfg)


def specials(players: int = 2, seed: int = 0, **cfg) -> dict:
    return new(players, seed, variants=["daily_specials"], **cfg)


def crafting(state: dict) -> dict:
    """Jump to the start of the crafting phase."""
    state["stack"] = []
    state["phase"] = "crafting"
    state["cursor"] = {"i": 0}
    settle(state)
    return state


def set_res(state: dict, p: int, **res) -> None:
    state["players"][p]["res"] = {"beans": 0, "milk": 0, "sugar": 0, **res}


def ev(events, code: str) -> list:
    return [e for e in events if e.code == "seize." + code]


def top(state: dict) -> str | None:
    return state["stack"][-1]["t"] if state["stack"] else None


def soy_pantry() -> str:
    return next(c for c in DB.of_kind("pantry", DB.district("kreuzberg")) if DB.card(c)["special"] == "soy_milk")


# ------------------------------------------------------------------ the phase
def test_the_day_runs_actions_crafting_hype_service():
    s = artisan()
    set_res(s, P0, beans=2)
    phases = []
    while s["phase"] in ("actions", "crafting"):
        if s["phase"] == "crafting":
            break
        s, events, _ = play(s, ids(s)[0])
        phases += [e.params["phase"] for e in ev(events, "phase")]
    assert s["phase"] == "crafting" and phases[-1] == "crafting" and top(s) == "craft"
    while s["phase"] == "crafting":
        s, events, _ = play(s, "done")
        phases += [e.params["phase"] for e in ev(events, "phase")]
    assert phases[-2:] == ["hype", "service"]


def test_no_crafting_phase_without_the_variants():
    s = new(2, 0)
    seen = []
    while s["phase"] == "actions":
        s, events, _ = play(s, ids(s)[0])
        seen += [e.params["phase"] for e in ev(events, "phase")]
    assert "crafting" not in seen and seen[:2] == ["hype", "service"]


def test_a_player_with_nothing_to_craft_is_not_asked():
    s = artisan()
    set_res(s, P0)
    set_res(s, P1, milk=1)  # one milk: not enough for soy milk (2) without soy milk in the Pantry
    crafting(s)
    assert s["phase"] == "service" and top(s) != "craft"


def test_starbots_never_crafts():
    s = new(1, 0, variants=["artisan"])
    human = next(p for p, pl in enumerate(s["players"]) if not pl.get("automa"))
    bot = 1 - human
    s["players"][bot]["res"] = {"beans": 9, "milk": 9, "sugar": 9}
    set_res(s, human)
    s["first"] = bot
    crafting(s)
    assert s["phase"] == "service"
    assert "crafted" not in s["players"][bot] and s["players"][bot]["res"] == {"beans": 9, "milk": 9, "sugar": 9}


# ------------------------------------------------------------------ Artisan: crafting
def test_yoshi_crafts_three_hq_coffees_and_a_croissant():
    """Booklet p. 32: no icon in his Pantry, Yoshi pays 2 beans per HQ coffee and 2 sugar per
    croissant: 6 beans and 2 sugar for 3 HQ coffee tokens and 1 croissant token."""
    s = artisan()
    clear_player(s, P0)
    set_res(s, P0, beans=6, sugar=2)
    set_res(s, P1)
    crafting(s)
    assert top(s) == "craft" and s["stack"][-1]["p"] == P0
    assert ids(s) == ["craft:strong_coffee", "craft:hq_coffee", "craft:croissant", "craft:donut", "craft:pie", "done"]
    s, events, _ = play(s, "craft:hq_coffee", "craft:hq_coffee", "craft:hq_coffee", "craft:croissant")
    pl = s["players"][P0]
    assert pl["res"] == {"beans": 0, "milk": 0, "sugar": 0}
    assert pl["crafted"] == {"strong_coffee": 0, "hq_coffee": 3, "soy_milk": 0, "croissant": 1, "donut": 0, "pie": 0}
    assert [e.params for e in ev(events, "crafted")] == [{"res": "hq_coffee", "cost": {"beans": 2}}] * 3 + \
        [{"res": "croissant", "cost": {"sugar": 2}}]
    # nothing left to craft: the decision ends by itself, the phase goes on
    assert s["phase"] == "service"


def test_jaylen_crafts_two_soy_milks_with_soy_milk_in_his_pantry():
    """Booklet p. 32: soy milk in Jaylen's Pantry, each soy milk costs 1 milk: 2 milk for 2 tokens."""
    s = artisan()
    clear_player(s, P1)
    give(s, P1, "pantry", [soy_pantry()])
    set_res(s, P0)
    set_res(s, P1, milk=2)
    crafting(s)
    assert top(s) == "craft" and s["stack"][-1]["p"] == P1
    assert ids(s) == ["craft:soy_milk", "done"]
    s, events, _ = play(s, "craft:soy_milk", "craft:soy_milk")
    assert s["players"][P1]["res"] == {"beans": 0, "milk": 0, "sugar": 0}
    assert s["players"][P1]["crafted"]["soy_milk"] == 2
    assert [e.params["cost"] for e in ev(events, "crafted")] == [{"milk": 1}, {"milk": 1}]


def test_crafting_in_turn_order_and_done_ends_a_players_crafting():
    s = artisan()
    s["first"] = P1
    set_res(s, P0, beans=2)
    set_res(s, P1, milk=2)
    crafting(s)
    assert s["stack"][-1]["p"] == P1
    s, _, _ = play(s, "done")
    assert s["stack"][-1]["p"] == P0 and s["players"][P1]["crafted"]["soy_milk"] == 0
    s, _, _ = play(s, "craft:strong_coffee")
    assert s["phase"] == "service" and s["players"][P0]["crafted"]["strong_coffee"] == 1


def test_green_beans_craft_and_earn_a_good_review_each():
    """Booklet p. 33: green beans are wildcard basic resources when crafting, 1 Good Review each."""
    s = artisan()
    clear_player(s, P0)
    set_res(s, P0, beans=1, green=2)
    set_res(s, P1)
    crafting(s)
    assert "craft:pie:green2" in ids(s) and "craft:pie" not in ids(s) and "craft:pie:green1" not in ids(s)
    assert "craft:hq_coffee:green1" in ids(s) and "craft:hq_coffee:green2" in ids(s)
    good = s["players"][P0]["good"]
    s, events, _ = play(s, "craft:hq_coffee:green1")
    pl = s["players"][P0]
    assert pl["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 1} and pl["crafted"]["hq_coffee"] == 1
    assert pl["good"] == good + 1 and ev(events, "good_review")[0].params == {"n": 1, "why": "green_beans"}


# ------------------------------------------------------------------ Artisan: serving
def test_yoshi_serves_the_hatster_with_crafted_tokens():
    """Booklet p. 33: HQ coffee main, croissant side, each paid with one crafted token."""
    s = artisan()
    clear_player(s, P0)
    give(s, P0, "line", ["hatster"])
    s["players"][P0]["crafted"].update(hq_coffee=3, croissant=1)
    set_res(s, P0, beans=5, sugar=5)
    clear_player(s, P1)
    service(s)
    assert ids(s) == ["serve:main", "serve:both"]
    hype = s["players"][P0]["hype"]
    s, events, _ = play(s, "serve:both")
    pl = s["players"][P0]
    assert pl["crafted"]["hq_coffee"] == 2 and pl["crafted"]["croissant"] == 0
    assert pl["res"] == {"beans": 5, "milk": 0, "sugar": 5}  # no basic resource paid
    assert ev(events, "customer_served")[0].params["cost"] == {"beans": 0, "milk": 0, "sugar": 0, "hq_coffee": 1,
                                                               "croissant": 1}
    assert pl["hype"] == hype + 2  # the side order's Hype reward and the Hatster's Hype ability


def test_jaylen_cannot_serve_the_barman_without_a_crafted_donut():
    """Booklet p. 33: the Barman wants a donut; plenty of sugar is no use in Artisan mode: unserved,
    angry.  No card of ours is named the Barman and the example names no group: the Festival Goer
    (Party Animals), whose main order is one donut, plays his part."""
    assert DB.card("festival_goer")["main"]["order"] == ["donut"]
    s = artisan()
    clear_player(s, P0)
    clear_player(s, P1)
    give(s, P1, "line", ["festival_goer"])
    set_res(s, P1, sugar=6)
    service(s)
    assert s["stack"][-1]["p"] == P1 and ids(s) == ["serve:main"]
    s, events, _ = play(s, "serve:main")
    assert ev(events, "customer_unserved")[0].params == {"card": "festival_goer", "angry": True}
    assert s["players"][P1]["res"]["sugar"] == 6


def test_pantry_icons_do_not_discount_special_icons_when_serving():
    s = artisan()
    clear_player(s, P0)
    clear_player(s, P1)
    give(s, P0, "pantry", [soy_pantry()])
    give(s, P0, "line", ["hatster"])
    set_res(s, P0, beans=9, sugar=9)
    service(s)
    assert ids(s) == ["serve:main"]
    s, events, _ = play(s, "serve:main")
    assert ev(events, "customer_unserved")


def test_any_snack_takes_a_crafted_pastry_and_green_beans_never_pay_specials():
    s = artisan()
    clear_player(s, P0)
    clear_player(s, P1)
    give(s, P0, "line", ["exchange_student"])  # main order: any snack
    set_res(s, P0, green=3, sugar=3)
    service(s)
    assert ids(s) == ["serve:main"]
    s2, events, _ = play(s, "serve:main")
    assert ev(events, "customer_unserved")  # neither sugar nor green beans pay a pastry
    s["players"][P0]["crafted"].update(donut=1, pie=2)
    assert ids(s)[0] == "serve:main"
    s, events, _ = play(s, "serve:main")
    assert s["players"][P0]["crafted"]["pie"] == 1 and s["players"][P0]["crafted"]["donut"] == 1
    assert s["players"][P0]["res"]["green"] == 3


def test_green_beans_still_pay_basic_icons_when_serving_in_artisan_mode():
    s = artisan()
    clear_player(s, P0)
    clear_player(s, P1)
    give(s, P0, "line", ["backpacker"])  # beans + any snack
    s["players"][P0]["crafted"]["croissant"] = 1
    set_res(s, P0, green=1)
    service(s)
    assert "serve:main:green:beans1" in ids(s)
    s, events, _ = play(s, "serve:main:green:beans1")
    assert s["players"][P0]["crafted"]["croissant"] == 0 and s["players"][P0]["res"]["green"] == 0
    assert {"n": 1, "why": "green_beans"} in [e.params for e in ev(events, "good_review")]


def test_crafted_tokens_are_in_the_views_and_samples():
    from brewhouse.core import Rng
    from brewhouse.seize.determinize import SeizeDeterminizer
    s = artisan()
    s["players"][P1]["crafted"]["pie"] = 2
    v = build_view(s, P0, DB)
    assert v["players"][P1]["crafted"]["pie"] == 2 and v["daily_specials"] is None
    sample = SeizeDeterminizer(DB, v, P0).sample(Rng.from_seed(1))
    assert build_view(sample, P0, DB) == v


# ------------------------------------------------------------------ Daily Specials
def test_the_cups_and_their_abilities_in_the_printed_order():
    assert [CUP_ABILITIES[c] for c in CUPS] == ["bad_reviews_to_others", "delivery", "super_innovation",
                                                "super_fair_trade"]
    s = specials()
    assert s["daily_specials"] == {c: {"empty": None, "full": None, "up": True} for c in CUPS}


def test_daily_specials_are_not_played_solo():
    with pytest.raises(InvalidConfig):
        new(1, 0, variants=["daily_specials"])


def test_early_bird_chooses_among_every_empty_cup():
    s = specials()
    s["empty_cup"] = P1
    s["daily_specials"]["iced_skinny_caramel_latte"]["empty"] = P0
    s["stack"] = [{"t": "fx", "p": P0, "icon": "early_bird"}]
    settle(s)
    assert ids(s) == ["cup:regular"] + [f"cup:{c}" for c in CUPS]
    hype = s["players"][P0]["hype"]
    s2, events, _ = play(s, "cup:regular")  # stolen from the other player
    assert s2["empty_cup"] == P0 and codes(events)[0] == "seize.empty_cup"
    s2, events, _ = play(s, "cup:mint_white_chocolate_affogato")  # from the City
    assert s2["daily_specials"]["mint_white_chocolate_affogato"]["empty"] == P0
    assert ev(events, "special_empty_cup")[0].params == {"cup": "mint_white_chocolate_affogato"}
    s2, events, _ = play(s, "cup:iced_skinny_caramel_latte")  # already his: +1 Hype
    assert s2["players"][P0]["hype"] == hype + 1 and s2["daily_specials"]["iced_skinny_caramel_latte"]["empty"] == P0


def test_end_of_day_full_cups_to_the_empty_cup_holders_then_every_empty_cup_passes_left():
    s = new(3, 0, variants=["daily_specials"])
    d = s["daily_specials"]
    d["creme_brulee_cappuccino"].update(empty=2, full=0, up=False)
    d["iced_skinny_caramel_latte"].update(empty=1, full=None, up=True)
    d["mint_white_chocolate_affogato"].update(empty=None, full=1, up=False)  # empty cup still by the City
    s["first"], s["empty_cup"] = 0, 1
    s["stack"], s["phase"], s["cursor"] = [], "word_of_mouth", {"i": 3}
    settle(s)
    assert s["first"] == 1 and s["empty_cup"] == 2
    d = s["daily_specials"]
    assert d["creme_brulee_cappuccino"] == {"empty": 0, "full": 2, "up": True}
    assert d["iced_skinny_caramel_latte"] == {"empty": 2, "full": 1, "up": True}
    assert d["mint_white_chocolate_affogato"] == {"empty": None, "full": 1, "up": True}
    assert d["smoked_cinnamon_matcha_mocha"] == {"empty": None, "full": None, "up": True}


def _with_cup(cup: str, **res) -> dict:
    s = specials()
    s["daily_specials"][cup].update(full=P0, empty=P1)
    set_res(s, P0, **res)
    set_res(s, P1)
    return crafting(s)


def test_crème_brûlée_cappuccino_gives_every_other_player_three_bad_reviews():
    s = new(3, 0, variants=["daily_specials"])
    s["daily_specials"]["creme_brulee_cappuccino"]["full"] = P0
    crafting(s)
    assert ids(s) == ["special:creme_brulee_cappuccino", "done"]
    s, events, _ = play(s, "special:creme_brulee_cappuccino")
    assert [pl["bad"] for pl in s["players"]] == [0, 3, 3]
    assert s["daily_specials"]["creme_brulee_cappuccino"]["up"] is False
    assert s["phase"] == "service"  # used: nothing more to do


def test_caramel_latte_activates_delivery():
    s = specials()
    clear_player(s, P0)
    give(s, P0, "pantry", [soy_pantry()])
    s["daily_specials"]["iced_skinny_caramel_latte"]["full"] = P0
    crafting(s)
    s, _, _ = play(s, "special:iced_skinny_caramel_latte")
    assert top(s) == "pick_icon" and all(m.startswith("upgrade:") for m in ids(s))
    icon = GAME.legal_moves(s)[0].payload["icon"]
    s, events, _ = play(s, ids(s)[0])
    assert ev(events, "activate")[0].params["icon"] == icon and ev(events, "activate")[0].params["via"] == "delivery"
    assert s["daily_specials"]["iced_skinny_caramel_latte"]["up"] is False


def test_affogato_activates_super_innovation_and_matcha_mocha_super_fair_trade():
    s = _with_cup("smoked_cinnamon_matcha_mocha", beans=4)
    s, events, _ = play(s, "special:smoked_cinnamon_matcha_mocha")
    assert ev(events, "ability")[0].params == {"ability": "super_fair_trade", "card": None}
    s, _, _ = play(s, "trade:beans", "trade:beans", "trade:beans")
    assert s["players"][P0]["res"] == {"beans": 1, "milk": 0, "sugar": 0, "green": 3}
    s = _with_cup("mint_white_chocolate_affogato")
    s, events, _ = play(s, "special:mint_white_chocolate_affogato")
    assert ev(events, "ability")[0].params == {"ability": "super_innovation", "card": None}


def test_a_full_cup_is_used_once_a_day_and_turns_face_up_at_the_end_of_day():
    s = specials()
    s["daily_specials"]["creme_brulee_cappuccino"]["full"] = P0
    s["daily_specials"]["smoked_cinnamon_matcha_mocha"]["full"] = P0
    set_res(s, P0)
    crafting(s)
    assert ids(s) == ["special:creme_brulee_cappuccino", "special:smoked_cinnamon_matcha_mocha", "done"]
    s, _, _ = play(s, "special:smoked_cinnamon_matcha_mocha")  # the order is the owner's choice
    assert ids(s) == ["special:creme_brulee_cappuccino", "done"]
    s, _, _ = play(s, "done")
    assert s["phase"] == "service" and s["daily_specials"]["creme_brulee_cappuccino"]["up"] is True
    assert s["daily_specials"]["smoked_cinnamon_matcha_mocha"]["up"] is False
    v = build_view(s, P1, DB)
    assert v["daily_specials"]["smoked_cinnamon_matcha_mocha"] == {"empty": None, "full": P0, "up": False}


def test_daily_specials_and_artisan_together_share_one_crafting_decision():
    s = new(2, 0, variants=["artisan", "daily_specials"])
    s["daily_specials"]["creme_brulee_cappuccino"]["full"] = P0
    set_res(s, P0, beans=2)
    set_res(s, P1)
    crafting(s)
    assert ids(s) == ["craft:strong_coffee", "craft:hq_coffee", "special:creme_brulee_cappuccino", "done"]


def test_views_and_samples_with_daily_specials():
    from brewhouse.core import Rng
    from brewhouse.seize.determinize import SeizeDeterminizer
    s = specials()
    s["daily_specials"]["iced_skinny_caramel_latte"].update(empty=P1, full=P0, up=False)
    v = build_view(s, P0, DB)
    sample = SeizeDeterminizer(DB, v, P0).sample(Rng.from_seed(3))
    assert build_view(sample, P0, DB) == v
