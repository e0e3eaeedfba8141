"""The table's pace for the bots' steps (web/js/table/pacing.js), run under Node.

A round of bot turns (every bot step between two decisions of the player) is
held at most ROUND_PACES paces in all, thinking included; a step that changed
nothing on the player's board is not held; a visible step is held one pace.
"""
from __future__ import annotations

import json

from support.node import run_module

PACE = 900  # "normal"


def waits(steps: list[dict], pace: int = PACE) -> dict:
    return run_module(f"""
const {{ ROUND_PACES, roundWaits }} = await import("./web/js/table/pacing.js");
console.log(JSON.stringify({{ cap: ROUND_PACES, waits: roundWaits({pace}, {json.dumps(steps)}) }}));
""")


def test_a_round_of_many_visible_bot_steps_is_held_at_most_the_cap():
    # four bots of a 5-player table, five steps each, quick to think
    steps = [{"visible": True, "thinking": 200}] * 20
    out = waits(steps)
    held = sum(out["waits"]) + sum(s["thinking"] for s in steps)
    assert out["cap"] * PACE <= held < 20 * PACE  # the budget is spent, no more
    assert sum(out["waits"]) + 200 * out["cap"] <= out["cap"] * PACE
    assert out["waits"][:4] == [700, 700, 700, 700] and out["waits"][-1] == 0
    # unpaced, the same round was held one pace a step: 18 s
    assert sum(out["waits"]) < 20 * (PACE - 200) / 4


def test_a_step_that_changes_nothing_visible_is_shown_at_once():
    out = waits([{"visible": False, "thinking": 100}, {"visible": True, "thinking": 100},
                 {"visible": False, "thinking": 0}])
    assert out["waits"] == [0, 800, 0]


def test_slow_thinking_is_never_padded_and_instant_never_waits():
    assert waits([{"visible": True, "thinking": 1500}])["waits"] == [0]
    assert waits([{"visible": True, "thinking": 0}] * 3, pace=0)["waits"] == [0, 0, 0]
