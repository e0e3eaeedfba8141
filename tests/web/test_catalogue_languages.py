"""The message catalogues of the web app, read as the browser reads them (ES modules, under Node).

Every registered language (web/js/i18n/index.js) has exactly English's keys, in
English's order, with the same {placeholders}; and no value is left in English
unless it is a proper name, symbols only, or made of words the language shares
with English (listed below, per language).  A key added to en.js makes these
tests fail until every language translates it.
"""
from __future__ import annotations

import re

import pytest

from support.node import run_module

PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: a word: two letters or more (single letters such as the "A" of a square's name are symbols)
WORD = re.compile(r"[^\W\d_]{2,}")
#: names that stay as they are in every language
PROPER_NAMES = {"Brewhouse", "Starbots"}
#: words a language writes exactly as English does; a value made only of these may equal English
SHARED_WORDS = {
    "fr": {"normal", "Options", "Actions", "actions", "Hype", "Service", "croissant", "Innovation", "Patience",
           "barista", "Style", "Hipsters", "Total", "caramel", "Points", "Rush", "production", "café", "Cafés",
           "Zoom", "Rotation", "excellent", "triangle"},
    "de": {"Bot", "Hype", "Innovation", "neutral"},
}


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str]]:
    return run_module('import * as c from "./web/js/i18n/index.js"; console.log(JSON.stringify(c));')


def translations(catalogues) -> list[str]:
    return [lang for lang in catalogues if lang != "en"]


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def may_stay_english(lang: str, text: str) -> bool:
    words = WORD.findall(PLACEHOLDER.sub("", text))
    return all(word in PROPER_NAMES or word in SHARED_WORDS.get(lang, set()) for word in words)


def test_english_french_and_german_are_registered_each_under_its_own_name(catalogues):
    assert {"en", "fr", "de"} <= set(catalogues)
    names = {lang: catalogue.get("lang.name") for lang, catalogue in catalogues.items()}
    assert names["en"] == "English" and names["fr"] == "Français" and names["de"] == "Deutsch"
    assert all(names.values()) and len(set(names.values())) == len(names), names


def test_every_language_has_exactly_the_english_keys(catalogues):
    english = catalogues["en"]
    problems = {}
    for lang in translations(catalogues):
        missing = [key for key in english if key not in catalogues[lang]]
        extra = [key for key in catalogues[lang] if key not in english]
        if missing or extra:
            problems[lang] = {"missing": missing, "extra": extra}
    assert problems == {}


def test_keys_come_in_the_english_order(catalogues):
    """Same order, so that a catalogue can be read side by side with English."""
    english = [key for key in catalogues["en"]]
    for lang in translations(catalogues):
        shared = [key for key in catalogues[lang] if key in catalogues["en"]]
        assert shared == [key for key in english if key in catalogues[lang]], lang


def test_every_value_is_a_non_empty_string(catalogues):
    bad = [(lang, key) for lang, catalogue in catalogues.items() for key, text in catalogue.items()
           if not isinstance(text, str) or not text.strip()]
    assert bad == []


def test_placeholders_match_english(catalogues):
    english = catalogues["en"]
    bad = [(lang, key, placeholders(english[key]), placeholders(text))
           for lang in translations(catalogues) for key, text in catalogues[lang].items()
           if key in english and placeholders(text) != placeholders(english[key])]
    assert bad == []


def test_nothing_is_left_in_english(catalogues):
    english = catalogues["en"]
    left = [(lang, key, text) for lang in translations(catalogues) for key, text in catalogues[lang].items()
            if text == english.get(key) and not may_stay_english(lang, text)]
    assert left == []


def test_the_allowances_are_really_used(catalogues):
    """Every shared word still excuses some value, so the list cannot grow stale and hide a gap."""
    english = catalogues["en"]
    for lang, words in SHARED_WORDS.items():
        same = " ".join(text for key, text in catalogues[lang].items() if text == english.get(key))
        assert sorted(w for w in words if w not in WORD.findall(PLACEHOLDER.sub("", same))) == [], lang


def test_the_checks_catch_a_value_left_in_english():
    assert not may_stay_english("de", "Take a visible card.")
    assert not may_stay_english("de", "Total")  # French may keep it, German may not
    assert may_stay_english("fr", "Total")
    assert may_stay_english("de", "{name}: Hype {hype}.")
    assert may_stay_english("ja", "Starbots™: {step} ({space}).")
    assert may_stay_english("ja", "+{n} {res}")
