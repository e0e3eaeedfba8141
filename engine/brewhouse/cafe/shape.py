"""The geometry every Café card shares: its orientations, its square kinds, a square's turn.

Kept apart from :mod:`.cards` (which loads and validates the data) so the validator and the
catalogue both build on it without importing each other.

>>> rotate(0, 2, 2, 3, 90)  # the top-right square of a 2x3 card turned a quarter
(2, 1)
"""
from __future__ import annotations

__all__ = ["ROTATIONS", "KINDS", "rotate"]

#: the four orientations a card may be placed in (degrees clockwise)
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
#: every square kind the data file may use
KINDS: tuple[str, ...] = ("production", "drying", "roasting", "cafe", "ship", "cup", "empty")


def rotate(r: int, c: int, rows: int, cols: int, rot: int) -> tuple[int, int]:
    """Offset of square (r, c) of a rows x cols card turned ``rot`` degrees clockwise."""
    if rot == 0:
        return r, c
    if rot == 90:
        return c, rows - 1 - r
    if rot == 180:
        return rows - 1 - r, cols - 1 - c
    return cols - 1 - c, r  # 270
