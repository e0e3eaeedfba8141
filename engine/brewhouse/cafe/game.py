"""Café (Rôla & Costa) as a :class:`~brewhouse.core.game.Game`.

Flow of one round (8 rounds; the deck is sized to run out on the last one)::

    [auction]  advanced variant only: bid warehouse cubes to become master
    draft      standard: 3 face-up cards, each player from the master's left
               takes/buys one (replaced at once), the master picks last and
               the other 2 are discarded; auction: players+1 cards, new
               master first, no replacement, no cost
    place      each player in draft order lays their card (rotation + spot)
    actions    then spends action points (visible cups, 1..8): produce,
               dry, roast, deliver; "end" passes the remaining points

Compound choices are sequences of small decisions kept in ``state["pending"]``:
a drying/roasting group action (first square costs the point, the other
squares of the same orthogonal group are free, ``done`` closes it), a delivery
(cube by cube to cafés or the warehouse) and, in the auction, paying a bid
colour by colour then optionally storing one cube on a ship.  From rules
edition 2 a bid names the player's whole offer (a raise pays only the cubes
it adds: the bid move's ``cost``) and a player stores at most one cube per
auction; edition 1 paid every bid in full and offered the ship after each.

Move ids (payload ``kind`` in brackets)::

    pass | bid:<n> [bid] | pay:<colour> | ship:r<r>c<c>:<colour> | ship:none
    take:<slot> | buy:<slot>:<colour> [take] | discard:<slot>
    place:r<row>:c<col>:rot<0|90|180|270> | place:discard [unplaceable]
    produce:r<r>c<c>  (group named by its first cell)
    dry:r<r>c<c>:<colour> | roast:r<r>c<c>:<colour> | done
    deliver | deliver:<colour>:cafe<pi>.<k> | deliver:<colour>:warehouse
    deliver:all:warehouse [deliver_cube] | remove:r<r>c<c> | end

Event codes: cafe.round_started, cards_revealed, card_drawn, card_taken,
card_discarded, card_placed, actions_started, produced, dried, roasted,
group_done, delivery_started, delivered, cubes_removed, actions_ended,
bid, bid_paid, bid_passed, cube_shipped, auction_ended, master_changed,
ship_unloaded, game_over (all prefixed ``cafe.``).

Decisions where the books are silent are listed in ``RULES_NOTES.md``.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

from ..core.errors import InvalidConfig
from ..core.game import Event, Game, Move, Outcome, State, Transition
from ..core.rng import Rng
from . import area as A
from .cards import Catalog, default_catalog
from .determinize import CafeDeterminizer
from .scoring import cafe_points, solo_rank, warehouse_points
from .table import CUBES_PER_COLOUR, MAX_AP, ROUNDS, VARIANTS, extra_removed, stars_removed
from .views import build_view

__all__ = ["CafeGame", "ROUNDS", "MAX_AP", "CUBES_PER_COLOUR", "stars_removed"]

# rule changes of edition 2 (editions.json; RULES_NOTES.md, "Advanced (auction) variant"):
#: a bid names the player's whole offer, so raising it pays only the cubes added
RAISES = "auction-bid-raises"
#: at most one cube of a player's bid per auction goes on a ship
ONE_SHIP_CUBE = "auction-one-ship-cube"

#: placement moves by (card, (row, col, rotation, squares covered)): moves are immutable (nobody
#: writes to a payload), so layouts share them instead of building hundreds per layout
_PLACE_MOVES: dict[tuple[str, tuple[int, int, int, int]], Move] = {}
#: placement moves kept before the table starts afresh (a bound on memory)
_PLACE_MOVES_LIMIT = 20000


def place_move(card: str, spot: tuple[int, int, int, int]) -> Move:
    """The move placing ``card`` at ``spot`` = (row, col, rotation, squares covered), as
    :meth:`CafeGame.legal_moves` lists it."""
    key = (card, spot)
    move = _PLACE_MOVES.get(key)
    if move is None:
        if len(_PLACE_MOVES) >= _PLACE_MOVES_LIMIT:
            _PLACE_MOVES.clear()
        r, c, rot, covered = spot
        move = _PLACE_MOVES[key] = Move(f"place:r{r}:c{c}:rot{rot}", {
            "kind": "place", "card": card, "row": r, "col": c, "rot": rot, "covers": covered})
    return move


#: the moves that never change: closing a group action, and ending a turn with n points unspent
_DONE = Move("done", {"kind": "done"})
_END: dict[Any, Move] = {}
#: action moves kept per layout before its table starts afresh (a bound on memory)
_LAYOUT_MOVES_LIMIT = 4000


def _layout_moves(board: A.Board) -> dict[Any, Move]:
    """Action moves built on this layout so far, by what they depend on besides the layout:
    equal options listed again are the same (immutable) objects."""
    memo = board.layout.memo
    made = memo.get("moves")
    if made is None or len(made) > _LAYOUT_MOVES_LIMIT:
        made = memo["moves"] = {}
    return made


#: "deliver every cube left to the warehouse", by the number of cubes (moves are immutable)
_ALL_TO_WAREHOUSE: dict[int, Move] = {}
#: (game class, move kind) -> the method playing it (looked up once: a search plays millions of moves)
_HANDLERS: dict[tuple[type, str], Callable[..., None]] = {}


#: what :func:`_offers` lists for :func:`_shared_transfer_moves`: (colour, load, source cells, the same as a tuple)
_Offers = list[tuple[str, int, list[tuple[int, int]], tuple[tuple[int, int], ...]]]


def _offers(sources: Mapping[str, tuple[list[tuple[int, int]], int]], colours: Sequence[str]) -> _Offers:
    """The cubes waiting upstream of a dry or roast action, one offer per colour, in colour order.

    ``sources``: a kind's loads as :meth:`Board.loads` reads them (colour ->
    (source cells, load)).
    """
    return [(colour, sources[colour][1], sources[colour][0], tuple(sources[colour][0]))
            for colour in colours if colour in sources]


def _shared_transfer_moves(made: dict[Any, Move], action: str, group: "_GroupSquares", cost: int,
                           offers: _Offers, cubes: Mapping[str, Any], out: list[Move]) -> None:
    """:meth:`CafeGame._transfer_moves` onto one of the layout's own groups, appended to ``out``.

    ``offers``: :func:`_offers` of the kind upstream; ``made``: the layout's moves
    (:func:`_layout_moves`), so equal options are the same objects.
    """
    group_list, cells = group
    for key, cell_id, cell in cells:
        if key in cubes:
            continue  # never a second load
        for colour, n, from_cells, from_key in offers:
            move_key = (action, cell_id, colour, n, from_key, cost)
            move = made.get(move_key)
            if move is None:
                move = made[move_key] = Move(f"{action}:{cell_id}:{colour}", {
                    "kind": action, "target": list(cell), "colour": colour, "n": n,
                    "from": [list(x) for x in from_cells], "group": group_list, "cost": cost})
            out.append(move)


def _cell_id(cell: tuple[int, int]) -> str:
    """Cell as it appears in move ids: ``r2c-1``."""
    return f"r{cell[0]}c{cell[1]}"


class CafeGame(Game):
    """The Café rules engine.

    >>> game = CafeGame()
    >>> state = game.setup(game.normalize_config({"players": 2}), seed=1)
    >>> game.phase(state), len(state["row"])
    ('draft', 3)
    """

    id = "cafe"
    title = "Café"
    min_players = 1
    max_players = 4

    edition_package = "brewhouse.cafe"

    def __init__(self, catalog: Optional[Catalog] = None) -> None:
        self._catalog = catalog

    @classmethod
    def with_data(cls, read: Callable[[str], Any]) -> "CafeGame":
        return cls(Catalog(read("cards.json")))

    @property
    def cat(self) -> Catalog:
        # loaded lazily so listing games never parses the card file
        if self._catalog is None:
            self._catalog = default_catalog()
        return self._catalog

    def cards_in_play(self, config: Mapping[str, Any], seed: int = 0) -> list[dict[str, Any]]:
        """Every card of the game, one row each: start cards and plan cards with their squares."""
        rows = []
        for kind, ids in (("start", self.cat.start_ids), ("plan", self.cat.plan_ids)):
            for cid in ids:
                card = self.cat.cards[cid]
                row: dict[str, Any] = {"id": cid, "name": cid, "kind": kind,
                                       "squares": [sq["kind"] + (f":{sq['colour']}" if "colour" in sq else "")
                                                   for sq in card["squares"]]}
                if kind == "start":
                    row["company"] = card["company"]
                else:
                    row["star"] = bool(card.get("star"))
                rows.append(row)
        return rows

    # -- configuration ------------------------------------------------------
    def default_config(self) -> dict[str, Any]:
        return {"players": 2, "variant": "standard"}

    def check_config(self, config: dict[str, Any]) -> None:
        variant = config.get("variant")
        if variant not in VARIANTS:
            raise InvalidConfig("variant must be 'standard' or 'auction'", option="variant")
        if variant == "auction" and config["players"] < 2:
            raise InvalidConfig("the auction variant needs 2-4 players", option="variant")

    # -- setup ----------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        cat = self.cat
        n = int(config["players"])
        variant = config.get("variant", "standard")
        rng = Rng.from_seed(seed)
        deck = list(cat.plan_ids)
        if stars_removed(variant, n):
            deck = [c for c in deck if c not in cat.star_ids]
        rng.shuffle(deck)
        extra = extra_removed(variant, n)
        removed = len(cat.plan_ids) - len(deck) + extra
        deck = deck[extra:]
        supply = {c: CUBES_PER_COLOUR - n for c in cat.colours}
        players = []
        for p in range(n):
            start = cat.start_ids[p % len(cat.start_ids)]
            players.append({
                "company": cat.card(start).get("company", p + 1),
                "area": A.new_area(start),
                "warehouse": {c: 1 for c in cat.colours},
                "hand": None,
                "ap": 0,
                "ap_total": 0,
            })
        # "the last one to have drunk a coffee" starts: a seeded draw here
        master = rng.below(n)
        state: State = {
            "v": 1,
            "config": {"players": n, "variant": variant},
            "rng": rng.dump(),
            "round": 1,
            "master": master,
            "phase": "draft",
            "turn": master,
            "order": [],
            "pos": 0,
            "deck": deck,
            "row": [],
            "discard": [],
            "removed": removed,
            "supply": supply,
            "players": players,
            "pending": None,
            "auction": None,
        }
        self._start_round(state, [])
        return state

    # -- protocol ---------------------------------------------------------------
    def active_player(self, state: State) -> Optional[int]:
        return None if state["phase"] == "over" else state["turn"]

    def phase(self, state: State) -> str:
        return state["phase"]

    def legal_moves(self, state: State) -> list[Move]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "auction":
            return self._auction_moves(state)
        if phase == "draft":
            return self._draft_moves(state)
        if phase == "place":
            return self._place_moves(state)
        return self._action_moves(state)

    def play(self, state: State, move: Move) -> Transition:
        events: list[Event] = []
        p = state["turn"]
        deck_before = len(state["deck"])
        key = (type(self), move.payload["kind"])
        handler = _HANDLERS.get(key)
        if handler is None:
            handler = _HANDLERS[key] = getattr(key[0], f"_do_{key[1]}")
        handler(self, state, p, move.payload, events)
        # drawing from the hidden deck is the only reveal in Café (replacement
        # cards, or a new round's cards after the last action of a round)
        reveals = len(state["deck"]) != deck_before
        return Transition(state, events, reveals)

    # -- round structure ----------------------------------------------------------
    def _draw(self, state: State) -> Optional[str]:
        return state["deck"].pop(0) if state["deck"] else None

    def _start_round(self, state: State, events: list[Event]) -> None:
        """Reveal the round's cards and open the auction or the draft."""
        n = state["config"]["players"]
        m = state["master"]
        auction = state["config"]["variant"] == "auction"
        count = n + 1 if auction else 3
        row = []
        for _ in range(count):
            card = self._draw(state)
            if card is not None:
                row.append(card)
        state["row"] = row
        events.append(Event("cafe.round_started", {"round": state["round"], "master": m}))
        events.append(Event("cafe.cards_revealed", {"cards": list(row)}, player=m))
        if auction:
            state["phase"] = "auction"
            state["auction"] = {"high": 0, "holder": None, "out": [False] * n, "paying": None}
            if RAISES in self.rules:
                state["auction"]["offers"] = [0] * n  # cubes each player has offered so far
            if ONE_SHIP_CUBE in self.rules:
                state["auction"]["stored"] = [False] * n  # who has stored a bid cube on a ship
            state["turn"] = m
        else:
            self._open_draft(state)

    def _open_draft(self, state: State) -> None:
        n = state["config"]["players"]
        m = state["master"]
        if state["config"]["variant"] == "auction":
            order = [(m + i) % n for i in range(n)]  # new master first
        else:
            order = [(m + i) % n for i in range(1, n + 1)]  # master's left first, master last
        state["order"] = order
        state["pos"] = 0
        state["phase"] = "draft"
        state["turn"] = order[0]

    def _after_draft_pick(self, state: State, events: list[Event]) -> None:
        """Replace the taken card (standard variant) and pass the draft on."""
        n = state["config"]["players"]
        standard = state["config"]["variant"] == "standard"
        if standard and state["pos"] < n - 1:
            card = self._draw(state)  # replaced at once, so everyone chooses among 3
            if card is not None:
                state["row"].append(card)
                events.append(Event("cafe.card_drawn", {"card": card}))
        elif standard:
            # the master chose last: the two others are discarded
            for card in state["row"]:
                state["discard"].append(card)
                events.append(Event("cafe.card_discarded", {"card": card, "reason": "draft_leftover"}))
            state["row"] = []
        state["pos"] += 1
        if state["pos"] >= n:
            state["pos"] = 0
            self._begin_turn(state, events)
        else:
            state["turn"] = state["order"][state["pos"]]

    def _begin_turn(self, state: State, events: list[Event]) -> None:
        """Give the next player in order their placement (if any) and actions."""
        p = state["order"][state["pos"]]
        state["turn"] = p
        player = state["players"][p]
        if player["hand"] is not None:
            state["phase"] = "place"
        else:
            self._start_actions(state, p, events)

    def _start_actions(self, state: State, p: int, events: list[Event]) -> None:
        player = state["players"][p]
        ap = max(1, min(MAX_AP, self._board(player).cups()))
        player["ap"] = ap
        player["ap_total"] = ap
        state["phase"] = "actions"
        state["pending"] = None
        events.append(Event("cafe.actions_started", {"ap": ap}, player=p))

    def _end_turn(self, state: State, p: int, events: list[Event]) -> None:
        player = state["players"][p]
        events.append(Event("cafe.actions_ended", {"unspent": player["ap"]}, player=p))
        player["ap"] = 0
        state["pending"] = None
        state["pos"] += 1
        if state["pos"] < state["config"]["players"]:
            self._begin_turn(state, events)
        else:
            self._end_round(state, events)

    def _end_round(self, state: State, events: list[Event]) -> None:
        n = state["config"]["players"]
        for card in state["row"]:  # auction variant: the card nobody took
            state["discard"].append(card)
            events.append(Event("cafe.card_discarded", {"card": card, "reason": "round_leftover"}))
        state["row"] = []
        if state["config"]["variant"] == "standard" and n > 1:
            state["master"] = (state["master"] + 1) % n  # the token goes to the left
            events.append(Event("cafe.master_changed", {"master": state["master"]}, player=state["master"]))
        if state["round"] >= ROUNDS or not state["deck"]:
            self._finish(state, events)
            return
        state["round"] += 1
        self._start_round(state, events)

    def _finish(self, state: State, events: list[Event]) -> None:
        # cubes stored on ships (auction variant) count as warehouse cubes
        for p, player in enumerate(state["players"]):
            for key, colour in sorted(player["area"]["ships"].items()):
                player["warehouse"][colour] += 1
                events.append(Event("cafe.ship_unloaded", {"cell": list(A.parse_key(key)), "colour": colour},
                                    player=p))
            player["area"]["ships"] = {}
        state["phase"] = "over"
        state["turn"] = None
        out = self.outcome(state)
        assert out is not None
        events.append(Event("cafe.game_over", {"scores": list(out.scores), "winners": list(out.winners)}))

    # -- auction (advanced variant) -------------------------------------------------
    def _auction_moves(self, state: State) -> list[Move]:
        p = state["turn"]
        au = state["auction"]
        player = state["players"][p]
        wh = player["warehouse"]
        paying = au["paying"]
        if paying is not None:
            if paying["left"] > 0:
                return [Move(f"pay:{c}", {"kind": "pay", "colour": c}) for c in self.cat.colours if wh[c] > 0]
            moves = [Move("ship:none", {"kind": "ship", "cell": None, "colour": None})]
            colours = [c for c in self.cat.colours if paying["paid"].get(c, 0) > 0]
            for cell in self._board(player).free_ships():
                for c in colours:
                    moves.append(Move(f"ship:{_cell_id(cell)}:{c}", {"kind": "ship", "cell": list(cell), "colour": c}))
            return moves
        moves = [Move("pass", {"kind": "pass"})]
        total = sum(wh.values())
        if RAISES not in self.rules:  # edition 1: every bid is paid in full again
            for amount in range(max(1, au["high"]), total + 1):
                moves.append(Move(f"bid:{amount}", {"kind": "bid", "amount": amount}))
            return moves
        # a bid names the player's whole offer; a raise adds at least one cube (no cube is a pass)
        offered = au["offers"][p]
        for amount in range(max(1, au["high"], offered + 1), offered + total + 1):
            moves.append(Move(f"bid:{amount}", {"kind": "bid", "amount": amount, "cost": amount - offered}))
        return moves

    def _do_pass(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        state["auction"]["out"][p] = True
        events.append(Event("cafe.bid_passed", {}, player=p))
        self._advance_auction(state, p, events)

    def _do_bid(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        amount = payload["amount"]
        if RAISES in self.rules:  # only the cubes added to the player's offer are paid now
            cost = amount - state["auction"]["offers"][p]
            state["auction"]["paying"] = {"amount": amount, "left": cost, "paid": {}}
            events.append(Event("cafe.bid", {"amount": amount, "cost": cost}, player=p))
        else:  # edition 1: the whole bid is paid again
            state["auction"]["paying"] = {"amount": amount, "left": amount, "paid": {}}
            events.append(Event("cafe.bid", {"amount": amount}, player=p))
        self._maybe_finish_payment(state, p, events)

    def _do_pay(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        paying = state["auction"]["paying"]
        colour = payload["colour"]
        state["players"][p]["warehouse"][colour] -= 1
        paying["paid"][colour] = paying["paid"].get(colour, 0) + 1
        paying["left"] -= 1
        self._maybe_finish_payment(state, p, events)

    def _maybe_finish_payment(self, state: State, p: int, events: list[Event]) -> None:
        """After the last cube is paid, ask about the ship only if one is free and may take a cube."""
        au = state["auction"]
        if au["paying"]["left"] > 0:
            return
        player = state["players"][p]
        # a player stores at most one cube of their bid per auction, however often they raise
        stored = ONE_SHIP_CUBE in self.rules and au["stored"][p]
        if stored or not self._board(player).free_ships():
            self._settle_bid(state, p, None, None, events)

    def _do_ship(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        cell = payload["cell"]
        self._settle_bid(state, p, None if cell is None else A.cell_key(*cell), payload["colour"], events)

    def _settle_bid(self, state: State, p: int, ship_key: Optional[str], ship_colour: Optional[str],
                    events: list[Event]) -> None:
        au = state["auction"]
        paying = au["paying"]
        paid = dict(paying["paid"])
        if ship_key is not None and ship_colour is not None:
            paid[ship_colour] -= 1
            state["players"][p]["area"]["ships"][ship_key] = ship_colour
            if ONE_SHIP_CUBE in self.rules:
                au["stored"][p] = True
            events.append(Event("cafe.cube_shipped", {"cell": list(A.parse_key(ship_key)), "colour": ship_colour},
                                player=p))
        for colour, k in paid.items():
            state["supply"][colour] += k
        events.append(Event("cafe.bid_paid", {"amount": paying["amount"], "colours": dict(paying["paid"])},
                            player=p))
        au["high"] = paying["amount"]
        au["holder"] = p
        if RAISES in self.rules:
            au["offers"][p] = paying["amount"]
        au["paying"] = None
        self._advance_auction(state, p, events)

    def _advance_auction(self, state: State, p: int, events: list[Event]) -> None:
        au = state["auction"]
        n = state["config"]["players"]
        holder = au["holder"]
        still = [q for q in range(n) if not au["out"][q] and q != holder]
        if not still:
            if holder is not None and holder != state["master"]:
                state["master"] = holder
                events.append(Event("cafe.master_changed", {"master": holder}, player=holder))
            events.append(Event("cafe.auction_ended", {"master": state["master"], "bid": au["high"]}))
            state["auction"] = None
            self._open_draft(state)
            return
        for step in range(1, n + 1):
            q = (p + step) % n
            if not au["out"][q] and q != holder:
                state["turn"] = q
                return

    # -- draft ---------------------------------------------------------------------
    def _draft_moves(self, state: State) -> list[Move]:
        p = state["turn"]
        player = state["players"][p]
        cat = self.cat
        if state["config"]["variant"] == "auction":  # no cost after the auction
            return [Move(f"take:{i}", {"kind": "take", "slot": i, "card": c, "pay": None, "free_by_ships": False})
                    for i, c in enumerate(state["row"])]
        ships = len(self._board(player).ships())
        moves: list[Move] = []
        for i, card in enumerate(state["row"]):
            if not cat.has_cup(card) or ships >= 2:
                moves.append(Move(f"take:{i}", {"kind": "take", "slot": i, "card": card, "pay": None,
                                                "free_by_ships": cat.has_cup(card)}))
            else:
                for c in cat.colours:
                    if player["warehouse"][c] > 0:
                        moves.append(Move(f"buy:{i}:{c}", {"kind": "take", "slot": i, "card": card, "pay": c,
                                                           "free_by_ships": False}))
        if not moves:
            # every card shows a cup and nothing can pay: take one and discard it
            moves = [Move(f"discard:{i}", {"kind": "discard", "slot": i, "card": c})
                     for i, c in enumerate(state["row"])]
        return moves

    def _do_take(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        card = state["row"].pop(payload["slot"])
        player = state["players"][p]
        pay = payload["pay"]
        if pay is not None:
            player["warehouse"][pay] -= 1
            state["supply"][pay] += 1
        player["hand"] = card
        events.append(Event("cafe.card_taken", {"card": card, "slot": payload["slot"], "paid": pay,
                                                "free_by_ships": payload["free_by_ships"]}, player=p))
        self._after_draft_pick(state, events)

    def _do_discard(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        card = state["row"].pop(payload["slot"])
        state["discard"].append(card)
        events.append(Event("cafe.card_taken", {"card": card, "slot": payload["slot"], "paid": None,
                                                "free_by_ships": False}, player=p))
        events.append(Event("cafe.card_discarded", {"card": card, "reason": "cannot_pay"}, player=p))
        self._after_draft_pick(state, events)

    # -- placement -------------------------------------------------------------------
    def _place_moves(self, state: State) -> list[Move]:
        """Every legal (row, col, rotation) for the card in hand.

        The payload gives the anchor (top-left cell of the turned card) and
        the number of visible squares covered; views give each rotation's
        square offsets (``hand_shapes``) so a UI can draw the footprint.
        """
        p = state["turn"]
        board = self._board(state["players"][p])
        card = state["players"][p]["hand"]
        # the options depend only on the layout and the card: memoised on the layout
        memo_key = ("place", card)
        cached = board.layout.memo.get(memo_key)
        if cached is None:
            # equal placements of a card on other layouts are equal moves: each is built once
            cached = [place_move(card, spot) for spot in board.placements_for(card)]
            if not cached:  # never seen in practice; keeps the game going (see notes)
                cached.append(Move("place:discard", {"kind": "unplaceable", "card": card}))
            board.layout.memo[memo_key] = cached
        return list(cached)

    def _do_place(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        player = state["players"][p]
        card = player["hand"]
        res = self._board(player).place(card, payload["row"], payload["col"], payload["rot"],
                                        state["supply"], player["warehouse"])
        player["hand"] = None
        events.append(Event("cafe.card_placed", {
            "card": card, "row": payload["row"], "col": payload["col"], "rot": payload["rot"],
            "covered": len(res["covered"]), "cells": [list(k) for k in res["covered"]],
            "cubes_to_supply": res["to_supply"], "cubes_to_warehouse": res["to_warehouse"],
            "cafes_lost": res["cafes_lost"]}, player=p))
        self._start_actions(state, p, events)

    def _do_unplaceable(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        player = state["players"][p]
        state["discard"].append(player["hand"])
        events.append(Event("cafe.card_discarded", {"card": player["hand"], "reason": "no_placement"}, player=p))
        player["hand"] = None
        self._start_actions(state, p, events)

    # -- actions ------------------------------------------------------------------------
    def _board(self, player: Mapping[str, Any]) -> A.Board:
        return A.board_of(self.cat, player["area"])

    def _action_moves(self, state: State) -> list[Move]:
        return self.action_moves_read(state)[0]

    def action_moves_read(self, state: State) -> tuple[list[Move], A.Board, Optional[dict[str, Any]]]:
        """The action phase's legal moves, with what was read to list them: the mover's
        board and, unless a group action or a delivery is under way, its
        :meth:`~.area.Board.loads` (a bot scoring the moves reads them again)."""
        p = state["turn"]
        player = state["players"][p]
        board = self._board(player)
        pending = state["pending"]
        if pending is not None:
            if pending["kind"] == "deliver":
                return self._delivery_moves(board, pending), board, None
            entry = _action_squares(board)["by_keys"].get(tuple(pending["group"]))
            if entry is not None:
                moves = self._transfer_moves(board, pending["kind"], entry, cost=0, shared=True)
            else:
                moves = self._transfer_moves(board, pending["kind"], _group_squares(board, pending["group"]), cost=0)
            moves.append(_DONE)
            return moves, board, None
        moves: list[Move] = []
        cubes = board.area["cubes"]
        squares = _action_squares(board)
        made = _layout_moves(board)
        for move_id, group_list, cells in squares["production"]:
            free = tuple([key for key, _cell, _colour in cells if key not in cubes])
            if free:
                move = made.get(("produce", free))
                if move is None:
                    produced = [{"cell": list(cell), "colour": colour} for key, cell, colour in cells
                                if key not in cubes]
                    move = made[("produce", free)] = Move(move_id, {"kind": "produce", "group": group_list, "cubes": produced,
                                                       "cost": 1})
                moves.append(move)
        loads = board.loads()
        colours = self.cat.colours
        for action, source_kind, target_kind in (("dry", "production", "drying"), ("roast", "drying", "roasting")):
            sources = loads.get(source_kind)
            if sources:
                offers = _offers(sources, colours)  # the same for every group of the kind: once
                for group in squares[target_kind]:
                    _shared_transfer_moves(made, action, group, 1, offers, cubes, moves)
        roasted = loads.get("roasting")
        if roasted:
            pool = {colour: roasted[colour][1] for colour in self.cat.colours if colour in roasted}
            moves.append(Move("deliver", {"kind": "deliver", "cubes": pool, "cost": 1}))
        for key in sorted(cubes, key=A.parse_key):
            colour, n = cubes[key]
            move = made.get(("remove", key, colour, n))
            if move is None:
                cell = A.parse_key(key)
                move = made[("remove", key, colour, n)] = Move(f"remove:{_cell_id(cell)}", {
                    "kind": "remove", "cell": list(cell), "colour": colour, "n": n, "cost": 0})
            moves.append(move)
        ap = player["ap"]
        end = _END.get(ap)
        if end is None:
            end = _END[ap] = Move("end", {"kind": "end", "unspent": ap})
        moves.append(end)
        return moves, board, loads

    def _transfer_moves(self, board: A.Board, action: str, group: "_GroupSquares", cost: int,
                        sources: Optional[dict[str, tuple[list[tuple[int, int]], int]]] = None,
                        shared: bool = False) -> list[Move]:
        """Dry (A->B) or roast (B->C) options onto the empty squares of one group.

        Each option moves *all* cubes of one colour from every source square
        onto one empty target square; ``cost`` is 1 for the first square of
        a group action and 0 for the others of the same group.  ``shared``:
        the group is one of the layout's own (:func:`_action_squares`), so
        the moves are kept on the layout and equal options listed again
        (the same colour, load and source squares) are the same objects.
        """
        if sources is None:
            sources = board.loads().get("production" if action == "dry" else "drying")
        if not sources:
            return []
        cubes = board.area["cubes"]
        group_list, cells = group
        targets = [(cell_id, cell) for key, cell_id, cell in cells if key not in cubes]  # never a second load
        if not targets:
            return []
        if shared:
            moves = []
            _shared_transfer_moves(_layout_moves(board), action, group, cost,
                                   _offers(sources, self.cat.colours), cubes, moves)
            return moves
        moves = []
        lists = [(colour, sources[colour][1], [list(x) for x in sources[colour][0]])
                 for colour in self.cat.colours if colour in sources]
        for cell_id, cell in targets:
            for colour, n, from_lists in lists:
                moves.append(Move(f"{action}:{cell_id}:{colour}", {
                    "kind": action, "target": list(cell), "colour": colour, "n": n,
                    "from": from_lists, "group": group_list, "cost": cost}))
        return moves

    def _group_can_take(self, board: A.Board, action: str, group_keys: list[str]) -> bool:
        """Whether a dry/roast group action may still fill a square of its group."""
        cubes = board.area["cubes"]
        if not any(key not in cubes for key in group_keys):
            return False
        # a load waiting upstream (what board.loads() would list for that kind, found without listing it)
        source = "production" if action == "dry" else "drying"
        kind_at = board.layout.kind_at
        return any(kind_at[key] == source for key in cubes)

    def _maybe_end(self, state: State, p: int, events: list[Event]) -> None:
        """No points left and nothing pending: the action phase ends by itself."""
        if state["pending"] is None and state["players"][p]["ap"] <= 0:
            self._end_turn(state, p, events)

    def _do_produce(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        area = state["players"][p]["area"]
        state["players"][p]["ap"] -= 1
        made: dict[str, int] = {}
        for cube in payload["cubes"]:
            colour = cube["colour"]
            area["cubes"][A.cell_key(*cube["cell"])] = [colour, 1]
            state["supply"][colour] -= 1
            made[colour] = made.get(colour, 0) + 1
        events.append(Event("cafe.produced", {"cells": [c["cell"] for c in payload["cubes"]], "cubes": made},
                            player=p))
        self._maybe_end(state, p, events)

    def _do_dry(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        self._transfer(state, p, payload, events, "cafe.dried")

    def _do_roast(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        self._transfer(state, p, payload, events, "cafe.roasted")

    def _transfer(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event], code: str) -> None:
        player = state["players"][p]
        area = player["area"]
        if payload["cost"]:
            player["ap"] -= 1
            state["pending"] = {"kind": payload["kind"], "group": [A.cell_key(*c) for c in payload["group"]]}
        for cell in payload["from"]:
            del area["cubes"][A.cell_key(*cell)]
        area["cubes"][A.cell_key(*payload["target"])] = [payload["colour"], payload["n"]]
        events.append(Event(code, {"target": list(payload["target"]), "colour": payload["colour"],
                                   "n": payload["n"], "from": [list(c) for c in payload["from"]],
                                   "free": not payload["cost"]}, player=p))
        # close the group action when no other square of the group can still take a colour
        if not self._group_can_take(self._board(player), payload["kind"], state["pending"]["group"]):
            state["pending"] = None
            self._maybe_end(state, p, events)

    def _do_done(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        events.append(Event("cafe.group_done", {"action": state["pending"]["kind"]}, player=p))
        state["pending"] = None
        self._maybe_end(state, p, events)

    def _do_deliver(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        """Start a delivery: every cube of every roasting square leaves at once."""
        player = state["players"][p]
        player["ap"] -= 1
        for cells, _n in self._board(player).colours_on("roasting").values():
            for cell in cells:
                del player["area"]["cubes"][A.cell_key(*cell)]
        state["pending"] = {"kind": "deliver", "pool": dict(payload["cubes"])}
        events.append(Event("cafe.delivery_started", {"cubes": dict(payload["cubes"])}, player=p))

    def _delivery_moves(self, board: A.Board, pending: Mapping[str, Any]) -> list[Move]:
        pool = pending["pool"]
        delivered = board.area["cafes"]
        offers = _delivery_offers(board, self.cat.colours)
        moves = []
        for colour in self.cat.colours:
            if pool.get(colour, 0) <= 0:
                continue
            to_cafes, to_warehouse = offers[colour]
            for cid, required, move in to_cafes:
                got = delivered.get(cid)
                if got is None or got.count(colour) < required:  # the café still asks for one
                    moves.append(move)
            moves.append(to_warehouse)
        total = sum(pool.values())
        if total > 1:
            move = _ALL_TO_WAREHOUSE.get(total)
            if move is None:
                move = _ALL_TO_WAREHOUSE[total] = Move("deliver:all:warehouse", {
                    "kind": "deliver_cube", "colour": None, "to": "warehouse", "n": total})
            moves.append(move)
        return moves

    def _do_deliver_cube(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        player = state["players"][p]
        pool = state["pending"]["pool"]
        colour, to = payload["colour"], payload["to"]
        if colour is None:  # everything left goes to the warehouse
            for c in self.cat.colours:
                k = pool.get(c, 0)
                if k:
                    player["warehouse"][c] += k
                    events.append(Event("cafe.delivered", {"colour": c, "to": "warehouse", "n": k}, player=p))
            pool.clear()
        else:
            pool[colour] -= 1
            if pool[colour] == 0:
                del pool[colour]
            if to == "warehouse":
                player["warehouse"][colour] += 1
            else:
                player["area"]["cafes"].setdefault(to, []).append(colour)
            events.append(Event("cafe.delivered", {"colour": colour, "to": to, "n": 1}, player=p))
        if not pool:
            state["pending"] = None
            self._maybe_end(state, p, events)

    def _do_remove(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        area = state["players"][p]["area"]
        colour, n = area["cubes"].pop(A.cell_key(*payload["cell"]))  # free: no action point
        state["supply"][colour] += n
        events.append(Event("cafe.cubes_removed", {"cell": list(payload["cell"]), "colour": colour, "n": n},
                            player=p))

    def _do_end(self, state: State, p: int, payload: Mapping[str, Any], events: list[Event]) -> None:
        self._end_turn(state, p, events)

    # -- views and results ----------------------------------------------------------------
    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:

        return build_view(self, state, player)

    def determinizer(self, view: Mapping[str, Any], player: int) -> Any:
        """Samples full states matching ``view``: only the deck is hidden in Café."""

        return CafeDeterminizer(self, view)

    def breakdown(self, state: State, p: int) -> dict[str, Any]:
        """Scores of one player as they stand (final once the game is over)."""
        cat = self.cat
        pl = state["players"][p]
        board = self._board(pl)
        warehouse = dict(pl["warehouse"])
        for colour in pl["area"]["ships"].values():  # stored bid cubes count as warehouse cubes
            warehouse[colour] += 1
        cafes = cafe_points(board.cafe_info())
        wh = warehouse_points(warehouse, cat.colours)
        out = {
            "cafes": cafes["points"],
            "cafes_completed": cafes["completed"],
            "warehouse": wh["points"],
            "warehouse_detail": {"fewest": wh["fewest"], "second": wh["second"], "cubes": warehouse},
            "total": cafes["points"] + wh["points"],
            "roasting_cubes": board.cubes_on("roasting"),
            "drying_cubes": board.cubes_on("drying"),
        }
        if state["config"]["players"] == 1:
            out["rank"] = solo_rank(out["total"])
        return out

    def length(self, state: State) -> dict[str, float]:
        return {"rounds": state["round"]}

    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        rows = [self.breakdown(state, p) for p in range(state["config"]["players"])]
        keys = [(b["total"], b["roasting_cubes"], b["drying_cubes"]) for b in rows]
        best = max(keys)
        winners = tuple(p for p, k in enumerate(keys) if k == best)
        return Outcome(tuple(b["total"] for b in rows), winners, tuple(rows))


#: a drying/roasting group as move generation reads it: (its cells as JSON lists, and per
#: cell in group order: (cube map key, cell id in move ids, cell))
_GroupSquares = tuple[list[list[int]], list[tuple[str, str, tuple[int, int]]]]


def _action_squares(board: A.Board) -> dict[str, Any]:
    """What action moves need of a layout's groups, worked out once per layout.

    ``production``: (produce move id, cells as JSON, [(key, cell, colour)])
    per group; ``drying`` / ``roasting``: :data:`_GroupSquares` per group;
    ``by_keys``: those again by their cells' keys (how a pending group
    action names its group); ``keys_of``: a drying/roasting group's keys
    by the ``id()`` of its cells' list.  Move payloads share these lists: nothing
    writes to a payload.
    """
    memo = board.layout.memo
    found = memo.get("action_squares")
    if found is None:
        top = board.top
        found = {"production": [(f"produce:{_cell_id(g[0])}", [list(x) for x in g],
                                 [(A.cell_key(*cell), cell, top[cell][2]["colour"]) for cell in g])
                                for g in board.groups("production")]}
        by_keys: dict[tuple[str, ...], _GroupSquares] = {}
        keys_of: dict[int, tuple[str, ...]] = {}
        for kind in ("drying", "roasting"):
            groups = []
            for g in board.groups(kind):
                entry = ([list(x) for x in g], [(A.cell_key(*cell), _cell_id(cell), cell) for cell in g])
                groups.append(entry)
                keys = tuple(key for key, _id, _cell in entry[1])
                by_keys[keys] = entry
                # by the identity of the cells' list (which move payloads share): these lists
                # live as long as the layout, so no other object can take their ids meanwhile
                keys_of[id(entry[0])] = keys
            found[kind] = groups
        found["by_keys"] = by_keys
        found["keys_of"] = keys_of
        memo["action_squares"] = found
    return found


def _group_squares(board: A.Board, keys: list[str]) -> _GroupSquares:
    """The :data:`_GroupSquares` of a pending group action's group (named by its cells' keys)."""
    entry = _action_squares(board)["by_keys"].get(tuple(keys))
    if entry is None:  # not a group of this layout: read the cells as given
        cells = [A.parse_key(k) for k in keys]
        entry = ([list(x) for x in cells], [(k, _cell_id(cell), cell) for k, cell in zip(keys, cells)])
    return entry


def _delivery_offers(board: A.Board, colours: tuple[str, ...]) -> dict[str, tuple[list[tuple[str, int, Move]], Move]]:
    """Per colour: the delivery moves to each open café asking for it (with how many it asks
    for) and to the warehouse; they depend on the layout alone, so they are built once."""
    memo = board.layout.memo
    found = memo.get("delivery_offers")
    if found is None:
        found = {}
        for colour in colours:
            to_cafes = [(cid, face["requires"].count(colour),
                         Move(f"deliver:{colour}:cafe{cid}",
                              {"kind": "deliver_cube", "colour": colour, "to": cid, "n": 1}))
                        for cid, face in board.open_cafes() if colour in face["requires"]]
            found[colour] = (to_cafes, Move(f"deliver:{colour}:warehouse", {
                "kind": "deliver_cube", "colour": colour, "to": "warehouse", "n": 1}))
        memo["delivery_offers"] = found
    return found
