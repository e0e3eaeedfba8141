"""brewhouse.warmup: what a memory snapshot holds beyond the engine's import."""
from __future__ import annotations

import subprocess
import sys

from brewhouse.api import Api
from brewhouse.core.registry import REGISTRY
from brewhouse.warmup import warm_up


def test_warm_up_imports_every_playable_game_and_its_data():
    script = (
        "import sys, brewhouse.api\n"
        "before = set(sys.modules)\n"
        "from brewhouse.warmup import warm_up\n"
        "print(warm_up())\n"
        "from brewhouse.seize.data import load_db\n"
        "from brewhouse.cafe.cards import default_catalog\n"
        "from brewhouse.rush.data import load_data\n"
        "from brewhouse.core.editions import edition_book\n"
        "print([f.cache_info().currsize for f in (load_db, default_catalog, load_data, edition_book)])\n"
        "print(sorted({m.split('.')[1] for m in set(sys.modules) - before if m.startswith('brewhouse.')}))\n")
    lines = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.splitlines()
    assert lines[0] == str(REGISTRY.available_ids())
    assert lines[1] == "[1, 1, 1, 3]"  # each game's current data and its editions, loaded once and cached
    assert {"seize", "cafe", "rush"} <= set(eval(lines[2]))


def test_warm_up_leaves_no_match_and_changes_no_game(api: Api):
    warm_up()
    out = api.call("new_game", {"game": "toy", "seed": 5})
    assert out["ok"] and out["result"]["match"] == "m1"  # the first match id is still the first
    from brewhouse.api import DEFAULT_API

    first = DEFAULT_API.call("new_game", {"game": "seize", "seed": 9})["result"]
    warm_up()
    again = DEFAULT_API.call("new_game", {"game": "seize", "seed": 9})["result"]
    assert {k: v for k, v in first.items() if k != "match"} == {k: v for k, v in again.items() if k != "match"}


def test_known_answer_is_each_games_fixed_table_and_leaves_no_match(api: Api):
    from brewhouse.core.match import Match, state_digest
    from brewhouse.warmup import known_answer

    answer = known_answer()
    assert list(answer) == REGISTRY.available_ids()
    assert answer == known_answer()  # the same on every run: a restored engine must give it again
    assert answer["seize"] == state_digest(Match(REGISTRY.get("seize"), None, 1).state)
    assert REGISTRY.get("seize").has_districts  # Seize the Bean's is an expansion table
    # moves change it (a table that played differently would not match)
    assert known_answer(moves=2)["seize"] != answer["seize"]
    out = api.call("new_game", {"game": "toy", "seed": 5})
    assert out["result"]["match"] == "m1"
