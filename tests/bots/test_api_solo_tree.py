"""The API's bots in a solo game go on with their search tree, as a bot playing a whole solo game does.

In the browser every bot decision is a ``bot_move`` call (a bot seat, or a
hint for the player).  In a solo game every move is the player's own, so
the tree a search built under the move actually played is a search of the
next position: the API keeps the bot of a solo match between calls and aims
its tree at the position reached, whoever chose the moves in between.
"""
from __future__ import annotations

import pytest

from brewhouse.api import Api
from brewhouse.bots import levels
from brewhouse.bots.levels import LEVEL_SPECS, ISMCTSBot


def ok(reply):
    assert reply["ok"], reply
    return reply["result"]


def new_solo_cafe(api: Api, seed: int = 3) -> str:
    return ok(api.call("new_game", {"game": "cafe", "seed": seed, "config": {"players": 1}}))["match"]


def kept_bot(api: Api, match: str) -> ISMCTSBot:
    return api._solo_bots[match][1]


def play_until_searched_twice(api: Api, match: str, level: str = "easy", limit: int = 40) -> ISMCTSBot:
    """Play bot moves until a search went on from a kept tree; return that bot."""
    for _ in range(limit):
        move = ok(api.call("bot_move", {"match": match, "level": level}))["move"]
        bot = kept_bot(api, match)
        last = bot.last
        if last is not None and last.root is not None and last.root.visits > last.iterations:
            return bot
        ok(api.call("apply_move", {"match": match, "move": move}))
    pytest.fail("no search went on from the tree of an earlier one")


def test_a_solo_games_bot_moves_continue_one_search_tree():
    api = Api()
    match = new_solo_cafe(api)
    first = ok(api.call("bot_move", {"match": match, "level": "easy"}))["move"]
    bot = kept_bot(api, match)
    ok(api.call("apply_move", {"match": match, "move": first}))
    found = play_until_searched_twice(api, match)
    assert found is bot  # one bot for the whole game
    # the search counted visits made by earlier searches under the moves played
    assert found.last.root.visits > found.last.iterations


def test_the_tree_follows_a_move_other_than_the_one_the_bot_chose():
    api = Api()
    match = new_solo_cafe(api, seed=5)
    for _ in range(40):
        chosen = ok(api.call("bot_move", {"match": match, "level": "easy"}))["move"]
        bot = kept_bot(api, match)
        root = bot.last.root if bot.last is not None else None
        others = [] if root is None else [(mid, ch) for mid, ch in root.children.items()
                                         if mid != chosen and ch.visits > 0]
        if others:
            other, node = others[0]
            ok(api.call("apply_move", {"match": match, "move": other}))  # the player ignores the hint
            ok(api.call("bot_move", {"match": match, "level": "easy"}))
            assert kept_bot(api, match) is bot
            if bot.last is not None:  # searched: from the subtree of the move really played
                assert bot.last.root is node
            return
        ok(api.call("apply_move", {"match": match, "move": chosen}))
    pytest.fail("no searched decision with a second explored move")


def test_an_undo_past_the_last_decision_or_another_level_starts_a_fresh_bot():
    api = Api()
    match = new_solo_cafe(api)
    for _ in range(40):
        move = ok(api.call("bot_move", {"match": match, "level": "easy"}))["move"]
        ok(api.call("apply_move", {"match": match, "move": move}))
        if ok(api.call("status", {"match": match}))["can_undo"]:
            break
    else:
        pytest.fail("no move could be undone")
    # asked again at the position after the move: then the move is taken back
    ok(api.call("bot_move", {"match": match, "level": "easy"}))
    bot = kept_bot(api, match)
    ok(api.call("undo", {"match": match}))
    ok(api.call("bot_move", {"match": match, "level": "easy"}))
    assert kept_bot(api, match) is not bot  # its tree is of a position the game left
    bot = kept_bot(api, match)
    # back at the position it decided: asking again goes on with the same tree
    ok(api.call("bot_move", {"match": match, "level": "easy"}))
    assert kept_bot(api, match) is bot
    ok(api.call("bot_move", {"match": match, "level": "normal", "budget_ms": 50}))
    assert kept_bot(api, match) is not bot
    assert api._solo_bots[match][0] == "normal"


def test_a_seeded_or_multiplayer_bot_move_keeps_no_bot():
    api = Api()
    solo = new_solo_cafe(api)
    a = ok(api.call("bot_move", {"match": solo, "level": "easy", "seed": 9, "budget_ms": 40}))
    assert solo not in api._solo_bots  # a seed asks for a fresh bot, never a kept one
    duo = ok(api.call("new_game", {"game": "cafe", "seed": 3, "config": {"players": 2}}))["match"]
    ok(api.call("bot_move", {"match": duo, "level": "easy"}))
    assert duo not in api._solo_bots
    assert a["move"] in [m["id"] for m in ok(api.call("legal_moves", {"match": solo, "player": 0}))]


def test_closing_a_match_drops_its_bot():
    api = Api()
    match = new_solo_cafe(api)
    ok(api.call("bot_move", {"match": match, "level": "easy"}))
    assert match in api._solo_bots
    ok(api.call("close", {"match": match}))
    assert match not in api._solo_bots


def test_in_the_browser_a_share_never_takes_a_decision_past_the_levels_limit(monkeypatch):
    hard = ISMCTSBot(1, LEVEL_SPECS["hard"])
    # CPython: the draft's 5/3 share of 0.9 s, nothing capped
    assert hard.search_config(None, 5 / 3).seconds == pytest.approx(1.5)
    monkeypatch.setattr(levels, "PLATFORM_SLOWDOWN", 3.0)
    assert hard.search_config(None, 5 / 3).seconds == pytest.approx(3.0)  # not 4.5
    assert hard.search_config(None, 1.0).seconds == pytest.approx(2.7)
    assert hard.search_config(None, 1 / 3).seconds == pytest.approx(0.9)
    assert hard.search_config(1000, 5 / 3).seconds == pytest.approx(1.0)  # the caller's limit still wins


def test_a_hint_in_a_solo_scenario_says_which_victory_condition_it_serves():
    api = Api()
    match = ok(api.call("new_game", {"game": "seize", "seed": 4,
                                     "config": {"players": 1, "scenario": "after_hours"}}))["match"]
    for _ in range(3):
        reply = ok(api.call("bot_move", {"match": match, "level": "easy"}))
        assert reply["goal"] in ("more_reviews", "no_bad_review")
        ok(api.call("apply_move", {"match": match, "move": reply["move"]}))
    # points alone decide a game without a scenario: no goal to name
    assert "goal" not in ok(api.call("bot_move", {"match": new_solo_cafe(api), "level": "easy"}))
