"""The home page: every game the engine lists with its picture, a few words,
its player counts and play time, in every language; the last games played on
top, each with its result or where it stands, and the button that opens it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import STATUS, screenshot, settle, wait_ready, watch
from support.catalogue import PAGE_CATALOGUE_JS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
CARDS = "[data-testid=game-menu] .game-card"
RECENT = "[data-testid=recent-game]"
#: the play time each rulebook prints (see web/js/games/about.js), as each language writes it
PLAY_TIMES = {
    "en": {"seize": "45–90 minutes", "cafe": "30 minutes", "rush": "30 minutes"},
    "fr": {"seize": "45–90 minutes", "cafe": "30 minutes", "rush": "30 minutes"},
    "de": {"seize": "45–90 Minuten", "cafe": "30 Minuten", "rush": "30 Minuten"},
    "ja": {"seize": "45～90 分", "cafe": "30 分", "rush": "30 分"},
}
#: real saves of earlier builds, newest first once stored with these dates
SAVED = [
    ("seize-2p-finished", "2026-11-20T18:30:00Z"),
    ("rush-3p-unfinished", "2026-11-19T12:00:00Z"),
    ("cafe-solo-finished", "2026-11-18T09:15:00Z"),
    ("seize-3p-unfinished", "2026-11-01T21:00:00Z"),
]


def catalogue(page, lang: str) -> dict:
    return page.evaluate(PAGE_CATALOGUE_JS, lang)


def store(page, name: str, updated: str) -> dict:
    """A saved-games record of a fixture save, described by the engine as the table would save it."""
    save = json.loads((FIXTURES / f"{name}.json").read_text())
    return page.evaluate("""async ({ save, id, updated }) => {
        const { describeStatus } = await import('./js/saves.js');
        const engine = window.brewhouse.engine;
        const status = await engine.call('load', { save });
        try {
            const { view } = await engine.call('view', { match: status.match, player: null });
            const record = { id, created: updated, updated, save, ...describeStatus(status, view) };
            await window.brewhouse.saves.put(record);
            return record;
        } finally {
            await engine.call('close', { match: status.match });
        }
    }""", {"save": save, "id": name, "updated": updated})


def store_all(page) -> list[dict]:
    records = [store(page, name, updated) for name, updated in SAVED]
    page.evaluate("() => window.brewhouse.renderSaves()")
    page.locator(RECENT).first.wait_for()
    return records


def check_cards(page, lang: str) -> None:
    """Each card: its picture with an alt text, its description, players and play time, in ``lang``."""
    texts = catalogue(page, lang)
    cards = page.locator(CARDS)
    assert cards.count() == 3
    engine_games = page.evaluate("() => window.brewhouse.engine.call('list_games')")
    for i, game in enumerate(engine_games):
        card = cards.nth(i)
        assert card.get_attribute("data-game") == game["id"]
        picture = card.locator("[data-testid=game-picture]")
        assert picture.get_attribute("alt") == texts[f"about.{game['id']}.picture"]
        # it really loads (waited for: on a busy machine it may still be on its way)
        assert picture.evaluate("""img => img.complete ? img.naturalWidth > 0 : new Promise((done) => {
            img.addEventListener('load', () => done(img.naturalWidth > 0));
            img.addEventListener('error', () => done(false)); })"""), game["id"]
        assert card.locator("[data-testid=game-description]").inner_text() == texts[f"about.{game['id']}.description"]
        players = texts["menu.playersSolo" if game["min_players"] == 1 else "menu.players"]
        assert card.locator("[data-testid=game-players]").inner_text() == (
            players.replace("{min}", str(max(2, game["min_players"]))).replace("{max}", str(game["max_players"])))
        assert card.locator("[data-testid=game-time]").inner_text() == PLAY_TIMES[lang][game["id"]]


def fits(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def test_every_game_card_has_its_picture_words_players_and_play_time(page, site):
    page.goto(site)
    wait_ready(page)
    check_cards(page, "en")
    assert page.locator(CARDS).first.get_by_role("img").get_attribute("alt").startswith("A latte")
    # no saved game yet: no recent games either
    assert page.locator("[data-testid=recent-games]").is_hidden()
    assert page.problems == []


def test_recent_games_show_their_result_and_open_them(page, site):
    page.goto(site)
    wait_ready(page)
    records = store_all(page)
    seize_finished, rush_playing, cafe_solo, seize_playing = records
    assert seize_finished["status"] == "finished" and rush_playing["status"] == "in_progress"
    # the three most recent, newest first; the full list keeps all four
    recent = page.locator(RECENT)
    assert recent.count() == 3
    assert [recent.nth(i).get_attribute("data-recent-id") for i in range(3)] == [r["id"] for r in records[:3]]
    assert page.locator("[data-testid=save-row]").count() == 4

    finished = recent.nth(0)
    scores, winners = seize_finished["outcome"]["scores"], seize_finished["outcome"]["winners"]
    seats = ["Player 1 (you)", "Bot 2 (easy)"]  # as the table names them
    won = (f"Won by {seats[winners[0]]}" if len(winners) == 1 else f"Tie between {' and '.join(seats)}")
    assert finished.locator("strong").inner_text() == "Seize the Bean"
    assert "Finished" in finished.inner_text()
    assert finished.locator("[data-testid=recent-result]").inner_text() == (
        won + " · " + " – ".join(str(int(s)) for s in scores))
    assert finished.locator("img").get_attribute("alt") == ""  # decorative: the title beside it says it all
    assert finished.locator("[data-testid=recent-resume]").count() == 0

    playing = recent.nth(1)
    assert "In progress" in playing.inner_text()
    assert playing.locator("[data-testid=recent-result]").inner_text() == (
        f"Player 1, Player 2, Bot 3 (random) · Move {rush_playing['ply']}")
    assert "Last played" in playing.inner_text()

    solo = recent.nth(2)
    assert solo.locator("[data-testid=recent-result]").inner_text() == f"Score {int(cafe_solo['outcome']['scores'][0])}"
    assert seize_playing["id"] not in page.locator("[data-testid=recent-games]").inner_html()
    screenshot(page, "home-recent-1280x800")

    # "See the result" opens the finished game on its final scores
    finished.locator("[data-testid=recent-view]").click()
    assert settle(page) == "over"
    assert page.get_attribute(STATUS, "data-ply") == str(seize_finished["ply"])
    page.click("[data-testid=table-home]")
    page.locator(RECENT).first.wait_for()
    # "Resume" goes on with the game in progress where it was
    page.locator(RECENT).nth(1).locator("[data-testid=recent-resume]").click()
    assert settle(page) in ("human", "privacy")
    assert int(page.get_attribute(STATUS, "data-ply")) >= rush_playing["ply"]
    assert page.problems == []


@pytest.mark.parametrize("lang,finished,in_progress,won", [
    ("fr", "Terminée", "En cours", ("Gagnée par", "Égalité")),
    ("de", "Beendet", "Läuft", ("Gewonnen von", "Gleichstand")),
    ("ja", "終了", "プレイ中", ("勝者", "同点")),
])
def test_the_home_speaks_each_language(page, site, lang, finished, in_progress, won):
    page.goto(site + f"?lang={lang}")
    wait_ready(page)
    records = store_all(page)
    check_cards(page, lang)
    texts = catalogue(page, lang)
    assert page.inner_text("#recent-title") == texts["menu.recent"]
    assert texts["saves.finished"] == finished and texts["saves.inProgress"] == in_progress
    recent = page.locator(RECENT)
    assert finished in recent.nth(0).inner_text() and in_progress in recent.nth(1).inner_text()
    result = recent.nth(0).locator("[data-testid=recent-result]").inner_text()
    assert result.startswith(won[0] if len(records[0]["outcome"]["winners"]) == 1 else won[1]), result
    assert recent.nth(0).locator("[data-testid=recent-view]").inner_text() == texts["saves.view"]
    assert recent.nth(1).locator("[data-testid=recent-resume]").inner_text() == texts["saves.resume"]
    assert page.problems == []


@pytest.mark.parametrize("lang", ["en", "fr", "de", "ja"])
def test_home_screenshots_on_desktop_and_phone(browser, site, lang):
    """The home with saved games, as a wide screen and a phone show it; nothing overflows sideways."""
    for width, height in ((1440, 900), (390, 844)):
        ctx = browser.new_context(service_workers="block", viewport={"width": width, "height": height})
        page = ctx.new_page()
        problems = watch(page)
        page.goto(site + f"?lang={lang}")
        wait_ready(page)
        store_all(page)
        page.wait_for_function("() => [...document.images].every(img => img.complete)")
        fits(page)
        screenshot(page, f"home-{lang}-{width}x{height}")
        ctx.close()
        assert problems == []
