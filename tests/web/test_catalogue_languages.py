"""The message catalogues of the web app, read as the browser reads them (ES modules, under Node).

Every registered language (web/js/i18n/index.js) has exactly English's keys, in
English's order, with the same {placeholders}; and no value is left in English
unless it is a proper name, symbols only, made of words the language shares
with English, or a drink a café in that language names as English does (both
listed below, per language).  A key added to en.js makes these
tests fail until every language translates it.

A message is a string or its plural forms ({one: "{count} card", other: "{count} cards"}),
keyed by the categories of the language's own Intl.PluralRules ("other" always there).
A message English counts is counted in every language, even where the words do not
change (Japanese has only "other"), so that a translation written against an older,
uncounted English line shows up here.
"""
from __future__ import annotations

import re

import pytest

from support.catalogue import ALL_CATALOGUES_JS, PLURAL_CATEGORIES, forms, general_form
from support.node import run_module

PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: a word: two letters or more (single letters such as the "A" of a square's name are symbols)
WORD = re.compile(r"[^\W\d_]{2,}")
#: names that stay as they are in every language
PROPER_NAMES = {"Brewhouse", "Starbots",
                #: the customer packs keep their names in the French booklet (packs.json name_fr)
                "Board", "Game", "Media", "Quality", "Beasts"}
#: words a language writes exactly as English does; a value made only of these may equal English
SHARED_WORDS = {
    "fr": {"normal", "Normal", "Expert", "Options", "Actions", "actions", "Hype", "Service", "croissant", "Innovation", "Patience",
           "barista", "Style", "Hipsters", "Total", "caramel", "Points", "Rush", "production", "café", "Cafés",
           "Zoom", "Rotation", "excellent", "triangle", "croissants", "cube", "cubes", "point", "points"},
    "de": {"Bot", "Hype", "Innovation", "neutral", "Normal", "Chat"},
}
#: Coffee Rush drinks (rush.drink.* keys only) a menu in the language writes exactly as English does
DRINK_KEYS = "rush.drink."
SAME_DRINKS = {
    "fr": {"Affogato", "Americano", "Babyccino", "Bicerin", "Breve", "Cappuccino", "Cortado", "Espresso", "Frappé",
           "Marocchino", "Mazagran", "Ristretto", "Sencha", "Shakerato", "Yuenyeung"},
    "de": {"Affogato", "Americano", "Babyccino", "Bicerin", "Breve", "Bubble Tea", "Caffè Freddo", "Café Bombón",
           "Café Cubano", "Cappuccino", "Chai Latte", "Cold Brew", "Cortado", "Dirty Chai", "Doppio", "Espresso",
           "Flat White", "Frappé", "Freddo Cappuccino", "Freddo Espresso", "Latte Macchiato", "London Fog",
           "Long Black", "Lungo", "Marocchino", "Masala Chai", "Matcha Latte", "Mazagran", "Piccolo Latte", "Red Eye",
           "Ristretto", "Sencha", "Shakerato", "Yuenyeung"},
}


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str | dict[str, str]]]:
    return run_module(ALL_CATALOGUES_JS)


@pytest.fixture(scope="module")
def plural_categories(catalogues) -> dict[str, set[str]]:
    """Each language's plural categories, as the browser's Intl.PluralRules gives them."""
    found = run_module(f"""console.log(JSON.stringify(Object.fromEntries({list(catalogues)!r}.map(
        (lang) => [lang, new Intl.PluralRules(lang).resolvedOptions().pluralCategories]))));""")
    return {lang: set(categories) for lang, categories in found.items()}


def translations(catalogues) -> list[str]:
    return [lang for lang in catalogues if lang != "en"]


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def message_problems(message, categories=frozenset(PLURAL_CATEGORIES)) -> list[str]:
    """What is wrong with a message's shape: a non-empty string, or non-empty plural forms
    keyed by ``categories`` (the language's own), "other" among them."""
    if isinstance(message, str):
        return [] if message.strip() else ["empty"]
    if not isinstance(message, dict) or not message:
        return [f"neither text nor plural forms: {message!r}"]
    problems = [] if "other" in message else ["no 'other' form"]
    problems += [f"{category}: not a plural category of the language" for category in message if category not in categories]
    problems += [f"{category}: empty" for category, text in message.items() if not isinstance(text, str) or not text.strip()]
    return problems


def placeholder_problems(english, message) -> list[str]:
    """Each form has the placeholders of English's general form; a "one" or "zero" form
    may leave out {count} ("une carte", "den übrigen Würfel")."""
    wanted = placeholders(general_form(english))
    problems = []
    for category, text in (message.items() if isinstance(message, dict) else [("", message)]):
        found = placeholders(text)
        if found == wanted or (category in ("one", "zero") and found == [p for p in wanted if p != "count"]):
            continue
        problems.append(f"{category or 'text'}: {found} instead of {wanted}")
    return problems


def may_stay_english(lang: str, text: str, key: str = "") -> bool:
    if key.startswith(DRINK_KEYS) and text in SAME_DRINKS.get(lang, set()):
        return True
    words = WORD.findall(PLACEHOLDER.sub("", text))
    return all(word in PROPER_NAMES or word in SHARED_WORDS.get(lang, set()) for word in words)


def test_english_french_german_and_japanese_are_registered_each_under_its_own_name(catalogues):
    assert {"en", "fr", "de", "ja"} <= set(catalogues)
    names = {lang: catalogue.get("lang.name") for lang, catalogue in catalogues.items()}
    assert names["en"] == "English" and names["fr"] == "Français" and names["de"] == "Deutsch"
    assert names["ja"] == "日本語"
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


def test_every_value_is_text_or_the_languages_own_plural_forms(catalogues, plural_categories):
    assert plural_categories["ja"] == {"other"} and plural_categories["de"] == {"one", "other"}
    bad = {(lang, key): problems for lang, catalogue in catalogues.items() for key, message in catalogue.items()
           if (problems := message_problems(message, plural_categories[lang]))}
    assert bad == {}


def test_a_message_english_counts_is_counted_in_every_language(catalogues):
    english = catalogues["en"]
    uncounted = [(lang, key) for lang in translations(catalogues) for key, message in catalogues[lang].items()
                 if isinstance(english.get(key), dict) and not isinstance(message, dict)]
    assert uncounted == []


def test_placeholders_match_english(catalogues):
    english = catalogues["en"]
    bad = {(lang, key): problems for lang, catalogue in catalogues.items() for key, message in catalogue.items()
           if key in english and (problems := placeholder_problems(english[key], message))}
    assert bad == {}


def test_nothing_is_left_in_english(catalogues):
    english = catalogues["en"]
    left = [(lang, key, text) for lang in translations(catalogues) for key, message in catalogues[lang].items()
            for text in forms(message)
            if key in english and text in forms(english[key]) and not may_stay_english(lang, text, key)]
    assert left == []


def test_the_allowances_are_really_used(catalogues):
    """Every shared word still excuses some value, so the list cannot grow stale and hide a gap."""
    english = catalogues["en"]
    for lang, words in SHARED_WORDS.items():
        same = " ".join(text for key, message in catalogues[lang].items() for text in forms(message)
                        if key in english and text in forms(english[key]))
        assert sorted(w for w in words if w not in WORD.findall(PLACEHOLDER.sub("", same))) == [], lang
    for lang, drinks in SAME_DRINKS.items():
        same = {message for key, message in catalogues[lang].items() if key.startswith(DRINK_KEYS) and message == english.get(key)}
        assert sorted(drinks - same) == [], lang


def test_the_checks_catch_a_value_left_in_english():
    assert not may_stay_english("de", "Take a visible card.")
    assert not may_stay_english("de", "Total")  # French may keep it, German may not
    assert may_stay_english("fr", "Total")
    assert may_stay_english("de", "{name}: Hype {hype}.")
    assert may_stay_english("ja", "Starbots™: {step} ({space}).")
    assert may_stay_english("ja", "+{n} {res}")
    # a drink named as in English: only under its own key, only where the language's menus say so
    assert may_stay_english("de", "Cold Brew", "rush.drink.cold_brew")
    assert not may_stay_english("de", "Cold Brew", "rush.ev.order_sent")
    assert not may_stay_english("de", "Iced Tea", "rush.drink.iced_tea")
    assert not may_stay_english("ja", "Cappuccino", "rush.drink.cappuccino")


def test_the_checks_catch_a_malformed_message():
    assert message_problems({"one": "{count} Karte", "other": "{count} Karten"}, {"one", "other"}) == []
    assert message_problems({"one": "{count} Karte"}) == ["no 'other' form"]
    assert message_problems({"one": "1 枚", "other": "{count}枚"}, {"other"}) == ["one: not a plural category of the language"]
    assert message_problems({"few": "", "other": "x"}) == ["few: empty"]
    assert message_problems({"plural": "x", "other": "y"}) == ["plural: not a plural category of the language"]
    assert message_problems("  ") == ["empty"] and message_problems(3) != [] and message_problems({}) != []


def test_the_checks_catch_a_placeholder_that_does_not_fit():
    english = {"one": "{name} gets {count} card.", "other": "{name} gets {count} cards."}
    assert placeholder_problems(english, {"one": "{name} reçoit une carte.", "other": "{name} reçoit {count} cartes."}) == []
    assert placeholder_problems(english, {"other": "{name}が{count}枚"}) == []
    assert placeholder_problems(english, "{name} erhält {n} Karte(n).") == ["text: ['n', 'name'] instead of ['count', 'name']"]
    assert placeholder_problems(english, {"one": "{name}", "other": "{name} erhält Karten."}) == [
        "other: ['name'] instead of ['count', 'name']"]
    assert placeholder_problems("{count} of {total} left", {"one": "{total}", "other": "{count} von {total}"}) == []
    assert placeholder_problems("{count} of {total} left", {"one": "{count}", "other": "{count} von {total}"}) == [
        "one: ['count'] instead of ['count', 'total']"]
