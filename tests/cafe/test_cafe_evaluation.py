"""The learned Café evaluation: its weights file, features read from a view, the bot option."""
from __future__ import annotations

import copy
import importlib.util
import json
import math
from pathlib import Path

import pytest

from brewhouse.bots import make_bot
from brewhouse.bots.levels import heuristics_for
from brewhouse.cafe import evaluation as E
from brewhouse.cafe.heuristics import HEURISTICS
from brewhouse.core import Rng
from brewhouse.core.errors import BadRequest, InvalidConfig
from brewhouse.core.registry import REGISTRY
from support.positions import random_positions

ROOT = Path(__file__).resolve().parents[2]
GAME = REGISTRY.get("cafe")


def _positions(seed: int, players: int = 1, every: int = 1):
    return random_positions(GAME, seed, players, every, final=True)


def _shipped() -> dict:
    return json.loads((ROOT / "engine" / "brewhouse" / "cafe" / E.WEIGHTS_FILE).read_text())


# -- the weights file ---------------------------------------------------------------------
def test_the_shipped_weights_are_valid():
    data = _shipped()
    assert E.validate_weights(data) == []
    model = E.load_model()
    assert model.version == data["version"] and model.features == E.FEATURES


@pytest.mark.parametrize("change,problem", [
    (lambda d: d.pop("version"), "version: a positive integer is required"),
    (lambda d: d.update(version="1"), "version: a positive integer is required"),
    (lambda d: d.update(format="other"), "format: must be 'cafe-eval-linear'"),
    (lambda d: d["features"].reverse(), "features: must list the"),
    (lambda d: d["rounds"].pop(), "rounds: a list of 8 weight lists is required"),
    (lambda d: d["rounds"][2].pop(), "rounds[3]: 33 finite numbers are required"),
    (lambda d: d["rounds"][0].__setitem__(4, float("nan")), "rounds[1]: 33 finite numbers are required"),
    (lambda d: d["rounds"][7].__setitem__(0, "3"), "rounds[8]: 33 finite numbers are required"),
])
def test_a_malformed_weights_file_is_rejected_with_a_clear_error(change, problem):
    data = _shipped()
    change(data)
    assert any(p.startswith(problem) for p in E.validate_weights(data))
    with pytest.raises(InvalidConfig, match=r"Café evaluation weights: .*" + problem.replace("[", r"\[")):
        E.LearnedModel(data)


def test_weights_that_are_not_an_object_are_rejected():
    assert E.validate_weights([1, 2]) == ["the weights file must hold a JSON object"]


# -- features come from what the player sees ----------------------------------------------
@pytest.mark.parametrize("seed,players", [(3, 1), (5, 2)])
def test_a_view_gives_the_features_of_the_state(seed, players):
    """Read from the state (the search's samples) or from the player's view: the same numbers."""
    for state, p in _positions(seed, players, every=2):
        for q in range(players):
            from_state = E.features(GAME.cat, E.position_of(state, q))
            from_view = E.features(GAME.cat, E.position_of(GAME.view(state, q), q))
            assert from_view == from_state
            assert len(from_state) == len(E.FEATURES)


def test_hidden_information_does_not_change_the_features():
    """Deck order and the game's future chance are unseen: changing them changes no feature."""
    for state, p in list(_positions(4, 2, every=9))[:-1]:
        other = copy.deepcopy(state)
        Rng.from_seed(99).shuffle(other["deck"])
        other["rng"] = Rng.from_seed(12345).dump()
        assert GAME.view(other, p) == GAME.view(state, p)
        model = E.load_model()
        assert E.features(GAME.cat, E.position_of(other, p)) == E.features(GAME.cat, E.position_of(state, p))
        assert model.predict(GAME.cat, E.position_of(other, p)) == model.predict(GAME.cat, E.position_of(state, p))


# -- the evaluation -----------------------------------------------------------------------
def test_the_learned_evaluation_is_deterministic():
    states = [s for s, _p in _positions(6, 1, every=5)]
    first = E.LearnedModel(_shipped())
    again = E.LearnedModel(_shipped())
    a = [first.predict(GAME.cat, E.position_of(s, 0)) for s in states]
    b = [again.predict(GAME.cat, E.position_of(s, 0)) for s in reversed(states)]
    assert a == b[::-1]
    assert all(math.isfinite(v) for v in a)
    # once the game is over the evaluation is the score
    assert a[-1] == GAME.outcome(states[-1]).scores[0]


def test_evaluations_are_chosen_by_name_and_the_default_is_one_of_them():
    """``rule`` is the rule of thumb, ``learned`` the model; a bot asking for none gets ``DEFAULT``."""
    assert E.DEFAULT in E.EVALUATIONS
    assert heuristics_for(GAME) is heuristics_for(GAME, E.DEFAULT)
    assert heuristics_for(GAME, "rule") is HEURISTICS
    learned = heuristics_for(GAME, "learned")
    assert isinstance(learned, E.LearnedCafeHeuristics) and heuristics_for(GAME, "learned") is learned
    assert make_bot("hard", 1).evaluation is None
    with pytest.raises(BadRequest, match="no evaluation 'oracle' \\(known: rule, learned\\)"):
        heuristics_for(GAME, "oracle")
    with pytest.raises(BadRequest, match="evaluation must be the name of an evaluation"):
        make_bot("hard", 1, evaluation=3)
    state = next(s for s, _p in _positions(2, 1) if s["phase"] == "place")
    choices = []
    for _ in range(2):
        bot = make_bot("hard", 7, iterations=30, evaluation="learned")
        choices.append((bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state)), bot.last.visits))
    assert choices[0] == choices[1]


# -- the training script's fit ------------------------------------------------------------
def _trainer():
    spec = importlib.util.spec_from_file_location("train_cafe_eval", ROOT / "measurements" / "train_cafe_eval.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_fit_recovers_a_linear_rule():
    train = _trainer()
    rng = Rng.from_seed(1)
    # two rounds' intercepts (one of them 1 in every row), then two features
    xs = [[float(i % 2 == 0), float(i % 2 == 1), rng.random() * 10, rng.random() * 3] for i in range(50)]
    ys = [4.0 * x[0] + 1.0 * x[1] + 2.0 * x[2] - 3.0 * x[3] for x in xs]
    w = train.ridge(xs, ys, 0.0, 2)
    assert [round(v, 6) for v in w] == [4.0, 1.0, 2.0, -3.0]
