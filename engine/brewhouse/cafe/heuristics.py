"""Café knowledge for the search bots: a cheap rollout policy, priors and an evaluation.

Used by :mod:`brewhouse.bots` on *determinised* states (samples consistent
with the bot's view), so reading the state here never peeks.

* **Value of a cube** of one colour: the best of the VP per cube of an open
  café still asking for it and the exact warehouse gain (the two fewest
  colours score 2 and 1 VP per cube).
* **Policy** (rollouts): in the action phase work downstream first (deliver,
  roast, dry, produce) so squares are free for the next step, moving the most
  valuable colour; deliver each cube where it gains most; draft a free card
  with cups; place a card at the better of a few sampled spots.
* **Priors**: the same ideas as scores in [0, 1]; placements are scored by
  what they cover (cups, open cafés, cubes, working squares cost; empty and
  ship squares are free to cover).
* **Evaluation** (projected final points): score so far (supplied cafés,
  warehouse) plus partly supplied cafés, cubes weighted by how far they got
  along produce -> dry -> roast -> deliver, unspent action points and the
  action points (cups) of the rounds still to come.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..bots.ismcts import Heuristics
from ..core.game import Game, Move, State
from ..core.rng import Rng
from . import area as A
from .scoring import warehouse_points

__all__ = ["CafeHeuristics", "HEURISTICS"]

ROUNDS = 8
#: share of a cube's delivery value already earned on each kind of square
_STAGE = {"production": 0.25, "drying": 0.45, "roasting": 0.65}
#: cost of covering a square of each kind when placing a card
_COVER = {"cup": 1.6, "production": 0.35, "drying": 0.45, "roasting": 0.55, "cafe": 0.4,
          "ship": 0.05, "empty": -0.2}
_ACTION_PRIOR = {"deliver": 0.95, "roast": 0.85, "dry": 0.75, "produce": 0.65}


def _wh_gain(colours: Sequence[str], warehouse: dict[str, int]) -> dict[str, float]:
    base = warehouse_points(warehouse, colours)["points"]
    out = {}
    for c in colours:
        warehouse[c] += 1
        out[c] = warehouse_points(warehouse, colours)["points"] - base
        warehouse[c] -= 1
    return out


def _cafe_needs(board: A.Board) -> dict[str, dict[str, float]]:
    """Open café id -> colour -> VP per cube still asked for."""
    out: dict[str, dict[str, float]] = {}
    delivered_all = board.area["cafes"]
    for cid in board.cafe_ids():
        if not board.cafe_available(cid):
            continue
        face = board.cafe_face(cid)
        req = face["requires"]
        got = delivered_all.get(cid, [])
        if len(got) >= len(req):
            continue
        per = face["vp"] / len(req)
        need: dict[str, float] = {}
        for c in req:
            if req.count(c) > got.count(c):
                need[c] = per
        out[cid] = need
    return out


def _cube_values(colours: Sequence[str], board: A.Board, warehouse: dict[str, int]) -> dict[str, float]:
    wh = _wh_gain(colours, dict(warehouse))
    vals = {c: max(0.3, wh[c]) for c in colours}
    for need in _cafe_needs(board).values():
        for c, v in need.items():
            if v > vals[c]:
                vals[c] = v
    return vals


class CafeHeuristics(Heuristics):
    margin_scale = 8.0
    rollout_plies = 10

    # -- helpers ------------------------------------------------------------------
    def _board(self, game: Game, player: dict[str, Any]) -> A.Board:
        return A.Board(game.cat, player["area"])  # type: ignore[attr-defined]

    def _place_score(self, game: Game, board: A.Board, p: dict[str, Any]) -> float:
        cat = game.cat  # type: ignore[attr-defined]
        shape = cat.shape(p["card"], p["rot"])
        top = board.top
        cubes = board.area["cubes"]
        delivered = board.area["cafes"]
        r0, c0 = p["row"], p["col"]
        score = 0.0
        broken = set()
        for dr, dc in shape.cells:
            cell = (r0 + dr, c0 + dc)
            hit = top.get(cell)
            if hit is None:
                continue
            sq = hit[2]
            kind = sq["kind"]
            score -= _COVER.get(kind, 0.3)
            cube = cubes.get(A.cell_key(*cell))
            if cube is not None:
                score -= 0.5 * cube[1]
            if kind == "cafe":
                cid = f"{hit[0]}.{sq['cafe']}"
                if cid not in broken and board.cafe_available(cid):
                    broken.add(cid)
                    face = board.cafe_face(cid)
                    got = len(delivered.get(cid, []))
                    score -= 0.5 * face["vp"] + 0.8 * got
        # the new card's working squares next to the same kind join a group
        squares = cat.card(p["card"])["squares"]
        for i, (dr, dc) in enumerate(shape.cells):
            kind = squares[i]["kind"]
            if kind in ("drying", "roasting", "production"):
                for nr, nc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    hit = top.get((r0 + dr + nr, c0 + dc + nc))
                    if hit is not None and hit[2]["kind"] == kind and (
                            (dr + nr, dc + nc) not in shape.cells):
                        score += 0.15
        return score

    # -- policy -------------------------------------------------------------------
    def policy(self, game: Game, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        if len(moves) == 1:
            return moves[0]
        phase = state["phase"]
        if phase == "place":
            places = [m for m in moves if m.payload["kind"] == "place"]
            if not places:
                return moves[0]
            me = state["players"][state["turn"]]
            board = self._board(game, me)
            best, best_v = None, -1e9
            for _ in range(min(6, len(places))):
                m = places[rng.below(len(places))]
                v = self._place_score(game, board, m.payload) + 0.2 * rng.random()
                if v > best_v:
                    best, best_v = m, v
            return best  # type: ignore[return-value]
        if phase == "draft":
            if rng.random() < 0.2:
                return moves[rng.below(len(moves))]
            pri = self.prior(game, state, moves)
            return moves[max(range(len(moves)), key=lambda i: pri[i] + 0.1 * rng.random())]
        if phase != "actions":
            return moves[rng.below(len(moves))]
        pri = self.prior(game, state, moves)
        if rng.random() < 0.1:
            return moves[rng.below(len(moves))]
        return moves[max(range(len(moves)), key=lambda i: pri[i] + 0.05 * rng.random())]

    # -- priors -------------------------------------------------------------------
    def prior(self, game: Game, state: State, moves: Sequence[Move]) -> list[float]:
        phase = state["phase"]
        if phase == "place":
            me = state["players"][state["turn"]]
            board = self._board(game, me)
            out = []
            for m in moves:
                if m.payload["kind"] != "place":
                    out.append(0.05)
                    continue
                v = self._place_score(game, board, m.payload)
                out.append(max(0.02, min(1.0, 0.8 + 0.25 * v)))
            return out
        if phase == "draft":
            cat = game.cat  # type: ignore[attr-defined]
            out = []
            for m in moves:
                p = m.payload
                if p["kind"] == "take":
                    sq = cat.card(p["card"])["squares"]
                    kinds = [s["kind"] for s in sq]
                    v = 0.3 + 0.12 * kinds.count("cup") + 0.05 * len(cat.card(p["card"]).get("cafes", []))
                    v += 0.03 * (kinds.count("drying") + kinds.count("roasting"))
                    if p.get("pay"):
                        wh = state["players"][state["turn"]]["warehouse"]
                        loss = warehouse_points(wh, cat.colours)["points"] - warehouse_points(
                            {**wh, p["pay"]: wh[p["pay"]] - 1}, cat.colours)["points"]
                        v -= 0.12 + 0.08 * loss
                    out.append(max(0.05, min(1.0, v)))
                else:
                    out.append(0.5)
            return out
        if phase != "actions":
            return [0.5] * len(moves)
        p_idx = state["turn"]
        me = state["players"][p_idx]
        kinds = {m.payload["kind"] for m in moves}
        vals: dict[str, float] | None = None
        if kinds & {"dry", "roast", "deliver_cube"}:
            board = self._board(game, me)
            vals = _cube_values(game.cat.colours, board, me["warehouse"])  # type: ignore[attr-defined]
        out = []
        active = bool(kinds & {"produce", "dry", "roast", "deliver"})
        for m in moves:
            p = m.payload
            k = p["kind"]
            if k in _ACTION_PRIOR:
                v = _ACTION_PRIOR[k]
                if k in ("dry", "roast") and vals is not None:
                    v += 0.03 * min(4, p["n"] * vals[p["colour"]])
            elif k == "deliver_cube":
                if p["colour"] is None:
                    v = 0.3
                else:
                    assert vals is not None
                    if p["to"] == "warehouse":
                        wh = _wh_gain(game.cat.colours, dict(me["warehouse"]))  # type: ignore[attr-defined]
                        v = 0.3 + 0.2 * wh[p["colour"]]
                    else:
                        face = self._board(game, me).cafe_face(p["to"])
                        v = 0.5 + 0.1 * face["vp"] / len(face["requires"])
            elif k == "done":
                v = 0.3
            elif k == "remove":
                v = 0.02
            elif k == "end":
                v = 0.05 if active else 0.6
            else:
                v = 0.4
            out.append(max(0.0, min(1.0, v)))
        return out

    # -- evaluation -----------------------------------------------------------------
    def evaluate(self, game: Game, state: State) -> list[float]:
        colours = game.cat.colours  # type: ignore[attr-defined]
        rnd = int(state["round"])
        phase = state["phase"]
        # rounds whose action phase is still to come for everyone (roughly)
        left = ROUNDS - rnd + (1 if phase in ("draft", "place", "auction") else 0)
        out = []
        for pl in state["players"]:
            board = self._board(game, pl)
            wh = pl["warehouse"]
            v = float(warehouse_points(wh, colours)["points"])
            needs = _cafe_needs(board)
            # supplied cafés
            delivered = pl["area"]["cafes"]
            for cid in board.cafe_ids():
                if not board.cafe_available(cid):
                    continue
                face = board.cafe_face(cid)
                got = len(delivered.get(cid, []))
                if got >= len(face["requires"]):
                    v += face["vp"]
                elif got:
                    v += (0.85 if left > 0 else 0.3) * face["vp"] * got / len(face["requires"])
            vals = _wh_gain(colours, dict(wh))
            cube_val = {c: max(0.3, vals[c]) for c in colours}
            for need in needs.values():
                for c, x in need.items():
                    if x > cube_val[c]:
                        cube_val[c] = x
            kind_at = board.layout.kind_at
            # pipeline: only worth much if there is time to finish it
            time = 1.0 if left > 0 else 0.4
            for key, (c, n) in pl["area"]["cubes"].items():
                stage = _STAGE.get(kind_at[key], 0.0)
                v += time * stage * n * cube_val[c]
            # action points still to spend this round and in later rounds
            v += 0.35 * pl["ap"]
            cups = board.cups()
            v += 0.35 * min(cups, 8) * left
            # open café capacity is worth something while there is time
            if left > 0:
                v += 0.1 * sum(len(n) for n in needs.values()) * min(1.0, left / 3)
                # working structure: a produce->dry->roast chain
                nb = len(board.cells_of("drying"))
                nc = len(board.cells_of("roasting"))
                v += 0.15 * min(left, 4) * min(nb, nc, 4)
            out.append(v)
        return out


HEURISTICS = CafeHeuristics()
