"""The messages of remote play: their fields, types and size limits, checked both ways.

Every message is one JSON object with a ``type``.  Text from a peer is
untrusted: it is measured *before* it is parsed (:data:`MAX_GUEST_CHARS`,
:data:`MAX_HOST_CHARS`), parsed with bounded nesting
(:func:`~brewhouse.core.safejson.loads_bounded`) and checked against the
schema of its type: every field present, of its type and size, and no
other field.  Anything else is :class:`BadMessage`.

The protocol version travels in the handshake (``invite``, ``hello``,
``resume``); in-game messages stay lean (a move is
``{"type": "move", "move": id, "ply": n}``).  PROTOCOL.md beside this file
describes each message.

>>> decode_guest('{"type": "move", "move": "pass", "ply": 3}')
{'type': 'move', 'move': 'pass', 'ply': 3}
>>> decode_guest('{"type": "move", "move": "pass", "ply": 3, "seat": 1}')
Traceback (most recent call last):
...
brewhouse.remote.messages.BadMessage: unknown field(s) in a 'move' message: seat
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Mapping

from ..core.errors import BrewhouseError
from ..core.safejson import loads_bounded

__all__ = ["PROTOCOL", "PROTOCOL_VERSION", "MAX_GUEST_CHARS", "MAX_HOST_CHARS", "MAX_MOVE_ID", "MAX_CHAT_CHARS",
           "MAX_CHAT_HISTORY",
           "REACTIONS", "PRESENCE_STATES", "BadMessage",
           "encode", "decode_guest", "decode_host", "GUEST_MESSAGES", "HOST_MESSAGES", "REFUSAL_CODES"]

PROTOCOL = "brewhouse-remote"
#: bumped whenever a message changes shape; both sides must speak the same one
PROTOCOL_VERSION = 1
#: the longest text a guest may send (a hello is ~300 characters, a move ~60)
MAX_GUEST_CHARS = 2048
#: the longest text a host may send (updates measured stay under 40 kB, a full resync ~100 kB: PROTOCOL.md)
MAX_HOST_CHARS = 1024 * 1024
#: a move id is short (the longest in the three games is ~60 characters)
MAX_MOVE_ID = 200
#: JSON nesting a guest message may have (a move is 1 level deep)
_GUEST_DEPTH = 4
#: the longest chat line (a few words across the table; 140 emoji still fit in MAX_GUEST_CHARS as ASCII JSON)
MAX_CHAT_CHARS = 140
#: the most chat lines a ``chat_history`` message holds (host.CHAT_RECALLED are sent)
MAX_CHAT_HISTORY = 20
#: the reactions a player may send: a fixed set, so a reaction is never free text
REACTIONS = ("\U0001f44d", "\U0001f62e", "\U0001f602", "\u2615")
#: a seat's presence as the host sees it: its channel is open, closed (a fresh invite waits), or a bot plays it
PRESENCE_STATES = ("connected", "reconnecting", "gone")

#: why a host refuses a guest's message (the ``code`` of a ``refused`` message)
REFUSAL_CODES = (
    "bad_message",       # oversize, not JSON, unknown type, missing/unknown/mistyped field
    "protocol_mismatch",  # another protocol version
    "version_mismatch",  # another engine version or rules edition: the message says which side reloads
    "unknown_invite",    # no such invite
    "invite_used",       # an invite admits one guest only
    "bad_token",         # a resume with the wrong seat token
    "not_joined",        # a move before a hello/resume on this channel
    "not_seated",        # a spectator cannot move
    "not_started",       # seats are still being filled
    "game_over",
    "stale_ply",         # the move was chosen at another ply than the current one
    "not_your_turn",     # another seat decides
    "illegal_move",      # not among the legal moves
    "rate_limited",      # chat or reactions faster than a person types
)


class BadMessage(BrewhouseError):
    """A peer's text that is not a valid message of the protocol."""

    code = "bad_message"


# -- field checkers: each returns an error text, or "" when the value fits -----------------------
Check = Callable[[Any], str]

_HEX = re.compile(r"[0-9a-f]+\Z")
_VERSION = re.compile(r"[0-9A-Za-z.+-]{1,40}\Z")


def _str(limit: int, pattern: "re.Pattern[str] | None" = None) -> Check:
    def check(v: Any) -> str:
        if not isinstance(v, str) or not v or len(v) > limit:
            return f"a non-empty string of at most {limit} characters"
        return "" if pattern is None or pattern.match(v) else "a string of the expected form"
    return check


def _hex(n: int) -> Check:
    def check(v: Any) -> str:
        return "" if isinstance(v, str) and len(v) == n and _HEX.match(v) else f"{n} lowercase hex digits"
    return check


def _int(lo: int, hi: int) -> Check:
    def check(v: Any) -> str:
        return "" if type(v) is int and lo <= v <= hi else f"an integer from {lo} to {hi}"
    return check


def _nullable(inner: Check) -> Check:
    def check(v: Any) -> str:
        return "" if v is None else inner(v)
    return check


def _obj(v: Any) -> str:
    return "" if isinstance(v, dict) else "an object"


def _list_of(inner: Check, limit: int) -> Check:
    def check(v: Any) -> str:
        if not isinstance(v, list) or len(v) > limit:
            return f"a list of at most {limit} items"
        for item in v:
            err = inner(item)
            if err:
                return f"a list of {err}"
        return ""
    return check


def _bool(v: Any) -> str:
    return "" if type(v) is bool else "true or false"


def _event(v: Any) -> str:
    """An event as ``Event.visible_to`` gives it, with the ply that produced it."""
    if not isinstance(v, dict) or not {"ply", "code", "player", "params"} <= set(v) \
            or not set(v) <= {"ply", "code", "player", "params", "hidden"}:
        return "an event (ply, code, player, params[, hidden])"
    if _int(1, 10**6)(v["ply"]) or _str(80)(v["code"]) or _nullable(_int(0, 99))(v["player"]) \
            or not isinstance(v["params"], dict) or v.get("hidden", True) is not True:
        return "an event (ply, code, player, params[, hidden])"
    return ""


def _move(v: Any) -> str:
    if not isinstance(v, dict) or set(v) != {"id", "payload"} or _str(MAX_MOVE_ID)(v["id"]) \
            or not isinstance(v["payload"], dict):
        return "a move (id, payload)"
    return ""


#: characters a chat line may not hold: C0/C1 controls, line and paragraph separators, bidi controls
_UNSAYABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _chat_text(v: Any) -> str:
    """A chat line: 1-MAX_CHAT_CHARS characters on one line, shown as plain text.

    No control characters, line breaks or bidirectional overrides (which could
    make a line read as another player's, or reverse what follows it).
    """
    if not isinstance(v, str) or not v.strip() or len(v) > MAX_CHAT_CHARS or _UNSAYABLE.search(v):
        return f"a line of 1 to {MAX_CHAT_CHARS} characters without control characters"
    return ""


def _reaction(v: Any) -> str:
    return "" if v in REACTIONS else "one of the reactions " + " ".join(REACTIONS).encode("ascii", "backslashreplace").decode()


def _said(v: Any) -> str:
    """One line of a ``chat_history``: who said it and a text or a reaction, as a relayed ``chat`` holds."""
    if not isinstance(v, dict) or set(v) not in ({"seat", "text"}, {"seat", "reaction"}) \
            or _nullable(_int(0, 99))(v["seat"]) or (_chat_text(v["text"]) if "text" in v else _reaction(v["reaction"])):
        return "a chat line (seat, and a text or a reaction)"
    return ""


def _presence_entry(v: Any) -> str:
    if not isinstance(v, list) or len(v) != 2 or _int(0, 99)(v[0]) or v[1] not in PRESENCE_STATES:
        return "a [seat, state] pair (state: " + ", ".join(PRESENCE_STATES) + ")"
    return ""


def _nonce_entry(v: Any) -> str:
    if not isinstance(v, list) or len(v) != 2 or _int(0, 99)(v[0]) or _hex(32)(v[1]):
        return "a [seat, nonce] pair"
    return ""


_SEAT = _int(0, 99)
_PLY = _int(0, 10**6)
_ID = _hex(32)
_GAME = _str(40)
_EDITION = _nullable(_str(20))
_ENGINE = _str(40, _VERSION)
_HANDSHAKE = {"protocol": _str(40), "version": _int(1, 10**6)}

#: what a guest may send: field -> checker (every field required, no other allowed)
GUEST_MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {**_HANDSHAKE, "invite": _ID, "game": _GAME, "edition": _EDITION, "engine": _ENGINE,
              "nonce": _hex(32)},
    "resume": {**_HANDSHAKE, "seat": _nullable(_SEAT), "token": _hex(32), "game": _GAME, "edition": _EDITION,
               "engine": _ENGINE},
    "move": {"move": _str(MAX_MOVE_ID), "ply": _PLY},
    "chat": {"text": _chat_text},
    "react": {"reaction": _reaction},
}

#: what a host may send; fields marked optional in :data:`_OPTIONAL` may be absent
HOST_MESSAGES: dict[str, dict[str, Check]] = {
    "invite": {**_HANDSHAKE, "invite": _ID, "game": _GAME, "edition": _EDITION, "engine": _ENGINE,
               "config": _obj, "seats": _list_of(_str(40), 99), "seat": _nullable(_SEAT), "commit": _hex(64)},
    "welcome": {"seat": _nullable(_SEAT), "token": _hex(32)},
    "start": {"nonces": _list_of(_nonce_entry, 99)},
    "update": {"ply": _PLY, "since": _PLY, "active": _nullable(_SEAT), "view": _obj,
               "events": _list_of(_event, 100_000), "moves": _list_of(_move, 100_000), "outcome": _obj},
    "refused": {"code": _str(40), "message": _str(500), "ply": _nullable(_PLY)},
    "reveal": {"secret": _hex(64), "moves": _list_of(_str(MAX_MOVE_ID), 10**6)},
    "presence": {"seats": _list_of(_presence_entry, 99)},
    "chat": {"seat": _nullable(_SEAT), "text": _chat_text, "reaction": _reaction},
    "chat_history": {"lines": _list_of(_said, MAX_CHAT_HISTORY)},
}
#: fields sent only sometimes: moves to the seat that decides, the outcome once the game is over;
#: a relayed chat message holds either a text or a reaction
_OPTIONAL = {"update": frozenset({"moves", "outcome"}), "chat": frozenset({"text", "reaction"})}


def encode(message: Mapping[str, Any]) -> str:
    """Compact JSON text of a message (ASCII, so its length in characters is its length in bytes)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True)


def _decode(text: Any, limit: int, schemas: Mapping[str, Mapping[str, Check]], depth: int) -> dict[str, Any]:
    if not isinstance(text, str):
        raise BadMessage("a message is JSON text")
    if len(text) > limit:  # before parsing: a huge text costs nothing to refuse
        raise BadMessage(f"message longer than {limit} characters", limit=limit)
    try:
        msg = loads_bounded(text, max_depth=depth, max_chars=limit)
    except ValueError as err:
        raise BadMessage(f"message is not valid JSON: {str(err)[:120]}") from None
    if not isinstance(msg, dict):
        raise BadMessage("a message is a JSON object")
    kind = msg.get("type")
    schema = schemas.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise BadMessage(f"unknown message type {str(kind)[:40]!r}")
    fields = set(msg) - {"type"}
    unknown = sorted(str(f)[:40] for f in fields - set(schema))
    if unknown:
        raise BadMessage(f"unknown field(s) in a '{kind}' message: {', '.join(unknown[:5])}", fields=unknown[:5])
    missing = sorted(set(schema) - fields - _OPTIONAL.get(kind, frozenset()))
    if missing:
        raise BadMessage(f"missing field(s) in a '{kind}' message: {', '.join(missing)}", fields=missing)
    for name in sorted(fields):
        err = schema[name](msg[name])
        if err:
            raise BadMessage(f"field '{name}' of a '{kind}' message must be {err}", field=name)
    return msg


def decode_guest(text: Any) -> dict[str, Any]:
    """A guest's message as the host reads it (:class:`BadMessage` if it is not one)."""
    return _decode(text, MAX_GUEST_CHARS, GUEST_MESSAGES, _GUEST_DEPTH)


def decode_host(text: Any) -> dict[str, Any]:
    """A host's message as a guest reads it (:class:`BadMessage` if it is not one)."""
    return _decode(text, MAX_HOST_CHARS, HOST_MESSAGES, 100)
