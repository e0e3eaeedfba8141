"""Features of a Café position for a learned evaluation, read from what the player sees."""
from __future__ import annotations

import copy

import pytest

from brewhouse.bots import make_bot
from brewhouse.cafe import evaluation as E
from brewhouse.core import Match, Rng
from brewhouse.core.registry import REGISTRY

GAME = REGISTRY.get("cafe")


def _positions(seed: int, players: int = 1, every: int = 1):
    """(state, player to move) along a game played by the random bot."""
    match = Match(GAME, GAME.normalize_config({"players": players}), seed)
    bot = make_bot("random", seed)
    k = 0
    while (p := match.active_player) is not None:
        if k % every == 0:
            yield copy.deepcopy(match.state), p
        match.apply(bot.choose(GAME, GAME.view(match.state, p), GAME.legal_moves(match.state)))
        k += 1
    yield copy.deepcopy(match.state), 0


# -- features come from what the player sees ----------------------------------------------
@pytest.mark.parametrize("seed,players", [(3, 1), (5, 2)])
def test_a_view_gives_the_features_of_the_state(seed, players):
    """Read from the state (the search's samples) or from the player's view: the same numbers."""
    for state, p in _positions(seed, players, every=2):
        for q in range(players):
            from_state = E.features(GAME.cat, E.position_of(state, q))
            from_view = E.features(GAME.cat, E.position_of(GAME.view(state, q), q))
            assert from_view == from_state
            assert len(from_state) == len(E.FEATURES)


def test_hidden_information_does_not_change_the_features():
    """Deck order and the game's future chance are unseen: changing them changes no feature."""
    for state, p in list(_positions(4, 2, every=9))[:-1]:
        other = copy.deepcopy(state)
        Rng.from_seed(99).shuffle(other["deck"])
        other["rng"] = Rng.from_seed(12345).dump()
        assert GAME.view(other, p) == GAME.view(state, p)
        assert E.features(GAME.cat, E.position_of(other, p)) == E.features(GAME.cat, E.position_of(state, p))
