"""Balance report: self-play of strategies focused on one customer group.

Each focused player (seat 0 or 1, alternating) meets a generalist that
prefers paying orders and upgrades but ignores groups.  The report prints the
win rate per group; the assertion only guards against a group whose focus is
hopeless or unbeatable with our card data.  Set ``BREWHOUSE_BALANCE_GAMES``
for a longer run (default 24 games per group).
"""
from __future__ import annotations

import os
import random

import pytest

from .helpers import DB, GAME

GAMES = int(os.environ.get("BREWHOUSE_BALANCE_GAMES", "24"))
SPACE_PREF = {"upgrade_pantry": 3, "upgrade_style": 3, "attract": 2, "beans": 2, "milk": 1, "sugar": 1}


def score_move(move, focus, rnd):
    p = move.payload
    kind = p.get("kind")
    s = rnd.random()
    if kind == "take":
        groups = DB.card(p["card"])["groups"]
        if focus and focus in groups:
            s += 10
        if p["dest"] in ("pantry", "style"):
            s += 1
    elif kind == "serve":
        s += 5 * p["side"] + 5 * p["main"]
    elif kind == "skip_customer":
        s -= 3
    elif kind == "space":
        s += SPACE_PREF[p["space"]]
    elif kind == "skip":
        s -= 5
    return s


def play_game(seed, focus, focus_seat):
    rnd = random.Random(seed)
    s = GAME.setup(GAME.normalize_config({"players": 2}), seed)
    while GAME.active_player(s) is not None:
        p = GAME.active_player(s)
        f = focus if p == focus_seat else None
        move = max(GAME.legal_moves(s), key=lambda m: score_move(m, f, rnd))
        s = GAME.play(s, move).state
    return GAME.outcome(s).winners[0] == focus_seat


@pytest.mark.soak
def test_group_focus_win_rates():
    rates = {}
    for g in DB.district("kreuzberg"):
        wins = sum(play_game(1000 + i, g, i % 2) for i in range(GAMES))
        rates[g] = wins / GAMES
    print("\nwin rate of a group-focused player vs a generalist:")
    for g, r in rates.items():
        print(f"  {g:14} {r:.2f}")
    assert all(0.0 < r < 1.0 for r in rates.values()) or GAMES < 10
