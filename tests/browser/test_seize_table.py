"""The Seize the Bean table around the game: setup screen, share links,
autosave + reload + resume, undo, bad links, French, small screens."""
from __future__ import annotations

import random
import re

from conftest import choose_language, message_forms, screenshot, wait_ready, watch
from test_seize_games import STATUS, board_text, click_random_option, goto_in_page, open_table, settle

BAD_LINKS = [
    ("?game=chess&seats=human,human", "There is no game called"),
    ("?game=seize&seats=human,banana", "is not a bot level"),
    ("?game=seize&seats=human,random&seed=abc", "is not a valid seed"),
    ("?game=seize&seats=human,random&foo=1", "unknown parameter"),
    ("?game=seize&seats=human&seed=1", "1 seat given; this game needs 2 to 6"),
    ("?game=seize&seats=human,random&scoop=7", "must be 0 or 1"),
    ("?game=seize&seats=human,random&seed=1&moves=z%21%21", "damaged"),
    ("?game=seize&seats=human,random&seed=1&moves=zq1uP2Q", "damaged"),
    ("?resume=no-such-game", "no longer exists"),
    ("?game=seize&seats=HUMAN,<script>", "is not a valid seat"),
]


def test_setup_screen_share_link_and_replay_link(browser, page, site):
    page.goto(site)
    wait_ready(page)
    page.click("[data-testid=play-seize]")
    setup = page.locator("[data-testid=setup]")
    setup.wait_for()
    levels = page.evaluate("() => window.brewhouse.info.bot_levels")
    offered = page.eval_on_selector_all("[data-testid=seat-1] option", "os => os.map(o => o.value)")
    assert offered == ["human", *levels, "remote"]  # the engine's levels, nothing invented; and a friend elsewhere
    solo_enabled = page.locator("[data-testid=mode-solo]").is_enabled()
    assert solo_enabled == (page.locator("[data-testid=solo-note]").count() == 0)
    screenshot(page, "seize-setup-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "seize-setup-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("[data-testid=seat-1]", "random")
    page.fill("[data-testid=seed]", "7")
    page.click("[data-testid=start]")
    assert settle(page) == "human"
    start_text = board_text(page)
    page.click("[data-testid=share]")
    link = page.input_value("[data-testid=share-link][data-kind=setup]")
    assert link == f"{site}?game=seize&seats=human,random&seed=7"

    # a friend opens the link in a fresh browser: the same game
    friend_context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    friend = friend_context.new_page()
    friend.problems = watch(friend)
    friend.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    friend.goto(link)
    wait_ready(friend)
    assert settle(friend) == "human"
    assert board_text(friend) == start_text

    # a replay link carries the moves: the friend gets this exact position
    rng = random.Random(5)
    page.evaluate("() => localStorage.setItem('brewhouse.pace', 'instant')")
    for _ in range(12):
        assert settle(page) == "human"
        click_random_option(page, rng)
    assert settle(page) == "human"
    page.click("[data-testid=share-replay]")
    replay = page.input_value("[data-testid=share-link][data-kind=replay]")
    # the moves name the rules edition they were played under, so a later build replays them alike,
    # and the position they lead to (the start of its digest), so a changed link is told
    edition = page.evaluate("() => window.brewhouse.table.status.edition")
    assert re.fullmatch(re.escape(f"{site}?game=seize&seats=human,random&seed=7&moves=") + r"z[A-Za-z0-9_-]+"
                        + re.escape(f"&edition={edition}") + r"&digest=[0-9a-f]{16}", replay)
    goto_in_page(friend, replay[len(site):])
    assert settle(friend) == "human"
    assert friend.get_attribute(STATUS, "data-ply") == page.get_attribute(STATUS, "data-ply")
    assert board_text(friend) == board_text(page)
    assert friend.evaluate("() => window.brewhouse.table.status.edition") == edition
    assert page.problems == [] and friend.problems == []
    friend_context.close()


def test_undo_autosave_reload_and_resume(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=11")
    rng = random.Random(11)
    undone = False
    for _ in range(60):
        assert settle(page) == "human"
        before = board_text(page)
        if undone and page.get_attribute(STATUS, "data-ply") != "0":
            break
        click_random_option(page, rng)
        assert settle(page) == "human"
        if not undone and page.locator("[data-testid=undo]").is_enabled():
            page.click("[data-testid=undo]")
            assert settle(page) == "human"
            assert board_text(page) == before  # the previous view, exactly
            undone = True
    assert undone, "no undoable human move in 60 tries"
    for _ in range(8):
        assert settle(page) == "human"
        click_random_option(page, rng)
    assert settle(page) == "human"
    screenshot(page, "seize-table-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "seize-table-390x844")
    page.click("[data-testid=help-toggle]")
    page.locator("[data-testid=glossary]").wait_for()
    assert page.locator("[data-testid=glossary] img[alt]").count() > 30
    screenshot(page, "seize-help-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("[data-testid=help-toggle]")
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    assert page.locator("[data-testid=log-list] li").count() > 10
    page.select_option("[data-testid=log-filter]", "1")
    page.locator("[data-testid=log-list] li[data-player='1']").first.wait_for()
    page.click("[data-testid=log-toggle]")

    state = board_text(page)
    ply = page.get_attribute(STATUS, "data-ply")
    record = page.evaluate("() => window.brewhouse.saves.list()")[0]
    assert record["status"] == "in_progress" and record["ply"] == int(ply) and record["save"]["game"] == "seize"

    # the address bar names the saved game: a reload resumes it exactly
    assert "?resume=" in page.url
    page.reload()
    wait_ready(page)
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-ply") == ply
    assert board_text(page) == state

    # from the home page, Resume restores the same state through the engine's load
    page.click("[data-testid=table-home]")
    page.locator("[data-testid=home]").wait_for()
    row = page.locator("[data-testid=save-row]").first
    row.wait_for()
    assert "Seize the Bean" in row.inner_text() and f"Move {ply}" in row.inner_text()
    screenshot(page, "seize-home-saves-1280x800")
    row.locator("[data-testid=resume]").click()
    assert settle(page) == "human"
    assert board_text(page) == state
    assert page.problems == []


def route_error(page) -> str:
    error = page.locator("[data-testid=route-error]")
    error.wait_for()
    text = error.inner_text()
    page.click("[data-testid=error-home]")
    page.locator("[data-testid=home]").wait_for()
    return text


def test_links_name_only_their_own_parameters_and_not_too_many(page, site):
    page.goto(site)
    wait_ready(page)
    # names every JS object inherits are no option of any game
    for name in ("constructor", "toString", "__proto__", "hasOwnProperty"):
        goto_in_page(page, f"?game=seize&{name}=1")
        assert f"unknown parameter: “{name}”" in route_error(page)
        goto_in_page(page, f"?game=seize&seats=human,random&{name}=1")
        assert f"unknown parameter: “{name}”" in route_error(page)
    # a pasted link with 64,000 parameters is refused at once, not after a frozen page
    goto_in_page(page, "?game=seize&seats=human,random&" + "&".join(f"p{i}=1" for i in range(64_000)))
    assert "too many parameters (a game link has at most 32)" in route_error(page)
    goto_in_page(page, "?game=seize&" + "&".join("seed=1" for _ in range(64_000)))
    assert "repeats the parameter “seed”" in route_error(page)
    choose_language(page, "fr")
    goto_in_page(page, "?game=seize&" + "&".join(f"p{i}=1" for i in range(40)))
    assert "trop de paramètres" in route_error(page)
    assert page.problems == []


def english_strings(page) -> list[str]:
    """UI strings of the English catalogue that French translates differently (a word French
    writes the same way, as "Innovation", is not a leftover)."""
    catalogues = page.evaluate("""async () => ({
        en: (await import('./js/i18n/en.js')).default, fr: (await import('./js/i18n/fr.js')).default })""")

    def parts(message):
        for p in (p for text in message_forms(message) for p in re.split(r"\{\w+\}", text)):
            yield p.strip(" .,:;()—-·")

    french = {p for message in catalogues["fr"].values() for p in parts(message)}
    out = []
    for key, message in catalogues["en"].items():
        if catalogues["fr"].get(key) == message:
            continue
        out += [p for p in parts(message) if len(p) >= 9 and p not in french]
    return out


def test_bad_links_are_explained_and_french_leaves_no_english(page, site):
    page.goto(site)
    wait_ready(page)
    for query, message in BAD_LINKS:
        goto_in_page(page, query)
        error = page.locator("[data-testid=route-error]")
        error.wait_for()
        assert message in error.inner_text(), (query, error.inner_text())
        page.click("[data-testid=error-home]")
        page.locator("[data-testid=home]").wait_for()
        assert page.locator("[data-testid=game-menu]").is_visible()

    english = english_strings(page)
    choose_language(page, "fr")
    page.evaluate("() => localStorage.setItem('brewhouse.pace', 'instant')")
    goto_in_page(page, "?game=seize&seats=human,random&seed=21")
    rng = random.Random(21)
    # keyboard: the first option has the focus, Enter plays it
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    page.focus("[data-testid=decision] [data-move]")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")
    for _ in range(20):
        assert settle(page) == "human"
        click_random_option(page, rng)
    assert settle(page) == "human"
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    page.click("[data-testid=help-toggle]")
    page.locator("[data-testid=glossary]").wait_for()
    for details in page.locator("details").all():
        details.evaluate("d => { d.open = true; }")
    page.click("[data-testid=share]")
    text = page.inner_text("body")
    leftovers = sorted({s for s in english if s in text})
    assert leftovers == [], leftovers
    assert "Passez" not in text  # no privacy screen against a bot
    screenshot(page, "seize-fr-1280x800")
    # a bad link in French is explained in French
    goto_in_page(page, "?game=seize&seats=human,banana")
    page.locator("[data-testid=route-error]").wait_for()
    assert "n’est pas un niveau de robot" in page.inner_text("[data-testid=route-error]")
    assert page.problems == []


def open_setup_from_home(page, game: str):
    """Home, then the game's Play button: its setup screen."""
    page.evaluate("() => window.brewhouse.navigate('')")
    page.locator(f"[data-testid=play-{game}]").click()
    setup = page.locator("[data-testid=setup]")
    setup.wait_for()
    return setup


def test_setup_screens_after_seize_offer_only_their_own_game(page, site):
    """Seize's solo (Starbots) and its full-cup line belong to Seize alone:
    opening Café or Coffee Rush after Seize offers neither, and their games start."""
    page.goto(site)
    wait_ready(page)
    seize = open_setup_from_home(page, "seize")
    assert page.locator("[data-testid=mode-solo]").is_enabled()
    assert "full cup" in seize.inner_text()
    assert page.locator("[data-testid=setup-note][data-key='seize.setup.fullCup']").count() == 1

    for game in ("cafe", "rush"):
        setup = open_setup_from_home(page, game)
        text = setup.inner_text()
        assert page.locator("[data-testid=mode-solo]").count() == 0, game
        assert page.locator("[data-testid=solo-note]").count() == 0, game
        assert page.locator("[data-testid=setup-note]").count() == 0, game
        assert "Starbots" not in text and "full cup" not in text, (game, text)
        if game == "cafe":
            screenshot(page, "cafe-setup-after-seize-1280x800")
        page.click("[data-testid=start]")
        assert settle(page) in {"human", "over"}, game
        assert page.get_attribute("[data-testid=table]", "data-game") == game

    # a Starbots seat in another game's link is refused as such, not "coming soon"
    goto_in_page(page, "?game=cafe&seats=human,starbots-1&seed=1")
    page.locator("[data-testid=route-error]").wait_for()
    assert page.get_attribute("[data-testid=route-error-text]", "data-key") == "table.error.noStarbots"
    # and Seize still has its own solo after the others
    setup = open_setup_from_home(page, "seize")
    assert page.locator("[data-testid=mode-solo]").is_enabled()
    assert page.problems == []
