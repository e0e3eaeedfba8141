"""Card data: validator, shape per group, named cards, and a balance report."""
from __future__ import annotations

import copy
from collections import defaultdict

from brewhouse.seize.data import load_merged, order_units, validate

from .helpers import DB

BASE = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers", "party_animals"]


def test_card_data_is_valid():
    assert validate(load_merged()) == []


def test_kreuzberg_is_the_six_base_groups():
    assert DB.district("kreuzberg") == BASE
    for g in BASE:
        assert len(DB.of_kind("customer", [g])) == 10
        assert len(DB.of_kind("pantry", [g])) == 5
        assert len(DB.of_kind("style", [g])) == 5
        assert len(DB.of_kind("award", [g])) == 1


def test_validator_finds_broken_data():
    raw = load_merged()
    bad = copy.deepcopy(raw)
    bad["cards"] = [c for c in bad["cards"] if c["id"] != "hatster"]
    assert any("hipsters" in e for e in validate(bad))
    bad = copy.deepcopy(raw)
    next(c for c in bad["cards"] if c["id"] == "trendsetter")["main"]["order"] = ["caviar"]
    assert any("unknown order icon" in e for e in validate(bad))
    bad = copy.deepcopy(raw)
    next(c for c in bad["cards"] if c["id"] == "bike_rack")["icons"][0]["row"] = "beans"
    assert any("cannot reach" in e for e in validate(bad))
    bad = copy.deepcopy(raw)
    next(c for c in bad["cards"] if c["id"] == "busker")["ability"] = "hype"
    assert any("not its group's" in e for e in validate(bad))
    bad = copy.deepcopy(raw)
    next(c for c in bad["cards"] if c["id"] == "grandpa")["main"]["order"] = ["milk"]
    assert any("Friends & Family" in e for e in validate(bad))
    assert validate({}) != []


def test_named_cards_keep_their_rulebook_properties():
    c = DB.card
    assert c("hatster")["group"] == "hipsters" and c("hatster")["main"]["order"] == ["hq_coffee"]
    assert c("hatster")["side"] == {"order": ["croissant"], "reward": ["hype"]} and c("hatster")["ability"] == "hype"
    assert c("ux_designer")["group"] == "start_uppers" and "soy_milk" in c("ux_designer")["main"]["order"]
    assert c("heartfelt_singer")["main"]["order"] == ["pie"] and c("heartfelt_singer")["side"]["order"] == ["soy_milk"]
    assert c("heartfelt_singer")["ability"] == "entertain"
    assert c("old_weekenders")["group"] == "tourists"
    assert c("trendsetter")["group"] == c("bowl_hat_hipster")["group"] == "hipsters"
    assert c("javascript_engineer")["group"] == c("headhunter")["group"] == "start_uppers"
    assert c("headhunter")["ability"] == "innovation"
    assert c("meal_delivery_rider")["group"] == "cyclists" and c("meal_delivery_rider")["ability"] == "delivery"
    bp = c("bakery_partnership")
    assert bp["group"] == "cyclists" and {i["row"] for i in bp["icons"]} == {"milk", "sugar"}
    assert {"row": "sugar", "icon": "sugar3"} in bp["icons"]
    ym = c("yerba_mate_milk")
    assert ym["group"] == "start_uppers" and {i["row"] for i in ym["icons"]} == {"beans", "milk"}
    assert {"row": "beans", "icon": "beans3"} in ym["icons"]
    ff = [c(f) for f in DB.raw["friends_family"]["base"]]
    assert [f["ability"] for f in ff] == ["patience", "patience", "lose_customer", "attract"]
    assert order_units(c("popular_friend")["main"]["order"], DB.raw) == 2


def test_every_city_action_row_has_a_connections_card():
    """pp. 28-29: Connections combines with Attract a Customer, Upgrade Pantry or Upgrade Style, and
    the book's example combines it with Attract a Customer: one style card per City row carries it."""
    rows = sorted(ic["row"] for c in DB.raw["cards"] if c["kind"] == "style"
                  for ic in c["icons"] if ic["icon"] == "connections")
    assert rows == sorted(DB.city_rows)
    assert DB.card("standing_tables")["icons"] == [{"row": "attract", "icon": "connections"}]


def test_bonus_tokens_are_two_of_each_of_six_icons():
    toks = DB.raw["bonus_tokens"]
    assert len(toks) == 12 and all(toks.count(t) == 2 for t in set(toks)) and len(set(toks)) == 6


def balance_table():
    rows = defaultdict(lambda: {"n": 0, "units": 0, "rewards": 0, "super_n": 0, "super_rewards": 0})
    for cid in DB.of_kind("customer", DB.district("kreuzberg")):
        c = DB.card(cid)
        r = rows[c["group"]]
        units = order_units(c["main"]["order"], DB.raw) + (order_units(c["side"]["order"], DB.raw) if "side" in c else 0)
        rew = len(c["main"]["reward"]) + (len(c["side"]["reward"]) if "side" in c else 0)
        r["n"] += 1
        r["units"] += units
        r["rewards"] += rew
        if DB.abilities[c["ability"]].get("super"):
            r["super_n"] += 1
            r["super_rewards"] += rew
    return dict(rows)


def test_balance_report_cost_tracks_reward():
    table = balance_table()
    print("\ngroup          cost  rewards  rewards/2 units  super-card rewards")
    for g, r in table.items():
        ratio = 2 * r["rewards"] / r["units"]
        print(f"{g:14} {r['units']:5} {r['rewards']:8} {ratio:16.2f} {r['super_rewards'] / r['super_n']:10.2f}")
        assert 0.6 <= ratio <= 1.4, g  # about one reward icon per two basic units
        normal = (r["rewards"] - r["super_rewards"]) / (r["n"] - r["super_n"])
        assert r["super_rewards"] / r["super_n"] < normal, g  # super cards pay less


def test_docstring_examples():
    import doctest

    from brewhouse.seize import data, game
    for mod in (data, game):
        assert doctest.testmod(mod).failed == 0
