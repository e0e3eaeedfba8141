"""Coffee Rush card and board data, loaded once from ``data.json``.

``data.json`` is the single source of truth for the game's components: the
ingredient board as printed, supply sizes, the upgrade tiles and the 80
order cards.  This module turns it into :class:`RushData`, an immutable
object with the lookups the rules need (card by id, the sorted recipe of
every card for exact matching, board geometry), so the rules never name a
card or a square.

>>> data = load_data()
>>> len(data.cards), data.rows, data.cols
(80, 4, 4)
>>> data.square_ingredient[0]
'ice'
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from .validate import UPGRADE_EFFECTS, validate_data

__all__ = ["RushData", "Card", "load_data", "parse_data", "read_raw_data", "UPGRADE_EFFECTS"]


@dataclass(frozen=True)
class Card:
    """One order card as printed."""

    id: str
    name: str
    ingredients: tuple[str, ...]
    specialty: bool
    opening: bool
    #: ``ingredients`` sorted: an order is met by a cup with exactly this multiset
    key: tuple[str, ...]

    def face(self) -> dict[str, Any]:
        """The card face as plain data (what a view shows)."""
        return {"id": self.id, "name": self.name, "ingredients": list(self.ingredients),
                "specialty": self.specialty}


@dataclass(frozen=True)
class RushData:
    """Parsed, indexed game data (see :func:`parse_data`)."""

    raw: Mapping[str, Any]
    ingredients: tuple[str, ...]
    supply: Mapping[str, int]
    rush_tokens: int
    cups_per_player: int
    order_rows: int
    base_steps: int
    upgrade_cost: int
    penalties_to_close: int
    meeples_per_player: Mapping[int, int]
    setup_first: tuple[int, ...]
    setup_other: tuple[int, ...]
    upgrades: tuple[str, ...]
    rows: int
    cols: int
    #: per square index (``row * cols + col``)
    square_ingredient: tuple[str, ...]
    square_specialty: tuple[bool, ...]
    square_corner: tuple[bool, ...]
    #: orthogonal neighbours, and orthogonal + diagonal neighbours, per square
    orth: tuple[tuple[int, ...], ...]
    king: tuple[tuple[int, ...], ...]
    cards: Mapping[str, Card]
    card_order: tuple[str, ...]
    #: ingredient -> position in ``ingredients`` (the order recipes are sorted in)
    ingredient_index: Mapping[str, int]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def square_info(self, sq: int) -> dict[str, Any]:
        """A square as plain data (1-based row/col, as players read the board)."""
        return {"square": sq, "row": sq // self.cols + 1, "col": sq % self.cols + 1,
                "ingredient": self.square_ingredient[sq],
                "specialty": self.square_specialty[sq], "corner": self.square_corner[sq]}


def read_raw_data() -> dict[str, Any]:
    """The JSON file as plain data (works from a wheel, a checkout and Pyodide)."""
    text = resources.files(__package__).joinpath("data.json").read_text(encoding="utf-8")
    return json.loads(text)


def _neighbours(rows: int, cols: int, diagonal: bool) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(rows * cols):
        r, c = divmod(sq, cols)
        near = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                    continue
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    near.append(rr * cols + cc)
        out.append(tuple(near))
    return tuple(out)


def parse_data(raw: Mapping[str, Any]) -> RushData:
    """Index raw data.  Assumes it is valid (see :mod:`.validate`)."""
    board = raw["board"]
    rows, cols = len(board), len(board[0])
    cells = [cell for row in board for cell in row]
    corners = {0, cols - 1, (rows - 1) * cols, rows * cols - 1}
    order = {name: i for i, name in enumerate(raw["ingredients"])}
    cards: dict[str, Card] = {}
    for c in raw["orders"]:
        ings = tuple(c["ingredients"])
        cards[c["id"]] = Card(c["id"], c["name"], ings, bool(c["specialty"]),
                              bool(c.get("opening", False)),
                              tuple(sorted(ings, key=order.__getitem__)))
    return RushData(
        raw=raw,
        ingredients=tuple(raw["ingredients"]),
        supply=dict(raw["supply"]),
        rush_tokens=raw["rush_tokens"],
        cups_per_player=raw["cups_per_player"],
        order_rows=raw["order_rows"],
        base_steps=raw["base_steps"],
        upgrade_cost=raw["upgrade_cost"],
        penalties_to_close=raw["penalties_to_close"],
        meeples_per_player={int(k): v for k, v in raw["meeples_per_player"].items()},
        setup_first=tuple(raw["setup_orders"]["first_player"]),
        setup_other=tuple(raw["setup_orders"]["other_players"]),
        upgrades=tuple(raw["upgrades"]),
        rows=rows,
        cols=cols,
        square_ingredient=tuple(cell["ingredient"] for cell in cells),
        square_specialty=tuple(bool(cell["specialty"]) for cell in cells),
        square_corner=tuple(sq in corners for sq in range(rows * cols)),
        orth=_neighbours(rows, cols, False),
        king=_neighbours(rows, cols, True),
        cards=cards,
        card_order=tuple(c["id"] for c in raw["orders"]),
        ingredient_index=order,
    )


@lru_cache(maxsize=1)
def load_data() -> RushData:
    """The validated game data (cached; raises ``ValueError`` if the file is broken)."""
    raw = read_raw_data()
    problems = validate_data(raw)
    if problems:
        raise ValueError("invalid Coffee Rush data: " + "; ".join(problems[:5]))
    return parse_data(raw)
