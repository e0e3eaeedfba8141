"""Learn-to-play URLs (web/js/table/url.js) parsed under Node, as the browser parses them."""
from __future__ import annotations

import json

import pytest

from support.node import run_module

GAMES = [{"id": "seize", "title": "Seize the Bean", "available": True},
         {"id": "later", "title": "Later", "available": False}]


def parse(*searches: str) -> list[dict]:
    script = f"""
        import {{ isTableRoute, parseRoute, RouteError }} from "./web/js/table/url.js";
        const deps = {{ games: {json.dumps(GAMES)}, tables: {{ seize: true }} }};
        const out = {json.dumps(list(searches))}.map((search) => {{
          if (!isTableRoute(search)) return {{ home: true }};
          try {{ return parseRoute(search, deps); }}
          catch (err) {{ if (err instanceof RouteError) return {{ error: err.key }}; throw err; }}
        }});
        console.log(JSON.stringify(out));"""
    return run_module(script)


def test_a_games_lessons_and_one_lesson():
    assert parse("?learn=seize", "?learn=seize&lesson=first-action", "?lang=fr&learn=seize") == [
        {"kind": "lessons", "game": "seize"},
        {"kind": "lesson", "game": "seize", "lesson": "first-action"},
        {"kind": "lessons", "game": "seize"},
    ]


@pytest.mark.parametrize("search,key", [
    ("?learn=nope", "table.error.unknownGame"),
    ("?learn=later", "table.error.notPlayable"),
    ("?learn=", "table.error.unknownGame"),
    ("?learn=seize&lesson=Not%20an%20id", "learn.error.unknown"),
    ("?learn=seize&lesson=", "learn.error.unknown"),
    ("?learn=seize&seats=human", "table.error.unknownParam"),
    ("?learn=seize&learn=seize", "table.error.duplicate"),
])
def test_a_bad_lesson_link_is_a_route_error(search, key):
    assert parse(search) == [{"error": key}]
