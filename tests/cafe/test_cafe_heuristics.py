"""Café bot knowledge: layout throughput, one-step look-ahead without side effects."""
from __future__ import annotations

import copy

from brewhouse.cafe import heuristics as H
from brewhouse.cafe.area import Board
from brewhouse.cafe.game import CafeGame
from brewhouse.core import Rng

GAME = CafeGame()


def _state(seed: int = 3):
    return GAME.setup(GAME.normalize_config({"players": 1}), seed=seed)


def test_start_area_moves_one_colour_per_cycle():
    state = _state()
    board = Board(GAME.cat, state["players"][0]["area"])
    rate, shares, biggest_drying, biggest_roasting = H.layout_rate(board.layout)
    # 3 production squares in one group, but one drying and one roasting square:
    # one colour (one cube) per produce-dry-roast-deliver cycle of 4 points
    assert rate == 0.25
    assert sum(shares.values()) == 1.0
    assert (biggest_drying, biggest_roasting) == (1, 1)


def test_lookahead_leaves_the_state_untouched():
    state = _state(5)
    rng = Rng.from_seed(1)
    seen_actions = 0
    while GAME.active_player(state) is not None and seen_actions < 25:
        moves = GAME.legal_moves(state)
        if state["phase"] == "actions":
            before = copy.deepcopy(state)
            prior = H.HEURISTICS.prior(GAME, state, moves)
            assert state == before
            assert len(prior) == len(moves) and all(0.0 <= p <= 1.0 for p in prior)
            seen_actions += 1
        state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
    assert seen_actions > 0


def test_evaluation_is_the_score_at_the_end():
    state = _state(7)
    rng = Rng.from_seed(2)
    while GAME.active_player(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
    out = GAME.outcome(state)
    assert H.HEURISTICS.evaluate(GAME, state) == [float(out.scores[0])]
