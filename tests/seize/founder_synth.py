"""Synthetic founders (ids ``f_*``) for the founders' and drafts' rules tests, so the tests do
not depend on the founders' card data: 12 ``base`` and 6 ``extra`` founders over the live
merged data (plus the synthetic customers of :mod:`synthetic`).

``f_nima``: the booklet's Nima (p. 25): Acting, soy milk, the Starving Artists' icon.
``f_blair``: the booklet's Blair (pp. 24-26): a Cyclists icon, which no Mitte/Charlottenburg
award matches.
"""
from __future__ import annotations

from . import helpers, synthetic
from .helpers import ev, game_with  # noqa: F401 - ev is part of this module's kit

ABILITIES = {
    "f_acting": {"steps": ["acting"]},
    "f_hype": {"steps": ["hype"]},
    "f_walk_in": {"steps": ["walk_in"]},
    "f_draw": {"steps": ["draw"]},
}

GROUPS = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers", "party_animals",
          "fashionistas", "hungry_media", "upper_class", "performers", "students", "tech_nerds"]
SPECIALS = ["strong_coffee", "hq_coffee", "soy_milk", "croissant", "donut", "pie"]


def founder(fid: str, group: str, special: str, ability: str = "f_hype", order=("beans", "milk"),
            reward=("good_review",), side=None, fset: str = "base") -> dict:
    f = {"id": fid, "name": fid[2:].title(), "cafe": "Test Café", "set": fset,
         "main": {"order": list(order), "reward": list(reward)}, "ability": ability,
         "special": special, "group": group}
    if side:
        f["side"] = {"order": list(side[0]), "reward": list(side[1])}
    return f


FOUNDERS = [
    founder("f_nima", "starving_artists", "soy_milk", "f_acting", order=("beans", "beans")),
    founder("f_blair", "cyclists", "donut", "f_walk_in", order=("milk",)),
    *[founder(f"f_base{k}", GROUPS[k], SPECIALS[k % 6], ["f_hype", "f_draw"][k % 2]) for k in range(10)],
    *[founder(f"f_extra{k}", GROUPS[k], SPECIALS[(k + 3) % 6], "f_hype", fset="extra",
              side=(("sugar",), ("good_review",))) for k in range(6)],
]


def make_raw() -> dict:
    raw = dict(synthetic.make_raw())
    raw["founders"] = FOUNDERS
    raw["abilities"] = {**raw["abilities"], **ABILITIES}
    return raw


FGAME = game_with(make_raw())
FDB = FGAME.db


def new(players: int = 2, seed: int = 0, **cfg) -> dict:
    return helpers.new(players, seed, game=FGAME, **cfg)


def ids(s: dict) -> list[str]:
    return helpers.ids(s, game=FGAME)


def play(s: dict, *move_ids: str):
    """Apply moves in order; returns (state, events of all moves)."""
    s, events, _ = helpers.play(s, *move_ids, game=FGAME)
    return s, events
