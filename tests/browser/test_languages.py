"""Languages in a real browser: the menu comes from the registered catalogues,
`?lang=de` opens the home page and every table in German (and is remembered),
no German label overflows its button, and Coffee Rush's drinks (English in the
card data) show in the table's language."""
from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, STATUS, choose_language, open_table, screenshot, settle, wait_ready
from support.catalogue import forms

GAMES = ["seize", "cafe", "rush"]
#: the same in every language
PROPER_NAMES = {"Brewhouse", "Starbots™", "Seize the Bean", "Coffee Rush"}
#: an i18n key shown instead of its text
RAW_KEY = re.compile(r"\b(?:seize|cafe|rush|table|setup|saves|menu|engine)\.[a-z][a-zA-Z_]*(?:\.[a-zA-Z_]+)*\b")

OVERFLOWING_BUTTONS = """() => [...document.querySelectorAll('button, .button, select')]
    .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${el.dataset.testid || el.dataset.move || el.className}: ${el.innerText.trim().slice(0, 60)}`)"""


#: labels on the squares of a board (Coffee Rush's "place here", "stop", "+1 milk"): one line each,
#: or they cover the square's own name
BOARD_LABELS_ON_TWO_LINES = """() => [...document.querySelectorAll('.sq-button .gain')]
    .filter((el) => el.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(el).fontSize) + 4)
    .map((el) => el.innerText.trim())"""


def catalogues(page) -> dict:
    return page.evaluate("""async () => {
        const i18n = await import('./js/i18n.js');
        return Object.fromEntries(await Promise.all(i18n.languages.map(async (lang) => [lang, await i18n.catalogue(lang)]))); }""")


def english_left(page, text: str) -> list[str]:
    """English phrases (9+ characters) of strings German translates differently, found in ``text``."""
    cats = catalogues(page)
    phrases = {part for key, english in cats["en"].items() if cats["de"][key] != english
               for form in forms(english)
               for part in (p.strip(" .,:;()—-·") for p in re.split(r"\{\w+\}", form))
               if len(part) >= 9 and part not in PROPER_NAMES}
    return sorted(p for p in phrases if p in text)


#: the elements reaching past the window's right edge, widest reach first (what a failure names)
PAST_THE_EDGE = """() => [...document.querySelectorAll('body *')]
    .map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width && r.right > innerWidth + 0.5)
    .sort(([, a], [, b]) => b.right - a.right).slice(0, 5)
    .map(([e, r]) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}[${e.dataset.testid ?? ''}] right ${Math.round(r.right)}`)"""


def check_layout(page, where: str) -> None:
    """No label wider than its button, nothing wider than the window.

    Measured once the page has drawn two frames: a window just resized (desktop to phone) is laid
    out again by the table's own checks at the next frame (the phone banner's height), and a width
    caught in between is no layout a player sees."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate(OVERFLOWING_BUTTONS) == [], where
    assert page.evaluate(BOARD_LABELS_ON_TWO_LINES) == [], where
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], (where, width, page.evaluate(PAST_THE_EDGE))


def test_the_home_page_in_german_from_the_address_and_remembered(page, site):
    page.goto(site + "?lang=de")
    wait_ready(page)
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("#games-title") == "Spiele"
    assert page.inner_text("#saves-title") == "Gespeicherte Spiele"
    assert page.inner_text("#engine-label") == "Regel-Engine bereit"
    assert page.inner_text("[data-testid=saves-empty]") == "Noch keine gespeicherten Spiele."
    card = page.locator("[data-testid=game-menu] .game-card").first
    assert "Neues Spiel" in card.inner_text() and "Spieler" in card.inner_text()
    # the menu lists every registered catalogue under its own name, German selected
    options = page.eval_on_selector_all("[data-testid=lang-select] option", "els => els.map(e => [e.value, e.textContent])")
    assert options == [[code, cat["lang.name"]] for code, cat in catalogues(page).items()]
    assert ["de", "Deutsch"] in options and ["en", "English"] in options and ["fr", "Français"] in options
    assert page.input_value("[data-testid=lang-select]") == "de"
    check_layout(page, "home 1280")
    screenshot(page, "lang-de-home-1280x800")
    page.set_viewport_size({"width": 390, "height": 844})
    check_layout(page, "home 390")
    screenshot(page, "lang-de-home-390x844")

    # remembered like the menu's choice: the plain address stays German
    page.goto(site)
    wait_ready(page)
    assert page.inner_text("#games-title") == "Spiele"
    # a menu choice made on an address with ?lang= wins over it after a reload
    page.goto(site + "?lang=de")
    choose_language(page, "en")
    assert page.url.endswith("?lang=en")
    page.reload()
    wait_ready(page)
    assert page.inner_text("#games-title") == "Games"
    assert page.problems == []


def test_an_unknown_language_in_the_address_changes_nothing(page, site):
    for code in ("xx", "constructor", "__proto__"):
        page.goto(site + "?lang=" + code)
        wait_ready(page)
        assert page.inner_text("#games-title") == "Games", code
        assert page.get_attribute("html", "lang") == "en"
    assert page.problems == []


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_link_with_lang_de_opens_the_german_setup_screen(page, site, game):
    page.goto(site + f"?game={game}&lang=de")
    wait_ready(page)
    setup = page.locator("[data-testid=setup]")
    setup.wait_for()
    assert setup.locator("h2").inner_text().startswith("Neues Spiel — ")
    assert page.inner_text("[data-testid=start]") == "Spiel starten"
    assert "Plätze in Spielreihenfolge" in setup.inner_text()
    assert english_left(page, setup.inner_text()) == []
    check_layout(page, f"{game} setup 1280")
    screenshot(page, f"lang-de-{game}-setup-1280x800")
    page.click("[data-testid=start]")
    assert settle(page) in {"human", "privacy"}
    assert page.inner_text("[data-testid=undo]") == "Rückgängig"
    assert page.problems == []


def play_first_options(page, count: int) -> None:
    """A few human decisions (the first visible option each time), so that the log and board fill up."""
    for _ in range(count):
        if settle(page) != "human":
            return
        page.locator("[data-move]:visible").first.click()
    settle(page)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_link_with_lang_de_opens_a_german_table(page, site, game):
    open_table(page, site, f"?game={game}&seats=human,random&seed=5&lang=de")
    assert settle(page) == "human"
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text("[data-testid=undo]") == "Rückgängig"
    assert page.inner_text("[data-testid=share]") == "Teilen"
    assert "Spieler 1 (du)" in page.inner_text("[data-testid=decision]")
    check_layout(page, f"{game} 1280 first decision")  # Coffee Rush: every free square says "Einsetzen"
    play_first_options(page, 6)
    check_layout(page, f"{game} 1280")
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, f"lang-de-{game}-1280x800")

    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    page.click("[data-testid=help-toggle]")
    page.locator("[data-testid=glossary]").wait_for()
    text = page.inner_text("body")
    labels = " ".join(page.eval_on_selector_all("[aria-label], [title], img[alt]",
                                                "els => els.map(e => [e.getAttribute('aria-label'), e.title, e.alt].join(' '))"))
    assert not RAW_KEY.search(text + " " + labels), RAW_KEY.search(text + " " + labels).group(0)
    assert english_left(page, text + " " + labels) == []
    check_layout(page, f"{game} 1280 with log and help")
    screenshot(page, f"lang-de-{game}-log-help-1280x800")

    page.set_viewport_size({"width": 390, "height": 844})
    check_layout(page, f"{game} 390")
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, f"lang-de-{game}-390x844")

    # the saved game reopens in whatever language its link asks for
    assert "?resume=" in page.url
    page.goto(page.url + "&lang=en")
    wait_ready(page)
    assert settle(page) == "human"
    assert page.get_attribute("html", "lang") == "en" and page.inner_text("[data-testid=undo]") == "Undo"
    assert page.problems == []


# ---- Coffee Rush's drinks ------------------------------------------------------------------------
RUSH_DATA = ROOT / "engine" / "brewhouse" / "rush" / "data.json"


def drinks(page, lang: str) -> dict[str, str]:
    """Every drink of the card data with its name in ``lang`` (through the renderer's own key rule)."""
    names = sorted({card["name"] for card in json.loads(RUSH_DATA.read_text(encoding="utf-8"))["orders"]})
    return page.evaluate("""async ([names, lang]) => {
        const { drinkKey } = await import('./js/games/rush/index.js');
        const catalogue = await (await import('./js/i18n.js')).catalogue(lang);
        return Object.fromEntries(names.map((name) => [name, catalogue[drinkKey(name)]])); }""", [names, lang])


def english_drinks_on_screen(text: str, names: dict[str, str]) -> list[str]:
    """English drink names the language writes otherwise, found in ``text`` once its own drink
    names are taken out (German "Caffè Mocha" holds the English "Mocha")."""
    for own in sorted(names.values(), key=len, reverse=True):
        text = text.replace(own, "\u2063")
    return sorted(english for english, own in names.items() if own != english and english in text)


@pytest.mark.parametrize("lang", ["ja", "de"])
def test_coffee_rush_drinks_are_named_in_the_tables_language(page, site, lang):
    open_table(page, site, f"?game=rush&seats=human,random&seed=7&lang={lang}")
    assert settle(page) == "human"
    names = drinks(page, lang)
    assert len(names) == 70 and all(names.values())
    play_first_options(page, 40)  # cards drawn, orders sent: the log names drinks too
    # a card opened larger shows its drink in the language as well
    card = page.locator(".rush .rcard[data-zoom]").first
    card.focus()
    page.keyboard.press("z")
    zoom = page.locator("[data-testid=card-zoom]")
    zoom.wait_for(state="visible", timeout=3000)
    assert zoom.locator(".rcard-name").inner_text() in names.values()
    assert english_drinks_on_screen(zoom.inner_text() + " " + (zoom.locator(".rcard").get_attribute("title") or ""), names) == []
    page.keyboard.press("Escape")
    zoom.wait_for(state="detached", timeout=3000)
    page.click("[data-testid=log-toggle]")
    log = page.locator("[data-testid=log-list]")
    log.locator("li").first.wait_for()
    text = page.inner_text("body")
    labels = " ".join(page.eval_on_selector_all("[aria-label], [title], img[alt]",
                                                "els => els.map(e => [e.getAttribute('aria-label'), e.title, e.alt].join(' '))"))
    shown = {own for own in names.values() if own in text}
    assert len(shown) >= 5, shown  # the cards are there, under their own names
    assert any(own in log.inner_text() for own in names.values())
    assert english_drinks_on_screen(text + " " + labels, names) == []
    screenshot(page, f"lang-{lang}-rush-drinks-1280x800")
    assert page.problems == []


def test_the_drink_check_sees_an_english_name_inside_a_sentence_only_where_it_is_one():
    names = {"Mocha": "Caffè Mocha", "Iced Tea": "Eistee", "Espresso": "Espresso"}
    assert english_drinks_on_screen("Caffè Mocha, Espresso, Eistee", names) == []
    assert english_drinks_on_screen("Mocha, Iced Tea", names) == ["Iced Tea", "Mocha"]
