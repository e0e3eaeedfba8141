"""Balance report: the card economy table and group-focused self-play.

The full report is ``python -m brewhouse balance seize`` (200 games per
group); here a short run checks that it is complete and sane: every base
group appears, figures come from the card data, and no group's focus is
hopeless or unbeatable.  Set ``BREWHOUSE_BALANCE_GAMES`` for a longer run.
"""
from __future__ import annotations

import os

from brewhouse.seize.balance import GroupFocusBot, balance_report, card_economy, report_lines
from brewhouse.seize.data import order_units

from .helpers import DB, GAME

GAMES = int(os.environ.get("BREWHOUSE_BALANCE_GAMES", "16"))


def test_card_economy_reads_the_card_data():
    rows = {r["group"]: r for r in card_economy()}
    assert list(rows) == DB.district("kreuzberg")
    hipsters = [c for c in DB.raw["cards"] if c["kind"] == "customer" and c["group"] == "hipsters"]
    assert rows["hipsters"]["customers"] == 10
    assert rows["hipsters"]["main_cost"] == round(sum(order_units(c["main"]["order"], DB.raw)
                                                      for c in hipsters) / 10, 2)
    for r in rows.values():
        assert 1 <= r["main_cost"] <= 4 and 0 < r["reward_per_unit"] < 2


def test_focused_player_prefers_its_group():
    bot = GroupFocusBot(1, "cyclists", DB)
    s = GAME.setup(GAME.normalize_config({"players": 2}), 4)
    # a City "take" decision: the focused bot picks a Cyclists card whenever one is offered
    while GAME.active_player(s) is not None:
        moves = GAME.legal_moves(s)
        takes = [m for m in moves if m.payload.get("kind") == "take"]
        if takes and any("cyclists" in DB.card(m.payload["card"])["groups"] for m in takes):
            choice = bot.choose(GAME, {}, moves)
            chosen = next(m for m in moves if m.id == choice)
            assert "cyclists" in DB.card(chosen.payload["card"])["groups"]
            return
        s = GAME.play(s, max(moves, key=bot.score)).state
    raise AssertionError("no City choice offered a Cyclists card")


def test_balance_report_runs_for_every_group():
    report = balance_report(GAME, GAMES, 1)
    assert [r["group"] for r in report["group_focus"]] == DB.district("kreuzberg")
    for r in report["group_focus"]:
        assert r["games"] == GAMES and r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
        assert 0.0 < r["win_rate"] < 1.0 or GAMES < 10
    text = "\n".join(report_lines(report))
    assert "hipsters" in text and "95% CI" in text
