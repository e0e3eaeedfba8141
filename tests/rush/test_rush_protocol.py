"""Engine protocol: immutability, illegal moves, views, events, undo barriers, round trips."""
from __future__ import annotations

import copy
import json

import pytest

from brewhouse.core import GameOver, IllegalMove, Match
from brewhouse.core.game import json_copy
from brewhouse.rush.state import copy_state

from rush_helpers import G, clear_rows, do, ids, new, pass_turn, play, roundtrip, sq, started
from rush_policy import play_game


def test_illegal_moves_leave_the_state_unchanged():
    s = started(3)
    before = copy.deepcopy(s)
    for bad in ["step:0:99", f"step:0:{sq(4, 4)}", "put:rum:1", "send:o01:1", "stop", "", 3, None,
                "upgrade:double_meeples", "place:0", "x" * 500]:
        with pytest.raises(IllegalMove):
            G.apply(s, bad)
        assert s == before


def test_apply_never_mutates_its_input():
    s = started(3)
    for _ in range(30):
        if G.is_over(s):
            break
        before = json.dumps(s, sort_keys=True)
        t = G.apply(s, G.legal_moves(s)[-1].id)
        assert json.dumps(s, sort_keys=True) == before
        s = t.state


def test_game_over_refuses_moves():
    s = started(3)
    clear_rows(s)
    for _ in range(3):
        s = pass_turn(s)
    assert G.is_over(s)
    with pytest.raises(GameOver):
        G.apply(s, "stop")


def test_copy_state_matches_a_deep_copy():
    s = started(2)
    s = do(s, ids(s)[0])
    c = copy_state(s)
    assert c == s == json_copy(s)
    c["players"][0]["rows"][0].append("zz")
    c["turn"]["path"].append(1)
    c["supply"]["milk"] = -1
    assert s != c and "zz" not in s["players"][0]["rows"][0]
    # an unknown field is still copied deeply
    s["extra"] = {"a": [1]}
    c = copy_state(s)
    c["extra"]["a"].append(2)
    assert s["extra"] == {"a": [1]}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_views_hide_the_deck_and_face_down_cards(n):
    s = started(n)
    s = pass_turn(s)
    s["players"][1]["sent"].append(s["deck"].pop())
    s["players"][1]["penalties"].append(s["deck"].pop())
    for viewer in [None] + list(range(n)):
        v = G.view(s, viewer)
        text = json.dumps(v)
        assert roundtrip(v) == v
        assert v["deck_count"] == len(s["deck"])
        for cid in s["deck"]:
            assert f'"{cid}"' not in text  # not even in another field
        for seat, pv in enumerate(v["players"]):
            if seat == viewer:
                assert [c["id"] for c in pv["sent"]] == s["players"][seat]["sent"]
            else:
                assert pv["sent"] is None and pv["penalties"] is None
            assert pv["sent_count"] == len(s["players"][seat]["sent"])
    v = G.view(s, 0)
    assert {"board", "players", "supply", "rush_supply", "closed", "turn", "phase", "active_player",
            "deck_count", "discard"} <= set(v)
    assert len(v["board"]) == 16 and sum(1 for b in v["board"] if b["meeple"]) == n * (2 if n == 2 else 1)
    me = v["players"][0]
    assert [r["row"] for r in me["rows"]] == [1, 2, 3, 4]
    assert {"cups", "pending", "rush_tokens", "upgrades", "penalty_count"} <= set(me)
    assert all(not u["face_up"] for u in me["upgrades"]) and len(me["upgrades"]) == 4


def test_view_during_a_turn_shows_steps_and_pending():
    s = started(3)
    s = do(s, f"step:0:{sq(2, 2)}")
    v = G.view(s, 1)
    assert v["turn"]["steps_taken"] == 1 and v["turn"]["steps_left"] == 2
    assert v["turn"]["pending"] == ["milk"] and v["players"][0]["pending"] == ["milk"]


def test_events_are_codes_and_json():
    seen = set()

    def check(state, move, transition):
        for e in transition.events:
            assert e.code.startswith("rush.")
            assert roundtrip(e.to_json()) == e.to_json()
            seen.add(e.code)

    for n in (2, 3, 4):
        play_game(G, {"players": n}, seed=n, on_move=check)
    assert {"rush.meeple_placed", "rush.ingredients_taken", "rush.ingredient_placed", "rush.turn_started",
            "rush.meeple_moved", "rush.time_flow", "rush.closed", "rush.game_over"} <= seen


def test_draws_are_undo_barriers():
    match = Match(G, {"players": 2}, seed=3)
    revealed = False
    for _ in range(400):
        if G.is_over(match.state):
            break
        moves = G.legal_moves(match.state)
        sends = [m for m in moves if m.payload["kind"] in ("send", "done", "end", "stop")]
        t = G.apply(match.state, (sends or moves)[0].id)
        match.apply((sends or moves)[0].id)
        if t.reveals:
            revealed = True
            assert not match.can_undo
        else:
            assert match.can_undo
    assert revealed


def test_move_lists_are_small_and_unique():
    def check(state, move, transition):
        moves = G.legal_moves(state)
        assert len(moves) == len({m.id for m in moves}) <= 40
        assert all("kind" in m.payload for m in moves)

    play_game(G, {"players": 4}, seed=5, on_move=check)


def test_replay_is_deterministic_and_json_exact():
    record = []
    final = play_game(G, {"players": 3, "opening": "ristretto_espresso"}, seed=21,
                      on_move=lambda s, m, t: record.append(m.id))
    s = new(3, seed=21, opening="ristretto_espresso")
    for mid in record:
        s = roundtrip(G.apply(roundtrip(s), mid).state)
    assert s == final


def test_phase_names():
    assert G.phase(new(3)) == "place_meeple"
    assert G.phase(new(3, opening="ristretto_espresso")) == "opening"
    assert G.phase(started(3)) == "move"


def test_find_move_agrees_with_legal_moves():
    from brewhouse.core.game import Game

    def check(state, move, transition):
        legal = G.legal_moves(state)
        for m in legal:
            assert G.find_move(state, m.id) == m
            assert Game.find_move(G, state, m.id) == m  # the generic lookup agrees
        for bogus in ("step:0:17", "put:milk:9", "send:o99:1", "upgrade:nap", "stop:", "done:1"):
            if bogus not in {m.id for m in legal}:
                with pytest.raises(IllegalMove):
                    G.find_move(state, bogus)

    for n in (2, 3, 4):
        play_game(G, {"players": n, "opening": "ristretto_espresso"}, seed=40 + n, on_move=check)


def test_module_doctests():
    import doctest
    import importlib

    for name in ("data", "validate", "game"):
        module = importlib.import_module(f"brewhouse.rush.{name}")
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, name


def test_engine_uses_only_the_state_rng():
    """No module of the rules imports ``random`` or the clock: Rng in the state is the only chance."""
    import pathlib

    package = pathlib.Path(__file__).resolve().parents[2] / "engine" / "brewhouse" / "rush"
    for path in package.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("import random", "from random", "import time", "import threading"):
            assert banned not in text, (path.name, banned)
