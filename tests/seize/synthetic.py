"""A card database for rules tests of the expansion groups: the live merged data plus
synthetic customers (ids ``x_*``) with exactly the properties a test needs, so the
tests do not depend on the groups' card data.  Situations are built by setting
piles directly; card conservation is not what these tests check.
"""
from __future__ import annotations

from typing import Any, Optional

from brewhouse.core import Move
from brewhouse.seize.data import load_merged
from brewhouse.seize.effects import DECIDE, Decision
from brewhouse.seize.model import Ctx, line_entry
from brewhouse.seize.phases import current_moves, run

from . import helpers
from .helpers import ev, game_with  # noqa: F401 - ev is part of this module's kit


def cust(cid: str, group: str, ability: str, rewards: int = 1, side: int = 0, order=("beans",),
         boost: bool = False, reward_icon: str = "good_review") -> dict[str, Any]:
    """A customer of ``group``: ``rewards`` reward icons on the main order, ``side`` on a side order (milk)."""
    c: dict[str, Any] = {"id": cid, "kind": "customer", "group": group, "groups": [group],
                         "name": cid[2:].replace("_", " ").title(), "ability": ability,
                         "main": {"order": list(order), "reward": [reward_icon] * rewards}}
    if side:
        c["side"] = {"order": ["milk"], "reward": ["hype"] * side}
    if boost:
        c["boost"] = True
    return c


EXTRA = [
    # plain customers to aim at (Hipsters' Hype), 0-6 reward icons
    *[cust(f"x_plain{k}", "hipsters", "hype", rewards=k) for k in range(7)],
    cust("x_plain_b", "hipsters", "hype", rewards=2),
    cust("x_student", "students", "early_bird"),
    cust("x_student_super", "students", "super_early_bird"),
    cust("x_artist", "starving_artists", "draw"),
    cust("x_artist_super", "starving_artists", "super_draw"),
    cust("x_artist_boost", "starving_artists", "draw", boost=True),
    cust("x_artist_super_boost", "starving_artists", "super_draw", boost=True),
    cust("x_expat", "funemployed_expats", "meet_up"),
    cust("x_expat_super", "funemployed_expats", "super_meet_up"),
    cust("x_performer", "performers", "acting"),
    cust("x_performer_super", "performers", "super_acting"),
    cust("x_performer_boost", "performers", "acting", boost=True),
    cust("x_performer_super_boost", "performers", "super_acting", boost=True),
    cust("x_family", "happy_families", "naptime"),
    cust("x_family_super", "happy_families", "super_naptime"),
    # Stroller Parent (booklet p. 17, Board Games example): Naptime, 4 reward icons, main order pays 2
    cust("x_stroller_parent", "happy_families", "naptime", rewards=2, side=2),
    cust("x_local", "friendly_locals", "regular", rewards=2),
    cust("x_local_super", "friendly_locals", "super_regular", rewards=1),
    # Super Vegan (booklet p. 16, Fair Trade example): Fair Trade, main order beans + milk, a sugar side order
    {**cust("x_super_vegan", "health_nuts", "fair_trade", order=("beans", "milk")),
     "side": {"order": ["sugar"], "reward": ["good_review"]}},
    cust("x_nut_super", "health_nuts", "super_fair_trade"),
    cust("x_fashionista", "fashionistas", "camp_out"),
    cust("x_fashionista_super", "fashionistas", "super_camp_out"),
    cust("x_fashionista_boost", "fashionistas", "camp_out", boost=True),
    cust("x_fashionista_super_boost", "fashionistas", "super_camp_out", boost=True),
    cust("x_upper", "upper_class", "exclusivity"),
    cust("x_upper_super", "upper_class", "super_exclusivity"),
    # Rules Lawyer (booklet p. 17): Board Games
    cust("x_rules_lawyer", "board_game_geeks", "board_games"),
    cust("x_geek_super", "board_game_geeks", "super_board_games"),
    cust("x_geek_boost", "board_game_geeks", "board_games", boost=True),
    cust("x_geek_super_boost", "board_game_geeks", "super_board_games", boost=True),
]


def make_raw() -> dict[str, Any]:
    raw = load_merged()
    raw["cards"] = list(raw["cards"]) + EXTRA
    return raw


TGAME = game_with(make_raw())
TDB = TGAME.db

#: a test-only decision at the bottom of the stack: the engine stops there once the frames above are done
HOLD = "test_hold"
DECIDE.setdefault(HOLD, Decision(lambda s, fr, cx: [Move("hold", {})], lambda s, cx, fr, m: None))


def ctx() -> Ctx:
    return TGAME.ctx()


def new(players: int = 2, seed: int = 0, **cfg) -> dict:
    return helpers.new(players, seed, game=TGAME, **cfg)


def table(players: int = 2, seed: int = 0, **cfg) -> dict:
    """A fresh game in the Service phase, every café's customers removed, a hold frame at the bottom."""
    s = new(players, seed, **cfg)
    for pl in s["players"]:
        pl["deck"], pl["discard"], pl["line"], pl["served"] = [], [], [], 0
    s["phase"] = "service"
    s["stack"] = [{"t": HOLD, "p": 0}]
    return s


def line(s: dict, p: int, *cids: str, served: int = 0) -> list[dict]:
    s["players"][p]["line"] = [line_entry(c) for c in cids]
    s["players"][p]["served"] = served
    return s["players"][p]["line"]


def entry(s: dict, p: int, cid: str) -> dict:
    return next(e for e in s["players"][p]["line"] if e["id"] == cid)


def settle(s: dict) -> Ctx:
    cx = ctx()
    run(s, cx)
    return cx


def ability(s: dict, p: int, cid: str, name: Optional[str] = None, boost: Optional[bool] = None,
            opt: bool = False) -> Ctx:
    """Run customer ``cid``'s ability (as its service does) up to the first decision."""
    card = TDB.card(cid)
    s["stack"].append({"t": "ability", "p": p, "cust": cid, "name": name or card["ability"], "opt": opt,
                       "boost": bool(card.get("boost")) if boost is None else boost})
    return settle(s)


def ids(s: dict) -> list[str]:
    return [m.id for m in current_moves(s, ctx())]


def play(s: dict, *move_ids: str):
    """Apply moves in order; returns (state, events of all moves, reveals of any)."""
    return helpers.play(s, *move_ids, game=TGAME)


def top(s: dict) -> str:
    return s["stack"][-1]["t"]

