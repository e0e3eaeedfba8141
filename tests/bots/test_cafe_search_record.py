"""Café searches decide exactly as recorded: speed-ups of the engine or the bots change no decision.

``cafe_search_record.json`` holds, for a few seeded positions (solo, two
players, the auction variant) and the opening of a solo game played with a
kept tree, the move a hard bot judging by the rule of thumb chose at a fixed
iteration count and the visits of every root move.  It was written by the
engine before the Café search was sped up; every later engine must
reproduce it to the visit.  ``cafe_search_record_learned.json`` is the same
record for the learned evaluation (``cafe/evaluation.py``), written when it
became an evaluation bots use.  Regenerate (only for a deliberate change of
the bots' play) with::

    PYTHONPATH=engine python tests/bots/test_cafe_search_record.py --write rule|learned

Also here: the shortcuts the search takes must answer as the long way
does — a rollout placement drawn without listing every spot and a
rollout action scored with what listing the moves read
(:meth:`CafeHeuristics.rollout_move`), and a placement weighed without
building the area it makes (:meth:`CafeHeuristics._place_value`).
"""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from brewhouse.bots import make_bot
from brewhouse.cafe import area as A
from brewhouse.cafe import heuristics as H
from brewhouse.cafe.game import CafeGame
from brewhouse.core import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # tests/support, when run as a script
from bots_helpers import walk  # noqa: E402

#: evaluation -> its record
RECORDS = {"rule": Path(__file__).with_name("cafe_search_record.json"),
           "learned": Path(__file__).with_name("cafe_search_record_learned.json")}
GAME = CafeGame()
ITERATIONS = 40
#: (config, seed of the walk, every how many plies a position is taken, positions kept)
SETUPS = [({"players": 1}, 3, 9, 3), ({"players": 2}, 4, 11, 4), ({"players": 2, "variant": "auction"}, 5, 13, 3)]


def _positions() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for config, seed, every, keep in SETUPS:
        found = [s for s in walk(GAME, config, seed, every=every)
                 if GAME.active_player(s) is not None and len(GAME.legal_moves(s)) > 1][:keep]
        out.extend((f"{json.dumps(config, sort_keys=True)} seed {seed} #{i}", s) for i, s in enumerate(found))
    return out


def _search(state: dict[str, Any], seed: int, evaluation: str) -> dict[str, Any]:
    player = GAME.active_player(state)
    bot = make_bot("hard", seed, iterations=ITERATIONS, evaluation=evaluation)
    move = bot.choose(GAME, GAME.view(state, player), GAME.legal_moves(state))
    return {"move": move, "visits": sorted(bot.last.visits.items()) if bot.last else None}


def _solo_opening(evaluation: str, decisions: int = 6) -> list[dict[str, Any]]:
    """The first decisions of a solo game by a bot keeping its tree (searches go on from the last)."""
    state = GAME.setup(GAME.normalize_config({"players": 1}), 21)
    bot = make_bot("hard", 8, iterations=ITERATIONS, keep_tree=True, evaluation=evaluation)
    out = []
    while len(out) < decisions and GAME.active_player(state) is not None:
        move = bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state))
        out.append({"move": move, "visits": sorted(bot.last.visits.items()) if bot.last else None})
        bot.last = None
        state = GAME.apply(state, move).state
    return out


def record(evaluation: str) -> dict[str, Any]:
    return {"iterations": ITERATIONS,
            "positions": {name: _search(state, i, evaluation) for i, (name, state) in enumerate(_positions())},
            "solo_opening": _solo_opening(evaluation)}


def _as_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("evaluation", sorted(RECORDS))
def test_searches_choose_as_recorded(evaluation):
    expected = json.loads(RECORDS[evaluation].read_text())
    got = _as_json(record(evaluation))
    assert got["positions"].keys() == expected["positions"].keys()
    for name, want in expected["positions"].items():
        assert got["positions"][name] == want, name
    assert got["solo_opening"] == expected["solo_opening"]


def _rollout_against_policy(phase: str, setups: tuple[tuple[dict[str, Any], int], ...]):
    """For every position of ``phase`` along seeded games: (legal moves, the rollout's move,
    the policy's move or None when at most one move is legal, whether both drew the same numbers)."""
    heur = H.HEURISTICS
    for config, seed in setups:
        for n, state in enumerate(walk(GAME, config, seed, every=1)):
            if state["phase"] != phase:
                continue
            moves = GAME.legal_moves(state)
            a, b = Rng.from_seed(n), Rng.from_seed(n)
            fast = heur.rollout_move(GAME, copy.deepcopy(state), a)
            slow = heur.policy(GAME, state, moves, b) if len(moves) > 1 else None
            yield moves, fast, slow, a.state == b.state


def _same_move(fast, slow) -> bool:
    return fast is not None and (fast.id, dict(fast.payload)) == (slow.id, dict(slow.payload))


def test_rollout_placements_match_the_policy():
    checked = 0
    for moves, fast, slow, same_draws in _rollout_against_policy(
            "place", (({"players": 1}, 2), ({"players": 2}, 6), ({"players": 3}, 7))):
        if slow is None:
            assert fast is None
            continue
        assert _same_move(fast, slow)
        assert same_draws  # the same numbers drawn
        checked += 1
    assert checked > 20


def test_rollout_actions_match_the_policy():
    """In the action phase the rollout scores the moves with what listing them read: the same
    move, the same numbers drawn, as listing them and asking the policy."""
    checked = 0
    for moves, fast, slow, same_draws in _rollout_against_policy(
            "actions", (({"players": 1}, 2), ({"players": 2}, 6), ({"players": 2, "variant": "auction"}, 5))):
        assert _same_move(fast, moves[0] if slow is None else slow)
        assert same_draws
        checked += 1
    assert checked > 100


def _place_value_by_building(state: dict[str, Any], payload: dict[str, Any]) -> float:
    """The evaluation of a placement on the area it makes, built as the game would build it."""
    cat = GAME.cat
    p = state["turn"]
    pl = state["players"][p]
    area = pl["area"]
    board = A.Board(cat, area)
    cubes, cafes = dict(area["cubes"]), dict(area["cafes"])
    for dr, dc in cat.shape(payload["card"], payload["rot"]).cells:
        cell = (payload["row"] + dr, payload["col"] + dc)
        hit = board.top.get(cell)
        if hit is not None:
            cubes.pop(A.cell_key(*cell), None)
            if hit[2]["kind"] == "cafe":
                cafes.pop(f"{hit[0]}.{hit[2]['cafe']}", None)
    cards = tuple(area["cards"]) + (A.encode_placement(payload["card"], payload["row"], payload["col"],
                                                       payload["rot"]),)
    vboard = A.Board.__new__(A.Board)
    vboard.cat, vboard.layout = cat, A._Layout(cat, cards, board.layout)
    vboard.area = {"cards": list(cards), "cubes": cubes, "cafes": cafes, "ships": area["ships"]}
    _ap, to_come = H._rounds_to_come(state, p)
    return H._player_value(cat, vboard, vboard.layout, {"warehouse": pl["warehouse"], "area": vboard.area}, 0,
                           to_come, H.ROUNDS - int(state["round"]), H._cards_cost(state))


def test_placements_are_weighed_as_on_the_built_area():
    compared = 0
    for config, seed in (({"players": 1}, 4), ({"players": 2, "variant": "auction"}, 8)):
        for state in walk(GAME, config, seed, every=1):
            if state["phase"] != "place":
                continue
            for m in GAME.legal_moves(state)[::3]:
                if m.payload["kind"] == "place":
                    assert H.HEURISTICS._place_value(GAME, state, m.payload) == \
                        _place_value_by_building(state, m.payload), m.id
                    compared += 1
    assert compared > 100


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--write" or sys.argv[2] not in RECORDS:
        sys.exit(f"usage: test_cafe_search_record.py --write {'|'.join(RECORDS)}"
                 "  (rewrites that evaluation's record with this engine's searches)")
    RECORDS[sys.argv[2]].write_text(json.dumps(record(sys.argv[2]), indent=1) + "\n")
    print(f"wrote {RECORDS[sys.argv[2]]}")
