"""Bots: players that decide from a *view* and the legal moves, never the state.

Every bot is a :class:`Bot` with a ``choose`` method; levels are looked up in
:data:`LEVELS`.  ``random`` is the baseline every stronger level is measured
against.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, Mapping, Sequence

from ..core.game import Game, Move
from ..core.rng import Rng

__all__ = ["Bot", "RandomBot", "LEVELS", "make_bot"]


class Bot(ABC):
    """Chooses a move id for one decision from what its player may see."""

    level = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    @abstractmethod
    def choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
               budget_ms: int | None = None) -> str:
        """The id of one of ``moves``; ``budget_ms`` bounds thinking time."""


class RandomBot(Bot):
    """Uniformly random legal move: the baseline."""

    level = "random"

    def choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
               budget_ms: int | None = None) -> str:
        return self.rng.choice(list(moves)).id


LEVELS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    from ..core.errors import BadRequest

    try:
        return LEVELS[level](seed)
    except (KeyError, TypeError):
        raise BadRequest(f"unknown bot level '{str(level)[:40]}' (known: {', '.join(LEVELS)})") from None
