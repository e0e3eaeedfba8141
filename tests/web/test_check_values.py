"""A lesson check's value reads as words in every language, never as engine data.

Every check of every lesson (the book's value and what the engine's own play-through
finds, brewhouse.core.lessons.validate) goes through the page's formatter
(web/js/table/check-value.js) under Node in each of the four languages, with the names
the page would have: the catalogues, and the renderers' checkName for cards a view shows
(Café's card faces, Coffee Rush's drinks).  No text may keep JSON punctuation, an
underscore-joined id or an engine id such as P13 or o63.
"""
from __future__ import annotations

import json
import re

import pytest

from brewhouse.core.lessons import build_start, load_lessons, validate
from brewhouse.core.registry import REGISTRY
from support.node import run_module

LANGUAGES = ("en", "fr", "de", "ja")
GAMES = [g for g in REGISTRY.available_ids() if load_lessons(g)]
#: what must never be read out: JSON, a snake_case id, an engine card/order id
RAW = re.compile(r"[{}\[\]\"]|\b[a-z]+_[a-z_]+\b|\b[A-Za-z]\d{1,3}\b")

FORMAT = """
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
const { setLanguage, t } = await import("./web/js/i18n.js");
const { checkValue, checkWords } = await import("./web/js/table/check-value.js");
const data = JSON.parse(process.env.CHECKS);
const out = {};
for (const [game, { checks, view, names }] of Object.entries(data)) {
  const renderer = (await import(`./web/js/games/${game}/index.js`)).default; // as the page holds it
  for (const lang of %s) {
    await setLanguage(lang);
    const ctx = { view, cardName: (id) => names[id] ?? id };
    const name = (id) => renderer.checkName?.(id, ctx) ?? null;
    const words = checkWords({ t, game, lang, name, seat: (p) => t("table.seat.human", { n: p + 1 }) });
    for (const c of checks) {
      (out[`${game} ${lang}`] ??= []).push([c.name, checkValue(c.expected, words, c.show), checkValue(c.actual, words, c.show)]);
    }
  }
}
console.log(JSON.stringify(out));
"""


def _views_cards(game_id: str) -> dict:
    """The card faces the lessons' start positions show (what the page learns from its views)."""
    game = REGISTRY.get(game_id)
    cards: dict = {}
    for lesson in load_lessons(game_id):
        _, state, _ = build_start(game, lesson)
        cards.update(game.view(state, lesson.player).get("cards") or {})
    return cards


def _names(game_id: str) -> dict[str, str]:
    """Card id → the name the views carry ({id, name} faces), from the game's own card list."""
    game = REGISTRY.get(game_id)
    rows = game.cards_in_play(game.default_config()) if hasattr(game, "cards_in_play") else []
    return {r["id"]: r["name"] for r in rows}


def formatted(checks_by_game: dict, languages=LANGUAGES) -> dict[str, list[list[str]]]:
    import os
    os.environ["CHECKS"] = json.dumps(checks_by_game)
    try:
        return run_module(FORMAT % json.dumps(list(languages)))
    finally:
        del os.environ["CHECKS"]


@pytest.fixture(scope="module")
def shown() -> dict[str, list[list[str]]]:
    data = {}
    for g in GAMES:
        game = REGISTRY.get(g)
        checks = [c for l in load_lessons(g) for c in validate(game, l)]
        data[g] = {"checks": checks, "view": {"cards": _views_cards(g)}, "names": _names(g)}
    return formatted(data)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_check_reads_as_words(shown, game, lang):
    lines = shown[f"{game} {lang}"]
    assert lines
    raw = [(name, text) for name, *texts in lines for text in texts if RAW.search(text) or not text.strip()]
    assert raw == []


def test_the_words_are_the_players_names_for_things(shown):
    by = {lang: {name: expected for name, expected, _ in shown[f"seize {lang}"]} for lang in LANGUAGES}
    assert by["en"]["farah_res"] == "5 beans, 1 milk, 0 sugar"
    assert by["en"]["winners"] == "Player 1"
    assert ["michi_discard", "none", "none"] in shown["seize en"]  # an empty discard pile
    assert by["en"]["ux_angry"].endswith("(angry)")
    assert by["fr"]["farah_res"] != by["en"]["farah_res"]
    rush = {name: expected for name, expected, _ in shown["rush en"]}
    assert rush["coffee_gain"] == "coffee beans: 4"
    assert rush["over"] == "Final scoring"
    assert not rush["row4_now"].startswith("o")
    cafe = {name: expected for name, expected, _ in shown["cafe en"]}
    assert cafe["ex2_yellow"] == "1 yellow cube"
    assert cafe["card_in_hand"] == "Mill 1"  # P13, by its short name (cafe RULES_NOTES, "Card names")


def test_the_check_catches_raw_data():
    """The pattern the tests above rely on does see what used to reach the page."""
    for raw in ['{"beans":5}', '["pitch_deck_founder"]', "Card in hand P13", "o63", "pitch_deck_founder"]:
        assert RAW.search(raw), raw
    for fine in ["5 beans, 1 milk", "Player 1", "Final scoring", "card: yellow · drying"]:
        assert not RAW.search(fine), fine
