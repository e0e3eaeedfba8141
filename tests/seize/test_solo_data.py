"""Solo data (solo.json): the booklet's components and tables, and the validator."""
from __future__ import annotations

import copy
from collections import Counter

from brewhouse.seize import solo

from .helpers import DB
from .solo_helpers import SOLO

# the booklet's difficulty table, level: (cellar token, style token or None)
BOOK_LEVELS = {
    1: ("starting", None), 2: ("starting", "competitive"), 3: ("criminal", None), 4: ("criminal", "competitive"),
    5: ("slow", None), 6: ("slow", "competitive"), 7: ("starting", "attractive"), 8: ("criminal", "attractive"),
    9: ("slow", "attractive"), 10: ("fast", None), 11: ("starting", "hyperactive"), 12: ("fast", "competitive"),
    13: ("criminal", "hyperactive"), 14: ("fast", "attractive"), 15: ("starting", "boss"), 16: ("criminal", "boss"),
    17: ("slow", "hyperactive"), 18: ("fast", "hyperactive"), 19: ("slow", "boss"), 20: ("fast", "boss"),
}

# the token rows as printed: cellar side (first two resource spaces), style side (three City spaces)
BOOK_TOKENS = {
    "starting": {"beans": ["hype"], "milk": ["good_review"]},
    "criminal": {"beans": ["rival_bad_review", "hype"], "milk": ["return_resources"]},
    "slow": {"beans": ["attract", "hype"], "milk": ["attract", "rival_bad_review"]},
    "fast": {"beans": ["hype", "hype"], "milk": ["early_bird", "early_bird"]},
    "competitive": {"attract": ["steal_customer"], "upgrade_pantry": ["upgrade_pantry"],
                    "upgrade_style": ["upgrade_style"]},
    "attractive": {"attract": ["attract", "attract"], "upgrade_pantry": ["upgrade_pantry", "attract"],
                   "upgrade_style": ["upgrade_style", "attract"]},
    "hyperactive": {"attract": ["attract", "hype"], "upgrade_pantry": ["upgrade_pantry", "hype"],
                    "upgrade_style": ["upgrade_style", "hype"]},
    "boss": {"attract": ["attract", "attract", "attract"], "upgrade_pantry": ["upgrade_pantry", "upgrade_pantry"],
             "upgrade_style": ["upgrade_style", "upgrade_style"]},
}


def test_solo_data_is_valid():
    assert solo.validate_solo(SOLO, DB.raw) == []


def test_twenty_level_table_is_the_books():
    assert {lv["level"]: (lv["cellar"], lv["style"]) for lv in SOLO["levels"]} == BOOK_LEVELS
    for level, pair in BOOK_LEVELS.items():
        assert solo.level_tokens(level) == pair


def test_eight_action_tokens_have_the_printed_rows():
    assert {k: t["rows"] for k, t in SOLO["action_tokens"].items()} == BOOK_TOKENS
    assert [k for k, t in SOLO["action_tokens"].items() if t["side"] == "cellar"] == [
        "starting", "criminal", "slow", "fast"]
    assert [k for k, t in SOLO["action_tokens"].items() if t["side"] == "style"] == [
        "competitive", "attractive", "hyperactive", "boss"]
    assert SOLO["printed_actions"] == {"attract": ["attract"], "upgrade_pantry": ["upgrade_pantry"],
                                       "upgrade_style": ["upgrade_style"]}


def test_action_cards_and_upgrade_tokens_follow_our_design():
    cards = SOLO["action_cards"]
    assert len(cards) == 20
    assert Counter(c["space"] for c in cards) == {s: 4 for s in ("beans", "milk", "attract", "upgrade_pantry",
                                                                 "upgrade_style")}
    assert Counter(c["number"] for c in cards) == {n: 4 for n in range(1, 6)}
    assert len({(c["space"], c["number"]) for c in cards}) == 20
    assert "sugar" not in {c["space"] for c in cards}  # Starbots never uses the bottom-left space
    assert SOLO["upgrade_tokens"] == {"good_review": 5, "hype": 4, "attract": 3, "early_bird": 2, "good_review_2": 2}


def test_scenarios_are_listed_and_playable():
    ids = [s["id"] for s in SOLO["scenarios"]]
    assert ids == ["after_hours", "new_startup", "wurfel_zucker", "ao_amor", "cafe_da_nala", "cafe_quorra"]
    for s in SOLO["scenarios"]:  # their set-ups and rules: test_scenarios.py
        assert s["playable"] is True and "needs" not in s


def test_validator_finds_broken_data():
    def broken(mut):
        d = copy.deepcopy(SOLO)
        mut(d)
        return solo.validate_solo(d, DB.raw)

    assert broken(lambda d: d["action_cards"].pop())
    assert broken(lambda d: d["action_cards"][0].update(space="sugar"))
    assert broken(lambda d: d["action_cards"][0].update(number=d["action_cards"][1]["number"],
                                                        space=d["action_cards"][1]["space"]))
    assert broken(lambda d: d["upgrade_tokens"].update(hype=5))
    assert broken(lambda d: d["action_tokens"]["boss"]["rows"].pop("attract"))
    assert broken(lambda d: d["action_tokens"]["slow"]["rows"]["beans"].append("teleport"))
    assert broken(lambda d: d["levels"][3].update(cellar="boss"))
    assert broken(lambda d: d["levels"].pop())
    assert broken(lambda d: d["bonus_priority"].pop())
    assert broken(lambda d: d["scenarios"][0].update(playable=False))  # an unplayable one says what it needs
    assert broken(lambda d: d["scenarios"][0].update(rules=["teleport"]))
    assert broken(lambda d: d["scenarios"][0].update(starbots_tokens=["boss"]))
    assert broken(lambda d: d.pop("levels")) == ["missing section: 'levels'"]
