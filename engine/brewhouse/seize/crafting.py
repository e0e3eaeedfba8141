"""The crafting phase: Artisan mode and Daily Specials (expansions booklet pp. 32-33, 36).

Both variants add a **crafting phase** to the day, between Actions and Hype
(Actions → Crafting → Hype → Service → Word of Mouth → End of Day).  The
players craft in turn order, one ``craft`` decision each, made of any number
of moves ended by ``done``; a player with nothing to do there is not asked.
Starbots (solo) never crafts.

* **Artisan** (``"artisan"`` in the config's ``variants``): a player's crafted
  special resources are ``pl["crafted"] = {special: count}`` (every special
  resource, present only in this mode; ``pl["res"]`` keeps the basic
  resources and green beans only).  Crafting one costs what its icon costs in
  an order (2 of its basic resource, 1 with that icon in the Pantry), green
  beans standing in for basic resources (1 Good Review each, as when
  serving).  When serving, a special icon is paid only with a crafted token of
  that resource and "any snack" with a crafted pastry (see ``cafe.order_cost``).
* **Daily Specials** (``"daily_specials"``): four extra full cups, each with an
  empty cup of its own, in ``state["daily_specials"]`` =
  ``{cup: {"empty": seat or None, "full": seat or None, "up": bool}}`` (None:
  by the City).  Early Bird chooses among every empty cup in play (the regular
  one too); at the End of Day the holder of a Daily Special empty cup receives
  its full cup, then every empty cup held passes left, and every Daily Special
  full cup turns face up.  In the crafting phase each face-up Daily Special
  full cup its holder owns may be used once (free), then it turns face down.
"""
from __future__ import annotations

from ..core import Move
from .cafe import GREEN, pantry_specials
from .effects import DECIDE, Decision, push, start_ability
from .model import Ctx, gain_bad, gain_good, raise_hype

__all__ = ["ARTISAN", "DAILY_SPECIALS", "CUPS", "CUP_ABILITIES", "crafting_on", "artisan_on", "specials_on",
           "setup_variants", "craft_frame_needed", "early_bird", "end_of_day_cups"]

ARTISAN = "artisan"
DAILY_SPECIALS = "daily_specials"
#: the four Daily Special cups in the booklet's printed order (p. 36), each with the ability printed in
#: the same position of its "Capacités des spécialités du jour" table
CUPS = ("creme_brulee_cappuccino", "iced_skinny_caramel_latte", "mint_white_chocolate_affogato",
        "smoked_cinnamon_matcha_mocha")
CUP_ABILITIES = {
    "creme_brulee_cappuccino": "bad_reviews_to_others",  # every other player takes 3 Bad Reviews
    "iced_skinny_caramel_latte": "delivery",
    "mint_white_chocolate_affogato": "super_innovation",
    "smoked_cinnamon_matcha_mocha": "super_fair_trade",
}
#: the Bad Reviews the Crème Brûlée Cappuccino gives each other player
CUP_BAD_REVIEWS = 3
REGULAR = "regular"


def _variants(state: dict) -> list:
    return state["config"].get("variants") or []


def artisan_on(state: dict) -> bool:
    return ARTISAN in _variants(state)


def specials_on(state: dict) -> bool:
    return DAILY_SPECIALS in _variants(state)


def crafting_on(state: dict) -> bool:
    """Whether the day has a crafting phase (Artisan mode or Daily Specials)."""
    v = _variants(state)
    return ARTISAN in v or DAILY_SPECIALS in v


def setup_variants(state: dict, db) -> None:
    """Set-up: crafted-token stores (Artisan), the Daily Special cups by the City, face up."""
    if artisan_on(state):
        for pl in state["players"]:
            pl["crafted"] = {s: 0 for s in db.special}
    if specials_on(state):
        chosen = state["config"].get("cups") or CUPS  # the cups the players chose (compat.check_cups)
        state["daily_specials"] = {c: {"empty": None, "full": None, "up": True} for c in CUPS if c in chosen}


# ---------------------------------------------------------------- the crafting decision
def craft_payments(pl: dict, special: str, db) -> list[tuple[int, dict[str, int]]]:
    """Ways to pay for one crafted ``special``: (green beans used, cost) for 0..all green beans."""
    basic = db.special[special]
    n = 1 if special in pantry_specials(pl, db) else 2
    green = pl["res"].get(GREEN, 0)
    out = []
    for g in range(min(n, green) + 1):
        if pl["res"][basic] >= n - g:
            cost = {basic: n - g}
            if g:
                cost[GREEN] = g
            out.append((g, cost))
    return out


def _craft_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    p = fr["p"]
    pl = state["players"][p]
    out = []
    if "crafted" in pl:
        for special in cx.db.special:
            for g, cost in craft_payments(pl, special, cx.db):
                mid = f"craft:{special}" + (f":green{g}" if g else "")
                out.append(Move(mid, {"kind": "craft", "res": special, "cost": cost}))
    for cup, c in state.get("daily_specials", {}).items():
        if c["full"] == p and c["up"]:
            out.append(Move(f"special:{cup}", {"kind": "daily_special", "cup": cup, "ability": CUP_ABILITIES[cup]}))
    if out:
        out.append(Move("done", {"kind": "done_crafting"}))
    return out


def craft_frame_needed(state: dict, p: int, cx: Ctx) -> bool:
    return bool(_craft_moves(state, {"p": p}, cx))


def _craft_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    p = fr["p"]
    kind = move.payload["kind"]
    if kind == "done_crafting":
        state["stack"].pop()
        return
    pl = state["players"][p]
    if kind == "craft":
        special, cost = move.payload["res"], move.payload["cost"]
        for k, v in cost.items():
            pl["res"][k] -= v
        pl["crafted"][special] += 1
        cx.ev("crafted", p, res=special, cost=dict(cost))
        if cost.get(GREEN):  # green beans earn their Good Review when crafting too (booklet p. 33)
            gain_good(state, cx, p, cost[GREEN], why="green_beans")
        return
    cup = move.payload["cup"]  # a Daily Special full cup: its ability, then face down (the frame stays below)
    state["daily_specials"][cup]["up"] = False
    cx.ev("daily_special", p, cup=cup)
    ability = CUP_ABILITIES[cup]
    if ability == "bad_reviews_to_others":
        for q in range(len(state["players"])):
            if q != p:
                gain_bad(state, cx, q, CUP_BAD_REVIEWS, why="daily_special")
        return
    start_ability(state, cx, p, ability, None, False)


# ---------------------------------------------------------------- Early Bird among several empty cups
def early_bird(state: dict, cx: Ctx, p: int) -> None:
    """Early Bird with Daily Specials: a choice among every empty cup in play."""
    push(state, {"t": "early_bird", "p": p})


def _cup_holder(state: dict, cup: str):
    return state["empty_cup"] if cup == REGULAR else state["daily_specials"][cup]["empty"]


def _early_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    out = []
    for cup in (REGULAR,) + tuple(state["daily_specials"]):
        holder = _cup_holder(state, cup)
        out.append(Move(f"cup:{cup}", {"kind": "empty_cup", "cup": cup, "holder": holder,
                                        "hype": holder == fr["p"]}))
    return out


def _early_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    p, cup = fr["p"], move.payload["cup"]
    if _cup_holder(state, cup) == p:  # already yours: +1 Hype, as usual
        raise_hype(state, cx, p, why="early_bird")
    elif cup == REGULAR:
        state["empty_cup"] = p
        cx.ev("empty_cup", p)
    else:
        state["daily_specials"][cup]["empty"] = p
        cx.ev("special_empty_cup", p, cup=cup)


# ---------------------------------------------------------------- End of Day
def end_of_day_cups(state: dict, cx: Ctx) -> None:
    """Daily Special cups at the End of Day (after the regular cups changed hands)."""
    specials = state.get("daily_specials")
    if not specials:
        return
    n = len(state["players"])
    for cup, c in specials.items():
        if c["empty"] is not None and c["full"] != c["empty"]:
            c["full"] = c["empty"]
            cx.ev("special_full_cup", c["empty"], cup=cup)
        c["up"] = True
    for cup, c in specials.items():
        if c["empty"] is not None:
            c["empty"] = (c["empty"] + 1) % n
            cx.ev("special_empty_passed", c["empty"], cup=cup)


DECIDE["craft"] = Decision(_craft_moves, _craft_choose)
DECIDE["early_bird"] = Decision(_early_moves, _early_choose)
