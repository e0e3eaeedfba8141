"""Every worked example of the Café rulebooks, with the books' numbers.

The pictures are redrawn as token grids (see ``cafe_helpers``); rows are
numbered from 0 at the top, columns from 0 at the left.  The books' numbers
live in the Café lessons (``brewhouse/cafe/lessons.json``), which replay the
same examples on real cards; these tests read them with :func:`book`.
"""
from __future__ import annotations

import pytest

from brewhouse.cafe.area import Board
from brewhouse.core.errors import IllegalMove
from brewhouse.core.lessons import expected

from cafe_helpers import action_state, ids, play


def cubes_of(state, r, c):
    return state["players"][0]["area"]["cubes"].get(f"{r},{c}")


def ap(state):
    return state["players"][0]["ap"]


def book(lesson_id, name):
    """The rulebook's number as the Café lesson ``lesson_id`` checks it under ``name``."""
    return expected("cafe", lesson_id, name)


# -- A: produce ---------------------------------------------------------------------

def test_example2_produce_one_yellow_for_one_point():
    game, s = action_state(["y E U",
                            "E B C"], ap=3)
    s, events = play(game, s, "produce:r0c0")
    assert cubes_of(s, 0, 0) == book("produce", "ex2_yellow")
    assert ap(s) == book("produce", "ex2_points_left")
    assert events[0].code == "cafe.produced" and events[0].params["cubes"] == {"yellow": 1}


def test_example3_group_produces_yellow_red_and_two_browns_for_one_point():
    # four orthogonally connected production squares; a fifth one far away stays idle
    # two points left, as the lesson has them after example 2
    game, s = action_state(["y r U",
                            "b b E",
                            "E E E",
                            "g E E"], ap=2)
    s, _ = play(game, s, "produce:r0c0")
    produced = {k: v for k, v in s["players"][0]["area"]["cubes"].items()}
    assert produced == {"0,0": ["yellow", 1], "0,1": ["red", 1], "1,0": ["brown", 1], "1,1": ["brown", 1]}
    assert sorted(produced.values()) == sorted(book("produce", name) for name in
                                               ("ex3_yellow", "ex3_red", "ex3_brown_1", "ex3_brown_2"))
    assert ap(s) == book("produce", "ex3_points_left")
    # the isolated green square is a separate group, with its own action
    assert "produce:r3c0" in ids(game, s)


def test_produce_skips_squares_still_holding_a_cube():
    game, s = action_state(["y r U",
                            "E E E"], cubes={"0,0": ["yellow", 1]}, ap=3)
    s, _ = play(game, s, "produce:r0c0")
    assert cubes_of(s, 0, 0) == ["yellow", 1] and cubes_of(s, 0, 1) == ["red", 1]
    assert not any(i.startswith("produce") for i in ids(game, s))  # the whole group is full


# -- B: dry ------------------------------------------------------------------------------

def test_example4_dry_two_browns_for_one_point():
    # three points, as the drying lesson starts
    game, s = action_state(["b b B",
                            "U E E"], cubes={"0,0": ["brown", 1], "0,1": ["brown", 1]}, ap=3)
    s, _ = play(game, s, "dry:r0c2:brown")
    assert cubes_of(s, 0, 2) == book("dry", "ex4_browns")
    assert cubes_of(s, 0, 0) is None and cubes_of(s, 0, 1) is None
    assert ap(s) == book("dry", "ex4_points_left") and s["pending"] is None


def test_example5_drying_group_takes_two_browns_and_a_yellow_for_one_point():
    game, s = action_state(["b b B",
                            "y U B"],
                           cubes={"0,0": ["brown", 1], "0,1": ["brown", 1], "1,0": ["yellow", 1]}, ap=3)
    s, _ = play(game, s, "dry:r0c2:brown")
    assert ap(s) == book("dry", "ex4_points_left") and s["pending"]["kind"] == "dry"
    # the second square of the group dries the yellow for free
    move = next(m for m in game.legal_moves(s) if m.id == "dry:r1c2:yellow")
    assert move.payload["cost"] == 0
    s, _ = play(game, s, "dry:r1c2:yellow")
    assert cubes_of(s, 0, 2) == book("dry", "ex4_browns") and cubes_of(s, 1, 2) == book("dry", "ex5_yellow")
    assert ap(s) == book("dry", "ex5_points_left") and s["pending"] is None


# -- C: roast ------------------------------------------------------------------------------

def test_example6_roast_three_browns_for_one_point():
    # two points left, as the drying lesson has them when it roasts (example 6)
    game, s = action_state(["B B C",
                            "U E E"], cubes={"0,0": ["brown", 2], "0,1": ["brown", 1]}, ap=2)
    s, _ = play(game, s, "roast:r0c2:brown")
    assert cubes_of(s, 0, 2) == book("dry", "ex6_browns") and ap(s) == book("dry", "ex6_points_left")


def test_example7_roasting_group_and_the_red_cube_on_the_third_square():
    # two adjacent roasting squares and a third one that touches neither
    game, s = action_state(["B B C",
                            "B U C",
                            "E E E",
                            "E E C"],
                           cubes={"0,0": ["yellow", 2], "0,1": ["green", 3], "1,0": ["red", 1]}, ap=3)
    s, _ = play(game, s, "roast:r0c2:yellow")
    assert ap(s) == book("roast", "ex7_points_after_yellow")
    free = [m.id for m in game.legal_moves(s) if m.payload.get("cost") == 0]
    assert "roast:r1c2:green" in free and not any("r3c2" in i for i in free)
    s, _ = play(game, s, "roast:r1c2:green")
    assert cubes_of(s, 0, 2) == book("roast", "ex7_yellows") and cubes_of(s, 1, 2) == book("roast", "ex7_greens")
    assert ap(s) == book("roast", "ex7_points_after_green"), "two yellows and three greens cost a single point"
    # the red cube may go to the third roasting square, for one more point
    s, _ = play(game, s, "roast:r3c2:red")
    assert cubes_of(s, 3, 2) == book("roast", "ex7_red") and ap(s) == book("roast", "ex7_points_after_red")


def test_a_square_holding_cubes_never_receives_again_until_emptied():
    game, s = action_state(["y B U",
                            "E E E"], cubes={"0,0": ["yellow", 1], "0,1": ["yellow", 2]}, ap=3)
    assert not any(i.startswith("dry:") for i in ids(game, s))
    with pytest.raises(IllegalMove):
        game.apply(s, "dry:r0c1:yellow")
    s, _ = play(game, s, "remove:r0c1")  # free (rule e)
    assert ap(s) == 3 and s["supply"]["yellow"] == 34 + 2
    s, _ = play(game, s, "dry:r0c1:yellow")
    assert cubes_of(s, 0, 1) == ["yellow", 1]


# -- D: deliver --------------------------------------------------------------------------------

def test_example8_delivery_to_a_cafe_and_the_warehouse_for_one_point():
    game, s = action_state(["C C C",
                            "U D:lisboa E"],
                           cubes={"0,0": ["red", 1], "0,1": ["yellow", 2], "0,2": ["green", 3]},
                           cafe_defs={"lisboa": {"requires": ["red", "yellow"], "vp": 2}},
                           warehouse={"yellow": 1, "brown": 2, "green": 0, "red": 1}, ap=2)
    s, _ = play(game, s, "deliver")
    assert ap(s) == book("deliver", "ex8_points_left") and s["players"][0]["area"]["cubes"] == {}
    assert s["pending"]["pool"] == book("deliver", "ex8_pool")
    # the café asks for red and yellow only: green can only go to the warehouse
    assert "deliver:green:cafe0.0" not in ids(game, s)
    s, _ = play(game, s, "deliver:red:cafe0.0", "deliver:yellow:cafe0.0")
    assert "deliver:yellow:cafe0.0" not in ids(game, s)  # the café has its yellow
    s, _ = play(game, s, "deliver:all:warehouse")
    pl = s["players"][0]
    assert pl["area"]["cafes"] == {"0.0": book("deliver", "ex8_cafe")}
    assert pl["warehouse"] == book("deliver", "ex8_warehouse")
    assert ap(s) == book("deliver", "ex8_points_after") and s["pending"] is None


def test_warehouse_cubes_never_go_to_cafes_later():
    game, s = action_state(["C U D:porto",
                            "E E E"], cubes={}, cafe_defs={"porto": {"requires": ["red", "yellow"]}},
                           warehouse={"yellow": 0, "brown": 0, "green": 0, "red": 5}, ap=2)
    assert "deliver" not in ids(game, s)  # nothing roasted: no delivery at all
    s["players"][0]["area"]["cubes"] = {"0,0": ["yellow", 1]}
    s, _ = play(game, s, "deliver")
    # only the roasted yellow travels; the five red warehouse cubes stay put
    assert ids(game, s) == ["deliver:yellow:cafe0.0", "deliver:yellow:warehouse"]
    s, _ = play(game, s, "deliver:yellow:cafe0.0")
    pl = s["players"][0]
    assert pl["area"]["cafes"] == {"0.0": ["yellow"]} and pl["warehouse"]["red"] == 5


def test_partially_covered_two_square_cafe_takes_nothing_and_loses_its_cubes():
    # a two-square café at (0,1)-(0,2) holding one red; a card covers (0,2) only
    cafes = {"braga": {"requires": ["red", "yellow", "green", "brown"], "vp": 5},
             "faro": {"requires": ["green", "green"], "vp": 2}}
    game, s = action_state(["C D:braga D:braga",
                            "U E D:faro"],
                           cubes={"0,0": ["yellow", 1]}, cafe_defs=cafes, ap=3,
                           delivered={"0.0": ["red"]})
    board = Board(game.cat, s["players"][0]["area"])
    assert [c["id"] for c in board.cafe_info() if c["available"]] == ["0.0", "0.1"]
    # cover (0,2) with the test card T0 itself (any card works): anchor (-1, 2)
    pl = s["players"][0]
    pl["hand"] = "T0"
    s["phase"] = "place"
    assert "place:r-1:c2:rot0" not in ids(game, s)  # would cover (0,2) alone: 1 square
    s2, events = play(game, s, "place:r0:c2:rot90")  # 3x2 at rows 0-2, cols 2-3: covers (0,2), (1,2)
    placed = next(e for e in events if e.code == "cafe.card_placed")
    assert placed.params["covered"] == 2
    assert placed.params["cafes_lost"] == ["0.0", "0.1"]
    assert placed.params["cubes_to_supply"] == {"red": 1}
    board = Board(game.cat, s2["players"][0]["area"])
    braga = next(c for c in board.cafe_info() if c["id"] == "0.0")
    assert braga["available"] is False and braga["delivered"] == []  # (0,1) still shows, but dead
    assert s2["supply"]["red"] == s["supply"]["red"] + 1


# -- scoring ------------------------------------------------------------------------------------

CAFES = {
    "lisboa": {"requires": ["red", "yellow", "green", "brown"], "vp": 4},
    "porto": {"requires": ["red", "green", "brown"], "vp": 3},
    "aveiro": {"requires": ["yellow", "brown"], "vp": 2},
    "coimbra": {"requires": ["green", "red", "yellow"], "vp": 3, "city": "Coimbra"},
}


def finished(warehouse):
    """A finished solo game: four cafés, Coimbra missing one of its three cubes."""
    game, s = action_state(["D:lisboa D:porto U",
                            "D:aveiro D:coimbra E"], cafe_defs=CAFES, warehouse=warehouse,
                           delivered={"0.0": ["red", "yellow", "green", "brown"],
                                      "0.1": ["brown", "red", "green"],
                                      "0.2": ["yellow", "brown"],
                                      "0.3": ["green", "red"]})
    s.update(phase="over", turn=None)
    return game, s


def test_cafe_scoring_four_plus_three_plus_two_coimbra_not_counted():
    game, s = finished({"yellow": 0, "brown": 0, "green": 0, "red": 0})
    b = game.outcome(s).breakdown[0]
    assert b["cafes"] == 4 + 3 + 2 == book("scoring", "cafe_points")
    assert "0.3" not in b["cafes_completed"] and len(b["cafes_completed"]) == book("scoring", "cafes_completed")


@pytest.mark.parametrize("warehouse, wh_points, total, book", [
    # 001 example 1: yellow fewest (4 x 2 = 8), red second fewest (6 x 1 = 6); the scoring lesson
    ({"yellow": 4, "brown": 8, "green": 7, "red": 6}, book("scoring", "warehouse_points"), book("scoring", "total"),
     "001 ex1"),
    # 001 example 1 as the German text colours it: yellow 4 fewest, brown 6 second
    ({"yellow": 4, "brown": 6, "green": 9, "red": 7}, 14, 23, "001 ex1 (de)"),
    # 001 example 2: yellow 0, red and green tied on 6, only one scores
    ({"yellow": 0, "brown": 11, "green": 6, "red": 6}, 6, 15, "001 ex2"),
    # 004 example 1: yellow 0, brown and green tied on 7, only one scores
    ({"yellow": 0, "brown": 7, "green": 7, "red": 9}, 7, 16, "004 ex1"),
    # 004 example 2: brown, green, red tied on 2: one scores 2 x 2, another 1 x 2
    ({"yellow": 5, "brown": 2, "green": 2, "red": 2}, 6, 15, "004 ex2"),
])
def test_warehouse_worked_examples(warehouse, wh_points, total, book):
    game, s = finished(warehouse)
    out = game.outcome(s)
    b = out.breakdown[0]
    assert b["warehouse"] == wh_points, book
    assert b["total"] == out.scores[0] == total, book


def test_warehouse_example1_detail_is_the_lessons():
    game, s = finished({"yellow": 4, "brown": 8, "green": 7, "red": 6})
    d = game.outcome(s).breakdown[0]["warehouse_detail"]
    assert (d["fewest"], d["second"]) == (book("scoring", "fewest"), book("scoring", "second"))


def test_warehouse_detail_names_one_colour_per_slot():
    game, s = finished({"yellow": 5, "brown": 2, "green": 2, "red": 2})
    d = game.outcome(s).breakdown[0]["warehouse_detail"]
    assert d["fewest"] == {"colour": "brown", "cubes": 2, "points": 4}
    assert d["second"] == {"colour": "green", "cubes": 2, "points": 2}
