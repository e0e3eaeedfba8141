"""Café knowledge for the search bots: a rollout policy, priors and an evaluation.

Used by :mod:`brewhouse.bots` on *determinised* states (samples consistent
with the bot's view), so reading the state here never peeks (the deck and
the sample's PRNG are never read).

Solo Café is nearly a planning problem: the score comes from pushing cubes
through produce -> dry -> roast -> deliver, and how many cubes one action
point moves depends on the *layout* of the area.  The knowledge here is
built on one estimate:

* **Throughput** of a layout (cubes delivered per action point, steady
  state): produce the biggest production groups (one point per group, one
  cube per square), dry the colours onto drying squares (one point per
  drying group, one colour per square), roast the same way, deliver (one
  point).  Cubes of one colour merge when dried, so a few colours on big
  production groups and big drying/roasting groups move many cubes.
* **Evaluation** (projected final points): supplied cafés + expected cubes
  per colour — cubes on A/B/C squares (if the points left can still move
  them) and future production = throughput x (action points to come - the
  actions the cubes on the way still need - pipeline lag), later rounds
  drifting towards a mature area's throughput — which first supply the
  open cafés (a café scores by how much of what it still asks for is
  coming) and then the warehouse, scored by its real rule (two scarcest
  colours), so unbalanced production is worth little there.  Two ships
  (free cards) count a little per draft to come; an empty warehouse costs
  a little while cards still cost a cube (a row of cup cards it cannot pay
  for loses the round's card).  At the end it is the score.
* **Placement**: each spot is scored by the evaluation of the area it
  leaves (new layout, covered cubes and cafés gone) — that puts cups, groups
  and working squares where they help; priors and the rollout policy use it.
* **Draft**: a card is worth its best placement (of 8 sampled, the same
  ones every time: priors are computed in every new tree node), minus the
  cube it costs; rollouts use a cheap look at the card's squares instead.
  The search weighs each card of the row once, paid with the cube the
  warehouse misses least (:meth:`CafeHeuristics.root_moves`).
* **Last round**: nothing is drawn after the last draft, so the card (solo)
  and its placement (any player count) are chosen by planning the action
  phase of each: the spots whose greedy phase ends best plus the
  evaluation's favourites, each planned, the best final score wins
  (:meth:`CafeHeuristics._last_round`).  Its plans judge every position
  by the final score of the greedy phase played on from it, not by the
  evaluation (:meth:`CafeHeuristics._plan_actions`).
* **Actions**: the bots' own action phase is *planned*, not searched
  (:meth:`CafeHeuristics.solve`, :mod:`.planner`): nothing in it is hidden
  or involves anyone else, so a beam search over whole action phases
  (width 12 for hard, 4 for normal, 1 for easy) scored by the evaluation
  beats sampling it move by move, at a fraction of the time.  Inside the
  search (after a draft or placement) priors look one move ahead with the
  evaluation (on a light copy of the state); the rollout policy goes
  downstream first — deliver, roast, dry, produce — moving big loads,
  opening a group action where the most colours can move at once, filling
  every free square of it, and sending each delivered cube where it is
  worth most (a café still asking for it, closest to completion first, or
  the warehouse when its colour is short there).
"""
from __future__ import annotations

import operator
from typing import Any, Callable, Mapping, Optional, Sequence

from ..bots.ismcts import Heuristics
from ..core.game import Game, Move, State, json_copy
from ..core.rng import Rng
from . import area as A
from .game import _action_squares, place_move
from .planner import greedy_phase, plan_turn, position_key
from .scoring import warehouse_score

__all__ = ["CafeHeuristics", "HEURISTICS", "layout_rate"]

ROUNDS = 8
MAX_AP = 8
#: value kept by a cube that still needs k actions (1 = on a roasting square ...)
_STAGE_Q = {1: 0.97, 2: 0.93, 3: 0.88}
_NEED = {"roasting": 1, "drying": 2, "production": 3}
_NEED_A, _NEED_B, _NEED_C = _NEED["production"], _NEED["drying"], _NEED["roasting"]
#: action points a fresh cube needs before the first delivery (pipeline lag)
_LAG = 3
#: average VP of a warehouse cube when the colours are kept balanced (2 + 1 + 0 + 0) / 4
_WH_CUBE = 0.75
#: what an empty warehouse costs while drafts remain and fewer than two ships show: the
#: next row shows only cup cards about half the time (9 of the 40 unstarred cards are
#: free), and then the round's card is lost (solo games that lost one scored 6.6 points
#: less, bots/NOTES.md)
_BROKE = 1.5
#: policy: worth of each more load a group action can move for the same action point
_GROUP_LOAD = 0.5
#: cubes per action point of a well-built area, and how many rounds it takes to get there
_MATURE_RATE = 0.9
_MATURE_AFTER = 4
#: how far the rate has drifted towards a mature area's, k rounds from now
_MATURING = tuple(min(1.0, k / _MATURE_AFTER) for k in range(ROUNDS + 2))
#: open cafés still asking for cubes, best VP per cube first, then the fewest missing
_BEST_PER_CUBE = operator.itemgetter(0, 1)


# -- layout throughput ------------------------------------------------------------
def _cover_cost(sizes: list[int], k: int) -> int:
    """Group actions needed to put k colours on squares of groups of these sizes (biggest first)."""
    cost = 0
    for s in sizes:
        if k <= 0:
            break
        k -= s
        cost += 1
    return cost


def _count_of(item: tuple[str, int]) -> int:
    return item[1]


def _rate_of_top(top: dict[tuple[int, int], tuple[int, int, dict[str, Any]]]
                 ) -> tuple[float, dict[str, float], int, int]:
    """(cubes per action point, share of each colour in that flow, biggest drying and roasting groups)."""
    prod: dict[tuple[int, int], str] = {}
    dry: list[tuple[int, int]] = []
    roast: list[tuple[int, int]] = []
    for cell, hit in top.items():
        square = hit[2]
        kind = square["kind"]
        if kind == "production":
            prod[cell] = square["colour"]
        elif kind == "drying":
            dry.append(cell)
        elif kind == "roasting":
            roast.append(cell)
    return _rate_of(prod, dry, roast)


def _rate_after(cat: Any, below: "A._Layout", card: str, r0: int, c0: int, rot: int
                ) -> tuple[float, dict[str, float], int, int]:
    """:func:`_rate_of_top` of the layout ``below`` with one more card on top, without building it.

    The squares are read in the order the new layout's ``top`` would list
    them (cells already shown keep their place, new cells follow in the
    card's square order), so the answer is the very same.
    """
    shape = cat.shape(card, rot)
    squares = cat.card(card)["squares"]
    new: dict[tuple[int, int], dict[str, Any]] = {}
    for si, (dr, dc) in enumerate(shape.cells):
        new[(r0 + dr, c0 + dc)] = squares[si]
    prod: dict[tuple[int, int], str] = {}
    dry: list[tuple[int, int]] = []
    roast: list[tuple[int, int]] = []
    top = below.top
    for cell, hit in top.items():
        square = new.get(cell)
        if square is None:
            square = hit[2]
        kind = square["kind"]
        if kind == "production":
            prod[cell] = square["colour"]
        elif kind == "drying":
            dry.append(cell)
        elif kind == "roasting":
            roast.append(cell)
    for cell, square in new.items():
        if cell in top:
            continue
        kind = square["kind"]
        if kind == "production":
            prod[cell] = square["colour"]
        elif kind == "drying":
            dry.append(cell)
        elif kind == "roasting":
            roast.append(cell)
    return _rate_of(prod, dry, roast)


def _group_sizes(cells: list[tuple[int, int]]) -> list[int]:
    """Sizes of the orthogonally connected groups of ``cells``, biggest first."""
    unseen = set(cells)
    sizes = []
    for start in cells:
        if start not in unseen:
            continue
        unseen.discard(start)
        stack = [start]
        n = 0
        while stack:
            r, c = stack.pop()
            n += 1
            nb = (r + 1, c)
            if nb in unseen:
                unseen.discard(nb)
                stack.append(nb)
            nb = (r - 1, c)
            if nb in unseen:
                unseen.discard(nb)
                stack.append(nb)
            nb = (r, c + 1)
            if nb in unseen:
                unseen.discard(nb)
                stack.append(nb)
            nb = (r, c - 1)
            if nb in unseen:
                unseen.discard(nb)
                stack.append(nb)
        sizes.append(n)
        if not unseen:
            break
    sizes.sort(reverse=True)
    return sizes


def _rate_of(prod: dict[tuple[int, int], str], dry: list[tuple[int, int]], roast: list[tuple[int, int]]
             ) -> tuple[float, dict[str, float], int, int]:
    """:func:`_rate_of_top` from the visible production (cell -> colour, in ``top`` order),
    drying and roasting cells."""
    if not prod or not dry or not roast:
        return 0.0, {}, 1, 1
    # biggest first; equal sizes keep their order (a reversed sort is stable too)
    pgroups = sorted(([prod[c] for c in g] for g in A.connected_groups(prod)), key=len, reverse=True)
    bsizes = _group_sizes(dry)
    csizes = _group_sizes(roast)
    nb, nc = len(dry), len(roast)
    best = 0.0
    shares: dict[str, float] = {}
    # cubes per colour made by the j biggest production groups
    counts: dict[str, int] = {}
    covers: dict[int, int] = {}  # group actions to dry and roast k colours, by k
    for j, cols in enumerate(pgroups, start=1):
        for c in cols:
            counts[c] = counts.get(c, 0) + 1
        k = len(counts)
        kc = min(k, nb, nc)
        # the colours that fit on the drying/roasting squares: the most produced ones (their
        # total does not depend on which of equal counts are taken, so they are picked below)
        flow = sum(sorted(counts.values(), reverse=True)[:kc])
        cover = covers.get(kc)
        if cover is None:
            cover = covers[kc] = _cover_cost(bsizes, kc) + _cover_cost(csizes, kc)
        rate = flow / (j + cover + 1)
        if rate > best:
            best = rate
            moved = sorted(counts.items(), key=_count_of, reverse=True)[:kc]
            shares = {c: n / flow for c, n in moved}
    return best, shares, bsizes[0], csizes[0]


def layout_rate(layout: "A._Layout") -> tuple[float, dict[str, float], int, int]:
    """Cubes delivered per action point in steady state for this layout, and their colours (memoised)."""
    rate = layout.memo.get("h_rate2")
    if rate is None:
        rate = layout.memo["h_rate2"] = _rate_of_top(layout.top)
    return rate


#: what :func:`_placement_info` returns: the cube keys and café ids a placement covers, and of the
#: layout it makes: visible cups, visible ships, :func:`layout_rate` and the open cafés
_PlacementInfo = tuple[tuple[str, ...], tuple[str, ...], int, int, tuple[float, dict[str, float], int, int],
                       list[tuple[str, dict[str, Any]]]]


def _placement_info(cat: Any, board: A.Board, card: str, r0: int, c0: int, rot: int) -> _PlacementInfo:
    """What the evaluation reads of the layout a placement would make, worked out from the
    current one (memoised on it: a search weighs the same spots again and again).

    Equal to reading the new layout itself: cups and ships are the current
    ones less the covered ones plus the card's, an open café stays open
    unless the card covers one of its squares, the card's own cafés open
    (after every older one: cafés are listed in placement order), and the
    rate is :func:`_rate_after`.
    """
    below = board.layout
    memo_key = ("place_info", card, r0, c0, rot)
    found = below.memo.get(memo_key)
    if found is not None:
        return found
    top = below.top
    shape = cat.shape(card, rot)
    squares = cat.card(card)["squares"]
    cube_keys = []
    cafe_ids: list[str] = []
    covered = set()
    cups = below.cups
    ships = len(below.kinds.get("ship", ()))
    for si, (dr, dc) in enumerate(shape.cells):
        cell = (r0 + dr, c0 + dc)
        kind = squares[si]["kind"]
        if kind == "cup":
            cups += 1
        elif kind == "ship":
            ships += 1
        hit = top.get(cell)
        if hit is None:
            continue
        covered.add(cell)
        cube_keys.append(A.cell_key(*cell))
        old = hit[2]["kind"]
        if old == "cup":
            cups -= 1
        elif old == "ship":
            ships -= 1
        elif old == "cafe":
            cafe_ids.append(f"{hit[0]}.{hit[2]['cafe']}")
    cafe_cells = board._cafes()
    open_cafes = [(cid, face) for cid, face in board.open_cafes() if covered.isdisjoint(cafe_cells[cid][0])]
    pi = len(below.placements)
    for k in sorted({sq["cafe"] for sq in squares if sq["kind"] == "cafe"}):
        open_cafes.append((f"{pi}.{k}", cat.cafe(card, k)))
    found = below.memo[memo_key] = (tuple(cube_keys), tuple(cafe_ids), cups, ships,
                                    _rate_after(cat, below, card, r0, c0, rot), open_cafes)
    return found


def _part_of(progress: Optional[Callable[[float], None]], index: int, parts: int
             ) -> Optional[Callable[[float], None]]:
    """``progress`` for part ``index`` of ``parts`` equal parts of the work."""
    if progress is None:
        return None
    return lambda fraction: progress((index + fraction) / parts)


# -- values -------------------------------------------------------------------------
#: _wh_values by (colours, counts): rollouts ask it again and again for a few warehouses
_WH_VALUES: dict[tuple, dict[str, float]] = {}


def _wh_values(colours: Sequence[str], warehouse: Mapping[str, int]) -> dict[str, float]:
    """Value of one more warehouse cube per colour: the exact gain, or the balanced average.

    The answer is shared between callers: read it, never change it.
    """
    key = (tuple(colours), tuple(warehouse[c] for c in colours))
    got = _WH_VALUES.get(key)
    if got is None:
        if len(_WH_VALUES) >= 20000:
            _WH_VALUES.clear()
        got = _WH_VALUES[key] = _wh_values_of(colours, dict(warehouse))
    return got


def _wh_values_of(colours: Sequence[str], warehouse: dict[str, int]) -> dict[str, float]:
    """What :func:`_wh_values` memoises (``warehouse``, a copy, gains each colour in turn)."""
    base = warehouse_score(warehouse, colours)
    low = min(warehouse[c] for c in colours)
    out = {}
    for c in colours:
        warehouse[c] += 1
        gain = warehouse_score(warehouse, colours) - base
        warehouse[c] -= 1
        soft = _WH_CUBE - 0.2 * (warehouse[c] - low)
        out[c] = max(float(gain), soft, 0.2)
    return out


def _cafe_state(board: A.Board) -> list[tuple[str, dict[str, Any], list[str], float]]:
    """Cafés taking deliveries (every square visible), complete or not: (id, face, delivered, VP per cube)."""
    delivered_all = board.area["cafes"]
    return [(cid, face, delivered_all.get(cid, []), face["vp"] / len(face["requires"]))
            for cid, face in board.open_cafes()]


def _short_of_cube(warehouse: dict[str, int], ships: int, drafts: int) -> bool:
    """No cube to pay for a cup card, fewer than two ships to make it free, and drafts still to come."""
    return drafts > 0 and ships < 2 and not any(warehouse.values())


def _cards_cost(state: State) -> bool:
    """Whether a card showing a cup costs a warehouse cube (the standard draft; after an auction cards are free)."""
    return state["config"]["variant"] == "standard"


def _in_last_round(state: State) -> bool:
    """Whether no card will be drawn after this round's draft (the last round of the game)."""
    return int(state["round"]) >= ROUNDS


def _rounds_to_come(state: State, p: int) -> tuple[int, int]:
    """(action points left in the player's current action phase, full action phases to come)."""
    rnd = int(state["round"])
    phase = state["phase"]
    if phase == "over":
        return 0, 0
    later = ROUNDS - rnd
    if phase in ("draft", "auction"):
        return 0, later + 1
    order = state["order"]
    pos = state["pos"]
    idx = order.index(p) if p in order else 0
    if idx < pos:
        return 0, later
    if idx > pos:
        return 0, later + 1
    if phase == "actions":
        return int(state["players"][p]["ap"]), later
    return 0, later + 1  # place: this round's actions still to come


def _player_value(cat: Any, board: A.Board, layout: "A._Layout", pl: dict[str, Any],
                  ap_now: int, to_come: int, drafts: int = 0, cards_cost: bool = True) -> float:
    """Projected final points of one player.

    Expected cubes per colour (on the way, weighted by the actions they still
    need, plus future production) first supply open cafés, best VP per cube
    first; the rest go to the warehouse, scored by its real rule (so only a
    balanced supply of colours scores there).
    """
    return _value_of(cat, pl["warehouse"], pl["area"]["cubes"], pl.get("_pool"), layout.cups, layout.kind_at,
                     layout_rate(layout), len(layout.kinds.get("ship", ())), board.open_cafes(),
                     board.area["cafes"], ap_now, to_come, drafts, cards_cost)


def _value_of(cat: Any, wh: dict[str, int], cubes: dict[str, list], pool: Optional[dict[str, int]],
              layout_cups: int, kind_at: dict[str, str], rate_info: tuple[float, dict[str, float], int, int],
              ships: int, open_cafes_now: list[tuple[str, dict[str, Any]]], delivered_all: dict[str, list[str]],
              ap_now: int, to_come: int, drafts: int, cards_cost: bool) -> float:
    """:func:`_player_value` from what it reads of the player and the layout (a placement
    weighed before it is made passes the layout it would make, see :meth:`CafeHeuristics._place_value`)."""
    colours = cat.colours
    now_wh = warehouse_score(wh, colours)
    cups = max(1, min(MAX_AP, layout_cups))
    ap_eff = ap_now + cups * to_come
    supply = dict.fromkeys(colours, 0.0)
    # actions still needed to bring the cubes on the way to a delivery: colours per stage
    on_prod: set[str] = set()
    on_dry: set[str] = set()
    on_roast: set[str] = set()
    for key, (c, n) in cubes.items():
        kind = kind_at[key]
        if kind == "production":
            on_prod.add(c)
            k = _NEED_A
        elif kind == "drying":
            on_dry.add(c)
            k = _NEED_B
        elif kind == "roasting":
            on_roast.add(c)
            k = _NEED_C
        else:
            continue
        if ap_eff >= k:
            supply[c] += _STAGE_Q[k] * n
    rate, shares, gb, gc = rate_info
    need = 0
    if on_prod or on_dry or on_roast:
        need = 1 + -(-(len(on_dry) + len(on_prod)) // gc) + -(-len(on_prod) // gb)
    if pool:
        for c, n in pool.items():
            supply[c] += n
    spare = ap_eff - need
    if spare > _LAG and rate > 0:
        # this layout's rate now; later rounds will have more cards to work
        # with, so their rate drifts towards a mature area's
        own = rate * (spare - _LAG)
        extra = 0.0
        if to_come > 1 and rate < _MATURE_RATE:
            gap = cups * (_MATURE_RATE - rate)
            for k in range(1, to_come):
                extra += gap * _MATURING[k]
        own *= 0.9
        extra *= 0.9
        for c, share in shares.items():
            supply[c] += own * share
        for c in colours:
            supply[c] += extra / len(colours)
    v = 0.0
    open_cafes = []
    for _cid, face in open_cafes_now:
        got = delivered_all.get(_cid, [])
        per = face["vp"] / len(face["requires"])
        n = len(face["requires"])
        if len(got) >= n:
            v += face["vp"]
        else:
            open_cafes.append((-per, n - len(got), face, got))
    open_cafes.sort(key=_BEST_PER_CUBE)
    for _neg, missing, face, got in open_cafes:
        need: dict[str, int] = {}
        for c in face["requires"]:
            need[c] = need.get(c, 0) + 1
        for c in got:
            need[c] -= 1
        cov = 1.0
        for c, k in need.items():
            if k > 0:
                cov = min(cov, supply[c] / k)
        if ap_eff <= 0:
            cov = 0.0
        n = len(face["requires"])
        partial = 0.25 * len(got) / n if ap_eff > 0 else 0.0  # nothing once no point is left
        v += face["vp"] * (0.9 * cov + (1.0 - cov) * partial)
        if cov > 0:
            for c, k in need.items():
                if k > 0:
                    supply[c] -= cov * k
    projected = {c: wh[c] + supply[c] for c in colours}
    ranked = sorted(projected.values())
    later_wh = 2 * ranked[0] + ranked[1]
    v += now_wh + 0.9 * (later_wh - now_wh)
    # a little for spare colours: the next cafés will ask for them
    if ap_eff > 0:
        v += 0.05 * (sum(projected.values()) - ranked[0] - ranked[1])
    # two visible ships make the next cards free (a cube saved per draft)
    if drafts > 0:
        v += 0.25 * min(ships, 2) * drafts
        if cards_cost and _short_of_cube(wh, ships, drafts) and not (pool and any(pool.values())):
            v -= _BROKE
    return v


def _action_copy(state: State) -> State:
    """A copy of the state that an action-phase move may change freely.

    Actions touch the players (area, warehouse, points), the supply, the
    pending compound move and the turn bookkeeping; ending the last turn of
    a round also moves cards between deck, row and discard.  Card faces and
    the configuration are never written, so they stay shared.
    """
    out = dict(state)
    players = []
    for pl in state["players"]:
        pl = dict(pl)
        area = pl["area"]
        pl["area"] = {"cards": list(area["cards"]), "cubes": {k: list(v) for k, v in area["cubes"].items()},
                      "cafes": {k: list(v) for k, v in area["cafes"].items()}, "ships": dict(area["ships"])}
        pl["warehouse"] = dict(pl["warehouse"])
        players.append(pl)
    out["players"] = players
    out["supply"] = dict(state["supply"])
    pending = state["pending"]
    if pending is not None:
        out["pending"] = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                          for k, v in pending.items()}
    out["deck"] = list(state["deck"])
    out["row"] = list(state["row"])
    out["discard"] = list(state["discard"])
    out["order"] = list(state["order"])
    if state.get("auction") is not None:
        out["auction"] = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                          for k, v in state["auction"].items()}
    return out


#: beam width of the action-phase planner at full effort (the hard level)
PLAN_WIDTH = 12
#: last round, at full effort: placements per card whose action phase is planned, the width
#: of those trial plans and of the chosen phase's plan (last-round beams judge each position
#: by the greedy phase played on from it, several times dearer per position, so they are
#: narrower; bots/NOTES.md, "The last round")
LAST_ROUND_PLACEMENTS = 8
LAST_ROUND_WIDTH = 1
LAST_ROUND_PLAN_WIDTH = 4
#: a solo bot keeping its tree: shares of the level's budget per decision for the draft and
#: the placement that goes on from its search (two decisions a round, one on average; the
#: placement inherits most of the draft's iterations, measured in bots/NOTES.md)
DRAFT_SHARE = 5 / 3
PLACE_SHARE = 1 / 3
#: a search iteration's cost, in rounds of rollout: the rounds the rollout plays to the end
#: of the game plus what every iteration costs whatever the round (selection, the sampled
#: deal, the evaluation at the end), measured as worth about ten rounds (hard at its clock
#: in solo: about 580 iterations in a first-round draft against 950 in the seventh;
#: bots/NOTES.md, "Time by round")
ITERATION_FIXED_ROUNDS = 10


class CafeHeuristics(Heuristics):
    margin_scale = 9.0
    rollout_plies = 24

    def __init__(self) -> None:
        # planned action phases: (width, position) -> the move planned there; last-round
        # placements planned with the draft: ("last", k, width, position) -> the placement
        self._plans: dict[tuple, str] = {}

    # -- the action phase is planned, not searched ---------------------------------------
    def solve(self, game: Game, state: State, player: int, moves: Sequence[Move],
              effort: float, progress: Optional[Callable[[float], None]] = None) -> Optional[str]:
        """Plan the player's action phase: own area only, nothing hidden, nobody else involved.

        In the last round the card and its placement are planned too
        (:meth:`_last_round`): no card is drawn after them, so planning each
        choice's action phase reads its final score.  Earlier, placement and
        the draft stay with the search: their worth shows in the rounds to
        come, which rollouts sample better than the evaluation alone guesses
        (measured in ``bots/NOTES.md``).  The last round's plans take seconds,
        so they report their progress (an action phase plans in a blink).
        """
        if state["turn"] != player:
            return None
        last = _in_last_round(state)
        if state["phase"] in ("draft", "place") and last:
            return self._last_round(game, state, player, moves, effort, progress)
        if state["phase"] != "actions":
            return None
        width = max(1, round((LAST_ROUND_PLAN_WIDTH if last else PLAN_WIDTH) * effort))
        key = (width, position_key(state, player))
        planned = self._plans.get(key)
        legal = {m.id for m in moves}
        if planned is None or planned not in legal:
            _v, path, _end = self._plan_actions(game, state, player, width)
            if not path:
                return None
            self._remember(game, state, player, width, path)
            planned = path[0]
        return planned if planned in legal else None

    def root_moves(self, game: Game, state: State, player: int, moves: Sequence[Move]) -> Sequence[Move]:
        """At a draft, each card once: paid with the cube the warehouse misses least.

        A card showing a cup can be paid with a cube of any colour, so the
        row's three cards come as up to twelve draft moves, and a search
        over all of them splits each card's share of the budget between
        near-copies.  Warehouse cubes never go to cafés, so a colour matters
        only for the warehouse's score: paying with the cube whose loss
        costs the fewest points now (then the most plentiful colour) keeps
        it balanced.  The last round weighs the colours exactly
        (:meth:`_last_round`).
        """
        if state["phase"] != "draft":
            return moves
        wh = state["players"][player]["warehouse"]
        keep = {self._cheapest_payment(game, wh, options).id
                for options in self._takes_by_card(moves).values()}
        return [m for m in moves if m.payload["kind"] != "take" or m.id in keep]

    @staticmethod
    def _takes_by_card(moves: Sequence[Move]) -> dict[int, list[Move]]:
        """The draft moves that take a card, grouped by the row slot they take (one per payment)."""
        by_slot: dict[int, list[Move]] = {}
        for m in moves:
            if m.payload["kind"] == "take":
                by_slot.setdefault(m.payload["slot"], []).append(m)
        return by_slot

    def _cheapest_payment(self, game: Game, wh: dict[str, int], options: Sequence[Move]) -> Move:
        """Of one card's take moves, the one paid with the cube the warehouse misses least."""
        colours = game.cat.colours  # type: ignore[attr-defined]
        return min(options, key=lambda m: self._pay_loss(colours, wh, m.payload["pay"]))

    def budget_share(self, game: Game, view: Mapping[str, Any], keeps: bool, continues: bool) -> float:
        """With a kept tree, most of a round's search goes to the draft.

        A solo bot keeping its tree sends most of a draft's iterations down the
        card it then takes, through that card's placements: the placement
        search goes on from them and needs few new ones, while the draft,
        which inherits next to nothing from the round before, is the decision
        short of iterations.  So the draft gets 5/3 of the level's budget and
        a placement that continues its search 1/3: one round costs what two
        even decisions cost.  Without a kept tree every decision starts
        afresh and gets the level's budget.
        """
        phase = view.get("phase")
        if keeps and phase == "draft":
            return DRAFT_SHARE
        if continues and phase == "place":
            return PLACE_SHARE
        return 1.0

    def time_weight(self, game: Game, view: Mapping[str, Any]) -> float:
        """A round's share of the clock follows what one of its iterations costs.

        An iteration costs its rollout's rounds to the end of the game plus a
        fixed part (:data:`ITERATION_FIXED_ROUNDS`): a first-round draft
        searched as long as a seventh-round one gets two thirds of its
        iterations, while the first rounds are where a choice has the most
        game left to pay off.  Weighted so, every round's search gets about
        the same iterations; the weights average one over the searched
        rounds (the last one is planned whole), so a game costs the same time.
        """
        rounds = int(view.get("rounds", ROUNDS))
        left = rounds - int(view.get("round", 1))
        mean_left = rounds / 2  # rounds 1 .. rounds-1 leave rounds-1 .. 1 to play: rounds/2 on average
        return (left + ITERATION_FIXED_ROUNDS) / (mean_left + ITERATION_FIXED_ROUNDS)

    # -- the last round is planned whole --------------------------------------------------
    def _last_round(self, game: Game, state: State, player: int, moves: Sequence[Move],
                    effort: float, progress: Optional[Callable[[float], None]] = None) -> Optional[str]:
        """The last round's card (solo) or placement (any player count), by planned final score.

        Each card's most promising placements (:meth:`_last_round_candidates`)
        get their action phase planned; the choice whose plan ends with the
        most points wins.  In a game with opponents the draft stays with the search
        (taking a card also denies it), but the placement is the player's own
        puzzle: nothing anyone does afterwards changes its points.
        """
        k = max(1, round(LAST_ROUND_PLACEMENTS * effort))
        width = max(1, round(LAST_ROUND_WIDTH * effort))
        legal = {m.id for m in moves}
        if state["phase"] == "place":
            planned = self._plans.get(("last", k, width, position_key(state, player)))
            if planned in legal:
                return planned
            return self._best_placement(game, state, player, moves, k, width, progress)[1]
        if len(state["players"]) > 1:
            return None
        by_slot = self._takes_by_card(moves)
        if not by_slot:
            return None  # nothing can be paid for: every choice discards
        colours = game.cat.colours  # type: ignore[attr-defined]
        wh = state["players"][player]["warehouse"]
        best: tuple[float, Optional[str]] = (-1e18, None)
        for done, options in enumerate(by_slot.values()):
            # plan with the cube that costs the warehouse least now, then compare the colours
            # on the warehouse the plan ends with (the plan hardly depends on it)
            first = self._cheapest_payment(game, wh, options)
            after = game.play(json_copy(state), first).state
            if after["phase"] != "place" or after["turn"] != player:
                continue
            v, place_id, end_wh = self._best_placement(game, after, player, game.legal_moves(after), k, width,
                                                       _part_of(progress, done, len(by_slot)))
            if place_id is None:
                continue
            for m in options:
                paid = m.payload["pay"]
                mv = v
                if paid is not None and paid != first.payload["pay"]:
                    other = dict(end_wh)
                    other[first.payload["pay"]] += 1
                    other[paid] -= 1
                    mv += warehouse_score(other, colours) - warehouse_score(end_wh, colours)
                if mv > best[0]:
                    best = (mv, m.id)
            self._plans[("last", k, width, position_key(after, player))] = place_id
        return best[1]

    @staticmethod
    def _pay_loss(colours: Sequence[str], wh: dict[str, int], paid: Optional[str]) -> tuple[int, int]:
        """Warehouse points a payment loses now (then: keep the scarcest colours)."""
        if paid is None:
            return (0, 0)
        after = dict(wh)
        after[paid] -= 1
        return (warehouse_score(wh, colours) - warehouse_score(after, colours), -wh[paid])

    def _best_placement(self, game: Game, state: State, player: int, moves: Sequence[Move], k: int,
                        width: int, progress: Optional[Callable[[float], None]] = None
                        ) -> tuple[float, Optional[str], dict[str, int]]:
        """The best placement by planned final points, of those :meth:`_last_round_candidates` picks.

        Returns (points, move id, the warehouse the plan ends with); the id is
        ``None`` when the card has no placement.  ``progress`` hears the
        share of the spots planned so far.
        """
        best: tuple[float, Optional[str], dict[str, int]] = (-1e18, None, {})
        places = [m for m in moves if m.payload["kind"] == "place"]
        if not places:
            return best
        candidates = self._last_round_candidates(game, state, player, places, k)
        for done, i in enumerate(candidates):
            if progress is not None:
                progress(done / len(candidates))
            placed = game.play(json_copy(state), places[i]).state
            v, path, end = self._plan_actions(game, placed, player, width)
            if not path:
                v, end = self._end_value(game, placed, player), placed
            if v > best[0]:
                best = (v, places[i].id, dict(end["players"][player]["warehouse"]))
        return best

    def _last_round_candidates(self, game: Game, state: State, player: int, places: Sequence[Move],
                               k: int) -> list[int]:
        """Indices of the placements worth planning: the ``k`` whose greedy action phase ends best,
        and the few the evaluation ranks first.

        The evaluation alone is a poor guide here: it counts the cubes on the
        way but not whether a free square lies downstream of them, so spots
        that leave the pipeline blocked tie with the ones that unblock it.
        """
        scores = self._place_scores(game, state, places)
        quick = []
        for m in places:
            _path, end = greedy_phase(game, game.play(json_copy(state), m).state, player, _action_copy,
                                      lambda s, moves: self._action_scores(game, s, moves))
            quick.append(self._end_value(game, end, player))
        by_quick = sorted(range(len(places)), key=lambda i: (-quick[i], -(scores[i] or 0.0)))[:k]
        by_value = sorted(range(len(places)), key=lambda i: -(scores[i] or 0.0))[:max(1, k // 4)]
        return by_quick + [i for i in by_value if i not in by_quick]

    def _remember(self, game: Game, state: State, player: int, width: int, path: list[str]) -> None:
        """Keep the move planned at every position along ``path`` (replayed move by move)."""
        if len(self._plans) > 5000:
            self._plans.clear()
        s = _action_copy(state)
        for mid in path:
            self._plans[(width, position_key(s, player))] = mid
            move = next(m for m in game.legal_moves(s) if m.id == mid)
            s = game.play(s, move).state
            if s["phase"] != "actions" or s["turn"] != player:
                break

    def _end_value(self, game: Game, s: State, p: int) -> float:
        """Projected final points of ``p`` (the score itself once the game is over)."""
        if s["phase"] == "over":
            return float(game.outcome(s).scores[p])  # type: ignore[union-attr]
        return self._value(game, s, p)

    def _plan_actions(self, game: Game, state: State, player: int, width: int
                      ) -> tuple[float, list[str], State]:
        """The best action phase the planner finds from ``state``: (value, move ids, end position).

        In the last round the beam judges each position by the greedy phase
        played on from it to the end: the points that phase ends with are
        points the player can surely make from there.  The evaluation would
        count every cube on the way as if the points left could move it and
        miss a full square blocking the cubes upstream, and so prune the
        lines that really deliver most (one solo last round planned 12 wide
        on the evaluation ended with 35 points, 4 wide this way with 43).
        """
        def rank(s: State, moves: list[Move]) -> list[float]:
            return self._action_scores(game, s, moves)

        last = _in_last_round(state)

        def value(s: State, p: int) -> float:
            if last and s["phase"] == "actions" and s["turn"] == p:
                s = greedy_phase(game, s, p, _action_copy, rank)[1]  # plays on a copy
            return self._end_value(game, s, p)

        path, v, end = plan_turn(game, _action_copy(state), player, width, _action_copy, value, rank)
        return v, path, end

    # -- helpers ------------------------------------------------------------------
    def _board(self, game: Game, player: dict[str, Any]) -> A.Board:
        return A.board_of(game.cat, player["area"])  # type: ignore[attr-defined]

    def _value(self, game: Game, state: State, p: int) -> float:
        pl = state["players"][p]
        board = self._board(game, pl)
        ap_now, to_come = _rounds_to_come(state, p)
        pending = state["pending"]
        if pending is not None and pending["kind"] == "deliver" and state["turn"] == p:
            pl = dict(pl)
            pl["_pool"] = pending["pool"]  # cubes being delivered
        drafts = ROUNDS - int(state["round"]) if state["phase"] != "over" else 0
        return _player_value(game.cat, board, board.layout, pl, ap_now, to_come, drafts,  # type: ignore[attr-defined]
                             _cards_cost(state))

    def _place_value(self, game: Game, state: State, payload: dict[str, Any]) -> float:
        """Projected points of the active player after a placement (before acting).

        The area the placement would leave is never built: what the
        evaluation reads of it (:func:`_placement_info`, memoised on the
        current layout) comes from the current layout and the card, and the
        cubes and café deliveries it would cover are left out of copies.
        """
        p = state["turn"]
        pl = state["players"][p]
        return self._place_value_at(game, state, pl, self._board(game, pl), _rounds_to_come(state, p)[1],
                                    payload["card"], payload["row"], payload["col"], payload["rot"])

    def _place_value_at(self, game: Game, state: State, pl: dict[str, Any], board: A.Board, to_come: int,
                        card: str, r0: int, c0: int, rot: int) -> float:
        """:meth:`_place_value` given the mover's player data, board and full action phases to come."""
        cat = game.cat  # type: ignore[attr-defined]
        area = pl["area"]
        cube_keys, cafe_ids, cups, ships, rate, open_cafes = _placement_info(cat, board, card, r0, c0, rot)
        cubes = area["cubes"]
        for key in cube_keys:
            if key in cubes:
                cubes = dict(cubes)
                for k in cube_keys:
                    cubes.pop(k, None)
                break
        cafes = area["cafes"]
        for cid in cafe_ids:
            if cid in cafes:
                cafes = dict(cafes)
                for c in cafe_ids:
                    cafes.pop(c, None)
                break
        # cubes left on the area lie on squares still showing: their kind is the current layout's
        return _value_of(cat, pl["warehouse"], cubes, None, cups, board.layout.kind_at, rate, ships, open_cafes,
                         cafes, 0, to_come, ROUNDS - int(state["round"]), _cards_cost(state))

    def _place_scores(self, game: Game, state: State, moves: Sequence[Move]) -> list[Optional[float]]:
        out: list[Optional[float]] = []
        for m in moves:
            if m.payload["kind"] != "place":
                out.append(None)
            else:
                out.append(self._place_value(game, state, m.payload))
        return out

    def _card_value(self, game: Game, state: State, card: str, sample: Optional[Rng] = None) -> float:
        """Best projected points over placements of a card (all of them, or 8 sampled)."""
        p = state["turn"]
        board = self._board(game, state["players"][p])
        options = board.placements_for(card)
        if not options:
            return self._value(game, state, p)
        if sample is not None and len(options) > 8:
            options = [options[sample.below(len(options))] for _ in range(8)]
        best = -1e9
        for r, c, rot, _n in options:
            v = self._place_value(game, state, {"card": card, "row": r, "col": c, "rot": rot})
            if v > best:
                best = v
        return best

    def _draft_scores(self, game: Game, state: State, moves: Sequence[Move], rng: Optional[Rng]) -> list[float]:
        cat = game.cat  # type: ignore[attr-defined]
        p = state["turn"]
        pl = state["players"][p]
        wh = pl["warehouse"]
        base_wh = warehouse_score(wh, cat.colours)
        # projected value of a state where the player keeps the area as it is
        keep = self._value(game, state, p)
        board = self._board(game, pl)
        later = ROUNDS - int(state["round"])
        card_vals: dict[str, float] = {}
        out = []
        for m in moves:
            pay = m.payload
            kind = pay["kind"]
            if kind == "take":
                card = pay["card"]
                if card not in card_vals:
                    card_vals[card] = self._card_value(game, state, card, rng)
                v = card_vals[card]
                colour = pay.get("pay")
                if colour:
                    after = dict(wh)
                    after[colour] -= 1
                    v -= base_wh - warehouse_score(after, cat.colours)
                    v -= 0.3  # the cube could have scored later
                    if _short_of_cube(after, self._ships_with(game, board, card), later):
                        v -= _BROKE  # the last cube: the next row may show nothing free
                out.append(v)
            else:
                out.append(keep - 0.5)
        return out

    @staticmethod
    def _ships_with(game: Game, board: A.Board, card: str) -> int:
        """Ships visible now plus the card's own (an upper bound after placing it)."""
        own = sum(1 for sq in game.cat.card(card)["squares"] if sq["kind"] == "ship")  # type: ignore[attr-defined]
        return len(board.layout.kinds.get("ship", ())) + own

    def _draft_quick(self, game: Game, state: State, moves: Sequence[Move]) -> list[float]:
        """Cheap draft scores for rollouts: what the card shows, minus the cube it costs."""
        cat = game.cat  # type: ignore[attr-defined]
        wh = state["players"][state["turn"]]["warehouse"]
        base_wh = warehouse_score(wh, cat.colours)
        later = ROUNDS - int(state["round"])
        out = []
        for m in moves:
            pay = m.payload
            if pay["kind"] != "take":
                out.append(-1.0)
                continue
            card = cat.card(pay["card"])
            v = 0.0
            for sq in card["squares"]:
                k = sq["kind"]
                if k == "cup":
                    v += 0.4 * later + 0.3
                elif k in ("production", "drying", "roasting"):
                    v += 0.35
            for cafe in card.get("cafes", ()):
                v += 0.25 * cafe["vp"] if later >= 2 else 0.0
            colour = pay.get("pay")
            if colour:
                after = dict(wh)
                after[colour] -= 1
                v -= base_wh - warehouse_score(after, cat.colours) + 0.3
                if _short_of_cube(after, 0, later):  # rollouts skip the ship count
                    v -= _BROKE
            out.append(v)
        return out

    # -- action phase knowledge -------------------------------------------------------
    def _action_scores(self, game: Game, state: State, moves: Sequence[Move], board: Optional[A.Board] = None,
                       loads: Optional[dict[str, dict[str, Any]]] = None) -> list[float]:
        """Scores (higher is better) of action-phase moves; the policy plays the best.

        ``board`` and ``loads``: the mover's board and its loads when the
        caller has them already (:meth:`~.game.CafeGame.action_moves_read`).
        """
        cat = game.cat  # type: ignore[attr-defined]
        p = state["turn"]
        me = state["players"][p]
        if board is None:
            board = self._board(game, me)
        cube_val: Optional[dict[str, float]] = None
        cafes: Optional[dict[str, tuple[float, int]]] = None
        broke = False
        # colours waiting upstream of a dry / roast action, counted once per call
        upstream: dict[str, int] = {}
        group_loads: dict[int, int] = {}
        keys_of: Optional[dict[int, tuple[str, ...]]] = None  # the layout's groups' keys (game._action_squares)
        out = []
        pending = state["pending"]
        ap = me["ap"]
        later = ROUNDS - int(state["round"])
        for m in moves:
            pay = m.payload
            k = pay["kind"]
            if k == "deliver_cube":
                if cube_val is None:
                    cube_val = _wh_values(cat.colours, me["warehouse"])
                    broke = _cards_cost(state) and _short_of_cube(
                        me["warehouse"], len(board.layout.kinds.get("ship", ())), later)
                    cafes = {}
                    for cid, face, got, per in _cafe_state(board):
                        cafes[cid] = (per, len(face["requires"]) - len(got))
                colour = pay["colour"]
                if colour is None:
                    v = 0.1
                elif pay["to"] == "warehouse":
                    v = cube_val[colour] * 0.9
                    if broke:
                        v += _BROKE  # the next card needs a cube to pay with
                else:
                    assert cafes is not None
                    per, missing = cafes[pay["to"]]
                    pool = pending["pool"] if pending else {}
                    # a café closer to completion is surer to score
                    v = per + 0.25 / missing + (0.1 if sum(pool.values()) >= missing else 0.0)
                    if later == 0 and missing > sum(pool.values()):
                        v = 0.3 * per  # cannot complete any more
                out.append(v)
                continue
            if k in ("dry", "roast"):
                n = pay["n"]
                # prefer big loads; a free square of a group action is always worth filling
                v = (3.0 if k == "roast" else 2.0) + 0.2 * n
                if not pay["cost"]:
                    v += 2.0
                else:
                    # one action point fills every free square of the group: open it where
                    # the most colours can move at once
                    if k not in upstream:
                        if loads is None:
                            loads = board.loads()
                        upstream[k] = len(loads.get("production" if k == "dry" else "drying", ()))
                    group = pay["group"]
                    # the options of one group share its list: count its free squares once
                    loaded = group_loads.get(id(group))
                    if loaded is None:
                        if keys_of is None:
                            keys_of = _action_squares(board)["keys_of"]
                        keys = keys_of.get(id(group))
                        if keys is None:  # not one of the layout's own lists
                            keys = [A.cell_key(*cell) for cell in group]
                        loaded = group_loads[id(group)] = self._group_loads(board.area["cubes"], keys, upstream[k])
                    v += _GROUP_LOAD * (loaded - 1)
                out.append(v)
                continue
            if k == "deliver":
                v = 4.0 if later > 0 or ap >= 1 else 0.0
                out.append(v)
                continue
            if k == "produce":
                n = len(pay["cubes"])
                v = 1.0 + 0.3 * n
                if later == 0 and ap < 4:
                    v = -1.0  # too late to deliver anything produced now
                out.append(v)
                continue
            if k == "done":
                out.append(0.5)
                continue
            if k == "remove":
                out.append(-2.0)
                continue
            if k == "end":
                out.append(0.0)
                continue
            out.append(0.0)
        # the last round: only steps that can still reach a delivery
        if later == 0 and pending is None:
            for i, m in enumerate(moves):
                k = m.payload["kind"]
                if k == "dry" and ap < 3 or k == "roast" and ap < 2:
                    out[i] = -1.0
        return out

    @staticmethod
    def _group_loads(cubes: Mapping[str, Any], keys: Sequence[str], colours: int) -> int:
        """How many loads one dry/roast action on a group (its squares' ``keys``) can move: its
        free squares, at most one per colour waiting on the squares it draws from (``colours``)."""
        free = sum(1 for key in keys if key not in cubes)
        return max(1, min(free, colours))

    # -- policy -------------------------------------------------------------------
    def rollout_move(self, game: Game, state: State, rng: Rng) -> Optional[Move]:
        """A rollout's placement or action, found as :meth:`policy` finds it, with less work.

        A fresh area of a rollout offers hundreds of placements and the
        policy weighs five of them drawn at random: the spots are read from
        the layout on demand (:meth:`~.area.Board.placement_spots`) and only
        the chosen one becomes a move.  An action is scored with the board
        and loads that listing the moves read
        (:meth:`~.game.CafeGame.action_moves_read`).  Other decisions (and a
        card with at most one spot) go the usual way.
        """
        phase = state["phase"]
        if phase == "actions":
            # the policy's choice, scoring the moves with what listing them read
            moves, board, loads = game.action_moves_read(state)  # type: ignore[attr-defined]
            if len(moves) == 1:
                return moves[0]
            return self._action_choice(game, state, moves, rng, board, loads)
        if phase != "place":
            return None
        p = state["turn"]
        pl = state["players"][p]
        card = pl["hand"]
        board = self._board(game, pl)
        spots = board.placement_spots(card)
        n = len(spots)
        if n < 2:
            return None
        picks = [spots[rng.below(n)] for _ in range(min(5, n))]
        to_come = _rounds_to_come(state, p)[1]
        value = self._place_value_at
        scores = [value(game, state, pl, board, to_come, card, r, c, rot) + 0.3 * rng.random()
                  for r, c, rot, _covered in picks]
        return place_move(card, picks[max(range(len(picks)), key=scores.__getitem__)])

    def policy(self, game: Game, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = state["phase"]
        if phase == "place":
            places = [m for m in moves if m.payload["kind"] == "place"]
            if not places:
                return moves[0]
            picks = [places[rng.below(len(places))] for _ in range(min(5, len(places)))]
            scores = [self._place_value(game, state, m.payload) + 0.3 * rng.random() for m in picks]
            return picks[max(range(len(picks)), key=scores.__getitem__)]
        if phase == "draft":
            scores = self._draft_quick(game, state, moves)
            return moves[max(range(len(moves)), key=lambda i: scores[i] + 0.5 * rng.random())]
        if phase != "actions":
            return moves[rng.below(len(moves))]
        return self._action_choice(game, state, moves, rng)

    def _action_choice(self, game: Game, state: State, moves: Sequence[Move], rng: Rng,
                       board: Optional[A.Board] = None, loads: Optional[dict[str, dict[str, Any]]] = None) -> Move:
        """:meth:`policy` in the action phase (``board``, ``loads``: see :meth:`_action_scores`)."""
        if rng.random() < 0.05:  # drawn first: the scores draw nothing, and a random pick needs none
            return moves[rng.below(len(moves))]
        scores = self._action_scores(game, state, moves, board, loads)
        # the best score after a little noise (the first of equals, as max() would pick)
        noise = rng.random
        best_i, best = 0, -1e18
        for i, score in enumerate(scores):
            v = score + 0.2 * noise()
            if v > best:
                best_i, best = i, v
        return moves[best_i]

    # -- priors -------------------------------------------------------------------
    @staticmethod
    def _squash(scores: Sequence[Optional[float]], spread: float) -> list[float]:
        """Map scores to [0.02, 1]: the best gets 0.9, each ``spread`` points below loses 0.2."""
        vals = [s for s in scores if s is not None]
        if not vals:
            return [0.5] * len(scores)
        top = max(vals)
        return [0.05 if s is None else max(0.02, min(1.0, 0.9 - 0.2 * (top - s) / spread)) for s in scores]

    def prior(self, game: Game, state: State, moves: Sequence[Move]) -> list[float]:
        phase = state["phase"]
        if phase == "place":
            return self._squash(self._place_scores(game, state, moves), 1.0)
        if phase == "draft":
            return self._squash(self._draft_scores(game, state, moves, Rng.from_seed(len(moves))), 1.0)
        if phase != "actions":
            return [0.5] * len(moves)
        return self._squash(self._lookahead(game, state, moves), 0.5)

    def _lookahead(self, game: Game, state: State, moves: Sequence[Move]) -> list[float]:
        """Projected points of the mover after each action-phase move (one step ahead)."""
        p = state["turn"]
        rules = self._action_scores(game, state, moves)
        out = []
        for m, rule in zip(moves, rules):
            after = game.play(_action_copy(state), m).state
            out.append(self._value(game, after, p) + 0.02 * rule - (0.5 if m.payload["kind"] == "remove" else 0.0))
        return out

    # -- evaluation -----------------------------------------------------------------
    def evaluate(self, game: Game, state: State) -> list[float]:
        return [self._value(game, state, p) for p in range(len(state["players"]))]


HEURISTICS = CafeHeuristics()
