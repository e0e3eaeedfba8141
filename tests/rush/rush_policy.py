"""A seeded "greedy but random" test driver for soak tests and simulations.

Pure random play almost never fills a cup exactly, so games would end by
penalties alone.  This driver sends whenever it can, mostly walks to
ingredients its orders need, puts an ingredient where it still fits an order,
empties dead cups and buys upgrades often; otherwise it picks uniformly.  It
reads the state directly (it is a test driver, not a bot: bots use views) to
keep thousands of games fast.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from brewhouse.core import Move, Rng
from brewhouse.rush.data import RushData


def _fits(cup: list[str], ing: str | None, recipes: list[tuple[Counter, int]]) -> bool:
    """Could ``cup`` (plus ``ing``) still become one of ``recipes``?"""
    items = cup + [ing] if ing is not None else cup
    size = len(items)
    kinds = set(items)
    for r, len_r in recipes:
        if size <= len_r and all(items.count(k) <= r[k] for k in kinds):
            return True
    return False


_RECIPES: dict[str, tuple[Counter, int]] = {}


def _recipe(data: RushData, cid: str) -> tuple[Counter, int]:
    got = _RECIPES.get(cid)
    if got is None:
        ings = data.cards[cid].ingredients
        got = _RECIPES[cid] = (Counter(ings), len(ings))
    return got


def choose(data: RushData, state: dict[str, Any], moves: Sequence[Move], rng: Rng) -> Move:
    """Pick one of ``moves`` for the active player."""
    kinds: dict[str, list[Move]] = {}
    for m in moves:
        kinds.setdefault(m.payload["kind"], []).append(m)
    if "send" in kinds:
        return rng.choice(kinds["send"])
    if "upgrade" in kinds and rng.random() < 0.7:
        return rng.choice(kinds["upgrade"])
    if len(kinds) == 1 and "place_meeple" not in kinds and "opening" not in kinds and "put" not in kinds:
        return rng.choice(list(moves))
    me = state["players"][state["current"]]
    # oldest orders first: they are the urgent ones
    recipes = [_recipe(data, cid) for row in reversed(me["rows"]) for cid in row]
    cups = me["cups"]
    if "empty" in kinds and rng.random() < 0.9:
        dead = [m for m in kinds["empty"] if not _fits(cups[m.payload["cup"] - 1], None, recipes)]
        if dead:
            return dead[0]
    if "put" in kinds and rng.random() < 0.9:
        good = [m for m in kinds["put"] if _fits(cups[m.payload["cup"] - 1], m.payload["ingredient"], recipes)]
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
                    continue  # spend tokens only on what is needed
                score = need.get(p["ingredient"], 0) * p["take"] + 0.5 * _pull(data, p["to"], need)
                score += rng.random() * 0.1
                if score > best_score:
                    best, best_score = m, score
            if best is not None and (best_score >= 1 or "stop" not in kinds):
                return best
        if "stop" in kinds and rng.random() < 0.8:
            return kinds["stop"][0]
    return rng.choice(list(moves))


def _need(data: RushData, me: dict[str, Any]) -> dict[str, float]:
    """Ingredients still missing from the orders, urgent (older) orders weighing more."""
    need: dict[str, float] = {}
    cups = [c for c in me["cups"] if c]
    for r, row in enumerate(me["rows"]):
        for cid in row:
            recipe, _ = _recipe(data, cid)
            best: list[str] = []
            for cup in cups:  # the fullest cup that still fits this order
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


_NEAR: dict[int, list[tuple[int, str]]] = {}


def _pull(data: RushData, square: int, need: dict[str, float]) -> float:
    """How close ``square`` is to the needed ingredients (1 step away counts half)."""
    near = _NEAR.get(square)
    if near is None:
        cols = data.cols
        r, c = divmod(square, cols)
        near = _NEAR[square] = [(abs(q // cols - r) + abs(q % cols - c), ing)
                                for q, ing in enumerate(data.square_ingredient) if q != square]
    total = 0.0
    for d, ing in near:
        w = need.get(ing)
        if w is not None and w / (1 + d) > total:
            total = w / (1 + d)
    return total


def play_game(game, config: dict[str, Any], seed: int, on_move=None) -> dict[str, Any]:
    """Play one whole game with :func:`choose`; returns the final state."""
    state = game.setup(game.normalize_config(config), seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    while game.active_player(state) is not None:
        move = choose(game.data, state, game.legal_moves(state), rng)
        transition = game.apply(state, move.id)
        if on_move is not None:
            on_move(state, move, transition)
        state = transition.state
    return state
