"""Reading a learned evaluation's weights file shipped inside a game package (``<game>/eval_weights.json``).

Each game's ``evaluation.py`` validates the content with its own ``validate_weights``; this reads the
file and turns a file that is not JSON into the same clear error as a malformed one.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..core.errors import InvalidConfig

__all__ = ["read_weights"]


def read_weights(package: str, filename: str, what: str) -> Any:
    """The JSON content of ``filename`` in ``package``; ``what`` names it in the error
    ("Café evaluation weights: not JSON (...)")."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except ValueError as err:
        raise InvalidConfig(f"{what}: not JSON ({err})") from None
