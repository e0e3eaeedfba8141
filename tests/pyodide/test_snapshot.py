"""Memory snapshots (web/js/snapshot.js) in real Pyodide under Node, booted as the worker boots.

A first boot installs the engine normally and stores a snapshot; the next
boot restores it.  The restored engine must behave exactly as a normally
booted one (the smoke suite's digests), read the data files nothing loaded
before the snapshot, and not repeat the previous visit's randomness; every
broken or foreign snapshot must be refused and end in a normal boot.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from support.toygame import play_reference_game

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DIST = ROOT / "dist"

pytestmark = pytest.mark.pyodide


def node(*args: str, env: dict | None = None) -> dict:
    if not (DIST / "build-manifest.json").exists():
        pytest.fail("dist/ is not built: run `make test` (it builds first)")
    exe = shutil.which("node")
    assert exe, "Node.js is required for the Pyodide tests"
    proc = subprocess.run([exe, *args], capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run(script: str, store: Path) -> dict:
    return node(str(HERE / "run.mjs"), str(DIST), str(HERE / script), str(ROOT / "tests"),
                env={"BREWHOUSE_SNAPSHOT_DIR": str(store)})


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("snapshots")


@pytest.fixture(scope="module")
def made(store) -> dict:
    return run("smoke.py", store)


@pytest.fixture(scope="module")
def restored(made, store) -> dict:
    return run("smoke.py", store)


@pytest.fixture(scope="module")
def visits(restored, store) -> list[dict]:
    return [run("after_restore.py", store) for _ in range(2)]


def test_the_first_boot_makes_and_stores_a_snapshot_keyed_by_build_and_pyodide(made, store):
    manifest = json.loads((DIST / "build-manifest.json").read_text())
    snapshot = made["node"]["snapshot"]
    assert snapshot["state"] == "made" and snapshot["stored"] is True
    assert snapshot["key"] == (f"engine-{manifest['engine']['wheel_sha256'][:16]}"
                               f"-pyodide-{manifest['pyodide']['version']}.snapshot")
    assert [p.name for p in store.iterdir()] == [snapshot["key"]]
    assert (store / snapshot["key"]).stat().st_size == snapshot["bytes"]


def test_the_engine_that_made_the_snapshot_plays_on_identically(made):
    from brewhouse.api import DEFAULT_API

    for game, digest in made["games_played"].items():
        assert digest == play_reference_game(DEFAULT_API, game, 2, 3)["state_sha256"], game


def test_the_next_boot_restores_and_the_engine_behaves_identically(made, restored):
    assert restored["node"]["snapshot"]["state"] == "restored"
    assert "error" not in restored["node"]["snapshot"]
    # every digest of the smoke suite: seeded games of every game, the toy game,
    # typed errors, the golden save corpus (older editions' data files included)
    same = {k: v for k, v in made.items() if k not in ("node", "micropip_origin")}
    assert {k: restored[k] for k in same} == same
    assert restored["micropip_origin"] is None  # micropip is dropped from the snapshot: only installing needs it


def test_each_restored_visit_has_its_own_randomness(visits):
    first, second = visits
    assert all(v["node"]["snapshot"]["state"] == "restored" for v in visits)
    assert first["random"] != second["random"]  # random reseeded from os.urandom
    assert first["seed"] != second["seed"]  # new games' seeds too
    # the str hash salt is the snapshot's on every restore: nothing of ours depends on it
    # (the digests above are equal to CPython's, whose salt differs on every run)
    assert first["hash"] == second["hash"] and first["hash_randomization"] == 1


def test_data_files_nothing_loaded_before_the_snapshot_are_readable(visits):
    archived = ROOT / "engine" / "brewhouse" / "seize" / "editions" / "1" / "cards.json"
    assert visits[0]["archived_edition"] == len(archived.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def faults(made, store) -> dict:
    (stored,) = store.iterdir()
    return node(str(HERE / "snapshot_faults.mjs"), str(DIST), str(stored))


def test_foreign_or_broken_snapshots_are_refused_and_the_boot_falls_back(made, faults):
    out = faults
    assert out["garbage"] == "not a stored snapshot"
    assert out["truncated"] == "stored snapshot is truncated or too long"
    assert out["other_build"].startswith("snapshot of build 0123456789abcdef")
    assert out["other_pyodide"] == "Snapshot build id mismatch"  # Pyodide's own check
    assert out["other_engine"].endswith("not fedcba9876543210")  # the engine's mark in the heap
    fallback = out["fallback"]
    assert fallback["snapshot"]["state"] == "made"
    assert fallback["snapshot"]["error"] == "restore: not a stored snapshot"
    key = fallback["snapshot"]["key"]
    assert fallback["stored"] == [[key, "deleted"], [key, fallback["snapshot"]["bytes"]]]
    assert fallback["engine"] == made["version"]


def test_an_entry_damaged_since_it_was_stored_fails_its_digest(faults):
    # bytes of the heap (which restored "fine", then crashed Pyodide on the first
    # expansion game), of the lessons, of an older edition's cards
    for case in ("heap_flipped", "lessons_damaged", "old_cards_damaged"):
        assert faults[case] == "stored snapshot is damaged: its digest does not match", case


def test_damage_the_digest_cannot_see_fails_the_known_answer(faults):
    # the entry packed again around the damage, digest and all
    assert faults["lessons_repacked"].endswith("brewhouse/seize/lessons.json is not the one the snapshot was made with")
    assert faults["old_cards_repacked"].endswith(
        "brewhouse/seize/editions/1/cards.json is not the one the snapshot was made with")
    assert faults["heap_repacked"] == "the restored engine plays seize differently from the boot that made it"
    assert faults["no_answer"] == "the snapshot carries no known answer"


def test_a_restore_is_marked_until_the_engine_answered_and_a_fatal_error_drops_it(made, faults):
    good = faults["good"]
    key = made["node"]["snapshot"]["key"]
    assert good["state"] == "restored" and good["engine"] == made["version"]
    assert good["marked_while_booting"] == key and good["mark_after"] is None
    assert good["log"] == [[key, "marked"], [key, "cleared"]]
    assert good["dropped"] == [[key, "deleted"]]


def test_a_boot_that_finds_the_last_restore_unfinished_drops_the_entry(made, faults):
    crashed = faults["crashed"]
    key = crashed["snapshot"]["key"]
    assert crashed["restores"] == 0  # not even tried
    assert crashed["snapshot"]["state"] == "made"
    assert crashed["snapshot"]["error"] == "restore: the last restore of this snapshot did not finish"
    assert crashed["log"] == [[key, "deleted"], [key, "cleared"], [key, crashed["snapshot"]["bytes"]]]
    assert crashed["mark"] is None
    assert crashed["engine"] == made["version"]
