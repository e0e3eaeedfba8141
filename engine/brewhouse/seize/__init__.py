"""Seize the Bean: card data, rules and views.

The base game and its expansions booklet (districts and the Kiez, customer groups and packs,
founders, Friends & Family set-ups and their drafts, variants) for 2-6 players (5-6 from rules
edition 3), and solo against the Starbots automa at 20 levels, with its scenarios (1 player).
"""
from .game import SeizeGame

__all__ = ["SeizeGame"]
