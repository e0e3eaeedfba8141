"""Card data of nine expansion customer groups (booklet pp. 10-17): Students, Funemployed Expats,
Starving Artists, Performers, Street Smarts, Tech Nerds, Rebels, Criminal Minds, Authority Figures.

Shape per group as in the base game (10 customers, 5 pantry, 5 style, 1 award), super-ability
and ⚡ Ability Boost customers, the booklet's named cards, and a cost/reward check against the
base groups' own range.
"""
from __future__ import annotations

import pytest

from brewhouse.seize.data import load_merged, order_units, validate
from brewhouse.seize.effects import reward_icon_count

from .helpers import DB

BASE = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers", "party_animals"]
GROUPS = ["students", "funemployed_expats", "starving_artists", "performers", "street_smarts",
          "tech_nerds", "rebels", "criminal_minds", "authority_figures"]


def cards_of(g: str) -> list[dict]:
    return [c for c in DB.raw["cards"] if c.get("group") == g and c["kind"] != "friend"]


def customers(g: str) -> list[dict]:
    return [c for c in cards_of(g) if c["kind"] == "customer"]


def is_super(c: dict) -> bool:
    return bool(DB.abilities[c["ability"]].get("super"))


def units(c: dict) -> int:
    return sum(order_units(c[part]["order"], DB.raw) for part in ("main", "side") if part in c)


def reward_per_unit(g: str) -> float:
    cs = customers(g)
    return sum(reward_icon_count(c) for c in cs) / sum(units(c) for c in cs)


def test_validator_reports_nothing_for_these_groups():
    errs = validate(load_merged())
    assert [e for e in errs if any(g in e for g in GROUPS)] == []
    assert [e for e in errs if "duplicate card id" in e] == []


@pytest.mark.parametrize("g", GROUPS)
def test_group_has_the_base_shape(g):
    kinds = [c["kind"] for c in cards_of(g)]
    assert len(kinds) == 21
    assert {k: kinds.count(k) for k in set(kinds)} == {"customer": 10, "pantry": 5, "style": 5, "award": 1}
    assert DB.groups[g]["flavour"]
    for c in cards_of(g):
        assert c["name"].strip() and c["groups"][0] == g
        if c["kind"] == "customer":
            assert c["groups"] == [g]
            assert c["ability"] in (DB.groups[g]["ability"], DB.groups[g]["super_ability"])
            assert 1 <= len(c["main"]["order"]) <= 3 and 1 <= order_units(c["main"]["order"], DB.raw) <= 4
            assert "side" not in c or 1 <= len(c["side"]["order"]) <= 2
        if c["kind"] == "style":
            assert 1 <= len(c["groups"]) <= 2 and all(x in DB.groups for x in c["groups"])
    names = [c["name"] for c in cards_of(g)]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("g", GROUPS)
def test_super_and_boost_customers(g):
    cs = customers(g)
    supers = [c for c in cs if is_super(c)]
    assert 2 <= len(supers) <= 4
    assert all(c["ability"] == DB.groups[g]["super_ability"] for c in supers)
    boosted = [c for c in cs if c.get("boost")]
    if DB.groups[g]["boost"]:
        assert 2 <= len(boosted) <= 3
    else:
        assert boosted == []
    assert not any(c.get("boost") for c in cards_of(g) if c["kind"] != "customer")


def test_boost_groups_are_the_expected_ones():
    assert [g for g in GROUPS if DB.groups[g]["boost"]] == [
        "starving_artists", "performers", "street_smarts", "rebels", "criminal_minds", "authority_figures"]


def test_named_cards_keep_their_booklet_properties():
    # Criminal Minds example ("Activer Vol de ressources"): the Burglar's main order is filled and
    # its Steal Resources ability (a set of three different resources, so no boost) follows.
    b = DB.card("burglar")
    assert b["kind"] == "customer" and b["group"] == "criminal_minds" and b["name"] == "Burglar"
    assert b["ability"] == "steal" and not is_super(b) and not b.get("boost")
    # "Sold Out!" example: the Arts Specialist (Students) needs sugar and beans for its main order,
    # pays 1 Good Review, has a side order, and its ability is Early Bird.
    a = DB.card("arts_specialist")
    assert a["group"] == "students" and a["name"] == "Arts Specialist"
    assert sorted(a["main"]["order"]) == ["beans", "sugar"] and a["main"]["reward"] == ["good_review"]
    assert "side" in a and a["ability"] == "early_bird"


def test_pantry_specials_keep_the_achievements_reachable():
    specials = set(DB.special)
    for g in GROUPS:
        got = [c["special"] for c in cards_of(g) if c["kind"] == "pantry"]
        assert all(s in specials for s in got)
        assert len(set(got)) >= 3  # no group is a single-resource pantry
    # every special is on several of these groups' pantry cards (Pantry Variety wants five
    # different ones, Pantry Specialist three of one)
    every = [c["special"] for g in GROUPS for c in cards_of(g) if c["kind"] == "pantry"]
    assert all(every.count(s) >= 3 for s in specials)


def test_cost_tracks_reward_within_the_base_range():
    base = [reward_per_unit(g) for g in BASE]
    lo, hi = min(base), max(base)
    for g in GROUPS:
        assert lo <= reward_per_unit(g) <= hi, (g, reward_per_unit(g), lo, hi)


@pytest.mark.parametrize("g", GROUPS)
def test_super_and_boosted_customers_pay_fewer_rewards(g):
    cs = customers(g)
    plain = [reward_icon_count(c) for c in cs if not is_super(c) and not c.get("boost")]
    supers = [reward_icon_count(c) for c in cs if is_super(c)]
    boosted = [reward_icon_count(c) for c in cs if c.get("boost")]
    avg = lambda xs: sum(xs) / len(xs)
    assert avg(supers) < avg(plain)
    if boosted:
        assert avg(boosted) < avg(plain)
