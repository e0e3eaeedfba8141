"""Seat kinds are registered by whoever provides them; the core names only ``human``."""
import ast
from pathlib import Path

import pytest

import brewhouse.bots  # noqa: F401  (registers the bot levels)
from brewhouse.core import Match
from brewhouse.core.errors import BadRequest
from brewhouse.core.seats import is_seat_kind, register_seat_kind, seat_kinds

CORE = Path(__file__).resolve().parents[2] / "engine" / "brewhouse" / "core"


def test_the_bot_levels_register_themselves():
    kinds = seat_kinds()
    assert list(kinds)[0] == "human"
    for level in brewhouse.bots.LEVELS:
        assert is_seat_kind(level) and level in kinds[level]


def test_a_registered_kind_is_accepted_and_an_unknown_one_refused(toy):
    with pytest.raises(BadRequest, match="unknown seat kind 'visitor'"):
        Match(toy, {"players": 2}, 1, ["human", "visitor"])
    register_seat_kind("visitor", "a test kind")
    assert Match(toy, {"players": 2}, 1, ["human", "visitor"]).seats == ["human", "visitor"]


@pytest.mark.parametrize("kind", ["", None, "x" * 41])
def test_a_seat_kind_is_a_short_string(kind):
    with pytest.raises(ValueError):
        register_seat_kind(kind)


def test_the_core_imports_no_bot():
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert "bots" not in (node.module or ""), f"{path.name} imports {node.module}"
