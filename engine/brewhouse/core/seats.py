"""Seat kinds: who may sit at a table, registered by whoever provides them.

The core knows one kind, ``human`` (a person at this device).  Everything
else registers itself: :mod:`brewhouse.bots` registers its bot levels, remote
play registers ``remote`` (a person on another device).  A game may accept
kinds of its own beyond these (Starbots' ``starbots-<level>``, see
:meth:`brewhouse.core.game.Game.accepts_seat`).

>>> is_seat_kind("human")
True
>>> register_seat_kind("example-kind", "a kind for this example")
>>> "example-kind" in seat_kinds()
True
"""
from __future__ import annotations

__all__ = ["HUMAN", "register_seat_kind", "is_seat_kind", "is_person", "seat_kinds"]

#: a person playing on the device that runs the match
HUMAN = "human"

_KINDS: dict[str, str] = {HUMAN: "a person at this device"}
#: the kinds whose moves are a person's decisions (undo never takes them back for someone else)
_PEOPLE: set[str] = {HUMAN}


def register_seat_kind(kind: str, description: str = "", *, person: bool = False) -> None:
    """Make ``kind`` a valid seat for every game (idempotent); ``person``: a person decides there."""
    if not isinstance(kind, str) or not kind or len(kind) > 40:
        raise ValueError(f"a seat kind is a short non-empty string, not {kind!r}")
    _KINDS[kind] = description or _KINDS.get(kind, "")
    if person:
        _PEOPLE.add(kind)


def is_person(kind: str) -> bool:
    """Whether a person (not a bot or an automa) decides for a seat of this kind."""
    return kind in _PEOPLE


def is_seat_kind(kind: str) -> bool:
    """Whether ``kind`` is registered (a game may still accept more: ``Game.accepts_seat``)."""
    return kind in _KINDS


def seat_kinds() -> dict[str, str]:
    """Every registered kind and what it means, in registration order."""
    return dict(_KINDS)
