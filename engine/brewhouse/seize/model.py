"""Small state helpers shared by every phase: the play context, reviews,
Hype, happy/angry tokens and drawing from a player's own deck.

State layout (all plain JSON data) is documented in :mod:`.setup`.
"""
from __future__ import annotations

from typing import Any, Optional

from ..core import Event, Rng
from ..core.editions import edition_book
from .data import CardDB, card_abilities, load_db

__all__ = ["Ctx", "shuffle", "between", "gain_good", "gain_bad", "trigger_end", "raise_hype",
           "lower_hype", "add_happy", "add_angry", "draw_own", "line_entry", "find_in_line", "mood",
           "release_tokens"]


class Ctx:
    """What one ``play`` call collects: events, and whether hidden info was revealed."""

    __slots__ = ("events", "reveals", "db", "rules")

    def __init__(self, db: Optional[CardDB] = None, rules: Optional[frozenset[str]] = None) -> None:
        self.events: list[Event] = []
        self.reveals = False
        self.db = db or load_db()
        #: the rule changes in force in the game's edition (``"name" in cx.rules``); default: the current edition's
        self.rules = rules if rules is not None else edition_book("brewhouse.seize").current.rules

    def ev(self, code: str, player: Optional[int] = None, private: Optional[tuple[int, ...]] = None,
           **params: Any) -> None:
        self.events.append(Event("seize." + code, params, player, private))


def shuffle(state: dict, items: list) -> None:
    rng = Rng.load(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.dump()


def between(state: dict, lo: int, hi: int) -> int:
    rng = Rng.load(state["rng"])
    x = rng.between(lo, hi)
    state["rng"] = rng.dump()
    return x


def pick(state: dict, items: list) -> Any:
    """One of ``items``, drawn with the state's own generator."""
    return items[between(state, 0, len(items) - 1)]


def trigger_end(state: dict, cx: Ctx, reason: str) -> None:
    if not state["end"]:
        state["end"] = reason
        cx.ev("end_triggered", reason=reason)


def take_good_review(state: dict, cx: Ctx) -> None:
    """One Good Review out of the City pool, or out of the box once the pool is empty (emptying
    the pool triggers the end of the game)."""
    if state["pool"] > 0:
        state["pool"] -= 1
        if state["pool"] == 0:
            trigger_end(state, cx, "good_reviews")
    else:
        state["box"] += 1


def gain_good(state: dict, cx: Ctx, p: int, n: int = 1, why: str = "") -> None:
    """Take ``n`` Good Reviews from the City pool (from the box once it is empty)."""
    for _ in range(n):
        take_good_review(state, cx)
    if _withheld(state, cx, p, n, why):
        return
    state["players"][p]["good"] += n
    cx.ev("good_review", p, n=n, why=why)


def _withheld(state: dict, cx: Ctx, p: int, n: int, why: str) -> bool:
    """Solo scenarios (scenarios.py) that keep your Good Reviews out of your café during the game:
    onto the tech debt pile, or back to the box unless their reason is one the scenario keeps."""
    sc = state.get("scenario")
    if not sc or state["players"][p].get("automa"):
        return False
    if "debt" in sc:
        sc["debt"] += n
        cx.ev("review_to_debt", p, n=n, number=sc["debt"])
        return True
    if "keep" in sc and why not in sc["keep"]:
        sc["boxed"] += n
        cx.ev("review_to_box", p, n=n, why=why)
        return True
    return False


def gain_bad(state: dict, cx: Ctx, p: int, n: int = 1, why: str = "") -> None:
    state["players"][p]["bad"] += n
    cx.ev("bad_review", p, n=n, why=why)


def raise_hype(state: dict, cx: Ctx, p: int, why: str = "") -> None:
    """+1 Hype; at Max Hype (5) a Good Review instead.  Reaching 5 flips the token."""
    pl = state["players"][p]
    top = cx.db.setup["max_hype"]
    if pl["hype"] >= top:
        gain_good(state, cx, p, 1, why="max_hype")
        return
    pl["hype"] += 1
    cx.ev("hype", p, hype=pl["hype"], why=why)
    if pl["hype"] == top:
        cx.ev("max_hype", p)


def lower_hype(state: dict, cx: Ctx, p: int, why: str = "") -> None:
    pl = state["players"][p]
    if pl["hype"] > 1:
        pl["hype"] -= 1
        cx.ev("hype", p, hype=pl["hype"], why=why)


def mood(entry: dict) -> str:
    if entry["angry"]:
        return "angry"
    return "happy" if entry["happy"] > 0 else "neutral"


def add_happy(entry: dict) -> None:
    """A happy token on an angry customer removes the angry token instead."""
    if entry["angry"]:
        entry["angry"] = False
    else:
        entry["happy"] += 1


def add_angry(entry: dict, db: CardDB) -> bool:
    """An angry token on a happy customer removes one happy token instead;
    at most one angry token; Patience customers never take one.  True if placed/used."""
    if any(db.abilities[a].get("passive") == "no_angry" for a in card_abilities(db.card(entry["id"]))):
        return False
    if entry["happy"] > 0:
        entry["happy"] -= 1
        return True
    if entry["angry"]:
        return False
    entry["angry"] = True
    return True


def line_entry(cid: str) -> dict:
    return {"id": cid, "happy": 0, "angry": False}


def release_tokens(state: dict, entry: dict) -> None:
    """A customer leaves a Line (discarded, lost, put back on a deck, moved to the City):
    its Naptime token goes back to the supply and its Board Game token onto the tokens'
    discard pile (expansions booklet: tokens are discarded with their customer)."""
    entry.pop("nap", None)
    token = entry.pop("game", None)
    if token is not None:
        state["board_games"]["discard"].append(token)


def find_in_line(pl: dict, cid: str) -> int:
    for i, e in enumerate(pl["line"]):
        if e["id"] == cid:
            return i
    return -1


def draw_own(state: dict, cx: Ctx, p: int) -> Optional[str]:
    """Top card of the player's deck, shuffling the discard pile in only when a
    draw is needed and the deck is empty; ``None`` when both are empty."""
    pl = state["players"][p]
    if not pl["deck"]:
        if not pl["discard"]:
            return None
        pl["deck"] = pl["discard"]
        pl["discard"] = []
        shuffle(state, pl["deck"])
        cx.reveals = True
        cx.ev("reshuffle", p, cards=len(pl["deck"]))
    cx.reveals = True
    return pl["deck"].pop()
