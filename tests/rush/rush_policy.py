"""A seeded "greedy but random" test driver for soak tests and protocol tests.

Pure random play almost never fills a cup exactly, so games would end by
penalties alone.  The driver is the search bots' own rollout policy
(:data:`brewhouse.rush.heuristics.HEURISTICS`): it sends whenever it can,
mostly walks to ingredients its orders need, puts an ingredient where it
still fits an order, empties dead cups and buys upgrades often.  It reads the
state directly (a test driver, not a bot: bots use views) to keep thousands
of games fast.
"""
from __future__ import annotations

from typing import Any, Sequence

from brewhouse.core import Move, Rng
from brewhouse.core.registry import REGISTRY
from brewhouse.rush.heuristics import HEURISTICS

_GAME = REGISTRY.get("rush")


def choose(data: Any, state: dict[str, Any], moves: Sequence[Move], rng: Rng) -> Move:
    """Pick one of ``moves`` for the active player (``data`` kept for the callers' signature)."""
    return HEURISTICS.policy(_GAME, state, moves, rng)


def play_game(game, config: dict[str, Any], seed: int, on_move=None) -> dict[str, Any]:
    """Play one whole game with :func:`choose`; returns the final state."""
    state = game.setup(game.normalize_config(config), seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    while game.active_player(state) is not None:
        move = choose(game.data, state, game.legal_moves(state), rng)
        transition = game.apply(state, move.id)
        if on_move is not None:
            on_move(state, move, transition)
        state = transition.state
    return state
