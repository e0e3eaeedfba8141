"""Solo games with random human moves: invariants, zero exceptions, JSON, protocol.

``BREWHOUSE_SOLO_SOAK_GAMES`` sets the number of soak games (default 1,000,
spread evenly over all 20 levels); the invariants are checked after every
move, and every 10th game goes through ``Game.apply`` with JSON round trips
and views.
"""
from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter

import pytest

from brewhouse.core import GameOver, IllegalMove, Match

from .helpers import DB, GAME, all_cards, check_city_rows
from .solo_helpers import BOT, HUMAN, SOLO, solo_expected_cards, solo_new

GAMES = int(os.environ.get("BREWHOUSE_SOLO_SOAK_GAMES", "1000"))
LEVELS = tuple(range(1, 21))


def check(state: dict, start_cards: Counter) -> None:
    assert all_cards(state) == start_cards
    check_city_rows(state)
    given = state["pool_start"] - state["pool"]
    assert state["pool"] >= 0 and state["box"] >= 0
    assert sum(pl["good"] for pl in state["players"]) == given + state["box"]
    me, bot = state["players"]
    assert all(v >= 0 for v in me["res"].values())
    assert bot["res"] == {"beans": 0, "milk": 0, "sugar": 0}           # never any resources
    assert bot["line"] == [] and bot["discard"] == [] and bot["served"] == 0
    for pl in state["players"]:
        assert 1 <= pl["hype"] <= DB.setup["max_hype"]
        assert len(pl["baristas"]) == len(set(pl["baristas"])) <= 2
        assert len(pl["ach"]) <= 4
    assert "sugar" not in bot["baristas"]
    for e in me["line"]:
        assert e["happy"] >= 0 and not (e["angry"] and e["happy"])
    sd = state["solo"]
    assert sorted(sd["deck"] + sd["discard"]) == sorted(c["id"] for c in SOLO["action_cards"])
    assert len(sd["deck"]) >= 2                                       # reshuffled at one card
    placed = [t for ts in sd["upgrades"].values() for t in ts]
    assert Counter(placed + sd["tokens"]) == Counter(SOLO["upgrade_tokens"])
    taken = sum(1 for pl in state["players"] for v in pl["ach"].values() if v not in (None, "none"))
    assert len(state["bonus"]["up"]) + len(state["bonus"]["down"]) + taken == len(DB.raw["bonus_tokens"])
    for fr in state["stack"]:
        assert fr.get("p", HUMAN) == HUMAN                                       # Starbots never decides


def play_one(seed: int, level: int, slow: bool) -> tuple[int, dict]:
    rnd = random.Random(seed)
    state = solo_new(level, seed=seed, first="starbots" if seed % 2 else "human", scoop_luck=seed % 5 == 0)
    start_cards = solo_expected_cards(state)
    check(state, start_cards)
    moves = 0
    while GAME.active_player(state) is not None:
        assert GAME.active_player(state) == HUMAN
        legal = GAME.legal_moves(state)
        assert legal and len({m.id for m in legal}) == len(legal)
        move = rnd.choice(legal)
        if slow:
            tr = GAME.apply(state, move.id)
            state = tr.state
            assert json.loads(json.dumps(state)) == state
            json.dumps([e.to_json() for e in tr.events])
            if moves % 5 == 0:
                json.dumps(GAME.view(state, HUMAN))
                json.dumps(GAME.view(state, None))
        else:
            state = GAME.play(state, move).state
        moves += 1
        check(state, start_cards)
        assert moves < 5000
    check(state, start_cards)
    out = GAME.outcome(state)
    assert out is not None and len(out.scores) == 2 and len(out.winners) == 1
    assert out.breakdown[BOT]["automa"] is True and out.breakdown[BOT]["resources"] == 0
    assert GAME.legal_moves(state) == []
    return moves, state


@pytest.mark.soak
def test_solo_soak_random_human_moves():
    stats = {lv: {"games": 0, "starbots_wins": 0, "days": 0} for lv in LEVELS}
    for k in range(GAMES):
        level = LEVELS[k % len(LEVELS)]
        _, state = play_one(1000 + k, level, slow=k % 10 == 0)
        out = GAME.outcome(state)
        st = stats[level]
        st["games"] += 1
        st["days"] += state["day"]
        st["starbots_wins"] += out.winners == (BOT,)
    assert sum(st["games"] for st in stats.values()) == GAMES
    print("solo soak:", stats)


def random_walk(seed: int, steps: int, level: int = 12):
    rnd = random.Random(seed)
    s = solo_new(level, seed=seed, first="starbots")
    hist = []
    for _ in range(steps):
        if GAME.active_player(s) is None:
            break
        mid = rnd.choice(GAME.legal_moves(s)).id
        hist.append(mid)
        s = GAME.apply(s, mid).state
    return s, hist


def test_json_round_trip_and_determinism():
    s, hist = random_walk(3, 120)
    assert json.loads(json.dumps(s)) == s
    s2 = solo_new(12, seed=3, first="starbots")
    for mid in hist:
        s2 = GAME.apply(s2, mid).state
    assert s == s2


def test_illegal_moves_leave_the_solo_state_unchanged():
    s, _ = random_walk(4, 50)
    before = copy.deepcopy(s)
    for bad in ("space:nowhere", "icon:99", "target:p1:hatster", "city:row1:slot9", "", "starbots", "place:p1"):
        with pytest.raises(IllegalMove):
            GAME.apply(s, bad)
        assert s == before
    with pytest.raises(IllegalMove):
        GAME.apply(s, None)  # type: ignore[arg-type]
    assert s == before


def test_finished_solo_game_refuses_moves():
    _, s = play_one(77, 20, slow=False)
    with pytest.raises(GameOver):
        GAME.apply(s, "space:beans")
    json.dumps(GAME.outcome(s).to_json())


def test_match_save_and_replay_of_a_solo_game():
    m = Match(GAME, {"players": 1, "starbots_level": 15, "first_player": "starbots"}, seed=21, seats=["human", "starbots-15"])
    rnd = random.Random(5)
    for _ in range(40):
        if m.active_player is None:
            break
        m.apply(rnd.choice(GAME.legal_moves(m.state)).id)
    again = Match.from_save(json.loads(json.dumps(m.to_save())))
    assert again.state == m.state
