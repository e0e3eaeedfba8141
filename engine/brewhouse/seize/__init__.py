"""Seize the Bean: card data, rules and views (base game, 2-4 players)."""
from .game import SeizeGame

__all__ = ["SeizeGame"]
