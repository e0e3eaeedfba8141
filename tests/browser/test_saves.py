"""Saved games in a real browser: resuming from the list."""
from __future__ import annotations

import random

from conftest import STATUS, open_table, settle
from test_seize_games import click_random_option


def rows(page):
    return page.locator("[data-testid=save-row]")


def stored(page) -> list[dict]:
    return page.evaluate("() => window.brewhouse.saves.list()")


def go_home(page) -> None:
    page.click("[data-testid=table-home]")
    page.locator("[data-testid=home]").wait_for()
    rows(page).first.wait_for()


def play(page, rng: random.Random, moves: int) -> int:
    for _ in range(moves):
        assert settle(page) == "human"
        click_random_option(page, rng)
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    page.wait_for_selector(f"{STATUS}[data-saved='{ply}']", state="attached")
    return int(ply)


def test_a_game_resumed_from_the_list_plays_on(page, site):
    """The table closed on the way home must not catch the clicks meant for the resumed one."""
    open_table(page, site, "?game=seize&seats=human,random&seed=3")
    rng = random.Random(3)
    first = play(page, rng, 3)
    go_home(page)
    rows(page).first.locator("[data-testid=resume]").click()
    assert play(page, rng, 3) > first
    assert stored(page)[0]["ply"] == int(page.get_attribute(STATUS, "data-ply"))
    assert page.problems == []
