"""A player's café: order costs with Pantry discounts, group icons "in the
café", action-row icons and the four Café Achievements."""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any, Optional

from .data import WILDCARD, CardDB

__all__ = ["order_cost", "can_pay", "pay", "cafe_groups", "award_icons", "row_icons",
           "pantry_specials", "achievements_met", "resources_total", "GREEN", "CRAFTED", "green_payments", "affordable",
           "founder_icons", "groups_match", "FOUNDER_KEYS", "founders_of"]

#: green beans (Health Nuts' Fair Trade): a resource key players have only once they got some
GREEN = "green"
#: Artisan mode: the player's crafted special-resource tokens ``{special: n}`` (crafting.py)
CRAFTED = "crafted"


#: where a player's founders are kept: one founder, and a second in the solo scenarios that play two
FOUNDER_KEYS = ("founder", "founder2")


def founders_of(pl: dict) -> list[dict]:
    """The player's founders in play (none, one, or two in some solo scenarios)."""
    return [pl[k] for k in FOUNDER_KEYS if pl.get(k)]


def founder_icons(pl: dict, db: CardDB) -> tuple[Optional[str], Optional[str]]:
    """(special resource, group) of the player's founder (expansions booklet p. 25): the special
    icon counts as if in the Pantry, the group icon (its own or the award chosen at set-up) as if
    in the Style area.  ``(None, None)`` without a founder."""
    f = pl.get("founder")
    if not f:
        return None, None
    return db.founder(f["id"]).get("special"), f.get("group")


def pantry_specials(pl: dict, db: CardDB) -> set[str]:
    """Special-resource icons in the Pantry (covered cards included), the founder's too."""
    out = {db.card(c)["special"] for c in pl["pantry"]}
    for f in founders_of(pl):
        special = db.founder(f["id"]).get("special")
        if special:
            out.add(special)
    return out


def order_cost(pl: dict, icons: list[str], db: CardDB) -> dict[str, int]:
    """Basic resources to pay for an order: basic icon 1, special icon 2 or 1
    with the same icon in the Pantry, "any snack" 1 with any snack in the Pantry.

    Artisan mode (the player has ``crafted`` tokens, see crafting.py): a special icon costs one
    crafted token of its own (key: the special resource), "any snack" one crafted pastry: the one
    the player holds most of once the order's own pastry icons are counted (ties: data order)."""
    if CRAFTED in pl:
        return _artisan_cost(pl, icons, db)
    have = pantry_specials(pl, db)
    cost = {b: 0 for b in db.basic}
    for icon in icons:
        if icon in cost:
            cost[icon] += 1
        elif icon in db.special:
            cost[db.special[icon]] += 1 if icon in have else 2
        elif icon in db.wildcards:
            w = db.wildcards[icon]
            cost[w["basic"]] += 1 if have & set(w["matches"]) else 2
    return cost


def _artisan_cost(pl: dict, icons: list[str], db: CardDB) -> dict[str, int]:
    cost = {b: 0 for b in db.basic}
    for icon in icons:
        if icon in cost or icon in db.special:
            cost[icon] = cost.get(icon, 0) + 1
    for icon in icons:
        if icon in db.wildcards:
            matches = db.wildcards[icon]["matches"]
            pick = max(matches, key=lambda s: (pl[CRAFTED].get(s, 0) - cost.get(s, 0), -matches.index(s)))
            cost[pick] = cost.get(pick, 0) + 1
    return cost


def _store(pl: dict, key: str) -> dict[str, int]:
    """Where resource ``key`` is kept: crafted tokens (Artisan mode) or ``res`` (basic, green)."""
    crafted = pl.get(CRAFTED)
    return crafted if crafted is not None and key in crafted else pl["res"]


def can_pay(pl: dict, cost: dict[str, int]) -> bool:
    return all(_store(pl, k).get(k, 0) >= v for k, v in cost.items())


def green_payments(pl: dict, cost: dict[str, int]) -> list[tuple[str, dict[str, int]]]:
    """Ways to pay ``cost`` spending one or more green beans (expansions booklet p. 16, Fair
    Trade: a green bean stands for any basic resource): ``(label, paid)`` pairs, ``label``
    naming the basic resources the beans replace (``"beans1+milk1"``) and ``paid`` the cost
    actually paid, green beans included.  Empty when the player holds no green bean."""
    green = pl["res"].get(GREEN, 0)
    if not green:
        return []
    # basic resources only: crafted special resources (Artisan mode) are never replaced by green beans
    keys = [k for k in cost if k in pl["res"] and k != GREEN and k not in pl.get(CRAFTED, ())]
    out = []
    for split in product(*(range(cost[k] + 1) for k in keys)):
        n = sum(split)
        if not 1 <= n <= green:
            continue
        rest = {**cost, **{k: cost[k] - x for k, x in zip(keys, split)}}
        if can_pay(pl, rest):
            label = "+".join(f"{k}{x}" for k, x in zip(keys, split) if x)
            out.append((label, {**rest, GREEN: n}))
    return out


def affordable(pl: dict, cost: dict[str, int]) -> bool:
    """Whether ``cost`` can be paid at all, green beans standing in for missing basic resources."""
    crafted = pl.get(CRAFTED, {})
    if any(crafted.get(k, 0) < v for k, v in cost.items() if k in crafted):
        return False
    short = sum(max(0, v - pl["res"].get(k, 0)) for k, v in cost.items() if k not in crafted)
    return short <= pl["res"].get(GREEN, 0)


def pay(pl: dict, cost: dict[str, int]) -> None:
    for k, v in cost.items():
        _store(pl, k)[k] -= v


def resources_total(pl: dict, crafted: bool = False) -> int:
    """Resources a player holds for the final tie-break: basic resources and green beans, and with
    ``crafted`` (rule ``crafted-tokens-tie-break``) Artisan mode's crafted tokens, one each."""
    return sum(pl["res"].values()) + (sum(pl.get(CRAFTED, {}).values()) if crafted else 0)


def cafe_groups(pl: dict, db: CardDB) -> set[str]:
    """Group icons "in your café": top Pantry card, every Style card, customers in the Line,
    the founder's group icon."""
    out: set[str] = set()
    for f in founders_of(pl):
        if f.get("group"):
            out.add(f["group"])
    if pl["pantry"]:
        out.update(db.card(pl["pantry"][-1])["groups"])
    for c in pl["style"]:
        out.update(db.card(c)["groups"])
    for e in pl["line"]:
        out.update(db.card(e["id"])["groups"])
    return out


#: the group a wildcard icon never stands for (booklet p. 21)
NOT_WILD = "quality_beasts"


def groups_match(have: set[str], card_groups: list[str]) -> bool:
    """Whether a card with ``card_groups`` shares a group with the icons ``have`` (Word of Mouth,
    targets).  A wildcard on either side stands for any group but Quality Beasts; two wildcards
    match (both may stand for the same group)."""
    if have.intersection(card_groups):
        return True
    if WILDCARD in have and any(g != NOT_WILD for g in card_groups):
        return True
    return WILDCARD in card_groups and any(g not in (NOT_WILD, WILDCARD) for g in have)


def award_icons(pl: dict, db: CardDB) -> Counter:
    """Visible group icons for the group awards: every owned customer, every
    Style card and the top Pantry card; the founder's group icon helps win an award but, not
    being a customer, earns no Good Review for it (see ``owned_customers``)."""
    cnt: Counter = Counter()
    for f in founders_of(pl):
        if f.get("group"):
            cnt[f["group"]] += 1
    for cid in owned_customers(pl):
        cnt.update(db.card(cid)["groups"])
    for c in pl["style"]:
        cnt.update(db.card(c)["groups"])
    if pl["pantry"]:
        cnt.update(db.card(pl["pantry"][-1])["groups"])
    return cnt


def owned_customers(pl: dict) -> list[str]:
    return [e["id"] for e in pl["line"]] + list(pl["discard"]) + list(pl["deck"])


def row_icons(pl: dict, row: str, db: CardDB) -> list[dict[str, Any]]:
    """Icons of one action row: the base icon first, then added icons card by card.

    A player on the Hard or Expert difficulty level (booklet p. 4) has other
    base icons on the three resource rows."""
    level = pl.get("level")
    base = db.setup["difficulty"][level][row] if level and row in db.resource_rows else db.base_icons[row]
    icons: list[dict[str, Any]] = [{"icon": base, "src": None, "k": None}]
    pile = pl["pantry"] if row in db.resource_rows else pl["style"]
    for cid in pile:
        for k, ic in enumerate(db.card(cid)["icons"]):
            if ic["row"] == row:
                icons.append({"icon": ic["icon"], "src": cid, "k": k})
    return icons


def achievements_met(pl: dict, db: CardDB) -> list[str]:
    """Achievements whose condition holds now (in the data's order)."""
    specials = Counter(db.card(c)["special"] for c in pl["pantry"])
    groups = Counter(g for c in pl["style"] for g in db.card(c)["groups"])
    for f in founders_of(pl):  # the founder's icons count as in the Pantry and the Style area
        special, group = db.founder(f["id"]).get("special"), f.get("group")
        if special:
            specials[special] += 1
        if group:
            groups[group] += 1
    met = {
        "pantry_variety": len(specials) >= 5,
        "pantry_specialist": bool(specials) and max(specials.values()) >= 3,
        "niche_style": bool(groups) and max(groups.values()) >= 3,
        "universal_style": len(groups) >= 5,
    }
    return [a for a in db.raw["achievements"] if met[a]]
