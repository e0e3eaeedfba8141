"""Coffee Rush: rules engine (see ``RULES_NOTES.md`` for decisions the book leaves open).

Card and board data live in ``data.json`` (validated by :mod:`.validate`);
:class:`RushGame` implements the engine protocol of :mod:`brewhouse.core`.
"""
from .data import RushData, load_data
from .game import OPENINGS, RushGame

__all__ = ["RushGame", "RushData", "load_data", "OPENINGS"]
