"""Every text a lesson names exists in every catalogue, and no catalogue keeps a lesson text nobody uses.

Lessons (engine/brewhouse/<game>/lessons.json) hold catalogue keys, never prose: a
lesson's title and summary, each step's text and hint, each check's label.  A key
missing from one of the four catalogues would show itself on screen in that
language, so each key named by any lesson must be in all of them, with the
{placeholders} the lesson's params fill.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from support.catalogue import ALL_CATALOGUES_JS, forms
from support.node import run_module

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "brewhouse"
LANGUAGES = ("en", "fr", "de", "ja")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def lesson_files() -> list[Path]:
    return sorted(ENGINE.glob("*/lessons.json"))


def texts(lesson: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, key, params) of every text of one lesson; a text is a key or {text, params}."""
    def one(where: str, value: Any, params: dict[str, Any] | None = None):
        if isinstance(value, dict):
            return where, value.get("text"), {**(params or {}), **value.get("params", {})}
        return where, value, params or {}

    lid = lesson.get("id")
    yield one(f"{lid} title", lesson.get("title"))
    yield one(f"{lid} summary", lesson.get("summary"))
    for i, step in enumerate(lesson.get("steps", [])):
        yield one(f"{lid} step {i} text", step.get("text"), step.get("params"))
        if "hint" in step:
            yield one(f"{lid} step {i} hint", step["hint"])
        for e in step.get("expect", []):
            yield one(f"{lid} step {i} check {e.get('name')}", e.get("label"))


def all_texts() -> list[tuple[str, str, dict[str, Any]]]:
    out = []
    for path in lesson_files():
        game = path.parent.name
        for lesson in json.loads(path.read_text(encoding="utf-8")).get("lessons", []):
            out.extend((f"{game}/{where}", key, params) for where, key, params in texts(lesson))
    return out


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, Any]]:
    return run_module(ALL_CATALOGUES_JS)


def test_lessons_exist_to_check():
    assert lesson_files(), "no lessons.json under engine/brewhouse"
    assert all_texts()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_text_is_in_the_catalogue(catalogues, lang):
    catalogue = catalogues[lang]
    missing = [f"{where}: {key}" for where, key, _ in all_texts() if not isinstance(key, str) or key not in catalogue]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_placeholder_of_a_lesson_text_is_filled(catalogues, lang):
    """A lesson's message asks only for the params the lesson gives (a check's label, a step's text)."""
    catalogue = catalogues[lang]
    unfilled = []
    for where, key, params in all_texts():
        for text in forms(catalogue.get(key, "")):
            names = set(PLACEHOLDER.findall(text)) - set(params)
            if names:
                unfilled.append(f"{where}: {key} needs {sorted(names)}")
    assert unfilled == []


def test_the_lesson_pages_texts_are_in_every_catalogue(catalogues):
    """The page's own texts (learn.*) are English's keys in every language."""
    english = {k for k in catalogues["en"] if k.startswith("learn.")}
    assert len(english) > 20
    for lang in LANGUAGES:
        assert {k for k in catalogues[lang] if k.startswith("learn.")} == english, lang


def test_the_catalogues_hold_no_lesson_text_nobody_uses(catalogues):
    """lesson.<game>.* keys belong to lessons: one left behind by a removed step is dead text."""
    used = {key for _, key, _ in all_texts()}
    games = {path.parent.name for path in lesson_files()}
    dead = sorted(k for k in catalogues["en"] if k.split(".")[:2] in ([["lesson", g] for g in games]) and k not in used)
    assert dead == []
