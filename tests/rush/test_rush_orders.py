"""Ingredient placement, sending, the rush, last orders, time flow, penalties, the end."""
from __future__ import annotations

import pytest

from rush_helpers import (DATA, G, card_named, cards_with, clear_rows, codes, do, events, fill_cup, give,
                          give_rush, ids, pass_turn, play, sq, started, started_at, to_place)


def at_place(n=3):
    """Seat 0 on (2,3) steps to (2,2) and stops: 1 milk pending, cups empty."""
    others = [sq(1, 1), sq(4, 4), sq(4, 1), sq(1, 4), sq(3, 1), sq(3, 4), sq(4, 2)]
    positions = {seat: [sq(2, 3)] if seat == 0 else [] for seat in range(n)}
    for seat in range(n):
        while len(positions[seat]) < DATA.meeples_per_player[n]:
            positions[seat].append(others.pop())
    s = started_at(n, positions)
    s = do(s, f"step:0:{sq(2, 2)}", "stop")
    assert s["phase"] == "place" and s["players"][0]["pending"] == ["milk"]
    return s


def test_placement_moves_one_ingredient_at_a_time():
    s = at_place()
    fill_cup(s, 0, 2, ["coffee"])
    assert ids(s) == ["put:milk:1", "put:milk:2", "put:milk:3", "return:milk", "empty:2", "done"]
    milk = s["supply"]["milk"]
    t = play(s, "put:milk:2")
    assert t.state["players"][0]["cups"][1] == ["coffee", "milk"]
    assert "rush.ingredient_placed" in codes(t)
    # placed ingredients never move to another cup: only emptying is possible
    assert not [m for m in ids(t.state) if m.startswith("put")]
    s2 = do(s, "return:milk")
    assert s2["supply"]["milk"] == milk + 1 and s2["players"][0]["pending"] == []
    s3 = do(s, "empty:2")
    assert s3["players"][0]["cups"][1] == [] and s3["supply"]["coffee"] == s["supply"]["coffee"] + 1


def test_done_returns_unplaced_ingredients():
    s = at_place()
    clear_rows(s)
    milk = s["supply"]["milk"]
    t = play(s, "done")
    assert events(t, "rush.ingredients_returned")[0]["ingredients"] == ["milk"]
    assert t.state["supply"]["milk"] == milk + 1
    assert G.active_player(t.state) == 1  # nothing to send: the turn is over


def test_exact_match_only():
    s = at_place()
    clear_rows(s)
    latte = cards_with(["coffee", "milk", "steam"])[0]
    give(s, 0, latte, row=3)
    fill_cup(s, 0, 1, ["coffee", "steam"])
    fill_cup(s, 0, 2, ["coffee", "steam", "milk", "milk"])  # one milk too many
    s = do(s, "put:milk:1", "done")
    assert s["phase"] == "send"
    assert ids(s) == [f"send:{latte}:1", "end"]
    supply = dict(s["supply"])
    t = play(s, f"send:{latte}:1")
    s = t.state
    me = s["players"][0]
    assert me["sent"] == [latte] and me["cups"][0] == [] and latte not in me["rows"][2]
    assert me["cups"][1] == ["coffee", "steam", "milk", "milk"]
    assert s["supply"]["coffee"] == supply["coffee"] + 1 and s["supply"]["milk"] == supply["milk"] + 1
    assert events(t, "rush.order_sent")[0] == {"card": latte, "row": 3, "cup": 1, "specialty": False,
                                               "_player": 0}


def test_sending_is_voluntary():
    s = at_place()
    clear_rows(s)
    give(s, 0, cards_with(["coffee", "milk"])[0])
    fill_cup(s, 0, 1, ["coffee"])
    s = do(s, "put:milk:1", "done", "end")
    assert G.active_player(s) == 1 and s["players"][0]["sent"] == []
    assert s["players"][0]["cups"][0] == ["coffee", "milk"]


def test_specialty_order_gives_a_rush_token():
    s = at_place()
    clear_rows(s)
    latte = card_named("Caramel Café Latte")
    assert DATA.cards[latte].specialty
    give(s, 0, latte)
    fill_cup(s, 0, 1, ["coffee", "caramel", "ice"])
    t = play(do(s, "put:milk:1", "done"), f"send:{latte}:1")
    assert t.state["players"][0]["rush"] == 1 and t.state["rush_supply"] == 14
    assert events(t, "rush.rush_tokens_gained")[0]["reason"] == "specialty"


def test_rush_tokens_are_limited():
    s = at_place()
    clear_rows(s)
    latte = card_named("Caramel Café Latte")
    give(s, 0, latte)
    give_rush(s, 1, 15)
    fill_cup(s, 0, 1, ["coffee", "caramel", "ice"])
    t = play(do(s, "put:milk:1", "done"), f"send:{latte}:1")
    assert t.state["players"][0]["rush"] == 0
    assert events(t, "rush.rush_tokens_gained")[0] == {"count": 0, "wanted": 1, "reason": "specialty",
                                                      "_player": 0}


def send_two(n):
    """Seat 0 sends two orders this turn; returns (state before the last send, last send id)."""
    s = at_place(n)
    clear_rows(s)
    a, b = cards_with(["coffee", "milk"])[0], cards_with(["coffee", "milk", "steam"])[0]
    give(s, 0, a)
    give(s, 0, b, row=2)
    fill_cup(s, 0, 1, ["coffee"])
    fill_cup(s, 0, 2, ["steam", "coffee", "milk"])
    s = do(s, "put:milk:1", "done", f"send:{a}:1")
    assert s["phase"] == "send"
    return s, f"send:{b}:2"


@pytest.mark.parametrize("n, drawers", [(2, [1]), (3, [1, 2]), (4, [1, 2])])
def test_rush_goes_to_the_players_on_the_left(n, drawers):
    s, last = send_two(n)
    rows_before = [len(p["rows"][0]) for p in s["players"]]
    t = play(s, last)
    assert t.reveals
    drawn = events(t, "rush.cards_drawn")
    rush = [(e["_player"], len(e["cards"])) for e in drawn if e["reason"] == "rush"]
    assert rush == [(p, 2) for p in drawers]  # nearest neighbour first
    after = t.state["players"]
    for p in range(1, n):
        assert len(after[p]["rows"][0]) == rows_before[p] + (2 if p in drawers else 0)
    if n == 2:
        # time flow at 2 players: one new order on your own row 1
        flow = [e for e in drawn if e["reason"] == "time_flow"]
        assert [(e["_player"], len(e["cards"])) for e in flow] == [(0, 1)]
        assert len(after[0]["rows"][0]) == 1
    else:
        assert after[0]["rows"][0] == []
    assert G.active_player(t.state) == 1


def test_last_orders_when_the_deck_runs_out_mid_rush():
    s, last = send_two(3)
    spare = s["deck"][:-3]
    s["deck"] = s["deck"][-3:]
    s["removed"] = spare  # set aside, only to make the deck short (still counted)
    top = list(reversed(s["deck"]))
    t = play(s, last)
    drawn = [(e["_player"], e["cards"], e["wanted"]) for e in events(t, "rush.cards_drawn")]
    assert drawn == [(1, top[:2], 2), (2, top[2:], 2)]
    assert "rush.last_orders" in codes(t)
    assert t.state["closed"] and t.state["closed_by"] == "deck"
    # the round finishes: seats 1 and 2 still play, then the game ends
    s = t.state
    s = pass_turn(s)
    assert G.active_player(s) == 2 and not G.is_over(s)
    s = pass_turn(s)
    assert G.is_over(s) and s["turns_played"] == 3
    assert G.legal_moves(s) == []


def test_last_orders_first_neighbour_takes_everything():
    s, last = send_two(4)
    s["removed"] = s["deck"][:-1]
    s["deck"] = s["deck"][-1:]
    t = play(s, last)
    drawn = [(e["_player"], len(e["cards"])) for e in events(t, "rush.cards_drawn")]
    assert drawn == [(1, 1)]
    assert t.state["closed"]


def test_time_flow_and_penalties():
    s = started(3)
    clear_rows(s)
    me = s["players"][0]
    for row, count in ((1, 1), (2, 1), (4, 2)):
        for _ in range(count):
            me["rows"][row - 1].append(s["deck"].pop())
    r1, r2, r4 = list(me["rows"][0]), list(me["rows"][1]), list(me["rows"][3])
    s = to_place(s)
    t = play(s, "done")
    me = t.state["players"][0]
    assert me["rows"] == [[], r1, r2, []]
    assert me["penalties"] == r4 and me["rush"] == 2
    assert events(t, "rush.penalty")[0]["count"] == 2
    assert not t.state["closed"]


def test_five_penalties_close_the_cafe():
    s = started(4)
    me = s["players"][1]
    me["penalties"] = [s["deck"].pop() for _ in range(4)]
    me["rows"][3].append(s["deck"].pop())
    s = pass_turn(s)          # seat 0
    t_state = pass_turn(s)    # seat 1 takes its fifth penalty
    assert t_state["closed"] and t_state["closed_by"] == "penalties"
    s = pass_turn(t_state)    # seat 2
    assert not G.is_over(s)
    s = pass_turn(s)          # seat 3, right of the first player: the end
    assert G.is_over(s)
    assert [len(p["penalties"]) for p in s["players"]][1] == 5


def test_closed_on_the_last_seats_turn_ends_at_once():
    s = started(3)
    s = pass_turn(s)
    s = pass_turn(s)
    me = s["players"][2]
    me["penalties"] = [s["deck"].pop() for _ in range(4)]
    me["rows"][3].append(s["deck"].pop())
    s = pass_turn(s)
    assert G.is_over(s) and s["turns_played"] == 3


def test_two_players_first_player_closes_then_one_last_turn():
    s = started(2)
    s["removed"] = s["deck"][:-1]
    s["deck"] = s["deck"][-1:]
    s = pass_turn(s)  # seat 0's time flow takes the last card
    assert s["closed"] and s["closed_by"] == "deck" and s["deck"] == []
    assert G.active_player(s) == 1
    s = pass_turn(s)
    assert G.is_over(s)


def test_two_players_second_player_closes_game_ends_at_once():
    s = started(2)
    s = pass_turn(s)
    s["removed"] = s["deck"][:-1]
    s["deck"] = s["deck"][-1:]
    s = pass_turn(s)
    assert s["closed"] and G.is_over(s) and s["turns_played"] == 2


def test_empty_cafe_closes_the_game():
    s = started(3)
    clear_rows(s)
    s = pass_turn(s)
    assert s["closed"] and s["closed_by"] == "no_orders"
    s = pass_turn(pass_turn(s))
    assert G.is_over(s)


def final(players):
    """A finished 3-player game with the given (sent, upgrades, penalties, rush) per seat."""
    s = started(len(players))
    clear_rows(s)
    for seat, (sent, upgrades, penalties, rush) in enumerate(players):
        p = s["players"][seat]
        p["sent"] = [s["deck"].pop() for _ in range(sent)]
        p["penalties"] = [s["deck"].pop() for _ in range(penalties)]
        p["upgrades"] = list(DATA.upgrades[:upgrades])
        give_rush(s, seat, rush)
    s["phase"], s["current"], s["turn"] = "over", None, None
    return s


def test_scoring_breakdown():
    s = final([(4, 2, 1, 0), (2, 0, 3, 1), (0, 4, 5, 2)])
    out = G.outcome(s)
    assert out.scores == (7, -1, 3)
    assert out.winners == (0,)
    assert out.breakdown[0] == {"sent": 4, "sent_points": 4, "upgrades": 2, "upgrade_points": 4,
                                "penalties": 1, "penalty_points": -1, "total": 7, "rush_tokens": 0,
                                "tiebreak": [4, 0]}


def test_tie_breaks():
    # equal totals: most sent orders wins
    assert G.outcome(final([(3, 0, 0, 0), (1, 1, 0, 5), (0, 0, 0, 0)])).winners == (0,)
    # equal totals and sent orders: most rush tokens wins
    assert G.outcome(final([(3, 0, 0, 1), (3, 0, 0, 2), (0, 0, 0, 0)])).winners == (1,)
    # still tied: they share the win
    assert G.outcome(final([(3, 0, 0, 2), (3, 0, 0, 2), (1, 0, 0, 9)])).winners == (0, 1)


def test_no_outcome_while_playing():
    assert G.outcome(started(3)) is None
