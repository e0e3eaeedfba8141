"""JSON text from outside, parsed only when it is small and shallow enough.

The browser hands the engine JSON text (API parameters, save files).  In
Pyodide a few thousand levels of nesting overflow the WebAssembly stack
inside ``json.loads`` and kill the runtime, so depth and size are bounded
*before* parsing.  Scanning is linear: string tokens are skipped whole and
a quote that opens no complete string rejects the text at once.

>>> loads_bounded('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads_bounded("[" * 500 + "]" * 500)
Traceback (most recent call last):
...
ValueError: JSON nested deeper than 100 levels
"""
from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["loads_bounded", "MAX_JSON_DEPTH", "MAX_JSON_CHARS"]

#: far beyond any save or API call (a save is 4 levels deep), far below what overflows the wasm stack
MAX_JSON_DEPTH = 100
#: an API call or a save is a few hundred kilobytes at most
MAX_JSON_CHARS = 16 * 1024 * 1024
# a complete string token, a bracket, or a quote that opens no complete string
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|"', re.S)


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    for token in _TOKENS.finditer(text):
        t = token.group()
        if t in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif t in "]}":
            depth -= 1
        elif len(t) == 1:  # a lone quote: not JSON, and nothing deeper to look for
            break
    return deepest


def loads_bounded(text: str, max_depth: int = MAX_JSON_DEPTH, max_chars: int = MAX_JSON_CHARS) -> Any:
    """``json.loads`` after checking size and depth; ``ValueError`` with a clear reason otherwise."""
    if len(text) > max_chars:
        raise ValueError(f"JSON text longer than {max_chars} characters")
    # cheap first: text with few opening brackets cannot be deep
    if text.count("[") + text.count("{") > max_depth and nesting_depth(text) > max_depth:
        raise ValueError(f"JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError(f"JSON nested deeper than {max_depth} levels") from None
