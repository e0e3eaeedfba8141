"""The founder decision in the solo scenarios that deal two founders (AO Amor, Café da Nala, Café
Quorra) names the founders still up: both at the start of a Service ("skip" skips both, serving one
is a turn and leaves the other up), then the one left.  It used to name the first founder only,
even once that founder had been served and the skip passed over the second."""
from __future__ import annotations

import json

import pytest

from support.node import run_module

LANGUAGES = ("en", "fr", "de", "ja")


def _founder(fid: str, name: str, up: bool) -> dict:
    return {"id": fid, "group": "hipsters", "up": up, "card": {"id": fid, "name": name}}


def _view(first_up: bool, second_up: bool) -> dict:
    pl = {"founder": _founder("founder_adriano_rahde", "Adriano Rahde", first_up),
          "founder2": _founder("founder_priscilla_anton", "Priscilla Anton", second_up)}
    return {"decision": {"kind": "founder", "player": 0, "founder": "founder_adriano_rahde"}, "players": [pl]}


@pytest.fixture(scope="module")
def worded() -> dict:
    views = {"both": _view(True, True), "second": _view(False, True), "first": _view(True, False)}
    skip = {"id": "founder:skip", "payload": {"kind": "skip_founder", "founder": "founder_adriano_rahde",
                                              "next": "musician_mom"}}
    return run_module(f"""
        globalThis.localStorage = {{ getItem: () => null, setItem: () => {{}} }};
        globalThis.document = {{ documentElement: {{}}, querySelectorAll: () => [] }};
        const {{ setLanguage }} = await import("./web/js/i18n.js");
        const {{ decision, moveText }} = await import("./web/js/games/seize/index.js");
        const names = {{ founder_adriano_rahde: "Adriano Rahde", founder_priscilla_anton: "Priscilla Anton",
                         musician_mom: "Musician Mom" }};
        const ctx = {{ seatName: (p) => `Player${{p + 1}}`, cardName: (id) => names[id] ?? id }};
        const views = {json.dumps(views)};
        const out = {{}};
        for (const lang of {json.dumps(list(LANGUAGES))}) {{
          await setLanguage(lang);
          out[lang] = {{}};
          for (const [k, view] of Object.entries(views)) {{
            const d = decision(view, {{ phase: "service" }}, ctx);
            out[lang][k] = {{ what: d.what, why: d.why, skip: moveText({json.dumps(skip)}, view, ctx) }};
          }}
        }}
        console.log(JSON.stringify(out));""")


def test_both_founders_up_are_named_and_the_skip_passes_both(worded):
    both = worded["en"]["both"]
    assert both["what"] == "Serve your founder Adriano Rahde or Priscilla Anton, or skip both?"
    assert both["skip"] == "Skip Adriano Rahde and Priscilla Anton and serve Musician Mom"
    assert "the other can still be served" in both["why"]


def test_once_one_is_served_only_the_other_is_named(worded):
    second = worded["en"]["second"]
    assert second["what"] == "Serve your founder Priscilla Anton, or skip them?"
    assert second["skip"] == "Skip Priscilla Anton and serve Musician Mom"
    assert worded["en"]["first"]["what"] == "Serve your founder Adriano Rahde, or skip them?"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_names_them(worded, lang):
    for case, names in (("both", ("Adriano Rahde", "Priscilla Anton")), ("second", ("Priscilla Anton",))):
        text = worded[lang][case]
        for name in names:
            assert name in text["what"] and name in text["skip"], (case, text)
        assert "Adriano" not in text["skip"] or case == "both"
        for words in text.values():
            assert not any(bad in words for bad in ("{", "}", "undefined", "seize.")), words
