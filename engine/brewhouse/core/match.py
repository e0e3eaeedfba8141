"""A match: one game being played, its move history, undo and saves.

The state itself is plain data (see :mod:`brewhouse.core.game`); a match adds
what the product needs around it: who sits in each seat, the move list (the
source of truth of saves, replays and share links), the event log and undo.

Undo restores earlier snapshots, but only back to the last move that
revealed hidden information (a draw, a shuffle): undoing past it would let a
player peek and retry.  Snapshots before that barrier are dropped.  A player's
Undo (:meth:`Match.undo_own_move`) takes back their own last decision and the
bots' moves after it, never the bots' moves alone: a bot asked again may play
differently, which would be a free re-roll.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Optional, Sequence

from .. import __version__
from .editions import FIRST_EDITION, too_new
from .errors import BadRequest, BadSave, BrewhouseError, SaveDiverged, UndoUnavailable
from .game import Event, Game, State
from .registry import REGISTRY, Registry
from .seats import is_person, is_seat_kind

__all__ = ["Match", "SAVE_FORMAT", "SAVE_VERSION", "MAX_SEED", "state_digest", "canonical_json"]

SAVE_FORMAT = "brewhouse-save"
#: 1: (game, config, seed, seats, moves, state digest); 2: adds the engine version and the rules edition
SAVE_VERSION = 2
#: seeds stay below 2**53 so JavaScript numbers carry them exactly
MAX_SEED = 2**53 - 1


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def state_digest(state: State) -> str:
    """sha256 of the canonical JSON of a state (detects tampered saves)."""
    return hashlib.sha256(canonical_json(state).encode()).hexdigest()


def check_seed(seed: Any) -> int:
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise BadRequest(f"seed must be an integer from 0 to {MAX_SEED}")
    return seed


@dataclass
class LoggedEvent:
    ply: int
    event: Event


class _Undoable(NamedTuple):
    """What undoing one move restores: the state before it, the log's length then, who moved."""
    state: State
    log_len: int
    mover: Optional[int]


class Match:
    """A game in progress; every mutation goes through :meth:`apply` or :meth:`undo`."""

    def __init__(self, game: Game, config: Optional[Mapping[str, Any]] = None, seed: int = 0,
                 seats: Optional[Sequence[str]] = None) -> None:
        self.game = game
        self.config = game.normalize_config(config)
        self.seed = check_seed(seed)
        self.seats = self._check_seats(seats)
        self.state: State = game.setup(self.config, self.seed)
        self.moves: list[str] = []
        self.log: list[LoggedEvent] = []
        # states before each undoable move since the last reveal barrier
        self._undo_stack: list[_Undoable] = []

    def _check_seats(self, seats: Optional[Sequence[str]]) -> list[str]:
        n = self.game.seat_count(self.config)
        if seats is None:
            seats = self.game.default_seats(self.config)
        if not isinstance(seats, (list, tuple)) or not all(isinstance(s, str) for s in seats):
            raise BadRequest("seats must be a list of strings")
        if len(seats) != n:
            raise BadRequest(f"{len(seats)} seat(s) given for a table of {n}")
        for s in seats:
            if not (is_seat_kind(s) or self.game.accepts_seat(s)):
                raise BadRequest(f"unknown seat kind '{s[:40]}'", seat=s[:40])
        self.game.check_seats(self.config, list(seats))
        return list(seats)

    # -- playing ----------------------------------------------------------
    @property
    def active_player(self) -> Optional[int]:
        return self.game.active_player(self.state)

    @property
    def ply(self) -> int:
        return len(self.moves)

    def apply(self, move_id: str) -> list[Event]:
        """Play one move; on error nothing changes."""
        transition = self.game.apply(self.state, move_id)
        if transition.reveals:
            self._undo_stack.clear()
        else:
            self._undo_stack.append(_Undoable(self.state, len(self.log), self.active_player))
        self.state = transition.state
        self.moves.append(move_id)
        self.log.extend(LoggedEvent(self.ply, e) for e in transition.events)
        return transition.events

    @property
    def can_undo(self) -> bool:
        return bool(self._undo_stack)

    def undo(self) -> None:
        """Take back the last move (if it revealed nothing)."""
        if not self._undo_stack:
            raise UndoUnavailable("nothing to undo: no move since hidden information was revealed")
        self.state, log_len, _ = self._undo_stack.pop()
        self.moves.pop()
        del self.log[log_len:]

    def undo_steps(self, player: int) -> int:
        """How many moves ``player``'s Undo takes back (0: it is not offered to them).

        A player takes back their own last decision and whatever the bots played
        after it, never the bots' moves alone (a bot would play again, maybe
        differently: a free re-roll), never another person's decision, never past
        the last reveal.  A move that was the only option (it played itself) is
        nobody's decision: it is taken back on the way but never stops there.
        """
        for steps, entry in enumerate(reversed(self._undo_stack), start=1):
            if len(self.game.legal_moves(entry.state)) < 2:
                continue  # no choice was made
            if entry.mover == player:
                return steps
            if entry.mover is None or is_person(self.seats[entry.mover]):
                return 0  # another person's decision (or nobody's seat): not this player's to take back
        return 0

    def undo_own_move(self, player: int) -> None:
        """Take back ``player``'s last decision and every move after it (see :meth:`undo_steps`)."""
        steps = self.undo_steps(player)
        if not steps:
            raise UndoUnavailable("nothing to undo: no move of yours since hidden information was revealed",
                                  player=player)
        for _ in range(steps):
            self.undo()

    # -- saving -----------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """A versioned, self-checking save record (plain JSON data).

        It names the engine version that wrote it and the rules edition of the
        game, so a later build replays it with the same card data and rules.
        """
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "engine": __version__,
            "game": self.game.id,
            "edition": self.game.edition.id if self.game.edition else None,
            "config": self.config,
            "seed": self.seed,
            "seats": list(self.seats),
            "moves": list(self.moves),
            "state_sha256": state_digest(self.state),
        }

    @classmethod
    def from_save(cls, save: Any, registry: Registry = REGISTRY, upto: Optional[int] = None) -> "Match":
        """Rebuild a match by replaying a save with the rules edition it was made with.

        Garbage is :class:`BadSave`; a save from a newer build is
        :class:`SaveTooNew`; moves that no longer replay to the recorded
        position are :class:`SaveDiverged`, whose ``ply`` detail says how many
        still do.  ``upto`` replays only the first ``upto`` moves and skips the
        digest check: it opens such a save at the last position that still
        fits, so a player never loses a game to an update.
        """
        if not isinstance(save, Mapping):
            raise BadSave("not a Brewhouse save: expected a JSON object")
        if save.get("format") != SAVE_FORMAT:
            raise BadSave("not a Brewhouse save file")
        version = save.get("version")
        if type(version) is not int or version < 1:
            raise BadSave("save file has no valid version")
        if version > SAVE_VERSION:
            raise too_new(save.get("engine"), version=version)
        moves = save.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadSave("save file has no valid move list")
        if upto is not None and (type(upto) is not int or not 0 <= upto <= len(moves)):
            raise BadRequest(f"'upto' must be an integer from 0 to {len(moves)}")
        # version 1 predates editions: those saves were all made under each game's first edition
        edition = save.get("edition") if version >= 2 else FIRST_EDITION
        try:
            game = registry.get(save.get("game"), edition, save.get("engine"))
            match = cls(game, save.get("config"), save.get("seed"), save.get("seats"))
        except BadSave:
            raise
        except BrewhouseError as err:
            raise BadSave(f"save file is invalid: {err.message}") from None
        for i, move_id in enumerate(moves[:upto] if upto is not None else moves):
            try:
                match.apply(move_id)
            except BrewhouseError as err:
                raise SaveDiverged(f"this saved game no longer replays: move {i + 1} of {len(moves)} "
                                   f"does not fit ({err.message}); it can be opened at move {i}",
                                   ply=i, moves=len(moves)) from None
        digest = save.get("state_sha256")
        if upto is None and digest is not None and digest != state_digest(match.state):
            raise SaveDiverged("this saved game replays to another position than the one it recorded "
                               "(the file was modified, or the rules changed)", ply=len(moves), moves=len(moves))
        return match
