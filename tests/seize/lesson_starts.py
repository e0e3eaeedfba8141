"""Where each Seize lesson starts: the worked example's table, built by the same helpers as the
example tests, written into ``brewhouse/seize/lessons.json`` as ``set`` writes against the plain
set-up (plus the moves already made).

``test_lesson_tables`` checks that every lesson's ``start`` is what this module builds.  After a
change to the card data or to a builder, rewrite the starts (the steps are left as they are)::

    PYTHONPATH=engine:. python -m tests.seize.lesson_starts
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Optional

from .helpers import GAME, clear_player, give, new, pluck, service, set_slots
from .solo_helpers import solo_new, stack_deck
from .test_examples import michi_service_table, scoring_table, set_res

LESSONS = Path(__file__).resolve().parents[2] / "engine" / "brewhouse" / "seize" / "lessons.json"
TWO = {"players": 2}
SOLO = {"players": 1, "starbots_level": 1, "first_player": "human"}


def writes(base: dict, table: dict) -> list[dict[str, Any]]:
    """The ``set`` writes that turn ``base`` into ``table`` (one per changed field of a player or a row)."""
    out: list[dict[str, Any]] = []
    for key, value in table.items():
        if key == "_aside":  # the helpers' parking place, not part of the state
            continue
        if key in ("players", "city"):
            for i, (was, now) in enumerate(zip(base[key], value)):
                out += [{"set": [key, i, k], "value": v} for k, v in now.items() if was[k] != v]
        elif key == "solo":
            out += [{"set": [key, k], "value": v} for k, v in value.items() if base[key][k] != v]
        elif base[key] != value:
            out.append({"set": [key], "value": value})
    return out


def fill_gaps(table: dict) -> None:
    """A City slot a builder emptied is dealt from its deck, as in play: every row shows 5 cards."""
    for row in table["city"]:
        for i, card in enumerate(row["slots"]):
            if card is None:
                row["slots"][i] = row["deck"].pop()


def keep_friends(table: dict) -> None:
    """Friends & Family cards a builder set aside go back under their owner's deck."""
    for pl in table["players"]:
        for f in pl.get("friends", []):
            if f in table.get("_aside", []):
                table["_aside"].remove(f)
                pl["deck"].insert(0, f)


def start(config: dict, seed: int, table: Optional[dict] = None, moves: tuple[str, ...] = (),
          friends: bool = True) -> dict[str, Any]:
    if table is not None:
        if friends:
            keep_friends(table)
        fill_gaps(table)
    base = GAME.setup(GAME.normalize_config(config), seed)
    script = writes(base, table) if table is not None else []
    return {"config": config, "seed": seed, "script": script + [{"move": m} for m in moves]}


def _actions() -> dict:
    s = new()  # the Bakery Partnership first in the Pantry row
    set_slots(s, 1, ["bakery_partnership"] + s["city"][1]["slots"][1:])
    return start(TWO, 0, s)


def _upgrades() -> dict:
    s = new()  # p. 13: the day after, both Pantry upgrades are in Farah's café
    give(s, 0, "pantry", ["bakery_partnership", "yerba_mate_milk"])
    return start(TWO, 0, s)


def _four_icons() -> dict:
    s = new()
    give(s, 0, "pantry", ["bakery_partnership", "yerba_mate_milk", "glazed_donut_box", "guidebook_espresso"])
    return start(TWO, 0, s)


def _hype() -> dict:
    """Michi's café before his last barista of the day (his Friends & Family are out of the example)."""
    s = new()
    clear_player(s, 1)
    give(s, 1, "line", ["hatster"])
    give(s, 1, "deck", ["trendsetter"])
    give(s, 1, "discard", ["busker", "cellist"])
    return start(TWO, 0, s, friends=False,
                 moves=("space:beans", "icon:0", "space:sugar", "icon:0", "space:milk", "icon:0"))


def _delivery() -> dict:
    s = new()
    clear_player(s, 0)
    clear_player(s, 1)
    give(s, 0, "pantry", ["yerba_mate_milk"])
    give(s, 0, "line", ["meal_delivery_rider"])
    set_res(s, 0, beans=1, sugar=1)
    return start(TWO, 0, service(s))


def _innovation() -> dict:
    s = new()
    clear_player(s, 0)
    clear_player(s, 1)
    give(s, 1, "style", ["coworking_desks"])
    give(s, 1, "line", ["headhunter"])
    set_res(s, 1, beans=2, milk=1, sugar=2)
    set_slots(s, 0, ["javascript_engineer", "busker", "club_kid", "glitter_dancer"])  # one start-upper only
    return start(TWO, 0, service(s))


def _scoring() -> dict:
    """The scoring table at the last Word of Mouth of the game: Farah's tenth customer, a Hatster,
    waits in the City among Party Animals, which neither café matches."""
    s = scoring_table()
    s["players"][0]["discard"].remove("hatster")
    s["city"][0]["deck"].insert(0, "hatster")
    set_slots(s, 0, ["club_kid", "glitter_dancer", "hatster", "karaoke_queen"], discard_top="techno_raver")
    for c in ("bachelor_party", "rooftop_host"):  # what slides in after the Hatster matches no one either
        pluck(s, c)
        s["city"][0]["deck"].append(c)
    s["phase"], s["cursor"], s["end"] = "word_of_mouth", {"i": 1}, "good_reviews"
    s["stack"] = [{"t": "take", "p": 0, "row": 0, "dest": "discard", "wom": True, "opt": False, "peek": [],
                   "why": "word_of_mouth"}]
    return start(TWO, 0, s)


def _starbots() -> dict:
    s = solo_new(1)  # the booklet's example: Upgrade Pantry, then a card numbered 3 (Attract)
    s["solo"]["tokens"].append("hype")
    stack_deck(s, ("upgrade_pantry", 1), ("attract", 3))
    return start(SOLO, 0, s)


def _starbots_word_of_mouth() -> dict:
    s = solo_new(1)
    give(s, 1, "pantry", ["espresso_tonic"])
    give(s, 1, "style", ["bike_rack"])
    set_slots(s, 0, ["bike_messenger", "old_weekenders", "hatster", "meal_delivery_rider"],
              discard_top="heartfelt_singer")
    me = s["players"][0]  # your last customer: Grandma, who matches no group
    me["deck"].remove("grandma@0")
    me["line"] = [{"id": "grandma@0", "happy": 0, "angry": False}]
    stack_deck(s, ("beans", 2))  # Starbots' first card of the next day: a plain Beans action
    return start(SOLO, 0, service(s))


BUILDERS: dict[str, Callable[[], dict]] = {
    "city": lambda: start(TWO, 0),
    "actions": _actions,
    "upgrades": _upgrades,
    "four-icons": _four_icons,
    "hype": _hype,
    "service-1": lambda: start(TWO, 3, michi_service_table()),
    "service-2": lambda: start(TWO, 3, michi_service_table(), ("serve:both", "serve:main")),
    "word-of-mouth": lambda: start(TWO, 3, michi_service_table(),
                                   ("serve:both", "serve:main", "serve:main", "target:p1:hatster")),
    "delivery": _delivery,
    "innovation": _innovation,
    "scoring": _scoring,
    "starbots": _starbots,
    "starbots-word-of-mouth": _starbots_word_of_mouth,
}


def dump(data: dict) -> str:
    """lessons.json as written: one script write, step or expectation a line."""
    def d(x: Any) -> str:
        return json.dumps(x, ensure_ascii=False)

    def lesson(l: dict) -> str:
        st = l["start"]
        script = ",\n".join("     " + d(e) for e in st["script"])
        head = ", ".join(f"{d(k)}: {d(l[k])}" for k in ("id", "title", "summary", "player"))
        steps = []
        for s in l["steps"]:
            if s["kind"] == "check":
                rest = d({k: v for k, v in s.items() if k != "expect"})[:-1]
                steps.append("   " + rest + ', "expect": [\n' + ",\n".join("     " + d(e) for e in s["expect"]) + "]}")
            else:
                steps.append("   " + d(s))
        return "\n".join([f" {{{head},",
                          f'  "start": {{"config": {d(st["config"])}, "seed": {st["seed"]}, "script": ['
                          + ("\n" + script if script else "") + "]},",
                          '  "steps": [', ",\n".join(steps) + "]}"])
    return '{"lessons": [\n' + ",\n".join(lesson(l) for l in data["lessons"]) + "\n]}\n"


def main() -> None:
    data = json.loads(LESSONS.read_text(encoding="utf-8"))
    for l in data["lessons"]:
        if l["id"] in BUILDERS:
            l["start"] = BUILDERS[l["id"]]()
    LESSONS.write_text(dump(data), encoding="utf-8")


if __name__ == "__main__":
    main()
