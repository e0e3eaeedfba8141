"""Remote hosts and guests living in one engine (the browser's worker): the JSON API's remote calls.

A page hosting a remote game creates a :class:`~.host.Host` here
(``host_remote``), makes one invite per remote seat (``remote_invite``) and
hands every text a guest's data channel delivers to ``remote_receive``.  What
the host sends goes out through a listener (:meth:`RemoteSessions.on_send`,
the worker posts it to the page, which writes it on the channel), so a move
made on the host's own table (``apply_move``) reaches every guest too.  Once
every remote seat has joined, the match is dealt and registered with the
API like any live match: the host's table plays it with the usual calls.

A guest's page creates a :class:`~.guest.Guest` (``join_remote``), sends the
text it returns, gives ``remote_guest_receive`` every host text and renders
the status, view and moves it answers with; at the end the answer carries the
audit of this device's own replay.  Nothing a peer sent reaches the page
unchecked: the host's and guest's decoders refuse it first.

>>> from brewhouse.api import Api
>>> api, sent = Api(), []
>>> api.remote.on_send(sent.append)
>>> host = api.call("host_remote", {"game": "rush", "seats": ["human", "remote"]})["result"]
>>> invite = api.call("remote_invite", {"host": host["host"], "seat": 1})["result"]
>>> guest = api.call("join_remote", {"invite": invite})["result"]
>>> api.call("remote_receive", {"host": host["host"], "channel": "c1", "text": guest["text"]})["result"]["started"]
True
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from ..core.errors import BadRequest
from .guest import Guest, audit
from .host import Host
from .messages import BadMessage, MAX_HOST_CHARS
from .seat import REMOTE

if TYPE_CHECKING:  # pragma: no cover
    from ..api import Api

__all__ = ["RemoteSessions", "METHODS"]

#: the API methods this module answers (see :meth:`brewhouse.api.Api.call`)
METHODS = ("host_remote", "remote_invite", "remote_reinvite", "remote_receive", "remote_disconnect", "remote_seats",
           "remote_keepsake", "host_resume", "remote_guest_keepsake", "remote_guest_copy",
           "join_remote", "remote_guest_receive", "remote_guest_move", "remote_guest_resume",
           "remote_say", "remote_hand_over", "remote_guest_say")

#: how many hosts and guests one worker keeps (a page has one of either; this bounds a loop gone wrong)
MAX_SESSIONS = 64


def _channel(params: Mapping[str, Any]) -> str:
    channel = params.get("channel")
    if not isinstance(channel, str) or not 0 < len(channel) <= 40:
        raise BadRequest("'channel' must be a short string naming the guest's data channel")
    return channel


def _said(msg: Mapping[str, Any]) -> dict[str, Any]:
    """A relayed chat message as a page renders it: who (a seat) and a text or a reaction (plain text)."""
    return {k: v for k, v in msg.items() if k != "type"}


def _text(params: Mapping[str, Any]) -> str:
    text = params.get("text")
    if not isinstance(text, str):
        raise BadRequest("'text' must be the message's text")
    return text


class RemoteSessions:
    """The remote hosts and guests of one :class:`~brewhouse.api.Api` (see the module docstring)."""

    def __init__(self, api: "Api") -> None:
        self.api = api
        self.hosts: dict[str, Host] = {}
        #: host id -> the id of its match once dealt (registered with the API)
        self.host_matches: dict[str, str] = {}
        self.guests: dict[str, Guest] = {}
        #: guest id -> whether the guest sent the nonce the seed was derived from (not a rejoin elsewhere)
        self.own_nonce: dict[str, bool] = {}
        #: (host id, seat) -> the invite its seat was first given (a re-invite repeats it with the seat token)
        self.invites: dict[tuple[str, Optional[int]], dict[str, Any]] = {}
        self._listener: Optional[Callable[[str], None]] = None
        #: the refusals the host sent during the current call (remote_receive reports them)
        self._refused: list[dict[str, Any]] = []
        self._next = 1

    def on_send(self, listener: Optional[Callable[[str], None]]) -> None:
        """Deliver every host message as JSON text ``{"host", "channel", "text"}`` to ``listener``."""
        self._listener = listener

    def _new_id(self, prefix: str) -> str:
        if len(self.hosts) + len(self.guests) >= MAX_SESSIONS:
            raise BadRequest("too many remote games open in this page: reload it")
        sid = f"{prefix}{self._next}"
        self._next += 1
        return sid

    def _host(self, params: Mapping[str, Any]) -> tuple[str, Host]:
        hid = params.get("host")
        if not isinstance(hid, str) or hid not in self.hosts:
            raise BadRequest(f"no remote host '{str(hid)[:40]}'")
        return hid, self.hosts[hid]

    def _guest(self, params: Mapping[str, Any]) -> tuple[str, Guest]:
        gid = params.get("guest")
        if not isinstance(gid, str) or gid not in self.guests:
            raise BadRequest(f"no remote guest '{str(gid)[:40]}'")
        return gid, self.guests[gid]

    def hosted(self, match_id: str) -> Optional[Host]:
        """The host whose match has this id (its moves go through :meth:`Host.play`), or None."""
        return next((self.hosts[h] for h, m in self.host_matches.items() if m == match_id), None)

    # -- the host's calls ---------------------------------------------------------
    def host_remote(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Host a game whose ``remote`` seats friends join from other devices (not dealt yet)."""
        game = self.api.registry.get(params.get("game"))
        seats = params.get("seats")
        if not isinstance(seats, list) or REMOTE not in seats:
            raise BadRequest("a remote game has at least one 'remote' seat")
        if all(seat == REMOTE for seat in seats):
            raise BadRequest("the host plays a seat of its own (a person or a bot here): not every seat is remote")
        config = params.get("config") or {"players": len(seats)}
        hid = self._new_id("h")
        host = Host(game, config, seats, lambda channel, text: self._send(hid, channel, text))
        self.hosts[hid] = host
        return {"host": hid, **self._host_status(hid, host)}

    def host_resume(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Host a saved remote game again (``save``, and the ``keepsake`` its host kept beside it).

        The match is loaded like any save and registered at once; every remote
        seat waits for its guest's ``resume`` (``remote_reinvite`` gives each a
        link with its token).  A keepsake that does not fit the save is refused
        and nothing is opened: the page then resumes the save as a plain game.
        """
        hid = self._new_id("h")
        match_id = self.api.load({"save": params.get("save")})["match"]
        try:
            host = Host.resumed(self.api.matches[match_id], params.get("keepsake"),
                                lambda channel, text: self._send(hid, channel, text))
        except BadRequest:
            del self.api.matches[match_id]  # nothing stays open
            raise
        self.hosts[hid] = host
        self.host_matches[hid] = match_id
        return {"host": hid, **self._host_status(hid, host)}

    def remote_keepsake(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """What the host's page keeps beside its save of a dealt game (``Host.keepsake``): never sent to a guest."""
        _, host = self._host(params)
        return host.keepsake()

    def _send(self, hid: str, channel: Any, text: str) -> None:
        if text.startswith('{"type":"refused"'):  # the host's page says why a guest was turned away
            self._refused.append(json.loads(text))
        if self._listener is not None:
            self._listener(json.dumps({"host": hid, "channel": channel, "text": text}))

    def _host_status(self, hid: str, host: Host) -> dict[str, Any]:
        match_id = self.host_matches.get(hid)
        joined = [s for s in host.remote_seats if host._seat_guest(s)]
        connected = [s for s in joined if host._seat_guest(s).channel is not None]
        return {"game": host.game.id, "seats": list(host.seats), "remote_seats": host.remote_seats,
                "joined": joined, "connected": connected, "watching": host.watching,
                "presence": host.presence(), "started": match_id is not None,
                "status": self.api._status(match_id, host.match) if match_id else None}

    def remote_seats(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Who has joined and who is connected now."""
        hid, host = self._host(params)
        return self._host_status(hid, host)

    def remote_invite(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A single-use invite to a remote seat not yet taken (``seat``), or to watch (``seat: null``)."""
        hid, host = self._host(params)
        seat = params.get("seat")
        if seat is not None and type(seat) is not int:
            raise BadRequest("'seat' must be a seat number or null")
        invite = host.invite(seat)
        if seat is not None:
            self.invites[(hid, seat)] = invite
        return invite

    def remote_reinvite(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A seat's invite again, for a new link after its guest dropped: ``token`` once the seat was taken.

        The token lets the page that opens the new link resume the seat (the old
        channel is replaced); like the first invite, the link admits whoever holds it.
        """
        hid, host = self._host(params)
        seat = params.get("seat")
        invite = self.invites.get((hid, seat)) if type(seat) is int else None
        guest = host._seat_guest(seat) if type(seat) is int else None
        if invite is None and guest is not None:  # a host resumed from its save: the first invite is gone
            invite = self.invites[(hid, seat)] = host.rejoin_invite(seat)
        if invite is None:
            raise BadRequest(f"seat {str(seat)[:10]} was never invited")
        return {"invite": invite, "token": guest.token if guest else None}

    def remote_receive(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """One text from a guest's channel; deals the game once every remote seat has joined."""
        hid, host = self._host(params)
        channel, text = _channel(params), _text(params)
        before = host.match.ply if host.match else None
        said = host.chat_count
        self._refused = []
        host.receive(channel, text)
        if host.match is None and host.ready:
            host.start()
            self.host_matches[hid] = self.api._register(host.match)
        out = self._host_status(hid, host)
        out["moved"] = before is not None and host.match.ply != before
        # a refused hello or resume (another build, a used invite): the host's page says so too
        out["refused"] = [{"code": r["code"], "message": r["message"]} for r in self._refused]
        # what a guest said, for the host's own page (already relayed to every guest)
        out["chat"] = [_said(m) for m in list(host.chat)[len(host.chat) - (host.chat_count - said):]]
        return out

    def remote_say(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A chat line (``text``) or a ``reaction`` from the host's page, relayed to every guest."""
        _, host = self._host(params)
        return _said(host.say(params.get("text"), params.get("reaction")))

    def remote_hand_over(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A bot plays an away guest's seat (``bot: true``: its presence is "gone"), or the seat waits for them."""
        hid, host = self._host(params)
        seat = params.get("seat")
        if type(seat) is not int or type(params.get("bot")) is not bool:
            raise BadRequest("'seat' must be a seat number and 'bot' true or false")
        host.hand_over(seat, params["bot"])
        return self._host_status(hid, host)

    def remote_disconnect(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A guest's channel closed: its seat waits for that guest's ``resume``."""
        hid, host = self._host(params)
        host.disconnect(_channel(params))
        return self._host_status(hid, host)

    # -- the guest's calls ------------------------------------------------------------
    def join_remote(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A guest from a host's invite; ``token`` (a rejoin from a new invite link) resumes its seat."""
        invite = params.get("invite")
        if not isinstance(invite, (dict, str)):
            raise BadRequest("'invite' must be the host's invite")
        guest = Guest(invite, self.api.registry)
        guest.game  # this build plays the host's game and rules edition, or says it cannot
        token = params.get("token")
        if token is not None:
            if not isinstance(token, str) or len(token) != 32:
                raise BadRequest("'token' must be a seat token")
            guest.token = token
        kept = params.get("keepsake")
        if kept is not None:  # this device's copy of the seat: the game so far, and its own nonce for the audit
            guest = self._kept_guest(guest, kept)
        gid = self._new_id("g")
        self.guests[gid] = guest
        # a kept copy audits with its nonce if the seed was derived from it (it joined by hello, not a rejoin elsewhere)
        self.own_nonce[gid] = token is None or (kept is not None and kept.get("own_nonce") is True)
        return {"guest": gid, "seat": guest.seat, "game": guest.invite["game"], "seats": guest.invite["seats"],
                "text": guest.resume() if token is not None else guest.hello()}

    def _kept_guest(self, fresh: Guest, kept: Any) -> Guest:
        """The guest of this device's keepsake, rejoining by ``fresh`` (a new link): the same game, seat and token."""
        guest = Guest.from_keepsake(kept, self.api.registry)
        same = ("commit", "game", "seat")
        if fresh.token != guest.token or any(fresh.invite[k] != guest.invite[k] for k in same):
            raise BadRequest("this link is not for the seat this device kept: another game, seat or token")
        return guest

    def remote_guest_keepsake(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """What the guest's page keeps on its device (``Guest.keepsake``) to show and rejoin the game after a reload.

        ``from`` (a count of updates the page has stored already) leaves those
        out: the page adds only the new ones after each update instead of
        writing the whole game again (``count`` says how many there are in all).
        """
        gid, guest = self._guest(params)
        start = params.get("from", 0)
        if type(start) is not int or not 0 <= start <= len(guest.updates):
            raise BadRequest(f"'from' must be a count of updates from 0 to {len(guest.updates)}")
        kept = guest.keepsake()
        return {**kept, "updates": kept["updates"][start:], "from": start, "count": len(guest.updates),
                "own_nonce": self.own_nonce[gid]}

    def remote_guest_copy(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The game so far as this device's ``keepsake`` of a seat shows it (read only: no guest is opened).

        Every kept update is checked again as when it arrived; the answer is
        what a guest's page draws its table from (status, view, the events it
        was shown), with no moves: nothing can be played from a copy.
        """
        try:
            guest = Guest.from_keepsake(params.get("keepsake"), self.api.registry)
        except BadMessage as err:
            raise BadRequest(f"this is no keepsake of a seat: {err.message}") from None
        if guest.view is None:
            raise BadRequest("this keepsake holds no position yet")
        status = {**self.guest_status("kept", guest), "auto_move": None}
        return {"seat": guest.seat, "game": guest.invite["game"], "seats": guest.invite["seats"],
                "status": status, "view": guest.view, "moves": [], "events": list(guest.events), "since": 0}

    def remote_guest_resume(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The ``resume`` text for a new channel after a lost one."""
        _, guest = self._guest(params)
        return {"text": guest.resume()}

    def remote_guest_move(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The text of this guest's move (one of the moves it was offered)."""
        _, guest = self._guest(params)
        move = params.get("move")
        if not guest.deciding or not any(m.id == move for m in guest.moves or ()):
            raise BadRequest("not one of this guest's options now")
        return {"text": guest.move(move)}

    def remote_guest_receive(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """One text from the host: what changed for the page (a status to render, a refusal, the audit)."""
        gid, guest = self._guest(params)
        text = _text(params)
        if len(text) > MAX_HOST_CHARS:
            raise BadMessage(f"a host message is at most {MAX_HOST_CHARS} characters")
        msg = guest.receive(text)
        out: dict[str, Any] = {"type": msg["type"]}
        if msg["type"] == "update":
            out["status"] = self.guest_status(gid, guest)
            out["view"] = guest.view
            out["moves"] = [m.to_json() for m in guest.moves or ()]
            out["events"] = msg["events"]
            out["since"] = msg["since"]
        elif msg["type"] == "refused":
            out["refused"] = {"code": msg["code"], "message": msg["message"], "ply": msg["ply"]}
        elif msg["type"] == "welcome":
            out["token"] = msg["token"]
        elif msg["type"] == "reveal":
            out["audit"] = self._audit(gid, guest).to_json()
        elif msg["type"] == "presence":
            out["presence"] = msg["seats"]
        elif msg["type"] == "chat":
            out["chat"] = _said(msg)
        elif msg["type"] == "chat_history":
            out["chat_history"] = msg["lines"]
        return out

    def remote_guest_say(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The text of this guest's chat line (``text``) or ``reaction``, checked before it is sent."""
        _, guest = self._guest(params)
        if guest.seat is None:
            raise BadRequest("a spectator watches without a word")
        try:
            return {"text": guest.react(params["reaction"]) if "reaction" in params else guest.chat(params.get("text"))}
        except BadMessage as err:
            raise BadRequest(err.message) from None

    def _audit(self, gid: str, guest: Guest):
        if self.own_nonce[gid]:
            return guest.audit()
        if guest.nonces is None:  # pragma: no cover - a reveal always follows a start
            return guest.audit()
        inv = guest.invite
        # a guest that rejoined on this device never sent a nonce: it checks all it was sent but that
        return audit(guest.game, inv["config"], inv["seats"], guest.seat, inv["commit"], guest.nonces,
                     guest.updates, guest.revealed["secret"], guest.revealed["moves"], None)

    def guest_status(self, gid: str, guest: Guest) -> dict[str, Any]:
        """The guest's position in the shape of the API's match status (the table renders either)."""
        view = guest.view or {}
        moves = guest.moves or []
        seats = ["human" if i == guest.seat else REMOTE for i in range(len(guest.invite["seats"]))]
        return {"match": gid, "game": guest.invite["game"], "config": guest.invite["config"],
                "edition": guest.invite["edition"], "seed": None, "seats": seats, "ply": guest.ply,
                "phase": view.get("phase") if isinstance(view.get("phase"), str) else "",
                "active_player": guest.active, "over": guest.outcome is not None, "outcome": guest.outcome,
                "can_undo": False, "auto_move": moves[0].id if len(moves) == 1 else None, "remote": True}
