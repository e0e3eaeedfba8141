"""Coffee Rush's drinks in every language.

The card data (engine/brewhouse/rush/data.json) names each order card's drink
in English and stays so; the web app shows it through a catalogue key made from
the name by drinkKey (web/js/games/rush/index.js), the only place that rule is
written: these tests ask that function for the keys.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from support.catalogue import ALL_CATALOGUES_JS
from support.node import run_module

DATA = Path(__file__).resolve().parents[2] / "engine" / "brewhouse" / "rush" / "data.json"
RUSH = "./web/js/games/rush/index.js"


def drink_names() -> list[str]:
    return sorted({card["name"] for card in json.loads(DATA.read_text(encoding="utf-8"))["orders"]})


@pytest.fixture(scope="module")
def keys() -> dict[str, str]:
    """Every drink of the card data with its catalogue key."""
    return run_module(f"""import {{ drinkKey }} from "{RUSH}";
        const names = {json.dumps(drink_names())};
        console.log(JSON.stringify(Object.fromEntries(names.map((name) => [name, drinkKey(name)]))));""")


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, object]]:
    return run_module(ALL_CATALOGUES_JS)


def test_the_key_is_the_name_in_lowercase_ascii_with_underscores():
    found = run_module(f"""import {{ drinkKey }} from "{RUSH}";
        console.log(JSON.stringify(["Café au Lait", "Caffè Freddo", "Café Bombón", "Hot Chocolate", "Frappé",
          "Iced Tea", "  Red-Eye  (large) "].map(drinkKey)));""")
    assert found == ["rush.drink.cafe_au_lait", "rush.drink.caffe_freddo", "rush.drink.cafe_bombon",
                     "rush.drink.hot_chocolate", "rush.drink.frappe", "rush.drink.iced_tea", "rush.drink.red_eye_large"]


def test_the_card_data_has_seventy_drinks_each_with_a_key_of_its_own(keys):
    assert len(keys) == 70
    assert len(set(keys.values())) == len(keys)


def test_every_drink_has_its_key_in_every_catalogue(keys, catalogues):
    assert {"en", "fr", "de", "ja"} <= set(catalogues)
    missing = {lang: [name for name, key in keys.items() if key not in catalogue] for lang, catalogue in catalogues.items()}
    assert all(not names for names in missing.values()), missing


def test_english_shows_the_card_data_names_and_no_drink_key_is_left_over(keys, catalogues):
    english = {key: text for key, text in catalogues["en"].items() if key.startswith("rush.drink.")}
    assert english == {key: name for name, key in keys.items()}


def test_japanese_writes_every_drink_in_its_own_script(keys, catalogues):
    """Katakana or kanji, as Japanese menus do: no drink is left in Latin letters."""
    latin = {name: catalogues["ja"][key] for name, key in keys.items() if any("a" <= c.lower() <= "z" for c in catalogues["ja"][key])}
    assert latin == {}


def test_a_drink_is_shown_in_the_players_language_and_an_unknown_one_as_it_is():
    shown = run_module(f"""import {{ setLanguage }} from "./web/js/i18n.js";
        import {{ drinkName }} from "{RUSH}";
        globalThis.localStorage = {{ setItem() {{}}, getItem() {{ return null; }} }};
        globalThis.document = {{ documentElement: {{}}, querySelectorAll: () => [] }};
        const out = {{}};
        for (const lang of ["en", "fr", "de", "ja"]) {{
          await setLanguage(lang);
          out[lang] = ["Hot Chocolate", "Café au Lait", "Cappuccino", "Unheard-of Brew"].map(drinkName);
        }}
        console.log(JSON.stringify(out));""")
    assert shown == {
        "en": ["Hot Chocolate", "Café au Lait", "Cappuccino", "Unheard-of Brew"],
        "fr": ["Chocolat chaud", "Café au lait", "Cappuccino", "Unheard-of Brew"],
        "de": ["Heiße Schokolade", "Milchkaffee", "Cappuccino", "Unheard-of Brew"],
        "ja": ["ホットチョコレート", "カフェオレ", "カプチーノ", "Unheard-of Brew"],
    }
