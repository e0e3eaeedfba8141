"""Card data of eight expansion customer groups (booklet pp. 10-17): Happy Families, Friendly
Locals, Health Nuts, Fashionistas, Coffee Connoisseurs, Upper Class, Board Game Geeks and Hungry
Media.  Shape per group, the customers the booklet's examples name, and cost against reward
measured against the six base groups."""
from __future__ import annotations

from collections import Counter

import pytest

from brewhouse.seize.data import load_merged, order_units, validate

BASE = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers", "party_animals"]
GROUPS = ["happy_families", "friendly_locals", "health_nuts", "fashionistas", "coffee_connoisseurs",
          "upper_class", "board_game_geeks", "hungry_media"]
DATA = load_merged()
CARDS = {c["id"]: c for c in DATA["cards"]}
#: resources paid from the sugar supply (an order holding none of them needs no sugar)
SUGARY = {"sugar", "croissant", "donut", "pie", "any_snack"}


def of_group(g: str, kind: str | None = None) -> list[dict]:
    return [c for c in DATA["cards"] if c.get("group") == g and c["kind"] != "friend"
            and (kind is None or c["kind"] == kind)]


def is_super(c: dict) -> bool:
    return bool(DATA["abilities"][c["ability"]].get("super"))


def units(c: dict) -> int:
    return sum(order_units(c[part]["order"], DATA) for part in ("main", "side") if part in c)


def rewards(c: dict) -> int:
    return sum(len(c[part]["reward"]) for part in ("main", "side") if part in c)


def reward_per_unit(cards: list[dict]) -> float:
    return sum(map(rewards, cards)) / sum(map(units, cards))


def test_the_validator_finds_nothing_in_these_groups():
    assert [e for e in validate(DATA) if any(g in e for g in GROUPS)] == []


def test_card_ids_are_unique_across_all_data():
    ids = Counter(c["id"] for c in DATA["cards"])
    assert [i for i, n in ids.items() if n > 1] == []


@pytest.mark.parametrize("g", GROUPS)
def test_each_group_has_21_named_cards_of_the_base_shape(g):
    cards = of_group(g)
    assert len(cards) == 21
    assert Counter(c["kind"] for c in cards) == {"customer": 10, "pantry": 5, "style": 5, "award": 1}
    assert all(c["name"] and c["name"].strip() == c["name"] for c in cards)
    assert len({c["name"] for c in cards}) == 21
    assert DATA["groups"][g]["flavour"]
    for c in of_group(g, "customer"):
        assert set(c) <= {"id", "kind", "group", "groups", "name", "main", "side", "ability", "boost"}
        assert c["groups"] == [g] and 1 <= len(c["main"]["order"]) <= 3
        assert 1 <= order_units(c["main"]["order"], DATA) <= 4
        assert "side" not in c or (1 <= len(c["side"]["order"]) <= 2 and c["side"]["reward"])
    assert [c["id"] for c in of_group(g, "award")] == [f"award_{g}"]


@pytest.mark.parametrize("g", GROUPS)
def test_two_to_four_customers_carry_the_super_ability(g):
    meta = DATA["groups"][g]
    customers = of_group(g, "customer")
    sup = [c for c in customers if c["ability"] == meta["super_ability"]]
    assert 2 <= len(sup) <= 4 and all(is_super(c) for c in sup)
    assert all(c["ability"] == meta["ability"] for c in customers if c not in sup)


@pytest.mark.parametrize("g", GROUPS)
def test_boost_only_where_the_group_has_one(g):
    boosted = [c for c in of_group(g, "customer") if c.get("boost")]
    if DATA["groups"][g]["boost"]:
        assert 2 <= len(boosted) <= 3
        assert not any(is_super(c) for c in boosted)  # the boost sits on normal-ability cards
        plain = [c for c in of_group(g, "customer") if not c.get("boost") and not is_super(c)]
        assert reward_per_unit(boosted) < reward_per_unit(plain)  # and they pay a little less
    else:
        assert boosted == []
    assert all(c.get("boost") in (None, True) for c in of_group(g, "customer"))


@pytest.mark.parametrize("g", GROUPS)
def test_upgrades_spread_special_resources_and_group_icons(g):
    pantry = of_group(g, "pantry")
    assert len({c["special"] for c in pantry}) >= 3  # Pantry Variety needs specials from several groups
    for c in pantry:
        assert c["groups"] == [g] and 1 <= len(c["icons"]) <= 2
    for c in of_group(g, "style"):
        assert c["groups"][0] == g and len(c["groups"]) == len(set(c["groups"])) <= 2
        assert all(ic["icon"] != "connections" for ic in c["icons"])  # one Connections card per City row stays


def test_special_resources_are_spread_over_the_eight_groups():
    specials = Counter(c["special"] for g in GROUPS for c in of_group(g, "pantry"))
    assert set(specials) == set(DATA["resources"]["special"])
    assert max(specials.values()) - min(specials.values()) <= 3


# ---------------------------------------------------------------- the booklet's named customers
def test_super_vegan_example():
    """Fair Trade example (Health Nuts): Oba serves the Super Vegan's main order, is left with
    2 sugar, skips the side order and trades 2 resources for 2 green beans."""
    c = CARDS["super_vegan"]
    assert c["group"] == "health_nuts" and c["ability"] == "fair_trade" and not is_super(c)
    assert DATA["abilities"]["fair_trade"]["n"] == 2
    assert "side" in c
    assert not SUGARY & set(c["main"]["order"])  # paying it leaves his sugar alone


def test_innovative_barista_example():
    """Roast example (Coffee Connoisseurs): Nima gives 3 beans, 2 of her own."""
    c = CARDS["innovative_barista"]
    assert c["group"] == "coffee_connoisseurs" and c["ability"] == "roast" and not is_super(c)
    assert DATA["abilities"]["roast"]["n"] == 3


def test_rules_lawyer_and_stroller_parent_example():
    """Board Games example: Mel serves the Rules Lawyer, skips its side order, draws 1 token and puts
    it on the Stroller Parent; serving that one later gives 2 Good Reviews for its main order plus
    5 - 4 reward icons = 1 extra instead of its Naptime."""
    rl = CARDS["rules_lawyer"]
    assert rl["group"] == "board_game_geeks" and rl["ability"] == "board_games" and not is_super(rl)
    assert not rl.get("boost") and "side" in rl
    assert DATA["abilities"]["board_games"]["n"] == 1
    sp = CARDS["stroller_parent"]
    assert sp["group"] == "happy_families" and sp["ability"] == "naptime"
    assert sp["main"]["reward"] == ["good_review", "good_review"]
    assert rewards(sp) == 4 and 5 - rewards(sp) == 1


def test_journalist_example():
    """Newsflash example: Blair serves the Journalist, skips its side order and chooses one option."""
    c = CARDS["journalist"]
    assert c["group"] == "hungry_media" and c["ability"] == "newsflash" and not is_super(c)
    assert not c.get("boost") and "side" in c
    assert (DATA["abilities"]["newsflash"]["good"], DATA["abilities"]["newsflash"]["bad"]) == (3, 1)


def test_founder_examples_name_a_couturier_a_fashion_designer_and_a_filmmaker():
    """Founders pages: Acting copies the Couturier's Camp Out, which takes the Fashion Designer from
    the City; Nima pays 2 beans for its HQ coffee and 1 milk for its soy milk (a soy discount);
    Word of Mouth takes the Independent Filmmaker as a Hungry Media customer."""
    c = CARDS["couturier"]
    assert c["group"] == "fashionistas" and c["ability"] == "camp_out"
    assert sorted(c["main"]["order"]) == ["hq_coffee", "soy_milk"]
    assert CARDS["fashion_designer"]["group"] == "fashionistas"
    assert CARDS["independent_filmmaker"]["group"] == "hungry_media"


# ---------------------------------------------------------------- cost against reward
def test_cost_tracks_reward_within_the_base_groups_range():
    base = {g: reward_per_unit(of_group(g, "customer")) for g in BASE}
    lo, hi = min(base.values()), max(base.values())
    lines = [f"base groups: {lo:.3f}-{hi:.3f} reward icons per basic unit"]
    for g in GROUPS:
        customers = of_group(g, "customer")
        ratio = reward_per_unit(customers)
        sup = [c for c in customers if is_super(c)]
        normal = [c for c in customers if not is_super(c)]
        lines.append(f"{g:20} {sum(map(units, customers)):3} units {sum(map(rewards, customers)):3} rewards "
                     f"{ratio:.3f}/unit")
        assert lo <= ratio <= hi, g
        # super cards are cheaper in rewards
        assert sum(map(rewards, sup)) / len(sup) < sum(map(rewards, normal)) / len(normal), g
    print("\n" + "\n".join(lines))
