"""The "Suggest a move" hint: the engine's strongest bot, asked from the human's
view in the worker, highlights one legal option without playing it.
"""
from __future__ import annotations

import random
import time

from conftest import STATUS, legal_ids, open_table, screenshot, settle

HINT = "[data-testid=hint]"
NOTE = "[data-testid=hint-note]"
#: the suggestion (where it shows: an option the board carries is hidden in the banner),
#: or the note saying the game has no hints yet
HINT_DONE = f".hinted:not([hidden]), {NOTE}[data-state=unavailable], {NOTE}[data-state=failed]"
TIMEOUT_MS = 120_000


def check_suggestion(page, ply: str) -> str:
    """The highlighted option is a legal one, focused, and nothing was played."""
    hinted = page.locator(".hinted")
    moves = set(hinted.evaluate_all("els => els.map(e => e.dataset.move)"))
    assert len(moves) == 1, moves  # the same option may show on the board and in the banner
    move = moves.pop()
    assert move in legal_ids(page)
    assert page.get_attribute(STATUS, "data-ply") == ply
    assert page.get_attribute(STATUS, "data-waiting") == "human"
    assert page.evaluate("() => document.activeElement?.dataset.move") == move
    assert page.get_attribute(NOTE, "data-state") == "shown"
    note = page.inner_text(NOTE)
    assert "[object" not in note and len(note.split(":", 1)[-1].strip()) > 1, note
    return move


def test_hint_in_seize_highlights_a_legal_option_without_playing_it(page, site):
    started = time.time()
    open_table(page, site, "?game=seize&seats=human,random&seed=7")
    assert settle(page) == "human"
    hint = page.locator(HINT)
    assert hint.is_visible() and hint.is_enabled()
    assert hint.inner_text().strip() == "Suggest a move"
    assert hint.get_attribute("aria-label").startswith("Suggest a move")
    ply = page.get_attribute(STATUS, "data-ply")

    # keyboard: the toolbar button is reachable and works with Enter
    hint.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(HINT_DONE, timeout=TIMEOUT_MS)
    move = check_suggestion(page, ply)
    assert page.inner_text(NOTE).startswith("Suggested:")
    assert page.locator(f"[data-testid=decision] [data-move='{move}'].hinted").count() == 1
    screenshot(page, "hint-seize-1280x800")

    # playing the suggestion is the player's choice; the highlight then goes away
    page.locator(f"[data-testid=decision] [data-move='{move}']").click()
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-ply") != ply
    assert page.locator(".hinted").count() == 0
    assert page.locator(NOTE).is_hidden()

    # a hint asked for and then overtaken by a move is dropped: it was for another position
    ply = page.get_attribute(STATUS, "data-ply")
    hint.click()
    options = page.locator("[data-testid=decision] [data-move]")
    options.nth(random.Random(7).randrange(options.count())).click(force=True)
    assert settle(page) in {"human", "over"}
    page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")
    page.wait_for_selector(f"{HINT}:not([aria-busy])", state="attached", timeout=TIMEOUT_MS)
    assert settle(page) in {"human", "over"}
    assert page.locator(".hinted").count() == 0
    assert page.locator(NOTE).is_hidden()

    # and the button works again on the next decision
    if settle(page) == "human":
        ply = page.get_attribute(STATUS, "data-ply")
        hint.click()
        page.wait_for_selector(HINT_DONE, timeout=TIMEOUT_MS)
        check_suggestion(page, ply)
    assert page.problems == []
    print(f"seize hint: {time.time() - started:.1f} s")


def test_hint_in_cafe_in_french_suggests_or_says_unavailable(page, site):
    started = time.time()
    open_table(page, site, "?game=cafe&seats=human,random&seed=7", lang="fr")
    assert settle(page) == "human"
    hint = page.locator(HINT)
    assert hint.inner_text().strip() == "Suggérer un coup"
    assert hint.get_attribute("aria-label").startswith("Suggérer un coup")
    ply = page.get_attribute(STATUS, "data-ply")
    hint.click()
    page.wait_for_selector(HINT_DONE, timeout=TIMEOUT_MS)
    state = page.get_attribute(NOTE, "data-state")
    assert state != "failed", page.inner_text(NOTE)
    if state == "unavailable":  # no search bots for Café in this engine
        assert "pas encore disponibles" in page.inner_text(NOTE)
        assert page.locator(".hinted").count() == 0
        assert page.get_attribute(STATUS, "data-ply") == ply
    else:
        check_suggestion(page, ply)
        assert page.inner_text(NOTE).startswith("Suggestion")
    screenshot(page, "hint-cafe-fr-1280x800")
    assert page.problems == []
    print(f"cafe hint ({state}): {time.time() - started:.1f} s")


def test_hint_says_unavailable_when_the_engine_cannot_search_this_game(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=7")
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    # the engine answers bot_move as it does for a game without determinization:
    # the search levels fail, the random bot (which needs none) still plays
    page.evaluate("""async () => {
        const { EngineError } = await import(new URL('js/engine.js', document.baseURI).href);
        const engine = window.brewhouse.table.engine;
        const call = engine.call.bind(engine);
        engine.call = (method, params) => method === 'bot_move' && params.level !== 'random'
            ? Promise.reject(new EngineError('determinization_unavailable', 'no search bots for this game yet'))
            : call(method, params);
    }""")
    page.click(HINT)
    page.wait_for_selector(HINT_DONE, timeout=TIMEOUT_MS)
    assert page.get_attribute(NOTE, "data-state") == "unavailable"
    assert page.inner_text(NOTE) == "Hints are not available for this game yet."
    assert page.locator(".hinted").count() == 0
    assert page.get_attribute(STATUS, "data-ply") == ply
    assert page.get_attribute(STATUS, "data-waiting") == "human"
    assert page.locator(HINT).is_enabled()
    # the game goes on as usual; the note goes with the decision it was about
    page.locator("[data-testid=decision] [data-move]").first.click()
    assert settle(page) == "human"
    assert page.locator(NOTE).is_hidden()
    assert page.problems == []


def test_hint_against_starbots_fills_the_thinking_progress_bar(page, site):
    """Solo: the hard bot searches Starbots' hidden piles too; the bar follows its budget."""
    open_table(page, site, "?game=seize&seats=human,starbots-10&seed=7")
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    page.locator(HINT).click()
    page.wait_for_selector(f"{NOTE}[data-state=thinking] [data-testid=thinking-progress]", timeout=TIMEOUT_MS)
    filled = 0.0
    deadline = time.time() + 30
    while time.time() < deadline and not page.locator(".hinted").count():
        value = page.evaluate(
            "() => document.querySelector('[data-testid=thinking-progress]')?.value ?? -1")
        if value > 0 and not filled:
            screenshot(page, "hint-solo-progress")  # the bar part-way
        filled = max(filled, value)
        time.sleep(0.05)
    assert filled > 0, "the engine reported progress while the bot searched"
    page.wait_for_selector(HINT_DONE, timeout=TIMEOUT_MS)
    check_suggestion(page, ply)
