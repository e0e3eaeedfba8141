"""The data file: validator, the printed board, the order cards, demand balance."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from brewhouse.core import Rng
from brewhouse.rush.data import load_data, parse_data, read_raw_data
from brewhouse.rush.validate import validate_data

from rush_helpers import DATA, cards_with, sq

RAW = read_raw_data()


def test_data_file_is_valid():
    assert validate_data(RAW) == []
    assert load_data() is DATA


def test_board_as_printed():
    expected = [
        ["ice", "caramel", "steam", "coffee"],
        ["coffee", "milk", "ice", "water"],
        ["tea", "steam", "milk", "coffee"],
        ["milk", "ice", "chocolate", "steam"],
    ]
    assert [[DATA.square_ingredient[sq(r, c)] for c in range(1, 5)] for r in range(1, 5)] == expected
    specialty = {sq(1, 2), sq(2, 4), sq(3, 1), sq(4, 3)}
    assert {i for i in range(16) if DATA.square_specialty[i]} == specialty
    assert {DATA.square_ingredient[i] for i in specialty} == {"caramel", "water", "tea", "chocolate"}
    corners = {i for i in range(16) if DATA.square_corner[i]}
    assert corners == {sq(1, 1), sq(1, 4), sq(4, 1), sq(4, 4)}
    assert sorted(DATA.square_ingredient[i] for i in corners) == ["coffee", "ice", "milk", "steam"]


def test_supply_tokens_and_tiles():
    assert DATA.supply == {"coffee": 18, "milk": 12, "steam": 12, "ice": 12, "chocolate": 12,
                           "caramel": 12, "tea": 12, "water": 12}
    assert sum(DATA.supply.values()) == 102
    assert DATA.rush_tokens == 15 and DATA.cups_per_player == 3 and DATA.order_rows == 4
    assert set(DATA.upgrades) == {"double_meeples", "diagonal_move", "double_corners", "double_specialties"}


def test_order_cards():
    cards = list(DATA.cards.values())
    assert len(cards) == 80
    assert all(2 <= len(c.ingredients) <= 4 for c in cards)
    opening = Counter(c.name for c in cards if c.opening)
    assert opening == {"Ristretto": 2, "Espresso": 2}
    specialty = sum(c.specialty for c in cards)
    assert 16 <= specialty <= 24  # about a quarter
    assert any(DATA.cards[cid].name == "Caramel Café Latte" for cid in cards_with(["coffee", "caramel", "milk", "ice"]))


@pytest.mark.parametrize("breakage, message", [
    (lambda d: d["orders"].pop(), "expected 80"),
    (lambda d: d["orders"][10].update(ingredients=["coffee"]), "2-4 known ingredients"),
    (lambda d: d["orders"][10].update(ingredients=["coffee"] * 5), "2-4 known ingredients"),
    (lambda d: d["orders"][10].update(ingredients=["coffee", "rum"]), "2-4 known ingredients"),
    (lambda d: d["orders"][10].update(id=d["orders"][11]["id"]), "unique"),
    (lambda d: d["orders"][0].pop("opening"), "opening"),
    (lambda d: d["orders"][5].update(opening=True), "opening"),
    (lambda d: [c.update(specialty=False) for c in d["orders"]], "about a quarter"),
    (lambda d: d["board"][0][0].update(ingredient="rum"), "bad board square"),
    (lambda d: d["board"][1].pop(), "rectangle"),
    (lambda d: d["supply"].pop("milk"), "supply"),
    (lambda d: d["upgrades"].append("triple_steps"), "upgrades"),
    (lambda d: d.update(rush_tokens=0), "rush_tokens"),
])
def test_validator_catches_broken_data(breakage, message):
    broken = copy.deepcopy(RAW)
    breakage(broken)
    problems = validate_data(broken)
    assert problems and any(message in p for p in problems), problems


def test_validator_rejects_non_specialty_specialty_card():
    broken = copy.deepcopy(RAW)
    plain = next(c for c in broken["orders"] if set(c["ingredients"]) <= {"coffee", "milk"}
                 and len(c["ingredients"]) < 4)
    plain["specialty"] = True
    assert any("Specialty card" in p for p in validate_data(broken))


def test_validator_rejects_non_object():
    assert validate_data([]) == ["data must be a JSON object"]


def _landing_frequency(samples: int = 20000) -> Counter:
    """Which ingredients a 1-3 step walk from a random square lands on."""
    rng = Rng.from_seed(2024)
    landed: Counter = Counter()
    for _ in range(samples):
        here = rng.below(16)
        for _ in range(1 + rng.below(3)):
            here = rng.choice(DATA.orth[here])
            landed[DATA.square_ingredient[here]] += 1
    return landed


def test_demand_matches_board_and_supply():
    """Ingredient demand over the deck vs how often the board yields it and the supply.

    Simulates random walks on the board (centre squares are reached more
    often than corners) and compares shares.  Common ingredients (3 squares)
    and specialties (1 square) must be demanded in proportion, within a
    sane band; no ingredient may be demanded far beyond its supply share.
    """
    demand: Counter = Counter()
    for card in DATA.cards.values():
        demand.update(card.ingredients)
    total_demand = sum(demand.values())
    landed = _landing_frequency()
    total_landed = sum(landed.values())
    total_supply = sum(DATA.supply.values())
    print("\ningredient  demand  board  supply  demand/board  demand/supply")
    for ing in DATA.ingredients:
        d = demand[ing] / total_demand
        b = landed[ing] / total_landed
        s = DATA.supply[ing] / total_supply
        print(f"{ing:10s} {d:6.3f} {b:6.3f} {s:6.3f} {d / b:12.2f} {d / s:13.2f}")
        assert 0.6 <= d / b <= 1.6, f"{ing}: demand {d:.3f} vs board {b:.3f}"
        assert d / s <= 2.0, f"{ing}: demand {d:.3f} far beyond supply share {s:.3f}"
    # specialties are rarer than the four common ingredients, as on the board
    common = min(demand[i] for i in ("coffee", "milk", "steam", "ice"))
    rare = max(demand[i] for i in ("chocolate", "caramel", "tea", "water"))
    assert rare < common


def test_parse_is_pure():
    again = parse_data(RAW)
    assert again.square_ingredient == DATA.square_ingredient
    assert again.cards == DATA.cards
