"""Around the table: who is here (presence, told by the host) and the chat the host relays to everyone."""
from __future__ import annotations

import json

import pytest

from brewhouse.api import Api
from brewhouse.core.errors import BadRequest
from brewhouse.remote import REMOTE, Guest
from brewhouse.remote.host import CHAT_BURST, CHAT_WINDOW
from brewhouse.remote.messages import MAX_CHAT_CHARS, MAX_GUEST_CHARS, REACTIONS, BadMessage, decode_host, encode

from test_remote_protocol import advance_to, guest_channel, refused, rush_table


def last_of(table, channel, kind):
    return next(json.loads(t) for t in reversed(table.sent[channel]) if json.loads(t)["type"] == kind)


def test_every_guest_is_told_who_is_connected_reconnecting_or_gone():
    table = rush_table()
    advance_to(table, 2)
    watcher = guest_channel(table, None)
    assert last_of(table, watcher, "presence")["seats"] == [[0, "connected"], [2, "connected"]]
    channel = guest_channel(table, 2)
    old = table.guests.pop(channel)
    table.host.disconnect(channel)
    table.pump()
    assert table.guests[guest_channel(table, 0)].presence == {0: "connected", 2: "reconnecting"}
    table.host.hand_over(2, True)  # a bot plays seat 2 while its guest is away
    table.pump()
    assert table.guests[watcher].presence == {0: "connected", 2: "gone"}
    with pytest.raises(BadRequest, match="connected"):
        table.host.hand_over(0, True)
    back = Guest.from_credentials(old.credentials())
    table.join(back, back.resume())
    assert back.presence == table.guests[watcher].presence == {0: "connected", 2: "connected"}


def test_a_chat_line_and_a_reaction_reach_everyone_as_plain_text():
    table = rush_table()
    me = guest_channel(table, 0)
    line = '<img src=x onerror="alert(1)"> nice move'
    before = table.digest()
    answers = table.say(me, table.guests[me].chat(line))
    assert answers == [{"type": "chat", "seat": 0, "text": line}]  # relayed back too: it reached the table
    for channel in table.guests:
        assert last_of(table, channel, "chat") == {"type": "chat", "seat": 0, "text": line}
    table.say(me, table.guests[me].react(REACTIONS[0]))
    assert last_of(table, guest_channel(table, 2), "chat") == {"type": "chat", "seat": 0, "reaction": REACTIONS[0]}
    assert table.host.say("hello") == {"type": "chat", "seat": 1, "text": "hello"}  # the host's own seat
    assert [m.get("text") or m.get("reaction") for m in table.host.chat] == [line, REACTIONS[0], "hello"]
    assert table.digest() == before, "chat changes nothing in the game"


@pytest.mark.parametrize("msg", [
    {"type": "chat", "text": "x" * (MAX_CHAT_CHARS + 1)},
    {"type": "chat", "text": "   "},
    {"type": "chat", "text": "two\nlines"},
    {"type": "chat", "text": "\u202eright to left"},
    {"type": "chat", "text": ["not", "text"]},
    {"type": "chat", "text": "hi", "seat": 2},  # a guest cannot speak for another seat
    {"type": "react", "reaction": "<b>"},
    {"type": "react", "reaction": "\U0001f4a9"},
])
def test_oversize_or_odd_chat_is_refused(msg):
    table = rush_table()
    me = guest_channel(table, 0)
    assert refused(table, me, encode(msg)) == "bad_message"
    assert not table.host.chat


def test_the_longest_chat_line_fits_a_guest_message_even_as_emoji():
    assert len(encode({"type": "chat", "text": "\U0001f602" * MAX_CHAT_CHARS})) <= MAX_GUEST_CHARS


def test_a_flood_is_refused_until_the_window_passes_and_a_spectator_says_nothing():
    now = [100.0]
    table = rush_table(host_cls=lambda *a, **kw: __import__("brewhouse").remote.Host(*a, clock=lambda: now[0], **kw))
    me = guest_channel(table, 0)
    for i in range(CHAT_BURST):
        assert table.say(me, encode({"type": "chat", "text": f"line {i}"}))[0]["type"] == "chat"
    assert refused(table, me, encode({"type": "chat", "text": "one too many"})) == "rate_limited"
    assert refused(table, me, encode({"type": "react", "reaction": REACTIONS[1]})) == "rate_limited"
    assert len(table.host.chat) == CHAT_BURST
    now[0] += CHAT_WINDOW
    assert table.say(me, encode({"type": "chat", "text": "later"}))[0]["type"] == "chat"
    assert refused(table, guest_channel(table, None), encode({"type": "chat", "text": "boo"})) == "not_seated"
    assert refused(table, 999, encode({"type": "chat", "text": "who?"})) == "not_joined"


def test_a_guest_refuses_a_relayed_chat_that_is_neither_or_both():
    guest = rush_table().guests[1]
    for bad in ({"type": "chat", "seat": 0}, {"type": "chat", "seat": 0, "text": "a", "reaction": REACTIONS[0]}):
        with pytest.raises(BadMessage):
            guest.receive(encode(bad))
    with pytest.raises(BadMessage):
        decode_host(encode({"type": "presence", "seats": [[0, "asleep"]]}))


def test_the_api_relays_chat_and_reports_presence_to_both_pages():
    api, sent = Api(), []
    api.remote.on_send(lambda text: sent.append(json.loads(text)))
    call = lambda method, **params: api.call(method, params)["result"]  # noqa: E731
    host = call("host_remote", game="rush", seats=["human", REMOTE])["host"]
    guest = call("join_remote", invite=call("remote_invite", host=host, seat=1))
    out = call("remote_receive", host=host, channel="c1", text=guest["text"])
    assert out["presence"] == [[1, "connected"]] and out["chat"] == []
    said = call("remote_guest_say", guest=guest["guest"], text="<i>hi</i>")
    out = call("remote_receive", host=host, channel="c1", **said)
    assert out["chat"] == [{"seat": 1, "text": "<i>hi</i>"}]
    assert call("remote_say", host=host, reaction=REACTIONS[3]) == {"seat": 0, "reaction": REACTIONS[3]}
    texts = [s["text"] for s in sent]
    got = [call("remote_guest_receive", guest=guest["guest"], text=t) for t in texts]
    assert {"type": "presence", "presence": [[1, "connected"]]} in got
    assert [g["chat"] for g in got if g["type"] == "chat"] == [{"seat": 1, "text": "<i>hi</i>"}, {"seat": 0, "reaction": REACTIONS[3]}]
    assert api.call("remote_say", {"host": host, "text": "x" * (MAX_CHAT_CHARS + 1)})["error"]["code"] == "bad_request"
    assert api.call("remote_guest_say", {"guest": guest["guest"], "text": ""})["error"]["code"] == "bad_request"
    status = call("remote_disconnect", host=host, channel="c1")
    assert status["presence"] == [[1, "reconnecting"]]
    assert call("remote_hand_over", host=host, seat=1, bot=True)["presence"] == [[1, "gone"]]
