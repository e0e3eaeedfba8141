"""Helpers to build Coffee Rush positions for rule tests.

Positions are reached by real moves where it matters (set-up, turns) and
adjusted directly where a test needs a particular card or square; every
adjustment keeps ingredients and cards conserved (cards move from the deck,
ingredients from the supply).
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Optional

from brewhouse.core import Transition
from brewhouse.rush import RushGame

G = RushGame()
DATA = G.data


def sq(row: int, col: int) -> int:
    """Square index of a 1-based (row, col), as players read the board."""
    return (row - 1) * DATA.cols + (col - 1)


def card_named(name: str, skip: int = 0) -> str:
    """Id of the (skip+1)-th card with this name."""
    ids = [cid for cid in DATA.card_order if DATA.cards[cid].name == name]
    return ids[skip]


def cards_with(ingredients: Iterable[str]) -> list[str]:
    key = tuple(sorted(ingredients, key=DATA.ingredient_index.__getitem__))
    return [cid for cid in DATA.card_order if DATA.cards[cid].key == key]


def ids(state: dict) -> list[str]:
    return [m.id for m in G.legal_moves(state)]


def play(state: dict, move_id: str) -> Transition:
    return G.apply(state, move_id)


def do(state: dict, *move_ids: str) -> dict:
    for mid in move_ids:
        state = G.apply(state, mid).state
    return state


def new(n: int = 3, seed: int = 1, opening: str = "standard") -> dict:
    return G.setup(G.normalize_config({"players": n, "opening": opening}), seed)


def started(n: int = 3, seed: int = 1, squares: Optional[list[int]] = None, opening: str = "standard",
            empty_cups: bool = True) -> dict:
    """Play the set-up: meeples on ``squares`` (in placement order), starting
    ingredients into cup 1; then (by default) empty the cups back to the supply."""
    s = new(n, seed, opening)
    while s["phase"] == "opening":
        s = do(s, ids(s)[0])
    if squares is None:
        squares = [sq(1, 1), sq(4, 4), sq(2, 3), sq(3, 2), sq(1, 3), sq(4, 1)]
    i = 0
    while s["phase"] == "place_meeple":
        s = do(s, f"place:{squares[i]}")
        i += 1
    while s["phase"] == "setup_cups":
        s = do(s, [m for m in ids(s) if m.endswith(":1")][0])
    if empty_cups:
        for p in s["players"]:
            for c, cup in enumerate(p["cups"]):
                for ing in cup:
                    s["supply"][ing] += 1
                p["cups"][c] = []
    return s


def set_meeple(s: dict, seat: int, square: int, meeple: int = 0) -> None:
    assert all(square not in m for m in s["meeples"]), "square taken"
    s["meeples"][seat][meeple] = square


def give(s: dict, seat: int, card_id: str, row: int = 1) -> None:
    """Move a card from wherever it is (deck, a row) to ``seat``'s row (1-based)."""
    _take_card(s, card_id)
    s["players"][seat]["rows"][row - 1].append(card_id)


def _take_card(s: dict, card_id: str) -> None:
    if card_id in s["deck"]:
        s["deck"].remove(card_id)
        return
    for p in s["players"]:
        for row in p["rows"]:
            if card_id in row:
                row.remove(card_id)
                return
        for pile in (p["sent"], p["penalties"]):
            if card_id in pile:
                pile.remove(card_id)
                return
    raise AssertionError(f"card {card_id} not found")


def clear_rows(s: dict, seat: Optional[int] = None) -> None:
    """Put every order card of ``seat`` (or everyone) back on top of the deck."""
    seats = range(len(s["players"])) if seat is None else [seat]
    for i in seats:
        for row in s["players"][i]["rows"]:
            s["deck"].extend(row)
            row.clear()


def fill_cup(s: dict, seat: int, cup: int, ingredients: list[str]) -> None:
    """Put ingredients from the supply into a cup (1-based)."""
    for ing in ingredients:
        assert s["supply"][ing] > 0
        s["supply"][ing] -= 1
        s["players"][seat]["cups"][cup - 1].append(ing)


def send_pile(s: dict, seat: int, count: int) -> list[str]:
    """Move ``count`` deck cards to ``seat``'s sent pile."""
    moved = [s["deck"].pop() for _ in range(count)]
    s["players"][seat]["sent"].extend(moved)
    return moved


def give_rush(s: dict, seat: int, count: int) -> None:
    s["rush_supply"] -= count
    s["players"][seat]["rush"] += count
    assert s["rush_supply"] >= 0


def at_phase(s: dict, phase: str) -> dict:
    assert s["phase"] == phase, (s["phase"], phase)
    return s


def roundtrip(s: Any) -> Any:
    return json.loads(json.dumps(s))


def codes(t: Transition) -> list[str]:
    return [e.code for e in t.events]


def events(t: Transition, code: str) -> list[dict]:
    return [dict(e.params, _player=e.player) for e in t.events if e.code == code]


def pass_turn(s: dict) -> dict:
    """Play the active player's turn doing as little as possible (one step, no sends)."""
    seat = G.active_player(s)
    while G.active_player(s) == seat and s["phase"] != "over":
        moves = G.legal_moves(s)
        by_id = {m.id: m for m in moves}
        if s["phase"] == "upgrade":
            s = do(s, "skip_upgrade")
        elif s["phase"] == "move":
            if "stop" in by_id:
                s = do(s, "stop")
            else:
                free = [m for m in moves if m.payload["kind"] == "step" and not m.payload["occupied"]]
                s = do(s, (free or moves)[0].id)
        elif s["phase"] == "place":
            s = do(s, "done")
        elif s["phase"] == "send":
            s = do(s, "end")
        else:
            raise AssertionError(s["phase"])
    return s


def to_place(s: dict) -> dict:
    """Take one step to a free square and stop: the ingredient placement step."""
    moves = G.legal_moves(s)
    if s["phase"] == "upgrade":
        s = do(s, "skip_upgrade")
        moves = G.legal_moves(s)
    free = [m for m in moves if m.payload["kind"] == "step" and not m.payload["occupied"]]
    s = do(s, free[0].id)
    if s["phase"] == "move":
        s = do(s, "stop")
    return s


def started_at(n: int, positions: dict[int, list[int]], seed: int = 1) -> dict:
    """:func:`started` with meeples given per seat (in that seat's meeple order)."""
    from brewhouse.rush.state import placement_queue

    queue = placement_queue(n, 0, DATA.meeples_per_player[n])
    return started(n, seed, squares=[positions[seat][m] for seat, m in queue])
