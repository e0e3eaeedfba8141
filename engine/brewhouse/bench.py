"""Engine benchmarks: the same workloads run in CPython and in Pyodide.

``workloads()`` returns timings as plain data so the Pyodide-on-Node runner and
the CPython CLI print comparable figures (the ratio is computed side by side
in one ``make bench`` run, never asserted in tests).
"""
from __future__ import annotations

import copy
import json
import time
from typing import Any, Optional

from .core.match import state_digest
from .core.registry import REGISTRY
from .core.rng import Rng

__all__ = ["core_workload", "game_workload", "search_workload", "workloads"]


def _sample_state(rng: Rng) -> dict[str, Any]:
    """A state shaped like a board game's: players, decks, rows of cards."""
    cards = [{"id": f"c{i}", "cost": [rng.below(4) for _ in range(3)], "tags": ["a", "b"][: 1 + i % 2]}
             for i in range(120)]
    return {
        "rng": rng.dump(),
        "players": [{"deck": [c["id"] for c in cards[p::4]], "resources": {"beans": 5, "milk": 1},
                     "line": [], "score": 0} for p in range(4)],
        "city": [[c["id"] for c in cards[r * 4:(r + 1) * 4]] for r in range(3)],
        "cards": cards,
    }


def core_workload(iterations: int = 300) -> dict[str, Any]:
    """Interpreter-bound work the engine does on every move: copy, shuffle, serialise, hash."""
    rng = Rng.from_seed(1)
    state = _sample_state(rng)
    started = time.perf_counter()
    for _ in range(iterations):
        s = copy.deepcopy(state)
        for player in s["players"]:
            rng.shuffle(player["deck"])
        s = json.loads(json.dumps(s))
        state_digest(s)
    seconds = time.perf_counter() - started
    return {"name": "core", "iterations": iterations, "seconds": round(seconds, 4),
            "per_second": round(iterations / seconds, 1)}


def game_workload(game_id: str, games: int = 10, players: Optional[int] = None) -> dict[str, Any]:
    """Complete random games of one playable game: games and decisions per second, and where the time goes.

    Each move goes through what :meth:`Game.apply` does (validate the id
    against the legal moves, copy the state, play the rules), timed step by
    step: ``breakdown`` gives the seconds of setup, listing legal moves (for
    the chooser), validating, copying and playing.
    """
    game = REGISTRY.get(game_id)
    config = game.normalize_config({"players": players or max(2, game.min_players)})
    parts = dict.fromkeys(("setup", "legal_moves", "validate", "copy", "play"), 0.0)
    clock = time.perf_counter
    started = clock()
    plies = 0
    for seed in range(games):
        t0 = clock()
        state = game.setup(config, seed)
        parts["setup"] += clock() - t0
        rng = Rng.from_seed(seed)
        while game.active_player(state) is not None:
            t0 = clock()
            moves = game.legal_moves(state)
            t1 = clock()
            move = game.find_move(state, moves[rng.below(len(moves))].id)
            t2 = clock()
            private = game.copy_state(state)
            t3 = clock()
            state = game.play(private, move).state
            t4 = clock()
            parts["legal_moves"] += t1 - t0
            parts["validate"] += t2 - t1
            parts["copy"] += t3 - t2
            parts["play"] += t4 - t3
            plies += 1
    seconds = clock() - started
    return {"name": game_id, "games": games, "plies": plies, "seconds": round(seconds, 4),
            "games_per_second": round(games / seconds, 2), "decisions_per_second": round(plies / seconds, 1),
            "breakdown": {k: round(v, 4) for k, v in parts.items()}}


def search_workload(game_id: str, positions: int = 4, iterations: int = 100) -> dict[str, Any]:
    """Search-bot iterations per second on fixed positions of one game (the bots' speed).

    Every level runs the same search; a level's iterations per decision are
    its budget times this rate (e.g. hard's 0.9 s in CPython).
    """
    from .bots import make_bot  # bots import the engine core; keep the core benchmark free of them

    game = REGISTRY.get(game_id)
    config = game.normalize_config({"players": max(2, game.min_players)})
    rng = Rng.from_seed(7)
    state = game.setup(config, 7)
    found = []
    while len(found) < positions and game.active_player(state) is not None:
        moves = game.legal_moves(state)
        if len(moves) > 2 and rng.random() < 0.3:
            found.append(state)
        state = game.play(game.copy_state(state), moves[rng.below(len(moves))]).state
    done = 0
    started = time.perf_counter()
    for i, position in enumerate(found):
        player = game.active_player(position)
        bot = make_bot("hard", i, iterations=iterations)
        bot.choose(game, game.view(position, player), game.legal_moves(position))
        done += bot.last.iterations if bot.last else 0
    seconds = time.perf_counter() - started
    return {"name": game_id, "positions": len(found), "iterations": done, "seconds": round(seconds, 4),
            "iterations_per_second": round(done / seconds, 1) if seconds > 0 else 0.0}


def workloads(game_id: Optional[str] = None, scale: float = 1.0) -> dict[str, Any]:
    """Every benchmark workload (or one game's), timed here and now."""
    ids = [game_id] if game_id else REGISTRY.available_ids()
    return {
        "core": core_workload(max(1, int(300 * scale))),
        "games": [game_workload(i, max(1, int(10 * scale))) for i in ids],
        "search": [search_workload(i, max(1, int(4 * scale))) for i in ids],
    }
