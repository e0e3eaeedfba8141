"""The home page's build-time data (wasm-build/home_data.py): a module the browser imports,
holding exactly what the engine answers to list_games and list_lessons."""
from __future__ import annotations

import sys
from pathlib import Path

from brewhouse.api import Api
from support.node import run_module

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "wasm-build"))

from home_data import HOME_DATA, write_home_data  # noqa: E402


def test_the_home_data_module_holds_the_engines_own_answers(tmp_path):
    (tmp_path / "js").mkdir()
    written = write_home_data(tmp_path)
    imported = run_module(f'import data from "{(tmp_path / HOME_DATA).as_uri()}"; console.log(JSON.stringify(data));')
    assert imported == written
    api = Api()
    assert written["games"] == api.call("list_games")["result"]
    playable = [g["id"] for g in written["games"] if g["available"]]
    assert set(written["lessons"]) == set(playable)
    for game in playable:
        assert written["lessons"][game] == len(api.call("list_lessons", {"game": game})["result"]) > 0
