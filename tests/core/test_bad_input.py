"""Malformed calls to the real games get a typed, short error and change nothing.

Found by fuzzing the API: a Seize ``scenario`` that is a list or an object
raised an untyped ``TypeError``; unknown option names and ``players`` values
were echoed whole; JSON nested thousands of levels deep reached ``json.loads``
(fatal in Pyodide, whose WebAssembly stack overflows first).
"""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from brewhouse.api import Api
from brewhouse.seize.solo import load_solo
from brewhouse.core.editions import edition_book, is_later_number
from brewhouse.core.safejson import MAX_JSON_DEPTH, loads_bounded, nesting_depth

WEIRD = [[], {}, [1], {"a": 1}, [[[]]], None, 1.5, True, -1, 10**30, "x" * 5000, "constructor"]
OPTIONS = {
    "seize": ({"players": 1, "starbots_level": 3}, ["players", "scoop_luck", "starbots_level", "first_player", "scenario"]),
    "cafe": ({"players": 2}, ["players", "variant"]),
    "rush": ({"players": 2}, ["players", "opening"]),
}


def _assert_typed(out: dict) -> None:
    assert not out["ok"]
    error = out["error"]
    assert error["code"] not in ("internal_error", "error"), error
    assert len(error["message"]) <= 300, error["message"][:80]
    assert len(json.dumps(error["details"])) <= 400


@pytest.mark.parametrize("game", sorted(OPTIONS))
@pytest.mark.parametrize("method", ["new_game", "replay"])
def test_every_option_with_every_wrong_type_is_a_typed_short_error(game, method):
    base, keys = OPTIONS[game]
    api = Api()
    for key in keys + ["y" * 3000, *(f"extra{i}" * 50 for i in range(3))]:
        for value in WEIRD:
            params = {"game": game, "config": {**base, key: value}, "seed": 1}
            if method == "replay":
                params["moves"] = []
            out = api.call(method, params)
            if not out["ok"]:
                _assert_typed(out)
    assert api.matches == {} or all(m.ply == 0 for m in api.matches.values())


def test_a_seize_scenario_that_is_a_list_or_object_is_an_invalid_config():
    api = Api()
    for scenario in ([], ["after_hours"], {"id": "after_hours"}):
        for method in ("new_game", "replay"):
            out = api.call(method, {"game": "seize", "config": {"players": 1, "scenario": scenario}, "moves": []})
            assert out["error"]["code"] in ("invalid_config", "bad_save"), out
            assert "scenario" in out["error"]["message"]


def test_a_replay_link_from_a_newer_edition_is_too_new_like_a_save():
    """A link naming a rules edition this build does not know was made by a newer version: it says
    so as a save does (``save_too_new``), never that its moves are damaged."""
    api = Api()
    link = {"game": "seize", "config": {"players": 2}, "seed": 1, "seats": ["human", "easy"], "moves": ["any"]}
    for digest in ({}, {"digest": "0" * 16}):
        out = api.call("replay", {**link, "edition": "999999", **digest})
        assert out["error"]["code"] == "save_too_new", out
        assert "newer version" in out["error"]["message"] and out["error"]["details"]["edition"] == "999999"
    assert api.matches == {}


def test_unknown_options_and_players_are_echoed_truncated():
    api = Api()
    names = {f"{i}-" + "z" * 5000: 1 for i in range(40)}
    out = api.call("new_game", {"game": "rush", "config": {"players": 2, **names}})
    assert out["error"]["code"] == "invalid_config"
    assert len(out["error"]["message"]) < 300 and "and 35 more" in out["error"]["message"]
    assert all(len(o) <= 40 for o in out["error"]["details"]["options"])
    out = api.call("new_game", {"game": "cafe", "config": {"players": "p" * 10000}})
    assert out["error"]["code"] == "invalid_config" and len(out["error"]["details"]["players"]) <= 40
    out = api.call("new_game", {"game": "cafe", "config": {"players": 10**40}})
    assert len(str(out["error"]["details"]["players"])) <= 40


def test_the_api_fields_of_a_live_match_refuse_every_wrong_type():
    api = Api()
    st = api.call("new_game", {"game": "seize", "config": {"players": 2}, "seed": 1})["result"]
    save = api.call("save", {"match": st["match"]})["result"]
    for value in WEIRD:
        for key in ("match", "player", "ply", "move", "level", "budget_ms", "seed"):
            for method in ("view", "legal_moves", "apply_move", "status", "log", "save"):
                out = api.call(method, {"match": st["match"], "player": 0, "move": "space:beans", key: value})
                if not out["ok"]:
                    _assert_typed(out)
        for key in ("format", "version", "engine", "game", "edition", "config", "seed", "seats", "moves", "state_sha256"):
            out = api.call("load", {"save": {**save, key: value}})
            if not out["ok"]:
                _assert_typed(out)
        if value is not None:  # no upto: the whole save
            _assert_typed(api.call("load", {"save": save, "upto": value}))


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 3500, 100_000])
def test_deeply_nested_json_never_reaches_the_parser(depth, monkeypatch):
    api = Api()
    deep = "[" * depth + "]" * depth
    calls = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda *a, **k: calls.append(1) or real(*a, **k))
    out = json.loads(api.call_json("status", deep))  # the API's own answer is parsed by our wrapper too
    assert out["error"]["code"] == "bad_request" and "nested deeper" in out["error"]["message"]
    save_text = '{"format": "brewhouse-save", "moves": ' + deep + "}"
    out = api.call("load", {"save": save_text})
    assert out["error"]["code"] == "bad_save" and "nested deeper" in out["error"]["message"]
    assert len(calls) == 1  # only the test's own parse of the answer


def test_bounded_json_accepts_every_real_save_and_counts_only_real_brackets():
    assert loads_bounded('{"moves": ["[[[[", "{{{{"]}') == {"moves": ["[[[[", "{{{{"]}
    assert nesting_depth('["\\"[[[", [[1]]]') == 3
    assert nesting_depth("[" * 10) == 10
    with pytest.raises(ValueError, match="longer than"):
        loads_bounded("1" * 20, max_chars=10)
    with pytest.raises(ValueError):
        loads_bounded('"' + "\\\"[" * 100_000)  # an unterminated string is rejected, not scanned again and again


# ---------------------------------------------------------------- config and save boundaries
SCENARIOS = [s["id"] for s in load_solo()["scenarios"] if s.get("playable")]


@pytest.mark.parametrize("variants", [[1, "artisan"], [None, "x"], ["a", ["b"]], [{}, {}], [["pastries"]],
                                      "artisan", {"artisan": True}, 3])
def test_solo_scenario_variants_of_any_wrong_type_are_an_invalid_config(variants):
    api = Api()
    for method in ("new_game", "replay"):
        out = api.call(method, {"game": "seize", "moves": [],
                                "config": {"players": 1, "scenario": SCENARIOS[0], "variants": variants}})
        assert out["error"]["code"] in ("invalid_config", "bad_save"), out
        assert "variants" in out["error"]["message"]
    assert api.matches == {}


@pytest.mark.parametrize("edition", ["²", "٣", "1²", "9" * 5000, "0" * 5000 + "1", " 9", "9 ", "+9", "-1", "", "x"])
def test_an_edition_that_is_no_known_number_is_a_bad_save(edition):
    api = Api()
    save = api.call("save", {"match": api.call("new_game", {"game": "rush", "seed": 1})["result"]["match"]})["result"]
    out = api.call("load", {"save": {**save, "edition": edition}})
    _assert_typed(out)
    assert out["error"]["code"] == ("save_too_new" if edition == "9" * 5000 else "bad_save"), out


def test_an_edition_of_many_digits_above_the_current_one_is_from_a_newer_version():
    current = edition_book("brewhouse.seize").current.id
    assert is_later_number("1" + "0" * 5000, current) and is_later_number(str(int(current) + 1), current)
    assert not is_later_number(current, current) and not is_later_number("0" * 4999 + current, current)
    assert not is_later_number("0", current) and not is_later_number("²" * 3, current)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                     max_leaves=6)
_SEIZE_KEYS = ("players", "variants", "scenario", "district", "groups", "difficulty", "opening", "friends", "packs",
               "founders", "starbots_level", "first_player", "scoop_luck")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=st.dictionaries(st.sampled_from(_SEIZE_KEYS), _JSON | st.sampled_from(SCENARIOS), max_size=4),
       solo=st.booleans())
def test_fuzzed_seize_configs_never_reach_an_internal_error(values, solo):
    config = {"players": 1, "scenario": SCENARIOS[0]} if solo else {"players": 2}
    out = Api().call("new_game", {"game": "seize", "config": {**config, **values}, "seed": 1})
    if not out["ok"]:
        _assert_typed(out)


_SAVE = None


def _a_save() -> dict:
    global _SAVE
    if _SAVE is None:
        api = Api()
        match = api.call("new_game", {"game": "rush", "seed": 3})["result"]["match"]
        _SAVE = api.call("save", {"match": match})["result"]
    return _SAVE


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.text(max_size=12) | st.from_regex(r"\A[0-9]{1,40}\Z") | _JSON,
       version=st.sampled_from([1, 2, 3]) | _JSON, engine=st.text(max_size=12) | _JSON)
def test_fuzzed_save_editions_and_versions_never_reach_an_internal_error(edition, version, engine):
    out = Api().call("load", {"save": {**_a_save(), "edition": edition, "version": version, "engine": engine}})
    if not out["ok"]:
        _assert_typed(out)
