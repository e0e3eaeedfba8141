"""Steps of the expansion groups' abilities that reach into other players' cafés,
Lines and decks, or the City's group awards (expansions booklet pp. 10-17,
"Capacités supplémentaires des clients"; English quick reference at the end).

Each step registers in :data:`.effects.ICON_FX` (and its decisions in
:data:`.effects.DECIDE`); the acting player makes every choice, one decision
at a time.  As everywhere in the engine, a choice the rules give is asked even
when it has one possible answer (the target player, the option); what the rules
fix (the set of three resources without green beans, a Good Review on each
matching award, the only award left to choose) happens without a decision.

* ``ddos`` (Tech Nerds): Customer Tracking on your own deck, or look at the
  top ``n`` cards of another player's deck, discard any of them to that
  player's discard pile and put the rest back in any order.
* ``swap_customers`` (Street Smarts): swap two customers among the un-served
  ones of every Line and the visible City customers.
* ``disrupt`` (Rebels): an angry token on an un-served customer of any Line.
* ``arrest`` (Authority Figures): discard any customer of any Line to its
  player's discard pile.
* ``steal`` (Criminal Minds): steal a set of three resources from another player.
* ``roast`` (Coffee Connoisseurs): give ``n`` beans to another player.
* ``newsflash`` (Hungry Media): Good or Bad Reviews onto group awards
  (``state["award_reviews"]``), paid out at final scoring (:mod:`.scoring`).

Our readings where the booklet is silent are in ``RULES_NOTES.md``
("Interaction abilities"); solo against Starbots in ``SOLO.md``.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from typing import Any, Optional

from ..core import Move
from . import city
from .crafting import artisan_on
from .data import WILDCARD, card_abilities
from .effects import AUTO, DECIDE, ICON_FX, Decision, fx, note_touched, push  # noqa: F401
from .model import Ctx, add_angry, draw_own, find_in_line, gain_bad, gain_good, line_entry, release_tokens, take_good_review
from .variants import mark_customer

__all__ = ["ANGER_IMMUNE", "ARREST_IMMUNE", "steal_types"]

Frame = dict
#: groups Disrupt may not target (booklet: Rebels and Authority Figures)
ANGER_IMMUNE = ("rebels", "authority_figures")
#: groups Arrest may not discard
ARREST_IMMUNE = ("authority_figures",)


def _param(cx: Ctx, fr: Frame, key: str, default: int) -> int:
    return cx.db.abilities.get(fr.get("ab") or "", {}).get(key, default)


def _cafes(state: dict) -> list[int]:
    """Seats with a Line and resources (not the solo automa)."""
    return [q for q, pl in enumerate(state["players"]) if not pl.get("automa")]


def _later_step(state: dict, fr: Frame) -> Optional[Frame]:
    """The next pending step frame of the same running ability (Super abilities: the second step)."""
    for f in reversed(state["stack"]):
        if f is not fr and f["t"] == "fx" and f["icon"] == fr["icon"] and f["p"] == fr["p"] \
                and f.get("cust") == fr.get("cust") and f.get("ab") == fr.get("ab"):
            return f
    return None


def _groups_of(cx: Ctx, cid: str) -> list[str]:
    return cx.db.card(cid)["groups"]


# ---------------------------------------------------------------- DDoS Attack (Tech Nerds)
def _pile_size(state: dict, q: int) -> int:
    pl = state["players"][q]
    return len(pl["deck"]) + len(pl["discard"])


def _ddos(state: dict, cx: Ctx, fr: Frame) -> None:
    push(state, {"t": "ddos", "p": fr["p"], "n": _param(cx, fr, "n", 2)})


def _ddos_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    p, n = fr["p"], fr["n"]
    out = [Move("ddos:own", {"kind": "ddos", "player": p, "n": n, "cards": min(n, _pile_size(state, p))})]
    for q in range(len(state["players"])):
        if q != p:
            out.append(Move(f"ddos:p{q}", {"kind": "ddos", "player": q, "n": n,
                                           "cards": min(n, _pile_size(state, q))}))
    return out


def _ddos_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    p, q, n = fr["p"], move.payload["player"], fr["n"]
    if q == p:  # Customer Tracking on your own deck, with this ability's number of cards
        cx.ev("ddos", p, target=p, n=n)
        push(state, fx(p, "customer_tracking", n=n))
        return
    cards = []
    for _ in range(n):
        cid = draw_own(state, cx, q)  # shuffles that player's discard pile in when needed
        if cid is None:
            break
        cards.append(cid)
    cx.ev("ddos", p, target=q, n=len(cards))
    cx.ev("ddos_look", p, private=(p,), target=q, cards=list(cards))
    if state["players"][q].get("automa"):
        # Starbots never draws and has no discard pile: its cards go back as they were (SOLO.md)
        state["players"][q]["deck"].extend(reversed(cards))
        return
    push(state, {"t": "ddos_track", "p": p, "q": q, "cards": cards, "keep": []})


def _ddos_track_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if not fr["cards"]:
        return []
    cid = fr["cards"][0]
    base = {"kind": "ddos_track", "player": fr["q"], "card": cid}
    return [Move(f"ddos:keep:{cid}", {**base, "keep": True}),
            Move(f"ddos:discard:{cid}", {**base, "keep": False})]


def _ddos_track_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    cid = fr["cards"].pop(0)
    if move.payload["keep"]:
        fr["keep"].append(cid)
        return
    state["players"][fr["q"]]["discard"].append(cid)
    cx.reveals = True  # the victim now sees a card of their own deck: no undo
    # the victim sees the card in their own discard pile; the others only that one was discarded
    cx.ev("ddos_discard", fr["p"], private=(fr["p"], fr["q"]), target=fr["q"], card=cid)


def _ddos_track_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    push(state, {"t": "reorder", "p": fr["p"], "deck": ["own", fr["q"]], "cards": fr["keep"], "top": []})


# ---------------------------------------------------------------- Swap Customers (Street Smarts)
def _swap_places(state: dict) -> list[dict[str, Any]]:
    """Every customer that may be swapped: un-served ones in any Line, visible City customers."""
    out: list[dict[str, Any]] = []
    for q in _cafes(state):
        pl = state["players"][q]
        for e in pl["line"][pl["served"]:]:
            out.append({"player": q, "card": e["id"]})
    for where, cid in city.visible(state, 0):
        out.append({"city": where, "card": cid})
    return out


def _place_key(pos: dict) -> str:
    return f"p{pos['player']}:{pos['card']}" if "player" in pos else f"city:{pos['city']}"


def _swap(state: dict, cx: Ctx, fr: Frame) -> None:
    push(state, {"t": "swap", "p": fr["p"], "first": None, "prev": fr.get("prev"),
                 "step": {k: fr.get(k) for k in ("icon", "cust", "ab")}})


def _swap_pair_ok(fr: Frame, a: dict, b: dict) -> bool:
    return a["card"] != b["card"] and sorted((a["card"], b["card"])) != (fr["prev"] or [])


def _swap_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    places = _swap_places(state)
    if fr["first"] is None:
        return [Move(f"swap:{_place_key(a)}", {"kind": "swap", "pick": 1, **a})
                for a in places if any(_swap_pair_ok(fr, a, b) for b in places)]
    first = fr["first"]
    return [Move(f"swap:{_place_key(b)}", {"kind": "swap", "pick": 2, **b, "with": dict(first)})
            for b in places if _swap_pair_ok(fr, first, b)]


def _get_place(state: dict, pos: dict) -> tuple[list, int]:
    """The list holding the customer and its index (a Line, a City row's slots or discard pile)."""
    if "player" in pos:
        line = state["players"][pos["player"]]["line"]
        return line, find_in_line({"line": line}, pos["card"])
    row = state["city"][0]
    if pos["city"] == "discard":
        return row["discard"], len(row["discard"]) - 1
    return row["slots"], int(pos["city"][4:]) - 1


def _swap_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    pos = {k: v for k, v in move.payload.items() if k in ("player", "city", "card")}
    if fr["first"] is None:
        fr["first"] = pos
        return
    state["stack"].pop()
    a, b = fr["first"], pos
    la, ia = _get_place(state, a)
    lb, ib = _get_place(state, b)
    ea, eb = la[ia], lb[ib]
    # a customer keeps its tokens inside and between Lines; one moved to the City loses them
    if "player" in a and "player" in b:
        la[ia], lb[ib] = eb, ea
    elif "player" in a:
        release_tokens(state, ea)
        la[ia], lb[ib] = line_entry(eb), ea["id"]
    elif "player" in b:
        release_tokens(state, eb)
        la[ia], lb[ib] = eb["id"], line_entry(ea)
    else:  # two City customers change places (RULES_NOTES: allowed)
        la[ia], lb[ib] = eb, ea
    p = fr["p"]
    cx.ev("swap", p, a=dict(a), b=dict(b))
    # Diverse City: a Line that got a customer from the City or another café marks it
    for got, came in ((a, b), (b, a)):
        if "player" in got and came.get("player") != got["player"]:
            mark_customer(state, cx, got["player"], came["card"], why="swap")
    note_touched(state, p, a["card"])
    note_touched(state, p, b["card"])
    nxt = _later_step(state, {"t": "fx", "p": p, **fr["step"]})
    if nxt is not None:  # Super Swap: the second swap may not be the same two customers
        nxt["prev"] = sorted((a["card"], b["card"]))


def _swap_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    cx.ev("swap_nothing", fr["p"])


# ---------------------------------------------------------------- Disrupt (Rebels)
def _disrupt_targets(state: dict, cx: Ctx) -> list[tuple[int, str]]:
    out = []
    for q in _cafes(state):
        pl = state["players"][q]
        for e in pl["line"][pl["served"]:]:
            card = cx.db.card(e["id"])
            if e["angry"] or set(card["groups"]) & set(ANGER_IMMUNE):
                continue
            if any(cx.db.abilities[a].get("passive") == "no_angry" for a in card_abilities(card)):
                continue  # Patience: an angry token cannot be placed (RULES_NOTES)
            out.append((q, e["id"]))
    return out


def _disrupt(state: dict, cx: Ctx, fr: Frame) -> None:
    push(state, {"t": "disrupt", "p": fr["p"], "cust": fr.get("cust")})


def _disrupt_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    return [Move(f"disrupt:p{q}:{cid}", {"kind": "disrupt", "player": q, "card": cid})
            for q, cid in _disrupt_targets(state, cx)]


def _disrupt_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    q, cid = move.payload["player"], move.payload["card"]
    pl = state["players"][q]
    add_angry(pl["line"][find_in_line(pl, cid)], cx.db)
    cx.ev("disrupt", fr["p"], target=q, card=cid)
    note_touched(state, fr["p"], cid)


def _disrupt_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    """No valid customer: the angry token goes on this customer itself (if it has none)."""
    p, cid = fr["p"], fr.get("cust")
    pl = state["players"][p]
    i = find_in_line(pl, cid or "")
    placed = i >= 0 and not pl["line"][i]["angry"] and add_angry(pl["line"][i], cx.db)
    cx.ev("disrupt_self", p, card=cid, placed=bool(placed))


# ---------------------------------------------------------------- Arrest (Authority Figures)
def _arrest(state: dict, cx: Ctx, fr: Frame) -> None:
    push(state, {"t": "arrest", "p": fr["p"]})


def _arrest_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    out = []
    for q in _cafes(state):
        for e in state["players"][q]["line"]:
            if not set(_groups_of(cx, e["id"])) & set(ARREST_IMMUNE):
                out.append(Move(f"arrest:p{q}:{e['id']}", {"kind": "arrest", "player": q, "card": e["id"]}))
    return out


def _arrest_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    q, cid = move.payload["player"], move.payload["card"]
    pl = state["players"][q]
    i = find_in_line(pl, cid)
    release_tokens(state, pl["line"][i])  # happy/angry tokens leave with it (no review)
    del pl["line"][i]
    if i < pl["served"]:
        pl["served"] -= 1  # the service token stays under the same customers
    pl["discard"].append(cid)
    cx.ev("arrest", fr["p"], target=q, card=cid)
    note_touched(state, fr["p"], cid)


def _arrest_finish(state: dict, cx: Ctx, fr: Frame) -> None:
    cx.ev("arrest_nothing", fr["p"])


# ---------------------------------------------------------------- Steal Resources (Criminal Minds)
#: rule of edition 4: in Artisan mode a stolen set may include the six special resources (booklet p. 14)
STEAL_CRAFTED = "artisan-steal-crafted"


def steal_types(state: dict, db: Any, rules: frozenset = frozenset()) -> list[str]:
    """Resources a set is made of: the basic three, green beans when Health Nuts are in play and,
    from edition 4 in Artisan mode, the six crafted special resources."""
    out = list(db.basic)
    if "health_nuts" in state["groups"] or any("green" in pl["res"] for pl in state["players"]):
        out.append("green")
    if STEAL_CRAFTED in rules and artisan_on(state):
        out += list(db.special)
    return out


def _pool(pl: dict, r: str) -> dict[str, int]:
    """Where a player keeps resource ``r``: crafted tokens (Artisan mode) or the resource supply."""
    crafted = pl.get("crafted")
    return crafted if crafted is not None and r in crafted else pl["res"]


def _steal_outcome(state: dict, p: int, q: int, combo: tuple[str, ...]) -> dict[str, Any]:
    need = Counter(combo)
    me, them = state["players"][p], state["players"][q]
    take = {r: min(k, _pool(them, r).get(r, 0)) for r, k in need.items()}
    missing = {r: k - take[r] for r, k in need.items()}
    # the missing ones are paid from your own supply (what you just stole included)
    pay = {r: min(m, _pool(me, r).get(r, 0) + take[r]) for r, m in missing.items()}
    short = sum(missing.values()) - sum(pay.values())
    return {"take": {r: n for r, n in take.items() if n}, "pay": {r: n for r, n in pay.items() if n},
            "bad": 1 if short else 0}


def _steal_sets(state: dict, cx: Ctx, fr: Frame) -> list[tuple[str, ...]]:
    types = steal_types(state, cx.db, cx.rules)
    if fr["free"]:
        return list(combinations_with_replacement(types, 3))
    return list(combinations(types, 3))


def _steal(state: dict, cx: Ctx, fr: Frame) -> None:
    p = fr["p"]
    frame = {"t": "steal", "p": p, "victim": None, "free": bool(fr.get("boost")),
             "step": {k: fr.get(k) for k in ("icon", "cust", "ab")}}
    if not [q for q in _cafes(state) if q != p]:
        cx.ev("steal_nothing", p)
        return
    push(state, frame)


def _steal_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    p = fr["p"]
    if fr["victim"] is None:
        return [Move(f"steal:p{q}", {"kind": "steal_from", "player": q}) for q in _cafes(state) if q != p]
    q = fr["victim"]
    return [Move(f"steal:set:{'+'.join(combo)}",
                 {"kind": "steal_set", "player": q, "set": list(combo), **_steal_outcome(state, p, q, combo)})
            for combo in _steal_sets(state, cx, fr)]


def _steal_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    if move.payload["kind"] == "steal_from":
        fr["victim"] = move.payload["player"]
        sets = _steal_sets(state, cx, fr)
        if len(sets) == 1:
            state["stack"].pop()
            _steal_resolve(state, cx, fr, sets[0])
        return
    state["stack"].pop()
    _steal_resolve(state, cx, fr, tuple(move.payload["set"]))


def _steal_resolve(state: dict, cx: Ctx, fr: Frame, combo: tuple[str, ...]) -> None:
    p, q = fr["p"], fr["victim"]
    out = _steal_outcome(state, p, q, combo)
    me, them = state["players"][p], state["players"][q]
    for r, n in out["take"].items():
        _pool(them, r)[r] -= n
        _pool(me, r)[r] = _pool(me, r).get(r, 0) + n
    for r, n in out["pay"].items():
        _pool(me, r)[r] -= n  # back to the City's supply
    cx.ev("steal", p, target=q, set=list(combo), took=dict(out["take"]), paid=dict(out["pay"]))
    if out["bad"]:
        gain_bad(state, cx, p, 1, why="steal")
    if len(set(combo)) < 3:  # the ⚡ boost frees one set only: later steps steal different resources
        nxt = _later_step(state, {"t": "fx", "p": p, **fr["step"]})
        if nxt is not None:
            nxt["boost"] = False


# ---------------------------------------------------------------- Roast (Coffee Connoisseurs)
def _roast(state: dict, cx: Ctx, fr: Frame) -> None:
    p, n = fr["p"], _param(cx, fr, "n", 3)
    if len(state["players"]) > 1:
        push(state, {"t": "roast", "p": p, "n": n})


def _roast_split(state: dict, p: int, n: int) -> tuple[int, int]:
    own = min(n, state["players"][p]["res"]["beans"])
    return own, n - own


def _roast_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    own, rest = _roast_split(state, fr["p"], fr["n"])
    return [Move(f"roast:p{q}", {"kind": "roast", "player": q, "n": fr["n"], "own": own, "city": rest,
                                 "reviews": own})
            for q in range(len(state["players"])) if q != fr["p"]]


def _roast_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    state["stack"].pop()
    _roast_give(state, cx, fr["p"], move.payload["player"], fr["n"])


def _roast_give(state: dict, cx: Ctx, p: int, q: int, n: int) -> None:
    own, rest = _roast_split(state, p, n)
    state["players"][p]["res"]["beans"] -= own
    if not state["players"][q].get("automa"):  # Starbots keeps no resources: back to the City (SOLO.md)
        state["players"][q]["res"]["beans"] += n
    cx.ev("roast", p, target=q, n=n, own=own, city=rest)
    if own:
        gain_good(state, cx, p, own, why="roast")


# ---------------------------------------------------------------- Newsflash (Hungry Media)
def _award_reviews(state: dict, group: str) -> dict[str, int]:
    return state.setdefault("award_reviews", {}).setdefault(group, {"good": 0, "bad": 0})


def _matching(state: dict, cx: Ctx, p: int) -> list[str]:
    """Group awards in play matching a customer in the player's Line (in the awards' order)."""
    line = {g for e in state["players"][p]["line"] for g in _groups_of(cx, e["id"])}
    if WILDCARD in line:  # Quality Beasts / Cubee: any group but Quality Beasts (booklet p. 21)
        line |= {g for g in state["groups"] if g != "quality_beasts"}
    return [g for g in state["groups"] if g in line]


def _place_good(state: dict, cx: Ctx, p: int, group: str) -> None:
    """One Good Review from the City pool (the box once it is empty) onto an award."""
    take_good_review(state, cx)
    _award_reviews(state, group)["good"] += 1
    cx.ev("award_review", p, group=group, kind="good", source="city")


def _place_bad(state: dict, cx: Ctx, p: int, group: str) -> None:
    """One Bad Review onto an award: from your café if you have one, else from the supply."""
    pl = state["players"][p]
    source = "supply"
    if pl["bad"] > 0:
        pl["bad"] -= 1
        source = "cafe"
    _award_reviews(state, group)["bad"] += 1
    cx.ev("award_review", p, group=group, kind="bad", source=source)


def _newsflash(state: dict, cx: Ctx, fr: Frame) -> None:
    frame = {"t": "newsflash", "p": fr["p"], "good": _param(cx, fr, "good", 3), "bad": _param(cx, fr, "bad", 1),
             "both": bool(fr.get("boost")), "done": [], "mode": None, "left": 0, "picked": []}
    push(state, frame)
    _nf_settle(state, cx, frame)


def _nf_options(state: dict, cx: Ctx, fr: Frame) -> list[str]:
    out = []
    if "good" not in fr["done"] and _matching(state, cx, fr["p"]):
        out.append("good")
    if "bad" not in fr["done"] and state["groups"]:
        out.append("bad")
    return out


def _nf_choices(state: dict, cx: Ctx, fr: Frame) -> list[str]:
    if fr["mode"] == "bad":
        return list(state["groups"])
    match = _matching(state, cx, fr["p"])
    if fr["mode"] == "good_distinct":  # more matching awards than reviews: one each on the chosen ones
        return [g for g in match if g not in fr["picked"]]
    return match


def _nf_start(state: dict, cx: Ctx, fr: Frame, option: str) -> None:
    cx.ev("newsflash", fr["p"], option=option, n=fr[option])
    if option == "bad":
        fr["mode"], fr["left"] = "bad", fr["bad"]
        return
    match = _matching(state, cx, fr["p"])
    if fr["good"] >= len(match):  # at least one on each matching award, the rest where you choose
        for g in match:
            _place_good(state, cx, fr["p"], g)
        fr["mode"], fr["left"] = "good_any", fr["good"] - len(match)
    else:
        fr["mode"], fr["left"], fr["picked"] = "good_distinct", fr["good"], []


def _nf_place(state: dict, cx: Ctx, fr: Frame, group: str) -> None:
    if fr["mode"] == "bad":
        _place_bad(state, cx, fr["p"], group)
    else:
        _place_good(state, cx, fr["p"], group)
        fr["picked"].append(group)
    fr["left"] -= 1


def _nf_settle(state: dict, cx: Ctx, fr: Frame) -> None:
    """Apply everything that needs no choice; pop the frame once the ability is done."""
    while True:
        if fr["mode"] is None:
            opts = _nf_options(state, cx, fr)
            if not opts or (fr["done"] and not fr["both"]):
                state["stack"].pop()
                return
            if not fr["done"]:
                return  # the player chooses the option (⚡: the one done first)
            _nf_start(state, cx, fr, opts[0])  # ⚡: then the other one
            continue
        choices = _nf_choices(state, cx, fr)
        if fr["left"] <= 0 or not choices:
            fr["done"].append("good" if fr["mode"].startswith("good") else "bad")
            fr["mode"], fr["left"], fr["picked"] = None, 0, []
            continue
        if len(choices) == 1 or (fr["mode"] == "good_distinct" and len(choices) <= fr["left"]):
            _nf_place(state, cx, fr, choices[0])
            continue
        return


def _nf_moves(state: dict, fr: Frame, cx: Ctx) -> list[Move]:
    if fr["mode"] is None:
        return [Move(f"newsflash:{o}", {"kind": "newsflash", "option": o, "reviews": fr[o],
                                        "matching": _matching(state, cx, fr["p"]) if o == "good" else None})
                for o in _nf_options(state, cx, fr)]
    kind = "bad" if fr["mode"] == "bad" else "good"
    src = None
    if kind == "bad":
        src = "cafe" if state["players"][fr["p"]]["bad"] > 0 else "supply"
    return [Move(f"newsflash:{kind}:{g}", {"kind": "award_review", "review": kind, "group": g,
                                           "left": fr["left"], "source": src})
            for g in _nf_choices(state, cx, fr)]


def _nf_choose(state: dict, cx: Ctx, fr: Frame, move: Move) -> None:
    if fr["mode"] is None:
        _nf_start(state, cx, fr, move.payload["option"])
    else:
        _nf_place(state, cx, fr, move.payload["group"])
    _nf_settle(state, cx, fr)


# ---------------------------------------------------------------- registries
ICON_FX.update({
    "ddos": _ddos,
    "swap_customers": _swap,
    "disrupt": _disrupt,
    "arrest": _arrest,
    "steal": _steal,
    "roast": _roast,
    "newsflash": _newsflash,
})

DECIDE.update({
    "ddos": Decision(_ddos_moves, _ddos_choose),
    "ddos_track": Decision(_ddos_track_moves, _ddos_track_choose, _ddos_track_finish),
    "swap": Decision(_swap_moves, _swap_choose, _swap_finish),
    "disrupt": Decision(_disrupt_moves, _disrupt_choose, _disrupt_finish),
    "arrest": Decision(_arrest_moves, _arrest_choose, _arrest_finish),
    "steal": Decision(_steal_moves, _steal_choose),
    "roast": Decision(_roast_moves, _roast_choose),
    "newsflash": Decision(_nf_moves, _nf_choose),
})
