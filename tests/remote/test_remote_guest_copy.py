"""The guest's copy of its seat: the recent chat a returning guest is sent, and what its page stores and shows.

A guest's page keeps its keepsake (``remote_guest_keepsake``) on its device,
adding only the updates it has not stored yet (``from``), and draws the game
so far from it (``remote_guest_copy``) while it waits for a new link.
"""
from __future__ import annotations

import json
import random

import pytest

from brewhouse.api import Api
from brewhouse.remote.host import CHAT_RECALLED
from brewhouse.remote.messages import MAX_CHAT_HISTORY, BadMessage, decode_host, encode

from test_remote_api import Pages
from test_remote_resume import some_moves


class ChatPages(Pages):
    """Pages that also note each ``chat_history`` a guest page is given."""

    def __init__(self, *args, **kwargs) -> None:
        self.recalled: dict = {}  # seat -> the chat history it was last sent (set before the joins deliver)
        super().__init__(*args, **kwargs)

    def received(self, seat, got: dict) -> None:
        super().received(seat, got)
        if got["type"] == "chat_history":
            self.recalled[seat] = got["chat_history"]


def test_a_guest_back_by_a_new_link_is_sent_the_recent_chat_as_plain_text():
    pages = ChatPages("rush", ["human", "remote"])
    host = pages.host["host"]
    assert pages.recalled == {}, "nothing said yet: no history"
    api, gid, _ = pages.guests[1]
    line = "<b>see you</b> ☕"
    pages.to_host(1, pages.ok(api, "remote_guest_say", guest=gid, text=line)["text"])
    for i in range(CHAT_RECALLED + 4):  # the host's page says more than a returning guest is sent
        pages.ok(pages.host_api, "remote_say", host=host, text=f"line {i}")
        pages.deliver()
    pages.ok(pages.host_api, "remote_disconnect", host=host, channel="c1")
    link = pages.ok(pages.host_api, "remote_reinvite", host=host, seat=1)
    kept = pages.ok(api, "remote_guest_keepsake", guest=gid)
    rejoined = Api()  # the guest's page reloaded, from its copy
    joined = pages.ok(rejoined, "join_remote", invite=link["invite"], token=link["token"], keepsake=kept)
    pages.guests[1] = (rejoined, joined["guest"], "c1b")
    pages.to_host(1, joined["text"])
    recalled = pages.recalled[1]
    assert len(recalled) == CHAT_RECALLED <= MAX_CHAT_HISTORY
    assert recalled[-1] == {"seat": 0, "text": f"line {CHAT_RECALLED + 3}"}
    assert recalled[0] == {"seat": 0, "text": "line 4"}  # the oldest left first; the guest's own line with them


@pytest.mark.parametrize("lines", [
    [{"seat": 0, "html": "<b>x</b>"}],                       # text only: no other field
    [{"seat": 0, "text": "a", "reaction": "👍"}],             # a text or a reaction, not both
    [{"seat": 0, "text": "two\nlines"}],                     # no control characters
    [{"seat": 0, "reaction": "<script>"}],                   # a reaction is one of the fixed set
    [{"seat": "0", "text": "a"}],
    [{"seat": 0, "text": "a"}] * (MAX_CHAT_HISTORY + 1),     # bounded
    "not a list",
])
def test_a_chat_history_is_schema_checked_by_the_guest(lines):
    with pytest.raises(BadMessage):
        decode_host(encode({"type": "chat_history", "lines": lines}))


def test_a_chat_history_that_is_no_protocol_message_is_refused_by_the_guests_page():
    pages = Pages("rush", ["human", "remote"])
    api, gid, _ = pages.guests[1]
    bad = encode({"type": "chat_history", "lines": [{"seat": 0, "text": "<i>x</i>", "markup": True}]})
    out = api.call("remote_guest_receive", {"guest": gid, "text": bad})
    assert not out["ok"] and out["error"]["code"] == "bad_message"
    good = encode({"type": "chat_history", "lines": [{"seat": None, "reaction": "👍"}, {"seat": 1, "text": "<i>x</i>"}]})
    assert pages.ok(api, "remote_guest_receive", guest=gid, text=good)["chat_history"][1] == {"seat": 1, "text": "<i>x</i>"}


def test_a_page_stores_only_the_new_updates_and_the_pieces_make_the_keepsake():
    pages = Pages("rush", ["human", "remote"])
    rng = random.Random(11)
    api, gid, _ = pages.guests[1]
    stored = pages.ok(api, "remote_guest_keepsake", guest=gid)
    assert stored["from"] == 0 and stored["count"] == len(stored["updates"]) >= 1
    updates = list(stored["updates"])
    some_moves(pages, rng, 5)
    new = pages.ok(api, "remote_guest_keepsake", guest=gid, **{"from": len(updates)})
    assert new["from"] == len(updates) and new["count"] == len(updates) + len(new["updates"]) > len(updates)
    updates += new["updates"]
    whole = pages.ok(api, "remote_guest_keepsake", guest=gid)
    assert json.dumps(updates) == json.dumps(whole["updates"])
    for bad in (-1, whole["count"] + 1, "3", 1.0):
        out = api.call("remote_guest_keepsake", {"guest": gid, "from": bad})
        assert not out["ok"] and out["error"]["code"] == "bad_request", bad


def test_a_kept_copy_shows_the_game_so_far_read_only():
    pages = Pages("rush", ["human", "remote"])
    some_moves(pages, random.Random(12), 6)
    api, gid, _ = pages.guests[1]
    kept = json.loads(json.dumps(pages.ok(api, "remote_guest_keepsake", guest=gid)))
    copy = pages.ok(Api(), "remote_guest_copy", keepsake=kept)
    last = pages.last[1]
    assert copy["seat"] == 1 and copy["game"] == "rush" and copy["moves"] == []
    assert copy["view"] == last["view"] and copy["status"]["ply"] == last["status"]["ply"]
    assert copy["status"]["auto_move"] is None and copy["status"]["remote"] is True
    assert copy["events"] == api.remote.guests[gid].events and copy["events"]
    for broken in (None, {}, dict(kept, updates=[{"type": "update"}]), dict(kept, updates=[])):
        out = Api().call("remote_guest_copy", {"keepsake": broken})
        assert not out["ok"] and out["error"]["code"] == "bad_request", broken
