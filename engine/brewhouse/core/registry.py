"""The game registry: which games exist and which are playable.

Games are listed even before their rules land, marked unavailable with a
reason, so the menu is honest (never a faked game).  Playable games are
imported lazily so listing games stays cheap at start-up.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Optional

from .errors import BadRequest, GameUnavailable, UnknownGame
from .game import Game

__all__ = ["GameInfo", "Registry", "REGISTRY"]


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    available: bool
    #: "module:attribute" of the Game subclass, imported on first use
    entry: Optional[str] = None
    #: why the game is not playable yet (shown in the menu)
    status: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "available": self.available,
            "status": self.status,
        }


class Registry:
    """Maps game ids to :class:`GameInfo` and loads their definitions."""

    def __init__(self) -> None:
        self._infos: dict[str, GameInfo] = {}
        self._games: dict[str, Game] = {}

    def add(self, info: GameInfo, game: Optional[Game] = None) -> None:
        self._infos[info.id] = info
        if game is not None:
            self._games[info.id] = game

    def remove(self, game_id: str) -> None:
        self._infos.pop(game_id, None)
        self._games.pop(game_id, None)

    def infos(self) -> list[GameInfo]:
        return list(self._infos.values())

    def info(self, game_id: Any) -> GameInfo:
        if not isinstance(game_id, str):
            raise BadRequest("game must be a string id")
        try:
            return self._infos[game_id]
        except KeyError:
            known = ", ".join(sorted(self._infos))
            raise UnknownGame(f"unknown game '{game_id[:40]}' (known: {known})", game=game_id[:40]) from None

    def get(self, game_id: Any) -> Game:
        """The playable game definition, or a typed error."""
        info = self.info(game_id)
        if not info.available:
            raise GameUnavailable(f"{info.title} is not playable yet: {info.status}", game=info.id)
        game = self._games.get(info.id)
        if game is None:
            module_name, _, attr = (info.entry or "").partition(":")
            cls: Callable[[], Game] = getattr(importlib.import_module(module_name), attr)
            game = self._games[info.id] = cls()
        return game

    def available_ids(self) -> list[str]:
        return [i.id for i in self._infos.values() if i.available]


REGISTRY = Registry()
REGISTRY.add(GameInfo("seize", "Seize the Bean", 1, 4, available=True,
                      entry="brewhouse.seize.game:SeizeGame"))
REGISTRY.add(GameInfo("cafe", "Café", 1, 4, available=True,
                      entry="brewhouse.cafe.game:CafeGame"))
REGISTRY.add(GameInfo("rush", "Coffee Rush", 2, 4, available=True,
                      entry="brewhouse.rush.game:RushGame"))
