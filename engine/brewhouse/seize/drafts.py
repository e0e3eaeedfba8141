"""The set-up drafts played before day 1, once the City is dealt and visible (expansions
booklet p. 19 "Amis & Famille adoptés", pp. 23-26 "Fondateurs"): founders first, then the
Adopted Friends & Family.

Both drafts use one frame: every player holds a hand, keeps one card and passes the rest to
the left (next seat) until each has kept ``need`` cards.  The booklet's simultaneous picks
become one decision per player in turn order; a player sees only their own hand and picks
(views and events), so nobody learns another's pick before the reveal.  While a draft runs,
``state["phase"] == "draft"`` and::

    state["draft"] = {
        "kind":  "founders" | "friends",
        "stage": "pick" | "keep" | "group",   # keep, group: founders only
        "round": picks each player has completed (pick stage),
        "need":  picks per player (founders 3, friends 4),
        "hands": [[card ids] per seat],  "picks": [[card ids] per seat],
        "kept":  [founder id or None per seat]  (founders, keep stage),
        "box":   cards not dealt (hidden),
        "auto":  seats that pick at random (solo: Starbots),
        "then":  drafts still to play after this one (["friends"] or []),
    }

Frames (decisions) and their moves:

* ``draft_pick``   ``draft:<card id>``   keep one card of the hand (founder id, or F&F ``card@seat``)
* ``founder_keep`` ``founder:<id>``      keep one of the three founders picked
* ``founder_group`` ``award:<group>``    a founder whose group icon matches no award in play
  stands for one of the awards in play (in turn order; several may choose the same)

Solo: the booklet's 2-player draft, Starbots' pick each round at random; its Friends & Family
picks go back to the box unseen, and it keeps one of its founder picks at random (its group,
when it matches no award, is chosen at random too; ``SOLO.md``).
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..core import Move
from .data import CardDB
from .effects import DECIDE, Decision, push
from .faces import card_face
from .founders import founder_face
from .model import Ctx, pick, shuffle
from .setup import finish_friends

__all__ = ["begin_drafts", "advance", "finish_adopted_friends", "DRAFT_FRAMES"]

DRAFT_FRAMES = ("draft_pick", "founder_keep", "founder_group")
#: cards dealt to each player and cards each keeps
FOUNDERS_DEALT, FOUNDERS_PICKED = 3, 3
FRIENDS_DEALT, FRIENDS_PICKED = 8, 4


def drafts_of(config: Mapping[str, Any]) -> list[str]:
    """The drafts a config plays, in the booklet's order (founders before friends)."""
    out = []
    if config.get("founders", "off") != "off":
        out.append("founders")
    if config.get("friends") == "adopted":
        out.append("friends")
    return out


def begin_drafts(state: dict, db: CardDB) -> None:
    """Turn a freshly set-up state into the draft phase when its config plays any draft.

    Called after the City is dealt (``initial_state``/``solo_state``), before the first run."""
    todo = drafts_of(state["config"])
    if not todo:
        return
    if "friends" in todo:  # the decks come from the draft; resources from the chosen cards
        for pl in state["players"]:
            if not pl.get("automa"):
                pl["deck"], pl["discard"] = [], []
    state["phase"] = "draft"
    state["cursor"] = {}
    _start(state, db, todo[0], todo[1:])


def _start(state: dict, db: CardDB, kind: str, then: list[str]) -> None:
    n = len(state["players"])
    if kind == "founders":
        pool = db.founder_ids(state["config"]["founders"])
        dealt, need = FOUNDERS_DEALT, FOUNDERS_PICKED
    else:
        pool = [f"{c}@{s}" for s in range(n) for c in db.friends_set("base") + db.friends_set("extra")]
        dealt, need = FRIENDS_DEALT, FRIENDS_PICKED
    shuffle(state, pool)
    hands = [[pool.pop() for _ in range(dealt)] for _ in range(n)]
    state["draft"] = {"kind": kind, "stage": "pick", "round": 0, "need": need,
                      "hands": hands, "picks": [[] for _ in range(n)], "kept": [None] * n,
                      "box": sorted(pool),
                      "auto": [p for p, pl in enumerate(state["players"]) if pl.get("automa")],
                      "then": list(then)}


def advance(state: dict, cx: Ctx, order: list[int]) -> None:
    """The draft phase's driver: the next decision, a random pick for Starbots, or the next stage."""
    d = state["draft"]
    if d["stage"] == "pick":
        for p in order:
            if len(d["picks"][p]) > d["round"]:
                continue
            if p in d["auto"]:
                _pick(state, cx, p, pick(state, d["hands"][p]))
                continue
            push(state, {"t": "draft_pick", "p": p, "kind": d["kind"]})
            return
        d["round"] += 1
        n = len(d["hands"])
        if d["round"] < d["need"]:  # pass the rest of each hand to the left (the next seat)
            d["hands"] = [d["hands"][(p - 1) % n] for p in range(n)]
            cx.reveals = True  # each player now sees cards they had not seen: no undo back to a pick
            cx.ev("draft_pass", kind=d["kind"], round=d["round"], cards=len(d["hands"][0]))
            return
        d["box"] = sorted(d["box"] + [c for h in d["hands"] for c in h])
        d["hands"] = [[] for _ in range(n)]
        if d["kind"] == "friends":
            _end_friends(state, cx)
        else:
            d["stage"] = "keep"
        return
    if d["stage"] == "keep":
        for p in order:
            if d["kept"][p] is not None:
                continue
            if p in d["auto"]:
                _keep(state, cx, p, pick(state, d["picks"][p]))
                continue
            push(state, {"t": "founder_keep", "p": p})
            return
        _reveal_founders(state, cx)
        d["stage"] = "group"
        return
    # group stage: founders whose group icon matches no award in play, in turn order
    for p in order:
        f = state["players"][p].get("founder")
        if f is None or f["group"] is not None:
            continue
        if p in d["auto"]:
            _set_group(state, cx, p, pick(state, list(state["groups"])))
            continue
        push(state, {"t": "founder_group", "p": p})
        return
    _next_draft(state, cx)


def _next_draft(state: dict, cx: Ctx) -> None:
    d = state.pop("draft")
    cx.ev("draft_done", kind=d["kind"])
    if d["then"]:
        _start(state, cx.db, d["then"][0], d["then"][1:])
        cx.reveals = True  # a new deal
        cx.ev("draft_start", kind=state["draft"]["kind"], cards=len(state["draft"]["hands"][0]))
        return
    state["phase"] = "actions"
    state["cursor"] = {"round": 0, "i": 0}
    cx.ev("phase", phase="actions", day=state["day"])


def _pick(state: dict, cx: Ctx, p: int, cid: str) -> None:
    d = state["draft"]
    d["hands"][p].remove(cid)
    d["picks"][p].append(cid)
    cx.ev("draft_picked", p, private=(p,), kind=d["kind"], card=cid, round=d["round"] + 1)


def _keep(state: dict, cx: Ctx, p: int, fid: str) -> None:
    d = state["draft"]
    d["kept"][p] = fid
    cx.ev("founder_kept", p, private=(p,), founder=fid)


def _reveal_founders(state: dict, cx: Ctx) -> None:
    d = state["draft"]
    for p, fid in enumerate(d["kept"]):
        own = cx.db.founder(fid).get("group")
        group = own if own in state["groups"] else None
        state["players"][p]["founder"] = {"id": fid, "group": group}
        d["box"].extend(c for c in d["picks"][p] if c != fid)
        cx.ev("founder_revealed", p, founder=fid, group=group, own_group=own)
    d["box"].sort()
    d["picks"] = [[] for _ in d["picks"]]
    d["kept"] = [None] * len(d["kept"])
    cx.reveals = True


def _set_group(state: dict, cx: Ctx, p: int, group: str) -> None:
    state["players"][p]["founder"]["group"] = group
    cx.ev("founder_group", p, founder=state["players"][p]["founder"]["id"], group=group)


def _end_friends(state: dict, cx: Ctx) -> None:
    d = state["draft"]
    chosen: list[list[str]] = []
    for p, pl in enumerate(state["players"]):
        if p in d["auto"]:  # Starbots' picks go back to the box without being looked at
            d["box"].extend(d["picks"][p])
            chosen.append([])
        else:
            chosen.append(list(d["picks"][p]))
    d["box"].sort()
    finish_adopted_friends(state, cx, chosen)
    cx.reveals = True  # every player's picks are shown and shuffled into their deck
    _next_draft(state, cx)


# ---------------------------------------------------------------- Adopted Friends & Family: set-up
def finish_adopted_friends(state: dict, cx: Ctx, chosen: list[list[str]]) -> None:
    """Given each player's four chosen Friends & Family instance ids (``chosen[p]``; empty for
    Starbots), finish the set-up as every Friends & Family mode does (``setup.finish_friends``:
    revealed, starting resources, shuffled into the deck or, with the official opening, the
    discard pile), and say so."""
    finish_friends(state, cx.db, chosen)
    for p, pl in enumerate(state["players"]):
        if not pl.get("automa"):
            cx.ev("friends_revealed", p, cards=list(pl["friends"]), res=dict(pl["res"]))


# ---------------------------------------------------------------- decisions
def _pick_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    d = state["draft"]
    p = fr["p"]
    left = d["need"] - len(d["picks"][p])
    return [Move(f"draft:{cid}", {"kind": "draft_pick", "draft": d["kind"], "card": cid, "round": d["round"] + 1,
                                  "left": left}) for cid in sorted(d["hands"][p])]


def _pick_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    _pick(state, cx, fr["p"], move.payload["card"])


def _keep_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    return [Move(f"founder:{fid}", {"kind": "founder_keep", "founder": fid})
            for fid in state["draft"]["picks"][fr["p"]]]


def _keep_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    _keep(state, cx, fr["p"], move.payload["founder"])


def _group_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    fid = state["players"][fr["p"]]["founder"]["id"]
    return [Move(f"award:{g}", {"kind": "founder_group", "founder": fid, "group": g,
                                "own_group": cx.db.founder(fid).get("group")}) for g in state["groups"]]


def _group_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    _set_group(state, cx, fr["p"], move.payload["group"])


DECIDE.update({
    "draft_pick": Decision(_pick_moves, _pick_choose),
    "founder_keep": Decision(_keep_moves, _keep_choose),
    "founder_group": Decision(_group_moves, _group_choose),
})


def draft_view(state: dict, viewer: Optional[int], db: CardDB) -> Optional[dict[str, Any]]:
    """The draft as ``viewer`` may see it: counts for everyone, cards for their own seat only."""
    d = state.get("draft")
    if d is None:
        return None
    face = (lambda c: founder_face(c, db)) if d["kind"] == "founders" else (lambda c: card_face(c, db))
    out: dict[str, Any] = {"kind": d["kind"], "stage": d["stage"], "round": d["round"], "need": d["need"],
                           "hand_counts": [len(h) for h in d["hands"]], "pick_counts": [len(k) for k in d["picks"]],
                           "kept": [k is not None for k in d["kept"]], "box_count": len(d["box"]),
                           "auto": list(d["auto"]), "then": list(d["then"]), "hand": None, "picks": None,
                           "kept_card": None}
    if viewer is not None and 0 <= viewer < len(d["hands"]) and viewer not in d["auto"]:
        out["hand"] = [face(c) for c in d["hands"][viewer]]
        out["picks"] = [face(c) for c in d["picks"][viewer]]
        out["kept_card"] = face(d["kept"][viewer]) if d["kept"][viewer] else None
    return out
