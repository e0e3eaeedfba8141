"""Steps of the expansion groups' abilities that reach into other players' cafés,
Lines and decks, or the City's group awards (expansions booklet pp. 10-17).

Each step registers in :data:`.effects.ICON_FX` (and its decisions in
:data:`.effects.DECIDE`); the acting player makes every choice, one decision
at a time.
"""
from __future__ import annotations

from .effects import AUTO, DECIDE, ICON_FX  # noqa: F401  (registries this module fills)
