"""A guest of a remote game: what it sends, what it keeps, and its audit of the host.

A :class:`Guest` is made from the host's invite; it writes its ``hello``
(or, after a lost connection, ``resume``) and its moves, and reads the
host's messages with :meth:`Guest.receive`, keeping the current view, the
legal moves while it decides and the events it was shown.  It records every
update it received: when the host reveals its secret and the move list at
the end, :func:`audit` replays the game with this device's own engine and
says whether everything the host sent was true (``verified``), or exactly
where it was not (the ply and the field).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from .. import __version__
from ..core.errors import BrewhouseError
from ..core.game import Game, Move
from ..core.match import Match, canonical_json
from ..core.registry import REGISTRY, Registry
from ..core.seats import HUMAN, is_seat_kind
from .fairness import commitment, derive_seed, new_nonce
from .host import seat_update
from .messages import PROTOCOL, PROTOCOL_VERSION, BadMessage, decode_guest, decode_host, encode

__all__ = ["Guest", "AuditResult", "audit", "first_difference"]


@dataclass(frozen=True)
class AuditResult:
    """``verified``, or the first thing the host sent that the replay contradicts."""

    verified: bool
    #: the ply of the first difference (``None``: the secret or the nonces themselves)
    ply: Optional[int] = None
    #: where it differs, e.g. ``view.city.0.slots.2.card`` or ``moves`` or ``secret``
    field: Optional[str] = None
    detail: str = ""

    def __str__(self) -> str:
        return "verified" if self.verified else f"differs at ply {self.ply}, {self.field}: {self.detail}"

    def to_json(self) -> dict[str, Any]:
        return {"verified": self.verified, "ply": self.ply, "field": self.field, "detail": self.detail}


def _plain(data: Any) -> Any:
    """``data`` as it travels (JSON round trip: tuples become lists)."""
    return json.loads(json.dumps(data))


def first_difference(sent: Any, replayed: Any, path: str = "") -> Optional[str]:
    """The path of the first place where two JSON values differ (``None``: they are equal)."""
    if isinstance(sent, dict) and isinstance(replayed, dict):
        for key in sorted(set(sent) | set(replayed), key=str):
            if key not in sent or key not in replayed:
                return f"{path}.{key}".lstrip(".")
            found = first_difference(sent[key], replayed[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(sent, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(sent, replayed)):
            found = first_difference(a, b, f"{path}.{i}")
            if found is not None:
                return found
        return None if len(sent) == len(replayed) else f"{path}.length".lstrip(".")
    return None if type(sent) is type(replayed) and sent == replayed else (path.lstrip(".") or "value")


def _value_at(data: Any, path: str) -> Any:
    for part in path.split(".")[1:]:
        if part == "length":
            return len(data) if isinstance(data, (list, dict)) else data
        if isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return None
    return data


def audit(game: Game, config: Mapping[str, Any], seats: Sequence[str], seat: Optional[int], commit: str,
          nonces: Sequence[Sequence[Any]], updates: Sequence[Mapping[str, Any]], secret: str,
          moves: Sequence[str], own_nonce: Optional[str] = None) -> AuditResult:
    """Replay a finished remote game from the revealed secret and moves; check all that ``seat`` was sent.

    ``updates`` are the ``update`` messages received, in order; ``nonces``
    the ``[seat, nonce]`` pairs of the ``start`` message.
    """
    if commitment(secret) != commit:
        return AuditResult(False, None, "secret", "the revealed secret does not match the invite's commitment")
    pairs = [(int(s), str(n)) for s, n in nonces]
    if own_nonce is not None and seat is not None and (seat, own_nonce) not in pairs:
        return AuditResult(False, None, "nonces", "this guest's nonce is not among those the seed was derived from")
    # who played a seat does not change the rules: a bot level this page never loaded replays as a human
    seats = [s if is_seat_kind(s) or game.accepts_seat(s) else HUMAN for s in seats]
    try:
        match = Match(game, config, derive_seed(secret, pairs), seats)
    except BrewhouseError as err:
        return AuditResult(False, 0, "config", err.message)
    pending = sorted(updates, key=lambda u: u["ply"])  # stable: a resync at a ply stays after its first update
    for ply in range(len(moves) + 1):
        while pending and pending[0]["ply"] == ply:
            update = pending.pop(0)
            expected = _plain(seat_update(match, seat, update["since"]))
            for name in ("active", "view", "moves", "events", "outcome"):
                if canonical_json(update.get(name)) == canonical_json(expected.get(name)):
                    continue  # the quick way; equal text, unlike ==, tells true from 1
                path = first_difference(update.get(name), expected.get(name), name)
                if path is not None:
                    sent = json.dumps(_value_at(update.get(name), path))[:80]
                    true = json.dumps(_value_at(expected.get(name), path))[:80]
                    return AuditResult(False, ply, path, f"the host sent {sent}, the replay gives {true}")
        if ply == len(moves):
            break
        try:
            match.apply(moves[ply])
        except BrewhouseError as err:
            return AuditResult(False, ply, "moves", f"revealed move {ply + 1} does not replay: {err.message}")
    if pending:
        return AuditResult(False, pending[0]["ply"], "ply", "an update came from beyond the revealed moves")
    if match.active_player is not None:
        return AuditResult(False, len(moves), "moves", "the revealed moves do not finish the game")
    return AuditResult(True)


class Guest:
    """One guest's side of a remote game (see the module docstring).

    ``engine`` and ``edition`` default to this build's; they are parameters
    so tests can play an older or newer build.
    """

    def __init__(self, invite: Any, registry: Registry = REGISTRY, nonce: Optional[str] = None,
                 engine: str = __version__, edition: Optional[str] = "current") -> None:
        self.invite = decode_host(invite) if isinstance(invite, str) else decode_host(encode(invite))
        if self.invite["type"] != "invite":
            raise BadMessage("not an invite")
        self.registry = registry
        self.engine = engine
        if edition == "current":
            current = registry.get(self.invite["game"]).edition
            edition = current.id if current else None
        self.edition = edition
        self.nonce = nonce or new_nonce()
        self.seat: Optional[int] = self.invite["seat"]
        self.token: Optional[str] = None
        self.nonces: Optional[list[list[Any]]] = None
        self.ply: Optional[int] = None
        self.active: Optional[int] = None
        self.view: Optional[dict[str, Any]] = None
        self.moves: Optional[list[Move]] = None
        self.events: list[dict[str, Any]] = []
        self.outcome: Optional[dict[str, Any]] = None
        self.updates: list[dict[str, Any]] = []
        self.refusals: list[dict[str, Any]] = []
        self.revealed: Optional[dict[str, Any]] = None
        #: seat -> "connected" / "reconnecting" / "gone", as the host last said
        self.presence: dict[int, str] = {}

    @property
    def game(self) -> Game:
        """This device's definition of the game, as the host's rules edition plays it."""
        return self.registry.get(self.invite["game"], self.invite["edition"], self.invite["engine"])

    @property
    def deciding(self) -> bool:
        return self.moves is not None

    # -- what a guest sends ---------------------------------------------------
    def _build(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "game": self.invite["game"],
                "edition": self.edition, "engine": self.engine}

    def hello(self) -> str:
        return encode({"type": "hello", **self._build(), "invite": self.invite["invite"], "nonce": self.nonce})

    def resume(self) -> str:
        if self.token is None:
            raise BadMessage("no seat token yet: join with hello first")
        return encode({"type": "resume", **self._build(), "seat": self.seat, "token": self.token})

    def chat(self, text: str) -> str:
        """A chat line for the table (checked here as the host will: size, no control characters)."""
        return self._checked({"type": "chat", "text": text})

    def react(self, reaction: str) -> str:
        return self._checked({"type": "react", "reaction": reaction})

    @staticmethod
    def _checked(msg: dict[str, Any]) -> str:
        text = encode(msg)
        decode_guest(text)
        return text

    def move(self, move_id: str) -> str:
        """A move chosen at the current ply (the host refuses it if the game moved on)."""
        return encode({"type": "move", "move": move_id, "ply": self.ply})

    def credentials(self) -> dict[str, Any]:
        """What a page keeps to resume its seat after a reload (with :meth:`from_credentials`)."""
        return {"invite": self.invite, "token": self.token, "nonce": self.nonce}

    @classmethod
    def from_credentials(cls, credentials: Mapping[str, Any], registry: Registry = REGISTRY) -> "Guest":
        guest = cls(credentials["invite"], registry, nonce=credentials["nonce"])
        guest.token = credentials["token"]
        return guest

    def keepsake(self) -> dict[str, Any]:
        """What this device keeps of the game (with :meth:`from_keepsake`): its credentials and all it was sent.

        Beside :meth:`credentials`, the dealing's nonces and every ``update``
        received: a page reloaded from it shows the game so far, rejoins with
        a fresh link's token, and its end's audit still covers the whole game
        and its own nonce.
        """
        return {**self.credentials(), "nonces": self.nonces, "updates": list(self.updates)}

    @classmethod
    def from_keepsake(cls, keepsake: Any, registry: Registry = REGISTRY) -> "Guest":
        """The guest a :meth:`keepsake` describes; each kept update is checked again as when it arrived."""
        if not isinstance(keepsake, Mapping) or not isinstance(keepsake.get("updates"), list) \
                or not isinstance(keepsake.get("nonce"), str) or not isinstance(keepsake.get("token"), str):
            raise BadMessage("a guest's keepsake is {invite, token, nonce, nonces, updates}")
        guest = cls.from_credentials(keepsake, registry)
        if keepsake.get("nonces") is not None:
            guest.receive(encode({"type": "start", "nonces": keepsake["nonces"]}))
        for update in keepsake["updates"]:
            guest.receive(encode(update))
        return guest

    # -- what a guest reads -----------------------------------------------------
    def receive(self, text: Any) -> dict[str, Any]:
        """Read one host message (:class:`BadMessage` if it is not one) and keep what it says."""
        msg = decode_host(text)
        kind = msg["type"]
        if kind == "welcome":
            if msg["seat"] != self.seat:
                raise BadMessage(f"welcomed to seat {msg['seat']}, invited to seat {self.seat}")
            self.token = msg["token"]
        elif kind == "start":
            self.nonces = msg["nonces"]
        elif kind == "update":
            self._update(msg)
        elif kind == "refused":
            self.refusals.append(msg)
        elif kind == "reveal":
            self.revealed = msg
        elif kind == "presence":
            self.presence = {seat: state for seat, state in msg["seats"]}
        elif kind == "chat":
            if ("text" in msg) == ("reaction" in msg):
                raise BadMessage("a chat message holds a text or a reaction, one of them")
        elif kind == "chat_history":
            pass  # checked by its schema; the page shows it (chat is no part of the game or its audit)
        else:
            raise BadMessage(f"a host does not send '{kind}' during a game")
        return msg

    def _update(self, msg: dict[str, Any]) -> None:
        if msg["since"] == 0:
            self.events = []  # a full resync
        elif msg["since"] != self.ply:
            raise BadMessage(f"an update since ply {msg['since']} follows ply {self.ply}")
        self.updates.append(msg)
        self.ply, self.active, self.view = msg["ply"], msg["active"], msg["view"]
        self.events.extend(msg["events"])
        self.moves = [Move(m["id"], m["payload"]) for m in msg["moves"]] if "moves" in msg else None
        self.outcome = msg.get("outcome")

    def audit(self) -> AuditResult:
        """Check everything received against this device's own replay (after the host's ``reveal``)."""
        if self.revealed is None or self.nonces is None:
            return AuditResult(False, self.ply, "reveal", "the host has not revealed its secret and moves")
        inv = self.invite
        return audit(self.game, inv["config"], inv["seats"], self.seat, inv["commit"], self.nonces,
                     self.updates, self.revealed["secret"], self.revealed["moves"], self.nonce)
