"""Table URLs (web/js/table/url.js) parsed under Node, as the browser parses them.

`lang` belongs to the page, not to the table: it is accepted on every table URL
and changes nothing in the route; it is still checked like any parameter.
"""
from __future__ import annotations

import json

import pytest

from support.node import run_module

GAMES = [{"id": "seize", "title": "Seize the Bean", "available": True}]
OPTIONS = {"scoop": {"type": "bool", "config": "scoop_luck"}}


def parse(*searches: str) -> list[dict]:
    """parseRoute of each search: the route, or {"error": key, "params": …} for a RouteError."""
    script = f"""
        import {{ parseRoute, RouteError }} from "./web/js/table/url.js";
        const deps = {{ games: {json.dumps(GAMES)}, tables: {{ seize: true }}, optionsFor: () => ({json.dumps(OPTIONS)}) }};
        const out = {json.dumps(list(searches))}.map((search) => {{
          try {{ return parseRoute(search, deps); }}
          catch (err) {{ if (err instanceof RouteError) return {{ error: err.key, params: err.params }}; throw err; }}
        }});
        console.log(JSON.stringify(out));"""
    return run_module(script)


@pytest.mark.parametrize("search", [
    "?game=seize&seats=human,random&seed=7&scoop=1",
    "?game=seize",
    "?resume=abc-123",
])
def test_lang_is_accepted_on_every_table_url_and_changes_nothing(search):
    plain, with_lang, lang_first = parse(search, search + "&lang=de", search.replace("?", "?lang=fr&", 1))
    assert "error" not in plain, plain
    assert with_lang == plain and lang_first == plain


def test_lang_is_still_checked_like_any_parameter():
    twice, too_long = parse("?game=seize&seats=human,random&lang=de&lang=fr",
                            "?game=seize&seats=human,random&lang=" + "x" * 20001)
    assert twice == {"error": "table.error.duplicate", "params": {"name": "lang"}}
    assert too_long == {"error": "table.error.tooLong", "params": {"name": "lang"}}


def test_other_unknown_parameters_are_still_refused():
    (result,) = parse("?game=seize&seats=human,random&lang=de&language=de")
    assert result == {"error": "table.error.unknownParam", "params": {"name": "language"}}


def test_a_replay_digest_is_parsed_and_a_bad_one_or_one_without_moves_is_refused():
    digest = "0123456789abcdef"
    base = "?game=seize&seats=human,random&seed=7&moves=zAAA&edition=4"
    good, whole, old, upper, short, alone = parse(
        base + f"&digest={digest}", base + "&digest=" + "f" * 64, base,
        base + "&digest=" + digest.upper(), base + "&digest=abc", f"?game=seize&seats=human,random&digest={digest}")
    assert good["digest"] == digest and whole["digest"] == "f" * 64
    assert "digest" not in old and "error" not in old  # a link made before links carried one
    for refused, value in ((upper, digest.upper()), (short, "abc"), (alone, digest)):
        assert refused == {"error": "table.error.badDigest", "params": {"digest": value}}


def test_a_replay_share_link_carries_the_short_digest_after_the_edition():
    script = """
        globalThis.location = { href: "http://x/index.html" };
        const { shareURL } = await import("./web/js/table/url.js");
        const setup = { game: "seize", seats: ["human", "easy"], seed: 7, edition: "4", digest: "ab".repeat(32) };
        console.log(JSON.stringify([shareURL(setup, "zAAA"), shareURL(setup)]));"""
    replay, plain = run_module(script)
    assert replay == "http://x/index.html?game=seize&seats=human,easy&seed=7&moves=zAAA&edition=4&digest=" + "ab" * 8
    assert plain == "http://x/index.html?game=seize&seats=human,easy&seed=7"


@pytest.mark.parametrize("search", [
    "", "?lang=de", "?game=seize&seats=human,random", "?resume=abc", "?seats=human,remote",
    "?learn=seize", "?join=1", "?guest=abc-1", "?replay=1", "?game=",
])
def test_the_early_script_and_the_router_agree_on_a_tables_address(search):
    """js/route-early.js marks a table's address before the first paint; it must name exactly the
    addresses isTableRoute() opens as a table, or a page would show neither home nor table."""
    script = f"""
        import {{ readFileSync }} from "node:fs";
        import {{ isTableRoute }} from "./web/js/table/url.js";
        const classes = new Set();
        globalThis.location = {{ search: {json.dumps(search)} }};
        globalThis.document = {{ documentElement: {{ classList: {{ add: (c) => classes.add(c) }} }} }};
        globalThis.localStorage = {{ getItem: () => null }};  // an English reader: the cards stay shown
        Object.defineProperty(globalThis, "navigator", {{ value: {{ language: "en-GB" }}, configurable: true }});
        new Function(readFileSync("web/js/route-early.js", "utf8"))();
        console.log(JSON.stringify([classes.has("at-table"), isTableRoute({json.dumps(search)})]));"""
    early, router = run_module(script)
    assert early == router


def test_a_guests_copy_is_opened_by_its_id_alone():
    """``?guest=<id>``: this device's copy of a remote seat (web/js/remote/guest-copy.js), read only."""
    ok, extra, bad = parse("?guest=" + "c" * 64 + "-1", "?guest=abc-1&game=rush", "?guest=a%20b")
    assert ok == {"kind": "guest-copy", "id": "c" * 64 + "-1"}
    assert extra["error"] == "table.error.unknownParam" and bad["error"] == "table.error.badResume"
