"""Sampling full Café states from one player's view (for search bots).

In Café everything is public except the plan deck: its order, and which
cards the setup removed at random.  A view therefore pins down the whole
state but the deck, and a sample only has to deal the unseen cards:

* unseen = every plan card not in the draft row, the discard pile, a hand
  or an area;
* the ★ cards are known to be out of the game when the player count (and
  variant) removes them, so they never go into a sampled deck;
* the deck is ``deck_count`` of the remaining cards in a random order (the
  rest are the cards removed at random, which the state does not list).

Every sample ``s`` satisfies ``game.view(s, player) == view``.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Mapping

from ..core.game import json_copy
from ..core.rng import Rng
from .area import cell_key, encode_placement
from .table import stars_removed

if TYPE_CHECKING:  # pragma: no cover
    from .game import CafeGame

__all__ = ["CafeDeterminizer", "state_without_deck"]


def state_without_deck(view: Mapping[str, Any]) -> dict[str, Any]:
    """The public part of the state, rebuilt from a view (``deck`` left empty)."""
    players = []
    for pv in view["players"]:
        cubes: dict[str, list] = {}
        ships: dict[str, str] = {}
        for line in pv["area"]["grid"]:
            for cell in line:
                if cell is None:
                    continue
                key = cell_key(cell["row"], cell["col"])
                if cell["cubes"]:
                    cubes[key] = [cell["cubes"]["colour"], cell["cubes"]["n"]]
                if cell.get("ship_cube"):
                    ships[key] = cell["ship_cube"]
        players.append({
            "company": pv["company"],
            "area": {
                "cards": [encode_placement(p["card"], p["row"], p["col"], p["rot"])
                          for p in pv["area"]["placements"]],
                "cubes": cubes,
                "cafes": {c["id"]: list(c["delivered"]) for c in pv["cafes"] if c["delivered"]},
                "ships": ships,
            },
            "warehouse": dict(pv["warehouse"]),
            "hand": None if pv["hand"] is None else pv["hand"]["id"],
            "ap": pv["ap"],
            "ap_total": pv["ap_total"],
        })
    pending = view["pending"]
    if pending is not None:
        if pending["kind"] == "deliver":
            pending = {"kind": "deliver", "pool": dict(pending["pool"])}
        else:
            pending = {"kind": pending["kind"], "group": [cell_key(r, c) for r, c in pending["group"]]}
    return {
        "v": 1,
        "config": dict(view["config"]),
        "rng": Rng.from_seed(0).dump(),
        "round": view["round"],
        "master": view["master"],
        "phase": view["phase"],
        "turn": view["active"],
        "order": list(view["order"]),
        "pos": view["pos"],
        "deck": [],
        "row": [c["id"] for c in view["row"]],
        "discard": list(view["discard"]),
        "removed": view["removed_count"],
        "supply": dict(view["supply"]),
        "players": players,
        "pending": pending,
        "auction": copy.deepcopy(view["auction"]),
    }


class CafeDeterminizer:
    """``sample(rng)`` deals the unseen plan cards into a deck of the right size."""

    def __init__(self, game: "CafeGame", view: Mapping[str, Any]) -> None:
        cat = game.cat
        self.base = state_without_deck(view)
        seen = set(self.base["row"]) | set(self.base["discard"])
        for pl in self.base["players"]:
            if pl["hand"] is not None:
                seen.add(pl["hand"])
            seen.update(text.split(" ")[0] for text in pl["area"]["cards"])
        config = self.base["config"]
        candidates = [c for c in cat.plan_ids if c not in seen]
        if stars_removed(config["variant"], config["players"]):
            candidates = [c for c in candidates if c not in cat.star_ids]
        self.candidates = candidates
        self.deck_count = view["deck_count"]
        if self.deck_count > len(candidates):
            raise ValueError("view shows more deck cards than there are unseen cards")

    def sample(self, rng: Rng) -> dict[str, Any]:
        state = json_copy(self.base)
        cards = list(self.candidates)
        rng.shuffle(cards)
        state["deck"] = cards[:self.deck_count]
        state["rng"] = Rng(rng.next_u64()).dump()
        return state
