"""The built wheel, installed by micropip into real Pyodide under Node, behaves as in CPython."""
from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from brewhouse.api import Api, call
from brewhouse.core.registry import GameInfo, Registry
from brewhouse.core.rng import Rng
from support.toygame import ToyGame, play_reference_game

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DIST = ROOT / "dist"

pytestmark = pytest.mark.pyodide


def run_in_pyodide(script: str) -> dict:
    if not (DIST / "build-manifest.json").exists():
        pytest.fail("dist/ is not built: run `make test` (it builds first)")
    node = shutil.which("node")
    assert node, "Node.js is required for the Pyodide tests"
    proc = subprocess.run([node, str(HERE / "run.mjs"), str(DIST), str(HERE / script), str(ROOT / "tests")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def smoke() -> dict:
    return run_in_pyodide("smoke.py")


def test_runs_on_pyodides_python(smoke):
    assert smoke["node"]["python"].startswith("3.14")


def test_the_standard_library_loads_byte_compiled(smoke):
    assert smoke["stdlib_origin"].endswith(".zip/json/__init__.pyc")


def assert_byte_compiled_copy(shipped: zipfile.ZipFile, source: zipfile.ZipFile) -> set[bytes]:
    """Every module of ``source`` ships as bytecode, no source is left, and
    every other entry is the same bytes; returns the bytecode magic numbers."""
    expected = [name + "c" if name.endswith(".py") else name for name in source.namelist()]
    assert shipped.namelist() == expected
    for name in source.namelist():
        if not name.endswith(".py") and not name.endswith(".dist-info/RECORD"):
            assert shipped.read(name) == source.read(name), name
    return {shipped.read(name)[:4] for name in expected if name.endswith(".pyc")}


def test_the_shipped_stdlib_zip_is_the_npm_one_byte_compiled():
    manifest = json.loads((DIST / "build-manifest.json").read_text())
    shipped = zipfile.ZipFile(DIST / manifest["pyodide"]["path"] / "python_stdlib.zip")
    source = zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
    assert len(assert_byte_compiled_copy(shipped, source)) == 1  # one interpreter's bytecode


def test_the_shipped_micropip_is_the_pinned_wheel_byte_compiled(smoke):
    """micropip's PyPI wheel, checked against its pin, ships with its modules
    as bytecode for the same interpreter as the stdlib, and its RECORD names
    the .pyc files with their true sha256 and size; Pyodide imports it from them."""
    manifest = json.loads((DIST / "build-manifest.json").read_text())
    pin = json.loads((ROOT / "wasm-build" / "pins.json").read_text())["micropip"]
    source_path = ROOT / "wasm-build" / "out" / "pypi" / pin["file"]
    assert hashlib.sha256(source_path.read_bytes()).hexdigest() == pin["sha256"] == manifest["micropip"]["source_sha256"]
    shipped_path = DIST / manifest["micropip"]["wheel"]
    assert shipped_path.name == pin["file"]
    # under its content hash: bytecode of another Pyodide is never served from a cache
    assert shipped_path.parent.name == hashlib.sha256(shipped_path.read_bytes()).hexdigest()[:16]
    shipped = zipfile.ZipFile(shipped_path)
    magic = assert_byte_compiled_copy(shipped, zipfile.ZipFile(source_path))
    assert magic == {stdlib_magic(manifest)}
    assert_record_names_every_file(shipped)
    assert smoke["micropip_origin"].endswith("/site-packages/micropip/__init__.pyc")


def stdlib_magic(manifest: dict) -> bytes:
    """The bytecode magic number of the interpreter dist/ ships (from its byte-compiled stdlib)."""
    return zipfile.ZipFile(DIST / manifest["pyodide"]["path"] / "python_stdlib.zip").read("json/__init__.pyc")[:4]


def assert_record_names_every_file(shipped: zipfile.ZipFile) -> None:
    """A wheel's RECORD lists each of its files with its true sha256 and size."""
    record_name = next(name for name in shipped.namelist() if name.endswith(".dist-info/RECORD"))
    rows = list(csv.reader(io.StringIO(shipped.read(record_name).decode())))
    assert sorted(row[0] for row in rows) == sorted(shipped.namelist())
    for name, digest, size in rows:
        if name == record_name:
            assert digest == size == ""
            continue
        data = shipped.read(name)
        assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert int(size) == len(data)


def test_the_shipped_engine_wheel_is_byte_compiled(smoke):
    """The engine wheel ships every module of engine/brewhouse as bytecode for
    the stdlib's interpreter (a first visit compiled each one from source),
    no source left, its data files as they are in the tree, under its own
    content hash; Pyodide imports the engine from it."""
    manifest = json.loads((DIST / "build-manifest.json").read_text())
    engine = manifest["engine"]
    shipped_path = DIST / engine["wheel"]
    data = shipped_path.read_bytes()
    assert engine["compiled"] is True and engine["source_sha256"] != engine["wheel_sha256"]
    assert hashlib.sha256(data).hexdigest() == engine["wheel_sha256"]
    assert shipped_path.parent.name == engine["wheel_sha256"][:16]
    shipped = zipfile.ZipFile(shipped_path)
    names = [name for name in shipped.namelist() if not name.startswith("brewhouse-")]  # not the .dist-info
    package = ROOT / "engine"
    sources = sorted(p.relative_to(package).as_posix() for p in (package / "brewhouse").rglob("*.py"))
    assert sorted(name for name in names if name.endswith(".pyc")) == [name + "c" for name in sources]
    assert not [name for name in names if name.endswith(".py")]
    for name in names:
        if not name.endswith(".pyc"):
            assert shipped.read(name) == (package / name).read_bytes(), name
    assert {shipped.read(name)[:4] for name in names if name.endswith(".pyc")} == {stdlib_magic(manifest)}
    assert_record_names_every_file(shipped)
    assert smoke["engine_origin"].endswith("/site-packages/brewhouse/api.pyc")


def test_same_engine_version_and_games(smoke):
    import brewhouse

    assert smoke["version"] == brewhouse.__version__
    assert smoke["games"] == call("list_games")["result"]


def test_prng_is_bit_identical_to_cpython(smoke):
    rng = Rng.from_seed(2026)
    assert smoke["rng"] == [rng.below(1000) for _ in range(10)]


def test_a_seeded_game_ends_in_the_same_state_as_in_cpython(smoke):
    registry = Registry()
    registry.add(GameInfo("toy", "Toy duel", 2, 3, available=True), ToyGame())
    save = play_reference_game(Api(registry))
    assert smoke["plies"] == len(save["moves"]) > 0
    assert smoke["final_digest"] == save["state_sha256"]
    assert smoke["reload_ok"] is True


def test_typed_errors_in_pyodide(smoke):
    assert smoke["errors"] == ["game_over", "game_unavailable", "bad_save", "bad_request", "bad_request"]


def test_every_playable_game_plays_identically_in_pyodide(smoke):
    from brewhouse.api import DEFAULT_API
    from brewhouse.core.registry import REGISTRY

    assert set(smoke["games_played"]) == set(REGISTRY.available_ids())
    for game, digest in smoke["games_played"].items():
        assert digest == play_reference_game(DEFAULT_API, game, 2, 3)["state_sha256"], game


def test_the_golden_save_corpus_loads_in_pyodide(smoke):
    corpus = ROOT / "tests" / "fixtures" / "saves"
    expected = {p.name: json.loads(p.read_text())["state_sha256"] for p in corpus.glob("*-*.json")
                if not p.name.startswith("export")}
    assert smoke["golden"] == expected


def test_the_learned_cafe_evaluation_judges_as_in_cpython(smoke):
    """Its weights file is in the wheel, and the same view gives the same projection to the bit."""
    from brewhouse.cafe import evaluation as cafe_evaluation
    from brewhouse.cafe.game import CafeGame

    game = CafeGame()
    expected = []
    for players in (1, 2):
        state = game.setup(game.normalize_config({"players": players}), 5)
        expected.append(repr(cafe_evaluation.load_model().predict(
            game.cat, cafe_evaluation.position_of(game.view(state, 0), 0))))
    assert smoke["cafe_learned"] == expected
    assert smoke["cafe_learned_version"] == cafe_evaluation.load_model().version


def test_deeply_nested_json_is_a_typed_error_in_pyodide(smoke):
    assert smoke["deep_json"] == ["bad_request", "bad_save", "bad_request"]
