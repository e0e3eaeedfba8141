"""Steps of the expansion groups' abilities that act on your own café, Line and deck
(expansions booklet pp. 10-17, "Capacités supplémentaires des clients").

Each step registers in :data:`.effects.ICON_FX` (and its decisions in
:data:`.effects.DECIDE`), so ability data in ``groups/*.json`` names them.
A step reads its parameters (``n``, ``boost_draw``) from the ability that runs
it (``fr["ab"]``); a Super ability is the same step twice or a bigger ``n``.

Already elsewhere: Students' ``early_bird`` and Starving Artists' ``draw``
(:mod:`.effects`; ``draw`` records the drawn customer for its ⚡ boost), the
Naptime rule itself (:func:`.effects.start_ability`), paying with green beans
(:func:`.cafe.green_payments`, offered by the serve decision) and the Board
Game token replacing a served customer's ability (the serve decision pushes a
``game_bonus`` frame, run here).
"""
from __future__ import annotations

from typing import Optional

from ..core import Move
from .cafe import GREEN
from .data import card_abilities
from .effects import (AUTO, DECIDE, ICON_FX, Decision, _take_choose, _where_moves, fx, note_touched, push,
                      reward_icon_count, start_ability)
from .model import Ctx, draw_own, find_in_line, gain_good, line_entry, release_tokens, shuffle

__all__ = ["TOKEN_REVIEWS"]

#: a served customer with a Board Game token gives this many Good Reviews minus its reward icons
TOKEN_REVIEWS = 5


def _ability(cx: Ctx, fr: dict) -> dict:
    return cx.db.abilities.get(fr.get("ab") or "", {})


def _group_of(cx: Ctx, ab: Optional[str]) -> Optional[str]:
    """The customer group whose (Super) ability is ``ab``."""
    for gid, g in cx.db.groups.items():
        if ab is not None and ab in (g.get("ability"), g.get("super_ability")):
            return gid
    return None


def _in_group(cx: Ctx, cid: str, gid: Optional[str]) -> bool:
    return gid is not None and gid in cx.db.card(cid)["groups"]


# ---------------------------------------------------------------- Funemployed Expats: Meet Up
def _meet_up(state: dict, cx: Ctx, fr: dict) -> None:
    """A customer of your discard pile joins the end of your Line; with an empty discard
    pile, Attract a Customer instead (no Good Reviews)."""
    p = fr["p"]
    if state["players"][p]["discard"]:
        push(state, {"t": "meet_up", "p": p})
        return
    cx.ev("meet_up_attract", p)
    push(state, {"t": "take", "p": p, "row": 0, "dest": "discard", "wom": False, "opt": False, "peek": [],
                 "why": "meet_up"})


def _meet_up_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    return [Move(f"meet_up:{cid}", {"kind": "meet_up", "card": cid, "reviews": reward_icon_count(cx.db.card(cid))})
            for cid in state["players"][fr["p"]]["discard"]]


def _meet_up_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    p, cid = fr["p"], move.payload["card"]
    pl = state["players"][p]
    pl["discard"].remove(cid)
    pl["line"].append(line_entry(cid))
    cx.reveals = True  # a card of a discard pile only its owner sees is shown to all: no undo
    n = reward_icon_count(cx.db.card(cid))
    cx.ev("meet_up", p, card=cid, n=n)
    if n:
        gain_good(state, cx, p, n, why="meet_up")


# ---------------------------------------------------------------- Performers: Acting
def _acting(state: dict, cx: Ctx, fr: dict) -> None:
    push(state, {"t": "acting", "p": fr["p"], "cust": fr.get("cust"), "ab": fr.get("ab"),
                 "not": list(fr.get("not", [])), "boost": bool(fr.get("boost"))})


def _acting_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    own = _group_of(cx, fr["ab"])
    out = []
    for e in state["players"][fr["p"]]["line"]:
        cid = e["id"]
        if cid == fr["cust"] or cid in fr["not"] or _in_group(cx, cid, own):
            continue
        abilities = card_abilities(cx.db.card(cid))
        if len(abilities) == 1:
            out.append(Move(f"acting:{cid}", {"kind": "acting", "card": cid, "ability": abilities[0]}))
            continue
        # a City Celebrity: one of its two abilities, never both (booklet p. 22, Imitateur)
        out += [Move(f"acting:{cid}:{side}", {"kind": "acting", "card": cid, "ability": ab, "order": side})
                for side, ab in zip(("left", "right"), abilities)]
    return out


def _acting_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    stack = state["stack"]
    stack.pop()
    p, cid = fr["p"], move.payload["card"]
    for f in reversed(stack):  # Super Acting: the second step may not copy the same customer
        if f["t"] == "fx" and f["icon"] == "acting" and f["p"] == p and f.get("cust") == fr["cust"]:
            f["not"] = list(f.get("not", [])) + [cid]
            break
    if fr["boost"]:
        note_touched(state, p, cid)
    ability = move.payload["ability"]
    cx.ev("acting", p, card=cid, ability=ability, via=fr["cust"])
    push(state, {"t": "touch_fence", "p": p})  # what the copy chooses is not the Performer's boost's
    start_ability(state, cx, p, ability, cid, optional=False)  # mandatory even if normally optional


# ---------------------------------------------------------------- Happy Families: Naptime
def _naptime(state: dict, cx: Ctx, fr: dict) -> None:
    push(state, {"t": "naptime", "p": fr["p"], "ab": fr.get("ab")})


def _naptime_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    own = _group_of(cx, fr["ab"])
    pl = state["players"][fr["p"]]
    if "naptime-five-tokens" in cx.rules and _naptime_tokens_left(state, cx, own) == 0:
        return []  # the box's tokens are all on customers: Naptime does nothing (RULES_NOTES)
    return [Move(f"nap:{e['id']}", {"kind": "naptime", "card": e["id"]})
            for i, e in enumerate(pl["line"])
            if i >= pl["served"] and not e.get("nap") and not _in_group(cx, e["id"], own)]


def _naptime_tokens_left(state: dict, cx: Ctx, group: Optional[str]) -> Optional[int]:
    """Naptime tokens not on a customer (every Line counts: the tokens are shared); ``None``:
    the group's data gives no count (unlimited)."""
    total = cx.db.groups.get(group or "", {}).get("naptime_tokens")
    if total is None:
        return None
    return max(0, total - sum(1 for pl in state["players"] for e in pl["line"] if e.get("nap")))


def _naptime_finish(state: dict, cx: Ctx, fr: dict) -> None:
    """Naptime with no customer to put to sleep: the log says why, so the player is not left wondering."""
    out_of_tokens = ("naptime-five-tokens" in cx.rules
                     and _naptime_tokens_left(state, cx, _group_of(cx, fr["ab"])) == 0)
    if out_of_tokens:
        cx.ev("naptime_no_token", fr["p"])
    else:
        cx.ev("naptime_no_customer", fr["p"])


def _naptime_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    pl = state["players"][fr["p"]]
    cid = move.payload["card"]
    pl["line"][find_in_line(pl, cid)]["nap"] = True
    cx.ev("nap_token", fr["p"], card=cid)


# ---------------------------------------------------------------- Friendly Locals: Regular
def _regular(state: dict, cx: Ctx, fr: dict) -> None:
    push(state, {"t": "regular", "p": fr["p"]})


def _regular_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    return [Move(f"regular:{e['id']}", {"kind": "regular", "card": e["id"],
                                         "reviews": reward_icon_count(cx.db.card(e["id"]))})
            for e in state["players"][fr["p"]]["line"]]


def _regular_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    p, cid = fr["p"], move.payload["card"]
    pl = state["players"][p]
    i = find_in_line(pl, cid)
    release_tokens(state, pl["line"][i])
    del pl["line"][i]
    if i < pl["served"]:  # the service token stays under the same next customer
        pl["served"] -= 1
    pl["deck"].append(cid)  # face down on top
    n = reward_icon_count(cx.db.card(cid))
    cx.ev("regular", p, card=cid, n=n)
    if n:
        gain_good(state, cx, p, n, why="regular")


# ---------------------------------------------------------------- Health Nuts: Fair Trade
def _fair_trade(state: dict, cx: Ctx, fr: dict) -> None:
    push(state, {"t": "fair_trade", "p": fr["p"], "left": _ability(cx, fr).get("n", 2)})


#: rule of edition 4: in Artisan mode crafted special resources may be traded too, 1 each (booklet p. 16)
FAIR_TRADE_CRAFTED = "artisan-fair-trade-crafted"


def _fair_trade_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    if fr["left"] <= 0:
        return []
    pl = state["players"][fr["p"]]
    out = [Move(f"trade:{r}", {"kind": "fair_trade", "res": r, "left": fr["left"]})
           for r, v in pl["res"].items() if r != GREEN and v > 0]
    if FAIR_TRADE_CRAFTED in cx.rules:  # "crafted" exists only in Artisan mode (crafting.py)
        out += [Move(f"trade:crafted:{r}", {"kind": "fair_trade", "res": r, "crafted": True, "left": fr["left"]})
                for r, v in pl.get("crafted", {}).items() if v > 0]
    return out


def _fair_trade_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    pl = state["players"][fr["p"]]
    res = pl["res"]
    r = move.payload["res"]
    (pl["crafted"] if move.payload.get("crafted") else res)[r] -= 1
    res[GREEN] = res.get(GREEN, 0) + 1  # the key appears with a player's first green bean
    fr["left"] -= 1
    cx.ev("fair_trade", fr["p"], res=r, green=res[GREEN])


# ---------------------------------------------------------------- Fashionistas: Camp Out
def _camp_out(state: dict, cx: Ctx, fr: dict) -> None:
    push(state, {"t": "camp_out", "p": fr["p"], "row": 0, "dest": "deck", "wom": False,
                 "opt": bool(fr.get("opt")), "peek": [], "why": "camp_out", "boost": bool(fr.get("boost"))})


def _camp_out_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    _take_choose(state, cx, fr, move)  # a visible City customer, as Walk-In; "deck": onto its top
    if move.id != "skip" and fr["boost"]:
        note_touched(state, fr["p"], move.payload["card"])


# ---------------------------------------------------------------- Upper Class: Exclusivity
def _exclusivity(state: dict, cx: Ctx, fr: dict) -> None:
    p = fr["p"]
    cid = draw_own(state, cx, p)  # shuffles the discard pile in when the deck is empty
    if cid is None:
        cx.ev("exclusivity", p, card=None, n=0)
        return
    state["players"][p]["discard"].append(cid)
    n = reward_icon_count(cx.db.card(cid))
    cx.reveals = True
    cx.ev("exclusivity", p, card=cid, n=n)
    if n:
        gain_good(state, cx, p, n, why="exclusivity")


# ---------------------------------------------------------------- Board Game Geeks: Board Games
def _draw_tokens(state: dict, cx: Ctx, k: int) -> list[str]:
    """``k`` tokens at random from the bag; an empty bag is refilled from the tokens' discard pile."""
    bg = state["board_games"]
    out: list[str] = []
    for _ in range(k):
        if not bg["bag"]:
            if not bg["discard"]:
                break
            bg["bag"], bg["discard"] = bg["discard"], []
            shuffle(state, bg["bag"])
            cx.ev("board_games_reshuffle", tokens=len(bg["bag"]))
        out.append(bg["bag"].pop())
    cx.reveals = True
    return out


def _board_games(state: dict, cx: Ctx, fr: dict) -> None:
    p = fr["p"]
    if "board_games" not in state:  # no tokens in this game
        return
    ab = _ability(cx, fr)
    n = ab.get("n", 1)
    drawn = _draw_tokens(state, cx, ab.get("boost_draw", n) if fr.get("boost") else n)
    cx.ev("board_games_drawn", p, tokens=list(drawn))
    push(state, {"t": "board_games", "p": p, "drawn": drawn, "uses": n})


def _board_games_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    if fr["uses"] <= 0 or not fr["drawn"]:
        return []
    pl = state["players"][fr["p"]]
    free = [e["id"] for i, e in enumerate(pl["line"]) if i >= pl["served"] and e.get("game") is None]
    out = []
    for icon in dict.fromkeys(fr["drawn"]):
        out.append(Move(f"board_game:{icon}:activate", {"kind": "board_game", "token": icon, "use": "activate"}))
        out += [Move(f"board_game:{icon}:{cid}", {"kind": "board_game", "token": icon, "use": "place", "card": cid})
                for cid in free]
    return out


def _board_games_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    p, icon = fr["p"], move.payload["token"]
    fr["drawn"].remove(icon)
    fr["uses"] -= 1
    if move.payload["use"] == "activate":
        state["board_games"]["discard"].append(icon)
        cx.ev("board_game_activated", p, token=icon)
        push(state, fx(p, icon, why="board_game"))
        return
    pl = state["players"][p]
    cid = move.payload["card"]
    pl["line"][find_in_line(pl, cid)]["game"] = icon
    cx.ev("board_game_placed", p, token=icon, card=cid)


def _board_games_finish(state: dict, cx: Ctx, fr: dict) -> None:
    if fr["drawn"]:  # ⚡ boost: the tokens not used are discarded
        state["board_games"]["discard"].extend(fr["drawn"])
        cx.ev("board_games_unused", fr["p"], tokens=list(fr["drawn"]))


def _auto_game_bonus(state: dict, cx: Ctx, fr: dict) -> None:
    """Serving a customer with a Board Game token: Good Reviews instead of its ability."""
    n = max(0, TOKEN_REVIEWS - reward_icon_count(cx.db.card(fr["cust"])))
    cx.ev("board_game_bonus", fr["p"], card=fr["cust"], token=fr["token"], n=n)
    if n:
        gain_good(state, cx, fr["p"], n, why="board_game")


ICON_FX.update({
    "meet_up": _meet_up,
    "acting": _acting,
    "naptime": _naptime,
    "regular": _regular,
    "fair_trade": _fair_trade,
    "camp_out": _camp_out,
    "exclusivity": _exclusivity,
    "board_games": _board_games,
})
AUTO.update({
    "touch_fence": lambda state, cx, fr: None,
    "game_bonus": _auto_game_bonus,
})
DECIDE.update({
    "meet_up": Decision(_meet_up_moves, _meet_up_choose),
    "acting": Decision(_acting_moves, _acting_choose),
    "naptime": Decision(_naptime_moves, _naptime_choose, _naptime_finish),
    "regular": Decision(_regular_moves, _regular_choose),
    "fair_trade": Decision(_fair_trade_moves, _fair_trade_choose),
    "camp_out": Decision(_where_moves, _camp_out_choose),
    "board_games": Decision(_board_games_moves, _board_games_choose, _board_games_finish),
})
