"""Bots: players that decide from a *view* and the legal moves, never the state.

Every bot is a :class:`Bot` with a ``choose`` method; levels are looked up in
:data:`LEVELS`.  ``random`` is the baseline every stronger level is measured
against; ``easy``, ``normal`` and ``hard`` are the ISMCTS search bots of
:mod:`.levels` (same search, different budget and final-choice noise).

>>> make_bot("hard", 3).level
'hard'
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, Mapping, Sequence

from ..core.game import Game, Move
from ..core.rng import Rng
from ..core.seats import register_seat_kind

__all__ = ["Bot", "RandomBot", "LEVELS", "make_bot", "ISMCTSBot", "LEVEL_SPECS"]


class Bot(ABC):
    """Chooses a move id for one decision from what its player may see."""

    level = "bot"
    #: False for bots that ignore the view, so game loops may skip building it
    wants_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def configure(self, **options: Any) -> None:
        """Level-specific options (search budget modes); the baseline has none."""

    @abstractmethod
    def choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
               budget_ms: int | None = None) -> str:
        """The id of one of ``moves``; ``budget_ms`` bounds thinking time."""


class RandomBot(Bot):
    """Uniformly random legal move: the baseline."""

    level = "random"
    wants_view = False

    def choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
               budget_ms: int | None = None) -> str:
        return self.rng.choice(list(moves)).id


from .levels import LEVEL_SPECS, ISMCTSBot  # noqa: E402  (needs Bot above)


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
    from ..core.errors import BadRequest

    try:
        bot = LEVELS[level](seed)
    except (KeyError, TypeError):
        raise BadRequest(f"unknown bot level '{str(level)[:40]}' (known: {', '.join(LEVELS)})") from None
    if options:
        bot.configure(**options)
    return bot
