"""Shared fixtures: the test-only toy game, registered in a private registry; the slow files first."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
sys.path.insert(0, str(TESTS))

from brewhouse.api import Api  # noqa: E402
from brewhouse.core.registry import GameInfo, Registry  # noqa: E402
from support.toygame import ToyGame  # noqa: E402


#: how long the slow test files take (tests/slow-files.json)
SLOW_FILES: dict[str, float] = json.loads((TESTS / "slow-files.json").read_text(encoding="utf-8"))["seconds"]


def pytest_collection_modifyitems(items) -> None:
    """The slow files first, the longest first; the others after them in their own order.

    With ``--dist loadfile --no-loadscope-reorder`` (``make test``) the workers take whole
    files in this order: the longest ones are spread first and short ones fill in at the
    end, so no worker is left running one long file while the other has finished.
    """
    def slowness(item) -> float:
        return -SLOW_FILES.get(Path(str(item.fspath)).relative_to(ROOT).as_posix(), 0.0)
    items.sort(key=slowness)  # stable: files of equal weight keep the order they were collected in


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
