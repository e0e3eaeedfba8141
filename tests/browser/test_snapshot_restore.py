"""The engine's memory snapshot in Chromium (web/js/snapshot.js, experimental).

The first visit boots normally and stores a snapshot; the next visit restores
it, online or offline.  A broken snapshot, or none allowed, changes nothing
the player sees: the engine boots normally.
"""
from __future__ import annotations

import shutil

import pytest

from conftest import DIST, wait_ready, watch
from serve import serve_in_thread

SNAPSHOT_STATE = "[data-testid=engine-status]"

NEW_GAME_JS = """async () => {
  const out = await window.brewhouse.engine.call("new_game", { game: "seize", seed: 7, seats: ["human", "human"] });
  delete out.match;
  return out;
}"""

ACTIVATED_JS = """() => navigator.serviceWorker.ready.then((r) => r.active.state === "activated" || new Promise(
  (resolve) => r.active.addEventListener("statechange", () => r.active.state === "activated" && resolve(true))))"""

BREAK_SNAPSHOT_JS = """async () => {
  const cache = await caches.open("brewhouse-snapshots");
  const [request] = await cache.keys();
  await cache.put(request, new Response(new Uint8Array(1 << 16).fill(7)));
  return request.url;
}"""


STORED_KEYS_JS = "() => caches.open('brewhouse-snapshots').then((c) => c.keys()).then((r) => r.map((q) => q.url))"


@pytest.fixture
def page(browser):
    """A page with memory snapshots on (conftest's pages turn them off)."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.problems = watch(page)
    yield page
    ctx.close()


def snapshot_state(page) -> str:
    return page.get_attribute(SNAPSHOT_STATE, "data-snapshot")


def first_visit(page, site) -> None:
    page.goto(site)
    wait_ready(page)
    # the engine answers before the snapshot is made: another worker makes it afterwards
    assert snapshot_state(page) == "making"
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is True
    assert page.evaluate("() => window.brewhouse.engine.call('engine_info')")["version"]


def test_a_return_visit_restores_the_snapshot_and_plays_the_same(page, site):
    from brewhouse.api import DEFAULT_API

    first_visit(page, site)
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    info = page.evaluate("() => window.brewhouse.info")
    assert "error" not in info["snapshot"] and info["snapshot"]["bytes"] > 10_000_000
    assert page.locator("[data-testid=game-menu] .game-card").count() == 3
    expected = DEFAULT_API.call("new_game", {"game": "seize", "seed": 7, "seats": ["human", "human"]})["result"]
    del expected["match"]
    assert page.evaluate(NEW_GAME_JS) == expected
    assert page.problems == []


def test_a_broken_snapshot_falls_back_to_a_normal_boot_unnoticed(page, site):
    first_visit(page, site)
    assert "__snapshots__/" in page.evaluate(BREAK_SNAPSHOT_JS)
    page.reload()
    wait_ready(page)
    info = page.evaluate("() => window.brewhouse.info")
    assert info["snapshot"]["state"] == "making"  # booted normally and makes a good one again
    assert info["snapshot"]["error"] == "restore: not a stored snapshot"
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is True
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    assert page.problems == []  # nothing but a console note


@pytest.fixture(scope="module")
def site_with_a_failing_snapshot_worker(tmp_path_factory):
    """The built site, but its snapshot worker throws as soon as it is asked for a snapshot."""
    root = tmp_path_factory.mktemp("failing-maker") / "dist"
    shutil.copytree(DIST, root)
    (root / "js" / "snapshot-maker.js").write_text(
        'self.onmessage = () => { throw new Error("no snapshot here"); };\n', encoding="utf-8")
    server, url = serve_in_thread(root)
    yield url
    server.shutdown()


def test_a_snapshot_worker_that_fails_leaves_the_engine_alone(page, site_with_a_failing_snapshot_worker):
    page.goto(site_with_a_failing_snapshot_worker)
    wait_ready(page)
    assert snapshot_state(page) == "making"
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is False
    assert page.evaluate(STORED_KEYS_JS) == []
    assert page.evaluate(NEW_GAME_JS)["game"] == "seize"  # the engine plays on
    assert page.problems == []  # nothing but a console note
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "making"  # each visit tries again
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is False


def test_switched_off_boots_without_a_snapshot(page, site):
    page.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    page.goto(site)
    wait_ready(page)
    assert snapshot_state(page) == "off"
    assert page.evaluate("() => caches.keys()") == []
    assert page.problems == []


def test_offline_the_snapshot_survives_the_service_worker_and_restores(browser, site):
    ctx = browser.new_context(service_workers="allow")
    page = ctx.new_page()
    problems = watch(page)
    first_visit(page, site)
    # the service worker drops earlier builds' caches when it activates: not the snapshot's
    assert page.evaluate(ACTIVATED_JS) is True
    assert "brewhouse-snapshots" in page.evaluate("() => caches.keys()")
    ctx.set_offline(True)
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    assert page.locator("[data-testid=game-menu] .game-card").count() == 3
    ctx.close()
    assert problems == []
