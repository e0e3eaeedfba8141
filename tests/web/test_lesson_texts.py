"""Every text a lesson shows (title, summary, steps, hints, check labels) is a key that every
message catalogue has, and the lesson supplies each {placeholder} that the English text uses;
no catalogue keeps a lesson text that no lesson uses."""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from brewhouse.core import lessons
from brewhouse.core.registry import REGISTRY
from support.node import run_module

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, Any]]:
    return run_module('import * as c from "./web/js/i18n/index.js"; console.log(JSON.stringify(c));')


def texts(l: lessons.Lesson) -> Iterator[tuple[str, dict[str, Any]]]:
    """(key, params) of everything ``l`` shows."""
    def one(value: Any) -> tuple[str, dict[str, Any]]:
        return (value["text"], value.get("params", {})) if isinstance(value, dict) else (value, {})
    yield l.title, {}
    yield l.summary, {}
    for step in l.steps:
        yield one(step)
        if "hint" in step:
            yield one(step["hint"])
        for e in step.get("expect", ()):
            yield one(e["label"])


ALL = [(g, l.id) for g in REGISTRY.available_ids() for l in lessons.load_lessons(g)]


@pytest.mark.parametrize("game,lesson_id", ALL)
def test_every_lesson_text_is_in_every_catalogue(catalogues, game, lesson_id):
    l = lessons.lesson(game, lesson_id)
    for lang, catalogue in catalogues.items():
        missing = [key for key, _ in texts(l) if key not in catalogue]
        assert missing == [], (lang, missing)
    english = catalogues["en"]
    unfilled = [(key, name) for key, params in texts(l) for name in PLACEHOLDER.findall(english[key])
                if name not in params]
    assert unfilled == []


@pytest.mark.parametrize("game", sorted({g for g, _ in ALL}))
def test_the_catalogues_hold_no_lesson_text_nobody_uses(catalogues, game):
    used = {key for l in lessons.load_lessons(game) for key, _ in texts(l)}
    assert sorted(k for k in catalogues["en"] if k.startswith(f"lesson.{game}.") and k not in used) == []
