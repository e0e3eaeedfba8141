"""Seeded random play, 2-4 players: zero exceptions and the table's invariants.

``BREWHOUSE_SOAK_GAMES`` sets the number of games (default 1,000;
2,000 for the full run).  The
invariants are checked after every move.  Moves are played through
``Game.play`` on the live state (the soak keeps no history); every 25th game
goes through ``Game.apply`` with JSON round trips and views.
"""
from __future__ import annotations

import json
import os
import random

import pytest

from .helpers import DB, GAME, all_cards, check_city_rows, expected_cards

GAMES = int(os.environ.get("BREWHOUSE_SOAK_GAMES", "1000"))


def check(state: dict, start_cards) -> None:
    assert all_cards(state) == start_cards
    check_city_rows(state)
    given = state["pool_start"] - state["pool"]
    assert state["pool"] >= 0 and state["box"] >= 0
    assert sum(pl["good"] for pl in state["players"]) == given + state["box"]
    if state["box"]:
        assert state["pool"] == 0
    for pl in state["players"]:
        assert all(v >= 0 for v in pl["res"].values())
        assert 1 <= pl["hype"] <= DB.setup["max_hype"]
        assert 0 <= pl["served"] <= len(pl["line"])
        assert len(pl["baristas"]) == len(set(pl["baristas"])) <= 2
        assert len(pl["ach"]) <= 4
        for e in pl["line"]:
            assert type(e["angry"]) is bool, "a customer holds at most one angry token"
            assert e["happy"] >= 0 and not (e["angry"] and e["happy"])
    taken = sum(1 for pl in state["players"] for v in pl["ach"].values() if v not in (None, "none"))
    assert len(state["bonus"]["up"]) + len(state["bonus"]["down"]) + taken == len(DB.raw["bonus_tokens"])


def play_one(seed: int, slow: bool) -> int:
    rnd = random.Random(seed)
    n = 2 + seed % 3
    state = GAME.setup(GAME.normalize_config({"players": n, "scoop_luck": seed % 7 == 0}), seed)
    start_cards = expected_cards(state)
    assert all_cards(state) == start_cards
    moves = 0
    while GAME.active_player(state) is not None:
        legal = GAME.legal_moves(state)
        assert legal, "a live game always offers a move"
        assert len({m.id for m in legal}) == len(legal), "move ids are unique"
        move = rnd.choice(legal)
        if slow:
            tr = GAME.apply(state, move.id)
            state = tr.state
            assert json.loads(json.dumps(state)) == state
            json.dumps([e.to_json() for e in tr.events])
            if moves % 10 == 0 and GAME.active_player(state) is not None:
                json.dumps(GAME.view(state, GAME.active_player(state)))
                json.dumps(GAME.view(state, None))
        else:
            state = GAME.play(state, move).state
        moves += 1
        check(state, start_cards)
        assert moves < 5000
    check(state, start_cards)
    out = GAME.outcome(state)
    assert out is not None and len(out.winners) == 1 and len(out.scores) == n
    assert GAME.legal_moves(state) == []
    return moves


@pytest.mark.soak
def test_random_play_soak():
    total = 0
    for seed in range(GAMES):
        total += play_one(seed, slow=seed % 25 == 0)
    assert total > 0
