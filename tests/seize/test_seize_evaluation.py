"""The learned Seize the Bean evaluation (seize/evaluation.py): its weights file and validator, features
that read only what a café's owner knows, the bots' choice of evaluation, and the training script's fit."""
from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from brewhouse.bots import make_bot
from brewhouse.bots.levels import heuristics_for
from brewhouse.core import Rng
from brewhouse.core.errors import BadRequest, InvalidConfig
from brewhouse.seize import evaluation as E
from brewhouse.seize.heuristics import HEURISTICS
from support.positions import random_positions

from .helpers import DB, GAME

ROOT = Path(__file__).resolve().parents[2]


def _positions(seed: int, players: int = 2, every: int = 1):
    return random_positions(GAME, seed, players, every)


def _shipped() -> dict:
    return json.loads((ROOT / "engine" / "brewhouse" / "seize" / E.WEIGHTS_FILE).read_text())


def _features(state: dict, p: int) -> list[float]:
    return E.features(state, p, DB, HEURISTICS.evaluate(GAME, state)[p])


# -- the weights file ---------------------------------------------------------------------
def test_the_shipped_weights_are_valid():
    data = _shipped()
    assert E.validate_weights(data) == []
    model = E.load_model()
    assert model.version == data["version"] and model.features == E.FEATURES
    assert data["trained"]["seeds"] and data["trained"]["held_out"]  # how it was fitted, for the record


@pytest.mark.parametrize("change,problem", [
    (lambda d: d.pop("version"), "version: a positive integer is required"),
    (lambda d: d.update(version=True), "version: a positive integer is required"),
    (lambda d: d.update(format="cafe-eval-linear"), "format: must be 'seize-eval-linear'"),
    (lambda d: d["features"].reverse(), "features: must list the"),
    (lambda d: d["weights"].pop(), "weights: 15 finite numbers are required"),
    (lambda d: d["drift"].__setitem__(3, float("inf")), "drift: 15 finite numbers are required"),
    (lambda d: d["weights"].__setitem__(0, "1"), "weights: 15 finite numbers are required"),
])
def test_a_malformed_weights_file_is_rejected_with_a_clear_error(change, problem):
    data = _shipped()
    change(data)
    assert any(p.startswith(problem) for p in E.validate_weights(data))
    with pytest.raises(InvalidConfig, match=r"Seize evaluation weights: .*" + problem):
        E.LearnedModel(data)
    assert E.validate_weights("weights") == ["the weights file must hold a JSON object"]


# -- features read what the owner knows ---------------------------------------------------
def test_every_sample_of_the_owners_view_reads_the_same_own_features():
    """A search evaluates samples of its view: whatever a sample fills in (deck orders, the City's
    decks, what the other cafés hold unseen), the features of a café's own position do not change.
    The awards' features (and the rule of thumb's projection, which counts the awards too) compare
    group icons with the other cafés as the sample holds them, as the rule of thumb always has."""
    own = [i for i, name in enumerate(E.FEATURES) if name not in ("rule_of_thumb", "awards_led", "award_customers")]
    rng = Rng.from_seed(3)
    checked = 0
    for state, p in list(_positions(5, 2, every=23)):
        sampler = GAME.determinizer(GAME.view(state, p), p)
        want = _features(state, p)
        assert len(want) == len(E.FEATURES)
        for _ in range(3):
            sample = sampler.sample(rng)
            got = E.features(sample, p, DB, HEURISTICS.evaluate(GAME, sample)[p])
            assert [got[i] for i in own] == [want[i] for i in own]
            checked += 1
    assert checked > 20


def test_progress_runs_from_zero_to_one_with_the_review_pool():
    states = [s for s, _p in _positions(6, 2, every=11)]
    ts = [E.progress(s) for s in states]
    assert ts[0] == 0.0 and all(0.0 <= t <= 1.0 for t in ts) and ts == sorted(ts)
    assert E.progress({"pool": 0, "pool_start": 0}) == 1.0


# -- the evaluation -----------------------------------------------------------------------
def test_the_learned_evaluation_is_deterministic_and_finite():
    learned = E.LearnedSeizeHeuristics(E.LearnedModel(_shipped()))
    states = [s for s, _p in _positions(7, 2, every=13)]
    a = [learned.evaluate(GAME, s) for s in states]
    b = [E.LearnedSeizeHeuristics(E.LearnedModel(_shipped())).evaluate(GAME, s) for s in reversed(states)]
    assert a == b[::-1]
    assert all(math.isfinite(v) for pair in a for v in pair)


def test_evaluations_are_chosen_by_name_and_the_default_is_the_rule_of_thumb():
    """``rule`` is the rule of thumb and stays the default (the learned model did not measurably win);
    ``learned`` is the model, asked for by name."""
    assert E.DEFAULT == "rule"
    assert heuristics_for(GAME) is HEURISTICS is heuristics_for(GAME, "rule")
    learned = heuristics_for(GAME, "learned")
    assert isinstance(learned, E.LearnedSeizeHeuristics) and heuristics_for(GAME, "learned") is learned
    with pytest.raises(BadRequest, match="no evaluation 'oracle' \\(known: rule, learned\\)"):
        heuristics_for(GAME, "oracle")
    state, p = next(iter(_positions(2, 2)))
    choices = []
    for _ in range(2):
        bot = make_bot("hard", 7, iterations=30, evaluation="learned")
        choices.append((bot.choose(GAME, GAME.view(state, p), GAME.legal_moves(state)), bot.last.visits))
    assert choices[0] == choices[1]


# -- the training script's fit ------------------------------------------------------------
def _trainer():
    import sys
    sys.path.insert(0, str(ROOT / "measurements"))
    spec = importlib.util.spec_from_file_location("train_seize_eval", ROOT / "measurements" / "train_seize_eval.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_the_fit_recovers_a_rule_that_drifts_with_progress():
    train = _trainer()
    rng = Rng.from_seed(1)
    n = len(E.FEATURES)
    a = [3.0, 0.5] + [0.0] * (n - 2)
    b = [-1.0, 0.25] + [0.0] * (n - 2)
    a[E.FEATURES.index("hype")], b[E.FEATURES.index("hype")] = 2.0, -1.5
    rows = []
    for i in range(300):
        f = [1.0] + [rng.random() * 10 for _ in range(n - 1)]
        t = rng.random()
        rows.append({"seed": i, "f": f, "t": t, "score": sum((x + y * t) * v for x, y, v in zip(a, b, f))})
    w = train.fit(rows, 0.0)
    assert [round(v, 5) for v in w] == [round(v, 5) for v in a + b]


def test_docstring_examples():
    import doctest

    from brewhouse.bots import weights
    for module in (E, weights):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_a_weights_file_that_is_not_json_says_so(tmp_path, monkeypatch):
    from brewhouse.bots import weights
    (tmp_path / "eval_weights.json").write_text("{version: 1")
    monkeypatch.setattr(weights.resources, "files", lambda package: tmp_path)
    with pytest.raises(InvalidConfig, match=r"^Seize evaluation weights: not JSON \("):
        weights.read_weights("brewhouse.seize", E.WEIGHTS_FILE, "Seize evaluation weights")
