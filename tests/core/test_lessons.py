"""Lessons: every lesson of every game plays through the engine and checks the book's numbers;
the API plays them as live matches that accept only the step's move."""
from __future__ import annotations

import pytest

from brewhouse.api import Api
from brewhouse.core import lessons
from brewhouse.core.registry import REGISTRY

ALL = [(g, l.id) for g in REGISTRY.available_ids() for l in lessons.load_lessons(g)]


@pytest.mark.parametrize("game,lesson_id", ALL)
def test_every_lesson_plays_to_the_books_numbers(game, lesson_id):
    results = lessons.validate(REGISTRY.get(game), lessons.lesson(game, lesson_id))
    assert results, "a lesson checks at least one number"
    assert [r for r in results if not r["ok"]] == []


def test_the_api_accepts_only_the_steps_move_and_refuses_the_rest_unchanged():
    api = Api()
    game, lid = ALL[0]
    l = lessons.lesson(game, lid)
    r = api.call("start_lesson", {"game": game, "lesson": lid})
    assert r["ok"], r
    match = r["result"]["match"]
    assert r["result"]["lesson"]["index"] == 0 and not r["result"]["can_undo"]
    for _ in range(len(l.steps)):
        out = api.call("status", {"match": match})["result"]
        info = api._lesson_out(match, api.matches[match])["lesson"]
        step = info["step"]
        if step["kind"] == "act":
            ply = out["ply"]
            wrong = api.call("lesson_move", {"match": match, "move": "nope"})
            assert wrong["error"]["code"] == "lesson_wrong_move"
            assert wrong["error"]["details"]["hint"] == step["hint"]
            assert api.call("status", {"match": match})["result"]["ply"] == ply
            assert api.call("lesson_next", {"match": match})["error"]["code"] == "bad_request"
            r = api.call("lesson_move", {"match": match, "move": step["move"]})
            assert r["ok"], r
            assert isinstance(r["result"]["events"], list)
        else:
            r = api.call("lesson_next", {"match": match})
            assert r["ok"], r
    assert r["result"]["lesson"]["done"]
    for method in ("save", "undo"):
        assert api.call(method, {"match": match})["error"]["code"] == "bad_request"
    assert api.call("apply_move", {"match": match, "move": "x"})["error"]["code"] == "bad_request"


def test_lesson_calls_refuse_garbage():
    api = Api()
    assert not api.call("start_lesson", {"game": "seize", "lesson": "no-such"})["ok"]
    assert not api.call("start_lesson", {"game": 3})["ok"]
    m = api.call("new_game", {"game": "seize", "seed": 1})["result"]["match"]
    assert api.call("lesson_next", {"match": m})["error"]["code"] == "bad_request"
    assert api.call("list_lessons", {"game": "seize"})["ok"]


def test_a_set_cannot_change_the_states_shape():
    bad = lessons.Lesson("seize", "x", "lesson.seize.x", "lesson.seize.x", 0,
                         {"config": {"players": 2}, "seed": 1, "script": [{"set": ["players", 0, "nope"], "value": 1}]},
                         ({"kind": "act", "text": "lesson.seize.x", "hint": "lesson.seize.x", "move": "space:beans"},))
    with pytest.raises(lessons.LessonError, match="never the shape"):
        lessons.validate(REGISTRY.get("seize"), bad)


def _cafe_lesson(expect, **extra):
    """A one-check Café lesson on the solo set-up (the act step plays the first legal move)."""
    game = REGISTRY.get("cafe")
    first = game.legal_moves(game.setup(game.normalize_config({"players": 1}), 1))[0].id
    raw = {"id": "x", "title": "lesson.cafe.x", "summary": "lesson.cafe.x",
           "start": {"config": {"players": 1}, "seed": 1},
           "steps": [{"kind": "check", "text": "lesson.cafe.x", "expect": expect},
                     {"kind": "act", "text": "lesson.cafe.x", "hint": "lesson.cafe.x", "move": first}], **extra}
    return lessons._parse("cafe", raw)


def test_an_expectation_may_count_items_or_read_the_outcome_and_a_source_is_ignored():
    l = _cafe_lesson([{"name": "colours", "label": "lesson.cafe.x", "path": ["players", 0, "warehouse"], "value": 4,
                       "length": True},
                      {"name": "score", "label": "lesson.cafe.x", "path": ["scores", 0], "value": 0, "from": "outcome"}],
                     source="001 fr, 'Placement des cartes Plan'")
    checks = {c["name"]: c for c in lessons.validate(REGISTRY.get("cafe"), l)}
    assert checks["colours"]["actual"] == 4 and checks["colours"]["ok"]
    # no outcome before the game is over: the check fails rather than reading the state
    assert checks["score"]["actual"] is None and not checks["score"]["ok"]


@pytest.mark.parametrize("bad", [{"from": "elsewhere"}, {"length": "yes"}])
def test_an_unknown_source_of_numbers_is_refused(bad):
    with pytest.raises(lessons.LessonError, match="'from'"):
        _cafe_lesson([{"name": "n", "label": "lesson.cafe.x", "path": ["round"], "value": 1, **bad}])


def test_an_expectation_may_say_its_numbers_are_seats_and_the_check_carries_it():
    l = _cafe_lesson([{"name": "master", "label": "lesson.cafe.x", "path": ["master"], "value": 0, "show": "seats"},
                      {"name": "round", "label": "lesson.cafe.x", "path": ["round"], "value": 1}])
    checks = {c["name"]: c for c in lessons.validate(REGISTRY.get("cafe"), l)}
    assert checks["master"]["show"] == "seats" and checks["round"]["show"] is None
    with pytest.raises(lessons.LessonError, match="'show'"):
        _cafe_lesson([{"name": "n", "label": "lesson.cafe.x", "path": ["round"], "value": 1, "show": "squares"}])


@pytest.mark.parametrize("game,lesson_id", [("cafe", "scoring"), ("rush", "end-turn")])
def test_the_api_shows_checks_read_from_the_outcome(game, lesson_id):
    api = Api()
    out = api.call("start_lesson", {"game": game, "lesson": lesson_id})["result"]
    match, checks = out["match"], []
    while not out["lesson"]["done"]:
        step = out["lesson"]["step"]
        checks += step.get("checks", [])
        call = ("lesson_move", {"match": match, "move": step["move"]}) if step["kind"] == "act" else \
            ("lesson_next", {"match": match})
        out = api.call(*call)["result"]
    assert checks and all(c["ok"] for c in checks), [c for c in checks if not c["ok"]]
    assert {"final", "total"} & {c["name"] for c in checks}


def _outcome_lesson(source="outcome"):
    return lessons._parse("seize", {
        "id": "x", "title": "lesson.seize.x", "summary": "lesson.seize.x",
        "start": {"config": {"players": 2}, "seed": 1},
        "steps": [{"kind": "act", "text": "lesson.seize.x", "hint": "lesson.seize.x", "move": "space:beans"},
                  {"kind": "check", "text": "lesson.seize.x", "expect": [
                      {"name": "winners", "label": "lesson.seize.x", "path": ["winners"], "value": [1], "from": source}]}]})


def test_an_expectation_may_read_the_finished_games_outcome():
    game = REGISTRY.get("seize")
    l = _outcome_lesson()
    _, state, _ = lessons.build_start(game, l)
    run = lessons.LessonRun(l, index=1)
    run.enter(state, game)
    assert run.checks[0]["actual"] is None and not run.checks[0]["ok"]  # the game goes on: no outcome yet
    state["stack"], state["phase"] = [], "over"
    state["players"][1]["good"] = 9
    run.enter(state, game)
    assert run.checks[0]["actual"] == [1] and run.checks[0]["ok"]
    run.enter(state)  # without the game nothing is scored
    assert run.checks[0]["actual"] is None

