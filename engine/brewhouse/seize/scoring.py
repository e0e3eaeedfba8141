"""Final scoring in the rulebook's five steps, group awards and tie-breaks."""
from __future__ import annotations

from typing import Any

from .cafe import award_icons, owned_customers, resources_total
from .data import CardDB

__all__ = ["final_scores", "rank"]


def final_scores(state: dict, db: CardDB) -> list[dict[str, Any]]:
    """Per-player breakdown: the five steps, then the total."""
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
            "resources": resources_total(pl),
        })
    icons = [award_icons(pl, db) for pl in players]
    for g in state["groups"]:
        best = max(c[g] for c in icons)
        if best <= 0:
            continue
        for p, pl in enumerate(players):
            if icons[p][g] == best:
                n = sum(1 for cid in owned_customers(pl) if g in db.card(cid)["groups"])
                out[p]["awards"][g] = n
                extra = state.get("award_reviews", {}).get(g)
                if extra:  # Hungry Media's Newsflash: each winner also takes the award's reviews
                    out[p].setdefault("award_reviews", {})[g] = dict(extra)
    for b in out:
        b["total"] = (b["good_reviews"] + b["happy_tokens"] + b["bad_reviews"] + b["achievements"]
                      + sum(b["awards"].values())
                      + sum(v["good"] - v["bad"] for v in b.get("award_reviews", {}).values()))  # step 5
    return out


def rank(state: dict, breakdown: list[dict[str, Any]]) -> int:
    """The winner: most reviews, then fewest resources, then last in the initial turn order."""
    n = len(breakdown)
    seat_order = [(state["initial_first"] + k) % n for k in range(n)]
    return max(range(n), key=lambda p: (breakdown[p]["total"], -breakdown[p]["resources"],
                                        seat_order.index(p)))
