"""The message catalogues (web/js/i18n/en.js, fr.js) read as real sentences:
no "card(s)" shortcuts, plural forms where a count decides the words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "web" / "js" / "i18n"
LANGUAGES = ("en", "fr")
#: one message per line: "key": "text", or "key": { one: "…", other: "…" },
MESSAGE = re.compile(r'^  "(?P<key>[\w.\-]+)": (?P<value>".*"|\{ .* \}),$')
FORM = re.compile(r'(\w+): ("(?:[^"\\]|\\.)*")')
#: "card(s)", "point(s)", "bateau(x)", "restant(e)"…
PLURAL_SHORTCUT = re.compile(r"\w\((?:s|x|e|es)\)")


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


def test_count_bearing_messages_agree_with_one_in_both_languages():
    """A few lines a new player met: each has a singular form in both languages."""
    en, fr = messages("en"), messages("fr")
    for key in ("seize.ev.good_review", "seize.count.beans", "seize.starbots.deck", "cafe.cubesN.green", "cafe.squares",
                "rush.rushTokens", "seize.why.place"):
        assert isinstance(en[key], dict) and isinstance(fr[key], dict), key
        assert en[key]["one"] != en[key]["other"] and fr[key]["one"] != fr[key]["other"], key
