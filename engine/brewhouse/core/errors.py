"""Typed errors of the engine.

Every failure the engine reports is a :class:`BrewhouseError` with a stable
``code`` (machine-readable, translated by the UI) and a clear English
``message`` (for logs and developers).  Raising one never leaves a state
half-changed: moves are applied to a private copy.
"""
from __future__ import annotations

from typing import Any

__all__ = [
    "BrewhouseError",
    "BadRequest",
    "UnknownGame",
    "GameUnavailable",
    "InvalidConfig",
    "IllegalMove",
    "GameOver",
    "UnknownMatch",
    "UndoUnavailable",
    "BadSave",
    "SaveTooNew",
    "SaveDiverged",
    "ReplayMismatch",
    "DeterminizationUnavailable",
]


class BrewhouseError(Exception):
    """Base class: ``code`` is stable, ``details`` is JSON-compatible."""

    code = "error"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": self.details}


class BadRequest(BrewhouseError):
    """Malformed call: wrong types, missing fields, unknown method."""

    code = "bad_request"


class UnknownGame(BrewhouseError):
    code = "unknown_game"


class GameUnavailable(BrewhouseError):
    """The game id exists but its rules have not landed yet."""

    code = "game_unavailable"


class InvalidConfig(BrewhouseError):
    code = "invalid_config"


class IllegalMove(BrewhouseError):
    """The move id is not among the legal moves of the current decision."""

    code = "illegal_move"


class GameOver(BrewhouseError):
    code = "game_over"


class UnknownMatch(BrewhouseError):
    code = "unknown_match"


class UndoUnavailable(BrewhouseError):
    """Nothing to undo, or hidden information was revealed since."""

    code = "undo_unavailable"


class BadSave(BrewhouseError):
    """A save file or share link that is corrupted, foreign or tampered with."""

    code = "bad_save"


class SaveTooNew(BadSave):
    """A save or export made by a newer build of Brewhouse than this one (never "damaged")."""

    code = "save_too_new"


class SaveDiverged(BadSave):
    """A save whose moves no longer replay to the position it recorded.

    ``details["ply"]`` is how many of its ``details["moves"]`` moves still
    replay; ``load`` with ``upto`` opens the game at that position.
    """

    code = "save_diverged"


class ReplayMismatch(BadSave):
    """A replay link whose moves replay, but to another position than the one it was shared at
    (its seed, setup or moves were changed): the link's ``digest`` does not match."""

    code = "replay_mismatch"


class DeterminizationUnavailable(BrewhouseError):
    """The game cannot sample hidden information from a view (no search bots for it yet)."""

    code = "determinization_unavailable"
