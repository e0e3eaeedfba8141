"""Planning one player's whole action phase in Café (a deterministic puzzle).

Once a card is placed, a player's action phase involves nobody else and no
chance: the cubes come from the supply and go to the player's own squares,
cafés and warehouse.  So the best way to spend the action points can be
*planned* rather than sampled: this module runs a beam search over the
phase, one action point at a time, and scores every way of ending the
phase by the bots' evaluation of the area it leaves behind.

* A **step** is one action point's worth of moves: a produce, a deliver or
  the first square of a dry/roast group action, followed by the follow-up
  moves that action opens (filling the group's other free squares, sending
  each delivered cube to a café or the warehouse), which the heuristic
  policy completes greedily.  Ending the phase early and the free removal
  of a drying/roasting load (to clear a square) are steps too.
* The beam keeps the ``width`` most promising distinct positions after each
  step (positions reached by steps in another order are merged).
* The greedy phase (the best-ranked move every time) is played first and
  kept unless the beam finds better: the evaluation does not see that a
  full square blocks the cubes upstream of it, so a narrow beam can prune
  the one line that unblocks them.
* The result is the whole sequence of move ids to the end of the phase;
  bots replay it move by move while the position is the one it planned for.

It reads only the player's own area, warehouse and the round (all public),
so planning on a determinised sample never peeks.
"""
from __future__ import annotations

from typing import Callable, Optional

from ..core.game import Game, Move, State
from . import area as A

__all__ = ["greedy_phase", "plan_turn", "position_key"]


def position_key(state: State, p: int) -> tuple:
    """What identifies a position within ``p``'s action phase (for merging and replaying plans)."""
    pl = state["players"][p]
    area = pl["area"]
    pending = state["pending"]
    pend = None
    if pending is not None:
        pend = (pending["kind"], tuple(sorted(pending.get("pool", {}).items())), tuple(pending.get("group", ())))
    return (state["round"], state["phase"], state["turn"], pl["ap"], pl["hand"], pend,
            tuple(sorted((k, v[0], v[1]) for k, v in area["cubes"].items())),
            tuple(sorted((k, tuple(v)) for k, v in area["cafes"].items())),
            tuple(sorted(pl["warehouse"].items())), tuple(area["cards"]))


def _in_phase(state: State, p: int) -> bool:
    return state["phase"] == "actions" and state["turn"] == p


def greedy_phase(game: Game, state: State, p: int, copy: Callable[[State], State],
                 rank: Callable[[State, list[Move]], list[float]]) -> tuple[list[str], State]:
    """``p``'s action phase played with the best-ranked move every time: (move ids, end position).

    ``state`` is left as it was: the first move is played on a copy, the
    next ones on that copy (no one else holds it).
    """
    path: list[str] = []
    s = state
    while _in_phase(s, p):
        moves = game.legal_moves(s)
        scores = rank(s, moves)
        m = moves[max(range(len(moves)), key=scores.__getitem__)]
        s = game.play(copy(s) if s is state else s, m).state
        path.append(m.id)
    return path, s


def plan_turn(game: Game, state: State, p: int, width: int,
              copy: Callable[[State], State],
              value: Callable[[State, int], float],
              rank: Callable[[State, list[Move]], list[float]]) -> tuple[list[str], float, State]:
    """The best sequence of move ids from ``state`` to the end of ``p``'s action phase, its value
    and the position it ends in.

    ``copy`` gives a state a move may change, ``value`` projects ``p``'s
    final points, ``rank`` scores moves for the greedy follow-ups.
    """
    best: tuple[float, list[str], State] = (-1e18, [], state)
    seen: set[tuple] = set()

    def complete(s: State, path: list[str]) -> State:
        """Play the follow-up moves of an opened group action or delivery greedily
        (on ``s`` itself: a fresh position nobody else holds)."""
        while _in_phase(s, p) and s["pending"] is not None:
            moves = game.legal_moves(s)
            scores = rank(s, moves)
            m = moves[max(range(len(moves)), key=scores.__getitem__)]
            s = game.play(s, m).state
            path.append(m.id)
        return s

    def steps(s: State) -> list[Move]:
        if s["pending"] is not None:  # the root may be in the middle of an action
            return game.legal_moves(s)
        out = []
        kind_at: Optional[dict[str, str]] = None
        for m in game.legal_moves(s):
            if m.payload["kind"] == "remove":
                # clearing a production square never helps; a drying/roasting load may block a bigger one
                if kind_at is None:
                    kind_at = A.Board(game.cat, s["players"][p]["area"]).layout.kind_at  # type: ignore[attr-defined]
                if kind_at.get(A.cell_key(*m.payload["cell"])) == "production":
                    continue
            out.append(m)
        return out

    # the greedy phase first: the beam's answer is never worse than the rule of thumb's (the
    # evaluation misses a blocked pipeline, so the beam may prune the one line that unblocks it)
    greedy_path, s = greedy_phase(game, state, p, copy, rank)
    if greedy_path:
        best = (value(s, p), greedy_path, s)

    frontier: list[tuple[State, list[str]]] = [(state, [])]
    for _depth in range(24):
        if not frontier:
            break
        grown: list[tuple[float, State, list[str]]] = []
        for s, path in frontier:
            for m in steps(s):
                child_path = path + [m.id]
                child = complete(game.play(copy(s), m).state, child_path)
                key = position_key(child, p)
                if key in seen:
                    continue
                seen.add(key)
                v = value(child, p)
                if not _in_phase(child, p):
                    if v > best[0]:
                        best = (v, child_path, child)
                    continue
                grown.append((v, child, child_path))
        grown.sort(key=lambda x: -x[0])
        frontier = [(s, path) for _v, s, path in grown[:width]]
    return best[1], best[0], best[2]
