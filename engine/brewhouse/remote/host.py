"""The host of a remote game: the only full state, and what it tells each guest.

A :class:`Host` wraps a :class:`~brewhouse.core.Match` whose ``remote``
seats are played from other devices.  The web layer gives it each guest's
text with :meth:`Host.receive` (``channel`` is whatever identifies that
guest's data channel) and delivers what it sends through the ``send``
callback.  A guest is told exactly

* ``game.view(state, seat)`` (a spectator: ``view(state, None)``),
* the legal moves (ids and payloads) only while its own seat decides,
* the new events as ``Event.visible_to(seat)``, each with its ply,

and never the state, the seed, another seat's moves or private events.
Every message from a guest is checked like any other untrusted input; a bad
one gets a typed ``refused`` message and changes nothing.
"""
from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Optional, Sequence

from .. import __version__
from ..core.errors import BadRequest, BrewhouseError
from ..core.game import Game
from ..core.match import Match
from .seat import REMOTE
from .fairness import commitment, derive_seed, new_id, new_secret
from .messages import PROTOCOL, PROTOCOL_VERSION, REFUSAL_CODES, BadMessage, decode_guest, decode_host, encode

__all__ = ["Host", "Refused", "seat_update", "CHAT_BURST", "CHAT_WINDOW", "CHAT_KEPT", "CHAT_RECALLED"]

Send = Callable[[Hashable, str], None]

#: a guest may say at most CHAT_BURST things (lines or reactions) in any CHAT_WINDOW seconds: a person
#: chatting stays well under it, a script flooding the table is refused
CHAT_BURST = 5
CHAT_WINDOW = 10.0
#: how many of the last chat messages the host keeps (what its own page shows)
CHAT_KEPT = 50
#: how many of the last chat messages a guest is sent when it joins or resumes (its chat box is not empty)
CHAT_RECALLED = 20


def seat_update(match: Match, seat: Optional[int], since: int) -> dict[str, Any]:
    """The ``update`` message for ``seat`` (``None``: a spectator) at the match's ply.

    It holds the seat's view, the events after ply ``since`` as the seat may
    see them, the legal moves only if this seat decides, the outcome only
    once the game is over.  Guests' audits call it on their own replay.
    """
    game, state = match.game, match.state
    active = match.active_player
    msg: dict[str, Any] = {
        "type": "update", "ply": match.ply, "since": since, "active": active, "view": game.view(state, seat),
        "events": [{"ply": e.ply, **e.event.visible_to(seat)} for e in match.log if e.ply > since]}
    if active is not None and active == seat:
        msg["moves"] = [m.to_json() for m in game.legal_moves(state)]
    if active is None:
        msg["outcome"] = game.outcome(state).to_json()
    return msg


class Refused(BrewhouseError):
    """A guest message the host does not act on; ``reason`` is one of ``messages.REFUSAL_CODES``."""

    code = "remote_refused"

    def __init__(self, reason: str, message: str) -> None:
        if reason not in REFUSAL_CODES:
            raise ValueError(f"not a refusal code: {reason}")
        super().__init__(message, reason=reason)
        self.reason = reason


@dataclass
class _Guest:
    """One invited place at the table (a seat, or a spectator's ``None``) once someone took it."""

    seat: Optional[int]
    token: str
    channel: Optional[Hashable] = None
    nonce: Optional[str] = None
    #: the ply of the last update this guest was sent (its next update's ``since``)
    sent_ply: int = 0
    #: the host handed this seat to a bot while its guest was away (presence "gone" until they resume)
    gone: bool = False
    #: when this guest last said something (the chat's rate limit)
    said: deque = field(default_factory=lambda: deque(maxlen=CHAT_BURST))


def _version_key(version: str) -> tuple:
    """``"0.10.1"`` as ``(0, 10, 1)``, so versions and edition ids compare as numbers."""
    return tuple((int(p), "") if p.isdigit() else (-1, p) for p in re.split(r"[.+-]", version))


class Host:
    """A match hosted for guests on other devices (see the module docstring)."""

    def __init__(self, game: Game, config: Optional[Mapping[str, Any]], seats: Sequence[str], send: Send,
                 secret: Optional[str] = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        Match(game, config, 0, seats)  # checks config and seats now, before anyone is invited
        self.config = game.normalize_config(config)
        self.seats = list(seats)
        self.send = send
        self.secret = secret or new_secret()
        if not re.fullmatch(r"[0-9a-f]{64}", self.secret):
            raise BadRequest("a host's secret is 64 lowercase hex digits")
        self.commit = commitment(self.secret)
        self.match: Optional[Match] = None
        self._invites: dict[str, Optional[int]] = {}  # unused invite id -> seat (None: a spectator)
        self._used: set[str] = set()
        self._guests: list[_Guest] = []
        self._by_channel: dict[Hashable, _Guest] = {}
        self.clock = clock
        #: the last CHAT_KEPT chat messages relayed (the host's own page shows them)
        self.chat: deque = deque(maxlen=CHAT_KEPT)
        #: how many chat messages were ever relayed (a page asks for those after the count it saw)
        self.chat_count = 0

    # -- inviting and joining ---------------------------------------------
    @property
    def remote_seats(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == REMOTE]

    @property
    def edition(self) -> Optional[str]:
        return self.game.edition.id if self.game.edition else None

    def invite(self, seat: Optional[int]) -> dict[str, Any]:
        """A single-use invite to ``seat`` (a ``remote`` seat not yet taken), or to watch (``None``)."""
        if seat is not None:
            if seat not in self.remote_seats:
                raise BadRequest(f"seat {seat} is not a remote seat", seat=seat)
            if self.match is not None or self._seat_guest(seat) or seat in self._invites.values():
                raise BadRequest(f"seat {seat} is already invited", seat=seat)
        invite = new_id()
        self._invites[invite] = seat
        return self._invite_message(invite, seat)

    def _invite_message(self, invite: str, seat: Optional[int]) -> dict[str, Any]:
        return {"type": "invite", "protocol": PROTOCOL, "version": PROTOCOL_VERSION, "invite": invite,
                "game": self.game.id, "edition": self.edition, "engine": __version__, "config": self.config,
                "seats": list(self.seats), "seat": seat, "commit": self.commit}

    def _seat_guest(self, seat: Optional[int]) -> Optional[_Guest]:
        return next((g for g in self._guests if seat is not None and g.seat == seat), None)

    @property
    def ready(self) -> bool:
        """Every remote seat has its guest (and so its nonce): the game can start."""
        return all(self._seat_guest(s) for s in self.remote_seats)

    def start(self) -> Match:
        """Derive the seed from the secret and every seat's nonce and deal; tell every guest."""
        if self.match is not None:
            raise BadRequest("the game has started already")
        if not self.ready:
            missing = [s for s in self.remote_seats if not self._seat_guest(s)]
            raise BadRequest(f"remote seat(s) {missing} have not joined yet", seats=missing)
        seed = derive_seed(self.secret, self.nonces)
        self.match = Match(self.game, self.config, seed, self.seats)
        for guest in self._guests:
            if guest.channel is not None:
                self._send_start(guest)
                self._send_update(guest, since=0)
        return self.match

    @property
    def nonces(self) -> list[tuple[int, str]]:
        return sorted((g.seat, g.nonce) for g in self._guests if g.seat is not None and g.nonce)

    # -- the host's keepsake: resuming a dealt game after its page closed -----
    def keepsake(self) -> dict[str, Any]:
        """What this device keeps beside its save to host the game again: the secret, each seat's token and nonce.

        It never goes to a guest (the secret is revealed only at the end):
        the host's page stores it with its own save, on its own device.
        """
        self._started()
        return {"secret": self.secret,
                "seats": [{"seat": g.seat, "token": g.token, "nonce": g.nonce} for g in self._guests
                          if g.seat is not None]}

    @classmethod
    def resumed(cls, match: Match, keepsake: Any, send: Send) -> "Host":
        """Host ``match`` (loaded from its save) again, from its :meth:`keepsake`: no guest is connected.

        Each remote seat's guest rejoins with its seat token (``resume``) at the
        match's ply, and the end's audit verifies as if the page had never
        closed.  A keepsake that does not fit the match (another secret,
        a seat missing or doubled, a seed its nonces do not give) is refused
        with ``BadRequest``: nothing is hosted then.
        """
        if not isinstance(keepsake, Mapping) or not isinstance(keepsake.get("seats"), list) \
                or not isinstance(keepsake.get("secret"), str):
            raise BadRequest("a host's keepsake is {secret, seats: [{seat, token, nonce}]}")
        host = cls(match.game, match.config, match.seats, send, secret=keepsake["secret"])
        for entry in keepsake["seats"]:
            if not isinstance(entry, Mapping) or not all(
                    isinstance(entry.get(k), str) and re.fullmatch(r"[0-9a-f]{32}", entry[k]) for k in ("token", "nonce")):
                raise BadRequest("a keepsake's seat has a 32-hex token and nonce")
            if entry.get("seat") not in host.remote_seats or host._seat_guest(entry["seat"]):
                raise BadRequest(f"the keepsake's seat {str(entry.get('seat'))[:10]} is no remote seat of this game, "
                                 "or is there twice")
            host._guests.append(_Guest(entry["seat"], entry["token"], nonce=entry["nonce"]))
        if not host.ready or derive_seed(host.secret, host.nonces) != match.seed:
            raise BadRequest("this keepsake is not the one of this game (its secret and nonces do not give its seed)")
        host.match = match
        return host

    def rejoin_invite(self, seat: int) -> dict[str, Any]:
        """An invite message to a seat already taken, for a link carrying its seat token.

        Its invite id is fresh and admits no ``hello`` (the seat is taken): only
        the token resumes the seat.  A host resumed from its keepsake has lost
        the seat's first invite; this one tells the guest the same game.
        """
        if self._seat_guest(seat) is None:
            raise BadRequest(f"seat {seat} has no guest to rejoin", seat=seat)
        return self._invite_message(new_id(), seat)

    # -- the host's own seats -----------------------------------------------
    def play(self, move_id: str) -> None:
        """A move of a seat played on this device (a human here, a bot): never a remote seat's."""
        match = self._started()
        active = match.active_player
        if active is not None and self.seats[active] == REMOTE:
            raise BadRequest(f"seat {active} is played from another device", seat=active)
        match.apply(move_id)  # a typed error leaves everything as it was
        self._broadcast()

    def stand_in(self, move_id: str) -> None:
        """A move for the deciding remote seat while its guest is away, chosen on this device (a bot stands in).

        Only while that seat has no open channel: a connected guest decides for
        their own seat.  The move joins the game like any other (the guest's
        audit replays it), and the guest takes the seat back by resuming.
        """
        match = self._started()
        active = match.active_player
        if active is None or self.seats[active] != REMOTE:
            raise BadRequest("a stand-in plays only a remote seat's decision")
        guest = self._seat_guest(active)
        if guest is not None and guest.channel is not None:
            raise BadRequest(f"seat {active}'s guest is connected: they decide", seat=active)
        match.apply(move_id)  # a typed error leaves everything as it was
        self._broadcast()

    def hand_over(self, seat: int, to_bot: bool) -> None:
        """The host hands an away guest's seat to a bot (its presence says "gone"), or takes it back to wait."""
        guest = self._seat_guest(seat)
        if guest is None:
            raise BadRequest(f"seat {seat} has no guest to stand in for", seat=seat)
        if guest.channel is not None and to_bot:
            raise BadRequest(f"seat {seat}'s guest is connected: they decide", seat=seat)
        if guest.gone != to_bot:
            guest.gone = to_bot
            self._tell_presence()

    def _started(self) -> Match:
        if self.match is None:
            raise BadRequest("the game has not started: remote seats are still joining")
        return self.match

    # -- guests' messages ---------------------------------------------------
    def receive(self, channel: Hashable, text: Any) -> None:
        """Act on one message from a guest's channel, or refuse it (nothing changes then)."""
        try:
            msg = decode_guest(text)
            handler = getattr(self, f"_on_{msg['type']}")
            handler(channel, msg)
        except BadMessage as err:
            self._refuse(channel, Refused("bad_message", err.message))
        except Refused as err:
            self._refuse(channel, err)

    def disconnect(self, channel: Hashable) -> None:
        """The guest's channel closed: its seat waits for a ``resume`` with its token."""
        guest = self._by_channel.pop(channel, None)
        if guest is not None:
            guest.channel = None
            self._tell_presence()

    def _refuse(self, channel: Hashable, err: Refused) -> None:
        self.send(channel, encode({"type": "refused", "code": err.reason, "message": err.message[:500],
                                   "ply": self.match.ply if self.match else None}))

    def _check_build(self, msg: Mapping[str, Any]) -> None:
        if msg["protocol"] != PROTOCOL or msg["version"] != PROTOCOL_VERSION:
            raise Refused("protocol_mismatch", f"this host speaks {PROTOCOL} {PROTOCOL_VERSION}, "
                                               f"not {msg['protocol'][:40]} {msg['version']}")
        if msg["game"] != self.game.id:
            raise Refused("bad_message", f"this host plays {self.game.id}, not {msg['game']}")
        if msg["engine"] == __version__ and msg["edition"] == self.edition:
            return
        host = f"Brewhouse {__version__} ({self.game.title} rules edition {self.edition})"
        guest = f"Brewhouse {msg['engine']} (rules edition {msg['edition']})"
        newer_host = (_version_key(__version__), _version_key(str(self.edition))) \
            > (_version_key(msg["engine"]), _version_key(str(msg["edition"])))
        who = "the guest must reload the page to update" if newer_host \
            else "the host must reload the page to update, then invite again"
        raise Refused("version_mismatch", f"the guest runs {guest} and the host {host}: both must run the "
                                          f"same build; {who}")

    def _on_hello(self, channel: Hashable, msg: Mapping[str, Any]) -> None:
        self._check_build(msg)
        if channel in self._by_channel:
            raise Refused("bad_message", "this channel has joined already")
        if msg["invite"] in self._used:
            raise Refused("invite_used", "this invite was used already: ask the host for a new one")
        if msg["invite"] not in self._invites:
            raise Refused("unknown_invite", "this host made no such invite")
        seat = self._invites.pop(msg["invite"])  # single use: consumed at join
        self._used.add(msg["invite"])
        guest = _Guest(seat, new_id(), nonce=msg["nonce"] if seat is not None else None)
        self._guests.append(guest)
        self._attach(channel, guest)

    def _on_resume(self, channel: Hashable, msg: Mapping[str, Any]) -> None:
        self._check_build(msg)
        guest = next((g for g in self._guests if g.seat == msg["seat"] and g.token == msg["token"]), None)
        if guest is None:
            raise Refused("bad_token", "no such seat token: a seat is resumed only with the token it was given")
        if guest.channel is not None:  # the old channel is dead or stolen: the token holder wins
            self._by_channel.pop(guest.channel, None)
        self._attach(channel, guest)

    def _attach(self, channel: Hashable, guest: _Guest) -> None:
        guest.channel = channel
        self._by_channel[channel] = guest
        self.send(channel, encode({"type": "welcome", "seat": guest.seat, "token": guest.token}))
        if self.match is not None:  # a full resync: the whole event log so far
            self._send_start(guest)
            self._send_update(guest, since=0)
        guest.gone = False  # back: the seat is theirs again
        self._tell_presence()
        self._recall_chat(guest)

    def _seated_guest(self, channel: Hashable, spectator_may_not: str) -> _Guest:
        """The guest who joined on ``channel`` with a seat of their own; refused for anyone else
        (``spectator_may_not``: what a spectator is told, e.g. "a spectator does not move")."""
        guest = self._by_channel.get(channel)
        if guest is None:
            raise Refused("not_joined", "join with a hello or resume first")
        if guest.seat is None:
            raise Refused("not_seated", spectator_may_not)
        return guest

    def _on_move(self, channel: Hashable, msg: Mapping[str, Any]) -> None:
        guest = self._seated_guest(channel, "a spectator does not move")
        if self.match is None:
            raise Refused("not_started", "the game has not started yet")
        match = self.match
        if match.active_player is None:
            raise Refused("game_over", "the game is over")
        if msg["ply"] != match.ply:
            raise Refused("stale_ply", f"that move was chosen at ply {msg['ply']}; the game is at ply {match.ply}")
        if match.active_player != guest.seat:
            raise Refused("not_your_turn", f"seat {match.active_player} decides now, not seat {guest.seat}")
        try:
            match.apply(msg["move"])
        except BrewhouseError as err:
            raise Refused("illegal_move", err.message) from None
        self._broadcast()

    def _on_chat(self, channel: Hashable, msg: Mapping[str, Any]) -> None:
        self._relay_from(channel, {"text": msg["text"]})

    def _on_react(self, channel: Hashable, msg: Mapping[str, Any]) -> None:
        self._relay_from(channel, {"reaction": msg["reaction"]})

    def _relay_from(self, channel: Hashable, said: dict[str, Any]) -> None:
        guest = self._seated_guest(channel, "a spectator watches without a word")
        now = self.clock()
        if len(guest.said) == CHAT_BURST and now - guest.said[0] < CHAT_WINDOW:
            raise Refused("rate_limited", f"at most {CHAT_BURST} messages in {CHAT_WINDOW:g} seconds")
        guest.said.append(now)
        self._relay({"type": "chat", "seat": guest.seat, **said})

    # -- presence and chat ------------------------------------------------------
    @property
    def watching(self) -> list[Hashable]:
        """The channels of the spectators connected now (the host's page marks their invites as taken)."""
        return [g.channel for g in self._guests if g.seat is None and g.channel is not None]

    def presence(self) -> list[list[Any]]:
        """``[seat, state]`` for every remote seat taken: ``connected``, ``reconnecting`` or ``gone``."""
        out = []
        for seat in self.remote_seats:
            guest = self._seat_guest(seat)
            if guest is not None:
                out.append([seat, "connected" if guest.channel is not None else "gone" if guest.gone else "reconnecting"])
        return out

    def _tell_presence(self) -> None:
        text = encode({"type": "presence", "seats": self.presence()})
        for guest in self._guests:
            if guest.channel is not None:
                self.send(guest.channel, text)

    def say(self, text: Optional[str] = None, reaction: Optional[str] = None) -> dict[str, Any]:
        """A chat line or a reaction from the host's own device, relayed to every guest like theirs.

        It is signed with the host's first seat played by a person here (``None``: bots only).
        """
        said = {"text": text} if reaction is None else {"reaction": reaction}
        if (text is None) == (reaction is None):
            raise BadRequest("say a text or a reaction, one of them")
        seat = next((i for i, kind in enumerate(self.seats) if kind == "human"), None)
        msg = {"type": "chat", "seat": seat, **said}
        try:
            decode_host(encode(msg))  # the same checks as a guest's: size, no control characters, known reaction
        except BadMessage as err:
            raise BadRequest(err.message) from None
        return self._relay(msg)

    def _recall_chat(self, guest: _Guest) -> None:
        """The last CHAT_RECALLED things said, to a guest that just joined or came back (its page lost them)."""
        if self.chat:
            lines = [{k: v for k, v in m.items() if k != "type"} for m in list(self.chat)[-CHAT_RECALLED:]]
            self.send(guest.channel, encode({"type": "chat_history", "lines": lines}))

    def _relay(self, msg: dict[str, Any]) -> dict[str, Any]:
        self.chat.append(msg)
        self.chat_count += 1
        text = encode(msg)
        for guest in self._guests:
            if guest.channel is not None:
                self.send(guest.channel, text)
        return msg

    # -- what guests are sent -------------------------------------------------
    def _broadcast(self) -> None:
        for guest in self._guests:
            if guest.channel is not None:
                self._send_update(guest, since=guest.sent_ply)

    def _send_start(self, guest: _Guest) -> None:
        self.send(guest.channel, encode({"type": "start", "nonces": [list(n) for n in self.nonces]}))

    def _send_update(self, guest: _Guest, since: int) -> None:
        self.send(guest.channel, encode(seat_update(self._started(), guest.seat, since)))
        guest.sent_ply = self._started().ply
        if self.match.active_player is None:
            self.send(guest.channel, encode({"type": "reveal", "secret": self.secret,
                                             "moves": list(self.match.moves)}))
