"""What a screen reader and a newcomer meet: lesson checks in words, quiet live regions, page titles.

- A lesson's check never shows engine data ({"beans": 5}, ["pitch_deck_founder"], P13, o63):
  every lesson of every game is played in English by test_lesson_pages, which makes the same
  assertion; here the lessons whose checks hold every kind of value (cards, bags, seats, cells,
  phases...) are played in French, German and Japanese.  A check's words are made by the kind of
  its value (check-value.js), the same code for every lesson, so these lessons reach each kind in
  each language.
- What the others just did is a polite log; the decision box is no live region: only its heading
  goes to a status region, once per decision.
- The page title says where the player is, in the player's language.
"""
from __future__ import annotations

from conftest import STATUS, open_table, screenshot, settle, wait_ready
from test_lesson_pages import LESSONS, PHONE, RAW, go, play_lesson

#: lessons whose checks hold every kind of value: resource bags, card lists, a customer, seats,
#: café cells and bags, a card in hand, ingredients, an order row, a phase, the closing reason
EVERY_KIND = {"seize": ["city", "service-2", "scoring"], "cafe": ["place", "deliver", "scoring", "auction"],
              "rush": ["movement", "end-turn"]}


def open_site(page, site: str, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('brewhouse.lang', '{lang}')")
    page.goto(site)
    wait_ready(page)


def play_lessons(page, lessons: dict[str, list[str]]) -> int:
    """Play the lessons (play_lesson asserts every check reads as words); how many checks were read."""
    read = 0
    for game, ids in lessons.items():
        for lesson_id in ids:
            go(page, f"?learn={game}&lesson={lesson_id}")
            read += play_lesson(page, game, lesson_id)["check"]
    return read


def test_every_kind_of_check_reads_as_words_in_french(page, site):
    open_site(page, site, "fr")
    assert play_lessons(page, EVERY_KIND) > 0
    assert page.problems == []


def test_every_kind_of_check_reads_as_words_in_german_and_japanese(browser, site):
    for lang in ("de", "ja"):
        context = browser.new_context()
        page = context.new_page()
        open_site(page, site, lang)
        assert play_lessons(page, EVERY_KIND) > 0
        context.close()


def test_a_french_check_list_on_a_phone(browser, site):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    open_site(page, site, "fr")
    go(page, "?learn=seize&lesson=city")
    seen = []
    for _ in range(20):
        page.wait_for_selector(f"{STATUS}[data-waiting]:not([data-waiting=busy])")
        texts = page.eval_on_selector_all("[data-testid=lesson-check]", "els => els.map(e => e.innerText)")
        seen += texts
        if page.locator("[data-testid=lesson-check][data-name=row1_after]").count():
            break
        page.locator("[data-testid=lesson-next], [data-move]").first.click()
    assert seen and not [x for x in seen if RAW.search(x)], seen
    assert any("5 grains, 1 lait, 0 sucre" in x for x in seen), seen
    assert any("Fondatrice au pitch deck, Chef de chœur" in x for x in seen), seen
    step = page.locator("[data-testid=lesson-step]")
    step.scroll_into_view_if_needed()
    step.screenshot(path=str(screenshot(page, "lesson-checks-fr-390").with_name("lesson-checks-fr-390-step.png")))
    context.close()


# ---- live regions ---------------------------------------------------------------------------
ANNOUNCED = """() => {
    const region = document.querySelector('[data-testid=decision-announce]');
    window.__announced = [];
    new MutationObserver(() => window.__announced.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
}"""


def heading(page) -> str:
    return page.evaluate("""() => [...document.querySelector('[data-testid=decision] .decision-who').childNodes]
        .filter((n) => !(n.matches && n.matches('.decision-show'))).map((n) => n.textContent).join('').replace(/\\s+/g, ' ').trim()""")


def test_the_summary_is_a_polite_log_and_only_the_decisions_heading_is_announced(page, site):
    open_table(page, site, "?game=cafe&seats=human,easy&seed=3")
    assert settle(page) == "human"
    recent = page.locator("[data-testid=recent]")
    assert (recent.get_attribute("role"), recent.get_attribute("aria-live")) == ("log", "polite")
    assert page.get_attribute("[data-testid=decision]", "aria-live") is None
    assert page.locator("[data-testid=decision] [aria-live]").count() == 0
    region = page.locator("[data-testid=decision-announce]")
    assert (region.get_attribute("role"), region.get_attribute("aria-live")) == ("status", "polite")
    assert region.inner_text().strip() == heading(page) != ""
    # a redraw of the same decision (a language change redraws everything) says nothing again
    page.evaluate(ANNOUNCED)
    page.evaluate("() => window.brewhouse.table.rerender()")
    page.evaluate("() => window.brewhouse.table.renderView()")
    assert page.evaluate("() => window.__announced") == []
    # the next decision: its heading, once
    ply = page.get_attribute(STATUS, "data-ply")
    confirm = page.locator("[data-testid=place-confirm]")
    (confirm if confirm.count() else page.locator("[data-move]:visible").first).click()
    page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")
    assert settle(page) == "human"
    announced = page.evaluate("() => window.__announced")
    assert announced and announced[-1] == heading(page) == region.text_content()
    assert page.locator("[data-testid=turn-summary] li").count() > 0  # inside the log region
    assert page.problems == []


# ---- page titles ----------------------------------------------------------------------------
def test_the_page_title_says_where_the_player_is(page, site):
    open_table(page, site, "", pace="slow")
    assert page.title() == "Brewhouse — coffee board games"
    go(page, "?game=cafe")
    page.wait_for_function("() => document.title.startsWith('Setup')")
    assert page.title() == "Setup — Café · Brewhouse"
    go(page, "?game=cafe&seats=human,easy&seed=3")
    assert settle(page) == "human"
    assert page.title() == "Café — your turn · Brewhouse"
    # the bot's turn may be over before a check from outside the page reads the title: the
    # title is read inside the page whenever the table starts to wait on someone else
    page.evaluate("""(sel) => {
      window.__titles = [];
      const status = document.querySelector(sel);
      new MutationObserver(() => window.__titles.push([status.dataset.waiting, document.title]))
        .observe(status, { attributes: true, attributeFilter: ["data-waiting"] });
    }""", STATUS)
    confirm = page.locator("[data-testid=place-confirm]")
    (confirm if confirm.count() else page.locator("[data-move]:visible").first).click()
    page.wait_for_function("() => window.__titles.some(([waiting]) => waiting === 'bot')")
    name = page.evaluate("() => window.brewhouse.table.seatName(1)")
    titles = page.evaluate("() => window.__titles.filter(([waiting]) => waiting === 'bot').map(([, title]) => title)")
    assert titles[0] == f"Café — waiting for {name} · Brewhouse"
    go(page, "?learn=rush&lesson=movement")
    page.wait_for_selector(f"{STATUS}[data-waiting=lesson], {STATUS}[data-waiting=human]")
    lesson = page.evaluate("() => document.querySelector('[data-testid=table-title]').textContent")
    assert page.title().startswith("Lesson: ") and page.title().split("Lesson: ")[1].split(" · ")[0] in lesson
    go(page, "?learn=rush")
    page.wait_for_selector("[data-testid=lesson-list]")
    assert page.title() == "Learn to play — Coffee Rush · Brewhouse"
    page.evaluate("() => localStorage.setItem('brewhouse.pace', 'instant')")
    go(page, "?game=rush&seats=random,random&seed=7")
    page.wait_for_selector(f"{STATUS}[data-waiting=over]", timeout=180_000)
    assert page.title() == "Coffee Rush — game over · Brewhouse"
    go(page, "")
    assert page.title() == "Brewhouse — coffee board games"
    assert page.problems == []


def test_the_page_title_is_translated(page, site):
    open_table(page, site, "?game=cafe&seats=human,easy&seed=3", lang="fr")
    assert settle(page) == "human"
    assert page.title() == "Café — à vous de jouer · Brewhouse"
    page.evaluate("() => import('./js/i18n.js').then((m) => m.setLanguage('ja'))")
    assert page.title() == "Café — あなたの番 · Brewhouse"
    page.evaluate("() => window.brewhouse.navigate('')")
    assert page.title() == "Brewhouse — コーヒーのボードゲーム"
