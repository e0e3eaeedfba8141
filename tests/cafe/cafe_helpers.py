"""Helpers for the Café tests: tiny catalogues that redraw rulebook pictures.

The rulebook examples show particular arrangements of squares.  Rather than
hunt for real cards that happen to match, a test draws the area as a grid of
tokens; each 2 x 3 block becomes a synthetic card of a test catalogue (the
real start cards are kept so setup still works), placed unrotated.

Tokens: ``y b g r`` production squares of that colour, ``B`` drying,
``C`` roasting, ``U`` cup, ``S`` ship, ``E`` empty, ``D:<name>`` a café
square (two ``D:<name>`` in one block make a two-square café), ``.`` no card
(a whole block of dots is skipped).
"""
from __future__ import annotations

import copy
import json
from typing import Any, Optional

from brewhouse.cafe import CafeGame
from brewhouse.cafe.area import encode_placement
from brewhouse.cafe.cards import Catalog, load_data

COLOURS = {"y": "yellow", "b": "brown", "g": "green", "r": "red"}
KINDS = {"B": "drying", "C": "roasting", "U": "cup", "S": "ship", "E": "empty"}


def _square(tok: str, cafes: dict[str, int]) -> dict[str, Any]:
    if tok in COLOURS:
        return {"kind": "production", "colour": COLOURS[tok]}
    if tok in KINDS:
        return {"kind": KINDS[tok]}
    if tok.startswith("D:"):
        return {"kind": "cafe", "cafe": cafes[tok[2:]]}
    raise ValueError(f"bad token {tok!r}")


def card_data(tokens: list[str], cafe_defs: dict[str, dict[str, Any]], card_id: str,
              star: bool = False) -> dict[str, Any]:
    """One synthetic plan card from 6 tokens (row-major)."""
    names: dict[str, int] = {}
    cafes = []
    for tok in tokens:
        if tok.startswith("D:") and tok[2:] not in names:
            names[tok[2:]] = len(cafes)
            d = cafe_defs[tok[2:]]
            cafes.append({"requires": list(d["requires"]), "vp": d.get("vp", len(d["requires"])),
                          "city": d.get("city", tok[2:]), "year": d.get("year", 1900)})
    card = {"id": card_id, "star": star, "squares": [_square(t, names) for t in tokens]}
    if cafes:
        card["cafes"] = cafes
    return card


def catalog_with(cards: list[dict[str, Any]]) -> Catalog:
    data = load_data()
    data["plan_cards"] = cards
    return Catalog(data)


def grid_area(rows: list[str], cafe_defs: Optional[dict[str, dict[str, Any]]] = None,
              origin: tuple[int, int] = (0, 0)) -> tuple[Catalog, list[str]]:
    """A catalogue and the area placement list drawing ``rows``.

    ``rows`` are strings of space-separated tokens; the grid height must be
    even and its width a multiple of 3.
    """
    cafe_defs = cafe_defs or {}
    grid = [r.split() for r in rows]
    assert len(grid) % 2 == 0 and all(len(r) == len(grid[0]) for r in grid) and len(grid[0]) % 3 == 0
    cards, placements = [], []
    for br in range(0, len(grid), 2):
        for bc in range(0, len(grid[0]), 3):
            toks = [grid[br + dr][bc + dc] for dr in range(2) for dc in range(3)]
            if all(t == "." for t in toks):
                continue
            cid = f"T{len(cards)}"
            cards.append(card_data(toks, cafe_defs, cid))
            placements.append(encode_placement(cid, origin[0] + br, origin[1] + bc, 0))
    return catalog_with(cards), placements


def action_state(rows: list[str], cubes: Optional[dict[str, list]] = None,
                 cafe_defs: Optional[dict[str, dict[str, Any]]] = None, ap: int = 3,
                 warehouse: Optional[dict[str, int]] = None,
                 delivered: Optional[dict[str, list[str]]] = None) -> tuple[CafeGame, dict[str, Any]]:
    """A solo game whose player is in the action phase on the drawn area.

    ``cubes`` maps ``"r,c"`` to ``[colour, n]``.
    """
    cat, placements = grid_area(rows, cafe_defs)
    game = CafeGame(catalog=cat)
    state = game.setup(game.normalize_config({"players": 1}), seed=0)
    player = state["players"][0]
    player["area"] = {"cards": placements, "cubes": copy.deepcopy(cubes or {}),
                      "cafes": copy.deepcopy(delivered or {}), "ships": {}}
    if warehouse is not None:
        player["warehouse"] = dict(warehouse)
    player["ap"] = player["ap_total"] = ap
    player["hand"] = None
    state.update(phase="actions", turn=0, order=[0], pos=0, pending=None, round=1)
    assert json.loads(json.dumps(state)) == state
    return game, state


def play(game: CafeGame, state: dict[str, Any], *move_ids: str) -> tuple[dict[str, Any], list]:
    """Apply moves in turn; returns the final state and all events."""
    events: list = []
    for mid in move_ids:
        t = game.apply(state, mid)
        state = t.state
        events.extend(t.events)
    return state, events


def ids(game: CafeGame, state: dict[str, Any]) -> list[str]:
    return [m.id for m in game.legal_moves(state)]


def cube_census(state: dict[str, Any]) -> dict[str, int]:
    """Cubes of each colour in every location (must stay at 35 each)."""
    total = dict(state["supply"])
    for pl in state["players"]:
        for c, n in pl["warehouse"].items():
            total[c] += n
        area = pl["area"]
        for c, n in area["cubes"].values():
            total[c] += n
        for cubes in area["cafes"].values():
            for c in cubes:
                total[c] += 1
        for c in area["ships"].values():
            total[c] += 1
    pending = state.get("pending")
    if pending and pending.get("kind") == "deliver":
        for c, n in pending["pool"].items():
            total[c] += n
    auction = state.get("auction")
    if auction and auction.get("paying"):
        for c, n in auction["paying"]["paid"].items():
            total[c] += n
    return total
