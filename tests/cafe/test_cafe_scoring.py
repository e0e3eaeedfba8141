"""Warehouse scoring as a property: each slot takes one colour, fewest first."""
from __future__ import annotations

from itertools import permutations

from hypothesis import given
from hypothesis import strategies as st

from brewhouse.cafe.scoring import warehouse_points, warehouse_score

COLOURS = ("yellow", "brown", "green", "red")


@given(st.lists(st.integers(min_value=0, max_value=40), min_size=4, max_size=4))
def test_warehouse_points_match_the_slot_rule(counts):
    warehouse = dict(zip(COLOURS, counts))
    got = warehouse_points(warehouse, COLOURS)
    # the rule read literally: the fewest colour scores 2 per cube, then a
    # *different* colour with the next fewest cubes scores 1 per cube
    best = min(2 * warehouse[a] + warehouse[b] for a, b in permutations(COLOURS, 2)
               if warehouse[a] <= warehouse[b]
               and all(warehouse[a] <= warehouse[c] for c in COLOURS)
               and all(warehouse[b] <= warehouse[c] for c in COLOURS if c != a))
    assert got["points"] == best
    assert warehouse_score(warehouse, COLOURS) == best  # the bots' fast path agrees
    assert got["fewest"]["colour"] != got["second"]["colour"]
    assert got["fewest"]["cubes"] == min(counts)
