"""Coffee Rush knowledge for the search bots: a cheap rollout policy and an evaluation.

Used by :mod:`brewhouse.bots` on *determinised* states (samples consistent
with the bot's view), so reading the state here never peeks.

* **Policy** (rollouts and move ordering): send when possible, usually take
  an upgrade, put ingredients where they still fit an order (into a started
  cup first), empty dead cups, walk towards needed ingredients (spending rush
  tokens only on needed ones), otherwise uniform.
* **Evaluation** (projected final points): the score so far (sent orders,
  upgrades, penalties) plus progress: cups close to an order, ingredients in
  hand, orders about to fall off row 4 (future penalties), rush tokens.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ..bots.ismcts import Heuristics
from ..core.game import Game, Move, State
from ..core.rng import Rng
from .data import RushData
from .scoring import PENALTY_POINTS, SENT_POINTS, UPGRADE_POINTS

__all__ = ["RushHeuristics", "HEURISTICS"]

_RECIPES: dict[str, tuple[Counter, int]] = {}


def _recipe(data: RushData, cid: str) -> tuple[Counter, int]:
    got = _RECIPES.get(cid)
    if got is None:
        ings = data.cards[cid].ingredients
        got = _RECIPES[cid] = (Counter(ings), len(ings))
    return got


def _fits(items: list[str], recipes: list[tuple[Counter, int]]) -> bool:
    size = len(items)
    kinds = set(items)
    for r, n in recipes:
        if size <= n and all(items.count(k) <= r[k] for k in kinds):
            return True
    return False


def _need(data: RushData, me: dict[str, Any]) -> dict[str, float]:
    """Ingredients still missing from the orders, older orders weighing more."""
    need: dict[str, float] = {}
    cups = [c for c in me["cups"] if c]
    for r, row in enumerate(me["rows"]):
        for cid in row:
            recipe, _ = _recipe(data, cid)
            best: list[str] = []
            for cup in cups:
                if len(cup) > len(best) and all(cup.count(k) <= recipe[k] for k in set(cup)):
                    best = cup
            for ing, count in recipe.items():
                missing = count - best.count(ing)
                if missing > 0:
                    need[ing] = need.get(ing, 0) + missing * (1 + r)
    for ing in me["pending"]:
        if ing in need:
            need[ing] -= 1 + len(me["rows"])
    return {k: v for k, v in need.items() if v > 0}


class RushHeuristics(Heuristics):
    margin_scale = 3.0
    rollout_plies = 4

    def policy(self, game: Game, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        data: RushData = game.data  # type: ignore[attr-defined]
        kinds: dict[str, list[Move]] = {}
        for m in moves:
            kinds.setdefault(m.payload["kind"], []).append(m)
        if "send" in kinds:
            return rng.choice(kinds["send"])
        if "upgrade" in kinds and rng.random() < 0.7:
            return rng.choice(kinds["upgrade"])
        if len(kinds) == 1 and "put" not in kinds and "step" not in kinds:
            return rng.choice(list(moves))
        me = state["players"][state["current"]]
        recipes = [_recipe(data, cid) for row in reversed(me["rows"]) for cid in row]
        cups = me["cups"]
        if "empty" in kinds and rng.random() < 0.9:
            dead = [m for m in kinds["empty"] if not _fits(cups[m.payload["cup"] - 1], recipes)]
            if dead:
                return dead[0]
        if "put" in kinds and rng.random() < 0.9:
            good = [m for m in kinds["put"] if _fits(cups[m.payload["cup"] - 1] + [m.payload["ingredient"]], recipes)]
            going = [m for m in good if cups[m.payload["cup"] - 1]]
            if going:
                return rng.choice(going)
            if good:
                return rng.choice(good)
        if "done" in kinds and rng.random() < 0.9:
            return kinds["done"][0]
        if "step" in kinds:
            need = _need(data, me)
            if need and rng.random() < 0.85:
                best, best_score = None, 0.0
                for m in kinds["step"]:
                    p = m.payload
                    if p["rush"] and need.get(p["ingredient"], 0) <= 0:
                        continue
                    score = need.get(p["ingredient"], 0) * p["take"] + rng.random() * 0.1
                    if score > best_score:
                        best, best_score = m, score
                if best is not None and (best_score >= 1 or "stop" not in kinds):
                    return best
            if "stop" in kinds and rng.random() < 0.8:
                return kinds["stop"][0]
        return moves[rng.below(len(moves))]

    def prior(self, game: Game, state: State, moves: Sequence[Move]) -> list[float]:
        data: RushData = game.data  # type: ignore[attr-defined]
        me = state["players"][state["current"]]
        recipes = [_recipe(data, cid) for row in me["rows"] for cid in row]
        cups = me["cups"]
        need: dict[str, float] | None = None
        out = []
        for m in moves:
            p = m.payload
            k = p["kind"]
            if k == "send":
                v = 1.0
            elif k == "upgrade":
                v = 0.8
            elif k == "put":
                cup = cups[p["cup"] - 1]
                v = (0.9 if cup else 0.7) if _fits(cup + [p["ingredient"]], recipes) else 0.1
            elif k == "empty":
                v = 0.05 if _fits(cups[p["cup"] - 1], recipes) else 0.6
            elif k == "return":
                v = 0.1 if any(_fits(c + [p["ingredient"]], recipes) for c in cups) else 0.5
            elif k == "done":
                v = 0.2 if me["pending"] else 0.5
            elif k == "step":
                if need is None:
                    need = _need(data, me)
                want = need.get(p["ingredient"], 0.0)
                if p["rush"] and want <= 0:
                    v = 0.05
                else:
                    v = 0.2 + 0.7 * min(1.0, want * p["take"] / 6.0)
            elif k == "stop":
                v = 0.4
            elif k in ("end", "skip_upgrade"):
                v = 0.3
            else:
                v = 0.5
            out.append(v)
        return out

    def evaluate(self, game: Game, state: State) -> list[float]:
        data: RushData = game.data  # type: ignore[attr-defined]
        out = []
        last = data.order_rows - 1
        for me in state["players"]:
            v = (SENT_POINTS * len(me["sent"]) + UPGRADE_POINTS * len(me["upgrades"])
                 + PENALTY_POINTS * len(me["penalties"]))
            cups = [c for c in me["cups"] if c]
            used = set()
            for r in range(last, -1, -1):  # urgent orders claim cups first
                for cid in me["rows"][r]:
                    recipe, size = _recipe(data, cid)
                    best, best_len = -1, 0
                    for i, cup in enumerate(cups):
                        if i in used or len(cup) > size:
                            continue
                        if all(cup.count(k) <= recipe[k] for k in set(cup)) and len(cup) > best_len:
                            best, best_len = i, len(cup)
                    progress = best_len / size
                    if best >= 0:
                        used.add(best)
                    # an order that will fall off is a future penalty unless nearly done
                    urgency = (r + 1) / (last + 1)
                    v += 0.7 * progress - 0.6 * urgency * (1 - progress) ** 2
            v -= 0.1 * sum(len(c) for i, c in enumerate(cups) if i not in used)
            if me["pending"]:
                need = _need(data, me)
                v += sum(0.25 if need.get(ing, 0) > 0 else 0.0 for ing in me["pending"])
            v += 0.12 * me["rush"]
            out.append(v)
        return out


HEURISTICS = RushHeuristics()
