"""Café card data: loading ``cards.json`` and the geometry of rotated cards (over :mod:`.shape`).

Every card face (start cards and plan cards) comes from one data file,
``cards.json`` in this package; the rules code never names a card.  A card is
a grid of ``rows x cols`` squares (2 x 3 in the published game) listed
row-major.  A square is a small dict:

* ``{"kind": "production", "colour": "red"}`` — an A square,
* ``{"kind": "drying"}`` (B), ``{"kind": "roasting"}`` (C),
* ``{"kind": "cafe", "cafe": 0}`` (D) — index into the card's ``cafes``;
  a café spanning two squares has two squares with the same index,
* ``{"kind": "ship"}``, ``{"kind": "cup"}`` (one action point), ``{"kind": "empty"}``.

A :class:`Catalog` is immutable after construction and caches, for every
card and rotation, the offsets of its squares, so placement enumeration is a
few dictionary look-ups per candidate.  Tests may build their own catalog
(e.g. to reproduce a rulebook picture exactly) and hand it to ``CafeGame``.

>>> cat = default_catalog()
>>> len(cat.plan_ids), len(cat.start_ids)
(48, 4)
>>> shape = cat.shape("P01", 90)  # a 2x3 card turned a quarter is 3 rows x 2 cols
>>> shape.rows, shape.cols
(3, 2)

Every plan card without a café also has a short name (:func:`card_name`):
its family and its number within the family, in catalogue order.

>>> cat.name("P01"), cat.name("P13"), cat.name("P25")
({'family': 'farm', 'number': 1}, {'family': 'mill', 'number': 1}, None)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Optional

from .shape import KINDS, ROTATIONS, rotate
from .validate import validate_cards

__all__ = [
    "ROTATIONS", "KINDS", "Catalog", "CardShape", "card_family", "default_catalog", "load_data",
]

#: square kinds a farm grows with, and those a mill works with (see card_family)
_FARM_KINDS = ("production",)
_MILL_KINDS = ("drying", "roasting")


def card_family(card: Mapping[str, Any]) -> Optional[str]:
    """The family a plan card is named by, or None for a card its cafés name.

    A card without a café is a *farm* when it has at least as many production
    squares as drying and roasting squares together, else a *mill*
    (RULES_NOTES.md, "Card names").
    """
    kinds = [s["kind"] for s in card["squares"]]
    if "cafe" in kinds:
        return None
    farm = sum(k in _FARM_KINDS for k in kinds)
    mill = sum(k in _MILL_KINDS for k in kinds)
    return "farm" if farm >= mill else "mill"


@dataclass(frozen=True)
class CardShape:
    """One card in one rotation: its bounding box and square offsets.

    ``cells[i]`` is the ``(dr, dc)`` offset (from the top-left corner of the
    rotated bounding box) of the card's square ``i`` (its row-major index in
    the data file), so square identity survives rotation.
    """

    rows: int
    cols: int
    cells: tuple[tuple[int, int], ...]
    #: indexes of the cup squares (to count action points quickly)
    cups: tuple[int, ...]


class Catalog:
    """All card faces of one data set, with rotation geometry cached."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.colours: tuple[str, ...] = tuple(data["colours"])
        self.rows: int = int(data["card_shape"]["rows"])
        self.cols: int = int(data["card_shape"]["cols"])
        self.cards: dict[str, dict[str, Any]] = {}
        for card in data["start_cards"]:
            self.cards[card["id"]] = card
        for card in data["plan_cards"]:
            self.cards[card["id"]] = card
        self.start_ids: tuple[str, ...] = tuple(c["id"] for c in data["start_cards"])
        self.plan_ids: tuple[str, ...] = tuple(c["id"] for c in data["plan_cards"])
        self.star_ids: frozenset[str] = frozenset(c["id"] for c in data["plan_cards"] if c.get("star"))
        self._shapes: dict[tuple[str, int], CardShape] = {}
        for cid, card in self.cards.items():
            squares = card["squares"]
            cups = tuple(i for i, s in enumerate(squares) if s["kind"] == "cup")
            for rot in ROTATIONS:
                rows, cols = (self.rows, self.cols) if rot in (0, 180) else (self.cols, self.rows)
                cells = tuple(rotate(i // self.cols, i % self.cols, self.rows, self.cols, rot)
                              for i in range(len(squares)))
                self._shapes[(cid, rot)] = CardShape(rows, cols, cells, cups)
        #: (card, café index) -> its square indexes (looked up for every café on every evaluation)
        self._cafe_squares: dict[tuple[str, int], tuple[int, ...]] = {}
        for cid, card in self.cards.items():
            for i, s in enumerate(card["squares"]):
                if s["kind"] == "cafe":
                    self._cafe_squares[(cid, s["cafe"])] = self._cafe_squares.get((cid, s["cafe"]), ()) + (i,)
        #: plan card -> its short name (cards with cafés go by their towns, so have none)
        self._names: dict[str, dict[str, Any]] = {}
        counts: dict[str, int] = {}
        for cid in self.plan_ids:
            family = card_family(self.cards[cid])
            if family is not None:
                counts[family] = counts.get(family, 0) + 1
                self._names[cid] = {"family": family, "number": counts[family]}

    # -- look-ups ---------------------------------------------------------
    def card(self, card_id: str) -> dict[str, Any]:
        return self.cards[card_id]

    def square(self, card_id: str, index: int) -> dict[str, Any]:
        return self.cards[card_id]["squares"][index]

    def shape(self, card_id: str, rot: int) -> CardShape:
        return self._shapes[(card_id, rot)]

    def has_cup(self, card_id: str) -> bool:
        """A card "shows a cup" (and so costs a cube in the draft) if any square is a cup."""
        return bool(self._shapes[(card_id, 0)].cups)

    def cafe(self, card_id: str, k: int) -> dict[str, Any]:
        return self.cards[card_id]["cafes"][k]

    def cafe_squares(self, card_id: str, k: int) -> tuple[int, ...]:
        """Square indexes of café ``k`` of a card (1 or 2 squares)."""
        return self._cafe_squares.get((card_id, k), ())

    def name(self, card_id: str) -> Optional[dict[str, Any]]:
        """The short name of a plan card without a café ({"family", "number"}), else None.

        Numbers count within a family in catalogue order, so two farms are always
        told apart and a card keeps its name from game to game; card ids (what
        saves record) are untouched.
        """
        name = self._names.get(card_id)
        return dict(name) if name else None

    def face(self, card_id: Optional[str]) -> Optional[dict[str, Any]]:
        """The card as plain data for views (a copy: callers may keep it)."""
        if card_id is None:
            return None
        card = self.cards[card_id]
        return {
            "id": card_id,
            "star": bool(card.get("star", False)),
            "start": card_id in self.start_ids,
            "rows": self.rows,
            "cols": self.cols,
            "squares": [dict(s) for s in card["squares"]],
            "cafes": [dict(c, requires=list(c["requires"])) for c in card.get("cafes", [])],
            "has_cup": self.has_cup(card_id),
            "name": self.name(card_id),
        }


def load_data() -> dict[str, Any]:
    """The raw card data of the package (a fresh dict each call)."""
    text = resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The published card set, validated once per process."""
    data = load_data()
    problems = validate_cards(data)
    if problems:
        raise ValueError("cards.json is invalid: " + "; ".join(problems[:5]))
    return Catalog(data)
