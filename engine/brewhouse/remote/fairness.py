"""Fair dealing by commit and reveal: neither the host nor any guest chooses the deal.

1. The host draws a random 32-byte ``secret`` and puts ``commit =
   sha256(secret)`` in every invite, before any guest answers: the host can
   no longer change its secret unseen.
2. Each seated guest answers with a random 16-byte ``nonce``: it cannot aim
   at a seed either, since it does not know the secret.
3. The seed is :func:`derive_seed` of the secret and every seat's nonce.
4. At the end the host reveals the secret; each guest checks the commitment,
   derives the seed itself and replays the game (:mod:`.guest`).

>>> derive_seed("00" * 32, [(1, "11" * 16), (2, "22" * 16)]) < 2**53
True
"""
from __future__ import annotations

import hashlib
import secrets
from typing import Iterable

__all__ = ["new_secret", "new_nonce", "new_id", "commitment", "derive_seed", "SEED_BITS"]

#: seeds stay below 2**53 so JavaScript numbers carry them exactly (see ``core.match.MAX_SEED``)
SEED_BITS = 53


def new_secret() -> str:
    """The host's secret: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(32)


def new_nonce() -> str:
    """A guest's nonce: 16 random bytes as 32 hex digits."""
    return secrets.token_hex(16)


def new_id() -> str:
    """An invite id or a seat token: 16 random bytes as 32 hex digits (unguessable)."""
    return secrets.token_hex(16)


def commitment(secret: str) -> str:
    """``sha256`` of the secret's hex text, as 64 hex digits."""
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def derive_seed(secret: str, nonces: Iterable[tuple[int, str]]) -> int:
    """The game's seed: the first 53 bits of ``sha256("<secret>|<seat>:<nonce>|...")``.

    ``nonces`` are ``(seat, nonce)`` pairs, taken in seat order whatever
    order they come in, so every peer derives the same seed.
    """
    text = "|".join([secret] + [f"{seat}:{nonce}" for seat, nonce in sorted(nonces)])
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)
