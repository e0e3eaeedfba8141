"""The State protocol and matches, exercised through the test-only toy game."""
import copy
import json

import pytest

from brewhouse.bots import RandomBot
from brewhouse.core import Match
from brewhouse.core.errors import (BadRequest, BadSave, GameOver, GameUnavailable, IllegalMove,
                                   InvalidConfig, UndoUnavailable, UnknownGame)


def play_out(match: Match, seed: int = 1) -> None:
    bot = RandomBot(seed)
    while match.active_player is not None:
        view = match.game.view(match.state, match.active_player)
        match.apply(bot.choose(match.game, view, match.game.legal_moves(match.state)))


def test_state_is_plain_json_and_round_trips_exactly(toy):
    match = Match(toy, {"players": 3}, 11)
    for _ in range(5):
        assert json.loads(json.dumps(match.state)) == match.state
        match.apply(toy.legal_moves(match.state)[0].id)


def test_same_seed_and_moves_give_the_same_game(toy):
    a, b = Match(toy, None, 5), Match(toy, None, 5)
    play_out(a, 1)
    for move in a.moves:
        b.apply(move)
    assert a.state == b.state and toy.outcome(a.state) == toy.outcome(b.state)


def test_apply_never_mutates_its_input(toy):
    state = toy.setup(toy.normalize_config(None), 3)
    before = copy.deepcopy(state)
    toy.apply(state, toy.legal_moves(state)[0].id)
    assert state == before


@pytest.mark.parametrize("bad", ["nope", "", None, 42, ["draw"], "play:99"])
def test_illegal_or_malformed_moves_raise_and_change_nothing(toy, bad):
    match = Match(toy, None, 2)
    before = copy.deepcopy(match.state)
    with pytest.raises(IllegalMove):
        match.apply(bad)
    assert match.state == before and match.moves == [] and match.log == []


def test_moves_after_the_end_are_refused(toy):
    match = Match(toy, None, 2)
    play_out(match)
    assert toy.outcome(match.state) is not None
    with pytest.raises(GameOver):
        match.apply("draw")


def test_views_hide_what_a_player_may_not_see(toy):
    match = Match(toy, None, 8)
    mine = toy.view(match.state, 0)
    assert mine["hand"] == sorted(match.state["hands"][0])
    assert "deck" not in mine and "hands" not in mine
    assert toy.view(match.state, None)["hand"] is None


def test_private_events_are_hidden_from_others(toy):
    match = Match(toy, None, 4)
    events = match.apply("draw")
    (drew,) = events
    assert drew.visible_to(0)["params"]["card"] == match.state["hands"][0][-1]
    assert drew.visible_to(1) == {"code": "toy.drew", "player": 0, "params": {}, "hidden": True}


def test_undo_restores_the_previous_state_but_not_across_a_reveal(toy):
    match = Match(toy, None, 6)
    first = copy.deepcopy(match.state)
    card = match.state["hands"][0][0]
    match.apply(f"play:{card}")
    assert match.can_undo
    match.undo()
    assert match.state == first and match.moves == [] and match.log == []
    match.apply("draw")  # reveals the top card: a barrier
    assert not match.can_undo
    with pytest.raises(UndoUnavailable):
        match.undo()


def test_config_is_validated(toy):
    with pytest.raises(InvalidConfig):
        Match(toy, {"players": 7}, 1)
    with pytest.raises(InvalidConfig):
        Match(toy, {"players": "2"}, 1)
    with pytest.raises(InvalidConfig):
        Match(toy, {"colour": "red"}, 1)
    with pytest.raises(InvalidConfig):
        Match(toy, ["players"], 1)


@pytest.mark.parametrize("seed", [-1, 2**53, 1.5, "7", None, True])
def test_seeds_must_be_safe_integers(toy, seed):
    with pytest.raises(BadRequest):
        Match(toy, None, seed)


def test_seats_are_validated(toy):
    assert Match(toy, None, 1, ["human", "random"]).seats == ["human", "random"]
    for seats in (["human"], ["human", "wizard"], "human,random", [1, 2]):
        with pytest.raises(BadRequest):
            Match(toy, None, 1, seats)


def test_save_and_load_replays_to_the_same_state(toy, toy_registry):
    match = Match(toy, {"players": 3}, 21, ["human", "random", "random"])
    play_out(match, 4)
    save = json.loads(json.dumps(match.to_save()))
    loaded = Match.from_save(save, toy_registry)
    assert loaded.state == match.state and loaded.seats == match.seats and loaded.moves == match.moves


@pytest.mark.parametrize("tamper", [
    lambda s: s.update(format="other"),
    lambda s: s.update(version=99),
    lambda s: s.update(version="1"),
    lambda s: s.update(moves="draw"),
    lambda s: s.update(moves=["play:1000"]),
    lambda s: s["moves"].append("draw"),
    lambda s: s.update(state_sha256="0" * 64),
    lambda s: s.update(seed=-5),
    lambda s: s.update(game="chess"),
    lambda s: s.update(game="later"),
    lambda s: s.update(config={"players": 9}),
])
def test_tampered_saves_are_rejected_clearly(toy, toy_registry, tamper):
    match = Match(toy, None, 13)
    for _ in range(3):
        match.apply(toy.legal_moves(match.state)[-1].id)
    save = match.to_save()
    tamper(save)
    with pytest.raises(BadSave) as err:
        Match.from_save(save, toy_registry)
    assert err.value.message  # a sentence a person can read


@pytest.mark.parametrize("garbage", [None, [], "save", 3, {"format": "brewhouse-save"}])
def test_non_saves_are_rejected(toy_registry, garbage):
    with pytest.raises(BadSave):
        Match.from_save(garbage, toy_registry)


def test_registry_lists_unavailable_games_but_never_plays_them(toy_registry):
    assert [i.id for i in toy_registry.infos()] == ["toy", "later"]
    with pytest.raises(GameUnavailable):
        toy_registry.get("later")
    with pytest.raises(UnknownGame):
        toy_registry.get("chess")
    with pytest.raises(BadRequest):
        toy_registry.get(None)


def test_product_registry_lists_the_three_games():
    from brewhouse.core.registry import REGISTRY

    assert {i.id for i in REGISTRY.infos()} == {"seize", "cafe", "rush"}
