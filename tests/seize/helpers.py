"""Helpers to build exact table situations from the rulebook's examples.

Cards are moved (never copied) so card conservation still holds.
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Iterable, Optional

from brewhouse.core import Game
from brewhouse.core.registry import REGISTRY
from brewhouse.seize import SeizeGame
from brewhouse.seize.data import CardDB, load_raw
from brewhouse.seize.model import Ctx, line_entry
from brewhouse.seize.phases import run
from brewhouse.seize.setup import deck_groups

GAME = SeizeGame()
DB = GAME.db
#: the first rules edition (its card data and rules), as saves made under it replay
GAME_V1 = REGISTRY.get("seize", "1")


def game_with(raw: dict) -> SeizeGame:
    """A Seize game over card data ``raw`` (synthetic cards for rules tests) and the shipped solo data."""
    return SeizeGame(CardDB(raw, load_raw("solo.json")))


def new(players: int = 2, seed: int = 0, game: Game = GAME, **cfg) -> dict:
    return game.setup(game.normalize_config({"players": players, **cfg}), seed)


def pluck(state: dict, cid: str) -> None:
    """Remove a card from wherever it is (City slot becomes empty)."""
    for row in state["city"]:
        if cid in row["deck"]:
            row["deck"].remove(cid)
            return
        if cid in row["discard"]:
            row["discard"].remove(cid)
            return
        if cid in row["slots"]:
            row["slots"][row["slots"].index(cid)] = None
            return
    for pl in state["players"]:
        for pile in ("deck", "discard", "pantry", "style"):
            if cid in pl[pile]:
                pl[pile].remove(cid)
                return
        for e in pl["line"]:
            if e["id"] == cid:
                pl["line"].remove(e)
                return
    raise KeyError(cid)


def to_city_bin(state: dict, cid: str) -> None:
    """Park a card at the bottom of its City deck (keeps conservation)."""
    kind = DB.card(cid)["kind"]
    r = {"customer": 0, "pantry": 1, "style": 2}[kind]
    state["city"][r]["deck"].insert(0, cid)


def clear_player(state: dict, p: int) -> None:
    """Send every card of a player's café back to the City deck bottoms (F&F stay aside)."""
    pl = state["players"][p]
    cards = list(pl["deck"]) + list(pl["discard"]) + [e["id"] for e in pl["line"]] + pl["pantry"] + pl["style"]
    pl["deck"], pl["discard"], pl["line"], pl["pantry"], pl["style"] = [], [], [], [], []
    pl["served"] = 0
    state.setdefault("_aside", [])
    for c in cards:
        if "@" in c:
            state["_aside"].append(c)
        else:
            to_city_bin(state, c)


def give(state: dict, p: int, pile: str, cids: Iterable[str], happy: int = 0) -> None:
    pl = state["players"][p]
    for cid in cids:
        if cid in state.get("_aside", []):
            state["_aside"].remove(cid)
        else:
            pluck(state, cid)
        if pile == "line":
            e = line_entry(cid)
            e["happy"] = happy
            pl["line"].append(e)
        else:
            pl[pile].append(cid)


def set_slots(state: dict, r: int, cids: list[Optional[str]], discard_top: Optional[str] = None) -> None:
    row = state["city"][r]
    for c in row["slots"]:
        if c is not None:
            row["deck"].insert(0, c)
    row["slots"] = [None] * 4
    for i, cid in enumerate(cids):
        if cid is not None:
            pluck(state, cid)
        row["slots"][i] = cid
    if discard_top is not None:
        pluck(state, discard_top)
        row["discard"].append(discard_top)


def service(state: dict) -> dict:
    """Jump to the start of the Service phase (lines as prepared)."""
    state["stack"] = []
    state["phase"] = "service"
    state["cursor"] = {"i": 0}
    settle(state)
    return state


def settle(state: dict) -> Ctx:
    cx = Ctx(DB)
    run(state, cx)
    return cx


def push(state: dict, frame: dict) -> Ctx:
    state["stack"].append(frame)
    return settle(state)


def ids(state: dict, game: Game = GAME) -> list[str]:
    return [m.id for m in game.legal_moves(state)]


def play(state: dict, *move_ids: str, game: Game = GAME):
    """Apply moves in order (``game``: the edition playing them); returns (state, events of all moves, reveals of any)."""
    events, reveals = [], False
    for mid in move_ids:
        tr = game.apply(state, mid)
        state = tr.state
        events += tr.events
        reveals = reveals or tr.reveals
    return state, events, reveals


def codes(events) -> list[str]:
    return [e.code for e in events]


def ev(events, code: str) -> list:
    """The events of one code (without the game's prefix)."""
    return [e for e in events if e.code == "seize." + code]


def all_cards(state: dict) -> Counter:
    """Every card instance on the table, stack frames and test-parked cards included."""
    cnt: Counter = Counter()
    for row in state["city"]:
        cnt.update(row["deck"])
        cnt.update(c for c in row["slots"] if c is not None)
        cnt.update(row["discard"])
    for pl in state["players"]:
        for pile in ("deck", "discard", "pantry", "style"):
            cnt.update(pl[pile])
        cnt.update(e["id"] for e in pl["line"])
    for fr in state["stack"]:
        for key in ("peek", "cards", "top", "keep"):
            if key in fr and isinstance(fr[key], list):
                cnt.update(fr[key])
    cnt.update(state.get("_aside", []))
    return cnt


def friends_of(state: dict, p: int, db=None) -> list[str]:
    """Player ``p``'s four Friends & Family instance ids (the base four in states without ``friends``)."""
    pl = state["players"][p]
    if "friends" in pl:
        return list(pl["friends"])
    return [f"{f}@{p}" for f in (db or DB).raw["friends_family"]["base"]]


def expected_cards(state: dict, db=None) -> Counter:
    db = db or DB
    cnt: Counter = Counter()
    for kind in ("customer", "pantry", "style"):
        cnt.update(db.of_kind(kind, deck_groups(state["groups"], state["config"]) if kind == "customer"
                              else state["groups"]))
    for p in range(len(state["players"])):
        cnt.update(friends_of(state, p, db))
    return cnt


def looked_at_rows(state: dict) -> set[int]:
    """City rows whose top cards are set aside right now (Connections: looking, taking, putting back)."""
    rows = set()
    for fr in state["stack"]:
        if fr["t"] == "take" and fr["peek"]:
            rows.add(fr["row"])
        elif fr["t"] == "reorder" and fr["deck"][0] == "city":
            rows.add(fr["deck"][1])
    return rows


def check_city_rows(state: dict) -> None:
    """p. 8: a row shows 5 cards (its discard top included) while its deck can refill it; a deck
    that ran out has triggered the end.  Rows whose cards are being looked at are left out."""
    aside = looked_at_rows(state)
    for r, row in enumerate(state["city"]):
        if r in aside:
            continue
        if row["deck"]:
            assert None not in row["slots"] and row["discard"], f"City row {r + 1} shows fewer than 5 cards"
        else:
            assert state["end"], f"City row {r + 1}: its deck ran out without triggering the end"


def snapshot(state: dict) -> dict:
    return copy.deepcopy(state)
