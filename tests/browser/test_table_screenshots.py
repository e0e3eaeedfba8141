"""Each game mid-turn, on a desktop and a phone, in every language: the pictures a person looks at.

The table is caught while a bot plays at a readable pace, with a step drawn and
marked on the board and the turn summary listing what happened.  The test
checks what can be checked by machine (the page's language, the summary, no
sideways overflow, no console error) and saves the screenshot to
``test-artifacts/mid-turn-<game>-<lang>-<size>.png`` for a person to look at.
"""
from __future__ import annotations

import random

import pytest

from conftest import STATUS, open_table, screenshot, settle

LANGUAGES = ("en", "fr", "de", "ja")
GAMES = {
    "seize": "?game=seize&seats=human,easy&seed=7",
    "cafe": "?game=cafe&seats=human,easy&seed=3",
    "rush": "?game=rush&seats=human,easy&seed=7",
}
SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
#: a bot step drawn with what it changed marked (or the human's turn back, or the end)
MID_TURN = """() => {
    const waiting = document.querySelector('[data-testid=game-status]').dataset.waiting;
    if (waiting === 'bot' && document.querySelector('[data-testid=board] .changed')) return 'marked';
    return waiting === 'human' || waiting === 'over' ? waiting : false; }"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_a_game_mid_turn_on_desktop_and_phone(page, site, game, lang):
    rng = random.Random(3)
    open_table(page, site, GAMES[game] + f"&lang={lang}", pace="slow")
    assert page.get_attribute("html", "lang") == lang
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for _ in range(30):  # human moves until a bot step is on screen
            assert settle(page) == "human"
            ply = int(page.get_attribute(STATUS, "data-ply"))
            confirm = page.locator("[data-testid=place-confirm]")
            options = page.locator("[data-testid=decision] [data-move]:visible")
            if not options.count():  # a decision taken on the board (Café's card row, its squares)
                options = page.locator("[data-testid=board] button[data-move]:visible")
            (confirm if confirm.count() else options.nth(rng.randrange(options.count()))).click()
            page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")
            page.wait_for_function(MID_TURN, timeout=120_000)
            if page.evaluate(MID_TURN) == "marked":
                break
        else:
            raise AssertionError("no bot step was drawn")
        assert page.locator("[data-testid=turn-summary] li").count() > 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        screenshot(page, f"mid-turn-{game}-{lang}-{size}")
    assert page.problems == []
