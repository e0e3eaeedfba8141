"""Movement, ingredient gains and upgrades (alone and combined), supply limits."""
from __future__ import annotations

import pytest

from brewhouse.core.lessons import expected

from rush_helpers import G, codes, do, events, ids, play, send_pile, give_rush, sq, started

#: the book's numbers for Sébastien's turn, as the movement lesson checks them (rush/lessons.json)
SEBASTIEN_GAIN = expected("rush", "movement", "coffee_gain")
SEBASTIEN_AFTER_STEAM = expected("rush", "movement", "then_steam")


def moves_by_id(s):
    return {m.id: m.payload for m in G.legal_moves(s)}


def three_players(seat0, seat1, seat2, upgrades=()):
    """A 3-player game at seat 0's first move with meeples on the given squares."""
    s = started(3, squares=[seat2, seat1, seat0])
    s["players"][0]["upgrades"] = list(upgrades)
    assert s["phase"] == "move" and G.active_player(s) == 0
    return s


def test_book_example_sebastien():
    """Double Meeples + Double Corners: 4 coffee on Pauline's corner, then back for steam."""
    s = three_players(sq(1, 3), sq(1, 4), sq(4, 1), upgrades=["double_meeples", "double_corners"])
    coffee_before = s["supply"]["coffee"]
    options = moves_by_id(s)
    step = options[f"step:0:{sq(1, 4)}"]
    assert (step["ingredient"], step["gain"], step["occupied"]) == ("coffee", len(SEBASTIEN_GAIN), True)
    t = play(s, f"step:0:{sq(1, 4)}")
    s = t.state
    assert s["players"][0]["pending"] == SEBASTIEN_GAIN
    assert s["supply"]["coffee"] == coffee_before - len(SEBASTIEN_GAIN)
    assert events(t, "rush.ingredients_taken")[0]["count"] == len(SEBASTIEN_GAIN)
    assert "stop" not in ids(s)  # Pauline is here: he cannot end his turn on her square
    s = do(s, f"step:0:{sq(1, 3)}")  # back to his starting square
    assert s["players"][0]["pending"] == SEBASTIEN_AFTER_STEAM
    options = moves_by_id(s)
    assert "stop" in options  # ending where he started is allowed
    assert any(k.startswith("step:") for k in options)  # he could move once more
    s = do(s, "stop")
    assert s["phase"] == "place"
    assert s["meeples"][0] == expected("rush", "movement", "end_square") == [sq(1, 3)]
    assert s["turn"]["steps"] == expected("rush", "movement", "steps_used")


@pytest.mark.parametrize("upgrades, target, expected", [
    ((), sq(1, 4), 1),                                   # occupied corner, no upgrade
    (("double_meeples",), sq(1, 4), 2),                  # occupied corner
    (("double_meeples",), sq(2, 3), 1),                  # free plain square
    (("double_corners",), sq(1, 4), 2),
    (("double_corners",), sq(2, 3), 1),
    (("double_specialties",), sq(2, 4), 2),              # water: specialty square
    (("double_specialties",), sq(1, 4), 1),
    (("double_meeples", "double_corners"), sq(1, 4), len(SEBASTIEN_GAIN)),  # the book's example
    (("double_meeples", "double_specialties", "double_corners", "diagonal_move"), sq(2, 4), 2),
])
def test_gain_per_upgrade(upgrades, target, expected):
    # seat 0 on (1,3) steam; seat 1 on the coffee corner (1,4); seat 2 far away
    s = three_players(sq(1, 3), sq(1, 4), sq(4, 1), upgrades=upgrades)
    if target == sq(2, 4):
        s = do(s, f"step:0:{sq(2, 3)}")
    t = play(s, f"step:0:{target}")
    assert events(t, "rush.ingredients_taken")[0]["count"] == expected


def test_double_meeples_and_specialties_on_occupied_specialty():
    # seat 1 stands on the water specialty square (2,4)
    s = three_players(sq(2, 3), sq(2, 4), sq(4, 1), upgrades=["double_meeples", "double_specialties"])
    t = play(s, f"step:0:{sq(2, 4)}")
    assert t.state["players"][0]["pending"] == ["water"] * 4


def test_all_upgrades_combined_with_diagonal():
    s = three_players(sq(2, 3), sq(1, 4), sq(4, 1),
                      upgrades=["double_meeples", "double_specialties", "double_corners", "diagonal_move"])
    options = moves_by_id(s)
    assert options[f"step:0:{sq(1, 4)}"]["diagonal"] and options[f"step:0:{sq(1, 4)}"]["gain"] == 4
    assert options[f"step:0:{sq(2, 4)}"]["gain"] == 2
    assert options[f"step:0:{sq(3, 3)}"]["gain"] == 1


def test_orthogonal_only_without_diagonal_upgrade():
    s = three_players(sq(2, 2), sq(1, 4), sq(4, 1))
    assert sorted(p["to"] for p in moves_by_id(s).values()) == sorted([sq(1, 2), sq(3, 2), sq(2, 1), sq(2, 3)])
    s["players"][0]["upgrades"] = ["diagonal_move"]
    assert len(moves_by_id(s)) == 8


def test_upgrade_activation_usable_at_once_and_pays_oldest():
    s = three_players(sq(2, 2), sq(1, 4), sq(4, 1))
    paid = send_pile(s, 0, 4)
    s["turn"] = None
    from brewhouse.rush.state import start_turn
    start_turn(s, G.data, 0, [])
    assert s["phase"] == "upgrade"
    options = moves_by_id(s)
    assert set(options) == {"upgrade:double_meeples", "upgrade:diagonal_move", "upgrade:double_corners",
                            "upgrade:double_specialties", "skip_upgrade"}
    t = play(s, "upgrade:diagonal_move")
    s = t.state
    assert s["players"][0]["upgrades"] == ["diagonal_move"]
    assert s["players"][0]["sent"] == paid[3:] and s["discard"] == paid[:3]
    assert "rush.upgrade_activated" in codes(t)
    assert s["phase"] == "move"  # one upgrade per turn
    assert len(moves_by_id(s)) == 8  # diagonal steps at once


def test_no_upgrade_decision_without_three_sent_orders_or_tiles():
    s = three_players(sq(2, 2), sq(1, 4), sq(4, 1))
    send_pile(s, 0, 2)
    from brewhouse.rush.state import start_turn
    start_turn(s, G.data, 0, [])
    assert s["phase"] == "move"
    send_pile(s, 0, 1)
    s["players"][0]["upgrades"] = list(G.data.upgrades)
    start_turn(s, G.data, 0, [])
    assert s["phase"] == "move"
    s["players"][0]["upgrades"] = ["double_corners"]
    start_turn(s, G.data, 0, [])
    assert s["phase"] == "upgrade"
    assert "upgrade:double_corners" not in ids(s)
    s = do(s, "skip_upgrade")
    assert s["phase"] == "move" and s["players"][0]["upgrades"] == ["double_corners"]


def test_pass_through_but_never_end_on_occupied_square():
    s = three_players(sq(2, 2), sq(2, 3), sq(4, 1))
    s = do(s, f"step:0:{sq(2, 3)}")  # onto seat 1's square
    assert "stop" not in ids(s)
    s = do(s, f"step:0:{sq(2, 4)}")
    assert "stop" in ids(s)


def test_cannot_walk_into_a_dead_end():
    # seat 0 at (1,2); seat 1 at (1,1) corner, seat 2 at (2,1) blocks the corner's exit
    s = three_players(sq(1, 2), sq(1, 1), sq(2, 1))
    s = do(s, f"step:0:{sq(2, 2)}", f"step:0:{sq(1, 2)}")
    # one step left: the occupied corner would strand the meeple
    assert f"step:0:{sq(1, 1)}" not in ids(s)
    give_rush(s, 0, 1)
    # with a rush token it can step in and out again (2 steps left)
    assert f"step:0:{sq(1, 1)}" in ids(s)


def test_rush_tokens_buy_extra_steps():
    s = three_players(sq(2, 2), sq(1, 4), sq(4, 1))
    give_rush(s, 0, 2)
    s = do(s, f"step:0:{sq(2, 3)}", f"step:0:{sq(3, 3)}", f"step:0:{sq(3, 2)}")
    assert s["phase"] == "move"
    step = moves_by_id(s)[f"step:0:{sq(2, 2)}"]
    assert step["rush"] is True
    supply = s["rush_supply"]
    t = play(s, f"step:0:{sq(2, 2)}")
    s = t.state
    assert "rush.rush_token_spent" in codes(t)
    assert s["players"][0]["rush"] == 1 and s["rush_supply"] == supply + 1
    assert len(s["players"][0]["pending"]) == 4
    s = do(s, f"step:0:{sq(2, 3)}")
    # no token, no free step left: movement ends by itself
    assert s["phase"] == "place" and s["players"][0]["rush"] == 0
    assert len(s["players"][0]["pending"]) == 5


def test_movement_ends_by_itself_after_three_steps():
    s = three_players(sq(2, 2), sq(1, 4), sq(4, 1))
    s = do(s, f"step:0:{sq(2, 3)}", f"step:0:{sq(2, 2)}")
    assert "stop" in ids(s)
    t = play(s, f"step:0:{sq(2, 3)}")
    assert "rush.movement_ended" in codes(t) and t.state["phase"] == "place"


def test_supply_exhaustion_takes_what_is_left():
    s = three_players(sq(1, 3), sq(1, 4), sq(4, 1), upgrades=["double_meeples", "double_corners"])
    # all but one coffee sit in seat 2's cups (conserved, just not in the supply)
    spare = s["supply"]["coffee"] - 1
    s["supply"]["coffee"] = 1
    s["players"][2]["cups"][0] = ["coffee"] * spare
    assert moves_by_id(s)[f"step:0:{sq(1, 4)}"]["take"] == 1
    t = play(s, f"step:0:{sq(1, 4)}")
    ev = events(t, "rush.ingredients_taken")[0]
    assert (ev["count"], ev["wanted"]) == (1, 4)
    s = t.state
    give_rush(s, 0, 1)  # to step back onto the occupied corner and out again
    s = do(s, f"step:0:{sq(1, 3)}", f"step:0:{sq(1, 4)}")
    assert s["players"][0]["pending"].count("coffee") == 1  # nothing left the second time
    assert s["supply"]["coffee"] == 0


def two_players(seat0, seat1, upgrades=()):
    # placement order: seat 1, seat 0, seat 1, seat 0
    s = started(2, squares=[seat1[0], seat0[0], seat1[1], seat0[1]])
    s["players"][0]["upgrades"] = list(upgrades)
    assert s["phase"] == "move" and G.active_player(s) == 0
    return s


def test_two_players_move_one_meeple():
    s = two_players([sq(1, 1), sq(4, 4)], [sq(2, 2), sq(3, 3)])
    movers = {p["meeple"] for p in moves_by_id(s).values()}
    assert movers == {0, 1}
    s = do(s, f"step:1:{sq(3, 4)}")
    assert {p["meeple"] for p in moves_by_id(s).values() if p["kind"] == "step"} == {1}
    assert s["meeples"][0] == [sq(1, 1), sq(3, 4)]


def test_two_players_double_meeples_counts_own_meeple():
    s = two_players([sq(2, 2), sq(2, 3)], [sq(4, 4), sq(4, 1)], upgrades=["double_meeples"])
    step = moves_by_id(s)[f"step:0:{sq(2, 3)}"]
    assert step["occupied"] and step["gain"] == 2
    s = do(s, f"step:0:{sq(2, 3)}")
    assert "stop" not in ids(s)  # not even on your own other meeple


def test_step_options_match_a_full_search():
    """The short-cut legality check equals a full search on random positions."""
    from hypothesis import given, settings, strategies as st

    from brewhouse.rush.movement import distance_to_free, occupied_by_others, step_options

    @settings(max_examples=300, deadline=None)
    @given(squares=st.lists(st.integers(0, 15), min_size=4, max_size=4, unique=True),
           here=st.integers(0, 15), steps=st.integers(0, 5), rush=st.integers(0, 2),
           diagonal=st.booleans())
    def check(squares, here, steps, rush, diagonal):
        s = started(4)
        for seat in range(4):
            s["meeples"][seat] = [squares[seat]]
        # seat 0 may stand on another meeple's square (passing through)
        s["meeples"][0] = [here]
        s["turn"]["steps"] = steps
        s["turn"]["meeple"] = 0
        s["players"][0]["rush"] = rush
        s["rush_supply"] -= rush
        s["players"][0]["upgrades"] = ["diagonal_move"] if diagonal else []
        neighbours = G.data.king if diagonal else G.data.orth
        occupied = occupied_by_others(s, 0, 0)
        dist = distance_to_free(neighbours, occupied)
        budget = max(0, 3 - steps) + rush
        expected = sorted(to for to in neighbours[here] if budget >= 1 and dist[to] <= budget - 1)
        assert sorted(o["to"] for o in step_options(s, G.data, 0)) == expected

    check()
