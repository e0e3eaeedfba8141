"""Founders in play (expansions booklet pp. 23-27, "Fondateurs").

A player's founder is ``pl["founder"] = {"id", "group"}``: ``group`` is its own group icon, or
the group award chosen at set-up when its icon matches no award in play (``None`` until then).
During a Service, ``"up": True`` marks a founder its owner may still serve this day.

The founder is never in the Line: abilities that choose a customer never see it, it is never
discarded, never happy nor angry.  At each Service its owner's first turn starts with the
``founder`` decision: serve it (pay its main order, and its side order if wanted, take the
rewards, run its ability: that is the whole turn) or skip it and serve the first real customer
in the same turn.  Its icons count in the café (see :func:`.cafe.founder_icons`).  Starbots (solo)
never serves its founder but uses its icons.

Moves of the ``founder`` frame::

    founder:serve                    main order
    founder:serve:green:<label>      main order, green beans replacing <label> (Health Nuts)
    founder:both                     main and side order
    founder:both:green:<label>
    founder:skip                     serve the first customer of the Line instead (or nothing)

Two founders (solo scenarios AO Amor, Café da Nala, Café Quorra): the second is ``pl["founder2"]``
and its moves are ``founder2:serve`` etc.  While either may still be served, each Service turn starts
with this decision, so both are served before the customers, in the order the player chooses (each
serving is a whole turn); ``founder:skip`` skips every founder still up.
"""
from __future__ import annotations

from typing import Any, Optional

from ..core import Move
from .cafe import FOUNDER_KEYS, GREEN, can_pay, founders_of, green_payments, order_cost, pay
from .data import CardDB
from .effects import DECIDE, Decision, fx, push, push_seq
from .model import Ctx, gain_good

__all__ = ["founder_face", "founder_up", "ready_founders", "FOUNDER_FRAME"]

FOUNDER_FRAME = "founder"


def founder_face(fid: Optional[str], db: CardDB) -> Optional[dict[str, Any]]:
    """The public face of a founder card (a fresh dict)."""
    if fid is None:
        return None
    f = db.founder(fid)
    out = {"id": fid, "card": fid, "kind": "founder", "name": f["name"], "cafe": f.get("cafe"),
           "set": f.get("set"), "group": f.get("group"), "special": f.get("special"),
           "main": f["main"], "ability": f.get("ability")}
    if f.get("side"):
        out["side"] = f["side"]
    return out


def founder_up(pl: dict) -> bool:
    """Whether the player may still serve their founder during this Service."""
    return any(f.get("up") for f in founders_of(pl))


def ready_founders(state: dict) -> None:
    """Start of the Service phase: every player's founder may be served once (not Starbots')."""
    for pl in state["players"]:
        if not pl.get("automa"):
            for f in founders_of(pl):
                f["up"] = True


def _serve_moves(pl: dict, key: str, cx: Ctx) -> list[Move]:
    """Ways to serve the founder kept at ``pl[key]`` (moves ``<key>:serve``...)."""
    fid = pl[key]["id"]
    card = cx.db.founder(fid)
    main = order_cost(pl, card["main"]["order"], cx.db)
    info = {"founder": fid} if key == "founder" else {"founder": fid, "slot": key}
    out = []
    if can_pay(pl, main):
        out.append(Move(f"{key}:serve", {"kind": "serve_founder", **info, "side": False, "cost": main}))
    out += [Move(f"{key}:serve:green:{label}", {"kind": "serve_founder", **info, "side": False, "cost": paid})
            for label, paid in green_payments(pl, main)]
    side = card.get("side")
    if side and out:
        both = order_cost(pl, card["main"]["order"] + side["order"], cx.db)
        if can_pay(pl, both):
            out.append(Move(f"{key}:both", {"kind": "serve_founder", **info, "side": True, "cost": both}))
        out += [Move(f"{key}:both:green:{label}", {"kind": "serve_founder", **info, "side": True, "cost": paid})
                for label, paid in green_payments(pl, both)]
    return out


def _moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    pl = state["players"][fr["p"]]
    fid = pl["founder"]["id"]
    info = {"founder": fid}
    out = []
    for key in FOUNDER_KEYS:
        if pl.get(key) and pl[key].get("up"):
            out += _serve_moves(pl, key, cx)
    if out:  # nothing affordable: the founder is skipped without a question (see _skip)
        nxt = pl["line"][pl["served"]]["id"] if pl["served"] < len(pl["line"]) else None
        out.append(Move("founder:skip", {"kind": "skip_founder", **info, "next": nxt}))
    return out


def _skip(state: dict, cx: Ctx, fr: dict, forced: bool = False) -> None:
    p = fr["p"]
    pl = state["players"][p]
    up = [f["id"] for f in founders_of(pl) if f.get("up")] or [pl["founder"]["id"]]
    for f in founders_of(pl):
        f["up"] = False
    # the founders skipped, not the first dealt: once one of two is served, skipping skips the other,
    # and at the start of a Service one skip skips both (AO Amor, Café da Nala, Café Quorra)
    second = {"founder2": up[1]} if len(up) > 1 else {}
    cx.ev("founder_skipped", p, founder=up[0], forced=forced, **second)
    if pl["served"] < len(pl["line"]):  # the same turn goes on with the first real customer
        push(state, {"t": "serve", "p": p})


def _choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    if move.id == "founder:skip":
        _skip(state, cx, fr)
        return
    p = fr["p"]
    pl = state["players"][p]
    key = move.payload.get("slot", "founder")
    fid = pl[key]["id"]
    card = cx.db.founder(fid)
    pl[key]["up"] = False
    cost = move.payload["cost"]
    pay(pl, cost)
    orders = [card["main"]] + ([card["side"]] if move.payload["side"] else [])
    cx.ev("founder_served", p, founder=fid, side=move.payload["side"], cost=dict(cost))
    if cost.get(GREEN):  # 1 Good Review per green bean spent (Health Nuts), as for a customer
        gain_good(state, cx, p, cost[GREEN], why="green_beans")
    frames = [fx(p, r, cust=fid, why="reward") for o in orders for r in o["reward"]]
    if card.get("ability"):  # mandatory, as a customer's (only Friends & Family abilities are optional)
        frames.append({"t": "ability", "p": p, "cust": fid, "name": card["ability"], "opt": False, "boost": False})
    push_seq(state, frames)


DECIDE[FOUNDER_FRAME] = Decision(_moves, _choose, lambda s, cx, fr: _skip(s, cx, fr, forced=True))
