"""The golden save corpus: saves made by earlier builds load in this one, exactly.

Every file in ``tests/fixtures/saves`` was written by an earlier engine and is
frozen (see its README).  Each must replay, with the rules edition it was
made under, to the state digest it recorded.  A change that breaks one needs
a migration or a kept edition, never a new fixture.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from brewhouse.api import Api
from brewhouse.core.match import Match, state_digest

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
INDEX = json.loads((CORPUS / "corpus.json").read_text())["saves"]
SAVES = sorted(INDEX)


def test_the_corpus_has_what_every_build_must_keep_loading():
    games = {name.split("-")[0] for name in SAVES}
    assert games == {"seize", "cafe", "rush"}
    for game in games:
        mine = [INDEX[n] for n in SAVES if n.startswith(game + "-")]
        assert any(e["finished"] for e in mine) and any(not e["finished"] for e in mine), game
    assert any("starbots" in n for n in SAVES)
    assert any(n.startswith("cafe-solo") for n in SAVES) and any(n.startswith("cafe-auction") for n in SAVES)
    assert any(n.startswith("rush-opening") for n in SAVES)
    assert sorted(p.stem for p in CORPUS.glob("*-*.json") if not p.name.startswith("export")) == SAVES


@pytest.mark.parametrize("name", SAVES)
def test_every_golden_save_replays_to_its_recorded_digest(name):
    save = json.loads((CORPUS / f"{name}.json").read_text())
    match = Match.from_save(save)  # raises on any divergence
    assert state_digest(match.state) == save["state_sha256"]
    assert match.ply == INDEX[name]["moves"] == len(save["moves"])
    assert (match.active_player is None) == INDEX[name]["finished"]


@pytest.mark.parametrize("name", SAVES)
def test_a_golden_save_keeps_its_edition_when_saved_again(name):
    """Loading and saving again (what autosave does) keeps the old edition, so the game stays the same."""
    save = json.loads((CORPUS / f"{name}.json").read_text())
    again = Match.from_save(save).to_save()
    assert again["edition"] == "1" and again["state_sha256"] == save["state_sha256"]
    assert Match.from_save(json.loads(json.dumps(again))).ply == len(save["moves"])


def test_the_golden_export_file_loads_through_the_api():
    export = json.loads((CORPUS / "export-v1.brewhouse-saves.json").read_text())
    api = Api()
    for record in export["records"]:
        out = api.call("load", {"save": record["save"]})
        assert out["ok"], out
        status = out["result"]
        assert (status["ply"], status["phase"], status["seats"]) == (record["ply"], record["phase"], record["seats"])
        assert status["edition"] == "1" and status["replayed"] == {"moves": record["ply"], "of": record["ply"]}
