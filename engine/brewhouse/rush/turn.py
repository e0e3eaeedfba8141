"""The decisions of Coffee Rush: legal moves and their effects, phase by phase.

Every decision is small, so move lists stay short:

* set-up: ``opening:<card>`` (optional opening), ``place:<square>`` (meeple
  placement), ``put:<ingredient>:<cup>`` (starting ingredients);
* turn: ``upgrade:<tile>`` / ``skip_upgrade`` -> ``step:<meeple>:<square>`` (one
  square at a time) ... ``stop`` -> ``put:<ingredient>:<cup>``,
  ``return:<ingredient>``, ``empty:<cup>`` ... ``done`` -> ``send:<card>:<cup>``
  ... ``end``.

Cups and rows are numbered from 1 in ids and payloads; squares are 0-15
(``row * 4 + col`` from the top-left) with 1-based ``row``/``col`` in payloads.
Phases with nothing to decide are skipped automatically.
"""
from __future__ import annotations

from typing import Any, Optional

from ..core.game import Event, Move, State, Transition
from .data import RushData
from .endturn import end_turn, gain_rush_tokens
from .movement import occupied_by_others, step_options, steps_budget
from .state import begin_meeple_placement, deal_setup_orders, meeple_squares, start_turn, take_supply

__all__ = ["legal_moves", "find_move", "play", "sendable", "cup_key"]


def cup_key(data: RushData, cup: list[str]) -> tuple[str, ...]:
    """A cup's contents in the data's ingredient order (compare with ``Card.key``)."""
    return tuple(sorted(cup, key=data.ingredient_index.__getitem__))


def sendable(state: State, data: RushData, seat: int) -> list[tuple[int, str, int]]:
    """(row, card id, cup) for every order that one cup matches exactly (0-based)."""
    player = state["players"][seat]
    keys = [(c, cup_key(data, cup)) for c, cup in enumerate(player["cups"]) if len(cup) >= 2]
    if not keys:
        return []
    out = []
    for r, row in enumerate(player["rows"]):
        for cid in row:
            want = data.cards[cid].key
            for c, key in keys:
                if key == want:
                    out.append((r, cid, c))
    return out


# -- legal moves --------------------------------------------------------------

def legal_moves(state: State, data: RushData) -> list[Move]:
    seat = state["current"]
    if state["phase"] == "over" or seat is None:
        return []
    moves: list[Move] = []
    for generate in _GENERATORS[state["phase"]].values():
        moves.extend(generate(state, data, seat))
    return moves


def _opening_moves(state: State, data: RushData, seat: int) -> list[Move]:
    moves, seen = [], set()
    for cid in state["opening_pool"]:
        card = data.cards[cid]
        if (card.name, card.key) in seen:
            continue  # identical cards are one choice
        seen.add((card.name, card.key))
        moves.append(Move(f"opening:{cid}", {"kind": "opening", "card": cid, "name": card.name,
                                             "ingredients": list(card.ingredients)}))
    return moves


def _place_meeple_moves(state: State, data: RushData, seat: int) -> list[Move]:
    taken = meeple_squares(state)
    meeple = state["queue"][0][1]
    return [Move(f"place:{sq}", {"kind": "place_meeple", "meeple": meeple, **data.square_info(sq)})
            for sq in range(data.rows * data.cols) if sq not in taken]


def _put_moves(state: State, data: RushData, seat: int) -> list[Move]:
    player = state["players"][seat]
    moves = []
    for ing in _distinct(data, player["pending"]):
        for c in range(len(player["cups"])):
            moves.append(Move(f"put:{ing}:{c + 1}", {"kind": "put", "ingredient": ing, "cup": c + 1}))
    return moves


def _distinct(data: RushData, items: list[str]) -> list[str]:
    present = set(items)
    return [ing for ing in data.ingredients if ing in present]


def _upgrade_moves(state: State, data: RushData, seat: int) -> list[Move]:
    player = state["players"][seat]
    pay = player["sent"][:data.upgrade_cost]
    return [Move(f"upgrade:{tile}", {"kind": "upgrade", "upgrade": tile, "discard": list(pay)})
            for tile in data.upgrades if tile not in player["upgrades"]]


def _skip_upgrade_moves(state: State, data: RushData, seat: int) -> list[Move]:
    return [Move("skip_upgrade", {"kind": "skip_upgrade"})]


def _step_moves(state: State, data: RushData, seat: int,
                only: Optional[tuple[int, int]] = None) -> list[Move]:
    return [Move(f"step:{o['meeple']}:{o['to']}", o) for o in step_options(state, data, seat, only)]


def _stop_moves(state: State, data: RushData, seat: int) -> list[Move]:
    turn = state["turn"]
    if turn["steps"] > 0:
        m = turn["meeple"]
        here = state["meeples"][seat][m]
        if here not in occupied_by_others(state, seat, m):
            return [Move("stop", {"kind": "stop", "meeple": m, **data.square_info(here)})]
    return []


def _return_moves(state: State, data: RushData, seat: int) -> list[Move]:
    return [Move(f"return:{ing}", {"kind": "return", "ingredient": ing})
            for ing in _distinct(data, state["players"][seat]["pending"])]


def _empty_moves(state: State, data: RushData, seat: int) -> list[Move]:
    return [Move(f"empty:{c + 1}", {"kind": "empty", "cup": c + 1, "ingredients": list(cup)})
            for c, cup in enumerate(state["players"][seat]["cups"]) if cup]


def _done_moves(state: State, data: RushData, seat: int) -> list[Move]:
    return [Move("done", {"kind": "done", "returns": list(state["players"][seat]["pending"])})]


def _send_moves(state: State, data: RushData, seat: int) -> list[Move]:
    moves = []
    for r, cid, c in sendable(state, data, seat):
        card = data.cards[cid]
        moves.append(Move(f"send:{cid}:{c + 1}", {"kind": "send", "card": cid, "name": card.name,
                                                  "row": r + 1, "cup": c + 1,
                                                  "specialty": card.specialty}))
    return moves


def _end_moves(state: State, data: RushData, seat: int) -> list[Move]:
    return [Move("end", {"kind": "end"})]


#: per phase, the move generators in display order, keyed by move-id prefix
_GENERATORS = {
    "opening": {"opening": _opening_moves},
    "place_meeple": {"place": _place_meeple_moves},
    "setup_cups": {"put": _put_moves},
    "upgrade": {"upgrade": _upgrade_moves, "skip_upgrade": _skip_upgrade_moves},
    "move": {"step": _step_moves, "stop": _stop_moves},
    "place": {"put": _put_moves, "return": _return_moves, "empty": _empty_moves, "done": _done_moves},
    "send": {"send": _send_moves, "end": _end_moves},
}


def find_move(state: State, data: RushData, move_id: str) -> Optional[Move]:
    """The legal move with this id, or ``None``.

    Only the generator for the id's prefix runs (the same code as
    :func:`legal_moves`), which halves the cost of validating a move.
    """
    seat = state["current"]
    if state["phase"] == "over" or seat is None:
        return None
    prefix = move_id.split(":", 1)[0]
    generate = _GENERATORS[state["phase"]].get(prefix)
    if generate is None:
        return None
    if prefix == "step":
        # steps are the most numerous moves: build only the one asked for
        parts = move_id.split(":")
        if len(parts) != 3 or not all(p.isdigit() and p.isascii() for p in parts[1:]):
            return None
        target = (int(parts[1]), int(parts[2]))
        generate = lambda st, d, s: _step_moves(st, d, s, only=target)  # noqa: E731
    for move in generate(state, data, seat):
        if move.id == move_id:
            return move
    return None


# -- effects ------------------------------------------------------------------

def play(state: State, data: RushData, move: Move) -> Transition:
    """Apply a move known to be legal (``move`` comes from :func:`legal_moves`)."""
    events: list[Event] = []
    seat = state["current"]
    reveals = _PLAY[move.payload["kind"]](state, data, seat, move.payload, events)
    return Transition(state, events, bool(reveals))


def _play_opening(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    state["opening_pool"].remove(pay["card"])
    state["players"][seat]["rows"][0].append(pay["card"])
    events.append(Event("rush.opening_chosen", {"card": pay["card"]}, player=seat))
    state["queue"].pop(0)
    if state["queue"]:
        state["current"] = state["queue"][0][0]
        return False
    # everyone has chosen: the set-up draws, then the leftovers leave the game
    deal_setup_orders(state, data, events, skip_first_row1=True)
    if state["opening_pool"]:
        events.append(Event("rush.opening_removed", {"cards": list(state["opening_pool"])}))
        state["removed"].extend(state["opening_pool"])
        state["opening_pool"] = []
    begin_meeple_placement(state, data)
    return True


def _play_place_meeple(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    seat_, m = state["queue"].pop(0)
    state["meeples"][seat_][m] = pay["square"]
    events.append(Event("rush.meeple_placed", {"meeple": m, "square": pay["square"]}, player=seat_))
    if state["queue"]:
        state["current"] = state["queue"][0][0]
        return False
    # every meeple is placed: each takes one ingredient of its square
    n = len(state["players"])
    for i in range(n):
        s = (state["first"] + i) % n
        for sq in state["meeples"][s]:
            ing = data.square_ingredient[sq]
            got = take_supply(state, ing, 1)
            state["players"][s]["pending"].extend([ing] * got)
            events.append(Event("rush.ingredients_taken", {"ingredient": ing, "count": got, "wanted": 1,
                                                           "square": sq}, player=s))
        if state["players"][s]["pending"]:
            state["queue"].append([s, 0])
    state["phase"] = "setup_cups"
    _next_setup_cups(state, data, events)
    return False


def _next_setup_cups(state: State, data: RushData, events: list[Event]) -> None:
    while state["queue"] and not state["players"][state["queue"][0][0]]["pending"]:
        state["queue"].pop(0)
    if state["queue"]:
        state["current"] = state["queue"][0][0]
    else:
        start_turn(state, data, state["first"], events)


def _play_put(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    player = state["players"][seat]
    player["pending"].remove(pay["ingredient"])
    player["cups"][pay["cup"] - 1].append(pay["ingredient"])
    events.append(Event("rush.ingredient_placed", {"ingredient": pay["ingredient"], "cup": pay["cup"]},
                        player=seat))
    if state["phase"] == "setup_cups":
        _next_setup_cups(state, data, events)
    return False


def _play_upgrade(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    player = state["players"][seat]
    paid = player["sent"][:data.upgrade_cost]
    del player["sent"][:data.upgrade_cost]
    state["discard"].extend(paid)
    player["upgrades"].append(pay["upgrade"])
    state["turn"]["upgraded"] = pay["upgrade"]
    events.append(Event("rush.upgrade_activated", {"upgrade": pay["upgrade"], "discarded": paid},
                        player=seat))
    state["phase"] = "move"
    return False


def _play_skip_upgrade(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    state["phase"] = "move"
    return False


def _play_step(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    turn = state["turn"]
    player = state["players"][seat]
    m = pay["meeple"]
    if turn["meeple"] is None:
        turn["meeple"] = m
        turn["start"] = state["meeples"][seat][m]
    if pay["rush"]:
        player["rush"] -= 1
        state["rush_supply"] += 1
        events.append(Event("rush.rush_token_spent", {}, player=seat))
    state["meeples"][seat][m] = pay["to"]
    turn["steps"] += 1
    turn["path"].append(pay["to"])
    events.append(Event("rush.meeple_moved", {"meeple": m, "from": pay["from"], "to": pay["to"],
                                              "rush": pay["rush"]}, player=seat))
    ing = pay["ingredient"]
    got = take_supply(state, ing, pay["gain"])
    player["pending"].extend([ing] * got)
    events.append(Event("rush.ingredients_taken", {"ingredient": ing, "count": got, "wanted": pay["gain"],
                                                   "square": pay["to"]}, player=seat))
    if steps_budget(state, data, seat) == 0:
        _end_movement(state, data, seat, events)  # nothing left to decide
    return False


def _play_stop(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    _end_movement(state, data, seat, events)
    return False


def _end_movement(state: State, data: RushData, seat: int, events: list[Event]) -> None:
    turn = state["turn"]
    events.append(Event("rush.movement_ended", {"meeple": turn["meeple"],
                                                "square": state["meeples"][seat][turn["meeple"]],
                                                "steps": turn["steps"]}, player=seat))
    state["phase"] = "place"
    player = state["players"][seat]
    if not player["pending"] and not any(player["cups"]):
        _finish_placement(state, data, seat, events)


def _play_return(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    state["players"][seat]["pending"].remove(pay["ingredient"])
    state["supply"][pay["ingredient"]] += 1
    events.append(Event("rush.ingredients_returned", {"ingredients": [pay["ingredient"]]}, player=seat))
    return False


def _play_empty(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    cups = state["players"][seat]["cups"]
    contents = cups[pay["cup"] - 1]
    cups[pay["cup"] - 1] = []
    for ing in contents:
        state["supply"][ing] += 1
    events.append(Event("rush.cup_emptied", {"cup": pay["cup"], "ingredients": contents}, player=seat))
    return False


def _play_done(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    return _finish_placement(state, data, seat, events)


def _finish_placement(state: State, data: RushData, seat: int, events: list[Event]) -> bool:
    player = state["players"][seat]
    if player["pending"]:
        # ingredients not placed go back to the supply
        for ing in player["pending"]:
            state["supply"][ing] += 1
        events.append(Event("rush.ingredients_returned", {"ingredients": player["pending"]}, player=seat))
        player["pending"] = []
    if sendable(state, data, seat):
        state["phase"] = "send"
        return False
    return end_turn(state, data, events)


def _play_send(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    player = state["players"][seat]
    cid = pay["card"]
    player["rows"][pay["row"] - 1].remove(cid)
    cup = player["cups"][pay["cup"] - 1]
    for ing in cup:
        state["supply"][ing] += 1
    player["cups"][pay["cup"] - 1] = []
    player["sent"].append(cid)
    state["turn"]["sent"] += 1
    events.append(Event("rush.order_sent", {"card": cid, "row": pay["row"], "cup": pay["cup"],
                                            "specialty": pay["specialty"]}, player=seat))
    if pay["specialty"]:
        gain_rush_tokens(state, seat, 1, "specialty", events)
    if sendable(state, data, seat):
        return False
    return end_turn(state, data, events)  # nothing else to send: the turn ends


def _play_end(state: State, data: RushData, seat: int, pay: dict, events: list[Event]) -> bool:
    return end_turn(state, data, events)


_PLAY: dict[str, Any] = {
    "opening": _play_opening,
    "place_meeple": _play_place_meeple,
    "put": _play_put,
    "upgrade": _play_upgrade,
    "skip_upgrade": _play_skip_upgrade,
    "step": _play_step,
    "stop": _play_stop,
    "return": _play_return,
    "empty": _play_empty,
    "done": _play_done,
    "send": _play_send,
    "end": _play_end,
}
