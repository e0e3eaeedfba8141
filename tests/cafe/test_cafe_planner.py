"""Café bots plan their own action phase instead of searching it."""
from __future__ import annotations

import copy

import pytest

from brewhouse.bots import make_bot
from brewhouse.cafe import heuristics as H
from brewhouse.cafe.game import CafeGame
from brewhouse.cafe.planner import greedy_phase, position_key
from brewhouse.core import Rng

GAME = CafeGame()
HEUR = H.HEURISTICS


def _action_states(players: int = 1, seed: int = 4, limit: int = 12):
    """Positions at the start of an action phase, reached by the rollout policy."""
    state = GAME.setup(GAME.normalize_config({"players": players}), seed=seed)
    rng = Rng.from_seed(seed)
    out = []
    while GAME.active_player(state) is not None and len(out) < limit:
        moves = GAME.legal_moves(state)
        if state["phase"] == "actions" and state["pending"] is None and state["players"][state["turn"]]["ap"] >= 3:
            out.append(copy.deepcopy(state))
        state = GAME.play(state, HEUR.policy(GAME, state, moves, rng)).state
    assert out
    return out


@pytest.mark.parametrize("width", [1, 4, 12])
def test_a_plan_is_legal_and_ends_the_action_phase(width):
    for state in _action_states():
        p = state["turn"]
        before = copy.deepcopy(state)
        value, path, end = HEUR._plan_actions(GAME, state, p, width)
        assert state == before  # planning never touches the position it plans from
        s = copy.deepcopy(state)
        for i, mid in enumerate(path):
            assert s["phase"] == "actions" and s["turn"] == p, f"the phase ended before move {i}"
            move = next((m for m in GAME.legal_moves(s) if m.id == mid), None)
            assert move is not None, f"planned move {mid} is not legal"
            s = GAME.play(s, move).state
        assert not (s["phase"] == "actions" and s["turn"] == p)
        assert position_key(s, p) == position_key(end, p)
        assert value == pytest.approx(HEUR._end_value(GAME, s, p))


@pytest.mark.parametrize("width", [1, 2])
def test_a_plan_is_never_worse_than_the_greedy_phase(width):
    for state in _action_states(seed=1):
        p = state["turn"]
        path, end = greedy_phase(GAME, copy.deepcopy(state), p, copy.deepcopy,
                                 lambda s, moves: HEUR._action_scores(GAME, s, moves))
        assert path and not (end["phase"] == "actions" and end["turn"] == p)
        value, _path, _end = HEUR._plan_actions(GAME, state, p, width)
        assert value >= HEUR._end_value(GAME, end, p)


def test_the_plan_reads_nothing_hidden():
    """Two samples of one view (other deck orders) get the same plan."""
    state = _action_states(players=2, seed=6)[2]
    p = state["turn"]
    sampler = GAME.determinizer(GAME.view(state, p), p)
    plans = set()
    decks = set()
    for seed in range(4):
        sample = sampler.sample(Rng.from_seed(seed))
        decks.add(tuple(sample["deck"]))
        plans.add(tuple(HEUR._plan_actions(GAME, sample, p, 12)[1]))
    assert len(decks) == 4  # the hidden deck really differs between the samples
    assert len(plans) == 1


def test_bots_follow_their_plan_without_searching_the_action_phase():
    state = _action_states(seed=11)[0]
    p = state["turn"]
    bot = make_bot("hard", 5, fixed=True)
    moves_played = 0
    while state["phase"] == "actions" and state["turn"] == p:
        moves = GAME.legal_moves(state)
        mid = bot.choose(GAME, GAME.view(state, p), moves)
        state = GAME.play(state, next(m for m in moves if m.id == mid)).state
        moves_played += 1
    assert moves_played >= 2
    assert bot.stats["searches"] == 0
    assert bot.stats["solved"] >= 1


def test_the_planner_effort_follows_the_level():
    assert make_bot("easy", 1, fixed=True).effort() == pytest.approx(40 / 450)
    assert make_bot("normal", 1, fixed=True).effort() == pytest.approx(150 / 450)
    assert make_bot("hard", 1).effort() == 1.0
    # an explicit iteration count sets the search, not the planner: hard still plans as hard
    assert make_bot("hard", 1, iterations=150).effort() == 1.0
    assert make_bot("normal", 1, iterations=450).effort() == pytest.approx(0.3 / 0.9)
