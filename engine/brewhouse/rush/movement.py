"""Meeple movement: which single steps are legal and what each one gains.

A turn's movement is a sequence of one-square steps.  The first ``base_steps``
(3) are free; each further step spends one rush token.  Meeples may pass
through occupied squares but never *end* on one, so a step is offered only if
the meeple can still reach a free square with the steps it has left: the
player can never walk into a dead end.  From a free square, stepping onto an
occupied one needs exactly one more step in reserve (you can always step
back); only a chain of occupied squares needs a search.

Ingredient gains multiply: every applicable upgrade doubles the gain of the
square (Double Meeples on a square holding another meeple, Double Corners on
a corner, Double Specialties on a specialty square).  The book's example:
Double Meeples + Double Corners on an occupied corner gives 4.
"""
from __future__ import annotations

from typing import Optional

from ..core.game import State
from .data import RushData

__all__ = ["gain_factor", "step_options", "distance_to_free", "steps_budget", "occupied_by_others"]


def occupied_by_others(state: State, seat: int, meeple: int) -> set[int]:
    """Squares holding any meeple other than the moving one (own other meeple included)."""
    out = set()
    for s, squares in enumerate(state["meeples"]):
        for m, sq in enumerate(squares):
            if sq is not None and (s != seat or m != meeple):
                out.add(sq)
    return out


def distance_to_free(neighbours: tuple[tuple[int, ...], ...], occupied: set[int]) -> list[int]:
    """For every square, the fewest steps to a square with no other meeple.

    A multi-source breadth-first search from the free squares (the step graph
    is symmetric, so distances *to* and *from* free squares agree).
    """
    size = len(neighbours)
    far = size + 1
    dist = [far] * size
    frontier = [sq for sq in range(size) if sq not in occupied]
    for sq in frontier:
        dist[sq] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for sq in frontier:
            for nb in neighbours[sq]:
                if dist[nb] == far:
                    dist[nb] = d
                    nxt.append(nb)
        frontier = nxt
    return dist


def steps_budget(state: State, data: RushData, seat: int) -> int:
    """Steps still possible this turn: free steps left plus rush tokens held."""
    steps = state["turn"]["steps"]
    return max(0, data.base_steps - steps) + state["players"][seat]["rush"]


def gain_factor(data: RushData, upgrades: list[str], square: int, occupied: bool) -> int:
    """Ingredients gained on arriving at ``square`` (before supply limits)."""
    factor = 1
    if occupied and "double_meeples" in upgrades:
        factor *= 2
    if data.square_corner[square] and "double_corners" in upgrades:
        factor *= 2
    if data.square_specialty[square] and "double_specialties" in upgrades:
        factor *= 2
    return factor


def step_options(state: State, data: RushData, seat: int,
                 only: Optional[tuple[int, int]] = None) -> list[dict]:
    """Every legal single step for ``seat`` now, as payload dicts.

    Before the first step of a turn (2 players) either meeple may move; after
    it, only the one that moved.  ``only=(meeple, square)`` restricts the
    answer to that one step (used to validate a move id cheaply).
    """
    turn = state["turn"]
    budget = steps_budget(state, data, seat)
    if budget <= 0:
        return []
    player = state["players"][seat]
    upgrades = player["upgrades"]
    diagonal = "diagonal_move" in upgrades
    neighbours = data.king if diagonal else data.orth
    chosen: Optional[int] = turn["meeple"]
    meeples = [chosen] if chosen is not None else range(len(state["meeples"][seat]))
    costs_rush = turn["steps"] >= data.base_steps
    out = []
    cols = data.cols
    for m in meeples:
        if only is not None and only[0] != m:
            continue
        here = state["meeples"][seat][m]
        occupied = occupied_by_others(state, seat, m)
        # Only when passing through from an occupied square onto another one
        # (and short of steps) is a search needed: a shortest way out crosses
        # only occupied squares, so it is never longer than their number.
        dist = None
        if here in occupied and budget - 1 < len(occupied):
            dist = distance_to_free(neighbours, occupied)
        for to in neighbours[here]:
            if only is not None and only[1] != to:
                continue
            busy = to in occupied
            if busy and (budget < 2 or (dist is not None and dist[to] > budget - 1)):
                continue  # would strand the meeple on an occupied square
            ing = data.square_ingredient[to]
            gain = gain_factor(data, upgrades, to, busy)
            out.append({
                "kind": "step", "meeple": m, "from": here, "to": to,
                "row": to // cols + 1, "col": to % cols + 1,
                "diagonal": (to // cols != here // cols) and (to % cols != here % cols),
                "ingredient": ing, "gain": gain, "take": min(gain, state["supply"][ing]),
                "rush": costs_rush, "occupied": busy,
            })
    return out
