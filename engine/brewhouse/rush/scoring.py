"""Scoring: positive reviews at the end of the game.

+1 per sent order still held (orders paid for upgrades are gone), +2 per
active upgrade tile, -1 per penalty card.  Ties go to the most sent orders,
then the most rush tokens; players still tied win together.
"""
from __future__ import annotations

from typing import Any

from ..core.game import Outcome, State
from .data import RushData

__all__ = ["score_table", "winners", "make_outcome", "SENT_POINTS", "UPGRADE_POINTS", "PENALTY_POINTS"]

SENT_POINTS = 1
UPGRADE_POINTS = 2
PENALTY_POINTS = -1


def score_table(state: State, data: RushData) -> list[dict[str, Any]]:
    """One breakdown row per seat (valid at any time, final once the game is over)."""
    table = []
    for p in state["players"]:
        sent, upgrades, penalties = len(p["sent"]), len(p["upgrades"]), len(p["penalties"])
        table.append({
            "sent": sent,
            "sent_points": sent * SENT_POINTS,
            "upgrades": upgrades,
            "upgrade_points": upgrades * UPGRADE_POINTS,
            "penalties": penalties,
            "penalty_points": penalties * PENALTY_POINTS,
            "total": sent * SENT_POINTS + upgrades * UPGRADE_POINTS + penalties * PENALTY_POINTS,
            "rush_tokens": p["rush"],
            "tiebreak": [sent, p["rush"]],
        })
    return table


def winners(table: list[dict]) -> list[int]:
    """Seats with the best (total, sent orders, rush tokens); ties share."""
    best = max((row["total"], row["sent"], row["rush_tokens"]) for row in table)
    return [i for i, row in enumerate(table) if (row["total"], row["sent"], row["rush_tokens"]) == best]


def make_outcome(state: State, data: RushData) -> Outcome:
    table = score_table(state, data)
    return Outcome(tuple(row["total"] for row in table), tuple(winners(table)), tuple(table))
