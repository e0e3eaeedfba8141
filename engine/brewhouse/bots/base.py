"""The bot interface every level implements, and the random baseline.

Apart from the package's level table (:mod:`brewhouse.bots`) so that :mod:`.levels` builds on
:class:`Bot` without importing the package that lists it.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Mapping, Sequence

from ..core.game import Game, Move
from ..core.rng import Rng

__all__ = ["Bot", "RandomBot"]


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
