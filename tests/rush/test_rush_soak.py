"""Seeded random-play soak: thousands of whole games with rule invariants.

The number of games comes from ``BREWHOUSE_SOAK_GAMES`` (default 2000 in
total, spread over 2, 3 and 4 players and both openings).  After every move:
supplies never go negative, outside movement no square holds two meeples,
every decision has unique move ids (and none once the game is over).  At
each turn's end, the conservation laws:

* ingredients: supply + cups + pending = the box;
* order cards: deck, rows, sent piles, penalties, discard, opening pool and
  removed cards hold all 80 cards exactly once;
* rush tokens: supply + players = 15.

Every 8th turn the state must survive a JSON round trip exactly (and every
16th, every player's view); each game must end with everyone having played
the same number of turns, and produce an outcome.

One game in four starts with a short deck (most cards set aside, still
counted) so that the rush, last orders and deck-out endings are exercised:
the test driver alone rarely empties a full deck.
"""
from __future__ import annotations

import json
import os
import time
from collections import Counter

import pytest

from brewhouse.core import Rng

from rush_helpers import DATA, G
from rush_policy import choose

SOAK_GAMES = int(os.environ.get("BREWHOUSE_SOAK_GAMES", "2000"))
ALL_CARDS = sorted(DATA.card_order)
BOX = dict(DATA.supply)


def check_invariants(s: dict, full: bool) -> None:
    """Quick checks after every move; conservation laws when ``full`` (each turn's end).

    A leak never heals itself, so checking conservation once per turn still
    catches any move that breaks it (and names the turn).
    """
    players = s["players"]
    supply = s["supply"]
    assert min(supply.values()) >= 0 and s["rush_supply"] >= 0
    if s["phase"] != "move":
        squares = [sq for m in s["meeples"] for sq in m if sq is not None]
        assert len(squares) == len(set(squares)), "two meeples on a square"
    if not full:
        return
    assert all(p["rush"] >= 0 for p in players)
    assert s["rush_supply"] + sum(p["rush"] for p in players) == DATA.rush_tokens
    held: Counter = Counter(supply)
    cards = s["deck"] + s["discard"] + s["removed"] + s["opening_pool"]
    for p in players:
        for cup in p["cups"]:
            held.update(cup)
        held.update(p["pending"])
        cards += p["sent"] + p["penalties"]
        for row in p["rows"]:
            cards += row
    assert held == BOX, "ingredients not conserved"
    assert sorted(cards) == ALL_CARDS, "order cards not conserved"


def soak_one(n: int, opening: str, seed: int, stats: Counter, short_deck: bool = False) -> None:
    s = G.setup(G.normalize_config({"players": n, "opening": opening}), seed)
    if short_deck:
        # set most of the deck aside (still counted) so last orders happen often
        keep = 6 + seed % 10
        s["removed"].extend(s["deck"][:-keep])
        del s["deck"][:-keep]
    rng = Rng.from_seed(seed * 7919 + n)
    check_invariants(s, full=True)
    moves_played = 0
    while True:
        moves = G.legal_moves(s)
        if G.active_player(s) is None:
            assert moves == []
            break
        assert moves and len({m.id for m in moves}) == len(moves)
        move = choose(DATA, s, moves, rng)
        before_turns = s["turns_played"]
        s = G.apply(s, move.id).state
        moves_played += 1
        assert moves_played < 5000, "runaway game"
        turn_ended = s["turns_played"] != before_turns
        check_invariants(s, full=turn_ended)
        if turn_ended and s["turns_played"] % 8 == 0:
            assert json.loads(json.dumps(s)) == s
            if s["turns_played"] % 16 == 0:
                for viewer in range(n):
                    v = G.view(s, viewer)
                    assert json.loads(json.dumps(v)) == v
    check_invariants(s, full=True)
    out = G.outcome(s)
    assert out is not None and out.winners
    assert s["turns_played"] % n == 0, "unequal number of turns"
    stats["games"] += 1
    stats["moves"] += moves_played
    stats[f"closed_by_{s['closed_by']}"] += 1
    stats["upgrades"] += sum(len(p["upgrades"]) for p in s["players"])
    stats["sent"] += sum(len(p["sent"]) for p in s["players"]) + len(s["discard"])


@pytest.mark.soak
def test_soak_random_games():
    configs = [(n, opening) for n in (2, 3, 4) for opening in ("standard", "ristretto_espresso")]
    stats: Counter = Counter()
    start = time.perf_counter()
    for i in range(SOAK_GAMES):
        n, opening = configs[i % len(configs)]
        soak_one(n, opening, seed=i, stats=stats, short_deck=i % 4 == 3)
    elapsed = time.perf_counter() - start
    print(f"\nsoak: {stats['games']} games, {stats['moves']} moves in {elapsed:.1f}s; {dict(stats)}")
    assert stats["games"] == SOAK_GAMES
