"""Reading a learned evaluation's weights file shipped inside a game package (``<game>/eval_weights.json``).

Each game's ``evaluation.py`` validates the content with its own ``validate_weights``, which starts from
:func:`header_problems` (the object, its version, format and feature list, the same in every game) and
checks its own weights with :func:`finite_numbers`; :func:`read_weights` reads the file and turns a file
that is not JSON into the same clear error as a malformed one.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any, Sequence

from ..core.errors import InvalidConfig

__all__ = ["read_weights", "header_problems", "finite_numbers"]


def read_weights(package: str, filename: str, what: str) -> Any:
    """The JSON content of ``filename`` in ``package``; ``what`` names it in the error
    ("Café evaluation weights: not JSON (...)")."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except ValueError as err:
        raise InvalidConfig(f"{what}: not JSON ({err})") from None


def header_problems(data: Any, fmt: str, features: Sequence[str], module: str) -> list[str]:
    """Problems of a weights file's common part: a JSON object with a positive integer ``version``,
    ``format`` equal to ``fmt`` and ``features`` listing ``features`` in order (``module`` names
    where they are defined, for the message).  A non-object is its only problem.

    >>> header_problems({"version": 0, "format": "x"}, "x", ["a"], "m")
    ['version: a positive integer is required', 'features: must list the 1 features of m.FEATURES in order']
    """
    if not isinstance(data, dict):
        return ["the weights file must hold a JSON object"]
    problems = []
    version = data.get("version")
    if type(version) is not int or version < 1:
        problems.append("version: a positive integer is required")
    if data.get("format") != fmt:
        problems.append(f"format: must be '{fmt}'")
    if data.get("features") != list(features):
        problems.append(f"features: must list the {len(features)} features of {module}.FEATURES in order")
    return problems


def finite_numbers(values: Any, n: int) -> bool:
    """Whether ``values`` is a list of ``n`` finite numbers (no NaN, nothing as large as 1e6).

    >>> finite_numbers([1, 2.5], 2), finite_numbers([1, float("nan")], 2), finite_numbers([True, 1], 2)
    (True, False, False)
    """
    return (isinstance(values, list) and len(values) == n
            and all(type(w) in (int, float) and w == w and abs(w) < 1e6 for w in values))
