"""The same commit builds a byte-identical dist/ (wasm-build/build.py).

Two builds of one checkout must give the same files, hence the same build
id: otherwise every redeploy of unchanged source would prompt every player
to update and download the engine wheel again.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "wasm-build"))

import build  # noqa: E402  (wasm-build/build.py)

pytestmark = pytest.mark.build


def zip_bytes(entries: list[tuple[str, bytes, tuple, int]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name, data, stamp, mode in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_STORED if mode & 0o2 else zipfile.ZIP_DEFLATED
            out.writestr(info, data)
    return buffer.getvalue()


def test_a_normalised_zip_depends_only_on_its_entries(tmp_path):
    """Entry times, modes and compression (what differs between checkouts
    and machines) are gone; contents, order and the executable bit stay."""
    contents = [("pkg/__init__.py", b"x = 1\n"), ("pkg/data.json", b"{}"), ("pkg/run.sh", b"#!/bin/sh\n")]
    first = zip_bytes([(n, d, (2026, 11, 25, 12, 16, 32), 0o100644 | (0o111 if n.endswith(".sh") else 0))
                       for n, d in contents])
    second = zip_bytes([(n, d, (2025, 1, 2, 3, 4, 6), 0o100666 | (0o111 if n.endswith(".sh") else 0))
                        for n, d in contents])
    assert first != second
    paths = []
    for i, data in enumerate((first, second)):
        path = tmp_path / f"{i}.whl"
        path.write_bytes(data)
        build.normalise_zip(path, 1_764_000_000)
        paths.append(path)
    assert paths[0].read_bytes() == paths[1].read_bytes()
    with zipfile.ZipFile(paths[0]) as z:
        assert [(i.filename, z.read(i)) for i in z.infolist()] == contents
        assert {i.date_time for i in z.infolist()} == {time.gmtime(1_764_000_000)[:6]}
        assert [oct(i.external_attr >> 16) for i in z.infolist()] == ["0o100644", "0o100644", "0o100755"]


def test_the_source_date_is_the_commit_time_unless_set(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert build.source_date_epoch() == int(commit)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert build.source_date_epoch() == 1_700_000_000
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # before zip time begins: clamped to 1980
    assert build.source_date_epoch() == build.ZIP_EPOCH


def file_hashes(dist: Path) -> dict[str, str]:
    return {p.relative_to(dist).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(dist.rglob("*")) if p.is_file()}


def test_two_builds_of_one_checkout_are_byte_identical(tmp_path):
    """Two full builds (the byte-compiled Pyodide files come from the build's
    own cache, so this takes seconds): same manifest, same build id, same
    bytes in every file, the manifest and the service worker included."""
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.fail("node_modules/ is missing: run `make install`")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    env.pop("SOURCE_DATE_EPOCH", None)
    dists = []
    for name in ("first", "second"):
        out = tmp_path / name
        proc = subprocess.run([sys.executable, str(ROOT / "wasm-build" / "build.py"), "--out", str(out)],
                              capture_output=True, text=True, env=env, timeout=600)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        dists.append(out)
        # the wheel's generated files would carry this clock's time: let it move on
        # (zip times count in 2-second steps)
        time.sleep(2.1 if name == "first" else 0)
    manifests = [json.loads((d / "build-manifest.json").read_text()) for d in dists]
    assert manifests[0] == manifests[1]
    assert manifests[0]["engine"]["wheel"].startswith("wheels/")
    assert file_hashes(dists[0]) == file_hashes(dists[1])
    assert set(file_hashes(dists[0])) == set(manifests[0]["files"]) | {"build-manifest.json", "sw.js"}


def test_the_engine_wheel_depends_only_on_the_engine_sources(tmp_path):
    """Builds stamped with other dates (as two commits that change only web files
    would be) ship the same engine wheel: same bytes, same path under wheels/, so
    players download nothing new and keep the engine's memory snapshot."""
    engine_commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct", "--", *build.ENGINE_SOURCES],
                                   capture_output=True, text=True, check=True).stdout.strip()
    assert build.engine_source_epoch() == int(engine_commit)
    engines = []
    for epoch in ("1700000000", "1750000000"):
        out = tmp_path / epoch
        env = {**os.environ, "PYTHONPATH": str(ROOT / "engine"), "SOURCE_DATE_EPOCH": epoch}
        proc = subprocess.run([sys.executable, str(ROOT / "wasm-build" / "build.py"), "--out", str(out)],
                              capture_output=True, text=True, env=env, timeout=600)
        assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
        manifest = json.loads((out / "build-manifest.json").read_text())
        assert manifest["source_date"] == time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(epoch)))
        engines.append(manifest["engine"])
    assert engines[0] == engines[1]
