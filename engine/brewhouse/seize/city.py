"""The City: three rows (customers, pantry upgrades, style upgrades), each a
face-down deck, four face-up slots and a discard pile whose top card is the
fifth visible card.  Slot 1 sits next to the deck, slot 4 next to the discard.

Taking a slot card shifts the cards between the deck and the gap one step
right and refills slot 1 from the deck; taking the discard top leaves no gap.
A City deck is never rebuilt from its discard pile; emptying one triggers the
end of the game (from edition 2 also when a Connections player takes the last
looked-at card, see :func:`end_if_empty`).
"""
from __future__ import annotations

from typing import Optional

from .model import Ctx, trigger_end

__all__ = ["ROW_KIND", "visible", "take", "draw_city", "end_if_empty", "refill", "refresh", "row_index"]

ROW_KIND = ("customer", "pantry", "style")


def row_index(kind: str) -> int:
    return ROW_KIND.index(kind)


def visible(state: dict, r: int) -> list[tuple[str, str]]:
    """``(where, card id)`` for every visible card of row ``r`` (``slot1``..``slot4``, ``discard``)."""
    row = state["city"][r]
    out = [(f"slot{i + 1}", c) for i, c in enumerate(row["slots"]) if c is not None]
    if row["discard"]:
        out.append(("discard", row["discard"][-1]))
    return out


def draw_city(state: dict, cx: Ctx, r: int) -> Optional[str]:
    deck = state["city"][r]["deck"]
    if not deck:
        return None
    cid = deck.pop()
    cx.reveals = True
    end_if_empty(state, cx, r)
    return cid


def end_if_empty(state: dict, cx: Ctx, r: int) -> None:
    """An exhausted City deck triggers the end of the game (rulebook p. 8, Empty City decks)."""
    if not state["city"][r]["deck"]:
        trigger_end(state, cx, f"deck_{ROW_KIND[r]}")


def take(state: dict, cx: Ctx, r: int, where: str, refill_now: bool = True) -> str:
    row = state["city"][r]
    if where == "discard":
        return row["discard"].pop()
    i = int(where[4:]) - 1
    cid = row["slots"][i]
    assert cid is not None
    for j in range(i, 0, -1):
        row["slots"][j] = row["slots"][j - 1]
    row["slots"][0] = None
    if refill_now:
        refill(state, cx, r)
    return cid


def refill(state: dict, cx: Ctx, r: int) -> None:
    row = state["city"][r]
    if row["slots"][0] is None:
        cid = draw_city(state, cx, r)
        row["slots"][0] = cid
        if cid is not None:
            cx.ev("city_refill", row=r + 1, card=cid)


def refresh(state: dict, cx: Ctx, r: int) -> None:
    """End of Day: every slot card slides one step right (slot 4 onto the discard), slot 1 is drawn."""
    row = state["city"][r]
    last = row["slots"][-1]
    if last is not None:
        row["discard"].append(last)
    row["slots"] = [None] + row["slots"][:-1]
    refill(state, cx, r)
