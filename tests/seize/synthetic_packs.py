"""Synthetic customer packs for rules tests: Board Game Media, Quality Beasts and City Celebrities
in exactly the card shapes the pack data uses (``packs.json``), so the rules can be tested before
(and independently of) the pack's own card data.

* medley customers: ``group`` the pack, ``groups: [pack, <mirrored group>]`` (Quality Beasts:
  ``[pack, "*"]``) and an ability of the mirrored group;
* celebrities: ``kind: "customer"``, ``group: "city_celebrities"``, ``groups: [g1, g2]`` (Cubee:
  ``[g, "*"]``), ``mains: [left, right]`` each ``{order, reward, ability}``, no side order.

Ids start with ``xp_``.  Whatever pack cards the live data has are left out first.
"""
from __future__ import annotations

from typing import Any

from brewhouse.seize.data import load_merged

from .helpers import game_with

PACK_GROUPS = ("board_game_media", "quality_beasts")
CELEB = "city_celebrities"

#: mirrored group and its ability, one per medley customer (10 each)
MIRRORS = [("hipsters", "hype"), ("cyclists", "delivery"), ("musicians", "entertain"),
           ("start_uppers", "super_innovation"), ("party_animals", "walk_in"), ("students", "early_bird"),
           ("performers", "acting"), ("happy_families", "naptime"), ("board_game_geeks", "board_games"),
           ("tourists", "super_overcrowd")]
ORDERS = [["beans"], ["beans", "milk"], ["milk", "sugar"], ["strong_coffee"], ["beans", "croissant"],
          ["sugar"], ["soy_milk"], ["beans", "beans"], ["milk"], ["donut"]]


def _medley(pack: str, k: int) -> dict[str, Any]:
    mirror, ability = MIRRORS[k]
    return {"id": f"xp_{pack}_{k}", "kind": "customer", "group": pack,
            "groups": [pack, "*" if pack == "quality_beasts" else mirror],
            "name": f"{pack.replace('_', ' ').title()} {k}", "ability": ability,
            "main": {"order": ORDERS[k], "reward": ["good_review"] * (1 + k % 2)},
            "side": {"order": ["milk"], "reward": ["happy"]}}


def _upgrades(pack: str) -> list[dict[str, Any]]:
    specials = ["strong_coffee", "soy_milk", "croissant", "donut", "hq_coffee"]
    rows = [("beans", "beans2"), ("milk", "milk2"), ("sugar", "sugar2"), ("beans", "hype"), ("milk", "good_review")]
    out = []
    for k in range(5):
        out.append({"id": f"xp_{pack}_pantry{k}", "kind": "pantry", "group": pack, "groups": [pack],
                    "name": f"{pack} pantry {k}", "special": specials[k],
                    "icons": [{"row": rows[k][0], "icon": rows[k][1]}]})
        out.append({"id": f"xp_{pack}_style{k}", "kind": "style", "group": pack, "groups": [pack],
                    "name": f"{pack} style {k}", "icons": [{"row": "attract", "icon": "good_review"}]})
    out.append({"id": f"xp_{pack}_award", "kind": "award", "group": pack, "groups": [pack],
                "name": f"{pack} award"})
    return out


def _celeb(cid: str, groups: list[str], left: tuple, right: tuple) -> dict[str, Any]:
    def order(o):
        return {"order": list(o[0]), "reward": list(o[1]), "ability": o[2]}
    return {"id": cid, "kind": "customer", "group": CELEB, "groups": groups, "name": cid[3:].replace("_", " ").title(),
            "mains": [order(left), order(right)]}


#: the booklet's example (p. 22): Nicole Battefeld (right: Super Hype), DJ Desue (Super Walk-In, Super Entertain)
CELEBRITIES = [
    _celeb("xp_nicole_battefeld", ["hipsters", "tourists"], (["beans", "milk"], ["good_review"], "super_walk_in"),
           (["beans", "beans"], ["good_review"], "super_hype")),
    _celeb("xp_dj_desue", ["musicians", "party_animals"], (["beans"], ["good_review"], "super_walk_in"),
           (["milk"], ["good_review"], "super_entertain")),
    _celeb("xp_cubee", ["quality_beasts", "*"], (["sugar"], ["good_review"], "hype"),
           (["beans"], ["happy"], "entertain")),
    *[_celeb(f"xp_celeb{k}", [MIRRORS[k][0], MIRRORS[(k + 3) % 10][0]],
             (ORDERS[k], ["good_review"], MIRRORS[k][1]), (ORDERS[(k + 1) % 10], ["hype"], MIRRORS[(k + 3) % 10][1]))
      for k in range(10)],
]


def pack_raw() -> dict[str, Any]:
    raw = load_merged()
    pack_ids = set(PACK_GROUPS) | {CELEB}
    raw["cards"] = [c for c in raw["cards"] if c.get("group") not in pack_ids]
    raw["groups"] = {g: m for g, m in raw["groups"].items() if g not in pack_ids}
    for pack in PACK_GROUPS:
        raw["groups"][pack] = {"name": pack.replace("_", " ").title(), "ability": "hype", "super_ability": "super_hype",
                               "boost": False, "five_six": True, "solo": False, "pack": True}
        raw["cards"] += [_medley(pack, k) for k in range(10)] + _upgrades(pack)
    raw["cards"] += CELEBRITIES
    return raw


PGAME = game_with(pack_raw())
PDB = PGAME.db
