"""A player's data when the site's storage is full (web/js/storage.js).

The engine's memory snapshot (33 MB in Cache Storage) is a cache: when a save,
an import or a lesson's progress is refused for want of room, it is dropped
and the write tried again, and no new snapshot takes the room back.  When even
that is not enough, the player is told plainly (and can export the game);
nothing is lost silently.  The quota is set with the DevTools protocol
(Storage.overrideQuotaForOrigin).
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from brewhouse.core.lessons import load_lessons
from conftest import ARTIFACTS, STATUS, choose_language, screenshot, settle, wait_ready, watch
from test_lesson_pages import go, play_lesson
from test_saves import GOLDEN, import_file, play, rows, stored

SNAPSHOT_CACHE = "brewhouse-snapshots"
#: whether the snapshot's cache is there (without opening it: an open Cache keeps a deleted one's bytes)
SNAPSHOT_STORED_JS = f"() => caches.has('{SNAPSHOT_CACHE}')"
PHONE = {"width": 390, "height": 844}
#: the shortest lesson (fewest steps) of Seize the Bean
LESSON = min(load_lessons("seize"), key=lambda lesson: len(lesson.steps)).id


@pytest.fixture
def snapshot_page(browser):
    """A page with memory snapshots on (conftest's pages turn them off), bots at once."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page = ctx.new_page()
    page.problems = watch(page)
    yield page
    ctx.close()


def store_a_snapshot(page, site) -> None:
    """The first visit: the engine boots and a snapshot of it is stored."""
    page.goto(site)
    wait_ready(page)
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is True
    assert page.evaluate(SNAPSHOT_STORED_JS) is True


def set_quota(page, site, size: int):
    """The origin's quota from now on (kept while the returned session lives)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.rstrip("/"), "quotaSize": size})
    return cdp


def usage(page) -> int:
    return page.evaluate("() => navigator.storage.estimate().then((e) => e.usage)")


def fill_quota(page, site):
    """Quota = what the origin stores now: the next write that grows it is refused."""
    return set_quota(page, site, usage(page))


def leave_no_room(page, site):
    """A quota far below what the origin stores: no write gets through, whatever is dropped."""
    return set_quota(page, site, 1024)


def test_a_game_played_with_storage_full_is_kept_and_the_snapshot_makes_room(snapshot_page, site):
    page = snapshot_page
    store_a_snapshot(page, site)
    _session = fill_quota(page, site)
    page.evaluate("(url) => window.brewhouse.navigate(url)", "?game=seize&seats=human,random&seed=3")
    ply = play(page, random.Random(3), 10)  # every move is saved (data-saved follows the ply)
    assert page.locator("[data-testid=storage-full]").is_hidden()
    assert page.evaluate(SNAPSHOT_STORED_JS) is False  # the snapshot made the room
    game_id = page.evaluate("() => window.brewhouse.table.record.id")

    page.goto(site)
    wait_ready(page)
    rows(page).first.wait_for()
    assert [(r["id"], r["ply"]) for r in stored(page)] == [(game_id, ply)]
    # the room made stays free: this boot neither restores nor stores a snapshot
    assert page.get_attribute("[data-testid=engine-status]", "data-snapshot") == "off"
    assert page.evaluate("() => window.brewhouse.engine.whenSnapshotStored()") is False
    assert page.evaluate(SNAPSHOT_STORED_JS) is False
    assert page.problems == []


def test_with_no_room_at_all_the_table_says_so_and_the_game_can_be_exported(page, site):
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(site)
    wait_ready(page)
    # (before the first write: Chromium's IndexedDB keeps the room it last saw for a while)
    _session = leave_no_room(page, site)
    page.evaluate("(url) => window.brewhouse.navigate(url)", "?game=seize&seats=human,random&seed=5")
    notice = page.locator("[data-testid=storage-full]")
    for _ in range(3):
        assert settle(page) == "human"
        page.locator("[data-move]:visible").nth(0).click()
    assert settle(page) == "human"
    notice.wait_for()
    assert notice.inner_text().startswith("Storage is full: this game is not being saved.")
    assert page.get_attribute(STATUS, "data-saved") is None  # no save went through
    # it stays while the game goes on unsaved
    page.set_viewport_size(PHONE)
    page.locator("[data-move]:visible").nth(0).click()
    assert settle(page) == "human"
    assert notice.is_visible()
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, "storage-full-table-phone")
    page.screenshot(path=str(ARTIFACTS / "storage-full-table-phone-top.png"))  # what the phone shows

    ply = int(page.get_attribute(STATUS, "data-ply"))
    assert ply >= 4
    with page.expect_download() as download:
        notice.get_by_role("button", name="Export this game").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["format"] == "brewhouse-saves"
    [record] = exported["records"]
    assert record["ply"] == ply
    assert record["id"] == page.evaluate("() => window.brewhouse.table.record.id")
    assert record["save"]["game"] == "seize"
    assert stored(page) == []  # nothing half-written

    # room again (the quota back to the browser's): the exported file brings the game back
    _session.send("Storage.overrideQuotaForOrigin", {"origin": site.rstrip("/")})
    page.click("[data-testid=table-home]")
    text, is_error = import_file(page, Path(download.value.path()).read_bytes())
    assert not is_error, text
    assert [(r["id"], r["ply"]) for r in stored(page)] == [(record["id"], ply)]
    assert page.problems == []


def test_an_import_with_storage_full_says_so(page, site):
    page.goto(site)
    wait_ready(page)
    _session = leave_no_room(page, site)
    text, is_error = import_file(page, Path(GOLDEN).read_bytes())
    assert is_error
    assert text == ("This file could not be imported: storage on this device is full: free some space "
                    "(or delete saved games you no longer need), then try again.")
    assert stored(page) == []
    assert page.problems == []


def test_an_import_with_the_snapshot_stored_and_storage_full_goes_through(snapshot_page, site):
    page = snapshot_page
    store_a_snapshot(page, site)
    _session = fill_quota(page, site)
    text, is_error = import_file(page, Path(GOLDEN).read_bytes())
    assert not is_error, text
    assert len(stored(page)) == len(json.loads(Path(GOLDEN).read_text())["records"])
    assert page.evaluate(SNAPSHOT_STORED_JS) is False
    assert page.problems == []


def test_a_lesson_finished_with_storage_full_is_remembered(snapshot_page, site):
    page = snapshot_page
    store_a_snapshot(page, site)
    _session = fill_quota(page, site)
    go(page, f"?learn=seize&lesson={LESSON}")
    play_lesson(page, "seize", LESSON)  # waits until the progress is written
    assert page.locator("[data-testid=lesson-not-saved]").count() == 0
    page.goto(site + "?learn=seize")
    wait_ready(page)
    page.wait_for_selector(f"[data-testid=lesson][data-lesson={LESSON}][data-done=true]", state="attached")
    assert page.problems == []


def test_a_lesson_finished_with_no_room_at_all_says_it_is_not_remembered(page, site):
    page.goto(site + f"?learn=seize&lesson={LESSON}")
    wait_ready(page)
    _session = leave_no_room(page, site)
    for _ in range(50):
        page.wait_for_selector(f"{STATUS}[data-waiting=human], {STATUS}[data-waiting=lesson], {STATUS}[data-waiting=over]")
        if page.get_attribute(STATUS, "data-waiting") == "over":
            break
        next_button = page.locator("[data-testid=lesson-next]")
        (next_button if next_button.count() else page.locator("[data-move]")).click()
    note = page.locator("[data-testid=lesson-not-saved]")
    note.wait_for()
    assert note.inner_text() == "Storage is full: this lesson could not be marked as done."
    assert page.problems == []


def test_the_home_page_says_what_is_stored_and_whether_the_browser_keeps_it(page, site):
    page.set_viewport_size(PHONE)
    page.goto(site)
    wait_ready(page)
    line = page.locator("[data-testid=storage-status]")
    line.wait_for()
    assert line.get_attribute("data-persisted") == "false"
    assert line.inner_text().startswith("Storage: ")
    assert "may clear it" in line.inner_text()
    # once there is a saved game the browser is asked to keep the site's data; granted, the line says so
    # (Chromium decides by itself whether it grants it: here a stand-in always does, and says whether it was asked)
    page.add_init_script("""(() => {
      let granted = false;
      navigator.storage.persisted = async () => granted;
      navigator.storage.persist = async () => { window.__persistAsked = (window.__persistAsked ?? 0) + 1; granted = true; return true; };
    })()""")
    page.reload()
    wait_ready(page)
    line.wait_for()
    assert page.evaluate("() => window.__persistAsked") is None  # nothing saved yet: not asked
    page.goto(site + "?game=seize&seats=human,random&seed=3")
    wait_ready(page)
    assert settle(page) == "human"
    page.locator("[data-move]:visible").first.click()  # a game is saved once the player has moved
    assert settle(page) == "human"
    page.wait_for_selector(f"{STATUS}[data-saved]", state="attached")
    page.click("[data-testid=table-home]")
    page.locator("[data-testid=storage-status][data-persisted=true]").wait_for()
    assert page.evaluate("() => window.__persistAsked") == 1
    text = line.inner_text()
    assert text.startswith("Storage: ") and text.endswith("kept by your browser"), text
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    line.scroll_into_view_if_needed()
    screenshot(page, "storage-home-phone")
    page.screenshot(path=str(ARTIFACTS / "storage-home-phone-line.png"))  # the screen around the line
    for lang, start in {"fr": "Stockage : ", "de": "Speicher: ", "ja": "ストレージ："}.items():
        choose_language(page, lang)
        page.wait_for_function("(start) => document.querySelector('[data-testid=storage-status]').textContent.startsWith(start)", arg=start)
    assert page.problems == []
