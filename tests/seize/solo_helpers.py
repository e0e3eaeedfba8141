"""Helpers for the solo-mode tests (Starbots is seat 1 of the state, never a decider)."""
from __future__ import annotations

from collections import Counter

from brewhouse.seize import solo
from brewhouse.seize.effects import AUTO
from brewhouse.seize.model import Ctx

from .helpers import DB, GAME, friends_of

SOLO = solo.load_solo()
HUMAN, BOT = solo.HUMAN, solo.AUTOMA


def solo_new(level: int = 1, seed: int = 0, first: str = "human", **cfg) -> dict:
    return GAME.setup(GAME.normalize_config({"players": 1, "starbots_level": level, "first_player": first,
                                             **cfg}), seed)


def card_id(space: str, number: int) -> str:
    for c in SOLO["action_cards"]:
        if c["space"] == space and c["number"] == number:
            return c["id"]
    raise KeyError((space, number))


def stack_deck(state: dict, *top_first: tuple[str, int]) -> None:
    """Put these solo action cards on top of Starbots' deck, first = drawn first."""
    s = state["solo"]
    want = [card_id(sp, n) for sp, n in top_first]
    rest = [c for c in s["deck"] + s["discard"] if c not in want]
    s["discard"] = []
    s["deck"] = rest + list(reversed(want))


def turn(state: dict) -> Ctx:
    cx = Ctx(DB)
    AUTO["automa_turn"](state, cx, {"t": "automa_turn", "p": BOT})
    return cx


def step(state: dict, name: str) -> Ctx:
    cx = Ctx(DB)
    solo.STEPS[name](state, cx)
    return cx


def wom(state: dict) -> Ctx:
    cx = Ctx(DB)
    AUTO["automa_wom"](state, cx, {"t": "automa_wom", "p": BOT})
    return cx


def solo_expected_cards(state: dict) -> Counter:
    cnt: Counter = Counter()
    for kind in ("customer", "pantry", "style"):
        cnt.update(DB.of_kind(kind, state["groups"]))
    cnt.update(friends_of(state, HUMAN))
    return cnt
