"""Set-up: configuration, order draws, meeple placement, starting cups, the opening."""
from __future__ import annotations

import pytest

from brewhouse.core import InvalidConfig, Match

from rush_helpers import DATA, G, do, ids, new, play, sq, started


def test_config_defaults_and_validation():
    assert G.default_config() == {"players": 2, "opening": "standard"}
    assert G.normalize_config({"players": 4, "opening": "ristretto_espresso"})["players"] == 4
    with pytest.raises(InvalidConfig):
        G.normalize_config({"players": 5})
    with pytest.raises(InvalidConfig):
        G.normalize_config({"players": 1})
    with pytest.raises(InvalidConfig):
        G.normalize_config({"opening": "doppio"})
    with pytest.raises(InvalidConfig):
        G.normalize_config({"expansion": True})
    assert (G.id, G.title, G.min_players, G.max_players) == ("rush", "Coffee Rush", 2, 4)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_initial_draws(n):
    s = new(n)
    rows = [[len(r) for r in p["rows"]] for p in s["players"]]
    assert rows[0] == [2, 1, 0, 0]
    assert all(r == [1, 1, 0, 0] for r in rows[1:])
    assert len(s["deck"]) == 80 - 3 - 2 * (n - 1)
    assert s["supply"] == dict(DATA.supply) and s["rush_supply"] == 15
    assert s["closed"] is False and s["first"] == 0
    assert all(len(p["cups"]) == 3 and not any(p["cups"]) for p in s["players"])


@pytest.mark.parametrize("n, order", [(2, [1, 0, 1, 0]), (3, [2, 1, 0]), (4, [3, 2, 1, 0])])
def test_meeple_placement_order_and_no_sharing(n, order):
    s = new(n)
    seen = []
    placed = []
    while s["phase"] == "place_meeple":
        seen.append(G.active_player(s))
        free = [m for m in ids(s)]
        assert all(f"place:{x}" not in free for x in placed)  # never two on a square
        assert len(free) == 16 - len(placed)
        target = [x for x in (5, 6, 9, 10, 0, 3) if x not in placed][0]
        s = do(s, f"place:{target}")
        placed.append(target)
    assert seen == order
    assert s["phase"] == "setup_cups"


def test_starting_ingredients_go_into_cups():
    s = new(3)
    s = do(s, f"place:{sq(1, 4)}", f"place:{sq(4, 3)}", f"place:{sq(2, 2)}")  # seats 2, 1, 0
    assert s["phase"] == "setup_cups"
    assert [p["pending"] for p in s["players"]] == [["milk"], ["chocolate"], ["coffee"]]
    assert s["supply"]["coffee"] == 17
    # first player first; only cups, never back to the supply
    assert G.active_player(s) == 0
    assert ids(s) == ["put:milk:1", "put:milk:2", "put:milk:3"]
    s = do(s, "put:milk:2", "put:chocolate:1", "put:coffee:3")
    assert s["players"][0]["cups"] == [[], ["milk"], []]
    assert s["phase"] in ("move", "upgrade") and G.active_player(s) == 0


def test_two_player_starting_ingredients_free_cups():
    s = new(2)
    s = do(s, f"place:{sq(1, 4)}", f"place:{sq(2, 1)}", f"place:{sq(3, 4)}", f"place:{sq(1, 1)}")
    # seat 1 placed on (1,4) and (3,4): two coffees; seat 0 on (2,1) coffee and (1,1) ice
    assert sorted(s["players"][1]["pending"]) == ["coffee", "coffee"]
    assert sorted(s["players"][0]["pending"]) == ["coffee", "ice"]
    s = do(s, "put:coffee:1", "put:ice:1", "put:coffee:1", "put:coffee:1")
    assert sorted(s["players"][1]["cups"][0]) == ["coffee", "coffee"]
    assert s["meeples"] == [[sq(2, 1), sq(1, 1)], [sq(1, 4), sq(3, 4)]]


def test_ristretto_espresso_opening():
    s = new(3, opening="ristretto_espresso")
    assert s["phase"] == "opening"
    assert len(s["opening_pool"]) == 4 and len(s["deck"]) == 76
    assert all(not any(p["rows"]) for p in s["players"])
    assert G.active_player(s) == 2
    options = ids(s)
    assert len(options) == 2  # identical cards are one choice
    names = {m.payload["name"] for m in G.legal_moves(s)}
    assert names == {"Ristretto", "Espresso"}
    s = do(s, options[0])
    assert G.active_player(s) == 1
    s = do(s, ids(s)[0])
    t = play(s, ids(s)[0])
    assert t.reveals  # the set-up draws follow the last choice
    s = t.state
    rows = [[len(r) for r in p["rows"]] for p in s["players"]]
    assert rows == [[2, 1, 0, 0], [1, 1, 0, 0], [1, 1, 0, 0]]
    assert all(any(DATA.cards[c].opening for c in p["rows"][0]) for p in s["players"])
    assert len(s["removed"]) == 1 and not s["opening_pool"]
    assert len(s["deck"]) == 76 - 4
    assert s["phase"] == "place_meeple"


def test_opening_four_players_uses_all_four():
    s = new(4, opening="ristretto_espresso")
    while s["phase"] == "opening":
        s = do(s, ids(s)[-1])
    assert s["removed"] == []
    assert sorted(DATA.cards[p["rows"][0][0]].name for p in s["players"]) == \
        ["Espresso", "Espresso", "Ristretto", "Ristretto"]


def test_setup_is_reproducible_and_seeded():
    assert new(3, seed=5) == new(3, seed=5)
    assert new(3, seed=5)["deck"] != new(3, seed=6)["deck"]


def test_match_plays_setup():
    match = Match(G, {"players": 2}, seed=9)
    while match.state["phase"] == "place_meeple":
        match.apply(G.legal_moves(match.state)[0].id)
    assert match.can_undo
    assert match.state["phase"] == "setup_cups"
