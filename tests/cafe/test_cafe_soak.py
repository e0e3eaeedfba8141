"""Seeded random-play soak of Café, 1-4 players, both variants.

``BREWHOUSE_SOAK_GAMES`` sets the total number of games (default 1000; 2000 for the full run).
The random player first picks a kind of move uniformly (take, place,
produce, dry, deliver, end, ...) and then one move of that kind, so games
explore every rule instead of drowning in the many placement options.

Every twentieth game plays through ``Game.apply`` (validation + deep copy)
and checks at every step that the state survives a JSON round trip exactly;
the other games hand their own state to ``play`` (they never look back at
it) and check the round trip every tenth step, which keeps the soak fast.

Invariants after every step: cubes conserved (35 per colour across supply,
squares, cafés, warehouses, ships and cubes in transit) and action points
within 1..8.  After every move touching an area, that area: never two
colours on a square, production squares holding only their own colour,
cubes only on visible A/B/C squares, cafés never over-supplied and never
holding cubes once covered.  Every area is checked at each round end and at
the end of the game.
"""
from __future__ import annotations

import json
import os
import random
import time

import pytest

from brewhouse.cafe import CafeGame
from brewhouse.cafe.area import Board, parse_key
from brewhouse.cafe.game import CUBES_PER_COLOUR, MAX_AP, ROUNDS

from cafe_helpers import cube_census

GAME = CafeGame()
CONFIGS = [(1, "standard"), (2, "standard"), (3, "standard"), (4, "standard"),
           (2, "auction"), (3, "auction"), (4, "auction")]
#: move kinds that change squares of an area (others touch only counters)
BOARD_MOVES = {"place", "produce", "dry", "roast", "deliver", "deliver_cube", "remove", "ship", "end", "done"}


def check_area(pl: dict) -> None:
    """One player's area: cubes only on visible A/B/C squares, one colour each."""
    cat = GAME.cat
    area = pl["area"]
    board = Board(cat, area)
    for key, (colour, n) in area["cubes"].items():
        sq = board.square(parse_key(key))
        assert sq is not None and sq["kind"] in ("production", "drying", "roasting"), key
        assert colour in cat.colours and n >= 1
        if sq["kind"] == "production":
            assert colour == sq["colour"] and n == 1
    for cid, cubes in area["cafes"].items():
        assert board.cafe_available(cid), cid  # a covered café keeps no cubes
        face = board.cafe_face(cid)
        for colour in set(cubes):
            assert cubes.count(colour) <= face["requires"].count(colour)
    for key in area["ships"]:
        assert board.square(parse_key(key))["kind"] == "ship"
    assert all(v >= 0 for v in pl["warehouse"].values())
    assert 0 <= pl["ap"] <= MAX_AP


def check_invariants(state: dict, players: "list[int] | None" = None) -> None:
    """Cube conservation for the whole table, area rules for ``players`` (default: all)."""
    census = cube_census(state)
    assert census == {c: CUBES_PER_COLOUR for c in GAME.cat.colours}, census
    for p in range(len(state["players"])) if players is None else players:
        check_area(state["players"][p])
    if state["phase"] == "actions":
        pl = state["players"][state["turn"]]
        assert 1 <= pl["ap_total"] <= MAX_AP and 0 <= pl["ap"] <= pl["ap_total"]
    assert 1 <= state["round"] <= ROUNDS


def play_one(index: int) -> int:
    players, variant = CONFIGS[index % len(CONFIGS)]
    rnd = random.Random(index)
    state = GAME.setup(GAME.normalize_config({"players": players, "variant": variant}), seed=index)
    check_invariants(state)
    strict = index % 20 == 0
    steps = 0
    while GAME.active_player(state) is not None:
        moves = GAME.legal_moves(state)
        assert moves, "an active player always has a move"
        kinds = sorted({m.payload["kind"] for m in moves})
        kind = rnd.choice(kinds)
        move = rnd.choice([m for m in moves if m.payload["kind"] == kind])
        mover, round_before = state["turn"], state["round"]
        if strict or steps % 10 == 0:
            assert json.loads(json.dumps(state)) == state
        if strict:
            state = GAME.apply(state, move.id).state
        else:
            # we never look at the old state again, so it may serve as play()'s private copy
            state = GAME.play(state, move).state
        # a move only touches its mover's area (and only board moves at all):
        # check that area after board moves, every area at round ends
        if state["round"] != round_before or strict:
            check_invariants(state)
        else:
            check_invariants(state, [mover] if kind in BOARD_MOVES else [])
        steps += 1
        assert steps < 5000, "game does not end"
    check_invariants(state)
    out = GAME.outcome(state)
    assert out is not None and len(out.scores) == players and out.winners
    assert state["deck"] == [] and state["round"] == ROUNDS
    return steps


@pytest.mark.soak
def test_random_play_soak():
    games = int(os.environ.get("BREWHOUSE_SOAK_GAMES", "1000"))
    start, cpu = time.perf_counter(), time.process_time()
    steps = sum(play_one(i) for i in range(games))
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"\ncafe soak: {games} games, {steps} moves, {elapsed:.1f} s wall, {cpu:.1f} s cpu")
