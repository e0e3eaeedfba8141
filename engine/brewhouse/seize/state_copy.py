"""A fast private copy of a Seize the Bean state, written for its known shape.

Copying the state is most of the cost of a move (``Game.apply`` plays on a
copy so a failed move changes nothing), and search bots copy once per
iteration.  Most of a Seize state is flat lists of card ids, which slicing
copies in C; every field not listed here (the solo automa's, a frame on the
decision stack) goes through the generic JSON copy, so nothing unexpected is
ever shared between two states.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.game import State, json_copy as generic_copy

__all__ = ["copy_seize_state"]


def _flat_list(v: list) -> list:
    return v[:]


def _flat_dict(v: dict) -> dict:
    return dict(v)


def _lists_by_key(v: dict) -> dict:
    return {k: x[:] for k, x in v.items()}


def _city(rows: list) -> list:
    return [{k: x[:] for k, x in row.items()} for row in rows]


#: player fields: lists of card ids, counters of ints, the line of flat entries
_PLAYER_FIELDS: dict[str, Callable[[Any], Any]] = {
    "deck": _flat_list, "discard": _flat_list, "pantry": _flat_list, "style": _flat_list,
    "baristas": _flat_list, "res": _flat_dict, "ach": _flat_dict, "marks": _flat_dict, "cookies": _flat_list,
    "crafted": _flat_dict,
    "line": lambda line: [dict(e) for e in line],
}


def _player(pl: dict) -> dict:
    out = dict(pl)
    for k, v in pl.items():
        if type(v) is list or type(v) is dict:
            out[k] = _PLAYER_FIELDS.get(k, generic_copy)(v)
    return out


_STATE_FIELDS: dict[str, Callable[[Any], Any]] = {
    "groups": _flat_list, "awards": _flat_list, "bonus": _lists_by_key, "city": _city,
    "cursor": _flat_dict, "players": lambda ps: [_player(p) for p in ps],
    "board_games": _lists_by_key, "cookies": _flat_list,
    "daily_specials": lambda v: {k: dict(x) for k, x in v.items()},
}


def copy_seize_state(state: State) -> State:
    """A deep copy of ``state``: equal to it, sharing no mutable part with it."""
    out = dict(state)
    for k, v in state.items():
        if type(v) is list or type(v) is dict:
            out[k] = _STATE_FIELDS.get(k, generic_copy)(v)
    return out
