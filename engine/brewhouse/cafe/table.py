"""The fixed numbers of a Café table: rounds, action points, cubes, variants, cards left out.

Shared by the rules (:mod:`.game`), the views (:mod:`.views`) and the determinizer
(:mod:`.determinize`), which therefore need not import one another.

>>> stars_removed("standard", 4), extra_removed("standard", 2)
(False, 8)
"""
from __future__ import annotations

__all__ = ["ROUNDS", "MAX_AP", "CUBES_PER_COLOUR", "VARIANTS", "stars_removed", "extra_removed"]

ROUNDS = 8
MAX_AP = 8
#: cubes of each colour in the box; the supply may dip below zero because the
#: company card's "x5" spot lets players compress their warehouse (see notes)
CUBES_PER_COLOUR = 35
VARIANTS = ("standard", "auction")

# removed plan cards beyond the ★ ones, by player count
_EXTRA_REMOVED = {
    "standard": {1: 16, 2: 8, 3: 0, 4: 0},
    "auction": {2: 16, 3: 8, 4: 0},
}
# whether the ★ cards are removed, by player count
_STAR_REMOVED = {
    "standard": {1: True, 2: True, 3: True, 4: False},
    "auction": {2: True, 3: True, 4: True},
}


def stars_removed(variant: str, players: int) -> bool:
    """Whether the 8 ★ plan cards are out of the game for this set-up."""
    return _STAR_REMOVED[variant][players]


def extra_removed(variant: str, players: int) -> int:
    """How many plan cards beyond the ★ ones are out of the game for this set-up."""
    return _EXTRA_REMOVED[variant][players]
