"""Playwright fixtures: Debian's Chromium driving the built site served on 127.0.0.1.

``playwright install`` cannot download browsers here, so the system Chromium is
launched by path.  Contexts block service workers except where a test asks
for them (the offline test).  Console errors and page errors are collected on
every page and must be empty unless a test expects otherwise.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "wasm-build"))

from serve import serve_in_thread  # noqa: E402

CHROMIUM = os.environ.get("BREWHOUSE_CHROMIUM", "/usr/bin/chromium")
#: the built site under test (another folder can be named, e.g. for a parallel build)
DIST = Path(os.environ.get("BREWHOUSE_DIST", ROOT / "dist"))
ARTIFACTS = ROOT / "test-artifacts"
BOOT_TIMEOUT_MS = 180_000  # Pyodide boots in seconds, but CI machines can be busy
LAUNCH_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--disable-gpu", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    if not (DIST / "index.html").exists():
        pytest.fail(f"{DIST} is not built: run `make test` (it builds first)")
    server, url = serve_in_thread(DIST)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


class PageProblems(list):
    """Console errors and uncaught page errors seen on a page."""


def watch(page) -> PageProblems:
    problems = PageProblems()
    page.on("console", lambda m: problems.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    return problems


@pytest.fixture
def context(browser):
    ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    # every boot here would make and store a 33 MB memory snapshot nobody restores:
    # off for these pages (test_snapshot_restore.py tests it; contexts made by hand keep it on)
    ctx.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.problems = watch(page)
    return page


def wait_ready(page) -> None:
    page.wait_for_selector("[data-testid=engine-status]:not([data-state=booting])", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    state = page.get_attribute("[data-testid=engine-status]", "data-state")
    assert state == "ready", page.inner_text("[data-testid=engine-status]")


def choose_language(page, lang: str) -> None:
    """Pick ``lang`` in the language menu and wait until the page speaks it (its catalogue loads when first chosen)."""
    page.select_option("[data-testid=lang-select]", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# -- helpers shared by the table tests -------------------------------------------------
STATUS = "[data-testid=game-status]"
#: the table waits for someone (or shows an error): what ``settle`` waits for
SETTLED = ", ".join([
    f"{STATUS}[data-waiting=human]", f"{STATUS}[data-waiting=over]", f"{STATUS}[data-waiting=privacy]",
    "[data-testid=route-error]", "[data-testid=table-error]:not([hidden])",
])
GAME_TIMEOUT_MS = 120_000


def open_table(page, site: str, query: str, pace: str = "instant", lang: str | None = None) -> None:
    """Boot the site straight on a table URL (bots at the given pace, optionally in a language)."""
    page.add_init_script(f"localStorage.setItem('brewhouse.pace', '{pace}')")
    if lang:
        page.add_init_script(f"localStorage.setItem('brewhouse.lang', '{lang}')")
    page.goto(site + query)
    wait_ready(page)


def settle(page, route_errors: bool = False) -> str:
    """Wait until the table waits for someone; what it waits for ("human", "privacy", "over"…).

    A table error always fails the test; a route error too unless ``route_errors``
    (then it is returned as ``"route-error"``).
    """
    page.wait_for_selector(SETTLED, timeout=GAME_TIMEOUT_MS)
    state = page.evaluate("""() => {
        if (document.querySelector('[data-testid=route-error]')) return 'route-error';
        const error = document.querySelector('[data-testid=table-error]:not([hidden])');
        if (error) return 'error: ' + error.innerText;
        return document.querySelector('[data-testid=game-status]').dataset.waiting; }""")
    assert not state.startswith("error"), state
    if state == "route-error" and not route_errors:
        raise AssertionError(page.inner_text("[data-testid=route-error]"))
    return state


def play_through(page, decide, on_privacy=None, max_steps: int = 3000) -> dict:
    """Play a table through to its end: each human decision is ``decide(page, n)``,
    n the human decisions made so far; a hot-seat privacy screen is passed after
    ``on_privacy(page)``.  Returns how many of each there were."""
    stats = {"human_moves": 0, "privacy": 0}
    for _ in range(max_steps):
        waiting = settle(page)
        if waiting == "over":
            return stats
        if waiting == "privacy":
            stats["privacy"] += 1
            if on_privacy:
                on_privacy(page)
            page.click("[data-testid=privacy-ready]")
            continue
        assert waiting == "human", waiting
        decide(page, stats["human_moves"])
        stats["human_moves"] += 1
    raise AssertionError("the game did not end")


def message_forms(message) -> list[str]:
    """The texts of a catalogue message: itself, or each of its plural forms."""
    return [message] if isinstance(message, str) else list(message.values())


def legal_ids(page) -> list[str]:
    return page.evaluate("() => window.brewhouse.table.moves.map(m => m.id)")


def rendered_ids(page) -> set[str]:
    return set(page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)"))
