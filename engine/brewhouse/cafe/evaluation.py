"""Features of a Café position, for an evaluation of what a player's area will still produce.

The rule-of-thumb evaluation of :mod:`.heuristics` projects the final score
from the layout's steady-state throughput; in the first rounds it predicts
the final score no better than the mean does (``bots/NOTES.md``, "What
limits the solo score").  This module reads a position as a short list of
numbers (:data:`FEATURES`: group shapes, open cafés and the colours they
still need, the warehouse, cubes by stage, action points to come, the rule
of thumb's own projection ...) for a model fitted on self-play games.

Only what the player sees is read: :func:`position_of` takes either a
game state or that player's view and reads the same public facts from
either (the player's own area, warehouse and action points, the round,
the turn order and a delivery in progress), so a bot's samples and its
view give the same features.  Pure Python: the engine stays dependency-free.

>>> from brewhouse.core.registry import REGISTRY
>>> game = REGISTRY.get("cafe")
>>> state = game.setup(game.normalize_config({"players": 1}), 1)
>>> len(features(game.cat, position_of(game.view(state, 0), 0))) == len(FEATURES)
True
"""
from __future__ import annotations

from typing import Any, Mapping

from . import area as A
from .heuristics import _cards_cost, _group_sizes, _player_value, _rounds_to_come, layout_rate
from .scoring import warehouse_score
from .table import MAX_AP, ROUNDS

__all__ = ["FEATURES", "Position", "position_of", "features"]

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
