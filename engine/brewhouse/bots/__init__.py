"""Bots: players that decide from a *view* and the legal moves, never the state.

Every bot is a :class:`Bot` with a ``choose`` method; levels are looked up in
:data:`LEVELS`.  ``random`` is the baseline every stronger level is measured
against; ``easy``, ``normal`` and ``hard`` are the ISMCTS search bots of
:mod:`.levels` (same search, different budget and final-choice noise).

>>> make_bot("hard", 3).level
'hard'
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.errors import BadRequest
from ..core.seats import register_seat_kind
from .base import Bot, RandomBot
from .levels import LEVEL_SPECS, ISMCTSBot

__all__ = ["Bot", "RandomBot", "LEVELS", "make_bot", "ISMCTSBot", "LEVEL_SPECS"]


def _level(name: str) -> Callable[[int], Bot]:
    spec = LEVEL_SPECS[name]

    def make(seed: int = 0) -> Bot:
        return ISMCTSBot(seed, spec)

    make.__name__ = f"make_{name}"
    return make


LEVELS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
LEVELS.update((name, _level(name)) for name in LEVEL_SPECS)
for _name in LEVELS:
    register_seat_kind(_name, f"a bot of level {_name}")


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` seeded with ``seed``; ``options`` go to :meth:`Bot.configure`."""
    try:
        bot = LEVELS[level](seed)
    except (KeyError, TypeError):
        raise BadRequest(f"unknown bot level '{str(level)[:40]}' (known: {', '.join(LEVELS)})") from None
    if options:
        bot.configure(**options)
    return bot
