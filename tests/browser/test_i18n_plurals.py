"""Counts read as sentences in every language: "1 barista", "2 baristas",
"1 bonne critique", "1 gute Bewertung", never "barista(s)" or "1 beans"; the
hint's note reads as words, not an icon's number glued to them."""
from __future__ import annotations

import re

from conftest import STATUS, choose_language, open_table, settle

WHY = "[data-testid=decision] .decision-why"
NOTE = "[data-testid=hint-note]"
#: a digit stuck to a word ("3Place"), the trace of text read off icons
GLUED = re.compile(r"\d[^\W\d_]")


def translate(page, lang: str, key: str, count: int, **params) -> str:
    return page.evaluate("""async ([lang, key, params]) => {
        const i18n = await import('./js/i18n.js');
        await i18n.setLanguage(lang);
        return i18n.t(key, params); }""", [lang, key, {"count": count, **params}])


def test_plural_forms_follow_each_languages_rules(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=7")
    cases = [
        ("en", "seize.ev.good_review", 1, "Ann gets 1 Good Review (x)."),
        ("en", "seize.ev.good_review", 3, "Ann gets 3 Good Reviews (x)."),
        ("en", "seize.ev.good_review", 0, "Ann gets 0 Good Reviews (x)."),
        ("en", "seize.count.beans", 1, "1 bean"),
        ("en", "seize.starbots.deck", 1, "1 customer in its deck (face down)."),
        ("en", "cafe.cubesN.green", 1, "1 green cube"),
        ("de", "seize.ev.good_review", 1, "Ann erhält 1 gute Bewertung (x)."),
        ("de", "seize.ev.good_review", 0, "Ann erhält 0 gute Bewertungen (x)."),  # German: 0 is plural
        ("de", "cafe.cubesN.green", 1, "1 grünen Würfel"),  # always an object: accusative
        ("de", "cafe.cubesN.green", 3, "3 grüne Würfel"),
        ("de", "rush.rushTokens", 1, "1 Ansturm-Marker"),  # one form serves every count
        ("ja", "seize.ev.good_review", 1, "Annが高評価を1つ獲得しました（x）。"),
        ("ja", "cafe.cubesN.green", 3, "緑のキューブ3個"),
        ("fr", "seize.ev.good_review", 1, "Ann reçoit 1 bonne critique (x)."),
        ("fr", "seize.ev.good_review", 0, "Ann reçoit 0 bonne critique (x)."),  # French: 0 is singular
        ("fr", "seize.ev.good_review", 2, "Ann reçoit 2 bonnes critiques (x)."),
        ("fr", "cafe.cubesN.green", 3, "3 cubes verts"),
        ("fr", "cafe.shipsCount", 2, "2 bateaux visibles"),
    ]
    for lang, key, count, expected in cases:
        assert translate(page, lang, key, count, name="Ann", why="x") == expected
    # a plural message asked without a count still reads (its general form, here in French)
    assert page.evaluate("async () => (await import('./js/i18n.js')).t('seize.count.beans')") == "{count} grains"
    assert page.problems == []


def test_the_table_says_one_barista_and_the_hint_reads_as_words(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=7")
    assert settle(page) == "human"
    assert page.inner_text(WHY).startswith("2 baristas left at home today")

    # Milk gives "+3 milk" (its single activation plays itself); then the bot plays
    ply = page.get_attribute(STATUS, "data-ply")
    page.locator("[data-testid=player-panel][data-player='0'] [data-move='space:milk']").click()
    page.wait_for_selector(f"{STATUS}:not([data-ply='{ply}'])")
    assert settle(page) == "human"
    assert page.evaluate("() => window.brewhouse.table.view.decision.kind") == "place"
    assert page.inner_text(WHY).startswith("1 barista left at home today")
    # the space's name starts with what it shows, then says what it does (WCAG 2.5.3)
    assert page.text_content("[data-testid=player-panel][data-player='0'] [data-move='space:sugar'] > .sr") == " — Place a barista on Sugar"
    labels = " ".join(page.eval_on_selector_all("[aria-label], [title]", "els => els.map(e => e.getAttribute('aria-label') || e.title)"))
    assert "(s)" not in labels and not re.search(r"\b1 (beans|customers|cards|squares|cubes)\b", labels)

    # the note of a suggestion on Sugar (its icon shows "3"): words only
    page.evaluate("() => window.brewhouse.table.showHint('space:sugar')")
    assert page.inner_text(NOTE) == "Suggested: Place a barista on Sugar"
    assert not GLUED.search(page.inner_text(NOTE))

    choose_language(page, "fr")
    assert page.inner_text(WHY).startswith("1 barista encore à la maison aujourd’hui")
    assert page.inner_text(NOTE) == "Suggestion : Placer un barista sur Sucre"
    page.click("[data-testid=log-toggle]")
    page.locator("[data-testid=log-list] li").first.wait_for()
    log = page.inner_text("[data-testid=log-list]")
    assert "gagne 3 lait" in log, log
    assert "(s)" not in page.inner_text("body")
    assert page.problems == []
