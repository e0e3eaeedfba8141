"""The City: three rows (customers, pantry upgrades, style upgrades), each a
face-down deck, four face-up slots and a discard pile whose top card is the
fifth visible card.  Slot 1 sits next to the deck, slot 4 next to the discard.

Taking a slot card shifts the cards between the deck and the gap one step
right and refills slot 1 from the deck; taking the discard top leaves no gap
while a card lies under it.  Taking the discard's only card empties the fifth
column: from edition 2 (rule ``city-discard-slides``) that is a gap like any
other, so slot 4 slides onto the discard and the row refills (RULES_NOTES.md);
edition 1 left the column empty until End of Day.
A City deck is never rebuilt from its discard pile; emptying one triggers the
end of the game (from edition 2 also when a Connections player takes the last
looked-at card, see :func:`end_if_empty`).
"""
from __future__ import annotations

from typing import Optional

from .model import Ctx, trigger_end

__all__ = ["ROW_KIND", "visible", "leaves_gap", "take", "draw_city", "end_if_empty", "refill", "refresh",
           "row_index"]

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


def leaves_gap(state: dict, cx: Ctx, r: int, where: str) -> bool:
    """Whether taking the visible card at ``where`` leaves an empty place in row ``r``: always
    for a slot; for the discard top only when it is the pile's last card (edition 2)."""
    if where != "discard":
        return True
    return len(state["city"][r]["discard"]) == 1 and "city-discard-slides" in cx.rules


def take(state: dict, cx: Ctx, r: int, where: str, refill_now: bool = True) -> str:
    """Take a visible card; a gap it leaves is closed at once, slot 1 refilled now or (``refill_now``
    False, Connections) by the caller once the looked-at cards are back on the deck."""
    row = state["city"][r]
    gap = leaves_gap(state, cx, r, where)
    if where == "discard":
        cid = row["discard"].pop()
        if not gap:
            return cid
        _slide_right(row, len(row["slots"]))
    else:
        i = int(where[4:]) - 1
        cid = row["slots"][i]
        assert cid is not None
        _slide_right(row, i)
    if refill_now:
        refill(state, cx, r)
    return cid


def _slide_right(row: dict, gap: int) -> None:
    """Every card between the deck and the gap moves one step right, leaving slot 1 empty.
    ``gap`` is 0-3 for a slot, 4 for the discard column (slot 4's card goes on top of the discard)."""
    slots = row["slots"]
    if gap == len(slots):
        if slots[-1] is not None:
            row["discard"].append(slots[-1])
        gap -= 1
    for j in range(gap, 0, -1):
        slots[j] = slots[j - 1]
    slots[0] = None


def refill(state: dict, cx: Ctx, r: int) -> None:
    row = state["city"][r]
    if row["slots"][0] is None:
        cid = draw_city(state, cx, r)
        row["slots"][0] = cid
        if cid is not None:
            cx.ev("city_refill", row=r + 1, card=cid)


def refresh(state: dict, cx: Ctx, r: int) -> None:
    """End of Day: every slot card slides one step right (slot 4 onto the discard), slot 1 is drawn."""
    _slide_right(state["city"][r], len(state["city"][r]["slots"]))
    refill(state, cx, r)
