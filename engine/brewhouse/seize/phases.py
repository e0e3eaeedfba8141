"""The day's five phases and the loop that runs frames until a decision.

Actions (two barista rounds) → [Crafting: Artisan mode, Daily Specials; crafting.py] → Hype → Service (round-robin, then the Line is
discarded) → Word of Mouth → End of Day.  Every phase starts with the holder
of the full cup and goes clockwise (increasing seat numbers).
"""
from __future__ import annotations

from ..core import Move
from . import city
from .effects import AUTO, DECIDE, push
from .model import Ctx, draw_own, gain_bad, gain_good, line_entry, mood, release_tokens
from . import solo as _solo  # noqa: F401  (registers the automa frames)
from . import abilities_interact, abilities_own  # noqa: F401  (register the expansion groups' steps)
from . import crafting, drafts
from . import variant_frames  # noqa: F401  (registers the variants' frames)
from .variants import has_variant
from .founders import FOUNDER_FRAME, founder_up, ready_founders

__all__ = ["run", "turn_order", "current_moves", "top_frame"]


def turn_order(state: dict) -> list[int]:
    n = len(state["players"])
    return [(state["first"] + k) % n for k in range(n)]


def top_frame(state: dict) -> dict | None:
    return state["stack"][-1] if state["stack"] else None


def current_moves(state: dict, cx: Ctx) -> list[Move]:
    fr = top_frame(state)
    if fr is None or state["phase"] == "over":
        return []
    return DECIDE[fr["t"]].moves(state, fr, cx)


def run(state: dict, cx: Ctx) -> None:
    """Advance automatic work until a player must decide or the game is over."""
    stack = state["stack"]
    while state["phase"] != "over":
        if not stack:
            _advance(state, cx)
            continue
        fr = stack[-1]
        t = fr["t"]
        if t in AUTO:
            stack.pop()
            AUTO[t](state, cx, fr)
            continue
        dec = DECIDE[t]
        if dec.moves(state, fr, cx):
            return
        stack.pop()
        if dec.finish is not None:
            dec.finish(state, cx, fr)


def _advance(state: dict, cx: Ctx) -> None:
    ph = state["phase"]
    order = turn_order(state)
    n = len(order)
    cur = state["cursor"]
    if ph == "draft":  # set-up drafts before day 1 (founders, adopted Friends & Family): drafts.py
        drafts.advance(state, cx, order)
        return
    if ph == "actions":
        if cur["i"] < n:
            p = order[cur["i"]]
            cur["i"] += 1
            # the solo automa (Starbots) takes its turn automatically (see solo.py)
            push(state, {"t": "automa_turn" if state["players"][p].get("automa") else "place", "p": p})
            return
        cur["round"] += 1
        cur["i"] = 0
        if cur["round"] < cx.db.setup["baristas"]:
            return
        if crafting.crafting_on(state):
            state["phase"] = "crafting"
            state["cursor"] = {"i": 0}
            cx.ev("phase", phase="crafting", day=state["day"])
            return
        _to_service(state, cx, order)
    elif ph == "crafting":  # in turn order; Starbots never crafts; nothing to do: not asked
        while cur["i"] < n:
            p = order[cur["i"]]
            cur["i"] += 1
            if not state["players"][p].get("automa") and crafting.craft_frame_needed(state, p, cx):
                push(state, {"t": "craft", "p": p})
                return
        _to_service(state, cx, order)
    elif ph == "service":
        for k in range(n):
            idx = (cur["i"] + k) % n
            pl = state["players"][order[idx]]
            if founder_up(pl):  # the first turn starts with serving or skipping the founder (founders.py)
                cur["i"] = idx + 1
                push(state, {"t": FOUNDER_FRAME, "p": order[idx]})
                return
            if pl["served"] < len(pl["line"]):
                cur["i"] = idx + 1
                push(state, {"t": "serve", "p": order[idx]})
                return
        _discard_lines(state, cx, order)
        state["phase"] = "word_of_mouth"
        state["cursor"] = {"i": 0}
        cx.ev("phase", phase="word_of_mouth", day=state["day"])
    elif ph == "word_of_mouth":
        if cur["i"] < n:
            p = order[cur["i"]]
            cur["i"] += 1
            if state["players"][p].get("automa"):
                push(state, {"t": "automa_wom", "p": p})
                return
            push(state, {"t": "take", "p": p, "row": 0, "dest": "discard", "wom": True, "opt": False,
                         "peek": [], "why": "word_of_mouth"})
            return
        _end_of_day(state, cx)
    else:  # pragma: no cover - defensive
        raise RuntimeError(f"no driver for phase {ph}")


def _to_service(state: dict, cx: Ctx, order: list[int]) -> None:
    _hype_phase(state, cx, order)
    ready_founders(state)
    state["phase"] = "service"
    state["cursor"] = {"i": 0}
    cx.ev("phase", phase="service", day=state["day"])


def _hype_phase(state: dict, cx: Ctx, order: list[int]) -> None:
    state["phase"] = "hype"
    cx.ev("phase", phase="hype", day=state["day"])
    for p in order:
        pl = state["players"][p]
        if pl.get("automa"):  # Starbots has no Line
            continue
        drawn = []
        for _ in range(pl["hype"]):
            cid = draw_own(state, cx, p)
            if cid is None:
                break
            pl["line"].append(line_entry(cid))
            drawn.append(cid)
        cx.ev("hype_draw", p, cards=drawn)


def _discard_lines(state: dict, cx: Ctx, order: list[int]) -> None:
    """End of service: neutral → own discard; happy → −1 token, +1 Good Review, stays;
    angry → −token, +1 Bad Review, own discard if ≤ 3 Bad Reviews else City discard."""
    limit = cx.db.setup["bad_review_limit_own_discard"]
    for p in order:
        pl = state["players"][p]
        keep = []
        for e in pl["line"]:
            m = mood(e)
            if m != "happy":
                release_tokens(state, e)
            if m == "happy":
                e["happy"] -= 1
                gain_good(state, cx, p, 1, why="happy_customer")
                keep.append(e)
            elif m == "angry":
                gain_bad(state, cx, p, 1, why="angry_customer")
                if pl["bad"] <= limit:
                    pl["discard"].append(e["id"])
                else:
                    state["city"][0]["discard"].append(e["id"])
                    cx.ev("customer_left", p, card=e["id"])
            else:
                pl["discard"].append(e["id"])
        pl["line"] = keep
        pl["served"] = 0


def _end_of_day(state: dict, cx: Ctx) -> None:
    state["phase"] = "end_of_day"
    n = len(state["players"])
    for pl in state["players"]:
        pl["baristas"] = []
    state["first"] = state["empty_cup"]
    state["empty_cup"] = (state["first"] + 1) % n
    cx.ev("cups", first=state["first"], empty_cup=state["empty_cup"])
    crafting.end_of_day_cups(state, cx)
    if has_variant(state, "coffee_lovers"):  # Coffee Lovers (booklet p. 37): a table rule, a reminder only
        cx.ev("coffee_lovers_espresso", state["first"])
    for r in range(3):
        city.refresh(state, cx, r)
    if state["end"]:
        state["phase"] = "over"
        cx.ev("game_over", reason=state["end"], day=state["day"])
        return
    state["day"] += 1
    state["phase"] = "actions"
    state["cursor"] = {"round": 0, "i": 0}
    cx.ev("phase", phase="actions", day=state["day"])
