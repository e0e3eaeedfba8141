"""Seeded random play over every district, random and custom Kiez, 2-6 players, and solo.

The expansions booklet's districts bring 17 more customer groups, tokens and
interactions between players.  ``BREWHOUSE_DISTRICT_SOAK_GAMES`` sets the
number of multiplayer games (default 300; the full run is 2,000) and
``BREWHOUSE_DISTRICT_SOLO_GAMES`` the solo games against Starbots over the
districts solo allows (default 60; the full run is 500).  Setups cycle
through every district, the random Kiez and custom Kiez, the player counts
each allows, difficulty levels, both openings, the Friends & Family set-ups
(base, extra, Advanced) and the customer packs (multiplayer only; on
synthetic pack cards while the pack data is empty) and random valid combinations of the variants the
engine plays (Sold Out!, Competitive Neighbour, Pastries, Mouthwatering, Diverse City, Coffee Lovers).  The table's invariants are
checked after every move; every 20th game goes through ``Game.apply`` with
JSON round trips and views.
"""
from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from brewhouse.core import Rng

from brewhouse.seize.compat import allowed_groups

from .helpers import DB, GAME, all_cards, check_city_rows, expected_cards
from .solo_helpers import solo_expected_cards
from .synthetic_packs import PGAME

GAMES = int(os.environ.get("BREWHOUSE_DISTRICT_SOAK_GAMES", "300"))
SOLO_GAMES = int(os.environ.get("BREWHOUSE_DISTRICT_SOLO_GAMES", "60"))
LEVELS = ("normal", "hard", "expert")
FRIENDS = ("base", "extra", "advanced", "adopted")
FOUNDERS = ("off", "base", "all")
PACK_SETS = ([], ["board_game_media"], ["quality_beasts"], ["city_celebrities"],
             ["board_game_media", "quality_beasts"], ["board_game_media", "quality_beasts", "city_celebrities"])
#: the live pack data once it is there, else synthetic pack cards of the same shapes
PACKS_READY = all(g in DB.groups for g in ("board_game_media", "quality_beasts")) \
    and any(c.get("group") == "city_celebrities" for c in DB.raw["cards"])
#: the crafting phase's variants (Artisan mode, Daily Specials; the latter not solo)
BOARD_GAME_TOKENS = len(DB.groups.get("board_game_geeks", {}).get("tokens", [])) or None


#: the districts a table chooses (a solo scenario's own district comes only with its scenario)
DISTRICTS = {d: v for d, v in DB.districts.items() if v.get("kind") != "scenario"}


def setup_for(seed: int) -> dict:
    """A valid config chosen by the seed: district (or random/custom Kiez), players, levels, opening."""
    rnd = random.Random(seed * 31 + 7)
    districts = sorted(DISTRICTS) + ["random", "custom"]
    district = districts[seed % len(districts)]
    if district in ("random", "custom"):
        n = rnd.randint(2, 6)
    else:
        n = rnd.randint(2, 6 if DB.districts[district]["five_six"] else 4)
    cfg: dict = {"players": n, "district": district,
                 "difficulty": [rnd.choice(LEVELS) for _ in range(n)],
                 "opening": "official" if seed % 3 == 0 else "standard",
                 "friends": FRIENDS[seed % 5 % 4], "packs": PACK_SETS[seed * 7 % 11 % len(PACK_SETS)],
                 # 12 base founders deal 3 each to at most 4 players (booklet p. 27: 5-6 players add the other 6)
                 "founders": FOUNDERS[seed % 7 % 3] if n <= 4 or seed % 7 % 3 == 0 else "all"}
    if district == "custom":
        cfg["groups"] = rnd.sample(sorted(allowed_groups(DB, n)), 6)
    cfg["variants"] = variants_for(seed, n)
    return cfg


#: the variants played by the engine's rules (variants.py)
PLAY_VARIANTS = ("sold_out", "competitive_neighbour", "pastries", "mouthwatering", "artisan", "diverse_city",
                 "daily_specials", "coffee_lovers")


def variants_for(seed: int, n: int) -> list[str]:
    """A random valid combination of the variants for ``n`` players (1 = solo), by the booklet's rules."""
    rnd = random.Random(seed * 13 + 5)
    chosen = {v for v in PLAY_VARIANTS if rnd.random() < 0.4}
    if n == 1 or n >= 5:  # Sold Out! and Competitive Neighbour: 2-4 players only
        chosen -= {"sold_out", "competitive_neighbour"}
    if n == 1:  # Daily Specials are not played solo
        chosen.discard("daily_specials")
    if "competitive_neighbour" in chosen:
        chosen.add("sold_out")
    if len(chosen & {"mouthwatering", "artisan", "diverse_city"}) > 1:  # token variants need the Pastry Pack
        chosen.add("pastries")
    return sorted(chosen)


def solo_setup_for(seed: int) -> dict:
    rnd = random.Random(seed * 17 + 3)
    solo_ok = sorted(d for d, v in DISTRICTS.items() if v["solo"]) + ["random"]
    return {"players": 1, "district": solo_ok[seed % len(solo_ok)], "starbots_level": 1 + seed % 20,
            "difficulty": [rnd.choice(LEVELS)], "opening": "official" if seed % 4 == 0 else "standard",
            "first_player": "starbots" if seed % 2 else "human", "friends": FRIENDS[seed % 4],
            "founders": FOUNDERS[seed % 5 % 3], "variants": variants_for(seed, 1)}


def tokens_on_table(state: dict) -> Counter:
    """Board Game tokens in the bag, its discard pile, on Line customers and in open frames."""
    bg = state["board_games"]
    cnt = Counter(bg["bag"]) + Counter(bg["discard"])
    cnt.update(e["game"] for pl in state["players"] for e in pl["line"] if e.get("game"))
    for fr in state["stack"]:
        if fr["t"] == "board_games":  # drawn and not yet used
            cnt.update(fr["drawn"])
    return cnt


def check(state: dict, start_cards: Counter | None, tokens: Counter | None) -> None:
    """The table's invariants; cards are counted once the set-up drafts are over (``start_cards``)."""
    if start_cards is not None:
        assert all_cards(state) == start_cards
    check_city_rows(state)
    given = state["pool_start"] - state["pool"]
    assert state["pool"] >= 0 and state["box"] >= 0
    waiting = sum(v.get("good", 0) for v in state.get("award_reviews", {}).values())
    assert sum(pl["good"] for pl in state["players"]) + waiting == given + state["box"]
    for v in state.get("award_reviews", {}).values():
        assert v.get("good", 0) >= 0 and v.get("bad", 0) >= 0
    for pl in state["players"]:
        assert all(v >= 0 for v in pl["res"].values())
        assert set(pl["res"]) <= {"beans", "milk", "sugar", "green"}
        assert 1 <= pl["hype"] <= DB.setup["max_hype"]
        assert 0 <= pl["served"] <= len(pl["line"])
        assert pl["bad"] >= 0
        assert all(v >= 0 for v in pl.get("crafted", {}).values())  # Artisan mode's crafted tokens
        for e in pl["line"]:
            assert type(e["angry"]) is bool
            assert e["happy"] >= 0 and not (e["angry"] and e["happy"])
    if tokens is not None:
        assert tokens_on_table(state) == tokens
    for c in state.get("daily_specials", {}).values():  # a cup is by the City (None) or in a café
        assert all(c[k] is None or 0 <= c[k] < len(state["players"]) for k in ("empty", "full"))


def play_one(config: dict, seed: int, slow: bool, solo: bool = False) -> int:
    rnd = random.Random(seed)
    game = PGAME if config.get("packs") and not PACKS_READY else GAME
    state = game.setup(game.normalize_config(config), seed)

    def expected() -> Counter:  # the Adopted draft decides whose Friends & Family are whose
        return solo_expected_cards(state) if solo else expected_cards(state, game.db)

    drafting = state["phase"] == "draft"  # founders and Friends & Family are being drafted
    start_cards = None if drafting else expected()
    tokens = tokens_on_table(state) if "board_games" in state else None
    check(state, start_cards, tokens)
    moves = 0
    while game.active_player(state) is not None:
        legal = game.legal_moves(state)
        assert legal, "a live game always offers a move"
        assert len({m.id for m in legal}) == len(legal), "move ids are unique"
        move = rnd.choice(legal)
        if slow:
            tr = game.apply(state, move.id)
            state = tr.state
            assert json.loads(json.dumps(state)) == state
            json.dumps([e.to_json() for e in tr.events])
            if moves % 10 == 0 and game.active_player(state) is not None:
                p = game.active_player(state)
                view = game.view(state, p)
                json.dumps(view)
                json.dumps(game.view(state, None))
                if not solo:  # a search bot's sample is consistent with the view it came from
                    assert game.view(game.determinizer(view, p).sample(Rng(moves)), p) == view
        else:
            state = game.play(state, move).state
        moves += 1
        if drafting and state["phase"] != "draft":
            drafting, start_cards = False, expected()
            assert all(pl.get("founder") for pl in state["players"]) == (config.get("founders", "off") != "off")
        check(state, start_cards, tokens)
        assert moves < 8000, config
    out = game.outcome(state)
    assert out is not None and len(out.winners) == 1
    assert len(out.scores) == (2 if solo else config["players"])
    return moves


def test_setups_cover_every_district_player_count_and_option():
    configs = [GAME.normalize_config(setup_for(seed)) for seed in range(120)]
    assert {c["district"] for c in configs} == set(DISTRICTS) | {"random", "custom"}
    assert {c["players"] for c in configs} == {2, 3, 4, 5, 6}
    assert {c["opening"] for c in configs} == {"standard", "official"}
    assert {lv for c in configs for lv in c["difficulty"]} == set(LEVELS)
    assert {c["friends"] for c in configs} == set(FRIENDS)
    assert {tuple(c["packs"]) for c in configs} == {tuple(p) for p in PACK_SETS}
    assert {c["friends"] for c in (GAME.normalize_config(solo_setup_for(k)) for k in range(6))} == set(FRIENDS)
    assert {v for c in configs for v in c["variants"]} == set(PLAY_VARIANTS)


@pytest.mark.soak
def test_district_soak():
    total = 0
    for seed in range(GAMES):
        total += play_one(setup_for(seed), seed, slow=seed % 20 == 0)
    assert total > 0


@pytest.mark.soak
def test_district_solo_soak():
    total = 0
    for seed in range(SOLO_GAMES):
        total += play_one(solo_setup_for(seed), seed, slow=seed % 20 == 0, solo=True)
    assert total > 0
