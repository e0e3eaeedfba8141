"""Lessons: a rulebook's worked example turned into a short position a newcomer plays.

A lesson is data, in ``brewhouse/<game>/lessons.json``::

    {"lessons": [
      {"id": "hype",                                  # unique within the game, [a-z0-9-]
       "title": "lesson.seize.hype.title",            # catalogue keys (web/js/i18n/*.js), never prose
       "summary": "lesson.seize.hype.summary",
       "player": 0,                                    # the learner's seat
       "start": {"config": {...}, "seed": 7,           # a normal game set-up ...
                 "script": [                           # ... then, in order, scripted changes:
                   {"set": ["players", 0, "res"], "value": {"beans": 2}},   # write a state path
                   {"move": "space:attract"}]},        # or play a move (any player, chance)
       "steps": [
         {"kind": "explain", "text": "lesson.seize.hype.1"},
         {"kind": "act", "text": "lesson.seize.hype.do", "hint": "lesson.seize.hype.hint",
          "move": "space:beans",                       # the only move the lesson accepts
          "then": ["..."]},                            # scripted follow-ups (others' moves, chance)
         {"kind": "check", "text": "lesson.seize.hype.result",
          "expect": [{"name": "farah_hype", "label": "lesson.seize.hype.farah",
                      "path": ["players", 0, "hype"], "value": 3}]}]}]}

``set`` builds the example's exact position (the book names the cards, the resources, the
track positions; a seed cannot).  ``expect`` values are the book's numbers: the worked-example
tests read them with :func:`expected` so the numbers live in one place.  ``label`` and ``text``
keys may carry parameters: ``{"text": "key", "params": {...}}`` is accepted wherever a key is.

Two optional keys of an expectation reach numbers a state path alone cannot show:
``"from": "outcome"`` reads ``path`` in the game's final result (``{"scores", "winners",
"breakdown"}``, see :class:`~brewhouse.core.game.Outcome`; nothing before the game is over)
instead of the state, and ``"length": true`` compares how many items the list or object at
``path`` holds (cards drawn, penalties taken) rather than which ones.  Other keys of a lesson
(a ``"source"`` naming the rulebook section) are kept and ignored.  ``"show": "seats"`` says
that the numbers the expectation reads are seats (a winner, the new master): the page names the
players instead of printing 0 or 1.

The API (see :mod:`brewhouse.api`) plays a lesson as a live match: ``list_lessons``,
``start_lesson``, ``lesson_move`` (only the step's move is accepted; any other is refused with
the step's hint and changes nothing) and ``lesson_next`` (leaves an explain or check step).
Every response carries :meth:`LessonRun.to_json`.  A lesson is never saved.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Optional, Sequence

from .errors import BadRequest, IllegalMove
from .game import Event, Game, State, json_copy

__all__ = ["Lesson", "LessonRun", "LessonError", "load_lessons", "lesson", "expected", "build_start",
           "read_path", "play_step", "validate", "WrongMove"]

_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")
_KEY = re.compile(r"^lesson\.[a-z]+\.[A-Za-z0-9_.-]+$")
STEP_KINDS = ("explain", "act", "check")
#: where an expectation's path starts: the live state, or the game's outcome once it is over
EXPECT_FROM = ("state", "outcome")
#: what an expectation's numbers are, when they are not plain numbers (the page reads them as words)
EXPECT_SHOW = ("seats",)


class LessonError(ValueError):
    """Lesson data that does not hold (raised by the loader and :func:`validate`)."""


class WrongMove(IllegalMove):
    """The learner chose another move than the one the lesson's step teaches."""

    code = "lesson_wrong_move"


@dataclass(frozen=True)
class Lesson:
    """One lesson's data, checked for shape (see :func:`validate` for the play-through)."""

    game: str
    id: str
    title: str
    summary: str
    player: int
    start: Mapping[str, Any]
    steps: tuple[Mapping[str, Any], ...]

    def public(self) -> dict[str, Any]:
        return {"game": self.game, "id": self.id, "title": self.title, "summary": self.summary,
                "steps": len(self.steps)}


def _text(value: Any, where: str) -> None:
    key = value.get("text") if isinstance(value, Mapping) else value
    if not isinstance(key, str) or not _KEY.match(key):
        raise LessonError(f"{where}: a text must be a catalogue key 'lesson.<game>.…', got {key!r}")


def _parse(game: str, raw: Any) -> Lesson:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{game}: a lesson must be an object")
    lid = raw.get("id")
    if not isinstance(lid, str) or not _ID.match(lid):
        raise LessonError(f"{game}: bad lesson id {lid!r}")
    where = f"{game}/{lid}"
    for key in ("title", "summary"):
        _text(raw.get(key), f"{where} {key}")
    start = raw.get("start")
    if not isinstance(start, Mapping) or not isinstance(start.get("seed", 0), int):
        raise LessonError(f"{where}: 'start' must be an object with an integer seed")
    for i, entry in enumerate(start.get("script", [])):
        if not (isinstance(entry, Mapping) and (("set" in entry and "value" in entry and isinstance(entry["set"], list))
                                                or isinstance(entry.get("move"), str))):
            raise LessonError(f"{where}: script entry {i} must be {{'set': path, 'value': v}} or {{'move': id}}")
    steps = raw.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{where}: a lesson needs steps")
    names: set[str] = set()
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping) or step.get("kind") not in STEP_KINDS:
            raise LessonError(f"{where} step {i}: kind must be one of {STEP_KINDS}")
        _text(step, f"{where} step {i}")
        if step["kind"] == "act":
            if not isinstance(step.get("move"), str):
                raise LessonError(f"{where} step {i}: an act step names its move")
            _text(step.get("hint"), f"{where} step {i} hint")
            if not all(isinstance(m, str) for m in step.get("then", [])):
                raise LessonError(f"{where} step {i}: 'then' is a list of move ids")
        if step["kind"] == "check":
            expect = step.get("expect")
            if not isinstance(expect, list) or not expect:
                raise LessonError(f"{where} step {i}: a check step expects something")
            for e in expect:
                if not (isinstance(e, Mapping) and isinstance(e.get("path"), list) and "value" in e
                        and isinstance(e.get("name"), str)):
                    raise LessonError(f"{where} step {i}: each expectation has name, path and value")
                if e.get("from", "state") not in EXPECT_FROM or not isinstance(e.get("length", False), bool):
                    raise LessonError(f"{where} step {i}: 'from' is one of {EXPECT_FROM}, 'length' true or false")
                if e.get("show") is not None and e["show"] not in EXPECT_SHOW:
                    raise LessonError(f"{where} step {i}: 'show' is one of {EXPECT_SHOW}")
                _text(e.get("label"), f"{where} step {i} label")
                if e["name"] in names:
                    raise LessonError(f"{where}: expectation name {e['name']!r} used twice")
                names.add(e["name"])
    if not any(s["kind"] == "act" for s in steps):
        raise LessonError(f"{where}: a lesson asks the learner to play at least one move")
    player = raw.get("player", 0)
    if type(player) is not int or player < 0:
        raise LessonError(f"{where}: bad player {player!r}")
    return Lesson(game, lid, _key(raw["title"]), _key(raw["summary"]), player, start, tuple(steps))


def _key(value: Any) -> str:
    return value.get("text") if isinstance(value, Mapping) else value


@lru_cache(maxsize=None)
def load_lessons(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` in teaching order (none when the game ships no lessons.json)."""
    if not isinstance(game, str) or not game.isidentifier():
        raise BadRequest("game must be a string id")
    try:
        text = (resources.files(f"brewhouse.{game}") / "lessons.json").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return ()
    data = json.loads(text)
    lessons = tuple(_parse(game, raw) for raw in data.get("lessons", []))
    ids = [l.id for l in lessons]
    if len(set(ids)) != len(ids):
        raise LessonError(f"{game}: duplicate lesson ids")
    return lessons


def lesson(game: str, lesson_id: Any) -> Lesson:
    for l in load_lessons(game):
        if l.id == lesson_id:
            return l
    raise BadRequest(f"no lesson '{str(lesson_id)[:40]}' for {game}", game=game)


def expected(game: str, lesson_id: str, name: str) -> Any:
    """The book's number that ``lesson_id`` checks under ``name`` (shared with the example tests)."""
    for step in lesson(game, lesson_id).steps:
        for e in step.get("expect", ()):
            if e["name"] == name:
                return json_copy(e["value"])
    raise KeyError(f"{game}/{lesson_id} checks nothing named {name!r}")


def read_path(state: Any, path: Sequence[Any]) -> Any:
    node = state
    for part in path:
        node = node[part]
    return node


def _write_path(state: Any, path: Sequence[Any], value: Any) -> None:
    if not path:
        raise LessonError("a 'set' path cannot be empty")
    parent = read_path(state, path[:-1])
    last = path[-1]
    if isinstance(parent, list) and not (isinstance(last, int) and -len(parent) <= last < len(parent)):
        raise LessonError(f"'set' index {last!r} outside a list of {len(parent)}")
    if isinstance(parent, dict) and last not in parent:
        raise LessonError(f"'set' key {last!r} is not in the state (lessons change values, never the shape)")
    parent[last] = json_copy(value)


def build_start(game: Game, l: Lesson) -> tuple[dict[str, Any], State, list[str]]:
    """The lesson's normalised config, its start state and the moves its script played."""
    config = game.normalize_config(l.start.get("config"))
    state = game.setup(config, l.start.get("seed", 0))
    moves: list[str] = []
    for entry in l.start.get("script", ()):
        if "move" in entry:
            state = game.apply(state, entry["move"]).state
            moves.append(entry["move"])
        else:
            state = json_copy(state)
            _write_path(state, entry["set"], entry["value"])
    return config, state, moves


@dataclass
class LessonRun:
    """Where a learner is in a lesson; kept on the live match."""

    lesson: Lesson
    index: int = 0
    checks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def step(self) -> Optional[Mapping[str, Any]]:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def enter(self, state: State, game: Optional[Game] = None) -> None:
        """Compute the current step's checks (if it is a check step) against ``state``.

        ``game`` gives the outcome that ``"from": "outcome"`` expectations read (without it
        they find nothing)."""
        step = self.step
        self.checks = [] if step is None or step["kind"] != "check" else [
            _check(state, e, game) for e in step["expect"]]

    def to_json(self) -> dict[str, Any]:
        step = self.step
        public = None
        if step is not None:
            public = {k: json_copy(v) for k, v in step.items() if k not in ("expect", "then")}
            if step["kind"] == "check":
                public["checks"] = json_copy(self.checks)
        return {"game": self.lesson.game, "id": self.lesson.id, "title": self.lesson.title,
                "index": self.index, "count": len(self.lesson.steps), "step": public, "done": self.done,
                "player": self.lesson.player}


def _check(state: State, e: Mapping[str, Any], game: Optional[Game] = None) -> dict[str, Any]:
    root: Any = state
    if e.get("from", "state") == "outcome":
        outcome = game.outcome(state) if game is not None else None
        root = outcome.to_json() if outcome is not None else None
    try:
        actual = json_copy(read_path(root, e["path"]))
        if e.get("length"):
            actual = len(actual)
    except (KeyError, IndexError, TypeError):
        actual = None
    label = e["label"]
    return {"name": e["name"], "label": _key(label), "show": e.get("show"),
            "params": json_copy(label.get("params", {})) if isinstance(label, Mapping) else {},
            "expected": json_copy(e["value"]), "actual": actual, "ok": actual == e["value"]}


def play_step(game: Game, state: State, step: Mapping[str, Any], move_id: Any) -> tuple[State, list[Event]]:
    """The state after the learner plays ``move_id`` at act ``step`` and the script answers.

    Any other move raises :class:`WrongMove` carrying the step's hint; nothing changes.
    """
    if move_id != step["move"]:
        raise WrongMove("this lesson step asks for another move", hint=_key(step["hint"]),
                        params=json_copy(step["hint"].get("params", {})) if isinstance(step["hint"], Mapping) else {})
    events: list[Event] = []
    for m in [step["move"], *step.get("then", ())]:
        t = game.apply(state, m)
        state = t.state
        events.extend(t.events)
    return state, events


def validate(game: Game, l: Lesson) -> list[dict[str, Any]]:
    """Play ``l`` through ``game`` and return every check; raise :class:`LessonError` if a move is
    illegal where the lesson plays it, or the learner is not the one to act at an act step."""
    try:
        _, state, _ = build_start(game, l)
    except Exception as err:  # noqa: BLE001 - reported with the lesson's name
        raise LessonError(f"{l.game}/{l.id}: its start does not build: {err}") from err
    run = LessonRun(l)
    run.enter(state, game)
    results: list[dict[str, Any]] = list(run.checks)
    while not run.done:
        step = run.step
        assert step is not None
        if step["kind"] == "act":
            if game.active_player(state) != l.player:
                raise LessonError(f"{l.game}/{l.id} step {run.index}: the learner (seat {l.player}) is not to act")
            legal = [m.id for m in game.legal_moves(state)]
            if step["move"] not in legal:
                raise LessonError(f"{l.game}/{l.id} step {run.index}: {step['move']!r} is not legal here "
                                  f"(legal: {legal[:12]})")
            try:
                state, _ = play_step(game, state, step, step["move"])
            except IllegalMove as err:
                raise LessonError(f"{l.game}/{l.id} step {run.index}: a scripted follow-up fails: {err}") from err
        run.index += 1
        run.enter(state, game)
        results.extend(run.checks)
    return results
