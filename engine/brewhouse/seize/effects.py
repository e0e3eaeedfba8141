"""Icons, abilities and the decision frames they open.

Everything that happens in a day is a *frame* on ``state["stack"]`` (the top
is the last item).  Automatic frames (``AUTO``) run at once; decision frames
(``DECIDE``) wait for the active player, who picks one of a small list of
moves.  Icons (``ICON_FX``) and abilities (``data: abilities``) are registries
keyed by name, so new groups add entries rather than special cases.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional

from ..core import Move
from . import city
from .cafe import (GREEN, achievements_met, can_pay, cafe_groups, green_payments, groups_match, order_cost, pay,
                   row_icons)
from .data import card_abilities, is_celebrity
from .model import (Ctx, add_angry, add_happy, between, draw_own, find_in_line, gain_bad, gain_good,
                    line_entry, lower_hype, mood, raise_hype, release_tokens)
from .variants import has_variant, mark_customer, mouth_matches

__all__ = ["ICON_FX", "AUTO", "DECIDE", "push", "push_seq", "fx", "Decision", "CITY_ICON_ROW",
           "start_ability", "note_touched", "reward_icon_count", "napping", "serve_options", "serve_fill"]

Frame = dict
#: the City row an icon takes from (and the destination of the card)
CITY_ICON_ROW = {"attract": (0, "discard"), "upgrade_pantry": (1, "pantry"), "upgrade_style": (2, "style")}
ROW_NAMES = ("row1", "row2", "row3")


class Decision(NamedTuple):
    moves: Callable[[dict, Frame, Ctx], list[Move]]
    choose: Callable[[dict, Ctx, Frame, Move], None]
    finish: Optional[Callable[[dict, Ctx, Frame], None]] = None


def push(state: dict, frame: Frame) -> None:
    state["stack"].append(frame)


def push_seq(state: dict, frames: list[Frame]) -> None:
    """Push frames so that ``frames[0]`` runs first."""
    state["stack"].extend(reversed(frames))


def fx(p: int, icon: str, **kw: Any) -> Frame:
    return {"t": "fx", "p": p, "icon": icon, **kw}


def _pl(state: dict, fr: Frame) -> dict:
    return state["players"][fr["p"]]


# ---------------------------------------------------------------- icon effects
def _gainer(res: str, n: int) -> Callable[[dict, Ctx, Frame], None]:
    def run(state: dict, cx: Ctx, fr: Frame) -> None:
        _pl(state, fr)["res"][res] += n
        cx.ev("gain", fr["p"], res=res, n=n)
    return run


def _scoop(state: dict, cx: Ctx, fr: Frame) -> None:
    s = cx.db.setup
    if state["config"].get("scoop_luck"):
        lo, hi = s["scoop_luck"]
        n = between(state, lo, hi)
        cx.reveals = True
    else:
        n = s["scoop_beans"]
    _pl(state, fr)["res"]["beans"] += n
    cx.ev("scoop", fr["p"], n=n)


def _early_bird(state: dict, cx: Ctx, fr: Frame) -> None:
    if "daily_specials" in state:  # Daily Specials: a choice among every empty cup (crafting.py)
        push(state, {"t": "early_bird", "p": fr["p"]})
        return
    if state["empty_cup"] != fr["p"]:
        state["empty_cup"] = fr["p"]
        cx.ev("empty_cup", fr["p"])
    else:
        raise_hype(state, cx, fr["p"], why="early_bird")


def _happy(state: dict, cx: Ctx, fr: Frame) -> None:
    pl = _pl(state, fr)
    i = find_in_line(pl, fr.get("cust") or "")
    if i >= 0:
        add_happy(pl["line"][i])
        cx.ev("happy_token", fr["p"], card=fr["cust"])


def _pick(pile: str) -> Callable[[dict, Ctx, Frame], None]:
    def run(state: dict, cx: Ctx, fr: Frame) -> None:
        push(state, {"t": "pick_icon", "p": fr["p"], "pile": pile, "self": fr["icon"].split("_")[0],
                     "exclude_row": fr.get("row"), "times": fr.get("times", 1), "chosen": []})
    return run


def _take(row: int, dest: str, wom: bool = False) -> Callable[[dict, Ctx, Frame], None]:
    def run(state: dict, cx: Ctx, fr: Frame) -> None:
        push(state, {"t": "take", "p": fr["p"], "row": row, "dest": dest, "wom": wom,
                     "opt": bool(fr.get("opt")), "peek": [], "why": fr["icon"]})
    return run


def _target(effect: str) -> Callable[[dict, Ctx, Frame], None]:
    def run(state: dict, cx: Ctx, fr: Frame) -> None:
        push(state, {"t": "line_target", "p": fr["p"], "effect": effect, "opt": bool(fr.get("opt")),
                     "why": fr["icon"]})
    return run


def _draw(state: dict, cx: Ctx, fr: Frame) -> None:
    p = fr["p"]
    cid = draw_own(state, cx, p)
    if cid is None:
        gain_good(state, cx, p, 1, why="draw")
        return
    state["players"][p]["line"].append(line_entry(cid))
    cx.ev("draw_to_line", p, card=cid)
    if fr.get("boost"):  # Starving Artists' ⚡: Good Reviews for one drawn customer
        note_touched(state, p, cid)


def _tracking(state: dict, cx: Ctx, fr: Frame) -> None:
    p = fr["p"]
    if _may(state, cx, fr, bool(state["players"][p]["deck"] or state["players"][p]["discard"])):
        return
    cards = []
    for _ in range(fr.get("n", 2)):
        cid = draw_own(state, cx, p)
        if cid is None:
            break
        cards.append(cid)
    cx.ev("tracking", p, private=(p,), cards=list(cards))
    push(state, {"t": "track", "p": p, "cards": cards, "keep": []})


def _may(state: dict, cx: Ctx, fr: Frame, possible: bool) -> bool:
    """An optional step ("you may", Friends & Family): asks first whether to do it; True when
    the step was deferred to that question (or has nothing to do)."""
    if not fr.get("opt"):
        return False
    if possible:
        push(state, {"t": "may", "p": fr["p"], "step": {**fr, "opt": False}})
    return True


def _lose_bad_review(state: dict, cx: Ctx, fr: Frame) -> None:
    """Lose a Bad Review (Eccentric Aunt, booklet p. 10): one Bad Review of your café back to the City."""
    pl = _pl(state, fr)
    if _may(state, cx, fr, pl["bad"] > 0) or pl["bad"] <= 0:
        return
    pl["bad"] -= 1
    cx.ev("bad_review_lost", fr["p"], n=1, bad=pl["bad"])


def _connections(state: dict, cx: Ctx, fr: Frame) -> None:
    if _may(state, cx, fr, any(r["deck"] for r in state["city"])):
        return
    conn = {"t": "conn_row", "p": fr["p"]}
    if fr.get("action"):  # through an Innovation action icon: may combine with that action (RULES_NOTES)
        conn["action"] = fr["action"]
    push(state, conn)


ICON_FX: dict[str, Callable[[dict, Ctx, Frame], None]] = {
    "scoop": _scoop,
    "good_review": lambda s, cx, fr: gain_good(s, cx, fr["p"], 1, why=fr.get("why", "icon")),
    "bad_review": lambda s, cx, fr: gain_bad(s, cx, fr["p"], 1, why="icon"),
    "hype": lambda s, cx, fr: raise_hype(s, cx, fr["p"], why=fr.get("why", "icon")),
    "hype_down": lambda s, cx, fr: lower_hype(s, cx, fr["p"], why="overcrowd"),
    "early_bird": _early_bird,
    "happy": _happy,
    "delivery": _pick("pantry"),
    "delivery_any": _pick("pantry"),
    "innovation": _pick("style"),
    "innovation_any": _pick("style"),
    "connections": _connections,
    "lose_bad_review": _lose_bad_review,
    "customer_tracking": _tracking,
    "draw": _draw,
    "walk_in": _take(0, "line"),
    "word_of_mouth": _take(0, "discard", wom=True),
    "attract": _take(0, "discard"),
    "upgrade_pantry": _take(1, "pantry"),
    "upgrade_style": _take(2, "style"),
    "entertain": _target("happy"),
    "lose_customer": _target("lose"),
}
for _res in ("beans", "milk", "sugar"):
    for _n in (1, 2, 3, 4):
        ICON_FX[f"{_res}{_n}"] = _gainer(_res, _n)


def reward_icon_count(card: dict) -> int:
    """Reward icons on a customer card, main and side order together (the expansions'
    "1 Good Review per Reward Icon they have")."""
    if is_celebrity(card):  # City Celebrities: both main orders
        return sum(len(m["reward"]) for m in card["mains"])
    return sum(len(card[part]["reward"]) for part in ("main", "side") if card.get(part))


def napping(state: dict, p: int, cust: Optional[str]) -> bool:
    """Whether customer ``cust`` in player ``p``'s Line carries a Naptime token."""
    if cust is None:
        return False
    pl = state["players"][p]
    i = find_in_line(pl, cust)
    return i >= 0 and bool(pl["line"][i].get("nap"))


def start_ability(state: dict, cx: Ctx, p: int, name: str, cust: Optional[str], optional: bool,
                  boost: bool = False, owner: Optional[int] = None) -> None:
    """Queue an ability's steps (data-defined) as effect frames.

    Each step frame carries ``ab`` (the ability's name, for its parameters such
    as ``n``).  A customer with a ⚡ Ability Boost (``boost``) also gets a
    ``boost`` frame under its steps: the steps record the customers they
    touched (:func:`note_touched`) and the boost frame then pays Good Reviews
    for one of them (expansions booklet pp. 10-17)."""
    ab = cx.db.abilities[name]
    if ab.get("passive"):
        return
    if napping(state, p if owner is None else owner, cust):  # Naptime (Happy Families): it does nothing instead
        cx.ev("ability_napping", p, ability=name, card=cust)
        return
    cx.ev("ability", p, ability=name, card=cust)
    steps = ab["steps"]
    if boost and ab.get("boost", "touched") == "touched":
        push(state, {"t": "boost", "p": p, "cust": cust, "ab": name, "touched": []})
    if ab.get("distinct"):
        push(state, fx(p, steps[0], cust=cust, opt=optional, times=len(steps), ab=name))
    else:
        push_seq(state, [fx(p, s, cust=cust, opt=optional, ab=name, boost=boost) for s in steps])


def note_touched(state: dict, p: int, cid: str) -> None:
    """Record that the running ability of player ``p`` chose customer ``cid`` (for its ⚡ boost).

    A ``touch_fence`` frame (Performers' Acting, under a copied ability) stops the search: what
    a copied ability chooses does not count for the boost of the ability that copied it."""
    for f in reversed(state["stack"]):
        if f["t"] in ("boost", "touch_fence") and f["p"] == p:
            if f["t"] == "boost" and cid not in f["touched"]:
                f["touched"].append(cid)
            return


def _boost_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if len(fr["touched"]) <= 1:
        return []
    return [Move(f"boost:{cid}", {"kind": "boost", "card": cid, "reviews": reward_icon_count(cx.db.card(cid))})
            for cid in fr["touched"]]


def _boost_pay(state: dict, cx: Ctx, fr: Frame, cid: str) -> None:
    n = reward_icon_count(cx.db.card(cid))
    cx.ev("boost", fr["p"], card=cid, n=n)
    if n:
        gain_good(state, cx, fr["p"], n, why="boost")


def _boost_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    _boost_pay(state, cx, fr, move.payload["card"])


def _boost_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    if fr["touched"]:  # one customer: nothing to choose
        _boost_pay(state, cx, fr, fr["touched"][0])


# ---------------------------------------------------------------- automatic frames
def _auto_fx(state: dict, cx: Ctx, fr: Frame) -> None:
    ICON_FX[fr["icon"]](state, cx, fr)


def _auto_refill(state: dict, cx: Ctx, fr: Frame) -> None:
    city.refill(state, cx, fr["row"])


def _auto_achcheck(state: dict, cx: Ctx, fr: Frame) -> None:
    pl = _pl(state, fr)
    new = [a for a in achievements_met(pl, cx.db) if a not in pl["ach"]]
    for a in new:
        pl["ach"][a] = None  # unlocked; the token is chosen by the frame below
        cx.ev("achievement", fr["p"], achievement=a)
    push_seq(state, [{"t": "achieve", "p": fr["p"], "ach": a} for a in new])


def _auto_angry(state: dict, cx: Ctx, fr: Frame) -> None:
    pl = _pl(state, fr)
    i = find_in_line(pl, fr["cust"])
    if i >= 0 and add_angry(pl["line"][i], cx.db):
        cx.ev("angry_token", fr["p"], card=fr["cust"])


AUTO: dict[str, Callable[[dict, Ctx, Frame], None]] = {
    "fx": _auto_fx, "refill": _auto_refill, "achcheck": _auto_achcheck, "angry": _auto_angry,
}


# ---------------------------------------------------------------- decisions
def _where_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    r = fr["row"]
    pl = _pl(state, fr)
    groups = cafe_groups(pl, cx.db) if fr["wom"] else None
    out = []
    for where, cid in city.visible(state, r):
        if groups is not None and not groups_match(groups, cx.db.card(cid)["groups"]) \
                and not mouth_matches(pl, cx.db.card(cid), cx.rules):  # Mouthwatering (variants.py)
            continue
        out.append(Move(f"city:{ROW_NAMES[r]}:{where}",
                        {"kind": "take", "row": r + 1, "where": where, "card": cid, "dest": fr["dest"],
                         "why": fr["why"]}))
    for k, cid in enumerate(fr["peek"]):
        out.append(Move(f"city:{ROW_NAMES[r]}:peek{k + 1}",
                        {"kind": "take", "row": r + 1, "where": f"peek{k + 1}", "card": cid,
                         "dest": fr["dest"], "why": fr["why"]}))
    if out and fr["opt"]:
        out.append(Move("skip", {"kind": "skip", "why": fr["why"]}))
    return out


def _take_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    p, r = fr["p"], fr["row"]
    after: list[Frame] = []
    if fr["peek"]:
        after.append({"t": "reorder", "p": p, "deck": ["city", r], "cards": fr["peek"], "top": []})
    if move.id == "skip":
        cx.ev("skip", p, why=fr["why"])
        push_seq(state, after)
        return
    where = move.payload["where"]
    if where.startswith("peek"):
        cid = fr["peek"].pop(int(where[4:]) - 1)
        cx.reveals = True  # a card only its taker had looked at is shown to the others: no undo
    else:
        gap = city.leaves_gap(state, cx, r, where)
        cid = city.take(state, cx, r, where, refill_now=not fr["peek"])
        if fr["peek"] and gap:  # slot 1 is drawn once the looked-at cards are back
            after.append({"t": "refill", "row": r})
    pl = _pl(state, fr)
    dest = fr["dest"]
    if dest == "line":
        pl["line"].append(line_entry(cid))
    else:
        pl[dest].append(cid)
    cx.ev("take", p, row=r + 1, where=where, card=cid, dest=dest, why=fr["why"])
    if where.startswith("peek") and not fr["peek"] and "city-deck-empty-ends-game" in cx.rules:
        city.end_if_empty(state, cx, r)  # the last looked-at card was the deck's last card (edition 2)
    if r == 0:  # a new customer (Diverse City marks its group award)
        mark_customer(state, cx, p, cid, why=fr["why"])
    if dest == "pantry" and has_variant(state, "mouthwatering"):
        token = cx.db.card(cid).get("special")
        if token and token != pl.get("mouth"):  # the Mouthwatering token of the new upgrade's icon
            after.append({"t": "mouthwatering", "p": p, "icon": token, "card": cid})
    if dest in ("pantry", "style"):
        after.append({"t": "achcheck", "p": p})
    push_seq(state, after)


def _take_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    if fr["peek"]:  # nothing could be taken: put the looked-at cards back
        push(state, {"t": "reorder", "p": fr["p"], "deck": ["city", fr["row"]], "cards": fr["peek"], "top": []})


def _reorder_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if len(fr["cards"]) <= 1:
        return []
    pos = len(fr["top"]) + 1
    return [Move(f"order:{cid}", {"kind": "order", "card": cid, "position": pos}) for cid in fr["cards"]]


def _reorder_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    fr["cards"].remove(move.payload["card"])
    fr["top"].append(move.payload["card"])


def _reorder_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    seq = fr["top"] + fr["cards"]
    kind, idx = fr["deck"]
    deck = state["city"][idx]["deck"] if kind == "city" else state["players"][idx]["deck"]
    deck.extend(reversed(seq))  # seq[0] ends on top
    if seq:
        cx.ev("put_back", fr["p"], private=(fr["p"],), deck=list(fr["deck"]), cards=seq)


def _track_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if not fr["cards"]:
        return []
    cid = fr["cards"][0]
    return [Move(f"track:keep:{cid}", {"kind": "track", "card": cid, "keep": True}),
            Move(f"track:discard:{cid}", {"kind": "track", "card": cid, "keep": False})]


def _track_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    cid = fr["cards"].pop(0)
    if move.payload["keep"]:
        fr["keep"].append(cid)
    else:
        _pl(state, fr)["discard"].append(cid)
        cx.ev("tracking_discard", fr["p"], private=(fr["p"],), card=cid)


def _track_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    push(state, {"t": "reorder", "p": fr["p"], "deck": ["own", fr["p"]], "cards": fr["keep"], "top": []})


def _pick_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if fr["times"] <= 0:
        return []
    out = []
    for cid in _pl(state, fr)[fr["pile"]]:
        for k, ic in enumerate(cx.db.card(cid)["icons"]):
            key = f"{cid}:{k}"
            if ic["icon"] == fr["self"] or key in fr["chosen"]:
                continue
            if fr["exclude_row"] is not None and ic["row"] == fr["exclude_row"]:
                continue
            out.append(Move(f"upgrade:{key}", {"kind": "upgrade_icon", "card": cid, "index": k,
                                               "icon": ic["icon"], "row": ic["row"], "via": fr["self"]}))
    return out


def _pick_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    fr["chosen"].append(f"{move.payload['card']}:{move.payload['index']}")
    fr["times"] -= 1
    cx.ev("activate", fr["p"], icon=move.payload["icon"], card=move.payload["card"], via=fr["self"])
    extra = {"action": fr["exclude_row"]} if move.payload["icon"] == "connections" and fr["exclude_row"] else {}
    push(state, fx(fr["p"], move.payload["icon"], row=move.payload["row"], **extra))


def _peek(state: dict, cx: Ctx, p: int, r: int) -> list[str]:
    deck = state["city"][r]["deck"]
    cards = [deck.pop() for _ in range(min(3, len(deck)))]
    cx.reveals = True
    cx.ev("connections", p, private=(p,), row=r + 1, cards=list(cards))
    return cards


def _action_frame(state: dict, fr: Frame) -> Optional[Frame]:
    """The action in progress whose Innovation icon opened this Connections frame, if any."""
    if not fr.get("action"):
        return None
    for f in reversed(state["stack"]):
        if f["t"] == "icons" and f["p"] == fr["p"] and f["row"] == fr["action"]:
            return f
    return None


def _conn_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    out = [Move(f"conn:{ROW_NAMES[r]}", {"kind": "connections", "row": r + 1})
           for r in range(3) if state["city"][r]["deck"]]
    act = _action_frame(state, fr)
    if act is not None and act["n"] + 1 <= act["limit"]:
        for j, jc in enumerate(act["icons"]):
            if not act["used"][j] and jc["icon"] in CITY_ICON_ROW:
                out.append(Move(f"conn:with:{j}", {"kind": "connections_with", "with": j, "with_icon": jc["icon"],
                                                   "card": jc["src"], "space": act["row"],
                                                   "row": CITY_ICON_ROW[jc["icon"]][0] + 1}))
    return out


def _conn_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    p = fr["p"]
    if move.payload["kind"] == "connections_with":  # the City icon counts as an activation of the action
        act = _action_frame(state, fr)
        j = move.payload["with"]
        act["used"][j] = True
        act["n"] += 1
        r, dest = CITY_ICON_ROW[move.payload["with_icon"]]
        cx.ev("activate", p, icon=move.payload["with_icon"], card=move.payload["card"], space=act["row"])
        push(state, {"t": "take", "p": p, "row": r, "dest": dest, "wom": False, "opt": False,
                     "peek": _peek(state, cx, p, r), "why": move.payload["with_icon"]})
        return
    r = move.payload["row"] - 1
    cards = _peek(state, cx, p, r)
    push(state, {"t": "reorder", "p": p, "deck": ["city", r], "cards": cards, "top": []})


def _target_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    p = fr["p"]
    out = [Move(f"target:p{p}:{e['id']}", {"kind": "target", "player": p, "card": e["id"], "effect": fr["effect"]})
           for e in state["players"][p]["line"]]
    if out and fr["opt"]:
        out.append(Move("skip", {"kind": "skip", "why": fr["why"]}))
    return out


def _target_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    p = fr["p"]
    if move.id == "skip":
        cx.ev("skip", p, why=fr["why"])
        return
    pl = state["players"][p]
    cid = move.payload["card"]
    i = find_in_line(pl, cid)
    if fr["effect"] == "happy":
        add_happy(pl["line"][i])
        cx.ev("happy_token", p, card=cid)
    else:  # lose: to the City customer discard, tokens discarded
        release_tokens(state, pl["line"][i])
        del pl["line"][i]
        if i < pl["served"]:
            pl["served"] -= 1
        state["city"][0]["discard"].append(cid)
        cx.ev("customer_lost", p, card=cid)


def _place_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    pl = _pl(state, fr)
    out = []
    for row in cx.db.action_rows:
        if row in pl["baristas"]:
            continue
        icons = [i["icon"] for i in row_icons(pl, row, cx.db)]
        out.append(Move(f"space:{row}", {"kind": "space", "space": row, "icons": icons}))
    return out


def _place_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    p, row = fr["p"], move.payload["space"]
    pl = _pl(state, fr)
    pl["baristas"].append(row)
    icons = row_icons(pl, row, cx.db)
    cx.ev("barista_placed", p, space=row)
    limit = min(cx.db.setup["max_activations"], len(icons))
    push(state, {"t": "icons", "p": p, "row": row, "icons": icons, "used": [False] * len(icons),
                 "n": 0, "limit": limit})


def _icons_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if fr["n"] >= fr["limit"]:
        return []
    out = []
    for i, ic in enumerate(fr["icons"]):
        if fr["used"][i]:
            continue
        base = {"kind": "icon", "index": i, "icon": ic["icon"], "card": ic["src"], "row": fr["row"]}
        if ic["icon"] != "connections":
            out.append(Move(f"icon:{i}", base))
            continue
        for r in range(3):
            if state["city"][r]["deck"]:
                out.append(Move(f"icon:{i}:alone:{ROW_NAMES[r]}", {**base, "mode": "alone", "deck": r + 1}))
        if fr["n"] + 2 <= fr["limit"]:
            for j, jc in enumerate(fr["icons"]):
                if not fr["used"][j] and jc["icon"] in CITY_ICON_ROW:
                    out.append(Move(f"icon:{i}:with:{j}", {**base, "mode": "with", "with": j,
                                                           "with_icon": jc["icon"]}))
        if not any(m.id.startswith(f"icon:{i}:") for m in out):
            out.append(Move(f"icon:{i}", base))  # nothing to look at: the icon fizzles
    return out


def _icons_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    p = fr["p"]
    i = move.payload["index"]
    fr["used"][i] = True
    fr["n"] += 1
    icon = move.payload["icon"]
    cx.ev("activate", p, icon=icon, card=move.payload["card"], space=fr["row"])
    mode = move.payload.get("mode")
    if mode == "alone":
        r = move.payload["deck"] - 1
        push(state, {"t": "reorder", "p": p, "deck": ["city", r], "cards": _peek(state, cx, p, r), "top": []})
    elif mode == "with":
        j = move.payload["with"]
        fr["used"][j] = True
        fr["n"] += 1
        r, dest = CITY_ICON_ROW[move.payload["with_icon"]]
        cx.ev("activate", p, icon=move.payload["with_icon"], card=fr["icons"][j]["src"], space=fr["row"])
        push(state, {"t": "take", "p": p, "row": r, "dest": dest, "wom": False, "opt": False,
                     "peek": _peek(state, cx, p, r), "why": move.payload["with_icon"]})
    elif icon != "connections":
        push(state, fx(p, icon, row=fr["row"]))


def _serve_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    pl = _pl(state, fr)
    return serve_options(pl, pl["line"][pl["served"]], pl["served"] + 1, cx)


def serve_options(pl: dict, e: dict, position: int, cx: Ctx) -> list[Move]:
    """The serve moves for Line entry ``e`` paid by café ``pl`` (its owner's, or with Sold Out! another
    player's: their resources and Pantry discounts)."""
    card = cx.db.card(e["id"])
    if is_celebrity(card):
        return _celebrity_moves(pl, e, card, position, cx)
    main = order_cost(pl, card["main"]["order"], cx.db)
    ok = can_pay(pl, main)
    # green beans (Health Nuts): extra ways to pay, "serve:main:green:<replaced>"; none without green beans
    green_main = green_payments(pl, main)
    m = mood(e)
    info = {"customer": e["id"], "mood": m, "position": position}
    out = []
    if ok or not green_main:
        out.append(Move("serve:main", {"kind": "serve", **info, "main": ok, "side": False, "cost": main}))
    out += [Move(f"serve:main:green:{label}", {"kind": "serve", **info, "main": True, "side": False, "cost": paid})
            for label, paid in green_main]
    side = card.get("side")
    if side and (ok or green_main):
        both = order_cost(pl, card["main"]["order"] + side["order"], cx.db)
        if can_pay(pl, both):
            out.append(Move("serve:both", {"kind": "serve", **info, "main": True, "side": True, "cost": both}))
        out += [Move(f"serve:both:green:{label}", {"kind": "serve", **info, "main": True, "side": True, "cost": paid})
                for label, paid in green_payments(pl, both)]
    if m == "happy":
        out.append(Move("skip", {"kind": "skip_customer", **info}))
    return out


#: a City Celebrity's main orders, and the serve moves filling them ("both:<side>": that side's ability first)
SIDES = ("left", "right")
_CELEBRITY_SERVES = (("left", [0]), ("right", [1]), ("both:left", [0, 1]), ("both:right", [1, 0]))


def _celebrity_moves(pl: dict, e: dict, card: dict, position: int, cx: Ctx) -> list[Move]:
    """City Celebrities (booklet p. 21): fill the left, the right or both main orders; both: the
    player also chooses which ability runs first.  Neither payable: unserved, as for any customer."""
    m = mood(e)
    info = {"customer": e["id"], "mood": m, "position": position}
    out = []
    for label, orders in _CELEBRITY_SERVES:
        cost = order_cost(pl, [i for k in sorted(orders) for i in card["mains"][k]["order"]], cx.db)
        base = {"kind": "serve", **info, "main": True, "side": len(orders) == 2, "orders": orders}
        if can_pay(pl, cost):
            out.append(Move(f"serve:{label}", {**base, "cost": cost}))
        out += [Move(f"serve:{label}:green:{gl}", {**base, "cost": paid}) for gl, paid in green_payments(pl, cost)]
    if not out:
        cost = order_cost(pl, card["mains"][0]["order"], cx.db)
        out.append(Move("serve:main", {"kind": "serve", **info, "main": False, "side": False, "cost": cost}))
    if m == "happy":
        out.append(Move("skip", {"kind": "skip_customer", **info}))
    return out


def _serve_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    p = fr["p"]
    pl = state["players"][p]
    e = pl["line"][pl["served"]]
    pl["served"] += 1  # the service token moves under this customer: now "served"
    cid = e["id"]
    if move.id == "skip":
        e["happy"] -= 1
        cx.ev("customer_skipped", p, card=cid)
        return
    m = mood(e)
    if not move.payload["main"]:
        if m != "happy" and has_variant(state, "sold_out"):  # Sold Out!: the others may serve it (variant_frames)
            n = len(state["players"])
            others = [(p + k) % n for k in range(1, n) if not state["players"][(p + k) % n].get("automa")]
            if others:
                cx.ev("sold_out", p, card=cid)
                push(state, {"t": "sold_out", "p": others[0], "owner": p, "cust": cid, "queue": others[1:]})
                return
        placed = add_angry(e, cx.db) if m != "angry" else False
        cx.ev("customer_unserved", p, card=cid, angry=placed)
        return
    serve_fill(state, cx, p, p, e, move)


#: rule of edition 4: with Sold Out! the server's Happy reward is not lost (booklet p. 28)
SOLD_OUT_HAPPY = "sold-out-happy-reward"


def serve_fill(state: dict, cx: Ctx, p: int, owner: int, e: dict, move: Move) -> None:
    """Player ``p`` fills the order(s) of customer ``e`` in ``owner``'s Line (``p != owner``: Sold Out!):
    pays, then the rewards and the ability (an angry customer: its angry token goes, nothing else)."""
    pl = state["players"][p]
    cid = e["id"]
    card = cx.db.card(cid)
    m = mood(e)
    celebrity = "orders" in move.payload
    if celebrity:  # City Celebrities: the filled main orders, in the order their abilities run
        orders = [card["mains"][k] for k in move.payload["orders"]]
    else:
        orders = [card["main"]]
        if move.payload["side"]:
            orders.append(card["side"])
    pay(pl, move.payload["cost"])
    extra = {"orders": [SIDES[k] for k in move.payload["orders"]]} if celebrity else {}
    if owner != p:
        extra["owner"] = owner
    cx.ev("customer_served", p, card=cid, side=move.payload["side"], cost=dict(move.payload["cost"]), mood=m,
          **extra)
    if move.payload["cost"].get(GREEN):  # 1 Good Review per green bean spent (Health Nuts, booklet p. 16)
        gain_good(state, cx, p, move.payload["cost"][GREEN], why="green_beans")
    after = [{"t": "neighbour_take", "p": p, "owner": owner, "cust": cid}] \
        if owner != p and has_variant(state, "competitive_neighbour") else []
    if m == "angry":
        e["angry"] = False
        push_seq(state, after)
        return
    # Sold Out! from edition 4: a Happy reward puts its token on the customer, in its owner's Line
    happy_to = owner if SOLD_OUT_HAPPY in cx.rules else p
    frames = [fx(happy_to if r == "happy" else p, r, cust=cid, why="reward") for o in orders for r in o["reward"]]
    # an angry icon in an order angers the customer, in its owner's Line
    frames += [{"t": "angry", "p": owner, "cust": cid} for o in orders for ic in o["order"] if ic == "angry"]
    who = {"owner": owner} if owner != p else {}
    if e.get("game") is not None:  # a Board Game token replaces the ability (abilities_own.py)
        frames.append({"t": "game_bonus", "p": p, "cust": cid, "token": e["game"]})
    elif celebrity:  # each filled order's own ability, mandatory
        frames += [{"t": "ability", "p": p, "cust": cid, "name": o["ability"], "opt": False, "boost": False, **who}
                   for o in orders]
    else:
        frames.append({"t": "ability", "p": p, "cust": cid, "name": card["ability"],
                       "opt": card["kind"] == "friend", "boost": bool(card.get("boost")), **who})
    push_seq(state, frames + after)


def _auto_ability(state: dict, cx: Ctx, fr: Frame) -> None:
    start_ability(state, cx, fr["p"], fr["name"], fr["cust"], fr["opt"], fr.get("boost", False), fr.get("owner"))


AUTO["ability"] = _auto_ability


def _achieve_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    return [Move(f"bonus:{icon}", {"kind": "bonus", "icon": icon, "achievement": fr["ach"]})
            for icon in sorted(set(state["bonus"]["up"]))]


def _achieve_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    icon = move.payload["icon"]
    state["bonus"]["up"].remove(icon)
    _pl(state, fr)["ach"][fr["ach"]] = icon
    cx.ev("bonus_taken", fr["p"], achievement=fr["ach"], icon=icon)
    push(state, fx(fr["p"], icon, why="bonus"))


def _achieve_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    # no bonus left face up: a face-down token, bonus not activated
    got = "facedown" if state["bonus"]["down"] else "none"
    if state["bonus"]["down"]:
        state["bonus"]["down"].pop()
    _pl(state, fr)["ach"][fr["ach"]] = got
    cx.ev("bonus_taken", fr["p"], achievement=fr["ach"], icon=None)


def _may_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    icon = fr["step"]["icon"]
    return [Move(f"may:{icon}", {"kind": "may", "icon": icon}), Move("skip", {"kind": "skip", "why": icon})]


def _may_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    if move.id == "skip":
        cx.ev("skip", fr["p"], why=fr["step"]["icon"])
        return
    push(state, fr["step"])


DECIDE: dict[str, Decision] = {
    "may": Decision(_may_moves, _may_choose),
    "place": Decision(_place_moves, _place_choose),
    "icons": Decision(_icons_moves, _icons_choose),
    "take": Decision(_where_moves, _take_choose, _take_finish),
    "reorder": Decision(_reorder_moves, _reorder_choose, _reorder_finish),
    "track": Decision(_track_moves, _track_choose, _track_finish),
    "pick_icon": Decision(_pick_moves, _pick_choose),
    "conn_row": Decision(_conn_moves, _conn_choose),
    "line_target": Decision(_target_moves, _target_choose),
    "serve": Decision(_serve_moves, _serve_choose),
    "achieve": Decision(_achieve_moves, _achieve_choose, _achieve_finish),
    "boost": Decision(_boost_moves, _boost_choose, _boost_finish),
}
