"""``auto_move`` in the API status: a decision's only option carries no choice
and is named so the table can play it by itself."""
from __future__ import annotations

import random

import pytest

from brewhouse.api import Api


def ok(response):
    assert response["ok"], response
    return response["result"]


@pytest.fixture
def seize():
    """A 2-player Seize the Bean match (seed 7) and its API."""
    api = Api()
    match = ok(api.call("new_game", {"game": "seize", "config": {"players": 2}, "seed": 7,
                                     "seats": ["human", "random"]}))["match"]
    return api, match


def test_activating_attract_after_placing_there_is_automatic(seize):
    api, match = seize
    status = ok(api.call("view", {"match": match, "player": 0}))
    assert status["active_player"] == 0 and len(status["moves"]) > 1
    assert status["auto_move"] is None  # six spaces to choose from

    placed = ok(api.call("apply_move", {"match": match, "move": "space:attract", "player": 0}))
    view = ok(api.call("view", {"match": match, "player": 0}))
    assert [m["id"] for m in view["moves"]] == ["icon:0"]
    assert view["moves"][0]["payload"]["icon"] == "attract"
    assert placed["auto_move"] == view["auto_move"] == "icon:0"
    assert ok(api.call("status", {"match": match, "player": 0}))["auto_move"] == "icon:0"

    # nothing is played for the player: the API only names the move
    assert ok(api.call("status", {"match": match}))["ply"] == 1
    after = ok(api.call("apply_move", {"match": match, "move": "icon:0", "player": 0}))
    assert after["auto_move"] is None  # the next decision: which customer to attract
    assert len(ok(api.call("view", {"match": match, "player": 0}))["moves"]) > 1

    # undo, told who asks, takes back the move that played itself and the player's own
    # decision before it (played again, that move would only play itself again)
    undone = ok(api.call("undo", {"match": match, "player": 0}))
    assert undone["ply"] == 0 and undone["auto_move"] is None
    # without a player (the bare protocol) one move is taken back: the icon, which resolves itself
    ok(api.call("apply_move", {"match": match, "move": "space:attract"}))
    ok(api.call("apply_move", {"match": match, "move": "icon:0"}))
    assert ok(api.call("undo", {"match": match}))["auto_move"] is None  # not told to nobody
    assert ok(api.call("status", {"match": match, "player": 0}))["auto_move"] == "icon:0"


def test_the_only_option_is_told_only_to_the_player_who_decides(seize):
    api, match = seize
    ok(api.call("apply_move", {"match": match, "move": "space:attract"}))
    assert ok(api.call("view", {"match": match, "player": 1}))["auto_move"] is None
    assert ok(api.call("status", {"match": match}))["auto_move"] is None
    assert ok(api.call("apply_move", {"match": match, "move": "icon:0"}))["auto_move"] is None


def test_a_single_option_that_reveals_hidden_information_plays_itself_and_clears_undo():
    """Seeded random play until a decision with one option whose move draws or
    shuffles: the player has no choice, so it is named as automatic too; played,
    it still clears the undo history (nothing before a reveal is taken back)."""
    api = Api()
    match_id = ok(api.call("new_game", {"game": "seize", "config": {"players": 2}, "seed": 0}))["match"]
    match = api.matches[match_id]
    rng = random.Random(0)
    for _ in range(2000):
        player = match.active_player
        assert player is not None, "no revealing single option found"
        view = ok(api.call("view", {"match": match_id, "player": player}))
        ids = [m["id"] for m in view["moves"]]
        if len(ids) == 1:
            assert view["auto_move"] == ids[0]
            if match.game.apply(match.state, ids[0]).reveals:
                after = ok(api.call("apply_move", {"match": match_id, "move": ids[0], "player": player}))
                assert not match.can_undo and not after["can_undo"]
                return
        else:
            assert view["auto_move"] is None
        ok(api.call("apply_move", {"match": match_id, "move": rng.choice(ids)}))
    raise AssertionError("no revealing single option in 2000 moves")


def test_a_finished_game_has_no_auto_move():
    api = Api()
    match_id = ok(api.call("new_game", {"game": "seize", "config": {"players": 2}, "seed": 3}))["match"]
    match = api.matches[match_id]
    rng = random.Random(3)
    while match.active_player is not None:
        match.apply(rng.choice(match.game.legal_moves(match.state)).id)
    status = ok(api.call("status", {"match": match_id, "player": 0}))
    assert status["over"] and status["auto_move"] is None
