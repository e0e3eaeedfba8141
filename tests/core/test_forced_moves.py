"""No single-option decision is left to a person's click, in any of the three games.

Seeded games played through the API, each person simulated by a seeded random
choice among the options the API shows them and each bot seat by a random bot:
whenever a person is asked with exactly one option, the API must name it as
``auto_move`` (the table then plays it by itself), even when it reveals hidden
information (a draw, a shuffle, the Starbots' deck).
"""
from __future__ import annotations

import random

import pytest

from brewhouse.api import Api

GAMES = {
    "seize-expansions": ("seize", {"players": 3, "packs": ["city_celebrities"], "founders": "base"},
                         ["human", "random", "human"]),
    "seize-solo": ("seize", {"players": 1}, None),  # the human, then Starbots
    "cafe": ("cafe", {"players": 2}, ["human", "random"]),
    "rush": ("rush", {"players": 2}, ["human", "random"]),
}
SEEDS = (1, 2, 3)
MAX_PLIES = 3000


def ok(response):
    assert response["ok"], response
    return response["result"]


def play(game: str, config: dict, seats: list | None, seed: int) -> tuple[int, int]:
    """Play one seeded game; (single-option decisions left to a click, single-option decisions)."""
    api = Api()
    new = ok(api.call("new_game", {"game": game, "config": config, "seed": seed, "seats": seats}))
    match, seats = new["match"], new["seats"]
    rng = random.Random(seed)
    left, single = 0, 0
    for _ in range(MAX_PLIES):
        status = ok(api.call("status", {"match": match}))
        if status["over"]:
            return left, single
        player = status["active_player"]
        if seats[player] != "human":
            level = seats[player] if seats[player].startswith("starbots") else "random"
            bot = ok(api.call("bot_move", {"match": match, "level": level}))
            ok(api.call("apply_move", {"match": match, "move": bot["move"]}))
            continue
        view = ok(api.call("view", {"match": match, "player": player}))
        ids = [m["id"] for m in view["moves"]]
        if len(ids) == 1:
            single += 1
            if view["auto_move"] != ids[0]:
                left += 1
        else:
            assert view["auto_move"] is None  # a real choice is never made for the player
        move = view["auto_move"] or rng.choice(ids)
        ok(api.call("apply_move", {"match": match, "move": move, "player": player}))
    raise AssertionError(f"{game} seed {seed} did not end in {MAX_PLIES} moves")


@pytest.mark.parametrize("name", GAMES)
def test_no_single_option_decision_is_left_to_a_click(name):
    game, config, seats = GAMES[name]
    left = single = 0
    for seed in SEEDS:
        a, b = play(game, config, seats, seed)
        left, single = left + a, single + b
    assert single > 0, "no single-option decision met: the test proves nothing"
    assert left == 0, f"{left} of {single} single-option decisions left to a click"
