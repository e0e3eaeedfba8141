"""Validator of the Café card data (``cards.json``).

:func:`validate_cards` returns a list of human-readable problems (empty when
the data is sound).  It checks both the *shape* of the data (kinds, colours,
café definitions) and the *design decisions* of the project
(``shared/design/CAFE.md``): 4 start cards built on the common template with a
different colour pair each, 48 unique plan cards of which 8 are marked ★,
cafés asking 2-5 cubes, two-square cafés on orthogonally adjacent squares.

>>> from brewhouse.cafe.cards import load_data
>>> validate_cards(load_data())
[]
"""
from __future__ import annotations

from typing import Any, Mapping

from .shape import KINDS, ROTATIONS, rotate

__all__ = ["validate_cards", "face_signature"]

PLAN_CARDS = 48
STAR_CARDS = 8
START_CARDS = 4
#: the start-card template: (kind, colour slot) per square, row-major
START_TEMPLATE = (("production", 0), ("production", 1), ("drying", None),
                  ("cup", None), ("production", 2), ("roasting", None))


def _sq_key(square: Mapping[str, Any], card: Mapping[str, Any]) -> tuple:
    """A comparable description of one square (cafés by their requirement)."""
    if square.get("kind") == "production":
        return ("production", square.get("colour"))
    if square.get("kind") == "cafe":
        cafes = card.get("cafes") or []
        k = square.get("cafe")
        if isinstance(k, int) and 0 <= k < len(cafes):
            cafe = cafes[k]
            return ("cafe", tuple(sorted(cafe.get("requires", []))), cafe.get("vp"))
        return ("cafe", None)
    return (square.get("kind"),)


def face_signature(card: Mapping[str, Any], rows: int, cols: int) -> tuple:
    """A signature equal for two cards that look the same in some rotation."""
    squares = card["squares"]
    sigs = []
    for rot in ROTATIONS:
        r_rows, r_cols = (rows, cols) if rot in (0, 180) else (cols, rows)
        grid: dict[tuple[int, int], tuple] = {}
        for i, s in enumerate(squares):
            grid[rotate(i // cols, i % cols, rows, cols, rot)] = _sq_key(s, card)
        sigs.append(tuple(grid[(r, c)] for r in range(r_rows) for c in range(r_cols)) + ((r_rows,),))
    return min(sigs)


def _check_card(card: Any, where: str, colours: list, rows: int, cols: int) -> list[str]:
    problems: list[str] = []
    if not isinstance(card, dict):
        return [f"{where}: a card must be an object"]
    if not isinstance(card.get("id"), str) or not card["id"]:
        problems.append(f"{where}: missing id")
    squares = card.get("squares")
    if not isinstance(squares, list) or len(squares) != rows * cols:
        return problems + [f"{where}: needs exactly {rows * cols} squares"]
    cafes = card.get("cafes", [])
    if not isinstance(cafes, list):
        return problems + [f"{where}: cafes must be a list"]
    used: dict[int, list[int]] = {}
    for i, s in enumerate(squares):
        if not isinstance(s, dict) or s.get("kind") not in KINDS:
            problems.append(f"{where}: square {i} has an unknown kind")
            continue
        kind = s["kind"]
        allowed = {"kind"}
        if kind == "production":
            allowed.add("colour")
            if s.get("colour") not in colours:
                problems.append(f"{where}: square {i} has an unknown bean colour")
        if kind == "cafe":
            allowed.add("cafe")
            k = s.get("cafe")
            if type(k) is not int or not 0 <= k < len(cafes):
                problems.append(f"{where}: square {i} refers to a missing café")
            else:
                used.setdefault(k, []).append(i)
        if set(s) - allowed:
            problems.append(f"{where}: square {i} has unexpected fields {sorted(set(s) - allowed)}")
    for k, cafe in enumerate(cafes):
        cw = f"{where} café {k}"
        cells = used.get(k, [])
        if len(cells) not in (1, 2):
            problems.append(f"{cw}: must cover 1 or 2 squares (covers {len(cells)})")
        elif len(cells) == 2:
            (a, b) = cells
            ra, ca, rb, cb = a // cols, a % cols, b // cols, b % cols
            if abs(ra - rb) + abs(ca - cb) != 1:
                problems.append(f"{cw}: its two squares must be orthogonally adjacent")
        if not isinstance(cafe, dict):
            problems.append(f"{cw}: must be an object")
            continue
        req = cafe.get("requires")
        if not isinstance(req, list) or not 2 <= len(req) <= 5 or any(c not in colours for c in req):
            problems.append(f"{cw}: requires must list 2-5 bean colours")
        vp = cafe.get("vp")
        if type(vp) is not int or vp <= 0:
            problems.append(f"{cw}: vp must be a positive integer")
        if not isinstance(cafe.get("city"), str) or not cafe["city"]:
            problems.append(f"{cw}: needs a city")
        if type(cafe.get("year")) is not int or not 1700 <= cafe["year"] <= 2000:
            problems.append(f"{cw}: needs an opening year")
    if not any(isinstance(s, dict) and s.get("kind") == "cup" for s in squares) and where.startswith("start"):
        problems.append(f"{where}: a start card must show a cup")
    return problems


def validate_cards(data: Any, published: bool = True) -> list[str]:
    """Problems found in a card data set (``[]`` = valid).

    ``published=True`` also checks the counts of the real game (4 start
    cards, 48 plan cards, 8 ★) and the start-card template; tests building
    small catalogues for rulebook pictures pass ``published=False``.
    """
    if not isinstance(data, dict):
        return ["card data must be an object"]
    problems: list[str] = []
    colours = data.get("colours")
    if not isinstance(colours, list) or len(colours) != 4 or len(set(colours)) != 4:
        return ["colours must list 4 distinct bean colours"]
    shape = data.get("card_shape") or {}
    rows, cols = shape.get("rows"), shape.get("cols")
    if (rows, cols) != (2, 3):
        return ["card_shape must be 2 rows x 3 columns"]
    starts, plans = data.get("start_cards"), data.get("plan_cards")
    if not isinstance(starts, list) or not isinstance(plans, list):
        return ["start_cards and plan_cards must be lists"]
    for i, card in enumerate(starts):
        problems += _check_card(card, f"start card {i}", colours, rows, cols)
    for i, card in enumerate(plans):
        problems += _check_card(card, f"plan card {i}", colours, rows, cols)
    if problems:
        return problems
    ids = [c["id"] for c in starts + plans]
    if len(ids) != len(set(ids)):
        problems.append("card ids must be unique")
    sigs: dict[tuple, str] = {}
    for card in plans:
        sig = face_signature(card, rows, cols)
        if sig in sigs:
            problems.append(f"plan cards {sigs[sig]} and {card['id']} look the same")
        sigs[sig] = card["id"]
        if "star" in card and type(card["star"]) is not bool:
            problems.append(f"plan card {card['id']}: star must be true or false")
    if published:
        if len(starts) != START_CARDS:
            problems.append(f"there must be {START_CARDS} start cards")
        if len(plans) != PLAN_CARDS:
            problems.append(f"there must be {PLAN_CARDS} plan cards")
        if sum(1 for c in plans if c.get("star")) != STAR_CARDS:
            problems.append(f"exactly {STAR_CARDS} plan cards must be marked ★")
        pairs = set()
        companies = set()
        for card in starts:
            slots: dict[int, str] = {}
            for (kind, slot), s in zip(START_TEMPLATE, card["squares"]):
                if s["kind"] != kind:
                    problems.append(f"start card {card['id']} does not follow the template")
                    break
                if slot is not None:
                    slots[slot] = s["colour"]
            else:
                if len(set(slots.values())) != 3:
                    problems.append(f"start card {card['id']} must show three different colours")
                pairs.add((slots[0], slots[1]))
            if card.get("cafes"):
                problems.append(f"start card {card['id']} must not show a café")
            companies.add(card.get("company"))
        if len(pairs) != len(starts):
            problems.append("each start card must start with a different colour pair")
        if companies != set(range(1, len(starts) + 1)):
            problems.append("start cards must belong to companies 1..N")
    return problems
