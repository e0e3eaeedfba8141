"""Undo takes back the asking player's own last decision (and the bots' moves after
it), never the bots' moves alone, never another person's decision.

Coffee Rush 2 players, seed 7, the bot in seat 1 places its first worker before the
human in seat 0 is asked anything: an Undo then would take back the bot's move, which
the bot would play again differently (a free re-roll).
"""
from __future__ import annotations

import pytest

from brewhouse.api import Api
from brewhouse.core.match import state_digest


def ok(response):
    assert response["ok"], response
    return response["result"]


def new_rush(seats):
    api = Api()
    match_id = ok(api.call("new_game", {"game": "rush", "config": {"players": 2}, "seed": 7, "seats": seats}))["match"]
    return api, match_id, api.matches[match_id]


def first_option(match) -> str:
    return match.game.legal_moves(match.state)[0].id


def test_no_undo_before_the_player_has_moved():
    api, match_id, match = new_rush(["human", "easy"])
    assert match.active_player == 1
    ok(api.call("apply_move", {"match": match_id, "move": first_option(match)}))  # the bot's placement
    status = ok(api.call("view", {"match": match_id, "player": 0}))
    assert status["active_player"] == 0 and match.can_undo  # a move is there to take back…
    assert status["can_undo"] is False  # …but it is not the player's
    before = (match.ply, state_digest(match.state))
    response = api.call("undo", {"match": match_id, "player": 0})
    assert not response["ok"] and response["error"]["code"] == "undo_unavailable"
    assert (match.ply, state_digest(match.state)) == before  # nothing changed


def test_undo_returns_to_before_the_players_own_move_with_the_bots_reply():
    api, match_id, match = new_rush(["human", "easy"])
    ok(api.call("apply_move", {"match": match_id, "move": first_option(match)}))  # bot
    before_mine = (match.ply, state_digest(match.state))
    ok(api.call("apply_move", {"match": match_id, "move": first_option(match), "player": 0}))  # human
    ok(api.call("apply_move", {"match": match_id, "move": first_option(match)}))  # the bot replies
    status = ok(api.call("view", {"match": match_id, "player": 0}))
    assert status["active_player"] == 0 and status["can_undo"] is True

    undone = ok(api.call("undo", {"match": match_id, "player": 0}))
    assert (undone["ply"], state_digest(match.state)) == before_mine
    assert undone["active_player"] == 0
    assert undone["can_undo"] is False  # only the bot's first placement is left


def test_a_player_never_takes_back_another_persons_decision():
    api, match_id, match = new_rush(["human", "human"])
    ok(api.call("apply_move", {"match": match_id, "move": first_option(match), "player": 1}))
    assert match.active_player == 0
    assert ok(api.call("status", {"match": match_id, "player": 0}))["can_undo"] is False
    assert not api.call("undo", {"match": match_id, "player": 0})["ok"]
    assert ok(api.call("status", {"match": match_id, "player": 1}))["can_undo"] is True


def test_never_past_a_reveal():
    """Seeded play until the human's move reveals something: Undo is then gone for them."""
    api, match_id, match = new_rush(["human", "easy"])
    for _ in range(500):
        player = match.active_player
        move = first_option(match)
        reveals = match.game.apply(match.state, move).reveals
        ok(api.call("apply_move", {"match": match_id, "move": move}))
        if reveals and player == 0:
            assert ok(api.call("status", {"match": match_id, "player": 0}))["can_undo"] is False
            return
        if match.game.outcome(match.state) is not None:
            break
    pytest.fail("no revealing move by the human found")



def test_a_remote_friends_decision_is_a_persons_and_never_undone_by_another():
    import brewhouse.remote  # noqa: F401  (registers the seat kind 'remote')
    from brewhouse.core import Match
    from brewhouse.core.registry import REGISTRY
    from brewhouse.core.seats import is_person

    assert is_person("human") and is_person("remote")
    assert not is_person("easy") and not is_person("starbots-1")
    match = Match(REGISTRY.get("rush"), {"players": 2}, 7, ["human", "remote"])
    assert match.active_player == 1
    match.apply(first_option(match))  # the friend's placement, on their own device
    assert match.can_undo and match.undo_steps(0) == 0  # not the host's to take back
