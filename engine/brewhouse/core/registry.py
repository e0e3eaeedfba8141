"""The game registry: which games exist and which are playable.

Games are listed even before their rules land, marked unavailable with a
reason, so the menu is honest (never a faked game).  Playable games are
imported lazily so listing games stays cheap at start-up.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Optional

from .errors import BadRequest, BadSave, GameUnavailable, UnknownGame
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
    #: whether a player's view shows something another player may not see (a
    #: hand, a face-down card only its owner knows): then a device passed between
    #: two humans (hot-seat) hides the table until the next one is ready
    private_views: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "available": self.available,
            "status": self.status,
            "private_views": self.private_views,
        }


class Registry:
    """Maps game ids to :class:`GameInfo` and loads their definitions."""

    def __init__(self) -> None:
        self._infos: dict[str, GameInfo] = {}
        #: definitions by (game id, edition id); ``None`` is a game without editions
        self._games: dict[tuple[str, Optional[str]], Game] = {}

    def add(self, info: GameInfo, game: Optional[Game] = None) -> None:
        self._infos[info.id] = info
        if game is not None:
            self._games[(info.id, None)] = game

    def remove(self, game_id: str) -> None:
        self._infos.pop(game_id, None)
        for key in [k for k in self._games if k[0] == game_id]:
            del self._games[key]

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

    def get(self, game_id: Any, edition: Optional[str] = None, engine: Any = None) -> Game:
        """The playable game definition, as rules ``edition`` plays it (``None``: the current one).

        An edition this build does not know raises :class:`~.errors.BadSave`, or
        :class:`~.errors.SaveTooNew` when it is later than the current one
        (``engine`` names the version that made the save, for that message).
        """
        info = self.info(game_id)
        if not info.available:
            raise GameUnavailable(f"{info.title} is not playable yet: {info.status}", game=info.id)
        if edition is not None and not isinstance(edition, str):
            raise BadSave("save file has no valid rules edition")
        game = self._games.get((info.id, edition))
        if game is None:
            current = self._games.get((info.id, None)) or self._load(info)
            book = type(current).edition_book()
            if book is None or edition is None:
                game = current  # a game without editions plays every save with its one definition
            else:
                wanted = book.get(edition, engine)
                game = current if wanted is book.current else type(current).for_edition(wanted)
            self._games[(info.id, edition)] = game
        return game

    def _load(self, info: GameInfo) -> Game:
        """Import the current definition of a game (on first use: listing games stays cheap)."""
        module_name, _, attr = (info.entry or "").partition(":")
        cls: type[Game] = getattr(importlib.import_module(module_name), attr)
        book = cls.edition_book()
        game = self._games[(info.id, None)] = cls.for_edition(book.current if book else None)
        return game

    def available_ids(self) -> list[str]:
        return [i.id for i in self._infos.values() if i.available]


REGISTRY = Registry()
REGISTRY.add(GameInfo("seize", "Seize the Bean", 1, 6, available=True,
                      entry="brewhouse.seize.game:SeizeGame"))
REGISTRY.add(GameInfo("cafe", "Café", 1, 4, available=True,
                      entry="brewhouse.cafe.game:CafeGame"))
# Coffee Rush hides nothing from one player that another has not seen: the only
# faces a view keeps to their owner (sent orders, penalties) lay face up in that
# owner's order rows before, in every player's view (see rush/RULES_NOTES.md)
REGISTRY.add(GameInfo("rush", "Coffee Rush", 2, 4, available=True,
                      entry="brewhouse.rush.game:RushGame", private_views=False))
