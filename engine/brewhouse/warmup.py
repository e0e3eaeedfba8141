"""Load what the first game of each kind would load, ahead of time.

The browser makes a memory snapshot of the Pyodide heap once the engine is
imported (see ``web/js/snapshot.js``); everything loaded before the snapshot
is there at once on the next visit.  Game definitions are imported lazily
and their card data is read on first use, so without this step a snapshot
would only hold the game list.
"""
from __future__ import annotations

from .core.match import Match, state_digest
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


#: how many moves each game's known answer plays after setting its table up (which
#: reads the game's data and shuffles it): each move costs every restored boot its
#: first run of that game's move code, tens of ms in Chromium, so none by default
KNOWN_ANSWER_MOVES = 0


def known_answer(registry: Registry = REGISTRY, moves: int = KNOWN_ANSWER_MOVES) -> dict[str, str]:
    """A fixed game of each playable game: its id mapped to the state digest it reaches.

    A restored memory snapshot must give the answer the normal boot that made
    it gave: a heap damaged where a whole-entry digest cannot see it (or a
    snapshot made from a bad boot) plays these games differently, or fails.
    Each game is the current edition's default table (Seize the Bean's is an
    expansion table), seed 1, then the first legal move ``moves`` times; like
    :func:`warm_up`, no API sees these matches.
    """
    answer = {}
    for game_id in registry.available_ids():
        match = Match(registry.get(game_id), None, 1)
        for _ in range(moves):
            legal = match.game.legal_moves(match.state)
            if not legal:
                break
            match.apply(legal[0].id)
        answer[game_id] = state_digest(match.state)
    return answer
