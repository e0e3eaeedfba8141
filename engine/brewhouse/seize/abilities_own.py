"""Steps of the expansion groups' abilities that act on your own café, Line and deck
(expansions booklet pp. 10-17, "Capacités supplémentaires des clients").

Each step registers in :data:`.effects.ICON_FX` (and its decisions in
:data:`.effects.DECIDE`), so ability data in ``groups/*.json`` names them.
"""
from __future__ import annotations

from .effects import AUTO, DECIDE, ICON_FX  # noqa: F401  (registries this module fills)
