"""A full-information "oracle": the ceiling the honest bots are measured against.

The oracle runs the very same search, but every iteration starts from the
*true* state (hidden hands and deck order included; only future chance is
fresh).  It exists here, in the tests, and never as a level: it shows that
hidden information is worth something in these games, and so that the
honest levels, which never see it, really play without it.
"""
from __future__ import annotations

from brewhouse.bots import LEVELS, make_bot
from brewhouse.bots.ismcts import Heuristics, SearchConfig, search
from brewhouse.core import Rng
from brewhouse.core.game import json_copy
from bots_helpers import HiddenToy

ITERATIONS = 80


def oracle_choice(game, state, rng: Rng) -> str:
    """The most visited move of a search that samples the true state every time."""
    player = game.active_player(state)

    def truth(r: Rng) -> dict:
        s = json_copy(state)
        s["rng"] = Rng(r.next_u64()).dump()  # the present is known, the future is still chance
        return s

    result = search(game, truth, player, game.legal_moves(state), Heuristics(),
                    SearchConfig(iterations=ITERATIONS), rng)
    return max(result.visits, key=lambda mid: (result.visits[mid], result.values[mid]))


def play(seed: int, oracle_seat: int) -> list[float]:
    game = HiddenToy()
    state = game.setup(game.normalize_config({"players": 2}), seed)
    honest = make_bot("hard", seed, iterations=ITERATIONS)
    rng = Rng.from_seed(seed + 1000)
    while (p := game.active_player(state)) is not None:
        if p == oracle_seat:
            move = oracle_choice(game, state, rng)
        else:
            move = honest.choose(game, game.view(state, p), game.legal_moves(state))
        state = game.apply(state, move).state
    return [float(x) for x in game.outcome(state).scores]


def test_the_oracle_is_never_a_level():
    assert "oracle" not in LEVELS and set(LEVELS) == {"random", "easy", "normal", "hard"}


def test_seeing_hidden_cards_is_worth_points_the_honest_bot_does_not_get():
    margins = []
    for seed in range(24):
        seat = seed % 2
        scores = play(seed, seat)
        margins.append(scores[seat] - scores[1 - seat])
    assert sum(margins) / len(margins) > 0  # the ceiling sits above the honest search
