"""A learned evaluation of a Café position: what a player's area will still produce.

The rule-of-thumb evaluation of :mod:`.heuristics` projects the final score
from the layout's steady-state throughput; in the first rounds it predicts
the final score no better than the mean does (``bots/NOTES.md``, "What
limits the solo score").  This module reads a position as a short list of
numbers (:data:`FEATURES`: group shapes, open cafés and the colours they
still need, the warehouse, cubes by stage, action points to come, the rule
of thumb's own projection ...) and projects the final score with a linear
model per round whose weights come from ``eval_weights.json``, fitted on
self-play games by ``measurements/train_cafe_eval.py``.

Only what the player sees is read: :func:`position_of` takes either a
game state or that player's view and reads the same public facts from
either (the player's own area, warehouse and action points, the round,
the turn order and a delivery in progress), so a bot's samples and its
view give the same features.  Pure Python: the engine stays dependency-free.

>>> model = load_model()
>>> model.version >= 1 and len(model.features) == len(FEATURES)
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence

from ..bots.weights import finite_numbers, header_problems, read_weights
from ..core.errors import InvalidConfig
from . import area as A
from .heuristics import (HEURISTICS, CafeHeuristics, _cards_cost, _group_sizes, _player_value, _rounds_to_come,
                         layout_rate)
from .scoring import warehouse_score
from .table import MAX_AP, ROUNDS

__all__ = ["FEATURES", "Position", "position_of", "features", "LearnedModel", "load_model",
           "validate_weights", "LearnedCafeHeuristics", "WEIGHTS_FILE", "EVALUATIONS", "DEFAULT"]

WEIGHTS_FILE = "eval_weights.json"
FORMAT = "cafe-eval-linear"

#: the features, in the order :func:`features` lists them (the weights file names them too)
FEATURES = (
    "bias",                # 1
    "rule_of_thumb",       # the projection of heuristics._player_value
    "score_now",           # completed visible cafés + warehouse points
    "ap_now",              # action points left in the player's current action phase
    "phases_to_come",      # full action phases still to come
    "ap_to_come",          # ap_now + cups x phases to come
    "cups",                # visible cups (capped at the action-point maximum)
    "ships",               # visible ships (two make every card free)
    "rate",                # cubes delivered per action point of the layout (steady state)
    "rate_x_ap",           # rate x action points to come
    "prod_squares",        # visible production squares
    "prod_colours",        # colours produced on the area
    "prod_groups",         # production groups
    "prod_biggest",        # the biggest production group
    "dry_squares",
    "dry_biggest",
    "roast_squares",
    "roast_biggest",
    "cubes_production",    # cubes on production squares
    "cubes_drying",
    "cubes_roasting",
    "cubes_delivering",    # cubes of a delivery in progress
    "wh_fewest",           # warehouse: cubes of the scarcest colour
    "wh_second",           # ... of the second scarcest
    "wh_total",
    "wh_colours_missing",  # colours absent from the warehouse and produced nowhere on the area
    "cafes_done_vp",       # VP of completed visible cafés
    "cafes_open",          # open cafés still asking for cubes
    "cafes_open_vp",
    "cafes_missing",       # cubes the open cafés still ask for
    "cafes_reachable_vp",  # VP of open cafés whose every missing colour the area produces or holds
    "cards",               # cards placed
    "drafts_left",
)

#: what :func:`position_of` reads: plain public facts of one player's position
Position = dict


def _area_from_view(vp: Mapping[str, Any]) -> dict[str, Any]:
    """The plain area data (as in the state, see :mod:`.area`) a view's player entry shows.

    Cafés covered in part are not listed in a view; their deliveries cannot
    score any more, and no feature reads them.
    """
    grid = vp["area"]
    cards = [A.encode_placement(p["card"], p["row"], p["col"], p["rot"]) for p in grid["placements"]]
    cubes: dict[str, list] = {}
    ships: dict[str, str] = {}
    for row in grid["grid"]:
        for cell in row:
            if cell is None:
                continue
            key = A.cell_key(cell["row"], cell["col"])
            if cell["cubes"]:
                cubes[key] = [cell["cubes"]["colour"], cell["cubes"]["n"]]
            if cell.get("ship_cube"):
                ships[key] = cell["ship_cube"]
    cafes = {c["id"]: list(c["delivered"]) for c in vp["cafes"] if c["delivered"]}
    return {"cards": cards, "cubes": cubes, "cafes": cafes, "ships": ships}


def position_of(data: Mapping[str, Any], player: int) -> Position:
    """The public facts of ``player``'s position in a state or in that player's view.

    A view is told apart by its ``"viewer"`` key.  Both carry the round, the
    phase, the turn order and the cursor in it, the player's action points
    and a delivery in progress; the area comes from the state's plain data
    or is rebuilt from the view's grid.
    """
    is_view = "viewer" in data
    pl = data["players"][player]
    pending = data["pending"]
    turn = data["active"] if is_view else data["turn"]
    pool = None
    if pending is not None and pending["kind"] == "deliver" and turn == player:
        pool = dict(pending["pool"])
    ap_now, to_come = _rounds_to_come(data, player)  # reads round, phase, order, pos and the player's ap
    return {
        "area": _area_from_view(pl) if is_view else pl["area"],
        "warehouse": dict(pl["warehouse"]),
        "pool": pool,
        "ap_now": ap_now,
        "to_come": to_come,
        "round": int(data["round"]),
        "over": data["phase"] == "over",
        "cards_cost": _cards_cost(data),
    }


def features(cat: Any, pos: Position) -> list[float]:
    """The numbers of :data:`FEATURES` for one position (see :func:`position_of`)."""
    board = A.board_of(cat, pos["area"])
    layout = board.layout
    colours = cat.colours
    wh = pos["warehouse"]
    pool = pos["pool"]
    ap_now, to_come = pos["ap_now"], pos["to_come"]
    drafts = 0 if pos["over"] else ROUNDS - pos["round"]
    pl = {"warehouse": wh, "area": pos["area"]}
    if pool:
        pl["_pool"] = pool
    thumb = _player_value(cat, board, layout, pl, ap_now, to_come, drafts, pos["cards_cost"])
    cups = max(1, min(MAX_AP, layout.cups))
    ap_eff = ap_now + cups * to_come
    rate = layout_rate(layout)[0]
    shapes = layout.memo.get("eval_shapes")
    if shapes is None:
        shapes = layout.memo["eval_shapes"] = _shapes(board)
    produced = shapes[1]
    # cubes by stage (and the colours on the way, which a café may still get)
    stage = {"production": 0, "drying": 0, "roasting": 0}
    on_way: set[str] = set()
    kind_at = layout.kind_at
    for key, (c, n) in pos["area"]["cubes"].items():
        kind = kind_at[key]
        if kind in stage:
            stage[kind] += n
            on_way.add(c)
    pooled = sum(pool.values()) if pool else 0
    if pool:
        on_way.update(c for c, n in pool.items() if n)
    counts = sorted(wh[c] for c in colours)
    missing_colours = sum(1 for c in colours if wh[c] == 0 and c not in produced)
    done_vp = open_n = open_vp = missing = reachable_vp = 0
    delivered_all = pos["area"]["cafes"]
    for cid, face in board.open_cafes():
        got = delivered_all.get(cid, [])
        need = list(face["requires"])
        for c in got:
            if c in need:
                need.remove(c)
        if not need:
            done_vp += face["vp"]
            continue
        open_n += 1
        open_vp += face["vp"]
        missing += len(need)
        if all(c in produced or c in on_way for c in need):
            reachable_vp += face["vp"]
    score_now = done_vp + warehouse_score(wh, colours)
    return [1.0, thumb, float(score_now), float(ap_now), float(to_come), float(ap_eff), float(cups),
            float(min(2, len(layout.kinds.get("ship", ())))), rate, rate * ap_eff,
            *shapes[0], float(stage["production"]), float(stage["drying"]), float(stage["roasting"]),
            float(pooled), float(counts[0]), float(counts[1]), float(sum(counts)), float(missing_colours),
            float(done_vp), float(open_n), float(open_vp), float(missing), float(reachable_vp),
            float(len(layout.placements)), float(drafts)]


def _shapes(board: A.Board) -> tuple[tuple[float, ...], frozenset]:
    """Of a layout alone: (production squares, colours, groups, biggest group, drying squares and
    biggest group, roasting squares and biggest group), and the colours produced."""
    prod = board.cells_of("production")
    top = board.top
    produced = frozenset(top[cell][2]["colour"] for cell in prod)
    pgroups = _group_sizes(list(prod)) or [0]
    dgroups = _group_sizes(list(board.cells_of("drying"))) or [0]
    rgroups = _group_sizes(list(board.cells_of("roasting"))) or [0]
    return ((float(len(prod)), float(len(produced)), float(len(pgroups) if prod else 0), float(pgroups[0]),
             float(sum(dgroups)), float(dgroups[0]), float(sum(rgroups)), float(rgroups[0])), produced)


# -- the model ------------------------------------------------------------------------
def validate_weights(data: Any) -> list[str]:
    """Problems of a weights file's content (an empty list when it is sound).

    >>> validate_weights({"format": "cafe-eval-linear"})[0]
    'version: a positive integer is required'
    """
    problems = header_problems(data, FORMAT, FEATURES, __name__)
    if not isinstance(data, dict):
        return problems
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or len(rounds) != ROUNDS:
        problems.append(f"rounds: a list of {ROUNDS} weight lists is required (one per round)")
    else:
        for i, weights in enumerate(rounds, start=1):
            if not finite_numbers(weights, len(FEATURES)):
                problems.append(f"rounds[{i}]: {len(FEATURES)} finite numbers are required")
    return problems


class LearnedModel:
    """Linear weights per round over :data:`FEATURES` (see :func:`load_model`)."""

    __slots__ = ("version", "features", "rounds", "trained")

    def __init__(self, data: Mapping[str, Any]) -> None:
        problems = validate_weights(data)
        if problems:
            raise InvalidConfig("Café evaluation weights: " + "; ".join(problems))
        self.version: int = data["version"]
        self.features: tuple[str, ...] = tuple(data["features"])
        self.rounds: tuple[tuple[float, ...], ...] = tuple(tuple(float(w) for w in r) for r in data["rounds"])
        self.trained: dict[str, Any] = dict(data.get("trained", {}))

    def predict(self, cat: Any, pos: Position) -> float:
        """Projected final score of the position (the score itself once the game is over)."""
        f = features(cat, pos)
        if pos["over"]:
            return f[2]
        weights = self.rounds[min(ROUNDS, max(1, pos["round"])) - 1]
        # added left to right on purpose: sum() of floats is compensated from Python 3.12, so it
        # would answer differently in the browser's Python than in an older CPython
        total = 0.0
        for w, x in zip(weights, f):
            total += w * x
        return total


@lru_cache(maxsize=1)
def load_model() -> LearnedModel:
    """The shipped model (``eval_weights.json``), validated once."""
    return LearnedModel(read_weights(__package__, WEIGHTS_FILE, "Café evaluation weights"))


class LearnedCafeHeuristics(CafeHeuristics):
    """The Café search knowledge with the learned evaluation at the rollout's horizon.

    Only :meth:`evaluate` (the search's judge of a position where a rollout
    stops, and the solo baseline) changes; priors, rollouts and the
    planners keep the rule of thumb.  The bots' default (:data:`DEFAULT`);
    ``evaluation="rule"`` asks for the rule of thumb alone.
    """

    def __init__(self, model: Optional[LearnedModel] = None) -> None:
        super().__init__()
        self.model = model or load_model()

    def evaluate(self, game: Any, state: Mapping[str, Any]) -> list[float]:
        cat = game.cat
        return [self.model.predict(cat, position_of(state, p)) for p in range(len(state["players"]))]


def _rule_of_thumb() -> CafeHeuristics:
    return HEURISTICS


#: the evaluations a bot may ask for by name (``make_bot(..., evaluation="learned")``, see
#: :func:`brewhouse.bots.levels.heuristics_for`): ``rule`` is the rule of thumb of
#: :mod:`.heuristics`, ``learned`` this module's model
EVALUATIONS = {"rule": _rule_of_thumb, "learned": LearnedCafeHeuristics}

#: the evaluation bots use when none is asked for (``bots/NOTES.md``, "A learned
#: evaluation for Café": the measured reason)
DEFAULT = "learned"
