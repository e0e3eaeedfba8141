"""Districts, custom Kiez, 5-6 players, difficulty levels and the official opening
(expansions booklet pp. 4-9 and 28)."""
from __future__ import annotations

import pytest

from brewhouse.core import InvalidConfig
from brewhouse.core.registry import REGISTRY
from brewhouse.seize.cafe import row_icons
from brewhouse.seize.compat import allowed_groups

from .helpers import DB, GAME, new

MAIN = ["kreuzberg", "neukolln", "prenzlauer_berg", "mitte", "friedrichshain"]
FURTHER = ["boxhagener_kiez", "friedrichshain_kreuzberg", "wrangelkiez", "bergmannkiez", "charlottenburg"]
FIVE_SIX = {"prenzlauer_berg", "friedrichshain", "boxhagener_kiez", "charlottenburg"}  # p. 5
NOT_FIVE_SIX_GROUPS = {"party_animals", "funemployed_expats", "starving_artists"}  # p. 5


def test_the_ten_districts_of_the_booklet_with_their_compatibility():
    assert [d for d, v in DB.districts.items() if v["kind"] != "scenario"] == MAIN + FURTHER
    assert {d for d, v in DB.districts.items() if v["five_six"] and v["kind"] != "scenario"} == FIVE_SIX
    assert {g for g, m in DB.groups.items() if not m["five_six"]} == NOT_FIVE_SIX_GROUPS
    assert not DB.districts["friedrichshain"]["solo"]
    # Kreuzberg and Neukölln: the groups the booklet prints
    assert DB.district("neukolln") == ["starving_artists", "funemployed_expats", "friendly_locals", "hipsters",
                                       "performers", "health_nuts"]
    # all 23 groups play somewhere (the packs' medley groups come with the ``packs`` option instead)
    groups = {g for g, m in DB.groups.items() if not m.get("pack")}
    assert {g for d in DB.districts.values() for g in d["groups"]} == groups
    assert len(groups) == 23


@pytest.mark.parametrize("district", MAIN + FURTHER)
def test_each_district_sets_up_its_six_groups(district):
    s = new(2, seed=3, district=district)
    assert s["groups"] == DB.district(district)
    city_customers = s["city"][0]["deck"] + s["city"][0]["slots"] + s["city"][0]["discard"]
    assert len(city_customers) == 60
    assert {DB.card(c)["group"] for c in city_customers} == set(DB.district(district))
    assert sorted(s["awards"]) == sorted(f for f in (DB.of_kind("award", s["groups"])))


def test_a_custom_kiez_plays_its_six_groups_and_refuses_anything_else():
    six = ["students", "rebels", "upper_class", "hipsters", "board_game_geeks", "health_nuts"]
    cfg = GAME.normalize_config({"players": 3, "groups": six})
    assert cfg["district"] == "custom" and GAME.setup(cfg, 1)["groups"] == six
    with pytest.raises(InvalidConfig, match="six different"):
        GAME.normalize_config({"players": 2, "groups": six[:5]})
    with pytest.raises(InvalidConfig, match="six different"):
        GAME.normalize_config({"players": 2, "groups": six[:5] + six[:1]})
    with pytest.raises(InvalidConfig, match="unknown customer group"):
        GAME.normalize_config({"players": 2, "groups": six[:5] + ["baristas"]})
    with pytest.raises(InvalidConfig, match="not both"):
        GAME.normalize_config({"players": 2, "groups": six, "district": "mitte"})
    with pytest.raises(InvalidConfig, match="needs its six groups"):
        GAME.normalize_config({"players": 2, "district": "custom"})
    with pytest.raises(InvalidConfig, match="unknown district"):
        GAME.normalize_config({"players": 2, "district": "spandau"})


def test_a_random_kiez_draws_six_awards_the_player_count_allows():
    seen = set()
    for seed in range(40):
        groups = new(5, seed=seed, district="random")["groups"]
        assert len(set(groups)) == 6 and not set(groups) & NOT_FIVE_SIX_GROUPS
        seen.add(tuple(groups))
    assert len(seen) > 30  # really drawn with the seed
    assert new(2, seed=7, district="random")["groups"] == new(2, seed=7, district="random")["groups"]
    for seed in range(20):
        solo = new(1, seed=seed, district="random")["groups"]
        assert all(DB.groups[g]["solo"] for g in solo)


def test_five_and_six_players_take_sixty_good_reviews_and_one_bonus_each():
    for n in (5, 6):
        s = new(n, district="prenzlauer_berg")
        assert s["pool"] == 60 and len(s["players"]) == n
        assert len(s["bonus"]["up"]) == n
        assert s["empty_cup"] == 1
        assert all(len(pl["deck"]) == 4 for pl in s["players"])


def test_incompatible_five_six_setups_name_the_rule():
    for district in MAIN + FURTHER:
        cfg = {"players": 6, "district": district}
        if district in FIVE_SIX:
            GAME.normalize_config(cfg)
        else:
            with pytest.raises(InvalidConfig, match="5-6 joueurs"):
                GAME.normalize_config(cfg)
    with pytest.raises(InvalidConfig, match="Party Animals cannot play with 5-6 players"):
        GAME.normalize_config({"players": 5, "groups": ["party_animals", "students", "rebels", "upper_class",
                                                         "hipsters", "cyclists"]})
    assert set(allowed_groups(DB, 5)) == {g for g, m in DB.groups.items() if not m.get("pack")} - NOT_FIVE_SIX_GROUPS


def test_solo_refuses_the_groups_starbots_cannot_face():
    with pytest.raises(InvalidConfig, match="not played solo"):
        GAME.normalize_config({"players": 1, "district": "friedrichshain"})
    with pytest.raises(InvalidConfig, match="Rebels cannot play solo"):
        GAME.normalize_config({"players": 1, "groups": ["rebels", "students", "hipsters", "cyclists",
                                                         "tourists", "musicians"]})
    for district, v in DB.districts.items():
        if v["solo"] and v["kind"] != "scenario":  # scenario districts: test_scenarios.py
            s = new(1, seed=2, district=district, starbots_level=3)
            assert s["groups"] == DB.district(district) and s["players"][1]["automa"]


def test_difficulty_levels_replace_the_resource_rows_base_icons():
    s = new(3, difficulty=["normal", "hard", "expert"])
    base = [[row_icons(pl, row, DB)[0]["icon"] for row in ("beans", "milk", "sugar")] for pl in s["players"]]
    assert base == [["scoop", "milk3", "sugar3"], ["beans4", "milk2", "sugar2"], ["beans2", "milk1", "sugar1"]]
    assert [row_icons(s["players"][2], r, DB)[0]["icon"] for r in ("attract", "upgrade_pantry")] == \
        ["attract", "upgrade_pantry"]
    # a Hard player's Beans action gives 4 beans, not the scoop
    s = new(2, difficulty="hard")
    before = s["players"][0]["res"]["beans"]
    s = GAME.apply(GAME.apply(s, "space:beans").state, "icon:0").state
    assert s["players"][0]["res"]["beans"] == before + 4
    assert GAME.view(s, 0)["players"][0]["difficulty"] == "hard"
    with pytest.raises(InvalidConfig, match="difficulty"):
        GAME.normalize_config({"players": 2, "difficulty": ["hard"]})
    with pytest.raises(InvalidConfig, match="difficulty"):
        GAME.normalize_config({"players": 2, "difficulty": ["hard", "legendary"]})
    # solo: the human's level only
    solo = new(1, difficulty=["expert"])
    assert solo["players"][0]["level"] == "expert" and "level" not in solo["players"][1]


def test_the_official_opening_puts_friends_and_family_in_the_discard_pile():
    s = new(2, opening="official")
    for p, pl in enumerate(s["players"]):
        assert pl["deck"] == [] and sorted(pl["discard"]) == sorted(f"{f}@{p}" for f in
                                                                      DB.raw["friends_family"]["base"])
    with pytest.raises(InvalidConfig, match="Ouverture officielle"):
        GAME.normalize_config({"players": 2, "opening": "early"})


def test_older_editions_keep_the_base_game_options():
    old = REGISTRY.get("seize", "2")
    assert old.default_config() == {"players": 2, "scoop_luck": False}
    assert set(old.db.districts) == {"kreuzberg"} and len(old.db.groups) == 6
    with pytest.raises(InvalidConfig, match="1-4 players"):
        old.normalize_config({"players": 5})
    with pytest.raises(InvalidConfig, match="unknown option"):
        old.normalize_config({"players": 2, "district": "mitte"})
