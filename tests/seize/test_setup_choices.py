"""Set-up choices the booklet leaves to the players: which group a customer pack replaces
(p. 20) and which Daily Special cups are in play (p. 36).  Each defaults to what earlier
configs played (a config without the option sets up exactly as before)."""
from __future__ import annotations

import pytest

from brewhouse.core import InvalidConfig
from brewhouse.seize.crafting import CUPS

from .helpers import DB, GAME, ids, new, settle

KREUZBERG = DB.district("kreuzberg")


def groups_of(**cfg) -> list[str]:
    return new(2, 3, **cfg)["groups"]


# ---------------------------------------------------------------- the group a pack replaces
def test_by_default_the_packs_replace_the_last_listed_groups():
    assert groups_of(packs=["board_game_media"]) == KREUZBERG[:5] + ["board_game_media"]
    assert groups_of(packs=["quality_beasts", "board_game_media"]) == \
        KREUZBERG[:4] + ["quality_beasts", "board_game_media"]
    assert GAME.normalize_config({"players": 2, "packs": ["quality_beasts"]})["pack_replaces"] == []


def test_the_players_choose_the_group_each_pack_replaces():
    first, third = KREUZBERG[0], KREUZBERG[2]
    out = groups_of(packs=["board_game_media", "quality_beasts"], pack_replaces=[third, first])
    assert out == ["quality_beasts", KREUZBERG[1], "board_game_media"] + KREUZBERG[3:]
    s = new(2, 3, packs=["quality_beasts"], pack_replaces=[first])
    assert s["groups"][0] == "quality_beasts" and first not in s["groups"]
    # the replaced group's cards leave the City; the pack's come in
    city = [c for row in s["city"] for c in row["deck"] + row["slots"] + row["discard"] if c]
    assert not any(DB.card(c).get("group") == first for c in city)
    assert any(DB.card(c).get("group") == "quality_beasts" for c in city)


def test_a_custom_kiez_pack_replaces_one_of_its_groups():
    six = ["hipsters", "cyclists", "tourists", "musicians", "health_nuts", "students"]
    out = groups_of(district="custom", groups=six, packs=["board_game_media"], pack_replaces=["health_nuts"])
    assert out == ["hipsters", "cyclists", "tourists", "musicians", "board_game_media", "students"]


@pytest.mark.parametrize("cfg, words", [
    ({"packs": ["board_game_media"], "pack_replaces": ["students"]}, "not one of them"),
    ({"packs": ["board_game_media"], "pack_replaces": ["hipsters", "cyclists"]}, "one group for each group pack"),
    ({"packs": ["city_celebrities"], "pack_replaces": ["hipsters"]}, "one group for each group pack"),
    ({"packs": ["board_game_media", "quality_beasts"], "pack_replaces": ["hipsters", "hipsters"]}, "different"),
    ({"packs": ["board_game_media"], "pack_replaces": "hipsters"}, "list of groups"),
    ({"packs": ["board_game_media"], "pack_replaces": ["hipsters"], "district": "random"}, "random Kiez"),
])
def test_a_wrong_pack_replacement_is_refused_clearly(cfg, words):
    with pytest.raises(InvalidConfig) as err:
        GAME.normalize_config({"players": 2, **cfg})
    assert words in str(err.value) and "booklet pp. 20-22" in str(err.value)


# ---------------------------------------------------------------- the Daily Special cups in play
def test_all_four_cups_by_default():
    assert GAME.normalize_config({"players": 2})["cups"] == list(CUPS)
    s = new(2, 0, variants=["daily_specials"])
    assert list(s["daily_specials"]) == list(CUPS)


def test_the_players_choose_one_or_more_cups():
    s = new(2, 0, variants=["daily_specials"], cups=[CUPS[3], CUPS[1]])
    assert list(s["daily_specials"]) == [CUPS[1], CUPS[3]]  # the booklet's order
    assert s["config"]["cups"] == [CUPS[1], CUPS[3]]
    view = GAME.view(s, 0)
    assert list(view["daily_specials"]) == [CUPS[1], CUPS[3]]


def test_early_bird_chooses_among_the_cups_in_play_only():
    s = new(2, 0, variants=["daily_specials"], cups=[CUPS[0]])
    s["stack"].append({"t": "fx", "p": 0, "icon": "early_bird"})
    settle(s)
    assert sorted(ids(s)) == sorted(["cup:regular", f"cup:{CUPS[0]}"])


@pytest.mark.parametrize("cfg, words", [
    ({"variants": ["daily_specials"], "cups": []}, "one or more"),
    ({"variants": ["daily_specials"], "cups": ["espresso"]}, "one or more"),
    ({"variants": ["daily_specials"], "cups": [CUPS[0], CUPS[0]]}, "different"),
    ({"cups": [CUPS[0]]}, "needs the daily_specials variant"),
])
def test_a_wrong_choice_of_cups_is_refused_clearly(cfg, words):
    with pytest.raises(InvalidConfig) as err:
        GAME.normalize_config({"players": 2, **cfg})
    assert words in str(err.value) and "booklet p. 36" in str(err.value)


def test_a_config_without_the_new_options_sets_up_as_before():
    old = {"players": 3, "packs": ["board_game_media", "quality_beasts"], "variants": ["daily_specials"]}
    explicit = {**old, "pack_replaces": [KREUZBERG[5], KREUZBERG[4]], "cups": list(CUPS)}
    a, b = new(seed=9, **old), new(seed=9, **explicit)
    a["config"].pop("pack_replaces"), b["config"].pop("pack_replaces")
    assert a == b
