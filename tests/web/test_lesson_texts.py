"""Every text of the Café and Coffee Rush lessons (titles, steps, hints, check labels) has a
message in each catalogue, so the lesson page never shows a bare key."""
from __future__ import annotations

import pytest

from brewhouse.core import lessons

from test_catalogues import LANGUAGES, messages

GAMES = ("cafe", "rush")


def lesson_keys(game: str) -> list[str]:
    keys = []
    for l in lessons.load_lessons(game):
        keys += [l.title, l.summary]
        for step in l.steps:
            keys += [lessons._key(step["text"])] + ([lessons._key(step["hint"])] if "hint" in step else [])
            keys += [lessons._key(e["label"]) for e in step.get("expect", ())]
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_text_is_in_the_catalogue(game, lang):
    keys = lesson_keys(game)
    assert len(keys) > 20
    catalogue = messages(lang)
    assert [k for k in keys if k not in catalogue] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_catalogues_hold_no_lesson_text_nobody_uses(game):
    used = set(lesson_keys(game))
    assert sorted(k for k in messages("en") if k.startswith(f"lesson.{game}.") and k not in used) == []
