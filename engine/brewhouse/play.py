"""Playing whole games with bots: the shared loop of ``simulate``, ``arena`` and ``bench``.

Bots only ever see ``game.view(state, player)`` and the legal moves.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence

from .bots import Bot, make_bot
from .core.game import Game, Outcome
from .core.match import Match

__all__ = ["GameRecord", "play_game", "wilson_interval"]

#: a game longer than this is a bug (a loop in the rules), not a long game
MAX_PLIES = 100_000


@dataclass
class GameRecord:
    seed: int
    outcome: Outcome
    plies: int
    seconds: float
    decision_seconds: list[float] = field(default_factory=list)  # per seat, summed
    decisions: list[int] = field(default_factory=list)
    #: per seat: searched decisions, search iterations and search seconds (search bots only, else 0)
    iterations: list[int] = field(default_factory=list)
    search_seconds: list[float] = field(default_factory=list)
    searches: list[int] = field(default_factory=list)
    #: the game's own length figures at the end (see :meth:`Game.length`)
    length: dict[str, float] = field(default_factory=dict)


def play_game(game: Game, config: dict, seed: int, levels: Sequence[str],
              bot_seed: Optional[int] = None, budget_ms: Optional[int] = None,
              bot_options: Optional[Mapping[str, Any]] = None,
              bots: Optional[Sequence[Bot]] = None) -> GameRecord:
    """Play one game to the end; seat ``i`` is played by bot level ``levels[i]``.

    ``bot_options`` go to every bot's :meth:`~brewhouse.bots.Bot.configure`
    (e.g. ``{"fixed": True}``: search bots use fixed iteration counts).
    ``bots`` replaces the levels with ready-made players (custom strategies).
    A solo game's bot keeps its search tree from move to move (``keep_tree``:
    every move is its own, so each search goes on from the last one's).
    """
    match = Match(game, config, seed)
    n = match.config["players"]
    base = seed * 7919 if bot_seed is None else bot_seed
    if bots is None:
        options = dict(bot_options or {})
        if n == 1:
            options.setdefault("keep_tree", True)
        bots = [make_bot(levels[i], base + i, **options) for i in range(n)]
    spent = [0.0] * n
    decisions = [0] * n
    started = time.perf_counter()
    while (player := match.active_player) is not None:
        if match.ply >= MAX_PLIES:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {MAX_PLIES} moves")
        t0 = time.perf_counter()
        bot = bots[player]
        view = game.view(match.state, player) if bot.wants_view else {}
        move = bot.choose(game, view, game.legal_moves(match.state), budget_ms)
        spent[player] += time.perf_counter() - t0
        decisions[player] += 1
        match.apply(move)
    outcome = game.outcome(match.state)
    assert outcome is not None
    stats = [getattr(b, "stats", None) or {} for b in bots]
    return GameRecord(seed, outcome, match.ply, time.perf_counter() - started, spent, decisions,
                      [int(st.get("iterations", 0)) for st in stats],
                      [float(st.get("seconds", 0.0)) for st in stats],
                      [int(st.get("searches", 0)) for st in stats], game.length(match.state))


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (ties count as half wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
