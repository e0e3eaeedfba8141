"""Final scoring of Café: cafés, warehouse, tie-breaks, solo scale.

Warehouse: sort the four colour counts from fewest to most; the first slot
scores 2 VP per cube, the second slot 1 VP per cube, the others nothing.
Each slot takes exactly one colour even when counts tie — this is what both
translations' worked examples say:

>>> warehouse_points({"yellow": 0, "brown": 6, "green": 6, "red": 11})["points"]
6
>>> warehouse_points({"yellow": 5, "brown": 2, "green": 2, "red": 2})["points"]
6
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

__all__ = ["warehouse_points", "warehouse_score", "cafe_points", "SOLO_SCALE", "solo_rank"]

#: solo score scale (lowest score of each band, label key for the UI)
SOLO_SCALE: tuple[tuple[int, str], ...] = (
    (0, "mediocre"), (15, "average"), (23, "good"), (30, "very_good"), (36, "excellent"),
    (41, "exceptional"),
)


def warehouse_points(warehouse: Mapping[str, int], colours: Sequence[str] | None = None) -> dict[str, Any]:
    """Warehouse VP with the colours that filled the two scoring slots.

    Ties between equal counts are broken by the colour order of the data
    file; it never changes the points, only which name the UI shows.
    """
    order = list(colours) if colours is not None else list(warehouse)
    ranked = sorted(order, key=lambda c: (warehouse.get(c, 0), order.index(c)))
    first, second = ranked[0], ranked[1]
    a, b = warehouse.get(first, 0), warehouse.get(second, 0)
    return {"points": 2 * a + b,
            "fewest": {"colour": first, "cubes": a, "points": 2 * a},
            "second": {"colour": second, "cubes": b, "points": b}}


def warehouse_score(warehouse: Mapping[str, int], colours: Sequence[str]) -> int:
    """The points of :func:`warehouse_points` alone, without naming the colours (the bots' hot path)."""
    a = b = 1 << 30  # the fewest and second-fewest cubes of one colour
    for c in colours:
        n = warehouse.get(c, 0)
        if n < a:
            a, b = n, a
        elif n < b:
            b = n
    return 2 * a + b


def cafe_points(cafes: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """VP of the fully supplied, uncovered cafés (``cafes`` as from ``area.cafe_info``)."""
    done = [c for c in cafes if c["complete"]]
    return {"points": sum(c["vp"] for c in done), "completed": [c["id"] for c in done]}


def solo_rank(score: int) -> str:
    """Label key of the solo scale for a score."""
    label = SOLO_SCALE[0][1]
    for low, name in SOLO_SCALE:
        if score >= low:
            label = name
    return label
