"""Undo never crosses a reveal: a move ``apply`` marks as not revealing shows nobody anything new.

:class:`~brewhouse.core.Match` lets a player take back every move whose
:class:`~brewhouse.core.Transition` says ``reveals=False``.  That is only fair if such a
move shows no player (nor a spectator) a card they could not see before it: otherwise
a player could look at what comes next and undo back to choose again (a draft pass did
exactly that).  This property is checked here for every game, over seeded random play:

* "cards" are every id the game's own data files define (Seize's customers, upgrades,
  founders, Friends & Family copies, Starbots' action cards, bonus and Board Game tokens;
  Café's start and plan cards; Coffee Rush's orders and upgrade tiles);
* what a viewer sees is the set of those ids among the string leaves (and keys) of
  ``game.view(state, viewer)``, for every seat and the spectator ``None``;
* after each move with ``reveals=False``, every viewer's set may only shrink or stay.

Seize is played over random expansion configs (districts, random and custom Kiez, 2-6
players, founder and Adopted Friends & Family drafts, customer packs, variants), solo
against Starbots and the solo scenarios.  The default run plays a few games per game;
the ``soak`` marker plays ``BREWHOUSE_REVEAL_SOAK_GAMES`` (default 16, which keeps the whole
suite within its time; set it higher for a longer run) of each.
"""
from __future__ import annotations

import os
import random
from typing import Any, Callable, Iterable, Optional

import pytest

from brewhouse.cafe.game import CafeGame
from brewhouse.core import Game
from brewhouse.rush.game import OPENINGS, RushGame
from brewhouse.seize.game import SeizeGame

from tests.seize.test_district_soak import setup_for, solo_setup_for

SEIZE, CAFE, RUSH = SeizeGame(), CafeGame(), RushGame()
SOAK_GAMES = int(os.environ.get("BREWHOUSE_REVEAL_SOAK_GAMES", "16"))
#: moves per game: enough to cross the set-up drafts and several days or rounds
MAX_MOVES = 250


# ---------------------------------------------------------------- each game's card ids, from its data
def seize_ids(game: SeizeGame) -> frozenset[str]:
    db = game.db
    seats = range(game.max_players)
    ids = set(db.cards) | set(db.founders) | {c["id"] for c in db.solo["action_cards"]}
    # Friends & Family copies are dealt per seat as "<card>@<seat>" (drafts.py)
    ids |= {f"{c}@{s}" for name in db.raw["friends_family"] for c in db.friends_set(name) for s in seats}
    ids |= set(db.raw["bonus_tokens"])
    ids |= {t for meta in db.groups.values() for t in meta.get("tokens", [])}
    return frozenset(ids)


def cafe_ids(game: CafeGame) -> frozenset[str]:
    return frozenset(game.cat.cards)


def rush_ids(game: RushGame) -> frozenset[str]:
    return frozenset(o["id"] for o in game.data.raw["orders"]) | frozenset(game.data.raw["upgrades"])


CARD_IDS = {"seize": seize_ids(SEIZE), "cafe": cafe_ids(CAFE), "rush": rush_ids(RUSH)}


def test_every_game_defines_cards():
    for game_id, ids in CARD_IDS.items():
        assert len(ids) >= 40, game_id


# ---------------------------------------------------------------- what a viewer sees
def string_leaves(data: Any, out: set[str]) -> set[str]:
    """Every string in a JSON-shaped value, dict keys included."""
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str):
                out.add(k)
            string_leaves(v, out)
    elif isinstance(data, (list, tuple)):
        for v in data:
            string_leaves(v, out)
    return out


def seen(game: Game, state: dict, viewers: list[Optional[int]], ids: frozenset[str]) -> dict:
    return {v: string_leaves(game.view(state, v), set()) & ids for v in viewers}


def leaks(game: Game, config: dict, seed: int, max_moves: int = MAX_MOVES) -> list[str]:
    """Moves of one seeded random game that show a viewer new cards without ``reveals``."""
    ids = CARD_IDS[game.id]
    cfg = game.normalize_config(config)
    viewers: list[Optional[int]] = [None, *range(game.seat_count(cfg))]
    rnd = random.Random(seed)
    state = game.setup(cfg, seed)
    before = seen(game, state, viewers, ids)
    found = []
    for ply in range(max_moves):
        if game.is_over(state):
            break
        move = rnd.choice(game.legal_moves(state))
        tr = game.apply(state, move.id)
        after = seen(game, tr.state, viewers, ids)
        if not tr.reveals:
            for v in viewers:
                new = after[v] - before[v]
                if new:
                    found.append(f"{game.id} {config} seed {seed} ply {ply} move {move.id!r}: "
                                 f"viewer {v} newly sees {sorted(new)[:4]}")
        state, before = tr.state, after
    return found


# ---------------------------------------------------------------- configs
def seize_configs(count: int, start: int = 0) -> Iterable[tuple[dict, int]]:
    """Multiplayer expansion tables; every other one forces a draft, so each run meets both."""
    for seed in range(start, start + count):
        cfg = setup_for(seed)
        if seed % 2 == 0:
            cfg["founders"] = "all"
        if seed % 3 == 0:
            cfg["friends"] = "adopted"
        yield cfg, seed


def solo_configs(count: int, start: int = 0) -> Iterable[tuple[dict, int]]:
    scenarios = [s["id"] for s in SEIZE.db.solo["scenarios"]]
    for seed in range(start, start + count):
        if seed % 3 == 2:  # a solo scenario: its own set-up
            yield {"players": 1, "scenario": scenarios[seed % len(scenarios)]}, seed
            continue
        cfg = solo_setup_for(seed)
        if seed % 2 == 0:
            cfg["founders"] = "all"
        yield cfg, seed


def cafe_configs(count: int, start: int = 0) -> Iterable[tuple[dict, int]]:
    for seed in range(start, start + count):
        yield {"players": 1 + seed % 4, "variant": ("standard", "auction")[seed % 2]}, seed


def rush_configs(count: int, start: int = 0) -> Iterable[tuple[dict, int]]:
    for seed in range(start, start + count):
        yield {"players": 2 + seed % 3, "opening": OPENINGS[seed % len(OPENINGS)]}, seed


CASES: dict[str, tuple[Game, Callable[..., Iterable[tuple[dict, int]]], int]] = {
    # game, configs, games in the default run (a few seconds each)
    "seize": (SEIZE, seize_configs, 6),
    "seize-solo": (SEIZE, solo_configs, 6),
    "cafe": (CAFE, cafe_configs, 4),
    "rush": (RUSH, rush_configs, 4),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_no_move_without_reveals_shows_a_new_card(case):
    game, configs, count = CASES[case]
    found = [leak for cfg, seed in configs(count) for leak in leaks(game, cfg, seed)]
    assert not found, "\n".join(found[:10])


@pytest.mark.soak
@pytest.mark.parametrize("case", sorted(CASES))
def test_no_move_without_reveals_shows_a_new_card_soak(case):
    game, configs, count = CASES[case]
    found = [leak for cfg, seed in configs(SOAK_GAMES, start=count) for leak in leaks(game, cfg, seed, 600)]
    assert not found, "\n".join(found[:10])


def test_a_draft_pass_is_an_undo_barrier():
    """The reported case: after the bots' picks the next hand is in view, and undo cannot go back."""
    from brewhouse.core import Match, UndoUnavailable

    match = Match(SEIZE, {"players": 3, "district": "prenzlauer_berg", "founders": "all"}, seed=61,
                  seats=["human", "easy", "easy"])
    first_hand = {c["id"] for c in match.game.view(match.state, 0)["draft"]["hand"]}
    for _ in range(3):  # seat 0, then the two bots, pick one founder each
        match.apply(match.game.legal_moves(match.state)[0].id)
    view = match.game.view(match.state, 0)["draft"]
    assert view["round"] == 1 and {c["id"] for c in view["hand"]} - first_hand  # a new hand is in view
    with pytest.raises(UndoUnavailable):
        match.undo()
