"""What one player may see of a Coffee Rush state.

Almost everything in Coffee Rush is public: the board and meeples, everyone's
order rows (face up), cups, pending ingredients, rush tokens, active upgrades,
the face-up discard.  Hidden: the order of the deck (only its size is shown)
and the faces of sent orders and penalty cards, which lie face down (their
owner sees their own).  Upgrade tiles are all different and known, so an
inactive tile is shown face down by name.
"""
from __future__ import annotations

from typing import Any, Optional

from ..core.game import State
from .data import RushData
from .endturn import rush_targets
from .movement import steps_budget
from .scoring import score_table
from .turn import sendable

__all__ = ["make_view"]


def _faces(data: RushData, ids: list[str]) -> list[dict[str, Any]]:
    return [data.cards[cid].face() for cid in ids]


def _player_view(state: State, data: RushData, seat: int, viewer: Optional[int]) -> dict[str, Any]:
    p = state["players"][seat]
    own = viewer == seat
    return {
        "seat": seat,
        "is_first": seat == state["first"],
        "meeples": list(state["meeples"][seat]),
        "rows": [{"row": r + 1, "orders": _faces(data, row)} for r, row in enumerate(p["rows"])],
        "sent_count": len(p["sent"]),
        "sent": _faces(data, p["sent"]) if own else None,
        "penalty_count": len(p["penalties"]),
        "penalties": _faces(data, p["penalties"]) if own else None,
        "cups": [{"cup": c + 1, "ingredients": list(cup)} for c, cup in enumerate(p["cups"])],
        "pending": list(p["pending"]),
        "rush_tokens": p["rush"],
        "upgrades": [{"upgrade": tile, "active": tile in p["upgrades"],
                      "face_up": tile in p["upgrades"]} for tile in data.upgrades],
        "active_upgrades": list(p["upgrades"]),
        "rush_targets": rush_targets(state, seat),
    }


def make_view(state: State, data: RushData, viewer: Optional[int]) -> dict[str, Any]:
    """The JSON-compatible view of ``state`` for ``viewer`` (``None``: spectator)."""
    owners = {}
    for seat, squares in enumerate(state["meeples"]):
        for m, sq in enumerate(squares):
            if sq is not None:
                owners[sq] = {"player": seat, "meeple": m}
    board = []
    for sq in range(data.rows * data.cols):
        info = data.square_info(sq)
        info["meeple"] = owners.get(sq)
        board.append(info)
    turn = state["turn"]
    turn_view = None
    if turn is not None:
        seat = turn["player"]
        base_left = max(0, data.base_steps - turn["steps"])
        turn_view = {
            "player": seat,
            "number": turn["number"],
            "meeple": turn["meeple"],
            "start": turn["start"],
            "path": list(turn["path"]),
            "steps_taken": turn["steps"],
            "steps_left": base_left,
            "steps_possible": steps_budget(state, data, seat),
            "pending": list(state["players"][seat]["pending"]),
            "sent_this_turn": turn["sent"],
            "upgraded": turn["upgraded"],
            "sendable": [{"row": r + 1, "card": cid, "cup": c + 1}
                         for r, cid, c in sendable(state, data, seat)],
        }
    setup_next = None
    if state["phase"] in ("opening", "place_meeple", "setup_cups") and state["queue"]:
        setup_next = {"player": state["queue"][0][0], "meeple": state["queue"][0][1]}
    return {
        "game": "rush",
        "viewer": viewer,
        "players_count": len(state["players"]),
        "phase": state["phase"],
        "active_player": state["current"],
        "first_player": state["first"],
        "closed": state["closed"],
        "closed_by": state["closed_by"],
        "deck_count": len(state["deck"]),
        "discard": _faces(data, state["discard"]),
        "removed": _faces(data, state["removed"]),
        "opening_pool": _faces(data, state["opening_pool"]),
        "supply": dict(state["supply"]),
        "rush_supply": state["rush_supply"],
        "board": board,
        "players": [_player_view(state, data, s, viewer) for s in range(len(state["players"]))],
        "turn": turn_view,
        "setup": setup_next,
        "setup_queue": [list(q) for q in state["queue"]],  # public set-up order (search bots rebuild states)
        "turns_played": state["turns_played"],
        "scores": score_table(state, data),
        "config": dict(state["config"]),
    }
