"""Café search bots: honest determinisation, legal and reproducible decisions, no peeking."""
from __future__ import annotations

import copy

import pytest

from bots_helpers import walk
from brewhouse.bots import make_bot
from brewhouse.bots.levels import heuristics_for
from brewhouse.cafe.game import CafeGame
from brewhouse.cafe.heuristics import HEURISTICS
from brewhouse.core import Rng

GAME = CafeGame()


def _positions(players: int, seed: int, every: int = 9) -> list:
    return [s for s in walk(GAME, {"players": players}, seed, every=every)
            if GAME.active_player(s) is not None and len(GAME.legal_moves(s)) > 1]


def test_heuristics_are_found():
    assert heuristics_for(GAME, "rule") is HEURISTICS
    assert isinstance(heuristics_for(GAME), type(HEURISTICS))  # the default, learned, is a CafeHeuristics too


@pytest.mark.parametrize("players,seed", [(1, 3), (2, 5)])
def test_samples_match_the_view(players, seed):
    rng = Rng.from_seed(seed)
    for state in _positions(players, seed, every=11):
        player = GAME.active_player(state)
        view = GAME.view(state, player)
        sampler = GAME.determinizer(view, player)
        for _ in range(2):
            sample = sampler.sample(rng)
            assert GAME.view(sample, player) == view
            assert [m.id for m in GAME.legal_moves(sample)] == [m.id for m in GAME.legal_moves(state)]


def test_heuristics_shapes():
    rng = Rng.from_seed(1)
    for state in _positions(2, 7, every=13):
        moves = GAME.legal_moves(state)
        prior = HEURISTICS.prior(GAME, state, moves)
        assert len(prior) == len(moves) and all(0.0 <= p <= 1.0 for p in prior)
        assert HEURISTICS.policy(GAME, state, moves, rng) in moves
        assert len(HEURISTICS.evaluate(GAME, state)) == 2


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_return_legal_moves_reproducibly(level):
    states = _positions(1, 2, every=17)[:3]
    for state in states:
        view, moves = GAME.view(state, 0), GAME.legal_moves(state)
        a = make_bot(level, 5, iterations=25).choose(GAME, view, moves)
        b = make_bot(level, 5, iterations=25).choose(GAME, view, moves)
        assert a in {m.id for m in moves} and a == b


def _reshuffled(state):
    other = copy.deepcopy(state)
    deck = other["deck"]
    assert len(deck) > 1
    Rng.from_seed(42).shuffle(deck)
    if deck == state["deck"]:
        deck.reverse()
    other["rng"] = Rng.from_seed(4242).dump()
    return other


@pytest.mark.parametrize("players,seed", [(1, 4), (2, 6)])
def test_no_peeking(players, seed):
    states = [s for s in _positions(players, seed, every=5) if len(s["deck"]) > 2]
    searched = [s for s in states if s["phase"] in ("draft", "place")]
    planned = [s for s in states if s["phase"] == "actions"]
    for state in (searched[0], searched[len(searched) // 2], planned[0]):
        player = GAME.active_player(state)
        other = _reshuffled(state)
        assert other != state and GAME.view(other, player) == GAME.view(state, player)
        a, b = make_bot("hard", 11, iterations=30), make_bot("hard", 11, iterations=30)
        assert (a.choose(GAME, GAME.view(state, player), GAME.legal_moves(state))
                == b.choose(GAME, GAME.view(other, player), GAME.legal_moves(other)))
        # the same search statistics (or, in an action phase, the same plan and no search)
        assert (a.last and a.last.visits) == (b.last and b.last.visits)
