#!/usr/bin/env python3
"""Assemble the static site in ``dist/`` from the engine, Pyodide and ``web/``.

Steps (each downloads nothing but from PyPI and npm):

1. build the engine wheel with the standard PEP 517 builder (``python -m build``);
2. self-host Pyodide from the npm package ``pyodide`` (pinned in
   package-lock.json) under ``dist/pyodide/<version>/``, its standard
   library zip byte-compiled by that Pyodide under Node
   (``bytecompile.mjs``: the package ships sources only, which every page
   load compiled again);
3. fetch micropip's wheel from PyPI, pinned by version and sha256
   (pins.json), and byte-compile it and the engine wheel the same way (the
   engine's modules were compiled from source on every first visit);
4. copy ``web/`` and the vendored npm libraries (versioned folders) and write
   ``js/vendor.js``, the one module through which the app imports them; draw
   the installable app's PNG icons from our SVG artwork (``webapp.py``) and
   check that every image the web app manifest names is there at its size;
   write ``js/home-data.js``, the engine's list of games for the home page
   before the engine boots (``home_data.py``);
5. write ``build-manifest.json`` (versions, sizes and sha256 of every file);
6. write the service worker (Workbox, self-hosted) precaching every file but
   the benchmark pages, the wasm and the stdlib included (Workbox's build
   tools skip files over 2 MiB by default; here the list is ours, so nothing
   is skipped), each revisioned by its content hash in one cache kept across
   builds: an update downloads only the files whose bytes changed.

The build is reproducible: the same commit gives a byte-identical ``dist/``
(hence the same build id, so a redeploy of unchanged source prompts nobody
to update).  The only clock it reads is the commit's: ``SOURCE_DATE_EPOCH``
(when set, else the commit time of ``HEAD``) stamps the manifest; every
entry of the engine wheel gets the time of the last commit that touched the
engine's sources (so a web-only change keeps the wheel's bytes), and its zip is normalised (file modes), since
setuptools stamps entries with the files' modification times, which differ
from one checkout to the next.

Usage: ``python wasm-build/build.py [--out dist]``.
"""
from __future__ import annotations

import argparse
import calendar
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from home_data import HOME_DATA, prerender_cards, write_home_data
from webapp import check_manifest, write_app_images

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "wasm-build"
CACHE = HERE / "out"
PINS = json.loads((HERE / "pins.json").read_text())
WHEEL_LIMIT = 1_000_000  # bytes: the engine wheel must stay under 1 MB
ZIP_EPOCH = 315532800  # 1980-01-01: the earliest time a zip entry can carry


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def npm_version(package: str) -> str:
    return json.loads((ROOT / "node_modules" / package / "package.json").read_text())["version"]


def source_date_epoch() -> int:
    """The build's only clock: ``SOURCE_DATE_EPOCH`` if set, else the commit time of ``HEAD``.

    Outside a git checkout (a source archive) it falls back to 1980-01-01,
    still the same for every build of the same files.
    """
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return max(int(os.environ["SOURCE_DATE_EPOCH"]), ZIP_EPOCH)
    proc = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"], capture_output=True, text=True)
    if proc.returncode or not proc.stdout.strip():
        log("not a git checkout: SOURCE_DATE_EPOCH defaults to 1980-01-01")
        return ZIP_EPOCH
    return max(int(proc.stdout.strip()), ZIP_EPOCH)


#: what the engine wheel is built from: its stamp is the last commit that touched these
ENGINE_SOURCES = ("engine", "pyproject.toml")


def engine_source_epoch() -> int:
    """The engine wheel's clock: the time of the last commit that touched the engine's sources.

    Not the commit being built: a deploy that changes only web files must
    give a byte-identical wheel (the same path under ``wheels/``, so players
    download nothing new, and the same memory snapshot key).  Outside a git
    checkout it is the build's own clock (``source_date_epoch``).
    """
    proc = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct", "--", *ENGINE_SOURCES],
                          capture_output=True, text=True)
    if proc.returncode or not proc.stdout.strip():
        return source_date_epoch()
    return max(int(proc.stdout.strip()), ZIP_EPOCH)


def normalise_zip(path: Path, epoch: int) -> None:
    """Rewrite the zip at ``path`` so its bytes depend only on its entries' contents and order.

    Every entry gets the time ``epoch`` and the mode 644 (755 for a file
    that was executable), is deflated, and carries no extra field or comment.
    """
    stamp = time.gmtime(max(epoch, ZIP_EPOCH))[:6]
    with zipfile.ZipFile(path) as src:
        entries = [(info, src.read(info)) for info in src.infolist()]
    partial = path.with_suffix(".partial")
    with zipfile.ZipFile(partial, "w") as out:
        for info, data in entries:
            target = zipfile.ZipInfo(info.filename, date_time=stamp)
            target.compress_type = zipfile.ZIP_DEFLATED
            mode = 0o755 if (info.external_attr >> 16) & 0o111 else 0o644
            target.external_attr = ((0o40000 if info.is_dir() else 0o100000) | mode) << 16
            target.create_system = 3  # Unix, whatever the build machine
            out.writestr(target, data)
    partial.replace(path)


def build_wheel(scratch: Path, epoch: int) -> Path:
    out = scratch / "wheel"
    proc = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, env={**os.environ, "SOURCE_DATE_EPOCH": str(epoch)})
    if proc.returncode:  # quiet on success, everything on failure
        sys.exit(f"wheel build failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder
    (wheel,) = out.glob("brewhouse-*-py3-none-any.whl")
    # setuptools stamps each entry with its file's modification time (when
    # this checkout was made) and the umask's mode: neither belongs in the bytes
    normalise_zip(wheel, epoch)
    size = wheel.stat().st_size
    if size >= WHEEL_LIMIT:
        sys.exit(f"engine wheel is {size} bytes: over the {WHEEL_LIMIT}-byte budget")
    log(f"engine wheel {wheel.name}: {size} bytes")
    return wheel


def fetch_micropip() -> Path:
    pin = PINS["micropip"]
    target = CACHE / "pypi" / pin["file"]
    if not (target.exists() and sha256(target) == pin["sha256"]):
        target.parent.mkdir(parents=True, exist_ok=True)
        # micropip >= 0.8 declares Python >= 3.12 (Pyodide's), so ask for that tag explicitly
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                               "--only-binary=:all:", "--python-version", "3.13",
                               "--dest", str(target.parent), f"micropip=={pin['version']}"],
                              capture_output=True, text=True)
        if proc.returncode:
            sys.exit(f"could not download micropip from PyPI:\n{proc.stderr[-4000:]}")
    digest = sha256(target)
    if digest != pin["sha256"]:
        target.unlink()
        sys.exit(f"micropip wheel sha256 mismatch: got {digest}, pinned {pin['sha256']}")
    return target


def byte_compiled(pyodide_pkg: Path, kind: str, source: Path) -> Path:
    """``source`` (the stdlib zip or a pure-Python wheel) with every module byte-compiled.

    Compiled by the npm package's Pyodide under Node (``bytecompile.mjs``),
    so the bytecode always matches the interpreter that loads it; cached
    under ``wasm-build/out`` by the sha256 of the source, of the script and
    of the interpreter, under the source's own file name.
    """
    script = HERE / "bytecompile.mjs"
    key = hashlib.sha256(" ".join((sha256(source), sha256(script),
                                   sha256(pyodide_pkg / "pyodide.asm.wasm"))).encode()).hexdigest()
    target = CACHE / "bytecompiled" / key[:16] / source.name
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".partial")
        started = time.perf_counter()
        proc = subprocess.run(["node", str(script), str(pyodide_pkg), kind, str(source), str(partial)],
                              capture_output=True, text=True)
        if proc.returncode:
            sys.exit(f"byte-compiling {source.name} failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
        partial.replace(target)  # only a complete zip is ever cached
        log(f"{source.name}: {proc.stdout.strip()} in {time.perf_counter() - started:.1f} s")
    return target


def copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def assemble(out: Path, scratch: Path, epoch: int) -> dict:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        sys.exit("node_modules/ is missing: run `npm ci` first (make build does)")
    wheel = build_wheel(scratch, engine_source_epoch())
    micropip = fetch_micropip()
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ROOT / "web", out)
    # before the build manifest: the icons are precached like every other file
    try:
        icons = write_app_images(ROOT / "web", out)
        check_manifest(out)
    except (OSError, ValueError) as err:
        sys.exit(f"app icons: {err}")
    log(f"app icons: {len(icons)} drawn from web/ artwork")
    try:
        games = write_home_data(out)["games"]
        cards = prerender_cards(out)
    except (ImportError, ValueError) as err:
        sys.exit(f"home page data: {err}")
    log(f"{HOME_DATA}: {len(games)} games from the engine's list_games, {cards} cards in index.html")

    pyodide_version = npm_version("pyodide")
    pyodide_dir = f"pyodide/{pyodide_version}"
    pyodide_pkg = ROOT / "node_modules" / "pyodide"
    stdlib = byte_compiled(pyodide_pkg, "stdlib", pyodide_pkg / "python_stdlib.zip")
    for name in PINS["pyodide_files"]:
        # the stdlib ships byte-compiled: imports at boot skip compiling sources
        copy(stdlib if name == "python_stdlib.zip" else pyodide_pkg / name, out / pyodide_dir / name)

    # the engine wheel ships byte-compiled too, like micropip: a first visit
    # imported every engine module from source, compiling each one in the
    # browser before the engine could answer.  It sits under its own content
    # hash: the path changes whenever the bytes do (a new engine, or bytecode
    # of another Pyodide), so it can be cached immutably like the other
    # versioned paths
    source_wheel = wheel
    wheel = byte_compiled(pyodide_pkg, "wheel", source_wheel)
    # the source wheel is kept beside the build (not shipped): `make bench` compares both
    kept = CACHE / "engine-source" / sha256(source_wheel)[:16] / source_wheel.name
    if not kept.exists():
        copy(source_wheel, kept)
    if wheel.stat().st_size >= WHEEL_LIMIT:
        sys.exit(f"byte-compiled engine wheel is {wheel.stat().st_size} bytes: over the {WHEEL_LIMIT}-byte budget")
    wheel_dir = f"wheels/{sha256(wheel)[:16]}"
    copy(wheel, out / wheel_dir / wheel.name)
    # micropip ships byte-compiled too, under its content hash: its bytecode
    # belongs to this Pyodide, so another Pyodide must not find it cached
    micropip = byte_compiled(pyodide_pkg, "wheel", micropip)
    micropip_dir = f"wheels/{sha256(micropip)[:16]}"
    copy(micropip, out / micropip_dir / micropip.name)

    vendor: dict[str, dict[str, str]] = {}
    for package, pin in PINS["vendor"].items():
        version = npm_version(package)
        for rel in pin["files"]:
            dest = f"vendor/{pin['dir']}-{version}/{Path(rel).name}"
            copy(ROOT / "node_modules" / package / rel, out / dest)
            vendor[package] = {"version": version, "path": dest}
    (out / "js" / "vendor.js").write_text(
        "// Generated by wasm-build/build.py: the pinned npm libraries the app uses.\n"
        f'export * as Comlink from "../{vendor["comlink"]["path"]}";\n'
        f'export {{ openDB, deleteDB }} from "../{vendor["idb"]["path"]}";\n'
        f'export {{ Workbox }} from "../{vendor["workbox-window"]["path"]}";\n')
    # remote play's QR codes: a module of its own, so the engine's boot never loads it
    (out / "js" / "vendor-qr.js").write_text(
        "// Generated by wasm-build/build.py: the QR code library remote play's invites use.\n"
        f'export {{ qrcode }} from "../{vendor["qrcode-generator"]["path"]}";\n')
    # the host's QR scanner where the browser has no BarcodeDetector: loaded only when a scan starts.
    # jsQR ships as a UMD script; imported as a module it defines the global `jsQR` (no module system in sight)
    (out / "js" / "vendor-scan.js").write_text(
        "// Generated by wasm-build/build.py: the QR code reader remote play's host scans answer codes with.\n"
        f'import "../{vendor["jsqr"]["path"]}";\n'
        "export const jsQR = globalThis.jsQR;\n")

    engine_version = wheel.name.split("-")[1]
    return {
        "engine": {"version": engine_version, "wheel": f"{wheel_dir}/{wheel.name}",
                   "wheel_sha256": sha256(wheel), "wheel_bytes": wheel.stat().st_size,
                   "compiled": True, "source_sha256": sha256(source_wheel),
                   "source_bytes": source_wheel.stat().st_size},
        "pyodide": {"version": pyodide_version, "path": pyodide_dir,
                    "files": PINS["pyodide_files"],
                    "stdlib": {"compiled": True, "source_sha256": sha256(pyodide_pkg / "python_stdlib.zip")}},
        "micropip": {"version": PINS["micropip"]["version"], "wheel": f"{micropip_dir}/{micropip.name}",
                     "compiled": True, "source_sha256": PINS["micropip"]["sha256"]},
        "vendor": vendor,
    }


def write_manifest(out: Path, info: dict, epoch: int) -> dict:
    files = {}
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        files[rel] = {"bytes": path.stat().st_size, "sha256": sha256(path)}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    manifest = dict(info, build_id=build_id, source_date=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch)),
                    total_bytes=sum(f["bytes"] for f in files.values()), files=files)
    (out / "build-manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


#: folders whose path carries a version (Pyodide's, a library's) or a content hash (a wheel's):
#: their URL changes whenever their bytes do, so a precache entry needs no revision
VERSIONED = ("pyodide/", "vendor/", "wheels/")
#: folders never precached: the benchmark pages are for `make bench`, not for players
NOT_PRECACHED = ("bench/",)


def precache_entries(files: dict[str, dict]) -> list[dict]:
    """Workbox precache entries for the build's files (``{path: {sha256, bytes}}``).

    Each entry is revisioned by its content hash (none for a versioned path),
    so an update fetches only the files whose bytes changed: the cache is one
    and the same across builds (sw.template.js), and Workbox keeps an entry
    whose URL and revision it already holds.  A versioned path is fetched with
    the browser's HTTP cache allowed (Workbox bypasses it only for revisioned
    entries), so the big runtime files a first visit already loaded for the
    page (cached as immutable, netlify.toml) are not downloaded a second time.
    """
    entries = []
    for rel, info in files.items():
        if rel.startswith(NOT_PRECACHED):
            continue
        entries.append({"url": rel, "revision": None if rel.startswith(VERSIONED) else info["sha256"][:16]})
    return entries


def precache_list(out: Path, manifest: dict) -> list[dict]:
    """Every entry the service worker of the build in ``out`` precaches, its manifest's included."""
    precache = precache_entries(manifest["files"])
    # the manifest itself is precached too (it is written before the worker)
    precache.append({"url": "build-manifest.json", "revision": sha256(out / "build-manifest.json")[:16]})
    return precache


def update_downloads(old: Path, new: Path) -> dict[str, int]:
    """The files (path: bytes) a player of the build in ``old`` downloads to update to ``new``.

    The new service worker, and every precache entry the old cache does not
    hold (a new URL, or a known URL with a new revision).
    """
    held = {(e["url"], e["revision"]) for e in precache_list(old, json.loads((old / "build-manifest.json").read_text()))}
    fresh = precache_list(new, json.loads((new / "build-manifest.json").read_text()))
    wanted = ["sw.js"] + [e["url"] for e in fresh if (e["url"], e["revision"]) not in held]
    return {rel: (new / rel).stat().st_size for rel in wanted}


def restamp(out: Path) -> dict:
    """Write the manifest and the service worker of the build in ``out`` again, after files changed.

    What a build of the changed sources would write, the slow steps (the
    wheel, the byte-compiling) skipped: tests and ``make bench`` make a
    second build that differs by a web file this way.
    """
    manifest = json.loads((out / "build-manifest.json").read_text())
    info = {k: v for k, v in manifest.items() if k not in ("build_id", "source_date", "total_bytes", "files")}
    epoch = calendar.timegm(time.strptime(manifest["source_date"], "%Y-%m-%dT%H:%M:%SZ"))
    (out / "build-manifest.json").unlink()
    (out / "sw.js").unlink()
    manifest = write_manifest(out, info, epoch)
    write_service_worker(out, manifest["build_id"], manifest)
    return manifest


def one_file_changed(dist: Path, scratch: Path, rel: str) -> tuple[Path, Path]:
    """Two builds under ``scratch``: ``dist``'s files, and the same with the file ``rel`` changed by one line.

    How tests and ``make bench`` measure what an update downloads after a
    one-file change (``update_downloads``).
    """
    first, second = scratch / "first", scratch / "second"
    shutil.copytree(dist, first)
    restamp(first)  # what this build.py writes for these files (a no-op on a fresh dist/)
    shutil.copytree(first, second)
    changed = second / rel
    changed.write_bytes(changed.read_bytes() + b"\n/* a one-line change */\n")
    restamp(second)
    return first, second


def write_service_worker(out: Path, build_id: str, manifest: dict | None = None) -> int:
    """Write ``sw.js``: Workbox precaching of the build's files (``precache_entries``).

    The worker's text changes with every build (the list, the build id), so
    browsers see each deploy as an update; what it downloads is only the
    entries whose URL or revision are new.
    """
    if manifest is None:
        manifest = json.loads((out / "build-manifest.json").read_text())
    precache = precache_list(out, manifest)
    workbox_dir = Path(manifest["vendor"]["workbox-sw"]["path"]).parent.as_posix()
    text = (HERE / "sw.template.js").read_text()
    for key, value in {"WORKBOX_DIR": workbox_dir, "BUILD_ID": build_id,
                       "PRECACHE": json.dumps(precache, separators=(",", ":"))}.items():
        text = text.replace(f"__{key}__", value)
    (out / "sw.js").write_text(text)
    return len(precache)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "dist"))
    out = Path(parser.parse_args().out).resolve()
    started = time.perf_counter()
    epoch = source_date_epoch()
    with tempfile.TemporaryDirectory(prefix="brewhouse-build-") as scratch:
        manifest = write_manifest(out, assemble(out, Path(scratch), epoch), epoch)
    count = write_service_worker(out, manifest["build_id"], manifest)
    log(f"service worker precaches {count} files")
    log(f"dist: {len(manifest['files'])} files, {manifest['total_bytes']} bytes, "
        f"build {manifest['build_id']} in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
