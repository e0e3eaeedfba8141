"""Accessibility of every screen a player meets, on a desktop and a phone, for all three games.

One browser page walks through every screen in turn (in-page navigation, no reload), resized
between a desktop (1440×900) and a phone (390×844), so the whole check stays quick:

- axe-core (the npm package, injected from node_modules) finds no serious or critical
  violation on the home page, each game's setup screen, a lesson, a table mid-game and its
  transient states (log, help, a zoomed card, the share box, the folded decision panel on a
  phone, a hot-seat privacy screen) and the game-over screen
  (Coffee Rush has no privacy screen: its views hide nothing);
- a keyboard-only player (Tab, Enter, Space and arrow keys, no click) plays 20 decisions of each
  game (10 on a desktop, then 10 on a phone): at every arrival the focus is already on something
  they can act on (an option, or Café's placement grid), so no decision starts on <body> or needs
  Tabs to reach the board.

``BREWHOUSE_A11Y_REPORT=<file>`` writes the figures (violations per screen, Tabs needed
per decision) as JSON, for a before/after comparison.
"""
from __future__ import annotations

import json
import os
import random

from conftest import ARTIFACTS, ROOT, STATUS, open_table, screenshot, settle
from test_lesson_pages import go

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORTS = {"desktop": {"width": 1440, "height": 900}, "phone": {"width": 390, "height": 844}}
GAMES = {
    "seize": {"table": "?game=seize&seats=human,random&seed=7", "hotseat": "?game=seize&seats=human,human&seed=7",
              "over": "?game=seize&seats=random,random&seed=2", "lesson": "?learn=seize&lesson=city"},
    "cafe": {"table": "?game=cafe&seats=human,random&seed=7", "hotseat": "?game=cafe&seats=human,human&seed=7",
             "over": "?game=cafe&seats=random,random&seed=2", "lesson": "?learn=cafe&lesson=place"},
    "rush": {"table": "?game=rush&seats=human,random&seed=7", "hotseat": None,
             "over": "?game=rush&seats=random,random&seed=2", "lesson": "?learn=rush&lesson=movement"},
}
DECISIONS = 20
MAX_TABS = 150
#: where the focus may rest when a decision arrives: an enabled, shown option, or the board's own place for
#: its options (data-focus-first: Café's placement grid)
ON_OPTION = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const shown = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    if (shown && !el.disabled && el.matches('[data-move], [data-focus-first]')) return '';
    return el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : '') + (el.className ? '.' + String(el.className).split(' ')[0] : '');
}"""
SERIOUS = """async (scope) => {
    const result = await axe.run(scope ? document.querySelector(scope) : document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, nodes: v.nodes.length,
            at: v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.html.slice(0, 160) + ' :: ' + n.failureSummary.split('\\n').slice(1, 3).join(' ')) }));
}"""


def axe(page, figures: dict, screen: str, scope: str | None = None) -> None:
    """axe-core on the page as it is (or on the part ``scope`` names); its serious and critical violations go in ``figures``."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    figures["axe"][screen] = page.evaluate(SERIOUS, scope)


def both_sizes(page, figures: dict, screen: str, scope: str | None = None) -> None:
    """The same screen checked on a phone, then on a desktop (where the page is left)."""
    for size in ("phone", "desktop"):
        page.set_viewport_size(VIEWPORTS[size])
        page.wait_for_timeout(50)
        axe(page, figures, f"{screen}-{size}", scope)


def wait_for_move(page, ply: str) -> None:
    page.wait_for_function("""(ply) => { const s = document.querySelector('[data-testid=game-status]');
        return s.dataset.ply !== ply || s.dataset.waiting === 'over'; }""", arg=ply, timeout=20_000)


def keyboard_decisions(page, figures: dict, key: str, rng: random.Random, count: int) -> None:
    """Play ``count`` decisions with the keyboard alone; note where each arrival put the focus."""
    arrivals = figures["keyboard"].setdefault(key, [])
    for _ in range(count):
        if settle(page) == "over":
            return
        landed = page.evaluate(ON_OPTION)
        tabs = 0
        while page.evaluate(ON_OPTION) and tabs < MAX_TABS:
            page.keyboard.press("Tab")
            tabs += 1
        arrivals.append({"phase": page.get_attribute(STATUS, "data-phase"), "landed": landed or "option", "tabs": tabs})
        assert tabs < MAX_TABS, f"no option reached with {MAX_TABS} Tabs ({key})"
        # a player does not always take the first option: a few Tabs on, still on an option
        for _ in range(rng.randrange(3)):
            page.keyboard.press("Tab")
            if page.evaluate(ON_OPTION):
                page.keyboard.press("Shift+Tab")
                break
        if page.evaluate("() => document.activeElement.dataset.ui === 'place-grid'"):
            for _ in range(rng.randrange(3)):
                page.keyboard.press(rng.choice(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "r"]))
        ply = page.get_attribute(STATUS, "data-ply")
        page.keyboard.press(rng.choice(["Enter", " "]) if page.evaluate("() => document.activeElement.tagName") == "BUTTON" else "Enter")
        wait_for_move(page, ply)


def game_screens(page, figures: dict, game: str) -> None:
    """A game's setup screen, a table played by the keyboard on a desktop then a phone, its transient states,
    a hot-seat privacy screen, the game-over screen and a lesson."""
    urls = GAMES[game]
    go(page, f"?game={game}")
    page.wait_for_selector(".setup")
    both_sizes(page, figures, f"{game}-setup")
    go(page, urls["table"])
    assert settle(page) == "human"
    # a card pointed at opens larger (the first decision has cards in sight in every game)
    page.locator("[data-zoom]:visible").first.hover()
    page.wait_for_selector("[data-testid=card-zoom]")
    axe(page, figures, f"{game}-zoom-desktop", "[data-testid=card-zoom]")
    page.mouse.move(0, 0)
    page.wait_for_selector("[data-testid=card-zoom]", state="detached")
    rng = random.Random(7)
    for size in ("desktop", "phone"):
        page.set_viewport_size(VIEWPORTS[size])
        keyboard_decisions(page, figures, f"{game}-{size}", rng, DECISIONS // 2)
    assert settle(page) == "human"
    # a card with a tab stop of its own (to open it larger) has a role and a name, not a tooltip alone
    figures["unnamed cards"][game] = page.eval_on_selector_all(
        "[data-zoom][tabindex]", "els => els.filter((e) => !e.getAttribute('role') || !e.getAttribute('aria-label')).length")
    # the focus ring where the last arrival put it, for a person to look at
    page.evaluate("() => document.activeElement.scrollIntoView({ block: 'center' })")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"a11y-{game}-focus-phone.png"))
    axe(page, figures, f"{game}-table-phone")
    # the decision panel folds once the page scrolls past it
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_selector("[data-testid=decision].collapsed")
    axe(page, figures, f"{game}-folded-phone", "[data-testid=decision]")
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.evaluate("() => window.scrollTo(0, 0)")
    axe(page, figures, f"{game}-table-desktop")
    page.click("[data-testid=log-toggle]")
    page.wait_for_selector("[data-testid=log-list]")
    both_sizes(page, figures, f"{game}-log", "[data-testid=log]")
    page.click("[data-testid=log] .panel-head button")
    page.click("[data-testid=help-toggle]")
    page.wait_for_selector("[data-testid=glossary]")
    both_sizes(page, figures, f"{game}-help", "[data-testid=help]")
    page.click("[data-testid=help] .panel-head button")
    page.click("[data-testid=share]")
    page.wait_for_selector("[data-testid=share-link]")
    both_sizes(page, figures, f"{game}-share", "[data-testid=share-box]")
    if urls["hotseat"]:
        go(page, urls["hotseat"])
        assert settle(page) == "privacy"
        both_sizes(page, figures, f"{game}-privacy")
    go(page, urls["over"])
    assert settle(page) == "over"
    both_sizes(page, figures, f"{game}-over")
    go(page, urls["lesson"])
    page.wait_for_selector(f"[data-testid=lesson-step], {STATUS}[data-waiting=human], {STATUS}[data-waiting=lesson]")
    page.wait_for_selector(f"{STATUS}[data-waiting=human], {STATUS}[data-waiting=lesson]")
    both_sizes(page, figures, f"{game}-lesson")


def test_every_screen_has_no_serious_violation_and_the_keyboard_lands_on_an_option(browser, site):
    context = browser.new_context(service_workers="block", viewport=VIEWPORTS["desktop"],
                                  bypass_csp=True)  # axe-core goes in as an inline script
    context.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    page = context.new_page()
    figures = {"axe": {}, "keyboard": {}, "unnamed cards": {}}
    open_table(page, site, "")
    both_sizes(page, figures, "home")
    for game in GAMES:
        game_screens(page, figures, game)
    context.close()
    report = os.environ.get("BREWHOUSE_A11Y_REPORT")
    if report:
        with open(report, "w") as out:
            json.dump(figures, out, indent=1)
    found = {screen: v for screen, v in figures["axe"].items() if v}
    assert found == {}, json.dumps(found, indent=1)
    stranded = {key: [a for a in arrivals if a["landed"] != "option"] for key, arrivals in figures["keyboard"].items()}
    assert not any(stranded.values()), stranded
    assert not any(figures["unnamed cards"].values()), figures["unnamed cards"]
