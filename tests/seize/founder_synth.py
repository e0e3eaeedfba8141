"""Synthetic founders (ids ``f_*``) for the founders' and drafts' rules tests, so the tests do
not depend on the founders' card data: 12 ``base`` and 6 ``extra`` founders over the live
merged data (plus the synthetic customers of :mod:`synthetic`).

``f_nima``: the booklet's Nima (p. 25): Acting, soy milk, the Starving Artists' icon.
``f_blair``: the booklet's Blair (pp. 24-26): a Cyclists icon, which no Mitte/Charlottenburg
award matches.
"""
from __future__ import annotations

from brewhouse.seize import SeizeGame
from brewhouse.seize.data import CardDB, load_raw

from .synthetic import make_db as _synthetic_db

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


def make_db() -> CardDB:
    db = _synthetic_db()
    raw = dict(db.raw)
    raw["founders"] = FOUNDERS
    raw["abilities"] = {**raw["abilities"], **ABILITIES}
    return CardDB(raw, load_raw("solo.json"))


FDB = make_db()
FGAME = SeizeGame(FDB)


def new(players: int = 2, seed: int = 0, **cfg) -> dict:
    return FGAME.setup(FGAME.normalize_config({"players": players, **cfg}), seed)


def ids(s: dict) -> list[str]:
    return [m.id for m in FGAME.legal_moves(s)]


def play(s: dict, *move_ids: str):
    events = []
    for mid in move_ids:
        tr = FGAME.apply(s, mid)
        s = tr.state
        events += tr.events
    return s, events


def ev(events, code: str) -> list:
    return [e for e in events if e.code == "seize." + code]
