"""Validator for the Coffee Rush data file.

:func:`validate_data` returns a list of human-readable problems (empty when
the data is sound).  It checks the structure the rules rely on and the
design decisions of ``shared/design/RUSH.md``: a rectangular board whose
ingredients are all known, limited supplies, the four upgrade tiles, 80 order
cards with 2-4 ingredients, exactly two copies of each opening card, about a
quarter of the cards marked Specialty (each using a specialty ingredient or
four ingredients), and no card needing more of an ingredient than exists.

>>> from brewhouse.rush.data import read_raw_data
>>> validate_data(read_raw_data())
[]
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

__all__ = ["validate_data", "EXPECTED_CARDS", "SPECIALTY_SHARE", "UPGRADE_EFFECTS"]

#: upgrade effects the rules implement; the data file lists which tiles exist
UPGRADE_EFFECTS = ("double_meeples", "diagonal_move", "double_corners", "double_specialties")

EXPECTED_CARDS = 80
#: accepted share of Specialty cards ("about a quarter")
SPECIALTY_SHARE = (0.2, 0.3)
_POSITIVE_INTS = ("rush_tokens", "cups_per_player", "order_rows", "base_steps", "upgrade_cost",
                  "penalties_to_close")


def _is_int(value: Any) -> bool:
    return type(value) is int


def validate_data(raw: Any) -> list[str]:
    """Every problem found in ``raw`` (an empty list means valid)."""
    if not isinstance(raw, Mapping):
        return ["data must be a JSON object"]
    problems: list[str] = []
    ingredients = raw.get("ingredients")
    if not isinstance(ingredients, list) or not ingredients or \
            not all(isinstance(i, str) for i in ingredients) or len(set(ingredients)) != len(ingredients):
        return ["'ingredients' must be a non-empty list of unique names"]
    known = set(ingredients)

    supply = raw.get("supply")
    if not isinstance(supply, Mapping) or set(supply) != known:
        problems.append("'supply' must give a size for every ingredient")
        supply = {}
    elif not all(_is_int(v) and v > 0 for v in supply.values()):
        problems.append("supply sizes must be positive integers")
    for key in _POSITIVE_INTS:
        if not (_is_int(raw.get(key)) and raw.get(key) > 0):
            problems.append(f"'{key}' must be a positive integer")

    mpp = raw.get("meeples_per_player")
    if not isinstance(mpp, Mapping) or set(mpp) != {"2", "3", "4"} or \
            not all(_is_int(v) and v > 0 for v in mpp.values()):
        problems.append("'meeples_per_player' must map '2', '3', '4' to positive integers")
    setup = raw.get("setup_orders")
    if not isinstance(setup, Mapping) or set(setup) != {"first_player", "other_players"} or \
            not all(isinstance(v, list) and all(_is_int(x) and x >= 0 for x in v) for v in setup.values()):
        problems.append("'setup_orders' must give per-row draw counts for first and other players")

    upgrades = raw.get("upgrades")
    if not isinstance(upgrades, list) or sorted(map(str, upgrades)) != sorted(UPGRADE_EFFECTS):
        problems.append(f"'upgrades' must list exactly the effects {', '.join(UPGRADE_EFFECTS)}")

    # -- board ----------------------------------------------------------------
    board = raw.get("board")
    specialty_ings: set[str] | None = None  # stays None when the board is unusable
    if not isinstance(board, list) or not board or not all(isinstance(r, list) and r for r in board) \
            or len({len(r) for r in board}) != 1:
        problems.append("'board' must be a non-empty rectangle of squares")
    else:
        on_board: Counter[str] = Counter()
        specialty_ings = set()
        for row in board:
            for cell in row:
                if not isinstance(cell, Mapping) or cell.get("ingredient") not in known or \
                        not isinstance(cell.get("specialty"), bool):
                    problems.append(f"bad board square {cell!r}")
                    continue
                on_board[cell["ingredient"]] += 1
                if cell["specialty"]:
                    specialty_ings.add(cell["ingredient"])
        missing = known - set(on_board)
        if missing:
            problems.append(f"ingredients never on the board: {', '.join(sorted(missing))}")
        if not specialty_ings:
            problems.append("the board has no specialty square")
        cells = len(board) * len(board[0])
        if isinstance(mpp, Mapping) and all(_is_int(v) for v in mpp.values()):
            for n, m in mpp.items():
                if int(n) * m > cells - 1:
                    problems.append(f"{n} players' meeples cannot fit on the board with a free square")

    # -- order cards ----------------------------------------------------------
    orders = raw.get("orders")
    if not isinstance(orders, list):
        return problems + ["'orders' must be a list"]
    if len(orders) != EXPECTED_CARDS:
        problems.append(f"expected {EXPECTED_CARDS} order cards, found {len(orders)}")
    ids: set[str] = set()
    names: Counter[str] = Counter()
    opening_names: Counter[str] = Counter()
    specialty_cards = 0
    for card in orders:
        if not isinstance(card, Mapping):
            problems.append(f"order card {card!r} is not an object")
            continue
        cid = card.get("id")
        label = f"card {cid!r}"
        if not isinstance(cid, str) or not cid or cid in ids:
            problems.append(f"{label}: id must be a unique non-empty string")
        ids.add(str(cid))
        unknown = set(card) - {"id", "name", "ingredients", "specialty", "opening"}
        if unknown:
            problems.append(f"{label}: unknown field(s) {', '.join(sorted(unknown))}")
        name = card.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{label}: needs a drink name")
        else:
            names[name] += 1
        ings = card.get("ingredients")
        if not isinstance(ings, list) or not 2 <= len(ings) <= 4 or not all(i in known for i in ings):
            problems.append(f"{label}: needs 2-4 known ingredients")
            continue
        for ing, count in Counter(ings).items():
            if supply and _is_int(supply.get(ing)) and count > supply[ing]:
                problems.append(f"{label}: needs {count} {ing}, more than the supply")
        if not isinstance(card.get("specialty"), bool):
            problems.append(f"{label}: 'specialty' must be true or false")
        elif card["specialty"]:
            specialty_cards += 1
            if specialty_ings is not None and not (set(ings) & specialty_ings or len(ings) == 4):
                problems.append(f"{label}: a Specialty card must use a specialty ingredient or 4 ingredients")
        if "opening" in card:
            if card["opening"] is not True:
                problems.append(f"{label}: 'opening' may only be true")
            elif isinstance(name, str):
                opening_names[name] += 1

    opening = raw.get("opening")
    if not isinstance(opening, Mapping) or not isinstance(opening.get("names"), list) or \
            not _is_int(opening.get("copies_each")):
        problems.append("'opening' must give the opening card names and copies of each")
    else:
        expected = {n: opening["copies_each"] for n in opening["names"]}
        if dict(opening_names) != expected:
            problems.append(f"opening cards must be exactly {expected}, found {dict(opening_names)}")
        for n in expected:
            if names[n] != opening_names[n]:
                problems.append(f"every '{n}' card must be marked as an opening card")
        if isinstance(mpp, Mapping) and sum(expected.values()) < 4:
            problems.append("the opening needs one card per player (4)")
    if orders:
        share = specialty_cards / len(orders)
        if not SPECIALTY_SHARE[0] <= share <= SPECIALTY_SHARE[1]:
            problems.append(f"{specialty_cards} Specialty cards: expected about a quarter")
    return problems
