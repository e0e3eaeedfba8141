"""A remote table over in-memory channels, and the checks every guest message goes through.

:class:`Table` hosts a game with :class:`~brewhouse.remote.Host`, seats
guests (:class:`~brewhouse.remote.Guest`) on numbered channels and plays it
out: remote seats decide from their guest's messages only, the host's own
seats (hot-seat humans, bots) from the host's views.  Every message the host
sends is checked the moment it is sent, against the host's full state:

* an update holds exactly the seat's view, its visible events and, only when
  the seat decides, its legal moves;
* every card id in a message is in the seat's current view or in events it
  was shown; the view and the moves name no card lying in a hidden zone
  (a deck, another seat's hand or draft picks);
* no message holds the state's PRNG, the seed, or (before the reveal) the secret.
"""
from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from typing import Any, Callable, Iterator, Optional

from brewhouse.bots import make_bot
from brewhouse.core.game import Game
from brewhouse.core.match import state_digest
from brewhouse.remote import REMOTE, Guest, Host

#: the contents of every JSON string token (card ids never hold quotes or backslashes)
_STRINGS = re.compile(r'"((?:[^"\\]|\\.)*)"')


def card_ids(game: Game) -> frozenset[str]:
    """Every card id the game defines (founders and Friends & Family copies are ``id@seat`` in play)."""
    if game.id == "seize":
        return frozenset(game.db.cards) | frozenset(game.db.founders)
    if game.id == "cafe":
        return frozenset(game.cat.cards)
    return frozenset(game.data.cards)


def ids_in(data: Any, universe: frozenset[str]) -> set[str]:
    """Card ids named anywhere in JSON data: a string, a word of one (Café's ``"P08 -1 0 90"``), a key."""
    text = data if isinstance(data, str) else json.dumps(data)
    return {word for token in set(_STRINGS.findall(text)) for word in token.split()
            if word.split("@")[0] in universe}


def hidden_zones(game: Game, state: dict, seat: Optional[int]) -> Any:
    """The parts of the full state ``seat`` must not see: decks, other seats' draft hands and picks."""
    zones: list[Any] = []
    if game.id == "seize":
        zones += [row["deck"] for row in state["city"]]
        draft = state.get("draft")
        if draft:
            zones += [draft.get("box")] + [h for i, h in enumerate(draft.get("hands", [])) if i != seat]
            zones += [p for i, p in enumerate(draft.get("picks", [])) if i != seat]
    else:  # Café and Rush: the deck (a Café hand is a card taken from the open row: public)
        zones += [state["deck"]]
    return zones


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Table:
    """A hosted game over in-memory channels (see the module docstring).

    ``guest_levels`` maps remote seats to the bot level that plays each guest
    (``random`` or ``easy``); other seats are host-side: ``human`` seats are
    played at random on the host (a hot seat), bot seats by their level.
    """

    def __init__(self, game: Game, config: dict, seats: list[str], guest_levels: dict[int, str], seed: int = 0,
                 spectators: int = 1, host_cls: type = Host) -> None:
        self.game = game
        self.rnd = random.Random(seed)
        self.pending: dict[int, list[str]] = defaultdict(list)  # host -> guest texts, per channel
        self.sent: dict[int, list[str]] = defaultdict(list)     # everything the host sent, per channel
        self.host = host_cls(game, config, seats, self._send, secret=self.hex(64))
        self.universe = card_ids(game)
        self.guests: dict[int, Guest] = {}
        self.seen: dict[int, set[str]] = defaultdict(set)  # card ids each channel was shown in events
        self.checked = 0
        self._next_channel = 0
        seats_to_join = [s for s in range(len(seats)) if seats[s] == REMOTE] + [None] * spectators
        for seat in seats_to_join:
            self.join(Guest(self.host.invite(seat), nonce=self.hex(32)))
        self.host_bots = {i: make_bot(kind, seed + i, iterations=6) if kind != "random" else make_bot(kind, seed + i)
                          for i, kind in enumerate(seats) if kind not in (REMOTE, "human")}
        self.guest_bots = {s: make_bot(level, seed + 100 + s, **({"iterations": 6} if level != "random" else {}))
                           for s, level in guest_levels.items()}
        self.sizes: list[int] = []

    def hex(self, digits: int) -> str:
        """Reproducible randomness for the secret and the nonces."""
        return "".join(self.rnd.choice("0123456789abcdef") for _ in range(digits))

    # -- channels -----------------------------------------------------------
    def new_channel(self) -> int:
        self._next_channel += 1
        return self._next_channel

    def join(self, guest: Guest, text: Optional[str] = None) -> int:
        channel = self.new_channel()
        self.guests[channel] = guest
        self.host.receive(channel, text if text is not None else guest.hello())
        self.pump()
        return channel

    def channel_of(self, seat: int) -> int:
        return next(c for c, g in self.guests.items() if g.seat == seat)

    def _send(self, channel: int, text: str) -> None:
        self.check(channel, text)
        self.pending[channel].append(text)
        self.sent[channel].append(text)

    def pump(self) -> None:
        for channel, texts in self.pending.items():
            guest = self.guests.get(channel)
            while texts:
                text = texts.pop(0)
                if guest is not None:
                    guest.receive(text)

    def say(self, channel: int, text: str) -> list[dict]:
        """A guest's text to the host; the host's answers to that channel."""
        before = len(self.sent[channel])
        self.host.receive(channel, text)
        answers = [json.loads(t) for t in self.sent[channel][before:]]
        self.pump()
        return answers

    # -- the scan of every message ---------------------------------------------
    def check(self, channel: int, text: str) -> None:
        msg = json.loads(text)  # the guest checks the schema when it receives it
        host, match = self.host, self.host.match
        seat = self.guests[channel].seat if channel in self.guests else None
        if match is not None:
            assert match.state["rng"] not in text, "the state's PRNG reached a guest"
            assert str(match.seed) not in text, "the seed reached a guest"
        if msg["type"] == "reveal":  # the end: the secret and the move list are the audit's
            assert match.active_player is None
            return
        assert host.secret not in text, "the secret reached a guest before the end"
        if msg["type"] != "update":
            assert not ids_in(msg, self.universe), f"a {msg['type']} message names cards"
            return
        self.checked += 1
        self.sizes.append(len(text))
        game, state = self.game, match.state
        view = plain(game.view(state, seat))
        assert msg["view"] == view, "an update holds exactly the seat's view"
        events = plain([{"ply": e.ply, **e.event.visible_to(seat)} for e in match.log if e.ply > msg["since"]])
        assert msg["events"] == events, "an update holds exactly the events the seat may see"
        active = match.active_player
        assert msg["active"] == active and msg["ply"] == match.ply
        if active is not None and active == seat:
            assert msg["moves"] == plain([m.to_json() for m in game.legal_moves(state)])
        else:
            assert "moves" not in msg, "moves go only to the seat that decides"
        self.seen[channel] |= ids_in(msg["events"], self.universe)
        in_view = ids_in(view, self.universe)
        extra = ids_in(text, self.universe) - in_view - self.seen[channel]
        assert not extra, f"seat {seat} was sent cards outside its view and events: {sorted(extra)[:5]}"
        hidden = ids_in(hidden_zones(game, state, seat), self.universe)
        leaked = (in_view | ids_in(msg.get("moves", []), self.universe)) & hidden
        assert not leaked, f"seat {seat} was shown hidden cards: {sorted(leaked)[:5]}"

    # -- playing ---------------------------------------------------------------
    def start(self) -> None:
        self.host.start()
        self.pump()

    def step(self) -> None:
        """One move: the deciding remote seat's guest, or the host's own seat."""
        match = self.host.match
        active = match.active_player
        if self.host.seats[active] == REMOTE:
            channel = self.channel_of(active)
            guest = self.guests[channel]
            assert guest.deciding and guest.ply == match.ply and guest.active == active
            move = self.guest_bots[active].choose(guest.game, guest.view, guest.moves)
            answers = self.say(channel, guest.move(move))
            assert all(a["type"] != "refused" for a in answers), answers
        else:
            moves = self.game.legal_moves(match.state)
            bot = self.host_bots.get(active)
            if bot is None:  # a hot-seat human on the host
                move = self.rnd.choice(moves).id
            else:
                move = bot.choose(self.game, self.game.view(match.state, active), moves)
            self.host.play(move)
            self.pump()

    def play_out(self, each_ply: Callable[["Table"], None] = lambda t: None, limit: int = 5000) -> None:
        while self.host.match.active_player is not None:
            each_ply(self)
            if self.host.match.active_player is None:
                break
            self.step()
            assert self.host.match.ply < limit

    def digest(self) -> tuple:
        match = self.host.match
        return (state_digest(match.state), match.ply, len(match.log))

    def remote_channels(self) -> Iterator[int]:
        return (c for c, g in self.guests.items() if g.seat is not None)
