"""Cards you can read: any card opens larger (pointing, a long press, a key),
long names wrap instead of being cut, Café cards are named by what they show
(never by a catalogue number) and Coffee Rush upgrade tiles show their pictures.
"""
from __future__ import annotations

import random
import re
import time

from conftest import ARTIFACTS, STATUS, choose_language, open_table, settle, watch
from test_cafe_games import play_one

ZOOM = "[data-testid=card-zoom]"
CARD_ID = re.compile(r"\bP\d+\b")


def shot(page, name: str) -> None:
    """What the screen shows (the zoom is an overlay of the viewport)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def long_press(page, locator, ms: int = 700) -> None:
    """A finger held on the element (touch events through the DevTools protocol)."""
    # where the finger reaches the card itself, clear of the sticky decision banner
    point = locator.evaluate("""e => {
        for (const block of ['end', 'center', 'start']) {
            e.scrollIntoView({ block, inline: 'center' });
            const r = e.getBoundingClientRect();
            for (const f of [0.5, 0.8, 0.2]) {
                const x = r.left + r.width / 2, y = r.top + r.height * f;
                if (e.contains(document.elementFromPoint(x, y))) return [x, y];
            }
        }
        return null; }""")
    assert point, "the card is hidden under something else"
    x, y = point
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    time.sleep(ms / 1000)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def phone(browser, lang: str | None = None):
    context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.problems = watch(page)
    return context, page


def longest_city_card(page):
    """The City card whose name is longest (the one most likely to be cut)."""
    cards = page.locator(".city .card[data-zoom]")
    names = [cards.nth(i).locator(".card-name").inner_text() for i in range(cards.count())]
    best = max(range(len(names)), key=lambda i: len(names[i]))
    return cards.nth(best), names[best]


def assert_names_whole(page, selector: str) -> None:
    """No card name is cut: each shows all its text inside its own box."""
    cut = page.eval_on_selector_all(selector, """els => els.filter(e => e.offsetParent !== null
        && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)).map(e => e.textContent)""")
    assert cut == [], f"names cut: {cut}"


# ---- Seize the Bean -------------------------------------------------------------------------------
def test_pointing_at_a_city_card_shows_it_whole_and_escape_closes(page, site):
    page.set_viewport_size({"width": 1440, "height": 900})
    open_table(page, site, "?game=seize&seats=human,easy&seed=2")
    assert settle(page) == "human"
    assert_names_whole(page, ".seize .card-name")
    card, name = longest_city_card(page)
    card.hover()
    zoom = page.locator(ZOOM)
    zoom.wait_for(state="visible", timeout=3000)
    assert zoom.locator(".card-name").inner_text() == name
    assert_names_whole(page, ZOOM + " .card-name")
    # the copy is larger than the card and plays nothing
    assert zoom.locator(".card").bounding_box()["width"] > card.bounding_box()["width"] * 1.4
    assert zoom.locator("[data-move]").count() == 0
    shot(page, "cards-seize-zoom-1440x900")
    page.mouse.move(2, 2)
    zoom.wait_for(state="detached", timeout=3000)
    # from the keyboard: a card has its own tab stop; Enter (or "z") opens it, Escape closes it
    assert card.get_attribute("tabindex") == "0"
    card.focus()
    page.keyboard.press("Enter")
    zoom.wait_for(state="visible", timeout=3000)
    assert zoom.locator(".card-name").inner_text() == name
    page.keyboard.press("Escape")
    zoom.wait_for(state="detached", timeout=3000)
    assert page.evaluate("() => document.activeElement.dataset.card") == card.get_attribute("data-card")
    page.keyboard.press("z")
    zoom.wait_for(state="visible", timeout=3000)
    page.keyboard.press("Escape")
    zoom.wait_for(state="detached", timeout=3000)
    assert page.problems == []


def test_a_long_press_opens_a_card_on_a_phone_without_playing_it(browser, site):
    context, page = phone(browser)
    try:
        open_table(page, site, "?game=seize&seats=human,easy&seed=2")
        assert settle(page) == "human"
        ply = page.get_attribute(STATUS, "data-ply")
        card, name = longest_city_card(page)
        card.scroll_into_view_if_needed()
        long_press(page, card)
        zoom = page.locator(ZOOM)
        zoom.wait_for(state="visible", timeout=3000)
        assert zoom.locator(".card-name").inner_text() == name
        assert_names_whole(page, ZOOM + " .card-name")
        box = zoom.locator(".zoom-card").bounding_box()
        assert box["width"] <= 390 and box["x"] >= 0
        shot(page, "cards-seize-zoom-390x844")
        time.sleep(0.3)
        assert page.get_attribute(STATUS, "data-ply") == ply, "a long press must not play the card"
        page.keyboard.press("Escape")
        zoom.wait_for(state="detached", timeout=3000)
        # a tap on the enlarged card closes it too
        long_press(page, card)
        zoom.wait_for(state="visible", timeout=3000)
        page.locator(ZOOM).tap()
        zoom.wait_for(state="detached", timeout=3000)
        assert page.get_attribute(STATUS, "data-ply") == ply
        assert page.problems == []
    finally:
        context.close()


STILL_JS = """el => new Promise((resolve) => {
  // resolves once the element has kept its place over two animation frames in a row
  let last = "";
  const look = () => {
    const r = el.getBoundingClientRect();
    const now = `${r.x},${r.y},${r.width},${r.height}`;
    if (now === last) resolve(true); else { last = now; requestAnimationFrame(() => requestAnimationFrame(look)); }
  };
  look();
})"""


def wait_until_still(locator) -> None:
    """Wait until the page stops moving ``locator`` (a scroll, a panel folding)."""
    locator.evaluate(STILL_JS)


def test_long_names_wrap_in_german_and_japanese(browser, site):
    for lang in ("de", "ja"):
        for width, height in ((1440, 900), (390, 844)):
            context = browser.new_context(service_workers="block", viewport={"width": width, "height": height})
            page = context.new_page()
            try:
                open_table(page, site, "?game=seize&seats=human,easy&seed=2", lang=lang)
                assert settle(page) == "human"
                assert_names_whole(page, ".seize .card-name")
                card, _ = longest_city_card(page)
                # in the middle of the screen, and the page done moving: a card at the bottom edge
                # of a phone screen scrolls on hover, the decision panel folds at the scroll, and the
                # card slides out from under the pointer before its zoom opens
                card.evaluate("el => el.scrollIntoView({block: 'center'})")
                wait_until_still(card)
                page.keyboard.press("Escape")
                card.hover()
                page.locator(ZOOM).wait_for(state="visible", timeout=3000)
                assert_names_whole(page, ZOOM + " .card-name")
                shot(page, f"cards-seize-zoom-{lang}-{width}x{height}")
            finally:
                context.close()


# ---- Café -------------------------------------------------------------------------------------------
def log_text(page) -> str:
    """The game log as the player reads it (the drawer opened, then closed again)."""
    toggle = page.locator("[data-testid=log-toggle]")
    toggle.click()
    text = page.locator("[data-testid=log-list]").inner_text()
    toggle.click()
    return text


def visible_texts(page) -> list[str]:
    """Every text a player can read or hear about the options and the log."""
    return [log_text(page)] + page.evaluate("""() => {
        const out = [];
        for (const el of document.querySelectorAll('[data-move], .pcard, [data-testid=decision]')) {
            out.push(el.innerText || '', el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
        }
        const log = document.querySelector('[data-testid=log-list]');
        if (log) out.push(log.innerText);
        return out; }""")


def option_labels(page) -> dict[str, set[str]]:
    """The label of each distinct Café action on the board and in the banner, by move id."""
    return page.evaluate("""() => {
        const out = {};
        for (const el of document.querySelectorAll('.cafe [data-move], [data-testid=decision] [data-move]')) {
            const text = el.closest('[data-testid=decision]') ? el.innerText.trim() : el.getAttribute('aria-label');
            (out[el.dataset.move] ??= []).push(text);
        }
        return out; }""")


def test_cafe_names_cards_by_what_they_show_and_tells_actions_apart(page, site):
    open_table(page, site, "?game=cafe&seats=human,easy&seed=3")
    rng = random.Random(3)
    checked_pairs = 0
    for _ in range(80):
        if settle(page) != "human":
            break
        texts = visible_texts(page)
        ids = sorted({m for text in texts for m in CARD_ID.findall(text)})
        assert ids == [], f"card ids shown: {ids}"
        if page.get_attribute(STATUS, "data-phase") == "actions":
            moves = page.evaluate("() => window.brewhouse.table.moves.map(m => [m.id, m.payload.kind])")
            labels = option_labels(page)
            by_kind: dict[str, list[str]] = {}
            for move, kind in moves:
                if move in labels:
                    by_kind.setdefault(kind, []).append(move)
            for kind, same in by_kind.items():
                if len(same) < 2:
                    continue
                for where in (0, -1):  # the board's aria-labels, the banner's option texts
                    texts_of = [labels[m][where] for m in same if labels[m]]
                    assert len(set(texts_of)) == len(texts_of), f"{kind} options read alike: {texts_of}"
                checked_pairs += 1
            if checked_pairs and page.locator(".pcard").count():
                page.locator(".pcard").first.hover()
                page.locator(ZOOM).wait_for(state="visible", timeout=3000)
                shot(page, "cards-cafe-zoom-1280x800")
                page.mouse.move(2, 2)
        play_one(page, rng)
        if checked_pairs >= 3:
            break
    assert checked_pairs >= 1, "no Café decision with two actions of one kind was reached"
    assert page.problems == []


def test_cafe_card_opens_larger_on_both_screens_in_every_language(browser, site):
    """One table per screen, its language changed in turn (a table boot per language and screen made
    this test 47 s): the card opens larger, headed by its town, with no card id, in each language."""
    for width, height, touch in ((1440, 900, False), (390, 844, True)):
        context = browser.new_context(service_workers="block", viewport={"width": width, "height": height}, has_touch=touch)
        page = context.new_page()
        page.problems = watch(page)
        try:
            open_table(page, site, "?game=cafe&seats=human,easy&seed=3", lang="en")
            assert settle(page) == "human"
            asked = []  # the decision's words: the table is drawn again in each language
            for lang in ("en", "de", "ja"):
                if lang != "en":
                    choose_language(page, lang)
                card = page.locator(".draft .pcard").filter(has=page.locator(".sq.kind-cafe")).first
                town = card.locator(".pcard-title").inner_text().strip()
                assert town, "a card with a café is headed by its town"
                asked.append(page.inner_text("[data-testid=decision]"))
                card.scroll_into_view_if_needed()
                if touch:
                    long_press(page, card)
                else:
                    card.hover()
                zoom = page.locator(ZOOM)
                zoom.wait_for(state="visible", timeout=3000)
                assert zoom.locator(".pcard .sq").count() == 6
                assert not CARD_ID.search(zoom.inner_text())
                assert zoom.locator(".pcard-title").inner_text().strip() == town
                shot(page, f"cards-cafe-zoom-{lang}-{width}x{height}")
                if touch:  # closed as a player closes it, before the next language
                    zoom.tap()
                else:
                    page.mouse.move(0, 0)
                zoom.wait_for(state="detached", timeout=3000)
            assert len(set(asked)) == 3, asked
            assert page.problems == []
        finally:
            context.close()


# ---- Coffee Rush ------------------------------------------------------------------------------------
def test_rush_upgrade_tiles_show_their_pictures_and_cards_open_larger(browser, site):
    for width, height, touch in ((1440, 900, False), (390, 844, True)):
        context = browser.new_context(service_workers="block", viewport={"width": width, "height": height}, has_touch=touch)
        page = context.new_page()
        try:
            open_table(page, site, "?game=rush&seats=human,easy&seed=4")
            assert settle(page) == "human"
            tiles = page.locator(".rush-player .tile")
            assert tiles.count() >= 4
            for i in range(tiles.count()):
                tile = tiles.nth(i)
                pictures = tile.locator("img, svg")
                assert pictures.count() >= 1
                assert pictures.first.get_attribute("src").endswith(tile.get_attribute("data-upgrade") + ".svg")
            card = page.locator(".rcard[data-zoom]").first
            card.scroll_into_view_if_needed()
            if touch:
                long_press(page, card)
            else:
                card.hover()
            page.locator(ZOOM).wait_for(state="visible", timeout=3000)
            assert_names_whole(page, ZOOM + " .rcard-name")
            shot(page, f"cards-rush-zoom-{width}x{height}")
        finally:
            context.close()
