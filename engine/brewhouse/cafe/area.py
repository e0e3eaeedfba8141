"""A player's activity area: placed cards, visible squares, cubes, cafés.

The area is plain data inside the game state (one dict per player)::

    {"cards": ["S1 0 0 0", "P17 -1 2 90", ...],  # placements, bottom to top:
                                                  # "<card> <row> <col> <rotation>"
     "cubes": {"r,c": [colour, count], ...},      # on A/B/C squares
     "cafes": {"pi.k": [colour, ...], ...},       # cubes delivered to a café
     "ships": {"r,c": colour, ...}}               # auction variant: one stored cube

Which square is visible in a cell follows from the placement list alone
(later cards lie on top), so the state stores no derived grid; a
:class:`Board` rebuilds it (cached per placement list, since states are
deep-copied on every move and flat strings copy fast).  Only the top square
of a cell is visible, so "covering N visible squares" simply means "N of the
new card's cells already hold a card".  A café is named
``"<placement index>.<café index on its card>"``, stable for the whole game.
Coordinates are ``(row, col)`` tuples internally and ``"row,col"`` strings as
JSON keys.
"""
from __future__ import annotations

import bisect
from typing import Any, Optional, Sequence

from .cards import ROTATIONS, Catalog

__all__ = ["Cell", "Board", "board_of", "cell_key", "parse_key", "new_area", "encode_placement"]

Cell = tuple[int, int]
#: (card, row, col, rot)
Placement = tuple[str, int, int, int]


def connected_groups(cells: Any) -> list[list[Cell]]:
    """The orthogonally connected groups of ``cells`` (any iterable of cells; order kept)."""
    unseen = set(cells)
    out: list[list[Cell]] = []
    for start in cells:
        if start not in unseen:
            continue
        unseen.discard(start)
        stack, comp = [start], []
        while stack:
            cur = stack.pop()
            comp.append(cur)
            r, c = cur
            # down, up, right, left: a fixed order, so groups list their cells in a stable order
            # (written out: the search finds groups on every area it evaluates)
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
        out.append(comp)
        if not unseen:
            break  # every other cell is in a group already
    return out


def cell_key(r: int, c: int) -> str:
    return f"{r},{c}"


#: "r,c" -> (r, c): areas use few cells and the search parses them over and over
_PARSED: dict[str, Cell] = {}


def parse_key(key: str) -> Cell:
    cell = _PARSED.get(key)
    if cell is None:
        if len(_PARSED) >= 20000:
            _PARSED.clear()
        r, c = key.split(",")
        cell = _PARSED[key] = (int(r), int(c))
    return cell


def encode_placement(card: str, r: int, c: int, rot: int) -> str:
    return f"{card} {r} {c} {rot}"


def new_area(start_card: str) -> dict[str, Any]:
    """An area holding only the start card at (0, 0), unrotated."""
    return {"cards": [encode_placement(start_card, 0, 0, 0)], "cubes": {}, "cafes": {}, "ships": {}}


class _Layout:
    """What a placement list looks like from above (shared by equal lists)."""

    __slots__ = ("placements", "top", "kinds", "kind_at", "cups", "legal", "groups", "memo")

    def __init__(self, cat: Catalog, cards: tuple[str, ...], below: Optional["_Layout"] = None) -> None:
        """``below``: the layout of ``cards[:-1]``, to build on (one card more is cheap to add)."""
        start = 0
        self.placements: list[Placement] = []
        #: cell -> (placement index, square index, square)
        self.top: dict[Cell, tuple[int, int, dict[str, Any]]] = {}
        if below is not None and len(below.placements) == len(cards) - 1:
            self.placements = list(below.placements)
            self.top = dict(below.top)
            start = len(cards) - 1
        for pi in range(start, len(cards)):
            card, r, c, rot = cards[pi].split(" ")
            p = (card, int(r), int(c), int(rot))
            self.placements.append(p)
            shape = cat.shape(card, p[3])
            squares = cat.card(card)["squares"]
            for si, (dr, dc) in enumerate(shape.cells):
                self.top[(p[1] + dr, p[2] + dc)] = (pi, si, squares[si])
        #: kind -> sorted visible cells of that kind
        self.kinds: dict[str, list[Cell]] = {}
        if start:
            # one card more: move the cells it covers to their new kind's list (the lists of
            # other kinds stay shared with the layout below: nobody writes to them)
            card, r, c, rot = self.placements[start]
            mine = [(r + dr, c + dc) for dr, dc in cat.shape(card, rot).cells]
            kinds = self.kinds = dict(below.kinds)  # type: ignore[union-attr]
            copied: set[str] = set()
            for cell in mine:
                old = below.top.get(cell)  # type: ignore[union-attr]
                if old is not None:
                    kind = old[2]["kind"]
                    cells = kinds[kind]
                    if kind not in copied:
                        cells = kinds[kind] = list(cells)
                        copied.add(kind)
                    cells.remove(cell)
                    if not cells:
                        del kinds[kind]
                        copied.discard(kind)
                kind = self.top[cell][2]["kind"]
                cells = kinds.get(kind)
                if cells is None:
                    kinds[kind] = [cell]
                    copied.add(kind)
                else:
                    if kind not in copied:
                        cells = kinds[kind] = list(cells)
                        copied.add(kind)
                    bisect.insort(cells, cell)
        else:
            for cell in sorted(self.top):
                self.kinds.setdefault(self.top[cell][2]["kind"], []).append(cell)
        self.cups = len(self.kinds.get("cup", ()))
        #: "r,c" key -> kind of the visible square (cube maps use these keys)
        if start:
            self.kind_at: dict[str, str] = dict(below.kind_at)  # type: ignore[union-attr]
            top = self.top
            for cell in mine:
                self.kind_at[cell_key(*cell)] = top[cell][2]["kind"]
        else:
            self.kind_at = {cell_key(*cell): hit[2]["kind"] for cell, hit in self.top.items()}
        #: card id -> legal placements, computed on demand
        self.legal: dict[str, list[tuple[int, int, int, int]]] = {}
        #: kind -> orthogonal groups, computed on demand
        self.groups: dict[str, list[list[Cell]]] = {}
        #: free slot for callers caching data derived from the layout alone
        self.memo: dict[Any, Any] = {}


class PlacementSpots:
    """A card's legal placements ``(row, col, rot, covered)`` as :meth:`Board.placements_for`
    lists them, read on demand from the card-sized boxes of each rotation."""

    __slots__ = ("parts", "total")

    def __init__(self, parts: list[tuple[list[tuple[int, int, int]], int]]) -> None:
        self.parts = parts  # per rotation, in order: (boxes as (row, col, covered), rotation)
        self.total = sum(len(boxes) for boxes, _rot in parts)

    def __len__(self) -> int:
        return self.total

    def __getitem__(self, i: int) -> tuple[int, int, int, int]:
        if not 0 <= i < self.total:
            raise IndexError(i)
        for boxes, rot in self.parts:
            if i < len(boxes):
                r, c, n = boxes[i]
                return (r, c, rot, n)
            i -= len(boxes)
        raise IndexError(i)  # pragma: no cover - the total counts every box


class _LayoutCache:
    """Layouts by placement list, per catalogue, in two generations.

    A search builds new layouts all the time (every placement of every
    rollout) while it keeps coming back to a few (the areas near the root,
    whose memos hold their placement moves and evaluations).  When the
    recent generation is full it becomes the old one and the one before is
    dropped; a layout found in the old generation moves back to the recent
    one, so the layouts in use survive and the rest go.
    """

    #: layouts per generation (each may hold memoised placement moves and evaluations)
    LIMIT = 1024

    __slots__ = ("recent", "old")

    def __init__(self) -> None:
        self.recent: dict[tuple[str, ...], _Layout] = {}
        self.old: dict[tuple[str, ...], _Layout] = {}

    def find(self, key: tuple[str, ...]) -> Optional[_Layout]:
        """The layout of ``key`` if kept (moved to the recent generation)."""
        layout = self.recent.get(key)
        if layout is None:
            layout = self.old.pop(key, None)
            if layout is not None:
                self._keep(key, layout)
        return layout

    def get(self, cat: Catalog, key: tuple[str, ...]) -> _Layout:
        """The layout of ``key``, built (on the layout below it when kept) if need be."""
        layout = self.find(key)
        if layout is None:
            layout = _Layout(cat, key, self.find(key[:-1]) if len(key) > 1 else None)
            self._keep(key, layout)
        return layout

    def _keep(self, key: tuple[str, ...], layout: _Layout) -> None:
        if len(self.recent) >= self.LIMIT:
            self.old = self.recent
            self.recent = {}
        self.recent[key] = layout


def board_of(cat: Catalog, area: dict[str, Any]) -> "Board":
    """A :class:`Board` over ``area``: the one made last, if it was made for this very area
    and its cards have not changed since.

    Boards are cheap to make but the search makes millions, mostly for the
    area it made the last one for (a rollout plays one player's moves in a
    row).  Cards are only ever added to an area's list (:meth:`Board.place`
    re-reads the layout then), so the list itself and its length tell
    whether the layout still holds; cubes and cafés are read from the area
    live.
    """
    last = cat.__dict__.get("_last_board")
    if last is not None and last.area is area:
        cards = area["cards"]
        if last.cards is cards and len(last.layout.placements) == len(cards):
            return last
    board = cat.__dict__["_last_board"] = Board(cat, area)
    return board


class Board:
    """Read/write helper over one area dict (mutations go to the dict)."""

    __slots__ = ("cat", "area", "cards", "layout")

    def __init__(self, cat: Catalog, area: dict[str, Any]) -> None:
        self.cat = cat
        self.area = area
        self.cards = area["cards"]  # the list the layout was read from (see board_of)
        cache = cat.__dict__.get("_layout_cache")
        if cache is None:
            cache = cat.__dict__["_layout_cache"] = _LayoutCache()
        key = tuple(area["cards"])
        layout = cache.recent.get(key)
        if layout is None:
            layout = cache.get(cat, key)
        self.layout = layout

    # -- squares --------------------------------------------------------------
    @property
    def top(self) -> dict[Cell, tuple[int, int, dict[str, Any]]]:
        return self.layout.top

    @property
    def placements(self) -> list[Placement]:
        return self.layout.placements

    def square(self, cell: Cell) -> Optional[dict[str, Any]]:
        hit = self.layout.top.get(cell)
        return hit[2] if hit is not None else None

    def cells_of(self, kind: str) -> list[Cell]:
        return self.layout.kinds.get(kind, [])

    def cups(self) -> int:
        """Number of visible cup squares."""
        return self.layout.cups

    def ships(self) -> list[Cell]:
        """Visible ship squares, sorted."""
        return self.cells_of("ship")

    def free_ships(self) -> list[Cell]:
        """Visible ships not yet holding a stored cube (advanced variant)."""
        return [c for c in self.ships() if cell_key(*c) not in self.area["ships"]]

    # -- placement ---------------------------------------------------------------
    def placements_for(self, card_id: str) -> list[tuple[int, int, int, int]]:
        """Legal placements ``(row, col, rot, covered)`` of a card on this area.

        Legal = the card covers 2, 3 or 4 visible squares and at least one
        cup stays visible afterwards (counting the new card's own cups).
        The card always goes on top; hidden squares never count (each cell
        shows exactly one square).
        """
        legal = self.layout.legal.get(card_id)
        if legal is not None:
            return legal
        cat = self.cat
        cup_cells = set(self.cells_of("cup"))
        total_cups = self.layout.cups
        own_cups = len(cat.shape(card_id, 0).cups)
        by_box = self._boxes_covering_2_to_4()
        legal = []
        # only a cupless card on an area with few cups can hide every cup
        check_cups = own_cups == 0 and total_cups <= 4
        for rot in ROTATIONS:
            shape = cat.shape(card_id, rot)
            if not check_cups:
                legal.extend([(r, c, rot, n) for r, c, n in by_box[(shape.rows, shape.cols)]])
                continue
            for r, c, n in by_box[(shape.rows, shape.cols)]:
                hidden = sum(1 for dr, dc in shape.cells if (r + dr, c + dc) in cup_cells)
                if hidden >= total_cups:
                    continue
                legal.append((r, c, rot, n))
        self.layout.legal[card_id] = legal
        return legal

    def placement_spots(self, card_id: str) -> Sequence[tuple[int, int, int, int]]:
        """:meth:`placements_for`, in the same order, without listing them when it can be helped.

        Unless the card might hide the last cup (then the list is built),
        the spots are read from the layout's card-sized boxes on demand: a
        rollout that tries a few spots of a fresh area needs their number
        and those few.
        """
        legal = self.layout.legal.get(card_id)
        if legal is not None:
            return legal
        cat = self.cat
        if not cat.shape(card_id, 0).cups and self.layout.cups <= 4:
            return self.placements_for(card_id)
        by_box = self._boxes_covering_2_to_4()
        return PlacementSpots([(by_box[(cat.shape(card_id, rot).rows, cat.shape(card_id, rot).cols)], rot)
                               for rot in ROTATIONS])

    def _boxes_covering_2_to_4(self) -> dict[tuple[int, int], list[tuple[int, int, int]]]:
        """Card-sized boxes (both orientations) over 2-4 visible squares: box -> [(row, col, covered)].

        Every card has the same size, so this depends on the layout alone
        and is computed once per layout.
        """
        found_boxes = self.layout.memo.get("boxes")
        if found_boxes is not None:
            return found_boxes
        cat = self.cat
        top = self.layout.top
        # a card fills its whole bounding box, and a half turn keeps the box:
        # count covered cells once per box (2 x 3 and 3 x 2) with 2D prefix sums
        rmin = min(r for r, _ in top)
        cmin = min(c for _, c in top)
        height = max(r for r, _ in top) - rmin + 1
        width = max(c for _, c in top) - cmin + 1
        # pad by 3 on every side so every box overlapping the area has an anchor inside
        pad = 3
        rows_n, cols_n = height + 2 * pad, width + 2 * pad
        prefix = [[0] * (cols_n + 1) for _ in range(rows_n + 1)]
        for i in range(rows_n):
            acc = 0
            above, line = prefix[i], prefix[i + 1]
            r = rmin - pad + i
            for j in range(cols_n):
                if (r, cmin - pad + j) in top:
                    acc += 1
                line[j + 1] = above[j + 1] + acc
        by_box: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        for box in ((cat.rows, cat.cols), (cat.cols, cat.rows)):
            h, w = box
            found = []
            for i in range(rows_n - h + 1):
                top_line, bottom_line = prefix[i], prefix[i + h]
                for j in range(cols_n - w + 1):
                    n = bottom_line[j + w] - top_line[j + w] - bottom_line[j] + top_line[j]
                    if 2 <= n <= 4:
                        found.append((rmin - pad + i, cmin - pad + j, n))
            by_box[box] = found
        self.layout.memo["boxes"] = by_box
        return by_box

    def place(self, card_id: str, r: int, c: int, rot: int,
              supply: dict[str, int], warehouse: dict[str, int]) -> dict[str, Any]:
        """Put a card on top of the area (the caller checked legality).

        Cubes on covered A/B/C squares go back to the supply; a café that
        loses any square sends its delivered cubes to the supply (it can
        never score again); a cube stored on a covered ship returns to the
        warehouse (advanced variant).  Returns what happened, for the event.
        """
        area = self.area
        shape = self.cat.shape(card_id, rot)
        covered: list[Cell] = []
        to_supply: dict[str, int] = {}
        to_warehouse: dict[str, int] = {}
        broken: list[str] = []
        for dr, dc in shape.cells:
            cell = (r + dr, c + dc)
            old = self.layout.top.get(cell)
            if old is None:
                continue
            covered.append(cell)
            key = cell_key(*cell)
            cube = area["cubes"].pop(key, None)
            if cube is not None:
                supply[cube[0]] += cube[1]
                to_supply[cube[0]] = to_supply.get(cube[0], 0) + cube[1]
            ship = area["ships"].pop(key, None)
            if ship is not None:
                warehouse[ship] += 1
                to_warehouse[ship] = to_warehouse.get(ship, 0) + 1
            if old[2]["kind"] == "cafe":
                cid = f"{old[0]}.{old[2]['cafe']}"
                if cid not in broken:
                    broken.append(cid)
                for colour in area["cafes"].pop(cid, []):
                    supply[colour] += 1
                    to_supply[colour] = to_supply.get(colour, 0) + 1
        area["cards"].append(encode_placement(card_id, r, c, rot))
        self.__init__(self.cat, area)  # type: ignore[misc]  # re-read the new layout
        return {"covered": covered, "to_supply": to_supply, "to_warehouse": to_warehouse,
                "cafes_lost": broken}

    # -- groups and cubes ---------------------------------------------------------
    def groups(self, kind: str) -> list[list[Cell]]:
        """Orthogonally connected groups of visible squares of one kind.

        Each group is sorted and groups are sorted by their first cell, so
        the first cell is a stable name for the group (used in move ids).
        """
        cached = self.layout.groups.get(kind)
        if cached is not None:
            return cached
        out = [sorted(comp) for comp in connected_groups(self.cells_of(kind))]
        self.layout.groups[kind] = out
        return out

    def group_of(self, cell: Cell) -> list[Cell]:
        sq = self.square(cell)
        assert sq is not None
        for group in self.groups(sq["kind"]):
            if cell in group:
                return group
        return [cell]  # pragma: no cover - a visible cell is always in its group

    def colours_on(self, kind: str) -> dict[str, tuple[list[Cell], int]]:
        """For visible squares of one kind: colour -> (sorted cells holding it, cube total)."""
        return self.loads().get(kind, {})

    def loads(self) -> dict[str, dict[str, tuple[list[Cell], int]]]:
        """:meth:`colours_on` for every kind at once (one pass over the cubes): kind -> colour -> ..."""
        kind_at = self.layout.kind_at
        found: dict[str, dict[str, tuple[list[Cell], int]]] = {}
        for key, (colour, n) in self.area["cubes"].items():
            kind = kind_at[key]
            by_colour = found.get(kind)
            if by_colour is None:
                by_colour = found[kind] = {}
            hit = by_colour.get(colour)
            if hit is None:
                by_colour[colour] = ([parse_key(key)], n)
            else:
                hit[0].append(parse_key(key))
                by_colour[colour] = (hit[0], hit[1] + n)
        for by_colour in found.values():
            for cells, _total in by_colour.values():
                if len(cells) > 1:
                    cells.sort()
        return found

    def cubes_on(self, kind: str) -> int:
        """Total cubes on visible squares of one kind (tie-breaks: roasting, then drying)."""
        kind_at = self.layout.kind_at
        return sum(n for key, (_c, n) in self.area["cubes"].items() if kind_at[key] == kind)

    # -- cafés ---------------------------------------------------------------------
    def _cafes(self) -> dict[str, tuple[list[Cell], bool]]:
        """Café id -> (its cells, all of them visible?) for cafés still showing.

        Depends on the layout only, so it is computed once per layout.
        """
        memo = self.layout.memo
        cafes = memo.get("cafes")
        if cafes is None:
            found: dict[tuple[int, int], tuple[list[Cell], bool]] = {}
            top = self.layout.top
            for cell in self.cells_of("cafe"):
                pi, _si, sq = top[cell]
                at = (pi, sq["cafe"])
                if at in found:
                    continue
                cells = self.cafe_cells(pi, sq["cafe"])
                visible = all((hit := top.get(x)) is not None and hit[0] == pi for x in cells)
                found[at] = (cells, visible)
            # placement order, then the café's index on its card
            cafes = {f"{pi}.{k}": hit for (pi, k), hit in sorted(found.items())}
            memo["cafes"] = cafes
        return cafes

    def cafe_cells(self, pi: int, k: int) -> list[Cell]:
        """Board cells of café ``k`` of placement ``pi`` (covered or not)."""
        card, r, c, rot = self.layout.placements[pi]
        shape = self.cat.shape(card, rot)
        return [(r + shape.cells[si][0], c + shape.cells[si][1]) for si in self.cat.cafe_squares(card, k)]

    def cafe_available(self, cafe_id: str) -> bool:
        """A café takes deliveries (and scores) only while all its squares are visible."""
        hit = self._cafes().get(cafe_id)
        return hit is not None and hit[1]

    def open_cafes(self) -> list[tuple[str, dict[str, Any]]]:
        """(id, face) of the cafés taking deliveries, in placement order (memoised on the layout)."""
        memo = self.layout.memo
        found = memo.get("open_cafes")
        if found is None:
            found = memo["open_cafes"] = [(cid, self.cafe_face(cid)) for cid, (_cells, visible)
                                          in self._cafes().items() if visible]
        return found

    def cafe_face(self, cafe_id: str) -> dict[str, Any]:
        pi_s, k_s = cafe_id.split(".")
        return self.cat.cafe(self.layout.placements[int(pi_s)][0], int(k_s))

    def cafe_needs(self, cafe_id: str, colour: str) -> bool:
        """Whether café ``cafe_id`` still asks for a cube of ``colour``."""
        face = self.cafe_face(cafe_id)
        return self.area["cafes"].get(cafe_id, []).count(colour) < face["requires"].count(colour)

    def cafe_ids(self) -> list[str]:
        """Cafés with at least one visible square, in placement order."""
        return list(self._cafes())

    def cafe_info(self) -> list[dict[str, Any]]:
        """Every café with at least one visible square, with its delivery state."""
        out = []
        for cid, (cells, available) in self._cafes().items():
            face = self.cafe_face(cid)
            delivered = list(self.area["cafes"].get(cid, []))
            out.append({
                "id": cid,
                "card": self.layout.placements[int(cid.split(".")[0])][0],
                "cells": [list(x) for x in cells],
                "requires": list(face["requires"]),
                "delivered": delivered,
                "vp": face["vp"],
                "city": face["city"],
                "year": face["year"],
                "available": available,
                "complete": available and sorted(delivered) == sorted(face["requires"]),
            })
        return out
