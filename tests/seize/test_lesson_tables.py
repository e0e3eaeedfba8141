"""The Seize lessons start from the worked examples' own tables: the parts of the position an
example's numbers depend on are the ones its test builds (so the shared numbers mean the same)."""
from __future__ import annotations

import pytest

from brewhouse.core.lessons import build_start, lesson, load_lessons, read_path

from .helpers import GAME
from .lesson_starts import BUILDERS
from .test_examples import MICHI, michi_service_table, scoring_table

SERVICE_TABLE = [["phase"], ["stack"], ["cursor"], ["first"], ["empty_cup"], ["players", MICHI, "res"],
                 ["players", MICHI, "hype"], ["players", MICHI, "line"], ["players", MICHI, "pantry"],
                 ["players", MICHI, "style"], ["players", MICHI, "discard"], ["players", 0, "line"],
                 ["city", 0, "slots"], ["city", 0, "discard", -1]]


def start(lesson_id: str) -> dict:
    return build_start(GAME, lesson("seize", lesson_id))[1]


@pytest.mark.parametrize("lesson_id", [l.id for l in load_lessons("seize")])
def test_every_lesson_starts_where_its_builder_puts_it(lesson_id):
    """(After a change to the cards or a builder: ``python -m tests.seize.lesson_starts``.)"""
    assert lesson_id in BUILDERS
    assert dict(lesson("seize", lesson_id).start) == BUILDERS[lesson_id]()


def test_the_service_lessons_start_at_michis_service_table():
    mine, theirs = start("service-1"), michi_service_table()
    assert {str(p): read_path(mine, p) for p in SERVICE_TABLE} == {str(p): read_path(theirs, p) for p in SERVICE_TABLE}
    first = lesson("seize", "service-1").start["script"]
    for later in ("service-2", "word-of-mouth"):  # the same table, then the moves already made
        script = lesson("seize", later).start["script"]
        assert script[:len(first)] == first and all("move" in e for e in script[len(first):])


def test_the_scoring_lesson_ends_with_the_scoring_tables_result():
    l = lesson("seize", "scoring")
    state = start("scoring")
    for step in l.steps:
        if step["kind"] == "act":
            state = GAME.apply(state, step["move"]).state
    assert GAME.outcome(state).to_json() == GAME.outcome(scoring_table()).to_json()
