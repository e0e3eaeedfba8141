"""The message catalogues (web/js/i18n/*.js) read as real sentences: no "card(s)",
"Karte(n)" shortcuts, plural forms where a count decides the words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "web" / "js" / "i18n"
LANGUAGES = ("en", "fr", "de", "ja")
#: one message per line: "key": "text", or "key": { one: "…", other: "…" },
MESSAGE = re.compile(r'^  "(?P<key>[\w.\-]+)": (?P<value>".*"|\{ .* \}),$')
FORM = re.compile(r'(\w+): ("(?:[^"\\]|\\.)*")')
#: "card(s)", "point(s)", "bateau(x)", "restant(e)", "Karte(n)", "Bewertung(en)", "Feld(er)", "Feld(ern)"…
PLURAL_SHORTCUT = re.compile(r"\w\((?:s|x|e|es|n|en|er|ern)\)")
#: a few lines a new player meets, each with a singular form of its own in these languages
#: (German "1 Ansturm-Marker" is its own plural, so German shows another line of the table)
SINGULAR_FORMS = {
    "en": ("seize.ev.good_review", "seize.count.beans", "seize.starbots.deck", "cafe.cubesN.green", "cafe.squares",
           "rush.rushTokens", "seize.why.place"),
    "fr": ("seize.ev.good_review", "seize.count.beans", "seize.starbots.deck", "cafe.cubesN.green", "cafe.squares",
           "rush.rushTokens", "seize.why.place"),
    "de": ("seize.ev.good_review", "seize.count.beans", "seize.starbots.deck", "cafe.cubesN.green", "cafe.squares",
           "rush.penaltyCount", "seize.why.place"),
}


def messages(lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for line in (I18N / f"{lang}.js").read_text(encoding="utf-8").splitlines():
        m = MESSAGE.match(line)
        if not m:
            continue
        value = m["value"]
        out[m["key"]] = dict((k, v[1:-1]) for k, v in FORM.findall(value)) if value.startswith("{") else value[1:-1]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_plural_shortcut_is_left(lang):
    catalogue = messages(lang)
    assert len(catalogue) > 1000  # the parser reads the whole file
    found = {key: value for key, value in catalogue.items() if PLURAL_SHORTCUT.search(str(value))}
    assert found == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_the_fallback_form_and_only_real_categories(lang):
    plural = {key: forms for key, forms in messages(lang).items() if isinstance(forms, dict)}
    assert len(plural) > 40
    for key, forms in plural.items():
        assert "other" in forms, key
        assert set(forms) <= {"zero", "one", "two", "few", "many", "other"}, key


@pytest.mark.parametrize("lang", SINGULAR_FORMS)
def test_count_bearing_messages_agree_with_one(lang):
    catalogue = messages(lang)
    for key in SINGULAR_FORMS[lang]:
        assert isinstance(catalogue[key], dict), key
        assert catalogue[key]["one"] != catalogue[key]["other"], key


def test_japanese_counts_have_the_one_form_japanese_has():
    """Japanese words do not change with a number: Intl.PluralRules("ja") only ever says "other"."""
    plural = {key: forms for key, forms in messages("ja").items() if isinstance(forms, dict)}
    assert {key: sorted(forms) for key, forms in plural.items() if set(forms) != {"other"}} == {}
    assert set(SINGULAR_FORMS["en"]) <= set(plural)
