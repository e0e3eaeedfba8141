"""Load what the first game of each kind would load, ahead of time.

The browser makes a memory snapshot of the Pyodide heap once the engine is
imported (see ``web/js/snapshot.js``); everything loaded before the snapshot
is there at once on the next visit.  Game definitions are imported lazily
and their card data is read on first use, so without this step a snapshot
would only hold the game list.
"""
from __future__ import annotations

from .core.match import Match
from .core.registry import REGISTRY, Registry


def warm_up(registry: Registry = REGISTRY) -> list[str]:
    """Import every playable game and load its current data; returns their ids.

    Each game is set up once (seed 0, default seats) as a throwaway match: no
    API sees it, so no match id, counter or table changes, and the loaded
    data are the same caches a first ``new_game`` fills.
    """
    games = registry.available_ids()
    for game_id in games:
        match = Match(registry.get(game_id), None, 0)
        match.game.legal_moves(match.state)
    return games
