"""Solo setup: config, seats, the table for every level, first player and cups."""
from __future__ import annotations

import pytest

from brewhouse.core.errors import BadRequest

from brewhouse.core import InvalidConfig, Match
from brewhouse.core.registry import REGISTRY
from brewhouse.seize import solo
from brewhouse.seize.crafting import CUPS

from .helpers import DB, GAME, all_cards, ids
from .solo_helpers import BOT, HUMAN, SOLO, solo_expected_cards, solo_new
from .test_solo_data import BOOK_LEVELS


def test_players_one_is_solo_and_registry_allows_it():
    assert GAME.min_players == 1 and GAME.max_players == 6  # 5-6 players: expansions booklet p. 5
    info = REGISTRY.info("seize")
    assert (info.min_players, info.max_players) == (1, 6)
    cfg = GAME.normalize_config({"players": 1})
    assert cfg == {"players": 1, "scoop_luck": False, "district": "kreuzberg", "groups": None,
                   "difficulty": ["normal"], "opening": "standard", "friends": "base", "packs": [], "founders": "off", "variants": [],
                   "pack_replaces": [], "cups": list(CUPS), "starbots_level": 1, "first_player": "human", "scenario": None}
    assert GAME.normalize_config({"players": 1, "starbots_level": 20, "first_player": "starbots"})[
        "starbots_level"] == 20


@pytest.mark.parametrize("bad", [
    {"players": 1, "starbots_level": 0}, {"players": 1, "starbots_level": 21},
    {"players": 1, "starbots_level": "5"}, {"players": 1, "starbots_level": True},
    {"players": 1, "first_player": "coin"}, {"players": 1, "scenario": "nowhere"},
    {"players": 1, "scenario": "after_hours", "opening": "standard"},  # the scenario fixes the opening
    {"players": 2, "starbots_level": 3}, {"players": 3, "first_player": "human"},
    {"players": 1, "difficulty": 3},
])
def test_bad_solo_configs_are_refused(bad):
    with pytest.raises(InvalidConfig):
        GAME.normalize_config(bad)


def test_scenario_error_says_what_it_fixes():
    with pytest.raises(InvalidConfig) as err:
        GAME.normalize_config({"players": 1, "scenario": "cafe_quorra", "variants": []})
    assert "artisan" in err.value.message


def test_starbots_seats():
    for n in range(1, 21):
        assert GAME.accepts_seat(f"starbots-{n}")
    for bad in ("starbots-0", "starbots-21", "starbots", "starbots-", "starbots-1x", "Starbots-3", "human"):
        assert not GAME.accepts_seat(bad)
    m = Match(GAME, {"players": 1, "starbots_level": 10}, seed=1, seats=["human", "starbots-10"])
    assert m.active_player == HUMAN
    assert Match(GAME, {"players": 1, "starbots_level": 4}, seed=1).seats == ["human", "starbots-4"]
    for seats in (["human"], ["human", "starbots-3"], ["starbots-10", "human"]):
        with pytest.raises(BadRequest):
            Match(GAME, {"players": 1, "starbots_level": 10}, seed=1, seats=seats)
    with pytest.raises(BadRequest):
        Match(GAME, {"players": 2}, seed=1, seats=["human", "starbots-10"])


@pytest.mark.parametrize("level", range(1, 21))
def test_setup_for_every_level(level):
    s = solo_new(level, seed=level)
    cellar, style = BOOK_LEVELS[level]
    assert (s["solo"]["level"], s["solo"]["cellar"], s["solo"]["style"]) == (level, cellar, style)
    assert len(s["players"]) == 2
    me, bot = s["players"]
    assert bot["automa"] is True and "automa" not in me
    # solo counts as a 2-player game for tokens
    assert s["pool_start"] == 40 and len(s["bonus"]["up"]) == 2 and len(s["bonus"]["down"]) == 10
    # your café as usual
    assert me["res"] == {"beans": 5, "milk": 1, "sugar": 0} and me["hype"] == 2
    assert sorted(me["deck"]) == sorted(f"{f}@0" for f in DB.raw["friends_family"]["base"])
    # Starbots: no resources, no customers, empty pantry and style, Hype 2
    assert bot["res"] == {"beans": 0, "milk": 0, "sugar": 0} and bot["hype"] == 2
    assert bot["deck"] == [] and bot["line"] == [] and bot["discard"] == []
    assert bot["good"] == 0 and bot["ach"] == {}
    # 20 action cards, 16 upgrade tokens face down, nothing upgraded yet
    assert len(s["solo"]["deck"]) + len(s["solo"]["discard"]) == 20
    assert sorted(s["solo"]["tokens"]) == sorted(i for i, n in SOLO["upgrade_tokens"].items() for _ in range(n))
    assert s["solo"]["upgrades"] == {sp: [] for sp in SOLO["spaces"]}
    assert s["first"] == HUMAN and s["empty_cup"] == BOT and s["initial_first"] == HUMAN
    assert all_cards(s) == solo_expected_cards(s)
    # Starbots' spaces: the cellar token on the first two resource spaces, style token (or printed) on the City
    for sp in ("beans", "milk"):
        assert solo.space_steps(s, sp) == SOLO["action_tokens"][cellar]["rows"][sp]
    for sp in ("attract", "upgrade_pantry", "upgrade_style"):
        want = SOLO["printed_actions"][sp] if style is None else SOLO["action_tokens"][style]["rows"][sp]
        assert solo.space_steps(s, sp) == want
    assert solo.space_steps(s, "sugar") == []
    assert GAME.active_player(s) == HUMAN and ids(s)[0].startswith("space:")


def test_book_setup_example_level_2_uses_starting_and_competitive():
    s = solo_new(2)
    assert (s["solo"]["cellar"], s["solo"]["style"]) == ("starting", "competitive")
    assert solo.space_steps(s, "attract") == ["steal_customer"]


def test_level_without_style_token_uses_printed_city_actions():
    s = solo_new(10)
    assert s["solo"]["style"] is None
    assert [solo.space_steps(s, sp) for sp in ("attract", "upgrade_pantry", "upgrade_style")] == [
        ["attract"], ["upgrade_pantry"], ["upgrade_style"]]


def test_starbots_first_takes_the_full_cup_and_plays_at_once():
    s = solo_new(1, seed=3, first="starbots")
    assert s["first"] == BOT and s["initial_first"] == BOT and s["empty_cup"] == HUMAN
    bot = s["players"][BOT]
    assert len(bot["baristas"]) == 1  # its first turn was resolved during setup
    assert s["solo"]["log"][0]["code"] == "seize.starbots_turn"
    assert len(s["solo"]["discard"]) >= 1
    assert GAME.active_player(s) == HUMAN


def test_same_seed_same_solo_game():
    assert solo_new(7, seed=5, first="starbots") == solo_new(7, seed=5, first="starbots")
    assert solo_new(7, seed=5)["solo"]["deck"] != solo_new(7, seed=6)["solo"]["deck"]


def test_base_game_states_carry_no_solo_keys():
    s = GAME.setup(GAME.normalize_config({"players": 2}), 1)
    assert "solo" not in s and not any("automa" in pl for pl in s["players"])
