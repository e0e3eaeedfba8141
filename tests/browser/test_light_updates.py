"""Updates download only what changed (wasm-build/build.py, sw.template.js).

Two builds that differ by one web file (the second made from a copy of the
first, the file changed and the manifest and service worker written again,
as a build of the changed sources writes them).  A server that can switch
from the first to the second records every request; the first visit must
fetch each file once, and the update only the changed file, the manifest and
the service worker, keeping the saved games and the engine's memory snapshot.
"""
from __future__ import annotations

import json
import os
import threading
import time
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

import build
import serve
from conftest import CHROMIUM, DIST, LAUNCH_ARGS, wait_ready, watch

#: the one web file the second build changes: the page loads it, no engine file depends on it
CHANGED = "css/shell.css"

ACTIVATED_JS = """() => navigator.serviceWorker.ready.then((r) => r.active.state === "activated" || new Promise(
  (resolve) => r.active.addEventListener("statechange", () => r.active.state === "activated" && resolve(true))))"""

RECORD = {
    "id": "kept-across-updates", "game": "cafe", "seats": ["human", "human"], "status": "in_progress",
    "ply": 0, "phase": "actions", "created": "2026-11-01T10:00:00Z", "updated": "2026-11-02T10:00:00Z",
    "save": {"format": "brewhouse-save", "version": 1, "game": "cafe", "config": {"players": 2},
             "seed": 1, "seats": ["human", "human"], "moves": []},
}


class Site:
    """A static server over one of several folders, switched at will, logging (path, status, bytes)."""

    def __init__(self, root: Path):
        self.root = root
        self.log: list[tuple[str, int, int]] = []
        self.lock = threading.Lock()
        site = self

        class Logged(serve.Handler):
            rules = serve.header_rules()

            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=str(site.root), **kwargs)

            def send_response(self, code, message=None):
                self._code = code
                super().send_response(code, message)

            def do_GET(self):
                super().do_GET()
                path = self.path.split("?", 1)[0].lstrip("/") or "index.html"
                code = getattr(self, "_code", 0)
                file = Path(self.directory) / path
                size = file.stat().st_size if code == 200 and file.is_file() else 0
                with site.lock:
                    site.log.append((path, code, size))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Logged)
        self.server.daemon_threads = True
        self.server.verbose = False
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def take_log(self) -> list[tuple[str, int, int]]:
        with self.lock:
            log, self.log = self.log, []
        return log


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[Path, Path]:
    """The built site, and a second build of it with one web file changed."""
    first, second = build.one_file_changed(DIST, tmp_path_factory.mktemp("builds"), CHANGED)
    # the test server validates by modification time, to the second: the files the second
    # build rewrote must look newer than the first's, as a later deploy's are
    later = time.time() + 60
    for path in second.rglob("*"):
        if path.is_file() and path.read_bytes() != (first / path.relative_to(second)).read_bytes():
            os.utime(path, (later, later))
    return first, second


def precached_urls(site_dir: Path) -> list[str]:
    text = (site_dir / "sw.js").read_text()
    start = text.index("precacheAndRoute(") + len("precacheAndRoute(")
    entries, _ = json.JSONDecoder().raw_decode(text[start:])
    return [e["url"] for e in entries]


def test_nothing_under_bench_is_precached(builds):
    urls = precached_urls(builds[0])
    assert urls and not [u for u in urls if u.startswith("bench/")]
    assert "index.html" in urls and "build-manifest.json" in urls
    manifest = json.loads((builds[0] / "build-manifest.json").read_text())
    assert any(path.startswith("bench/") for path in manifest["files"])  # built, only not precached


def test_a_web_only_change_keeps_the_engine_wheel_and_the_snapshot_key(builds):
    first, second = (json.loads((d / "build-manifest.json").read_text()) for d in builds)
    assert first["build_id"] != second["build_id"]
    assert first["engine"] == second["engine"] and first["pyodide"] == second["pyodide"]
    assert set(build.update_downloads(*builds)) == {"sw.js", CHANGED, "build-manifest.json"}


def test_an_update_downloads_only_the_changed_file_and_keeps_saves_and_snapshot(browser, builds, tmp_path):
    first, second = builds
    site = Site(first)
    # a profile on disk, as a player's browser has: a private context's HTTP cache lives in
    # memory and keeps no file the size of the WebAssembly, so each fetch of it would download it again
    ctx = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=LAUNCH_ARGS, service_workers="allow",
        viewport={"width": 1280, "height": 800})
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    problems = watch(page)
    try:
        page.goto(site.url)
        wait_ready(page)
        assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is True
        assert page.evaluate(ACTIVATED_JS) is True
        page.evaluate("r => window.brewhouse.saves.put(r)", RECORD)
        first_visit = site.take_log()
        downloads: dict[str, int] = {}
        for path, code, _ in first_visit:
            downloads[path] = downloads.get(path, 0) + (code == 200)
        # every file once: the service worker's install revalidates what the page loaded
        # (a 304) and takes the big versioned files from the HTTP cache.  (The page is
        # "/", which the browser caches apart from the precached "index.html".)
        assert {p: n for p, n in downloads.items() if n > 1 and p != "index.html"} == {}
        wasm = f"{json.loads((first / 'build-manifest.json').read_text())['pyodide']['path']}/pyodide.asm.wasm"
        assert downloads.get(wasm) == 1

        # deploy the second build; the browser looks for an update
        site.root = second
        page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.locator("[data-testid=update-banner]")
        banner.wait_for(state="visible", timeout=120_000)
        assert banner.get_attribute("role") == "status"
        assert page.get_attribute("[data-testid=update-changes]", "href") == "changes.html"
        # "Reload" is reached with the keyboard
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement?.id") == "update-reload":
                break
        assert page.evaluate("() => document.activeElement?.id") == "update-reload"
        with page.expect_navigation():
            page.keyboard.press("Enter")
        wait_ready(page)
        fetched = {path: size for path, code, size in site.take_log() if code == 200}
        assert set(fetched) <= {"sw.js", CHANGED, "build-manifest.json"}, sorted(fetched)
        assert CHANGED in fetched and sum(fetched.values()) < 500_000
        # the new page has the new file, the saves and the snapshot (a web-only change keeps its key)
        assert page.evaluate(f"() => fetch('{CHANGED}').then(r => r.text())").endswith("/* a one-line change */\n")
        assert page.evaluate("id => window.brewhouse.saves.get(id).then(r => r && r.id)", RECORD["id"]) == RECORD["id"]
        assert page.get_attribute("[data-testid=engine-status]", "data-snapshot") == "restored"
        assert sorted(page.evaluate("() => caches.keys()")) == ["brewhouse-precache-app", "brewhouse-snapshots"]
    finally:
        ctx.close()
        site.server.shutdown()
    assert problems == []
