"""What one player may see of a Café table.

Everything in Café is public except the order (and identity) of the plan
deck and of the cards removed at setup: views show their counts only.  A
view holds all a UI needs to draw the table without knowing the rules:
each area as a grid of squares (kind, bean colour, café, cubes), the draft
row, warehouses, action points, cafés with requirements and progress,
round, master and the decision in progress.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from . import area as A
from .table import MAX_AP, ROUNDS

if TYPE_CHECKING:  # pragma: no cover
    from .game import CafeGame

__all__ = ["build_view", "area_grid"]


def area_grid(game: "CafeGame", area: dict[str, Any]) -> dict[str, Any]:
    """The visible squares of an area as a dense grid (``None`` = no card)."""
    board = A.Board(game.cat, area)
    vis = board.top
    rows = [r for r, _ in vis]
    cols = [c for _, c in vis]
    top, left = min(rows), min(cols)
    height, width = max(rows) - top + 1, max(cols) - left + 1
    grid: list[list[Optional[dict[str, Any]]]] = [[None] * width for _ in range(height)]
    for (r, c), (pi, si, sq) in vis.items():
        key = A.cell_key(r, c)
        cell: dict[str, Any] = {"row": r, "col": c, "card": board.placements[pi][0],
                                "placement": pi, "square": si, "kind": sq["kind"]}
        if sq["kind"] == "production":
            cell["colour"] = sq["colour"]
        if sq["kind"] == "cafe":
            cell["cafe"] = f"{pi}.{sq['cafe']}"
        cube = area["cubes"].get(key)
        cell["cubes"] = {"colour": cube[0], "n": cube[1]} if cube else None
        if sq["kind"] == "ship":
            cell["ship_cube"] = area["ships"].get(key)
        grid[r - top][c - left] = cell
    return {"top": top, "left": left, "rows": height, "cols": width, "grid": grid,
            "placements": [{"card": p[0], "row": p[1], "col": p[2], "rot": p[3]} for p in board.placements]}


def build_view(game: "CafeGame", state: dict[str, Any], player: Optional[int]) -> dict[str, Any]:
    cat = game.cat
    faces = lambda ids: [cat.face(c) for c in ids]  # noqa: E731 - tiny local helper
    players = []
    for p, pl in enumerate(state["players"]):
        area = pl["area"]
        board = A.Board(cat, area)
        players.append({
            "company": pl["company"],
            "start_card": board.placements[0][0],
            "warehouse": dict(pl["warehouse"]),
            "hand": cat.face(pl["hand"]),
            # offsets of the hand card's squares per rotation, to draw a placement's footprint
            "hand_shapes": None if pl["hand"] is None else {
                str(rot): [list(cell) for cell in cat.shape(pl["hand"], rot).cells] for rot in (0, 90, 180, 270)},
            "ap": pl["ap"],
            "ap_total": pl["ap_total"],
            "cups": board.cups(),
            "ships": len(board.ships()),
            "area": area_grid(game, area),
            "cafes": board.cafe_info(),
            "score": game.breakdown(state, p),
        })
    pending = state["pending"]
    auction = state["auction"]
    view: dict[str, Any] = {
        "game": "cafe",
        "viewer": player,
        "config": dict(state["config"]),
        "phase": state["phase"],
        "active": None if state["phase"] == "over" else state["turn"],
        "round": state["round"],
        "rounds": ROUNDS,
        "max_ap": MAX_AP,
        "master": state["master"],
        "order": list(state["order"]),
        "pos": state["pos"],  # index in ``order`` of the player drafting / playing
        "colours": list(cat.colours),
        "deck_count": len(state["deck"]),
        "removed_count": state["removed"],
        "row": faces(state["row"]),
        "discard": list(state["discard"]),
        "supply": dict(state["supply"]),
        "pending": _pending_view(pending),
        "auction": None if auction is None else _copy(auction),
        "players": players,
        # every card on the table, in the row, in a hand or discarded, by id, so a
        # move or a log line can describe a card by what it shows
        "cards": _public_faces(game, state),
    }
    if state["phase"] == "over":
        out = game.outcome(state)
        view["outcome"] = out.to_json() if out is not None else None
    return view


def _public_faces(game: "CafeGame", state: dict[str, Any]) -> dict[str, Any]:
    """The faces of every public card: draft row, hands, placed cards and the discard pile."""
    ids = list(state["row"]) + list(state["discard"])
    for pl in state["players"]:
        if pl["hand"] is not None:
            ids.append(pl["hand"])
        ids.extend(p[0] for p in A.Board(game.cat, pl["area"]).placements)
    return {cid: game.cat.face(cid) for cid in ids}


def _pending_view(pending: Optional[dict[str, Any]]) -> Optional[dict[str, Any]]:
    """The decision in progress: a group action (its cells) or a delivery (its cubes)."""
    if pending is None:
        return None
    if pending["kind"] == "deliver":
        return {"kind": "deliver", "pool": dict(pending["pool"])}
    return {"kind": pending["kind"], "group": [list(A.parse_key(k)) for k in pending["group"]]}


def _copy(data: Any) -> Any:
    """A deep copy of plain JSON data (views never share lists with the state)."""
    if isinstance(data, dict):
        return {k: _copy(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy(v) for v in data]
    return data
