"""Initial state.

State layout (JSON data)::

    config        normalised config (players, scoop_luck; from edition 3: district,
                  groups, difficulty, opening)
    rng           Rng.dump() hex string — the only randomness
    day, phase    day number (1..) and phase name
    first         seat holding the full cup (first player of the day)
    empty_cup     seat holding the empty cup
    initial_first first player of day 1 (for the final tie-break)
    end           None, or why the end of the game was triggered
    pool, pool_start, box   Good Reviews left in the City, at start, taken from the box
    groups        customer groups in play; awards: award card ids
    bonus         {"up": face-up bonus icons, "down": face-down token icons}
    city          three rows {deck, slots[4], discard}; deck top = last item
    players       per seat: res, hype, deck, discard, line[{id, happy, angry}],
                  served (service token position), pantry, style (bottom→top),
                  baristas (spaces used today), good, bad, ach {name: bonus icon};
                  level (difficulty, only when not Normal)
    stack         pending frames (see effects.py); cursor: phase driver position
    board_games   only with Board Game Geeks: {"bag": tokens (hidden order), "discard": [...]};
                  a token on a customer is its Line entry's "game" (its bonus icon)
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core import Rng
from .compat import allowed_groups
from .data import CardDB

__all__ = ["initial_state"]


def initial_state(config: Mapping[str, Any], seed: int, db: CardDB, table: int = 0) -> dict:
    """``table``: the player count the groups must suit when it differs from the
    number of cafés (solo: 1 player, two cafés)."""
    rng = Rng.from_seed(seed)
    n = config["players"]
    groups = _groups(config, db, rng, table or n)
    s = db.setup
    city = []
    for kind in ("customer", "pantry", "style"):
        deck = db.of_kind(kind, groups)
        rng.shuffle(deck)
        slots = [deck.pop() for _ in range(s["slots"])]
        discard = [deck.pop() for _ in range(s["city_face_up"] - s["slots"])]
        city.append({"deck": deck, "slots": slots, "discard": discard})
    tokens = list(db.raw["bonus_tokens"])
    rng.shuffle(tokens)
    players = []
    levels = config.get("difficulty") or []
    official = config.get("opening") == "official"
    for p in range(n):
        deck = [f"{f}@{p}" for f in db.raw["friends_family"]["base"]]
        rng.shuffle(deck)
        pl = {
            "res": {b: s["resources"].get(b, 0) for b in db.basic},
            "hype": s["hype"], "deck": deck, "discard": [], "line": [], "served": 0,
            "pantry": [], "style": [], "baristas": [], "good": 0, "bad": 0, "ach": {},
        }
        if official:  # Ouverture officielle (p. 28): Friends & Family start in the discard pile
            pl["deck"], pl["discard"] = [], sorted(deck)
        if p < len(levels) and levels[p] != "normal":
            pl["level"] = levels[p]
        players.append(pl)
    pool = s["good_reviews"][str(n)]
    # a group's tokens (Board Game Geeks), drawn last: the RNG serves other games exactly as before
    bag = [t for g in groups for t in db.groups[g].get("tokens", [])]
    if bag:
        rng.shuffle(bag)
    state = {
        "config": dict(config), "rng": rng.dump(), "day": 1, "phase": "actions",
        "first": 0, "empty_cup": 1 % n, "initial_first": 0, "end": None,
        "pool": pool, "pool_start": pool, "box": 0,
        "groups": groups, "awards": [c for c in db.of_kind("award", groups)],
        "bonus": {"up": tokens[:n], "down": tokens[n:]},
        "city": city, "players": players,
        "stack": [], "cursor": {"round": 0, "i": 0},
    }
    if bag:
        state["board_games"] = {"bag": bag, "discard": []}
    return state


def _groups(config: Mapping[str, Any], db: CardDB, rng: Rng, table: int) -> list[str]:
    """The six customer groups: the district's, the custom Kiez's, or six group awards
    drawn at random among those the player count allows (booklet p. 8)."""
    d = config.get("district", "kreuzberg")
    if d == "custom":
        return list(config["groups"])
    if d == "random":
        pool = sorted(allowed_groups(db, table))
        rng.shuffle(pool)
        return pool[:6]
    return db.district(d)
