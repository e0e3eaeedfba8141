"""Saved games as a new player meets them: a game is saved once a human at this
device has moved (an opened link left untouched, or a table of bots, leaves
nothing behind); the home page deletes many games at once (a select mode, and
"Delete finished games"), always after a confirmation that says how many, by
keyboard too and with 44 px targets on a phone; the list says the day the
table says; and the small things found on the way (French plurals, hot-seat
Coffee Rush without a privacy screen, the founder draft's options in the
cards' order)."""
from __future__ import annotations

import random
import re

from conftest import STATUS, open_table, screenshot, settle, wait_ready, watch
from test_home import SAVED, store

PHONE = {"width": 390, "height": 844}
ROWS = "[data-testid=save-row]"
CONFIRM = "[data-testid=saves-confirm]"


def stored(page) -> list[dict]:
    return page.evaluate("() => window.brewhouse.saves.list()")


def go_home(page) -> None:
    page.click("[data-testid=table-home]")
    page.locator("[data-testid=home]").wait_for()
    page.evaluate("() => window.brewhouse.renderSaves()")


def click_option(page, rng: random.Random) -> None:
    options = page.locator("[data-move]:visible")
    options.nth(rng.randrange(options.count())).click()


def store_fixtures(page) -> None:
    for name, updated in SAVED:
        store(page, name, updated)
    page.evaluate("() => window.brewhouse.renderSaves()")
    page.locator(ROWS).nth(len(SAVED) - 1).wait_for()


# ---- when a game is saved ------------------------------------------------------------------
def test_an_opened_link_left_without_a_move_leaves_no_saved_game(page, site):
    open_table(page, site, "")
    # a human's table, and one where the bots move first: nothing is saved before a human moves
    for query in ("?game=seize&seats=human,random&seed=3", "?game=rush&seats=random,human&seed=4"):
        page.evaluate("q => window.brewhouse.navigate(q)", query)
        assert settle(page) == "human"
        assert page.get_attribute(STATUS, "data-saved") is None
        assert "?game=" in page.url  # the address still names the link, not a saved game
        go_home(page)
        assert stored(page) == []
        assert page.locator(ROWS).count() == 0
    # a table of bots alone is never saved either
    page.evaluate("q => window.brewhouse.navigate(q)", "?game=rush&seats=random,easy&seed=5")
    assert settle(page) == "over"
    go_home(page)
    assert stored(page) == []
    assert page.problems == []


def test_a_game_is_saved_after_the_first_human_move(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=3")
    assert settle(page) == "human"
    table_id = page.evaluate("() => window.brewhouse.table.record.id")
    click_option(page, random.Random(3))
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    page.wait_for_selector(f"{STATUS}[data-saved='{ply}']", state="attached")
    [record] = stored(page)
    assert record["id"] == table_id and record["ply"] == int(ply) > 0
    assert f"?resume={table_id}" in page.url  # from now on a reload resumes it
    page.reload()
    wait_ready(page)
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-ply") == ply
    assert len(stored(page)) == 1
    assert page.problems == []


# ---- deleting many ---------------------------------------------------------------------------
def confirm_text(page) -> str:
    dialog = page.locator(CONFIRM)
    dialog.wait_for(state="visible")
    return page.inner_text("[data-testid=saves-confirm-text]")


def test_select_and_delete_asks_first_and_says_how_many(page, site):
    page.goto(site)
    wait_ready(page)
    store_fixtures(page)
    assert page.locator("[data-testid=save-select-row]").count() == 0  # no checkboxes until asked
    page.click("[data-testid=saves-select]")
    boxes = page.locator("[data-testid=save-select-row]")
    boxes.nth(3).wait_for()
    assert boxes.count() == 4
    assert page.get_attribute("[data-testid=saves-select]", "aria-pressed") == "true"
    assert page.locator("[data-testid=delete-selected]").is_disabled()  # nothing ticked yet
    # by keyboard: the first checkbox has the focus, Space ticks it; the mouse ticks another
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'save-select-row'")
    assert boxes.nth(0).get_attribute("aria-label").startswith("Select Seize the Bean, last played ")
    page.keyboard.press("Space")
    boxes.nth(2).check()
    assert page.inner_text("[data-testid=saves-selected-count]") == "2 selected"

    # "Keep them" (or Escape) deletes nothing
    page.click("[data-testid=delete-selected]")
    assert confirm_text(page) == "Delete 2 saved games? This cannot be undone."
    assert page.inner_text("[data-testid=saves-confirm-yes]") == "Delete 2 games"
    page.click("[data-testid=saves-confirm-no]")
    assert len(stored(page)) == 4
    page.click("[data-testid=delete-selected]")
    confirm_text(page)
    page.keyboard.press("Escape")
    assert page.locator(CONFIRM).is_hidden()
    assert len(stored(page)) == 4

    # confirmed: exactly the two ticked go
    ticked = [page.locator(ROWS).nth(i).get_attribute("data-save-id") for i in (0, 2)]
    page.click("[data-testid=delete-selected]")
    confirm_text(page)
    page.click("[data-testid=saves-confirm-yes]")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=save-row]').length === 2")
    left = {r["id"] for r in stored(page)}
    assert len(left) == 2 and not left & set(ticked)
    assert page.inner_text("[data-testid=saves-message]") == "2 saved games deleted."
    assert page.locator("[data-testid=saves-selectbar]").is_hidden()  # select mode ends
    assert page.problems == []


def test_delete_finished_games_asks_first(page, site):
    page.goto(site + "?lang=fr")
    wait_ready(page)
    store_fixtures(page)
    finished = {r["id"] for r in stored(page) if r["status"] == "finished"}
    assert len(finished) == 2
    page.click("[data-testid=delete-finished]")
    assert confirm_text(page) == "Supprimer 2 parties terminées ? C’est définitif."
    page.keyboard.press("Escape")
    assert len(stored(page)) == 4
    page.click("[data-testid=delete-finished]")
    confirm_text(page)
    page.click("[data-testid=saves-confirm-yes]")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=save-row]').length === 2")
    assert all(r["status"] == "in_progress" for r in stored(page))
    assert page.locator("[data-testid=delete-finished]").is_hidden()  # nothing finished is left
    assert page.problems == []


def test_select_mode_on_a_phone_has_44px_targets(browser, site):
    ctx = browser.new_context(service_workers="block", viewport=PHONE)
    ctx.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    page = ctx.new_page()
    problems = watch(page)
    page.goto(site)
    wait_ready(page)
    store_fixtures(page)
    page.wait_for_function("() => [...document.images].every(img => img.complete)")
    page.locator("[data-testid=saves-select]").scroll_into_view_if_needed()
    page.click("[data-testid=saves-select]")
    page.locator("[data-testid=save-select-row]").nth(1).check()
    page.locator("[data-testid=save-select-row]").nth(3).check()
    targets = ["[data-testid=saves-select]", "[data-testid=delete-finished]", "[data-testid=saves-select-all]",
               "[data-testid=delete-selected]", "[data-testid=saves-select-cancel]", ".save-check"]
    for selector in targets:
        for box in page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
            assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "saves-select-390x844")
    page.locator("[data-testid=saves-selectbar]").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot(page, "saves-select-390x844").with_name("saves-select-390x844-view.png")))
    page.click("[data-testid=delete-selected]")
    confirm_text(page)
    for box in page.locator(f"{CONFIRM} button").evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 44 and box["height"] >= 44, box
    page.screenshot(path=str(screenshot(page, "saves-confirm-390x844").with_name("saves-confirm-390x844-view.png")))
    page.click("[data-testid=saves-confirm-no]")
    ctx.close()
    assert problems == []


# ---- what the list says ------------------------------------------------------------------
def table_day(page) -> int | None:
    found = re.search(r"Day (\d+)", page.inner_text(STATUS))
    return int(found.group(1)) if found else None


def test_the_day_in_the_list_is_the_tables_day(page, site):
    """Solo: the Starbots end a day after the human's last move; the save says the new day."""
    open_table(page, site, "?game=seize&seats=human,starbots-1&seed=7")
    rng = random.Random(7)
    changes = 0
    last = None
    for _ in range(400):
        assert settle(page) == "human"
        click_option(page, rng)
        if settle(page) != "human":
            break
        ply = page.get_attribute(STATUS, "data-ply")
        page.wait_for_selector(f"{STATUS}[data-saved='{ply}']", state="attached")
        day = table_day(page)
        assert stored(page)[0]["day"] == day, (ply, day, stored(page)[0]["day"])
        changes += day != last
        last = day
        if changes >= 3:
            break
    assert changes >= 3  # the check ran across two changes of day
    go_home(page)
    assert f"Day {last}" in page.inner_text(ROWS)
    assert page.problems == []


def test_the_list_names_seats_as_the_table_does(page, site):
    open_table(page, site, "?game=seize&seats=human,easy&seed=3")
    assert settle(page) == "human"
    names = page.evaluate("() => [0, 1].map((p) => window.brewhouse.table.seatName(p))")
    assert names == ["Player 1 (you)", "Bot 2 (easy)"]
    click_option(page, random.Random(1))
    assert settle(page) == "human"
    go_home(page)
    page.locator(ROWS).first.wait_for()
    assert "Player 1 (you), Bot 2 (easy)" in page.inner_text("[data-testid=save-detail]")
    assert page.problems == []


# ---- small things ---------------------------------------------------------------------------
def test_french_face_down_tokens_agree_with_their_number(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=7", lang="fr")
    assert settle(page) == "human"
    n = page.evaluate("() => window.brewhouse.table.view.bonus_tokens.face_down")
    assert n > 1
    assert f"{n} jetons face cachée" in page.inner_text("[data-testid=board]")
    say = "async ([key, count]) => (await import('./js/i18n.js')).t(key, { count })"
    assert page.evaluate(say, ["seize.faceDown", 1]) == "1 jeton face cachée"
    assert page.evaluate(say, ["seize.setup.chosen", 1]) == "1 groupe choisi sur 6"
    assert page.evaluate(say, ["seize.setup.chosen", 3]) == "3 groupes choisis sur 6"
    assert page.problems == []


def test_hot_seat_rush_has_no_privacy_screen_but_seize_does(page, site):
    open_table(page, site, "?game=rush&seats=human,human&seed=7")
    rng = random.Random(7)
    players = set()
    for _ in range(60):
        assert settle(page) == "human"  # never "privacy": nothing in Rush is private
        players.add(page.evaluate("() => window.brewhouse.table.status.active_player"))
        click_option(page, rng)
    assert players == {0, 1}  # the device did change hands
    page.evaluate("q => window.brewhouse.navigate(q)", "?game=seize&seats=human,human&seed=3")
    for _ in range(60):
        waiting = settle(page)
        if waiting == "privacy":
            break
        click_option(page, rng)
    assert waiting == "privacy"  # Seize hands are private: the screen stays
    assert page.problems == []


def test_founder_draft_options_follow_the_cards(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=5&founders=base")
    assert settle(page) == "human"
    orders = []
    for _ in range(12):
        if page.locator("[data-testid=draft]").count() == 0:
            break
        options = page.eval_on_selector_all("[data-testid=decision] [data-move]", "els => els.map(e => e.dataset.move)")
        if options[0].startswith(("draft:", "founder:")):  # a pick from the cards (not the award choice)
            cards = page.eval_on_selector_all("[data-testid=draft] [data-move]", "els => els.map(e => e.dataset.move)")
            assert options == cards
            orders.append(cards)
        page.locator("[data-testid=decision] [data-move]").last.click()
        assert settle(page) == "human"
    assert orders and any(order != sorted(order) for order in orders)  # the cards are not in id order
    assert page.problems == []
