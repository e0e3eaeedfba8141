"""Rules editions: which card data and which rule changes a game is played with.

A save is ``(game, config, seed, moves)`` replayed by the engine, so a change
of card data, or of a rule that alters replays, would turn every earlier save
into another game.  Each game therefore numbers its **editions** in an
``editions.json`` beside its data files::

    {"data_files": ["cards.json", "solo.json"],
     "editions": [
       {"id": "1", "engine": "0.1.0", "date": "2026-11-25",
        "data": {"cards.json": "<sha256>", "solo.json": "<sha256>"},
        "rules": [], "notes": "..."},
       {"id": "2", "engine": "0.2.0", "date": "...", "data": {...},
        "rules": ["city-discard-slides"], "notes": "..."}]}

* the **last** edition is the current one: its ``data`` hashes are those of
  the live data files (a test fails the moment a data file changes without a
  new edition); ``data_files`` lists the current edition's files, and an
  older edition lists only the files it had (a file added later, such as an
  expansion's group data, is absent from the editions before it);
* an older edition's data file that differs from the live one is kept,
  byte for byte, at ``editions/<id>/<file>`` and checked against its hash
  when it is read;
* ``rules`` names the rule changes an edition introduces; they stay in force
  in every later edition.  Rules code asks ``"city-discard-slides" in
  game.rules``, so an old save replays with the rules it was played under.

A save records the edition of its game (set at ``new_game``); saves made
before editions existed are edition ``"1"``.

>>> book = EditionBook("brewhouse.rush")
>>> book.current.id == book.editions[-1].id
True
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from .errors import BadSave, SaveTooNew

__all__ = ["Edition", "EditionBook", "edition_book", "sha256_text", "FIRST_EDITION"]

#: the edition of every save made before saves recorded one
FIRST_EDITION = "1"
EDITIONS_FILE = "editions.json"
ARCHIVE_DIR = "editions"


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Edition:
    """One edition of a game's rules: its data files (by hash) and rule changes in force."""

    id: str
    engine: str
    date: str
    data: Mapping[str, str]
    #: every rule change in force in this edition (its own and all earlier ones)
    rules: frozenset[str]
    notes: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "engine": self.engine, "date": self.date, "rules": sorted(self.rules)}


class EditionBook:
    """The editions of one game package, and the data files of each."""

    def __init__(self, package: str) -> None:
        self.package = package
        raw = json.loads(self._files().joinpath(EDITIONS_FILE).read_text(encoding="utf-8"))
        self.data_files: tuple[str, ...] = tuple(raw["data_files"])
        self.editions: tuple[Edition, ...] = ()
        in_force: set[str] = set()
        editions = []
        for entry in raw["editions"]:
            in_force |= set(entry.get("rules", ()))
            editions.append(Edition(str(entry["id"]), entry["engine"], entry["date"], dict(entry["data"]),
                                    frozenset(in_force), entry.get("notes", "")))
        self.editions = tuple(editions)
        self._by_id = {e.id: e for e in self.editions}

    def _files(self) -> Any:
        return resources.files(self.package)

    @property
    def current(self) -> Edition:
        return self.editions[-1]

    def get(self, edition_id: Any, engine: Any = None) -> Edition:
        """The edition with this id; :class:`SaveTooNew` for a later one, :class:`BadSave` for garbage.

        ``engine`` is the engine version that wrote the save, for the message.
        """
        if not isinstance(edition_id, str):
            raise BadSave("save file has no valid rules edition")
        edition = self._by_id.get(edition_id)
        if edition is not None:
            return edition
        if is_later_number(edition_id, self.current.id):
            raise too_new(engine, edition=edition_id[:20])
        raise BadSave(f"save file names an unknown rules edition '{edition_id[:20]}'", edition=edition_id[:20])

    def read_text(self, edition: Edition, name: str) -> str:
        """The text of data file ``name`` as it was in ``edition`` (verified against its hash)."""
        expected = edition.data[name]
        if edition is not self.current:
            archived = self._files().joinpath(ARCHIVE_DIR, edition.id, name)
            if archived.is_file():
                text = archived.read_text(encoding="utf-8")
                if sha256_text(text) != expected:
                    raise ValueError(f"{self.package}: {ARCHIVE_DIR}/{edition.id}/{name} does not match its hash")
                return text
        text = self._files().joinpath(name).read_text(encoding="utf-8")
        if edition is not self.current and sha256_text(text) != expected:
            raise ValueError(f"{self.package}: edition {edition.id} of {name} is not archived")
        return text

    def read_json(self, edition: Edition, name: str) -> Any:
        """Parsed data file ``name`` of ``edition``; ``None`` if that edition had no such file."""
        if name not in edition.data:
            return None
        return json.loads(self.read_text(edition, name))

    def problems(self) -> list[str]:
        """What is inconsistent: live files vs the current edition, missing or altered archives."""
        out = []
        for name in self.data_files:
            live = sha256_text(self._files().joinpath(name).read_text(encoding="utf-8"))
            if self.current.data.get(name) != live:
                out.append(f"{name} changed since edition {self.current.id}: add an edition to "
                           f"{self.package.replace('.', '/')}/{EDITIONS_FILE} and archive the old file "
                           f"under {ARCHIVE_DIR}/{self.current.id}/")
        for edition in self.editions:
            wanted = set(self.data_files) if edition is self.current else set(edition.data)
            if set(edition.data) != wanted or not wanted <= set(self.data_files):
                out.append(f"edition {edition.id} lists {', '.join(sorted(edition.data))}: the current edition "
                           f"must list exactly the data files, an older one only files among them")
                continue
            for name in sorted(edition.data):
                try:
                    self.read_text(edition, name)
                except ValueError as err:
                    out.append(str(err))
        ids = [e.id for e in self.editions]
        if ids != [str(i) for i in range(1, len(ids) + 1)]:
            out.append(f"edition ids must count 1, 2, 3…: {ids}")
        return out


def is_later_number(candidate: str, current: str) -> bool:
    """Whether ``candidate`` is an edition number (ASCII digits only) above ``current``.

    Compared as digit strings, not with ``int()``: ``str.isdigit`` also accepts digits such
    as "²" that ``int`` refuses, and Python refuses ``int()`` of thousands of digits.

    >>> is_later_number("10", "9"), is_later_number("0007", "12"), is_later_number("²", "1")
    (True, False, False)
    """
    if not (candidate.isascii() and candidate.isdigit()):
        return False
    a, b = candidate.lstrip("0"), current.lstrip("0")
    return (len(a), a) > (len(b), b)


def too_new(engine: Any, **details: Any) -> SaveTooNew:
    version = engine[:20] if isinstance(engine, str) and engine else None
    shown = ".".join(version.split(".")[:2]) if version else "unknown"
    return SaveTooNew(f"made with a newer version of Brewhouse ({shown})", engine=version, **details)


@lru_cache(maxsize=None)
def edition_book(package: str) -> EditionBook:
    """The (cached) edition book of a game package."""
    return EditionBook(package)
