"""Café (Rôla & Costa): produce, dry, roast and deliver coffee beans.

The package holds the rules engine (:class:`CafeGame`), the card data
(``cards.json``, checked by :mod:`.validate`) and ``RULES_NOTES.md``, the
decisions taken where the rulebooks are silent.
"""
from .game import CafeGame

__all__ = ["CafeGame"]
