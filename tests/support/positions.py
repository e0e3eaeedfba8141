"""Positions along a game played by the random bot, for tests of an evaluation."""
from __future__ import annotations

import copy
from typing import Iterator

from brewhouse.bots import make_bot
from brewhouse.core import Game, Match, State


def random_positions(game: Game, seed: int, players: int, every: int = 1,
                     final: bool = False) -> Iterator[tuple[State, int]]:
    """(a copy of the state, the player to move) at every ``every``-th move of a game the random bot
    plays from ``seed``; with ``final``, the ended game too (its player: 0)."""
    match = Match(game, game.normalize_config({"players": players}), seed)
    bot = make_bot("random", seed)
    k = 0
    while (p := match.active_player) is not None:
        if k % every == 0:
            yield copy.deepcopy(match.state), p
        match.apply(bot.choose(game, game.view(match.state, p), game.legal_moves(match.state)))
        k += 1
    if final:
        yield copy.deepcopy(match.state), 0
