"""The Japanese catalogue in a real browser: the home page and one table per game.

Each page is opened with the language stored as Japanese, must show Japanese
strings, must leave no English string of the catalogue on screen, and its
buttons must hold their text (Japanese has no spaces to wrap at).  The
screenshots go to test-artifacts/ so the layout can be looked at.
"""
from __future__ import annotations

import re

import pytest

from conftest import open_table, screenshot, settle, wait_ready
from support.catalogue import forms

TABLES = [
    # game, link, Japanese words the table must show
    ("seize", "?game=seize&seats=human,random&seed=7", ["市街", "ライン", "バリスタ", "パントリー", "宣伝"]),
    ("cafe", "?game=cafe&seats=human&seed=3", ["倉庫", "プランカード", "ラウンド"]),
    ("rush", "?game=rush&seats=human,random&seed=7", ["コーヒーショップ", "カップ", "注文"]),
]

#: visible text that still uses the Latin script on purpose (names and marks)
LATIN_ALLOWED = re.compile(r"Brewhouse|Starbots|Seize the Bean|Café|Coffee Rush|Pyodide|VP|Wi-Fi|UX|DJ|JavaScript")


def catalogue_english(page) -> list[str]:
    """Pieces of English catalogue strings that the Japanese catalogue translates."""
    catalogues = page.evaluate("""async () => ({
        en: (await import('./js/i18n/en.js')).default, ja: (await import('./js/i18n/ja.js')).default })""")
    out = []
    for key, message in catalogues["en"].items():
        if catalogues["ja"][key] == message:
            continue
        for text in forms(message):
            for part in re.split(r"\{\w+\}", text):
                part = part.strip(" .,:;()—-·")
                # a name alone ("Starbots™") is no English left behind: Japanese writes it so too
                if len(part) >= 9 and LATIN_ALLOWED.sub("", part).strip(" ™"):
                    out.append(part)
    return out


def english_on_screen(page, english: list[str]) -> list[str]:
    text = page.inner_text("body")
    return [part for part in english if part in text]


def clipped_controls(page) -> list[str]:
    """Visible buttons and labels whose text is cut off or spills out of their box."""
    return page.evaluate("""() => [...document.querySelectorAll('button, select, .chip, label')]
        .filter((el) => el.offsetParent !== null && el.innerText.trim())
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.innerText.trim())""")


def test_home_page_speaks_japanese(page, site):
    page.add_init_script("localStorage.setItem('brewhouse.lang', 'ja')")
    page.goto(site)
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "ja"
    assert page.input_value("[data-testid=lang-select]") == "ja"
    assert page.inner_text("#games-title") == "ゲーム"
    assert page.inner_text("#saves-title") == "セーブデータ"
    assert page.inner_text("[data-testid=engine-status] #engine-label") == "ルールエンジンの準備ができました"
    first = page.locator("[data-testid=game-menu] .game-card").first
    assert "新しいゲーム" in first.inner_text()
    assert english_on_screen(page, catalogue_english(page)) == []
    assert clipped_controls(page) == []
    screenshot(page, "ja-home-1280x800")
    assert page.problems == []


@pytest.mark.parametrize("game,query,words", TABLES, ids=[t[0] for t in TABLES])
def test_table_speaks_japanese(page, site, game, query, words):
    open_table(page, site, query, lang="ja")
    assert settle(page) == "human"
    text = page.inner_text("body")
    for word in words:
        assert word in text, word
    decision = page.inner_text("[data-testid=decision]")
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", decision), decision
    assert english_on_screen(page, catalogue_english(page)) == []
    assert clipped_controls(page) == []
    screenshot(page, f"ja-{game}-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    assert clipped_controls(page) == []
    screenshot(page, f"ja-{game}-390x844")
    assert page.problems == []
