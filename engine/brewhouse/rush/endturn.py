"""End of a turn: the rush, last orders, time flow, penalties and the end.

Run once when the active player ends their turn (after sending orders):

1. **Rush** - the two players to the left (the opponent at 2 players) each
   draw as many order cards as were sent this turn onto row 1, nearest
   neighbour first.  When the deck runs dry the token flips to *Closed*
   (last orders).
2. **Time flow** - the player's orders move down one row; cards leaving row 4
   become penalties and give that many rush tokens.  At 2 players one new
   card then arrives on row 1.  Five penalties flip the token to *Closed*.
3. **End check** - once closed, play continues until the player to the right
   of the first player has played, so everyone has had the same number of
   turns; then the game is over.

Returns whether hidden information (the deck) was revealed.
"""
from __future__ import annotations

from ..core.game import Event, State
from .data import RushData
from .scoring import score_table, winners
from .state import draw_cards, left_of, n_players, start_turn

__all__ = ["end_turn", "close", "rush_targets"]


def rush_targets(state: State, seat: int) -> list[int]:
    """Who draws your rush: the two players to your left, or the opponent at 2."""
    n = n_players(state)
    return [left_of(state, seat, k) for k in range(1, min(2, n - 1) + 1)]


def close(state: State, reason: str, events: list[Event]) -> None:
    """Flip the first-player token to "Closed" (once)."""
    if not state["closed"]:
        state["closed"] = True
        state["closed_by"] = reason
        events.append(Event("rush.closed", {"reason": reason}, player=state["first"]))


def gain_rush_tokens(state: State, seat: int, count: int, reason: str, events: list[Event]) -> int:
    """Take up to ``count`` rush tokens from the (limited) supply."""
    got = min(count, state["rush_supply"])
    if count:
        state["rush_supply"] -= got
        state["players"][seat]["rush"] += got
        events.append(Event("rush.rush_tokens_gained", {"count": got, "wanted": count, "reason": reason},
                            player=seat))
    return got


def _rush(state: State, seat: int, sent: int, events: list[Event]) -> bool:
    if not state["deck"]:
        return False  # already closed: nobody can draw any more
    revealed = False
    for target in rush_targets(state, seat):
        if not state["deck"]:
            break
        drawn = draw_cards(state, target, sent, 0, "rush", events, by=seat)
        revealed = revealed or drawn > 0
    if not state["deck"]:
        # last orders: whoever had to draw took what was left, nearest first
        events.append(Event("rush.last_orders", {"by": seat}, player=seat))
        close(state, "deck", events)
    return revealed


def _time_flow(state: State, data: RushData, seat: int, events: list[Event]) -> bool:
    player = state["players"][seat]
    rows = player["rows"]
    leaving = rows[-1]
    player["rows"] = [[]] + rows[:-1]
    events.append(Event("rush.time_flow", {}, player=seat))
    if leaving:
        player["penalties"].extend(leaving)
        events.append(Event("rush.penalty", {"cards": leaving, "count": len(leaving),
                                             "total": len(player["penalties"])}, player=seat))
        gain_rush_tokens(state, seat, len(leaving), "penalty", events)
    if len(player["penalties"]) >= data.penalties_to_close:
        close(state, "penalties", events)
    revealed = False
    if n_players(state) == 2 and state["deck"]:
        # 2 players: a new customer arrives on your row 1 every turn
        revealed = draw_cards(state, seat, 1, 0, "time_flow", events) > 0
        if not state["deck"]:
            close(state, "deck", events)
    return revealed


def _no_orders_left(state: State) -> bool:
    return not any(card for p in state["players"] for row in p["rows"] for card in row)


def end_turn(state: State, data: RushData, events: list[Event]) -> bool:
    """Finish the active player's turn and start the next one (or end the game)."""
    turn = state["turn"]
    seat = turn["player"]
    revealed = False
    if turn["sent"]:
        revealed = _rush(state, seat, turn["sent"], events)
    revealed = _time_flow(state, data, seat, events) or revealed
    if not state["closed"] and _no_orders_left(state):
        # nobody holds an order, so nobody can ever send one (and so nobody
        # will ever draw again): the café closes (see RULES_NOTES.md)
        close(state, "no_orders", events)
    events.append(Event("rush.turn_ended", {"turn": turn["number"]}, player=seat))
    state["turns_played"] += 1
    state["turn"] = None
    last_seat = (state["first"] - 1) % n_players(state)
    if state["closed"] and seat == last_seat:
        state["phase"] = "over"
        state["current"] = None
        table = score_table(state, data)
        events.append(Event("rush.game_over", {"scores": [row["total"] for row in table],
                                               "winners": winners(table)}))
    else:
        start_turn(state, data, left_of(state, seat), events)
    return revealed
