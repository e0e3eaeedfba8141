"""Rules editions: a save replays with the card data and rules it was made under.

The real games' edition books are checked against their live data files; the
mechanism itself is exercised end to end on a small card game whose data
file and one rule change between two editions, in a package built here.
"""
from __future__ import annotations

import hashlib
import json
import sys
import textwrap
from typing import Any, Callable, Mapping

import pytest

from brewhouse.api import Api
from brewhouse.core import Move, State, Transition
from brewhouse.core.editions import EditionBook, edition_book
from brewhouse.core.errors import BadSave, SaveDiverged, SaveTooNew
from brewhouse.core.match import Match, state_digest
from brewhouse.core.registry import REGISTRY, GameInfo, Registry
from support.toygame import ToyGame

GAMES = {"seize": "brewhouse.seize", "cafe": "brewhouse.cafe", "rush": "brewhouse.rush"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_edition_book_matches_its_data_files(game_id):
    book = edition_book(GAMES[game_id])
    assert book.problems() == []
    assert REGISTRY.get(game_id).edition is book.current
    for edition in book.editions:
        game = REGISTRY.get(game_id, edition.id)
        assert game.edition is edition and game.rules == edition.rules


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


OLD_DATA = json.dumps({"deck": list(range(1, 13))})
NEW_DATA = json.dumps({"deck": list(range(1, 11)) + [20, 30]})


@pytest.fixture
def edtoy(tmp_path, monkeypatch):
    """A package ``edtoy`` with two editions: new cards, and sevens scoring double from edition 2."""
    pkg = tmp_path / "edtoy"
    (pkg / "editions" / "1").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "data.json").write_text(NEW_DATA)
    (pkg / "editions" / "1" / "data.json").write_text(OLD_DATA)
    editions = {"data_files": ["data.json"], "editions": [
        {"id": "1", "engine": "0.1.0", "date": "2026-01-01", "data": {"data.json": _sha(OLD_DATA)}, "rules": []},
        {"id": "2", "engine": "0.2.0", "date": "2026-02-01", "data": {"data.json": _sha(NEW_DATA)},
         "rules": ["sevens-double"]}]}
    (pkg / "editions.json").write_text(json.dumps(editions))
    monkeypatch.syspath_prepend(str(tmp_path))
    edition_book.cache_clear()
    yield pkg
    edition_book.cache_clear()
    sys.modules.pop("edtoy", None)


class EditionedToy(ToyGame):
    """The toy duel over a data file (its deck), with one rule change in edition 2."""

    id = "edtoy"
    edition_package = "edtoy"

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        if data is None:
            book = self.edition_book()
            data = book.read_json(book.current, "data.json")
        self.deck = list(data["deck"])

    @classmethod
    def with_data(cls, read: Callable[[str], Any]) -> "EditionedToy":
        return cls(read("data.json"))

    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        state = super().setup(config, seed)
        deck = state["deck"] + [c for h in state["hands"] for c in h]
        mapped = {old: new for old, new in zip(range(1, 13), self.deck)}  # same shuffle, this edition's cards
        state["deck"] = [mapped[c] for c in state["deck"]]
        state["hands"] = [[mapped[c] for c in h] for h in state["hands"]]
        assert sorted(deck) == list(range(1, 13))
        return state

    def play(self, state: State, move: Move) -> Transition:
        out = super().play(state, move)
        if "sevens-double" in self.rules and move.payload.get("card") == 7:
            out.state["scores"][(out.state["turn"] - 1) % out.state["config"]["players"]] += 7
        return out


def _registry() -> Registry:
    registry = Registry()
    registry.add(GameInfo("edtoy", "Edition toy", 2, 3, available=True), EditionedToy.for_edition(
        EditionedToy.edition_book().current))
    return registry


def _play(match: Match, n: int) -> None:
    for _ in range(n):
        moves = match.game.legal_moves(match.state)
        if not moves:
            return
        plays = [m for m in moves if m.payload["kind"] == "play"]
        match.apply((plays or moves)[-1].id)


def test_a_save_replays_with_the_data_and_rules_of_its_edition(edtoy):
    registry = _registry()
    old = Match(registry.get("edtoy", "1"), {"players": 2}, 5, ["human", "human"])
    _play(old, 30)
    assert old.game.outcome(old.state) is not None
    save = json.loads(json.dumps(old.to_save()))
    assert save["edition"] == "1" and sorted(old.state["scores"]) != []

    loaded = Match.from_save(save, registry)
    assert loaded.game.edition.id == "1" and loaded.game.rules == frozenset()
    assert state_digest(loaded.state) == save["state_sha256"]
    assert max(max(h, default=0) for h in loaded.state["hands"]) <= 12

    # the same game under today's edition is another game: other cards, sevens double
    new = Match(registry.get("edtoy"), {"players": 2}, 5, ["human", "human"])
    assert new.game.edition.id == "2" and "sevens-double" in new.game.rules
    assert new.to_save()["edition"] == "2"
    _play(new, 30)
    assert state_digest(new.state) != save["state_sha256"]


def test_a_definition_built_directly_plays_the_current_edition(edtoy):
    game = EditionedToy()
    assert game.edition.id == "2" and game.rules == frozenset({"sevens-double"})
    assert game.deck == json.loads(NEW_DATA)["deck"]


def test_saves_before_editions_are_the_first_edition(edtoy):
    registry = _registry()
    old = Match(registry.get("edtoy", "1"), {"players": 2}, 8, ["human", "human"])
    _play(old, 7)
    save = old.to_save()
    v1 = {k: v for k, v in save.items() if k not in ("engine", "edition")} | {"version": 1}
    assert Match.from_save(v1, registry).game.edition.id == "1"
    assert state_digest(Match.from_save(v1, registry).state) == save["state_sha256"]


def test_a_later_edition_or_format_is_a_newer_build_not_damage(edtoy):
    registry = _registry()
    save = Match(registry.get("edtoy"), {"players": 2}, 1, ["human", "human"]).to_save()
    with pytest.raises(SaveTooNew, match=r"made with a newer version of Brewhouse \(0\.9\)"):
        Match.from_save({**save, "edition": "3", "engine": "0.9.4"}, registry)
    with pytest.raises(SaveTooNew, match=r"newer version of Brewhouse \(1\.3\)") as err:
        Match.from_save({**save, "version": 3, "engine": "1.3.0"}, registry)
    assert err.value.code == "save_too_new" and err.value.details["engine"] == "1.3.0"
    with pytest.raises(BadSave, match="unknown rules edition") as bad:
        Match.from_save({**save, "edition": "deluxe"}, registry)
    assert bad.value.code == "bad_save"


def test_edition_archives_are_checked(edtoy):
    book = EditionBook("edtoy")
    assert book.problems() == []
    (edtoy / "editions" / "1" / "data.json").write_text(OLD_DATA + " ")
    assert any("does not match its hash" in p for p in EditionBook("edtoy").problems())
    (edtoy / "editions" / "1" / "data.json").unlink()
    assert any("not archived" in p for p in EditionBook("edtoy").problems())
    (edtoy / "data.json").write_text(OLD_DATA)
    assert any("data.json changed since edition 2" in p for p in EditionBook("edtoy").problems())


def test_a_save_that_no_longer_replays_opens_where_it_still_fits(edtoy):
    registry = _registry()
    match = Match(registry.get("edtoy"), {"players": 2}, 3, ["human", "human"])
    _play(match, 12)
    save = match.to_save()
    tampered = dict(save, moves=save["moves"][:5] + ["play:99"] + save["moves"][6:])
    with pytest.raises(SaveDiverged) as err:
        Match.from_save(tampered, registry)
    assert err.value.code == "save_diverged" and err.value.details == {"ply": 5, "moves": 12}
    assert "move 6 of 12" in err.value.message and "opened at move 5" in err.value.message
    opened = Match.from_save(tampered, registry, upto=5)
    assert opened.ply == 5 and opened.moves == save["moves"][:5]

    other_digest = dict(save, state_sha256="0" * 64)
    with pytest.raises(SaveDiverged) as err:
        Match.from_save(other_digest, registry)
    assert err.value.details == {"ply": 12, "moves": 12}
    assert Match.from_save(other_digest, registry, upto=12).ply == 12


def test_the_api_reports_editions_and_opens_a_diverged_save(edtoy):
    api = Api(_registry())
    info = api.call("engine_info")["result"]
    assert info["editions"] == {"edtoy": "2"}
    st = api.call("new_game", {"game": "edtoy", "seed": 4, "config": {"players": 2}})["result"]
    assert st["edition"] == "2"
    for _ in range(6):
        move = api.call("bot_move", {"match": st["match"], "level": "random", "seed": 1})["result"]["move"]
        api.call("apply_move", {"match": st["match"], "move": move})
    save = api.call("save", {"match": st["match"]})["result"]
    broken = dict(save, moves=save["moves"][:2] + ["nonsense"] + save["moves"][3:])
    out = api.call("load", {"save": broken})
    assert out["error"]["code"] == "save_diverged" and out["error"]["details"] == {"ply": 2, "moves": 6}
    opened = api.call("load", {"save": broken, "upto": 2})["result"]
    assert opened["ply"] == 2 and opened["replayed"] == {"moves": 2, "of": 6}
    assert api.call("load", {"save": broken, "upto": 7})["error"]["code"] == "bad_request"
    # share links: a link without an edition predates editions (edition 1); new links name theirs
    old_link = api.call("replay", {"game": "edtoy", "seed": 4, "config": {"players": 2}, "moves": []})["result"]
    assert old_link["edition"] == "1"
    new_link = api.call("replay", {"game": "edtoy", "seed": 4, "config": {"players": 2}, "moves": save["moves"],
                                   "edition": "2"})["result"]
    assert new_link["edition"] == "2" and new_link["ply"] == 6
    assert api.call("replay", {"game": "edtoy", "seed": 4, "moves": [], "edition": "7"})["error"]["code"] == "save_too_new"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_definition_built_directly_is_the_current_edition(game_id):
    """SeizeGame() and friends (tests, tools) play the live data: the current edition, rules and saves alike."""
    cls = type(REGISTRY.get(game_id))
    game = cls()
    book = edition_book(GAMES[game_id])
    assert game.edition is book.current and game.rules == book.current.rules
    match = Match(game, None, 1)
    assert match.to_save()["edition"] == book.current.id
