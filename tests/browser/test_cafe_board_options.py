"""Café on a phone: one acts on the board, and the decision banner says what the board cannot.

One seeded game against a bot, on one page (about 40 s):
- the draft and action decisions list none of the options the board offers as buttons
  (the card row's Take/Pay, the squares' chips); each of those is a visible board button
  whose accessible name starts with the words it shows, and the banner stays short;
- a hint for a placement moves the preview there (a ghost card on the grid) and speaks
  of rows and columns counted from 1 at the player's area's top-left;
- cards without a café are named by a short name (family and number) in the log, in
  English and German, never by their squares.
"""
from __future__ import annotations

import re

from conftest import STATUS, choose_language, open_table, settle

PHONE = {"width": 390, "height": 844}
DECISION = "[data-testid=decision]"
NOTE = "[data-testid=hint-note]"
#: the legal options the board carries as buttons (boardOnly in the Café renderer): the card
#: row's, the squares' chips, a cube for a café or the warehouse
ON_BOARD = """() => window.brewhouse.table.moves.filter((m) => ['take', 'discard', 'produce', 'dry', 'roast', 'remove'].includes(m.payload.kind)
  || (m.payload.kind === 'deliver_cube' && m.payload.colour !== null)).map((m) => m.id)"""

#: the board's option buttons as a reader meets them: id, visible words, accessible name
BOARD_BUTTONS = """() => [...document.querySelectorAll('[data-testid=board] button[data-move]')]
  .filter((el) => el.checkVisibility())
  .map((el) => ({ id: el.dataset.move, visible: el.innerText.replace(/\\s+/g, ' ').trim(), name: el.getAttribute('aria-label') || el.textContent.replace(/\\s+/g, ' ').trim() }))"""


def banner_options(page) -> list[str]:
    return page.eval_on_selector_all(f"{DECISION} [data-move]", "els => els.filter((e) => e.checkVisibility()).map((e) => e.dataset.move)")


def banner_height(page) -> float:
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function(f"() => !document.querySelector('{DECISION}').classList.contains('collapsed')")
    return page.eval_on_selector(DECISION, "el => el.getBoundingClientRect().height")


def check_board_carries_options(page, where: str) -> None:
    """No board option in the banner; each is a visible board button named from its visible words."""
    on_board = set(page.evaluate(ON_BOARD))
    assert on_board, f"{where}: no option of the board to check"
    assert not on_board & set(banner_options(page)), f"{where}: the banner repeats the board's options"
    buttons = page.evaluate(BOARD_BUTTONS)
    assert on_board <= {b["id"] for b in buttons}, f"{where}: options without a board button"
    for b in buttons:
        words = re.search(r"\w", b["visible"])
        assert not words or b["name"].lower().startswith(b["visible"].lower()), f"{where}: {b}"
    height = banner_height(page)
    assert height <= 160, f"{where}: the banner is {height:.0f}px high"


def test_cafe_phone_board_is_where_one_acts(page, site):
    page.set_viewport_size(PHONE)
    open_table(page, site, "?game=cafe&seats=human,easy&seed=3", lang="en")
    assert settle(page) == "human" and page.get_attribute(STATUS, "data-phase") == "draft"
    check_board_carries_options(page, "draft")
    assert page.inner_text(f"{DECISION} .decision-why").startswith("In the row:")
    page.locator("[data-testid=draft-row] [data-move^='take:']").first.click()

    assert settle(page) == "human" and page.get_attribute(STATUS, "data-phase") == "place"
    page.click("[data-testid=hint]")
    page.wait_for_selector(f".hinted, {NOTE}[data-state=unavailable], {NOTE}[data-state=failed]", state="attached", timeout=120_000)
    hinted = page.eval_on_selector(f"{DECISION} .hinted", "el => el.dataset.move")
    assert hinted.startswith("place:"), hinted
    # the preview went to the suggestion: the ghost on the grid and "Place here" are that move
    assert page.locator(f".sq.preview.hinted[data-move='{hinted}']").count() >= 2
    assert page.get_attribute("[data-testid=place-confirm]", "data-move") == hinted
    note = page.inner_text(NOTE)
    place = re.search(r"row (-?\d+), column (-?\d+)", note)
    assert place and int(place[1]) >= 1 and int(place[2]) >= 1, note
    assert "[" not in note and re.search(r"Place (Farm|Mill) \d+ turned", note), note
    page.click("[data-testid=place-confirm]")

    assert settle(page) == "human"
    if page.evaluate(ON_BOARD):
        check_board_carries_options(page, page.get_attribute(STATUS, "data-phase"))
    page.click("[data-testid=log-toggle]")
    log = page.inner_text("[data-testid=log-list]")
    assert "[" not in log and re.search(r"takes (Farm|Mill) \d+", log), log
    choose_language(page, "de")
    log = page.inner_text("[data-testid=log-list]")
    assert "[" not in log and re.search(r"nimmt (Plantage|Rösterei) \d+", log), log
    assert page.problems == []
