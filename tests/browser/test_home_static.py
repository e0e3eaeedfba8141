"""A home page that does not wait: the games (from the engine's list_games, written at
build time in js/home-data.js), their words and the recent games show while the engine
cannot boot at all; only the player's language's catalogue is fetched, another one when
it is chosen; the skeletons keep the cards' room; and the engine, once ready, finds the
menu already right (it is not drawn again)."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import choose_language, screenshot, wait_ready, watch
from support.catalogue import PAGE_CATALOGUE_JS
from support.node import run_module

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
CARDS = "[data-testid=game-menu] .game-card:not(.skeleton)"
SKELETONS = "[data-testid=game-menu] .game-card.skeleton"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
CATALOGUE_FILE = r"/js/i18n/(\w+)\.js$"
HEIGHTS = f"""() => [...document.querySelectorAll('[data-testid=game-menu] .game-card')]
    .map((el) => el.getBoundingClientRect().height)"""


def engine_blocked(browser, viewport=PHONE, also: tuple[str, ...] = ()):
    """A page whose engine never boots: its worker script (and anything in ``also``) is refused."""
    context = browser.new_context(service_workers="block", viewport=viewport)
    context.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    for pattern in ("**/js/engine-worker.js", "**/pyodide/**", *also):
        context.route(pattern, lambda route: route.abort())
    page = context.new_page()
    page.catalogues = []  # the catalogue files the page fetched, by language code
    page.on("request", lambda request: page.catalogues.extend(
        [request.url.rsplit("/", 1)[1][:-3]] if "/js/i18n/" in request.url and not request.url.endswith("index.js") else []))
    return context, page


def home_drawn(page) -> None:
    """Wait until the page's module has drawn the home (its menu and the saved games).  The build's
    HTML already shows the cards before the module runs, and the page's test hooks
    (``window.brewhouse``) come once the module has drawn."""
    page.locator(CARDS).first.wait_for()
    page.wait_for_function("() => window.brewhouse !== undefined")


def unfinished_rush_record() -> dict:
    """A saved-games record of a real save (a 3-player Coffee Rush game, 60 moves in), as the table stores it."""
    save = json.loads((FIXTURES / "rush-3p-unfinished.json").read_text())
    return {"id": "rush-3p-unfinished", "created": "2026-11-19T12:00:00Z", "updated": "2026-11-19T12:00:00Z",
            "save": save, "game": "rush", "seats": save["seats"], "status": "in_progress", "ply": len(save["moves"]),
            "phase": "", "day": None, "outcome": None}


def test_the_home_page_shows_games_and_saves_before_the_engine_in_one_language(browser, site):
    context, page = engine_blocked(browser)
    problems = watch(page)
    page.goto(site + "?lang=fr")
    home_drawn(page)
    page.evaluate("record => window.brewhouse.saves.put(record)", unfinished_rush_record())
    page.reload()
    home_drawn(page)
    assert page.get_attribute("[data-testid=engine-status]", "data-state") != "ready"
    # every game of the build's list, with its words in French, its players and its buttons
    data = page.evaluate("() => import('./js/home-data.js').then((m) => m.default)")
    texts = page.evaluate(PAGE_CATALOGUE_JS, "fr")
    cards = page.locator(CARDS)
    assert [cards.nth(i).get_attribute("data-game") for i in range(cards.count())] == [g["id"] for g in data["games"]]
    for i, game in enumerate(data["games"]):
        card = cards.nth(i)
        assert card.locator("h3").inner_text() == game["title"]
        assert card.locator("[data-testid=game-description]").inner_text() == texts[f"about.{game['id']}.description"]
        assert str(game["max_players"]) in card.locator("[data-testid=game-players]").inner_text()
        assert card.locator(f"[data-testid=play-{game['id']}]").inner_text() == texts["menu.play"]
        assert card.locator(f"[data-testid=learn-{game['id']}]").count() == (1 if data["lessons"][game["id"]] else 0)
    assert page.locator(SKELETONS).count() == 0
    # the saved game, under the engine's title for its game, ready to resume
    recent = page.locator("[data-testid=recent-game]")
    assert recent.count() == 1
    assert recent.locator("strong").inner_text() == "Coffee Rush"
    assert recent.locator("[data-testid=recent-resume]").inner_text() == texts["saves.resume"]
    # one catalogue: the player's
    assert page.catalogues == ["fr", "fr"]  # the first visit, then the reload
    screenshot(page, "home-before-engine-fr-390x844")

    # "New game" waits for the engine, the page says so
    page.click("[data-testid=play-seize]")
    assert page.locator("#table-root .table-loading").inner_text() == texts["table.loading"]
    page.go_back()
    page.locator(CARDS).first.wait_for()

    # another language: its catalogue comes when chosen, and the page follows
    choose_language(page, "de")
    german = page.evaluate(PAGE_CATALOGUE_JS, "de")
    assert page.inner_text("#games-title") == german["menu.title"]
    assert cards.first.locator("[data-testid=game-description]").inner_text() == german["about.seize.description"]
    assert page.catalogues == ["fr", "fr", "de"]
    context.close()
    # the refused worker is the only thing that went wrong
    assert all("engine-worker" in p or "ERR_FAILED" in p for p in problems), problems


#: the page's largest paint so far, and whether it is in the game menu
LARGEST_PAINT_JS = """() => new Promise((resolve) => new PerformanceObserver((list) => {
  const last = list.getEntries().at(-1);
  resolve({ inMenu: Boolean(last.element?.closest('#game-menu')), text: last.element?.textContent ?? '' });
}).observe({ type: 'largest-contentful-paint', buffered: true }))"""


def test_the_first_paint_already_shows_the_game_cards_in_english(browser, site):
    """No module runs (the engine and every script but the tiny route-early.js refused): the build's HTML
    alone shows each game's card in English, its description the page's largest paint, and its buttons."""
    context, page = engine_blocked(browser)
    context.route("**/js/**", lambda route: route.continue_() if route.request.url.endswith("/js/route-early.js")
                  else route.abort())
    page.goto(site)
    english = run_module('import en from "./web/js/i18n/en.js"; console.log(JSON.stringify(en));')
    cards = page.locator(CARDS)
    games = [cards.nth(i).get_attribute("data-game") for i in range(cards.count())]
    assert games == ["seize", "cafe", "rush"]
    for i, game in enumerate(games):
        card = cards.nth(i)
        assert card.locator("[data-testid=game-description]").is_visible()
        assert card.locator("[data-testid=game-description]").inner_text() == english[f"about.{game}.description"]
        assert card.locator(f"[data-testid=play-{game}]").inner_text() == english["menu.play"]
    assert page.locator("[data-testid=game-menu]").get_attribute("data-lang") == "en"
    largest = page.evaluate(LARGEST_PAINT_JS)
    assert largest["inMenu"], largest
    context.close()


def test_the_skeletons_keep_the_room_of_the_cards(browser, site):
    """The cards (English, the page's own words) take the height their skeletons held, on a phone and a desktop."""
    for viewport in (PHONE, DESKTOP):
        context, page = engine_blocked(browser, viewport, also=("**/js/main.js",))
        page.goto(site)
        skeletons = page.evaluate(HEIGHTS)
        context.close()
        context, page = engine_blocked(browser, viewport)
        page.goto(site + "?lang=en")
        home_drawn(page)
        cards = page.evaluate(HEIGHTS)
        context.close()
        assert len(skeletons) == len(cards), viewport
        # what is under the menu (the saved games, on a phone) moves by under 3% of the menu's height
        assert abs(sum(skeletons) - sum(cards)) <= 0.03 * sum(cards), (viewport, skeletons, cards)
        for skeleton, card in zip(skeletons, cards):
            assert abs(skeleton - card) <= 0.1 * card, (viewport, skeletons, cards)


def test_the_ready_engine_finds_the_menu_already_right(browser, site):
    """The build's list is the engine's: once the engine is ready, the cards drawn before it stay as they are."""
    context = browser.new_context(service_workers="block", viewport=PHONE)
    context.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off')")
    page = context.new_page()
    problems = watch(page)
    page.goto(site + "?lang=en")
    home_drawn(page)
    page.evaluate("() => document.querySelectorAll('.game-card').forEach((el) => { el.dataset.drawnBeforeEngine = 'yes'; })")
    wait_ready(page)
    assert page.locator("[data-drawn-before-engine=yes]").count() == page.locator(CARDS).count() == 3
    listed = page.evaluate("() => window.brewhouse.engine.call('list_games')")
    assert listed == page.evaluate("() => import('./js/home-data.js').then((m) => m.default.games)")
    screenshot(page, "home-engine-ready-en-390x844")
    context.close()
    assert problems == []
