"""The expansions booklet's variants (pp. 28-37) that change the rules of play: helpers.

Rule code asks :func:`has_variant`; a config has ``variants`` only from edition 3.  The
decision frames (Sold Out!'s offers, Competitive Neighbour's move, Mouthwatering's token)
live in :mod:`.variant_frames`; this module only reads and writes state, so the effects
may call it.  RULES_NOTES.md ("Variants") says what each does and what the engine decided.

State (all public):

* ``players[p]["mouth"]``: Mouthwatering, the special resource of the player's token (absent
  before the first one).
* ``players[p]["marker"]``, ``["marks"]`` ``{group: 1|2}``, ``["cookies"]`` ``[reviews, ...]``:
  Diverse City, the player's marker set, their marks on the group awards, the cookies taken.
* ``cookies``: Diverse City, the cookie stack left (the top is the last item).
"""
from __future__ import annotations

from typing import Optional

from .data import WILDCARD, CardDB
from .model import Ctx

__all__ = ["has_variant", "COOKIES", "PASTRIES", "cookie_stack", "setup_variants", "mouth_icons",
           "mouth_matches", "award_groups", "mark_customer"]

#: Diverse City cookies by player count (booklet p. 34's table; 1 = solo).  The box holds five
#: cookies (components list); the table names 6, 5, 4, 3 for five players, so the fifth is 2.
COOKIES = {1: [6], 2: [6], 3: [6, 4], 4: [6, 5, 4], 5: [6, 5, 4, 3], 6: [6, 5, 4, 3, 2]}
#: Mouthwatering: a pastry token also matches the "any pastry" icon (booklet p. 31)
PASTRIES = ("croissant", "donut", "pie")


def has_variant(state: dict, name: str) -> bool:
    return name in (state["config"].get("variants") or ())


def cookie_stack(players: int) -> list[int]:
    """The cookie stack, lowest first: the highest is on top (the last item)."""
    return sorted(COOKIES[min(max(players, 1), 6)])


def setup_variants(state: dict, db: CardDB) -> None:
    """Set-up of the variants with components: Diverse City's cookies and each café's markers.

    Each café's marker set is the special resource of its seat, in the data's order (the marker
    is only a colour: an automatic choice changes nothing in play; Starbots gets the next one)."""
    if has_variant(state, "diverse_city"):
        state["cookies"] = cookie_stack(state["config"]["players"])
        specials = list(db.special)
        for p, pl in enumerate(state["players"]):
            pl["marker"] = specials[p % len(specials)]
            pl["marks"] = {}
            pl["cookies"] = []


# ---------------------------------------------------------------- Mouthwatering
def mouth_icons(icon: Optional[str]) -> set[str]:
    """Order icons a Mouthwatering token matches: its own, and for a pastry the "any pastry" icon."""
    if not icon:
        return set()
    if icon in PASTRIES:
        return {icon, "any_snack"}
    return {icon}


def _order_icons(card: dict) -> set[str]:
    if "mains" in card:  # a City Celebrity: both main orders
        return {i for m in card["mains"] for i in m["order"]}
    out = set(card["main"]["order"]) if card.get("main") else set()
    if card.get("side"):
        out.update(card["side"]["order"])
    return out


#: rule of edition 4: a City Celebrity matches by either main order (booklet p. 31); before, customers only
MOUTH_CELEBRITIES = "mouthwatering-celebrities"


def mouth_matches(pl: dict, card: dict, rules: frozenset = frozenset()) -> bool:
    """Whether a City customer shows the player's Mouthwatering icon in its main or side order
    (a City Celebrity, from edition 4: in either main order)."""
    icons = mouth_icons(pl.get("mouth"))
    kinds = ("customer", "celebrity") if MOUTH_CELEBRITIES in rules else ("customer",)
    return bool(icons) and card.get("kind") in kinds and bool(icons & _order_icons(card))


# ---------------------------------------------------------------- Diverse City
def award_groups(state: dict, db: CardDB) -> list[str]:
    """The groups whose award card is in play, in the game's group order."""
    have = {g for a in state["awards"] for g in db.card(a)["groups"]}
    return [g for g in state["groups"] if g in have]


def mark_customer(state: dict, cx: Ctx, p: int, cid: str, why: str = "") -> None:
    """Diverse City (booklet pp. 34-35): player ``p`` gained customer ``cid`` (from the City or
    another café).  Each of its group icons with an award in play is marked once more (at most
    twice); a wildcard marks the player's least-marked award (never Quality Beasts; ties: the
    first in the game's order).  Then the cookies: one when every award is marked, a second when
    every award is marked twice."""
    if not has_variant(state, "diverse_city"):
        return
    pl = state["players"][p]
    db = cx.db
    groups = award_groups(state, db)
    if not groups:
        return
    marks = pl["marks"]
    card = db.card(cid)
    targets = [g for g in dict.fromkeys(card["groups"]) if g in groups]
    if WILDCARD in card["groups"]:
        open_ = [g for g in groups if g != "quality_beasts" and g not in targets]
        if open_:
            targets.append(min(open_, key=lambda g: (marks.get(g, 0), groups.index(g))))
    for g in targets:
        if marks.get(g, 0) >= 2:
            continue
        marks[g] = marks.get(g, 0) + 1
        cx.ev("diverse_mark", p, group=g, marks=marks[g], card=cid, why=why)
    level = min(marks.get(g, 0) for g in groups)
    while len(pl["cookies"]) < min(level, 2) and state["cookies"]:
        value = state["cookies"].pop()
        pl["cookies"].append(value)
        cx.ev("diverse_cookie", p, reviews=value, nth=len(pl["cookies"]))
