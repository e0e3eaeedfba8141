"""The setup screen on a phone (390×844): "Start the game" is in reach without scrolling
(Seize the Bean's form is over 3,000 px long), and "Add a seat" adds a bot of the level
the player last chose (remembered across visits), not a human."""
from __future__ import annotations

import pytest

from conftest import ARTIFACTS, open_table, wait_ready

PHONE = {"width": 390, "height": 844}
GAMES = ["seize", "cafe", "rush"]
START = "[data-testid=start]"


def in_sight(page, selector: str) -> bool:
    """Whether the element is inside the viewport and the topmost thing at its centre."""
    return page.eval_on_selector(selector, """el => {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth || !r.height) return false;
        return el.contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2)); }""")


def open_phone_setup(page, site: str, game: str) -> None:
    page.set_viewport_size(PHONE)
    open_table(page, site, f"?game={game}")
    page.locator("[data-testid=setup]").wait_for()
    page.wait_for_timeout(300)  # a game's own fieldsets are drawn once its options arrive


def seat_values(page) -> list[str]:
    return page.eval_on_selector_all("select[data-testid^=seat-]", "els => els.map(e => e.value)")


@pytest.mark.parametrize("game", GAMES)
def test_start_is_in_sight_on_a_phone_setup_screen(page, site, game):
    open_phone_setup(page, site, game)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-setup-{game}-390x844.png"))
    assert page.evaluate("() => window.scrollY") == 0
    assert in_sight(page, START), f"{game}: Start is not on the screen without scrolling"
    height = page.evaluate("() => document.documentElement.scrollHeight")
    for y in (height // 2, height):
        page.evaluate("y => window.scrollTo(0, y)", y)
        assert in_sight(page, START), f"{game}: Start is out of sight at a scroll of {y}px"
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    page.screenshot(path=str(ARTIFACTS / f"phone-setup-{game}-mid-390x844.png"))
    assert not page.problems, page.problems


@pytest.mark.parametrize("game", GAMES)
def test_add_a_seat_adds_a_bot_of_the_level_last_chosen(page, site, game):
    open_phone_setup(page, site, game)
    if page.locator("[data-testid=add-seat]").count() == 0:
        pytest.skip(f"{game}: the default table is already full")
    levels = page.eval_on_selector("[data-testid=seat-1]", "el => [...el.options].map(o => o.value).filter(v => v !== 'human' && v !== 'remote')")
    assert levels, "no bot level offered"
    page.click("[data-testid=add-seat]")
    seats = seat_values(page)
    assert seats[-1] in levels, f"{game}: the added seat is {seats[-1]!r}"

    chosen = levels[-1]
    page.select_option("[data-testid=seat-1]", chosen)
    if page.locator("[data-testid=add-seat]").count():
        page.click("[data-testid=add-seat]")
        assert seat_values(page)[-1] == chosen
    # the choice is the player's: it is still theirs on the next visit
    page.reload()
    wait_ready(page)
    page.locator("[data-testid=setup]").wait_for()
    page.click("[data-testid=add-seat]")
    assert seat_values(page)[-1] == chosen
    assert not page.problems, page.problems
