"""The Coffee Rush state: its layout, the set-up and small shared helpers.

A state is a plain JSON-compatible dict (see :mod:`brewhouse.core.game`)::

    config        {"players": n, "opening": "standard" | "ristretto_espresso"}
    rng           SplitMix64 state (hex string): the only source of chance
    phase         "opening" | "place_meeple" | "setup_cups" | "upgrade" | "move"
                  | "place" | "send" | "over"
    first         seat of the first player (seat 0); seats run clockwise, so
                  the player to your *left* is the next seat
    current       the seat that must decide now (None when the game is over)
    queue         set-up decisions still to make: [seat, meeple] pairs
    deck          order card ids, face down; the top card is the *last* item
    opening_pool  Ristretto/Espresso cards set aside by the optional opening
    discard       sent orders paid for upgrades (face up)
    removed       opening cards left over (out of the game)
    supply        ingredient -> count left in the supply (limited)
    rush_supply   rush tokens left in the supply (limited: 15)
    closed        the first-player token shows "Closed"
    closed_by     why it was flipped: "deck" | "penalties" | "no_orders"
    meeples       per seat, the square index of each meeple (None before set-up)
    players       per seat: rows (4 lists of card ids, row 1 first), sent,
                  penalties, cups (lists of ingredients), pending (gained
                  ingredients not yet placed), rush (tokens), upgrades
                  (active tiles, in activation order)
    turn          the turn in progress (None during set-up and at the end)
    turns_played  completed turns

Squares are numbered ``row * 4 + col`` from the top-left (0-15).
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..core.game import Event, State, json_copy
from ..core.rng import Rng
from .data import RushData

__all__ = ["new_state", "draw_cards", "start_turn", "n_players", "left_of", "take_supply",
           "meeple_squares", "placement_queue", "copy_state"]


_STATE_KEYS = frozenset(("config", "rng", "phase", "first", "current", "queue", "deck", "opening_pool",
                         "discard", "removed", "supply", "rush_supply", "closed", "closed_by",
                         "meeples", "players", "turn", "turns_played"))
_PLAYER_KEYS = frozenset(("rows", "sent", "penalties", "cups", "pending", "rush", "upgrades"))
_PLAYER_SIZE = len(_PLAYER_KEYS)
_TURN_KEYS = frozenset(("player", "number", "meeple", "start", "steps", "path", "sent", "upgraded"))


def copy_state(state: State) -> State:
    """A private deep copy of a Rush state, written for its known shape.

    Several times faster than a generic copy (most of a state is flat lists
    of strings, copied by slicing).  A state of any other shape is copied
    generically, so an unexpected field is never shared by accident.
    """
    if state.keys() != _STATE_KEYS or state["turn"] is not None and state["turn"].keys() != _TURN_KEYS:
        return json_copy(state)
    for p in state["players"]:
        if len(p) != _PLAYER_SIZE:  # a missing known key fails loudly below
            return json_copy(state)
    out = dict(state)  # the scalar fields (str, int, bool, None) are immutable
    out["config"] = dict(state["config"])
    out["queue"] = [q[:] for q in state["queue"]]
    out["deck"] = state["deck"][:]
    out["opening_pool"] = state["opening_pool"][:]
    out["discard"] = state["discard"][:]
    out["removed"] = state["removed"][:]
    out["supply"] = dict(state["supply"])
    out["meeples"] = [m[:] for m in state["meeples"]]
    out["players"] = [{
        "rows": [r[:] for r in p["rows"]],
        "sent": p["sent"][:],
        "penalties": p["penalties"][:],
        "cups": [c[:] for c in p["cups"]],
        "pending": p["pending"][:],
        "rush": p["rush"],
        "upgrades": p["upgrades"][:],
    } for p in state["players"]]
    turn = state["turn"]
    if turn is not None:
        turn = dict(turn)
        turn["path"] = turn["path"][:]
        out["turn"] = turn
    return out


def n_players(state: State) -> int:
    return state["config"]["players"]


def left_of(state: State, seat: int, k: int = 1) -> int:
    """The seat ``k`` places to the left (play goes clockwise, to the left)."""
    return (seat + k) % n_players(state)


def placement_queue(n: int, first: int, meeples: int) -> list[list[int]]:
    """Meeple placement order: from the player right of the first player,
    counter-clockwise, one meeple each per round (2 rounds at 2 players)."""
    order = [(first - 1 - i) % n for i in range(n)]
    return [[seat, m] for m in range(meeples) for seat in order]


def meeple_squares(state: State) -> dict[int, tuple[int, int]]:
    """square -> (seat, meeple) for every meeple on the board."""
    out: dict[int, tuple[int, int]] = {}
    for seat, squares in enumerate(state["meeples"]):
        for m, sq in enumerate(squares):
            if sq is not None:
                out[sq] = (seat, m)
    return out


def take_supply(state: State, ingredient: str, wanted: int) -> int:
    """Take up to ``wanted`` of an ingredient: the supply is limited."""
    got = min(wanted, state["supply"][ingredient])
    state["supply"][ingredient] -= got
    return got


def draw_cards(state: State, seat: int, count: int, row: int, reason: str,
               events: list[Event], by: Optional[int] = None) -> int:
    """Draw up to ``count`` cards from the deck to ``seat``'s ``row`` (0-based).

    Returns how many were drawn (fewer when the deck runs out).
    """
    deck = state["deck"]
    drawn = []
    for _ in range(min(count, len(deck))):
        drawn.append(deck.pop())
    state["players"][seat]["rows"][row].extend(drawn)
    if count:
        params: dict[str, Any] = {"row": row + 1, "cards": drawn, "wanted": count, "reason": reason}
        if by is not None:
            params["by"] = by
        events.append(Event("rush.cards_drawn", params, player=seat))
    return len(drawn)


def _new_player(data: RushData) -> dict[str, Any]:
    return {
        "rows": [[] for _ in range(data.order_rows)],
        "sent": [],
        "penalties": [],
        "cups": [[] for _ in range(data.cups_per_player)],
        "pending": [],
        "rush": 0,
        "upgrades": [],
    }


def deal_setup_orders(state: State, data: RushData, events: list[Event], skip_first_row1: bool) -> None:
    """The set-up draws: the first player 2 + 1 cards, the others 1 + 1.

    With the Ristretto/Espresso opening each player already holds one row-1
    card, so one fewer card is drawn to row 1 (``skip_first_row1``).
    """
    n = n_players(state)
    for i in range(n):
        seat = (state["first"] + i) % n
        counts = data.setup_first if seat == state["first"] else data.setup_other
        for row, count in enumerate(counts):
            if row == 0 and skip_first_row1:
                count -= 1
            if count > 0:
                draw_cards(state, seat, count, row, "setup", events)


def new_state(data: RushData, config: Mapping[str, Any], seed: int) -> State:
    """The initial state: shuffled deck, set-up draws, meeple placement to come."""
    rng = Rng.from_seed(seed)
    n = config["players"]
    deck = list(data.card_order)
    opening_pool: list[str] = []
    if config["opening"] == "ristretto_espresso":
        opening_pool = [cid for cid in deck if data.cards[cid].opening]
        deck = [cid for cid in deck if not data.cards[cid].opening]
    rng.shuffle(deck)
    state: State = {
        "config": dict(config),
        "rng": "",
        "phase": "",
        "first": 0,
        "current": None,
        "queue": [],
        "deck": deck,
        "opening_pool": opening_pool,
        "discard": [],
        "removed": [],
        "supply": {ing: data.supply[ing] for ing in data.ingredients},
        "rush_supply": data.rush_tokens,
        "closed": False,
        "closed_by": None,
        "meeples": [[None] * data.meeples_per_player[n] for _ in range(n)],
        "players": [_new_player(data) for _ in range(n)],
        "turn": None,
        "turns_played": 0,
    }
    state["rng"] = rng.dump()
    events: list[Event] = []
    if opening_pool:
        # each player picks a Ristretto or Espresso card, in the same order as
        # meeple placement (see RULES_NOTES.md), before the draws
        state["phase"] = "opening"
        state["queue"] = [[seat, 0] for seat, _ in placement_queue(n, 0, 1)]
    else:
        deal_setup_orders(state, data, events, skip_first_row1=False)
        begin_meeple_placement(state, data)
    state["current"] = state["queue"][0][0]
    return state


def begin_meeple_placement(state: State, data: RushData) -> None:
    n = n_players(state)
    state["phase"] = "place_meeple"
    state["queue"] = placement_queue(n, state["first"], data.meeples_per_player[n])
    state["current"] = state["queue"][0][0]


def start_turn(state: State, data: RushData, seat: int, events: list[Event]) -> None:
    """Begin ``seat``'s turn at the upgrade decision (skipped if not possible)."""
    state["current"] = seat
    state["turn"] = {"player": seat, "number": state["turns_played"] + 1, "meeple": None,
                     "start": None, "steps": 0, "path": [], "sent": 0, "upgraded": None}
    events.append(Event("rush.turn_started", {"turn": state["turn"]["number"]}, player=seat))
    state["phase"] = "upgrade" if can_upgrade(state, data, seat) else "move"


def can_upgrade(state: State, data: RushData, seat: int) -> bool:
    p = state["players"][seat]
    return len(p["sent"]) >= data.upgrade_cost and len(p["upgrades"]) < len(data.upgrades)
