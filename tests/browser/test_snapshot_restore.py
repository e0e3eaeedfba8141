"""The engine's memory snapshot in Chromium (web/js/snapshot.js, experimental).

The first visit boots normally and stores a snapshot; the next visit restores
it, online or offline.  A broken snapshot, or none allowed, changes nothing
the player sees: the engine boots normally.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

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


# ---- a damaged snapshot never bricks the site -------------------------------------
# The entry is restored on every visit: damage that once restored "fine" and then
# crashed Pyodide (or hid the lessons, or broke older editions' saves) did so on
# every reload.  Each case below ends in a working engine and untouched saves
# within one reload, and the visit after it restores a good snapshot again.

#: 64 bytes from the middle of one part of the stored entry (the heap, or an
#: installed file), the entry packed again around the damage (digest and all) if asked
DAMAGE_JS = """async ({ part, repack }) => {
  const snapshots = await import(new URL("js/snapshot.js", location.href).href);
  const cache = await caches.open("brewhouse-snapshots");
  const request = (await cache.keys()).find((r) => r.url.endsWith(".snapshot"));
  const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
  const parts = snapshots.unpackSnapshot(bytes);
  const target = part === "heap" ? parts.snapshot : parts.files.find(([path]) => path.endsWith(part))[1];
  const at = target.length >> 1;
  for (let i = 0; i < 64 && at + i < target.length; i++) target[at + i] ^= 0xa5;
  await cache.put(request, new Response(repack ? await snapshots.repackSnapshot(parts) : bytes));
  return request.url;
}"""

#: waits (at most a minute) until a restore is marked as under way
RESTORE_MARKED_JS = """async () => {
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const cache = await caches.open("brewhouse-snapshots");
    if ((await cache.keys()).some((r) => r.url.endsWith("restoring.mark"))) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}"""

SAVE = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "seize-3p-unfinished.json").read_text())


def keep_a_save(page) -> list:
    """An edition-1 Seize game in the saved games (its cards are an installed file of the snapshot)."""
    record = {"id": "kept", "game": SAVE["game"], "seats": SAVE["seats"], "status": "in_progress",
              "ply": len(SAVE["moves"]), "phase": "", "created": "2026-11-01T10:00:00Z",
              "updated": "2026-11-02T10:00:00Z", "save": SAVE}
    page.evaluate("(record) => window.brewhouse.saves.put(record)", record)
    return page.evaluate("() => window.brewhouse.saves.list()")


def assert_the_site_works(page, saves: list) -> None:
    """The engine plays (an expansion game), teaches, replays the saved game; the saves are as they were."""
    new = page.evaluate("""() => window.brewhouse.engine.call("new_game", { game: "seize", seed: 3, seats: ["human", "human", "human"],
        config: { players: 3, district: "kreuzberg" } })""")
    assert new["game"] == "seize"
    assert page.evaluate("() => window.brewhouse.engine.call('list_lessons', { game: 'seize' })")
    loaded = page.evaluate("(save) => window.brewhouse.engine.call('load', { save })", SAVE)
    assert loaded["ply"] == len(SAVE["moves"])
    assert page.evaluate("() => window.brewhouse.saves.list()") == saves


def reload_restores_a_good_snapshot_again(page) -> None:
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is True
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    assert "error" not in page.evaluate("() => window.brewhouse.info")["snapshot"]


@pytest.mark.parametrize(("part", "repack", "error"), [
    # seen by the entry's digest
    ("heap", False, "restore: stored snapshot is damaged: its digest does not match"),
    ("/seize/lessons.json", False, "restore: stored snapshot is damaged: its digest does not match"),
    # not seen by it: by the known answer stored with the entry
    ("/seize/editions/1/cards.json", True,
     "/brewhouse/seize/editions/1/cards.json is not the one the snapshot was made with"),
], ids=["heap-flipped", "lessons-damaged", "old-cards-damaged-and-repacked"])
def test_a_damaged_snapshot_is_dropped_and_the_engine_boots_normally(page, site, part, repack, error):
    first_visit(page, site)
    saves = keep_a_save(page)
    assert "__snapshots__/" in page.evaluate(DAMAGE_JS, {"part": part, "repack": repack})
    page.reload()
    wait_ready(page)
    info = page.evaluate("() => window.brewhouse.info")
    assert info["snapshot"]["state"] == "making"  # booted normally and makes a good one again
    assert info["snapshot"]["error"].endswith(error.removeprefix("restore: ")) and info["snapshot"]["error"].startswith("restore: ")
    assert_the_site_works(page, saves)
    reload_restores_a_good_snapshot_again(page)
    assert_the_site_works(page, saves)
    assert page.problems == []  # nothing but a console note


def test_a_restore_cut_short_is_not_tried_again(page, site):
    first_visit(page, site)
    saves = keep_a_save(page)
    page.reload(wait_until="commit")
    assert page.evaluate(RESTORE_MARKED_JS) is True
    page.goto("about:blank")  # the tab goes away mid-restore, as when the restore crashes it
    page.goto(site)
    wait_ready(page)
    info = page.evaluate("() => window.brewhouse.info")
    assert info["snapshot"]["state"] == "making"
    assert info["snapshot"]["error"] == "restore: the last restore of this snapshot did not finish"
    assert_the_site_works(page, saves)
    reload_restores_a_good_snapshot_again(page)
    # once the page's first calls are answered, the restore is no longer marked
    page.evaluate("() => window.brewhouse.engine.remote.makeSnapshot()")
    assert not any(url.endswith("restoring.mark") for url in page.evaluate(STORED_KEYS_JS))


@pytest.fixture(scope="module")
def site_with_a_heap_breaker(tmp_path_factory):
    """The built site, but its engine worker wrecks its own WebAssembly heap when called `test_break_heap`."""
    root = tmp_path_factory.mktemp("heap-breaker") / "dist"
    shutil.copytree(DIST, root)
    worker = root / "js" / "engine-worker.js"
    code = worker.read_text(encoding="utf-8")
    hooks = [("  api = module.call_json;\n",
              "  api = module.call_json;\n  self.breakHeap = () => pyodide._module.HEAPU8.fill(0, 0, 1 << 20);\n"),
             ("function call(method, paramsJson) {\n",
              "function call(method, paramsJson) {\n  if (method === 'test_break_heap') self.breakHeap();\n")]
    for before, after in hooks:
        assert code.count(before) == 1, before
        code = code.replace(before, after)
    worker.write_text(code, encoding="utf-8")
    server, url = serve_in_thread(root)
    yield url
    server.shutdown()


def test_a_fatal_error_after_a_restore_drops_the_snapshot_and_offers_a_reload(page, site_with_a_heap_breaker):
    first_visit(page, site_with_a_heap_breaker)
    saves = keep_a_save(page)
    page.reload()
    wait_ready(page)
    assert snapshot_state(page) == "restored"
    assert page.is_hidden("[data-testid=engine-stopped]")
    code = page.evaluate("() => window.brewhouse.engine.call('test_break_heap').then(() => null, (err) => err.code)")
    assert code == "engine_failed"  # Pyodide's fatal error ("memory access out of bounds", …)
    assert page.evaluate("() => window.brewhouse.engine.call('list_games').then(() => null, (err) => err.code)") == "engine_failed"
    assert not any(url.endswith(".snapshot") for url in page.evaluate(STORED_KEYS_JS))
    banner = page.locator("[data-testid=engine-stopped]")
    assert banner.is_visible() and "Reload the page" in banner.inner_text()
    with page.expect_navigation():
        page.click("[data-testid=engine-stopped-reload]")
    wait_ready(page)
    assert snapshot_state(page) == "making"  # no snapshot left: the normal boot
    assert "error" not in page.evaluate("() => window.brewhouse.info")["snapshot"]
    assert_the_site_works(page, saves)
