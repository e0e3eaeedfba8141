"""Shared fixtures: the test-only toy game, registered in a private registry."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
sys.path.insert(0, str(TESTS))

from brewhouse.api import Api  # noqa: E402
from brewhouse.core.registry import GameInfo, Registry  # noqa: E402
from support.toygame import ToyGame  # noqa: E402


@pytest.fixture
def toy() -> ToyGame:
    return ToyGame()


@pytest.fixture
def toy_registry(toy: ToyGame) -> Registry:
    registry = Registry()
    registry.add(GameInfo("toy", "Toy duel", 2, 3, available=True), toy)
    registry.add(GameInfo("later", "Later game", 2, 4, available=False, status="in development"))
    return registry


@pytest.fixture
def api(toy_registry: Registry) -> Api:
    return Api(toy_registry)
