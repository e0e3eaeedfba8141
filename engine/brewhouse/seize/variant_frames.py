"""The variants' decision frames (expansions booklet pp. 28-31); helpers in :mod:`.variants`.

* ``sold_out`` (Sold Out!, p. 28): the player whose turn it is could not fill the main order of a
  neutral or angry customer; clockwise, each other player in turn may serve it from their own café
  (``serve:...`` moves as for their own customer) or pass (``pass``).  A player who cannot fill it
  is passed over without a question.  Once someone serves, nobody else is asked; when everyone
  passed, the customer gets its angry token as usual.  It stays in its owner's Line, and it is
  still the owner's turn that ends.
* ``neighbour_take`` (Competitive Neighbour, p. 29): after the rewards and the ability, the customer
  another player served goes from its owner's Line to the server's own discard pile.
* ``mouthwatering`` (Mouthwatering, p. 31): a player who just gained a Pantry upgrade may take the
  special-resource token of its icon (``mouth:take``), the one they had going back, or keep theirs
  (``mouth:keep``).
"""
from __future__ import annotations

from ..core import Move
from .effects import AUTO, DECIDE, Decision, push, serve_fill, serve_options
from .model import Ctx, add_angry, find_in_line, mood, release_tokens
from .variants import mark_customer

__all__: list[str] = []


# ---------------------------------------------------------------- Sold Out!
def _offered(state: dict, fr: dict) -> tuple[dict, int]:
    owner = state["players"][fr["owner"]]
    i = find_in_line(owner, fr["cust"])
    return owner["line"][i], i + 1


def _sold_out_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    e, position = _offered(state, fr)
    serves = [m for m in serve_options(state["players"][fr["p"]], e, position, cx)
              if m.payload["kind"] == "serve" and m.payload["main"]]
    if not serves:  # this player cannot fill the order either: passed over
        return []
    base = {"customer": e["id"], "owner": fr["owner"], "mood": mood(e), "position": position}
    return [Move(m.id, {**m.payload, "owner": fr["owner"]}) for m in serves] + \
        [Move("pass", {"kind": "sold_out_pass", **base})]


def _sold_out_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    if move.id == "pass":
        cx.ev("sold_out_pass", fr["p"], owner=fr["owner"], card=fr["cust"])
        _next_offer(state, cx, fr)
        return
    e, _ = _offered(state, fr)
    serve_fill(state, cx, fr["p"], fr["owner"], e, move)


def _sold_out_finish(state: dict, cx: Ctx, fr: dict) -> None:
    cx.ev("sold_out_cannot", fr["p"], owner=fr["owner"], card=fr["cust"])
    _next_offer(state, cx, fr)


def _next_offer(state: dict, cx: Ctx, fr: dict) -> None:
    if fr["queue"]:
        push(state, {**fr, "p": fr["queue"][0], "queue": fr["queue"][1:]})
        return
    # nobody served it: angry as usual (an angry customer stays angry)
    e, _ = _offered(state, fr)
    placed = add_angry(e, cx.db) if mood(e) != "angry" else False
    cx.ev("customer_unserved", fr["owner"], card=fr["cust"], angry=placed)


# ---------------------------------------------------------------- Competitive Neighbour
def _neighbour_take(state: dict, cx: Ctx, fr: dict) -> None:
    owner = state["players"][fr["owner"]]
    i = find_in_line(owner, fr["cust"])
    if i < 0:  # its ability moved it elsewhere already
        return
    release_tokens(state, owner["line"][i])
    del owner["line"][i]
    if i < owner["served"]:  # the service token stays under the same next customer
        owner["served"] -= 1
    state["players"][fr["p"]]["discard"].append(fr["cust"])
    cx.ev("neighbour_take", fr["p"], owner=fr["owner"], card=fr["cust"])
    mark_customer(state, cx, fr["p"], fr["cust"], why="competitive_neighbour")


# ---------------------------------------------------------------- Mouthwatering
def _mouth_moves(state: dict, fr: dict, cx: Ctx) -> list[Move]:
    old = state["players"][fr["p"]].get("mouth")
    base = {"kind": "mouthwatering", "icon": fr["icon"], "card": fr["card"], "old": old}
    return [Move(f"mouth:take:{fr['icon']}", {**base, "take": True}), Move("mouth:keep", {**base, "take": False})]


def _mouth_choose(state: dict, cx: Ctx, fr: dict, move: Move) -> None:
    state["stack"].pop()
    pl = state["players"][fr["p"]]
    if not move.payload["take"]:
        cx.ev("mouthwatering_keep", fr["p"], icon=fr["icon"], old=pl.get("mouth"))
        return
    old = pl.get("mouth")
    pl["mouth"] = fr["icon"]
    cx.ev("mouthwatering", fr["p"], icon=fr["icon"], old=old, card=fr["card"])


AUTO["neighbour_take"] = _neighbour_take
DECIDE.update({
    "sold_out": Decision(_sold_out_moves, _sold_out_choose, _sold_out_finish),
    "mouthwatering": Decision(_mouth_moves, _mouth_choose),
})
