"""A learned evaluation of a Seize the Bean position: the final points a café is heading for.

The search's judge where a rollout stops is the rule of thumb of :mod:`.heuristics`
(``SeizeHeuristics.evaluate``: reviews so far, the Line, Hype, upgrades, owned customers and the
awards as they stand, with hand-set weights).  This module reads a café as a short list of numbers
(:data:`FEATURES`, the rule of thumb's projection among them) and projects its final points with a
linear model whose weights drift with the game's progress (the share of the City's Good Review
pool taken, which ends the game when it runs out): ``sum((a + b * t) * x)``.  The weights come from
``eval_weights.json``, fitted on self-play games by ``measurements/train_seize_eval.py``.

A café's own features read only what its owner knows: its own café (Line, deck and discard as
cards owned, not their order) and the City's pool and decks as counts; a test checks that every
sample of the owner's view reads the same numbers.  The awards' features compare its group icons
with the other cafés' as the search's sample holds them, as the rule of thumb does.

The rule of thumb stays the bots' evaluation (:data:`DEFAULT`): the learned one did not measurably
win (``bots/NOTES.md``, "A learned evaluation for Seize the Bean"); ``evaluation="learned"`` asks
for it.  Pure Python: the engine stays dependency-free.

>>> model = load_model()
>>> model.version >= 1 and model.features == FEATURES
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional

from ..bots.weights import finite_numbers, header_problems, read_weights
from ..core.errors import InvalidConfig
from .cafe import affordable, award_icons, order_cost
from .data import CardDB
from .heuristics import HEURISTICS, SeizeHeuristics

__all__ = ["FEATURES", "features", "progress", "LearnedModel", "load_model", "validate_weights",
           "LearnedSeizeHeuristics", "WEIGHTS_FILE", "FORMAT", "EVALUATIONS", "DEFAULT"]

WEIGHTS_FILE = "eval_weights.json"
FORMAT = "seize-eval-linear"

#: the features, in the order :func:`features` lists them (the weights file names them too)
FEATURES = (
    "bias",              # 1
    "rule_of_thumb",     # SeizeHeuristics.evaluate's projection for this café
    "reviews_now",       # Good - Bad Reviews, achievements' reviews, Diverse City cookies
    "happy_tokens",      # happy tokens on customers in the Line (each a review at the end of a Service)
    "line_paid",         # customers waiting whose main order the café can pay now
    "line_unpaid",       # customers waiting, not happy, whose main order it cannot pay
    "hype",
    "upgrades",          # Pantry and Style cards
    "customers",         # customers owned (Line, deck, discard)
    "resources",         # basic and crafted resources held
    "awards_led",        # group awards this café holds the most icons of (ties count)
    "award_customers",   # customers owned of the groups of those awards (their reviews at the end)
    "pool_left",         # Good Reviews left in the City pool
    "deck_left",         # cards left in the City's shortest deck (an empty deck ends the game too)
    "day",
)


def progress(state: Mapping[str, Any]) -> float:
    """How far the game has gone, 0 to 1: the share of the City's Good Review pool taken."""
    start = state.get("pool_start") or 0
    if start <= 0:
        return 1.0
    return min(1.0, max(0.0, 1.0 - state["pool"] / start))


def features(state: Mapping[str, Any], p: int, db: CardDB, thumb: float) -> list[float]:
    """The numbers of :data:`FEATURES` for player ``p``'s café; ``thumb`` is its rule-of-thumb
    projection (computed once for every café by :meth:`SeizeHeuristics.evaluate`)."""
    players = state["players"]
    pl = players[p]
    reviews = pl["good"] - pl["bad"] + db.setup["achievement_reviews"] * len(pl["ach"]) + sum(pl.get("cookies", ()))
    start = pl["served"] if state["phase"] == "service" else 0
    happy = paid = unpaid = 0
    for i, e in enumerate(pl["line"]):
        happy += e["happy"]
        if i < start:
            continue
        card = db.card(e["id"])
        main = card["main"] if "main" in card else card["mains"][0]  # a City Celebrity: its left order
        if affordable(pl, order_cost(pl, main["order"], db)):
            paid += 1
        elif not e["happy"]:
            unpaid += 1
    owned = len(pl["deck"]) + len(pl["discard"]) + len(pl["line"])
    icons = [award_icons(q, db) for q in players]
    led = led_customers = 0
    for g in state["groups"]:
        best = max(c[g] for c in icons)
        if best > 0 and icons[p][g] == best:
            led += 1
            led_customers += sum(1 for e in pl["line"] if g in db.card(e["id"])["groups"])
            led_customers += sum(1 for cid in pl["discard"] if g in db.card(cid)["groups"])
            led_customers += sum(1 for cid in pl["deck"] if g in db.card(cid)["groups"])
    decks = [len(row["deck"]) for row in state["city"]]
    return [1.0, float(thumb), float(reviews), float(happy), float(paid), float(unpaid), float(pl["hype"]),
            float(len(pl["pantry"]) + len(pl["style"])), float(owned), float(sum(pl["res"].values())),
            float(led), float(led_customers), float(state["pool"]), float(min(decks) if decks else 0),
            float(state["day"])]


# -- the model ------------------------------------------------------------------------
def validate_weights(data: Any) -> list[str]:
    """Problems of a weights file's content (an empty list when it is sound).

    >>> validate_weights({"format": "seize-eval-linear"})[0]
    'version: a positive integer is required'
    """
    problems = header_problems(data, FORMAT, FEATURES, __name__)
    if not isinstance(data, dict):
        return problems
    for key in ("weights", "drift"):
        if not finite_numbers(data.get(key), len(FEATURES)):
            problems.append(f"{key}: {len(FEATURES)} finite numbers are required")
    return problems


class LearnedModel:
    """Weights ``a`` and their drift ``b`` over :data:`FEATURES` (see :func:`load_model`)."""

    __slots__ = ("version", "features", "weights", "drift", "trained")

    def __init__(self, data: Mapping[str, Any]) -> None:
        problems = validate_weights(data)
        if problems:
            raise InvalidConfig("Seize evaluation weights: " + "; ".join(problems))
        self.version: int = data["version"]
        self.features: tuple[str, ...] = tuple(data["features"])
        self.weights: tuple[float, ...] = tuple(float(w) for w in data["weights"])
        self.drift: tuple[float, ...] = tuple(float(w) for w in data["drift"])
        self.trained: dict[str, Any] = dict(data.get("trained", {}))

    def predict(self, f: list[float], t: float) -> float:
        """Projected final points of a café with features ``f`` at progress ``t``."""
        # added left to right on purpose: sum() of floats is compensated from Python 3.12, so it
        # would answer differently in the browser's Python than in an older CPython
        total = 0.0
        for a, b, x in zip(self.weights, self.drift, f):
            total += (a + b * t) * x
        return total


@lru_cache(maxsize=1)
def load_model() -> LearnedModel:
    """The shipped model (``eval_weights.json``), validated once."""
    return LearnedModel(read_weights(__package__, WEIGHTS_FILE, "Seize evaluation weights"))


class LearnedSeizeHeuristics(SeizeHeuristics):
    """The Seize search knowledge with the learned evaluation where a rollout stops.

    Only :meth:`evaluate` changes; priors, rollouts and the solo scenarios' objectives are the
    rule of thumb's (a scenario's projected margins read this evaluation, as they read the rule's).
    """

    def __init__(self, model: Optional[LearnedModel] = None) -> None:
        super().__init__()
        self.model = model or load_model()

    def evaluate(self, game: Any, state: Mapping[str, Any]) -> list[float]:
        db: CardDB = game.db
        thumbs = super().evaluate(game, state)
        t = progress(state)
        return [self.model.predict(features(state, p, db, thumbs[p]), t) for p in range(len(thumbs))]


def _rule_of_thumb() -> SeizeHeuristics:
    return HEURISTICS


#: the evaluations a bot may ask for by name (``make_bot(..., evaluation="learned")``, see
#: :func:`brewhouse.bots.levels.heuristics_for`): ``rule`` is the rule of thumb of
#: :mod:`.heuristics`, ``learned`` this module's model
EVALUATIONS = {"rule": _rule_of_thumb, "learned": LearnedSeizeHeuristics}

#: the evaluation bots use when none is asked for: the rule of thumb (the learned model's trial
#: is in bots/NOTES.md)
DEFAULT = "rule"
