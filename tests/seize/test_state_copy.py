"""The Seize state copy: equal to the original, sharing no mutable part with it."""
from __future__ import annotations

import random
from collections import Counter

from brewhouse.core.game import json_copy
from brewhouse.core.match import Match
from brewhouse.core.registry import REGISTRY
from brewhouse.seize.state_copy import copy_seize_state

G = REGISTRY.get("seize")


def _containers(obj, found):
    if isinstance(obj, (dict, list)):
        found.add(id(obj))
        for v in obj.values() if isinstance(obj, dict) else obj:
            _containers(v, found)
    return found


def _states(config, seed, plies):
    match = Match(G, config, seed)
    rng = random.Random(seed)
    out = [match.state]
    for _ in range(plies):
        if match.active_player is None:
            break
        match.apply(rng.choice(G.legal_moves(match.state)).id)
        out.append(match.state)
    return out


def test_copy_is_equal_and_shares_nothing_through_a_game():
    for config in ({"players": 2}, {"players": 4}, {"players": 1, "starbots_level": 12}):
        for s in _states(config, 3, 400)[::7]:
            c = copy_seize_state(s)
            assert c == s
            assert not (_containers(s, set()) & _containers(c, set()))


def test_unknown_fields_are_copied_deeply():
    s = _states({"players": 2}, 1, 30)[-1]
    s["extra"] = {"a": [1]}
    s["players"][0]["notes"] = [{"x": 1}]
    c = copy_seize_state(s)
    c["extra"]["a"].append(2)
    c["players"][0]["notes"][0]["x"] = 2
    assert s["extra"] == {"a": [1]} and s["players"][0]["notes"] == [{"x": 1}]


def test_generic_copy_falls_back_for_what_marshal_refuses():
    s = {"counts": Counter(a=1), "rows": [[1, 2]]}
    c = json_copy(s)
    assert c == s and c["rows"] is not s["rows"] and c["counts"] is not s["counts"]
