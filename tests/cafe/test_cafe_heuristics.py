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


def _broke_solo_state(round_: int):
    """A solo position in the draft of ``round_`` with an empty warehouse and no ships."""
    state = _state(11)
    state["round"] = round_
    state["players"][0]["warehouse"] = {c: 0 for c in GAME.cat.colours}
    return state


def test_an_empty_warehouse_costs_the_next_draft():
    # With no cube and fewer than two ships, a row of cup cards cannot be
    # paid for and the round's card is lost: the evaluation charges for it
    # while drafts remain, and only then.
    broke = _broke_solo_state(3)
    one_cube = copy.deepcopy(broke)
    one_cube["players"][0]["warehouse"]["yellow"] = 1
    # one yellow cube alone scores nothing in the warehouse (the two scarcest colours are empty)
    assert H.HEURISTICS._value(GAME, one_cube, 0) - H.HEURISTICS._value(GAME, broke, 0) >= H._BROKE

    last = _broke_solo_state(8)  # the last draft: no card is left to pay for afterwards
    last_one = copy.deepcopy(last)
    last_one["players"][0]["warehouse"]["yellow"] = 1
    # (only the small credit for a spare colour remains)
    assert abs(H.HEURISTICS._value(GAME, last_one, 0) - H.HEURISTICS._value(GAME, last, 0)) < 0.1


def test_paying_with_the_last_cube_weighs_on_the_draft():
    state = _broke_solo_state(2)
    state["players"][0]["warehouse"]["green"] = 1
    moves = GAME.legal_moves(state)
    scores = H.HEURISTICS._draft_scores(GAME, state, moves, Rng.from_seed(1))
    board = Board(GAME.cat, state["players"][0]["area"])
    checked = 0
    for move, score in zip(moves, scores):
        if move.payload.get("pay") and H.HEURISTICS._ships_with(GAME, board, move.payload["card"]) < 2:
            card_value = H.HEURISTICS._card_value(GAME, state, move.payload["card"])  # every placement
            assert score <= card_value - H._BROKE
            checked += 1
    assert checked > 0


def test_an_empty_warehouse_costs_nothing_when_cards_are_free():
    # After an auction cards are free: the warehouse pays for bids, not cards.
    state = GAME.setup(GAME.normalize_config({"players": 2, "variant": "auction"}), seed=4)
    state["round"] = 3
    for pl in state["players"]:
        pl["warehouse"] = {c: 0 for c in GAME.cat.colours}
    one_cube = copy.deepcopy(state)
    one_cube["players"][0]["warehouse"]["yellow"] = 1
    assert abs(H.HEURISTICS._value(GAME, one_cube, 0) - H.HEURISTICS._value(GAME, state, 0)) < 0.1
