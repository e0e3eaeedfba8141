"""Learn to play, in the browser: every lesson of every game is played through its page.

The engine says which lessons exist (brewhouse.core.lessons.load_lessons); the page is
followed the way a learner follows it: Next when the step offers it, else the one
element carrying data-move.  One page plays them all (lessons open by in-page
navigation), so the suite stays quick as lessons are added.
"""
from __future__ import annotations

import re

import pytest

from brewhouse.core.lessons import load_lessons
from brewhouse.core.registry import REGISTRY
from conftest import screenshot, settle, wait_ready

LESSONS = {g: [l.id for l in load_lessons(g)] for g in REGISTRY.available_ids() if load_lessons(g)}
STATUS = "[data-testid=game-status]"
STEP = "[data-testid=lesson-step]"
#: the lesson waits for the learner: a move (human), Next (lesson), or it is done (over)
READY = ", ".join([f"{STATUS}[data-waiting=human]", f"{STATUS}[data-waiting=lesson]", f"{STATUS}[data-waiting=over]",
                   "[data-testid=route-error]", "[data-testid=table-error]:not([hidden])"])
PHONE = {"width": 390, "height": 844}
#: what a check must never show: JSON, a snake_case id, an engine card or order id (P13, o63)
RAW = re.compile(r"[{}\[\]\"]|\b[a-z]+_[a-z_]+\b|\b[A-Za-z]\d{1,3}\b")


def go(page, url: str) -> None:
    """Open a URL of the site without reloading it (as the page's own buttons do)."""
    page.evaluate("(url) => window.brewhouse.navigate(url)", url)


def waiting(page) -> str:
    page.wait_for_selector(READY, timeout=60_000)
    error = page.locator("[data-testid=table-error]:not([hidden]), [data-testid=route-error]")
    assert error.count() == 0, error.first.inner_text()
    return page.get_attribute(STATUS, "data-waiting")


def lesson_state(page) -> dict:
    return page.evaluate("() => ({lesson: window.brewhouse.table.lesson, ply: window.brewhouse.table.status.ply})")


def moves_in_page(page) -> list[str]:
    return page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")


def no_sideways_overflow(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def wrong_click_shows_the_hint(page) -> bool:
    """Click another option of the decision: the hint shows, nothing changes. False when there is none."""
    others = page.locator("[data-lesson-option]:visible")
    before = lesson_state(page)
    wrong = [i for i in range(others.count()) if others.nth(i).get_attribute("data-lesson-option") != before["lesson"]["step"]["move"]]
    if not wrong:
        return False
    others.nth(wrong[0]).click()
    page.wait_for_selector("[data-testid=lesson-hint]")
    assert page.inner_text("[data-testid=lesson-hint]").strip()
    assert "lesson." not in page.inner_text("[data-testid=lesson-hint]")  # translated, not a key
    after = lesson_state(page)
    assert (after["ply"], after["lesson"]["index"]) == (before["ply"], before["lesson"]["index"])
    assert moves_in_page(page) == [before["lesson"]["step"]["move"]]
    return True


def play_lesson(page, game: str, lesson_id: str, shots: str | None = None) -> dict:
    """Follow the lesson's steps to its end; returns what was met on the way."""
    met = {"act": 0, "explain": 0, "check": 0, "hinted": False}
    for _ in range(200):
        state = waiting(page)
        step = page.locator(STEP)
        assert "lesson." not in step.inner_text(), step.inner_text()  # every text translated
        if state == "over":
            break
        kind = step.get_attribute("data-kind")
        met[kind] += 1
        if page.locator("[data-testid=lesson-next]").count():
            assert moves_in_page(page) == []
            if kind == "check":
                checks = page.locator("[data-testid=lesson-check]")
                expected = lesson_state(page)["lesson"]["step"]["checks"]
                assert checks.count() == len(expected) > 0
                assert [checks.nth(i).get_attribute("data-ok") for i in range(checks.count())] == ["true"] * len(expected)
                assert "✓" in checks.first.inner_text()
                # every check in words: no engine data ({"beans": 5}, ["o63"], "P13")
                texts = [checks.nth(i).inner_text() for i in range(checks.count())]
                assert not [x for x in texts if RAW.search(x)], texts
            page.click("[data-testid=lesson-next]")
            continue
        assert kind == "act"
        move = lesson_state(page)["lesson"]["step"]["move"]
        assert moves_in_page(page) == [move], "the step's move is the one element carrying data-move"
        if not met["hinted"]:
            met["hinted"] = wrong_click_shows_the_hint(page)
        if shots:
            screenshot(page, f"{shots}-act")
        page.locator("[data-move]").click()
    else:
        raise AssertionError(f"{game}/{lesson_id} did not end")
    page.wait_for_selector("[data-testid=lesson-done]")
    page.wait_for_selector(f"{STEP}[data-saved=true]")  # the progress is written
    if shots:
        screenshot(page, f"{shots}-done")
    assert met["act"] >= 1
    return met


def done_marks(page, game: str) -> dict[str, str]:
    page.wait_for_selector(f"[data-testid=lesson-list][data-game={game}]")
    return dict(page.eval_on_selector_all("[data-testid=lesson]", "els => els.map(e => [e.dataset.lesson, e.dataset.done])"))


@pytest.mark.skipif(not LESSONS, reason="no game has lessons")
def test_every_lesson_plays_through_its_page_and_is_remembered(page, site):
    page.goto(site)
    wait_ready(page)
    for game in LESSONS:
        page.wait_for_selector(f"[data-testid=learn-{game}]")
    first = next(iter(LESSONS))
    page.click(f"[data-testid=learn-{first}]")
    hinted = 0  # lessons where a wrong option was tried (each lesson tries one where its decision has another)
    for game, ids in LESSONS.items():
        go(page, f"?learn={game}")
        assert list(done_marks(page, game)) == ids
        assert set(done_marks(page, game).values()) == {"false"}
        for i, lesson_id in enumerate(ids):
            go(page, f"?learn={game}")
            page.click(f"[data-testid=lesson][data-lesson={lesson_id}] [data-testid=lesson-open]")
            met = play_lesson(page, game, lesson_id, shots=f"lesson-{game}" if i == 0 else None)
            hinted += met["hinted"]
            last = i == len(ids) - 1
            assert page.locator("[data-testid=lesson-first-game]").count() == int(last)
            assert page.locator("[data-testid=lesson-following]").count() == int(not last)
    assert hinted > 0, "no lesson offered a wrong option to try"
    # progress survives a reload
    page.reload()
    wait_ready(page)
    for game, ids in LESSONS.items():
        go(page, f"?learn={game}")
        assert done_marks(page, game) == {i: "true" for i in ids}
        assert page.locator("[data-testid=lesson-done-mark]").count() == len(ids)
    screenshot(page, f"lesson-list-{first}-done")
    assert page.problems == []


@pytest.mark.skipif(not LESSONS, reason="no game has lessons")
def test_the_done_panel_restarts_and_opens_a_first_game_against_the_easy_bot(page, site):
    game = next(iter(LESSONS))
    last = LESSONS[game][-1]
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(site + f"?learn={game}&lesson={last}")
    wait_ready(page)
    play_lesson(page, game, last)
    page.click("[data-testid=lesson-restart]")
    assert waiting(page) in ("human", "lesson")
    assert lesson_state(page)["lesson"]["index"] == 0
    play_lesson(page, game, last)
    # no undo, save, share or hint bot in a lesson
    for testid in ("undo", "hint", "share", "share-replay"):
        assert page.locator(f"[data-testid={testid}]").count() == 0
    page.click("[data-testid=lesson-first-game]")
    assert settle(page) in ("human", "privacy")
    assert page.evaluate("() => window.brewhouse.table.status.seats") == ["human", "easy"]
    # a first game is saved (and the address names it) once the player has moved
    assert "resume=" not in page.url
    page.locator("[data-move]:visible").first.click()
    assert settle(page) in ("human", "over")
    page.wait_for_url("**resume=*")
    assert page.problems == []


def test_bad_lesson_links_say_so_with_a_way_home(page, site):
    page.goto(site + "?learn=nope")
    wait_ready(page)
    page.wait_for_selector("[data-testid=route-error]")
    assert page.get_attribute("[data-testid=route-error-text]", "data-key") == "table.error.unknownGame"
    for url, key in [("?learn=seize&lesson=no-such-lesson", "learn.error.unknown"),
                     ("?learn=seize&lesson=Bad%20Id", "learn.error.unknown"),
                     ("?learn=seize&seats=human", "table.error.unknownParam")]:
        go(page, url)
        page.wait_for_selector(f"[data-testid=route-error-text][data-key='{key}']")
        assert page.locator("[data-testid=error-home]").count() == 1
    page.click("[data-testid=error-home]")
    page.wait_for_selector("[data-testid=home]:not([hidden])")
    # a game with lessons offers them on its setup screen too
    if "seize" in LESSONS:
        go(page, "?game=seize")
        page.click("[data-testid=setup-learn]")
        page.wait_for_selector("[data-testid=lesson-list][data-game=seize]")
        assert "learn=seize" in page.url
    assert page.problems == []


@pytest.mark.skipif(not LESSONS, reason="no game has lessons")
def test_lessons_fit_a_phone(browser, site):
    """Each game's list and first lesson on a phone: nothing wider than the screen, the step's move in reach."""
    ctx = browser.new_context(service_workers="block", viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.problems = []
    page.on("pageerror", lambda e: page.problems.append(f"pageerror: {e}"))
    try:
        page.goto(site)
        wait_ready(page)
        for game, ids in LESSONS.items():
            go(page, f"?learn={game}")
            page.wait_for_selector(f"[data-testid=lesson-list][data-game={game}]")
            no_sideways_overflow(page)
            screenshot(page, f"phone-lesson-list-{game}")
            page.click(f"[data-testid=lesson][data-lesson={ids[0]}] [data-testid=lesson-open]")
            for _ in range(50):
                if waiting(page) != "lesson":
                    break
                no_sideways_overflow(page)
                page.click("[data-testid=lesson-next]")
            assert waiting(page) == "human"
            no_sideways_overflow(page)
            assert page.locator("[data-move]").is_visible()
            screenshot(page, f"phone-lesson-{game}-act")
            play_lesson(page, game, ids[0])
            no_sideways_overflow(page)
            screenshot(page, f"phone-lesson-{game}-done")
    finally:
        ctx.close()
    assert page.problems == []

def test_the_lessons_store_is_added_and_saved_games_of_the_first_database_stay_whole(page, site):
    """A database made by a build before lessons (version 1: the saves store only) is upgraded
    by adding the lessons store; its saved games are read back exactly as they were."""
    import json
    from pathlib import Path

    save = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "seize-3p-unfinished.json").read_text())
    record = {"id": "from-version-1", "game": save["game"], "seats": save["seats"], "status": "in_progress",
              "ply": len(save["moves"]), "phase": "", "created": "2026-11-01T10:00:00Z",
              "updated": "2026-11-02T10:00:00Z", "save": save}
    # the site's origin, without the app opening its database (the bare document asks for a favicon the site has not)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(site + "build-manifest.json")
    page.evaluate("""(record) => new Promise((resolve, reject) => {
        const open = indexedDB.open("brewhouse", 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore("saves", { keyPath: "id" });
          store.createIndex("updated", "updated");
          store.put(record);
        };
        open.onsuccess = () => { open.result.close(); resolve(); };
        open.onerror = () => reject(open.error);
    })""", record)
    page.goto(site)
    wait_ready(page)
    page.wait_for_selector("[data-testid=save-row][data-save-id=from-version-1]")
    assert page.evaluate("() => window.brewhouse.saves.get('from-version-1')") == record
    done = page.evaluate("() => window.brewhouse.progress.complete('seize', 'first-action').then((s) => [...s])")
    assert done == ["first-action"]
    assert page.evaluate("() => window.brewhouse.progress.done('seize').then((s) => [...s])") == ["first-action"]
    assert page.evaluate("() => window.brewhouse.saves.get('from-version-1')") == record
    stores = page.evaluate("""() => new Promise((resolve) => { const open = indexedDB.open("brewhouse");
        open.onsuccess = () => { const db = open.result; resolve([db.version, [...db.objectStoreNames]]); db.close(); }; })""")
    assert stores == [3, ["guest-copies", "guest-updates", "lessons", "saves"]]
    assert page.problems == []
