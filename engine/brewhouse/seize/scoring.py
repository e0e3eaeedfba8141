"""Final scoring in the rulebook's five steps, group awards and tie-breaks."""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any, Optional

from ..core.editions import edition_book

from .cafe import NOT_WILD, award_icons, owned_customers, resources_total
from .data import WILDCARD, CardDB

__all__ = ["final_scores", "rank", "wildcard_choices"]


def wildcard_choices(state: dict, db: CardDB, icons: list[Counter], customers: list[Counter]) -> list[dict]:
    """For each player, the group each of their wildcard icons counts for at the end (booklet p. 21:
    one group of the owner's choice, never Quality Beasts).  The engine chooses for the owner: the
    groups in play that give them the most award points (customers of the group plus the reviews
    waiting on its award) against the other players' icons without their wildcards; among equal
    choices, the groups listed first.  ``{"icons": Counter, "customers": Counter}`` per player:
    wildcard icons and wildcard customers added to each group."""
    groups = [g for g in state["groups"] if g != NOT_WILD]
    waiting = state.get("award_reviews", {})
    out = []
    for p, pl in enumerate(state["players"]):
        n_icons = icons[p][WILDCARD]
        n_cust = customers[p][WILDCARD]
        if not n_icons or not groups:
            out.append({"icons": Counter(), "customers": Counter()})
            continue
        others = {g: max((icons[q][g] for q in range(len(icons)) if q != p), default=0) for g in groups}

        def points(add_icons: Counter, add_cust: Counter) -> int:
            total = 0
            for g in groups:
                mine = icons[p][g] + add_icons[g]
                if mine > 0 and mine >= others[g]:
                    extra = waiting.get(g, {})
                    total += customers[p][g] + add_cust[g] + extra.get("good", 0) - extra.get("bad", 0)
            return total

        best = None
        for cust in combinations_with_replacement(groups, n_cust):  # wildcard customers
            for rest in combinations_with_replacement(groups, n_icons - n_cust):  # wildcard upgrades
                add_c = Counter(cust)
                add_i = add_c + Counter(rest)
                v = points(add_i, add_c)
                if best is None or v > best[0]:
                    best = (v, add_i, add_c)
        out.append({"icons": best[1], "customers": best[2]})
    return out


#: crafted tokens (Artisan mode) are resources in the final tie-break (RULES_NOTES, edition 4)
CRAFTED_TIE_BREAK = "crafted-tokens-tie-break"


def final_scores(state: dict, db: CardDB, rules: Optional[frozenset[str]] = None) -> list[dict[str, Any]]:
    """Per-player breakdown: the five steps, then the total.  ``rules``: the game's edition's rule
    changes (default: the current edition's), for what the tie-break counts as resources."""
    if rules is None:
        rules = edition_book("brewhouse.seize").current.rules
    crafted = CRAFTED_TIE_BREAK in rules
    players = state["players"]
    out: list[dict[str, Any]] = []
    for pl in players:
        happy = sum(e["happy"] for e in pl["line"])
        out.append({
            "good_reviews": pl["good"],
            "happy_tokens": happy,                                   # step 1
            "bad_reviews": -pl["bad"],                               # step 2
            "achievements": db.setup["achievement_reviews"] * len(pl["ach"]),  # step 3
            "awards": {},                                            # step 4
            "resources": resources_total(pl, crafted),
        })
        if "cookies" in pl:  # Diverse City (booklet p. 35): cookies count like achievements
            out[-1]["cookies"] = sum(pl["cookies"])
    icons = [award_icons(pl, db) for pl in players]
    customers = [Counter(g for cid in owned_customers(pl) for g in set(db.card(cid)["groups"])) for pl in players]
    if any(c[WILDCARD] for c in icons):  # Quality Beasts / Cubee: each wildcard counts for one group
        for p, choice in enumerate(wildcard_choices(state, db, icons, customers)):
            if choice["icons"]:
                icons[p] = icons[p] + choice["icons"]
                customers[p] = customers[p] + choice["customers"]
                out[p]["wildcards"] = dict(choice["icons"])
    for g in state["groups"]:
        best = max(c[g] for c in icons)
        if best <= 0:
            continue
        for p, pl in enumerate(players):
            if icons[p][g] == best:
                n = customers[p][g]
                out[p]["awards"][g] = n
                extra = state.get("award_reviews", {}).get(g)
                if extra:  # Hungry Media's Newsflash: each winner also takes the award's reviews
                    out[p].setdefault("award_reviews", {})[g] = dict(extra)
    for b in out:
        b["total"] = (b["good_reviews"] + b["happy_tokens"] + b["bad_reviews"] + b["achievements"] + b.get("cookies", 0)
                      + sum(b["awards"].values())
                      + sum(v["good"] - v["bad"] for v in b.get("award_reviews", {}).values()))  # step 5
    return out


def rank(state: dict, breakdown: list[dict[str, Any]]) -> int:
    """The winner: most reviews, then fewest resources, then last in the initial turn order."""
    n = len(breakdown)
    seat_order = [(state["initial_first"] + k) % n for k in range(n)]
    return max(range(n), key=lambda p: (breakdown[p]["total"], -breakdown[p]["resources"],
                                        seat_order.index(p)))
