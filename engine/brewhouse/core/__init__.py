"""The engine protocol shared by every game (see ``game.py``)."""
from .errors import *  # noqa: F401,F403
from .game import Event, Game, Move, Outcome, State, Transition
from .match import Match
from .registry import REGISTRY, GameInfo, Registry
from .rng import Rng

__all__ = ["Event", "Game", "Move", "Outcome", "State", "Transition", "Match", "REGISTRY",
           "GameInfo", "Registry", "Rng"]
