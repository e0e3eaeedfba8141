"""Which districts, groups, player counts and options go together (expansions booklet).

One table for the engine and the setup screen: :func:`check_table_config`
refuses a bad combination with :class:`InvalidConfig` naming the booklet's
rule, and :func:`compatibility` lists the same facts for a user interface.

The facts themselves are data: each group's ``five_six`` and ``solo`` flags
(its group file, or ``cards.json`` for the six base groups) and each
district's six groups and flags (``districts.json``).

* **Mode 5-6 joueurs** (booklet p. 5): 5-6 players only in a compatible
  district; the incompatible groups (Party Animals, Funemployed Expats,
  Starving Artists) cannot be in a custom Kiez either.
* **Quartiers** (pp. 6-9): a district is six groups; a custom Kiez is six
  different groups, chosen or drawn at random from the group awards (only
  among the groups the player count allows).
* **Mode solo** (pp. 38-51): solo against Starbots only where the booklet
  allows it (every group of the district marked solo-compatible).
* **Niveaux de difficulté** (p. 4): one level per human seat.
"""
from __future__ import annotations

from typing import Any, Optional

from ..core import InvalidConfig
from .data import CardDB

__all__ = ["DIFFICULTIES", "OPENINGS", "RANDOM", "CUSTOM", "FRIENDS", "PACKS", "FOUNDERS", "VARIANTS",
           "TOKEN_VARIANTS", "GROUP_PACKS", "check_table_config", "check_variants_value", "daily_special_cups",
           "compatibility", "allowed_groups", "district_groups"]

DIFFICULTIES = ("normal", "hard", "expert")
OPENINGS = ("standard", "official")
#: Friends & Family: the base four, the further four, the Advanced set-up, the Adopted draft (pp. 18-19)
FRIENDS = ("base", "extra", "advanced", "adopted")
#: customer packs (pp. 20-22); the first two are groups that replace one of the six each
PACKS = ("board_game_media", "quality_beasts", "city_celebrities")
#: the packs that are customer groups; each replaces one of the six (config ``pack_replaces``)
GROUP_PACKS = PACKS[:2]
#: founders (pp. 23-27): none, the 12 base ones, all 18
FOUNDERS = ("off", "base", "all")
#: variants (pp. 28-37), in the booklet's order
VARIANTS = ("sold_out", "competitive_neighbour", "pastries", "mouthwatering", "artisan", "diverse_city",
            "daily_specials", "coffee_lovers")
#: variants that need the special-resource tokens; without the Pastry Pack figures, one of them at a time (p. 30)
TOKEN_VARIANTS = ("mouthwatering", "artisan", "diverse_city")
#: variants the booklet marks as not played with 5-6 players / solo
NOT_FIVE_SIX_VARIANTS = ("sold_out", "competitive_neighbour")
NOT_SOLO_VARIANTS = ("sold_out", "competitive_neighbour", "daily_specials")
RANDOM = "random"
CUSTOM = "custom"

_FIVE_SIX = "Mode 5-6 joueurs, booklet p. 5"
_DISTRICTS = "Quartiers, booklet pp. 6-9"
_SOLO = "Mode solo, booklet p. 38"
_LEVELS = "Niveaux de difficulté, booklet p. 4"
_OPENING = "Ouverture officielle, booklet p. 28"
_FRIENDS = "Amis & Famille supplémentaires, booklet pp. 18-19"
_PACKS = "Packs de clients supplémentaires, booklet pp. 20-22"
_FOUNDERS = "Fondateurs, booklet pp. 23-27"
_VARIANT_RULES = {
    "sold_out": "Épuisé !, booklet p. 28", "competitive_neighbour": "Voisin compétitif, booklet p. 29",
    "pastries": "Variantes et utilisations des Pâtisseries, booklet p. 30",
    "mouthwatering": "L'eau à la bouche, booklet p. 31", "artisan": "Mode Artisanat, booklet pp. 32-33",
    "diverse_city": "Ville diversifiée, booklet pp. 34-35", "daily_specials": "Spécialités du jour, booklet p. 36",
    "coffee_lovers": "Amateurs de café, booklet p. 37"}


def allowed_groups(db: CardDB, players: int) -> list[str]:
    """Groups a table of ``players`` may use (1 = solo against Starbots)."""
    out = []
    for gid, meta in db.groups.items():
        if meta.get("pack"):  # the packs' groups come with the ``packs`` option, never drawn as a district's
            continue
        if players >= 5 and not meta["five_six"]:
            continue
        if players == 1 and not meta["solo"]:
            continue
        out.append(gid)
    return out


def district_groups(config: dict[str, Any], db: CardDB) -> Optional[list[str]]:
    """The six groups a config plays with; ``None`` for a random Kiez (drawn at setup)."""
    d = config.get("district", "kreuzberg")
    if d == RANDOM:
        return None
    if d == CUSTOM:
        return list(config["groups"])
    return db.district(d)


def _group_name(db: CardDB, gid: str) -> str:
    return db.groups[gid]["name"]


def check_table_config(config: dict[str, Any], db: CardDB) -> None:
    """Check and normalise (in place) district, groups, difficulty and opening for ``config["players"]``."""
    n = config["players"]
    district, groups = config["district"], config["groups"]
    if groups is not None:
        if district not in ("kreuzberg", CUSTOM):
            raise InvalidConfig(f"choose a district or six groups for a custom Kiez, not both ({_DISTRICTS})",
                                district=str(district)[:40])
        if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
            raise InvalidConfig(f"groups must be a list of six group ids ({_DISTRICTS})")
        unknown = [g[:40] for g in groups if g not in db.groups or db.groups[g].get("pack")]
        if unknown:
            raise InvalidConfig(f"unknown customer group(s): {', '.join(unknown[:3])}", groups=unknown[:3])
        if len(groups) != 6 or len(set(groups)) != 6:
            raise InvalidConfig(f"a custom Kiez is six different customer groups, not {len(set(groups))} "
                                f"({_DISTRICTS})", count=len(groups))
        config["district"] = CUSTOM
        config["groups"] = list(groups)
    elif district == CUSTOM:
        raise InvalidConfig(f"a custom Kiez needs its six groups in 'groups' ({_DISTRICTS})")
    elif district != RANDOM and (not isinstance(district, str) or district not in db.districts):
        raise InvalidConfig(f"unknown district '{str(district)[:40]}'", district=str(district)[:40])
    district = config["district"]
    chosen = district_groups(config, db)
    if n >= 5:
        if district not in (RANDOM, CUSTOM) and not db.districts[district]["five_six"]:
            raise InvalidConfig(f"{db.districts[district]['name']} is not played with 5-6 players "
                                f"({_FIVE_SIX})", district=district)
        bad = [g for g in chosen or [] if not db.groups[g]["five_six"]]
        if bad:
            raise InvalidConfig(f"{', '.join(_group_name(db, g) for g in bad)} cannot play with 5-6 players "
                                f"({_FIVE_SIX})", groups=bad)
    if n == 1:
        if district not in (RANDOM, CUSTOM) and not db.districts[district].get("solo", True):
            raise InvalidConfig(f"{db.districts[district]['name']} is not played solo against Starbots "
                                f"({_SOLO})", district=district)
        bad = [g for g in chosen or [] if not db.groups[g]["solo"]]
        if bad:
            raise InvalidConfig(f"{', '.join(_group_name(db, g) for g in bad)} cannot play solo against "
                                f"Starbots ({_SOLO})", groups=bad)
    levels = config["difficulty"]
    if levels is None:
        levels = ["normal"] * n
    elif isinstance(levels, str):
        levels = [levels] * n
    if not isinstance(levels, list) or len(levels) != n or any(lv not in DIFFICULTIES for lv in levels):
        raise InvalidConfig(f"difficulty is one of {', '.join(DIFFICULTIES)} for each of the {n} player(s) "
                            f"({_LEVELS})", difficulty=str(levels)[:60])
    config["difficulty"] = list(levels)
    if config["opening"] not in OPENINGS:
        raise InvalidConfig(f"opening is 'standard' or 'official' ({_OPENING})", opening=str(config["opening"])[:40])
    if config["friends"] not in FRIENDS:
        raise InvalidConfig(f"friends is one of {', '.join(FRIENDS)} ({_FRIENDS})", friends=str(config["friends"])[:40])
    packs = config["packs"]
    if not isinstance(packs, list) or any(not isinstance(p, str) or p not in PACKS for p in packs) \
            or len(set(packs)) != len(packs):
        raise InvalidConfig(f"packs is a list of different packs among {', '.join(PACKS)} ({_PACKS})",
                            packs=str(packs)[:80])
    if packs and n == 1:
        raise InvalidConfig(f"the customer packs are not played solo against Starbots ({_PACKS})")
    config["packs"] = [p for p in PACKS if p in packs]  # one order, whatever order was given
    check_pack_replaces(config, db)
    check_variants(config, n)
    check_cups(config)
    if config["founders"] not in FOUNDERS:
        raise InvalidConfig(f"founders is one of {', '.join(FOUNDERS)} ({_FOUNDERS})",
                            founders=str(config["founders"])[:40])
    seats = 2 if n == 1 else n  # solo: a 2-player draft with Starbots
    if config["founders"] != "off" and len(db.founder_ids(config["founders"])) < 3 * seats:
        raise InvalidConfig(f"the founders draft deals 3 founders to each player: {config['founders']} has too few "
                            f"for {seats} ({_FOUNDERS}; 5-6 players use all 18)", founders=config["founders"])


def check_pack_replaces(config: dict[str, Any], db: CardDB) -> None:
    """``pack_replaces``: the group each group pack replaces (booklet p. 20: "replace one of them"),
    one per chosen group pack in the order of ``GROUP_PACKS``; empty (the default, and every
    config before the option): the last listed group, then the one before."""
    chosen = config.get("pack_replaces")
    if chosen is None:
        config["pack_replaces"] = chosen = []
    packs = [p for p in GROUP_PACKS if p in config["packs"]]
    if not isinstance(chosen, list) or not all(isinstance(g, str) for g in chosen):
        raise InvalidConfig(f"pack_replaces is a list of groups, one for each of {', '.join(packs) or 'no group pack'} "
                            f"({_PACKS})", pack_replaces=str(chosen)[:80])
    if not chosen:
        return
    if len(chosen) != len(packs):
        raise InvalidConfig(f"pack_replaces names one group for each group pack chosen ({', '.join(packs) or 'none'}), "
                            f"in that order ({_PACKS})", pack_replaces=[g[:40] for g in chosen[:3]])
    groups = district_groups(config, db)
    if groups is None:
        raise InvalidConfig(f"a random Kiez's groups are drawn when the game starts: choose the group a pack replaces "
                            f"with a district or a custom Kiez ({_PACKS})")
    wrong = [g[:40] for g in chosen if g not in groups]
    if wrong:
        raise InvalidConfig(f"a pack replaces one of the six groups in play; {', '.join(wrong[:2])} is not one of them "
                            f"({_PACKS})", groups=wrong[:2])
    if len(set(chosen)) != len(chosen):
        raise InvalidConfig(f"the two packs replace two different groups ({_PACKS})", groups=chosen[:2])


def daily_special_cups() -> tuple[str, ...]:
    """The four Daily Special cups, in the booklet's order (p. 36; defined with their abilities in crafting.py)."""
    from .crafting import CUPS  # crafting needs the effects; this table module is imported before them
    return CUPS


def check_cups(config: dict[str, Any]) -> None:
    """``cups``: the Daily Special cups in play (p. 36: the players choose one or more; all four by
    default, and in every config before the option).  Other than all four only with Daily Specials."""
    cups = daily_special_cups()
    chosen = config.get("cups")
    if chosen is None:
        config["cups"] = chosen = list(cups)
    if not isinstance(chosen, list) or not chosen or any(not isinstance(c, str) or c not in cups for c in chosen) \
            or len(set(chosen)) != len(chosen):
        raise InvalidConfig(f"cups is a list of one or more different Daily Special cups among {', '.join(cups)} "
                            f"({_VARIANT_RULES['daily_specials']})", cups=str(chosen)[:80])
    if len(chosen) < len(cups) and "daily_specials" not in config["variants"]:
        raise InvalidConfig(f"choosing cups needs the daily_specials variant ({_VARIANT_RULES['daily_specials']})",
                            cups=chosen[:4])
    config["cups"] = [c for c in cups if c in chosen]  # one order, whatever order was given


def check_variants_value(variants: Any) -> list[str]:
    """The ``variants`` option's shape: a list of known variant ids, each once.

    Checked before anything compares or sorts the list (a solo scenario's fixed variants), so a
    list of numbers, nulls or lists is an invalid config wherever it comes in."""
    if not isinstance(variants, list) or any(not isinstance(v, str) or v not in VARIANTS for v in variants) \
            or len(set(variants)) != len(variants):
        raise InvalidConfig(f"variants is a list of different variants among {', '.join(VARIANTS)}",
                            variants=str(variants)[:80])
    return variants


def check_variants(config: dict[str, Any], n: int) -> None:
    """The ``variants`` list: known ids, each once, and the booklet's rules between them and the table."""
    chosen = set(check_variants_value(config["variants"]))
    for v in VARIANTS:
        if v not in chosen:
            continue
        if n >= 5 and v in NOT_FIVE_SIX_VARIANTS:
            raise InvalidConfig(f"{v} is not played with 5-6 players ({_VARIANT_RULES[v]}; {_FIVE_SIX})", variant=v)
        if n == 1 and v in NOT_SOLO_VARIANTS:
            raise InvalidConfig(f"{v} is not played solo against Starbots ({_VARIANT_RULES[v]})", variant=v)
    if "competitive_neighbour" in chosen and "sold_out" not in chosen:
        raise InvalidConfig(f"competitive_neighbour extends sold_out: choose both ({_VARIANT_RULES['competitive_neighbour']})",
                            variant="competitive_neighbour")
    tokens = [v for v in TOKEN_VARIANTS if v in chosen]
    if len(tokens) > 1 and "pastries" not in chosen:
        raise InvalidConfig(f"{' and '.join(tokens)} both need the special-resource tokens: play one of them, or "
                            f"add the Pastry Pack figures (pastries) for the other ({_VARIANT_RULES['pastries']})",
                            variants=tokens)
    config["variants"] = [v for v in VARIANTS if v in chosen]  # one order, whatever order was given


def compatibility(db: CardDB) -> dict[str, Any]:
    """The table a setup screen reads: districts and groups with their flags, and the rules cited."""
    return {
        "districts": {d: {"name": v["name"], "kind": v.get("kind", "main"), "groups": list(v["groups"]),
                          "five_six": v["five_six"], "solo": v.get("solo", True), "about": v.get("about", {})}
                      for d, v in db.districts.items()},
        "groups": {g: {"name": m["name"], "name_fr": m.get("name_fr", m["name"]), "five_six": m["five_six"],
                       "solo": m["solo"], "set": m.get("set", "base")}
                   for g, m in db.groups.items() if not m.get("pack")},
        "difficulties": list(DIFFICULTIES),
        "openings": list(OPENINGS),
        "friends": list(FRIENDS),
        "packs": {p: {"solo": False, "five_six": True, **({"replaces": True} if p in GROUP_PACKS else {})}
                  for p in PACKS},
        "cups": list(daily_special_cups()),
        "founders": list(FOUNDERS),
        "variants": {v: {"five_six": v not in NOT_FIVE_SIX_VARIANTS, "solo": v not in NOT_SOLO_VARIANTS,
                         "tokens": v in TOKEN_VARIANTS, "rule": _VARIANT_RULES[v],
                         **({"needs": ["sold_out"]} if v == "competitive_neighbour" else {})} for v in VARIANTS},
        # the solo scenarios (pp. 48-51): what each fixes, for a setup screen to show and grey out
        "scenarios": {s["id"]: {"name": s["name"], "difficulty": s.get("difficulty"), "district": s["district"],
                                "founders": list(s.get("founders", [])), "variants": list(s.get("variants", [])),
                                "opening": s.get("opening", "standard"), "win": list(s.get("win", []))}
                      for s in db.solo.get("scenarios", []) if s.get("playable")} if db.solo else {},
        "rules": {"five_six": _FIVE_SIX, "solo": _SOLO, "districts": _DISTRICTS, "difficulty": _LEVELS,
                  "opening": _OPENING, "friends": _FRIENDS, "packs": _PACKS, "founders": _FOUNDERS,
                  "scenarios": "Scénarios en mode solo, booklet pp. 48-51"},
    }
