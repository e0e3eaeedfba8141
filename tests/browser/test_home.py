"""The home page: every game the engine lists with its picture, a few words,
its player counts and play time, in every language."""
from __future__ import annotations

import pytest

from conftest import wait_ready

CARDS = "[data-testid=game-menu] .game-card"
#: the play time each rulebook prints (see web/js/games/about.js), as each language writes it
PLAY_TIMES = {
    "en": {"seize": "45–90 minutes", "cafe": "30 minutes", "rush": "30 minutes"},
    "fr": {"seize": "45–90 minutes", "cafe": "30 minutes", "rush": "30 minutes"},
    "de": {"seize": "45–90 Minuten", "cafe": "30 Minuten", "rush": "30 Minuten"},
    "ja": {"seize": "45～90 分", "cafe": "30 分", "rush": "30 分"},
}


def catalogue(page, lang: str) -> dict:
    return page.evaluate("lang => import('./js/i18n/index.js').then(c => c[lang])", lang)


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
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), game["id"]  # it really loaded
        assert card.locator("[data-testid=game-description]").inner_text() == texts[f"about.{game['id']}.description"]
        players = texts["menu.playersSolo" if game["min_players"] == 1 else "menu.players"]
        assert card.locator("[data-testid=game-players]").inner_text() == (
            players.replace("{min}", str(max(2, game["min_players"]))).replace("{max}", str(game["max_players"])))
        assert card.locator("[data-testid=game-time]").inner_text() == PLAY_TIMES[lang][game["id"]]



def test_every_game_card_has_its_picture_words_players_and_play_time(page, site):
    page.goto(site)
    wait_ready(page)
    check_cards(page, "en")
    assert page.locator(CARDS).first.get_by_role("img").get_attribute("alt").startswith("A latte")
    assert page.problems == []


@pytest.mark.parametrize("lang", ["fr", "de", "ja"])
def test_the_game_cards_speak_each_language(page, site, lang):
    page.goto(site + f"?lang={lang}")
    wait_ready(page)
    check_cards(page, lang)
    assert page.problems == []
