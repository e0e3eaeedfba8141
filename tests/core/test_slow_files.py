"""The list of slow test files that ``make test`` runs first (tests/slow-files.json) names files that exist."""
from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_slow_file_listed_exists():
    listed = json.loads((ROOT / "tests" / "slow-files.json").read_text(encoding="utf-8"))["seconds"]
    missing = [name for name in listed if not (ROOT / name).is_file()]
    assert not missing, f"tests/slow-files.json names files that are not there (renamed?): {missing}"
    assert all(seconds > 0 for seconds in listed.values())
