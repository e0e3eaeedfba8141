"""The JSON API's remote calls: a host page's engine and a guest page's engine, each an Api of its own.

Messages travel between the two APIs the way the pages pass them between
their worker and the data channel: the host's through the send listener, the
guest's as the texts its calls return.
"""
from __future__ import annotations

import json
import random

import pytest

from brewhouse.api import Api


class Pages:
    """A host page and one guest page per remote seat, wired by in-memory channels."""

    def __init__(self, game: str, seats: list[str], join: bool = True) -> None:
        self.host_api = Api()
        self.outbox: list[dict] = []
        self.host_api.remote.on_send(lambda text: self.outbox.append(json.loads(text)))
        self.host = self.ok(self.host_api, "host_remote", game=game, seats=seats)
        self.guests: dict[int, tuple[Api, str, str]] = {}  # seat -> (api, guest id, channel)
        self.last: dict[int, dict] = {}
        self.audits: dict[int, dict] = {}
        self.hostinfo = self.host
        for seat in self.host["remote_seats"] if join else ():
            self.join(seat, f"c{seat}")

    @staticmethod
    def ok(api: Api, method: str, **params):
        out = api.call(method, params)
        assert out["ok"], out
        return out["result"]

    def join(self, seat: int | None, channel: str, invite=None, token=None, key=None) -> None:
        """A guest page for ``seat`` (``None``: a spectator), known as ``key`` (its seat unless said)."""
        api = Api()
        invite = invite or self.ok(self.host_api, "remote_invite", host=self.host["host"], seat=seat)
        joined = self.ok(api, "join_remote", invite=invite, **({"token": token} if token else {}))
        key = seat if key is None else key
        self.guests[key] = (api, joined["guest"], channel)
        self.to_host(key, joined["text"])

    def to_host(self, seat, text: str) -> dict:
        _, _, channel = self.guests[seat]
        self.hostinfo = self.ok(self.host_api, "remote_receive", host=self.host["host"], channel=channel, text=text)
        self.deliver()
        return self.hostinfo

    def deliver(self) -> None:
        while self.outbox:
            msg = self.outbox.pop(0)
            for seat, (api, gid, channel) in self.guests.items():
                if channel == msg["channel"]:
                    self.received(seat, self.ok(api, "remote_guest_receive", guest=gid, text=msg["text"]))

    def received(self, seat, got: dict) -> None:
        """What guest page ``seat`` made of a host message: its last update and its audit are kept."""
        if got["type"] == "update":
            self.last[seat] = got
        if got["type"] == "reveal":
            self.audits[seat] = got["audit"]

    def step(self, rng: random.Random) -> dict:
        """Whoever decides plays a random option (a guest through its page); the host's status before it."""
        match = self.hostinfo["status"]["match"]
        status = self.ok(self.host_api, "status", match=match)
        p = status["active_player"]
        if p in self.guests:
            moves = self.last[p]["moves"]
            assert self.last[p]["status"]["active_player"] == p and moves
            api, gid, _ = self.guests[p]
            text = self.ok(api, "remote_guest_move", guest=gid, move=rng.choice(moves)["id"])["text"]
            assert self.to_host(p, text)["moved"]
        else:
            moves = self.ok(self.host_api, "legal_moves", match=match, player=p)
            self.ok(self.host_api, "apply_move", match=match, move=rng.choice(moves)["id"], player=p)
            self.deliver()
        return status


def play_out(pages: Pages, rng: random.Random) -> dict:
    """Random moves for every seat until the game is over; returns the host's last status."""
    match = pages.hostinfo["status"]["match"]
    for _ in range(5000):
        status = pages.ok(pages.host_api, "status", match=match)
        if status["over"]:
            return status
        pages.step(rng)
    raise AssertionError("the game did not end")


def test_new_game_accepts_a_remote_seat():
    out = Api().call("new_game", {"game": "rush", "seats": ["human", "remote"], "seed": 7})
    assert out["ok"], out
    assert out["result"]["seats"] == ["human", "remote"]


def test_a_hosted_game_is_dealt_once_every_remote_seat_joined_and_plays_to_a_verified_end():
    pages = Pages("rush", ["human", "remote", "easy"])
    assert pages.hostinfo["started"] and pages.hostinfo["joined"] == [1]
    guest_status = pages.last[1]["status"]
    assert guest_status["seats"] == ["remote", "human", "remote"] and guest_status["can_undo"] is False
    final = play_out(pages, random.Random(3))
    assert pages.last[1]["status"]["over"] and pages.last[1]["status"]["outcome"] == final["outcome"]
    assert pages.audits[1]["verified"], pages.audits[1]


def test_spectators_never_hold_up_the_deal_and_one_who_joins_mid_game_sees_the_table_at_once():
    pages = Pages("rush", ["human", "remote", "easy"], join=False)
    host = pages.host["host"]
    pages.ok(pages.host_api, "remote_invite", host=host, seat=None)  # a spectator's invite nobody takes
    pages.join(None, "w1")
    assert pages.hostinfo["watching"] == ["w1"] and not pages.hostinfo["started"] and None not in pages.last
    pages.join(1, "c1")  # the one remote seat: dealt, the spectators' invites notwithstanding
    assert pages.hostinfo["started"] and pages.last[None]["status"]["ply"] == 0
    match, rng = pages.hostinfo["status"]["match"], random.Random(4)
    while pages.ok(pages.host_api, "status", match=match)["ply"] < 12:
        pages.step(rng)
    status = pages.ok(pages.host_api, "status", match=match)
    pages.join(None, "w2", key="late")  # mid-game: the view for no player as it stands, every public event so far
    late = pages.last["late"]
    assert late["since"] == 0 and late["status"]["ply"] == status["ply"] and late["moves"] == []
    assert late["view"] == pages.ok(pages.host_api, "view", match=match, player=None)["view"]
    assert late["events"] == pages.ok(pages.host_api, "log", match=match, player=None) != []
    assert late["status"]["seats"] == ["remote"] * 3  # no seat of its own: nothing to decide, ever
    assert pages.hostinfo["watching"] == ["w1", "w2"] and pages.hostinfo["connected"] == [1]
    assert pages.ok(pages.host_api, "remote_disconnect", host=host, channel="w1")["watching"] == ["w2"]
    del pages.guests[None]
    play_out(pages, rng)
    assert pages.last["late"]["status"]["over"] and pages.audits["late"]["verified"], pages.audits["late"]


def test_the_host_cannot_play_a_remote_seat_nor_undo():
    pages = Pages("rush", ["human", "remote"])
    match = pages.hostinfo["status"]["match"]
    rng = random.Random(5)
    while pages.ok(pages.host_api, "status", match=match)["active_player"] != 1:
        moves = pages.ok(pages.host_api, "legal_moves", match=match, player=0)
        pages.ok(pages.host_api, "apply_move", match=match, move=rng.choice(moves)["id"], player=0)
        pages.deliver()
    ply = pages.ok(pages.host_api, "status", match=match)["ply"]
    move = pages.last[1]["moves"][0]["id"]
    out = pages.host_api.call("apply_move", {"match": match, "move": move})
    assert not out["ok"] and "another device" in out["error"]["message"]
    assert not pages.host_api.call("undo", {"match": match})["ok"]
    assert pages.ok(pages.host_api, "status", match=match)["ply"] == ply


def test_a_guest_may_only_send_one_of_its_options():
    pages = Pages("rush", ["human", "remote"])
    api, gid, _ = pages.guests[1]
    out = api.call("remote_guest_move", {"guest": gid, "move": "anything"})
    assert not out["ok"] and out["error"]["code"] == "bad_request"


def test_a_guest_rejoining_from_a_new_device_resumes_its_seat_at_the_same_ply_and_audits():
    pages = Pages("rush", ["human", "remote"])
    rng = random.Random(11)
    match = pages.hostinfo["status"]["match"]
    for _ in range(6):  # a few moves, whoever decides
        pages.step(rng)
    ply = pages.ok(pages.host_api, "status", match=match)["ply"]
    old_api, old_gid, _ = pages.guests[1]
    token = old_api.remote.guests[old_gid].token
    invite = old_api.remote.guests[old_gid].invite
    assert pages.ok(pages.host_api, "remote_disconnect", host=pages.host["host"], channel="c1")["connected"] == []
    pages.join(1, "c1b", invite=invite, token=token)  # a fresh page: the new link carries invite and token
    assert pages.last[1]["status"]["ply"] == ply and pages.last[1]["since"] == 0
    assert pages.hostinfo["connected"] == [1]
    play_out(pages, rng)
    assert pages.audits[1]["verified"], pages.audits[1]


def test_a_wrong_token_is_refused():
    pages = Pages("rush", ["human", "remote"])
    invite = pages.guests[1][0].remote.guests[pages.guests[1][1]].invite
    api = Api()
    joined = pages.ok(api, "join_remote", invite=invite, token="0" * 32)
    pages.guests[1] = (api, joined["guest"], "c9")
    got = []
    pages.host_api.remote.on_send(lambda text: got.append(json.loads(text)))
    pages.ok(pages.host_api, "remote_receive", host=pages.host["host"], channel="c9", text=joined["text"])
    refused = pages.ok(api, "remote_guest_receive", guest=joined["guest"], text=got[0]["text"])
    assert refused["refused"]["code"] == "bad_token"


@pytest.mark.parametrize("seats", [["remote", "remote"], ["human", "easy"]])
def test_a_hosted_game_has_a_remote_seat_and_one_of_the_hosts_own(seats):
    out = Api().call("host_remote", {"game": "rush", "seats": seats})
    assert not out["ok"] and out["error"]["code"] == "bad_request"


def test_a_bot_stands_in_for_a_dropped_guest_who_takes_the_seat_back_and_verifies():
    pages = Pages("rush", ["human", "remote"])
    rng = random.Random(2)
    match = pages.hostinfo["status"]["match"]
    api = pages.host_api
    while pages.ok(api, "status", match=match)["active_player"] != 1:
        moves = pages.ok(api, "legal_moves", match=match, player=0)
        pages.ok(api, "apply_move", match=match, move=rng.choice(moves)["id"], player=0)
        pages.deliver()
    move = pages.ok(api, "bot_move", match=match, level="random")["move"]
    # the guest is here: it decides, no stand-in
    refused = api.call("apply_move", {"match": match, "move": move, "stand_in": True})
    assert not refused["ok"] and "connected" in refused["error"]["message"]
    old_api, old_gid, _ = pages.guests[1]
    token, invite = old_api.remote.guests[old_gid].token, old_api.remote.guests[old_gid].invite
    pages.ok(api, "remote_disconnect", host=pages.host["host"], channel="c1")
    stood = 0
    while pages.ok(api, "status", match=match)["active_player"] == 1:
        move = pages.ok(api, "bot_move", match=match, level="random")["move"]
        pages.ok(api, "apply_move", match=match, move=move, stand_in=True)
        stood += 1
    assert stood
    pages.join(1, "c1b", invite=invite, token=token)  # back: the seat is theirs again
    play_out(pages, rng)
    assert pages.audits[1]["verified"], pages.audits[1]


def test_the_host_is_told_when_a_guest_of_another_build_is_turned_away():
    host_api = Api()
    host_api.remote.on_send(lambda text: None)
    host = host_api.call("host_remote", {"game": "rush", "seats": ["human", "remote"]})["result"]
    invite = host_api.call("remote_invite", {"host": host["host"], "seat": 1})["result"]
    hello = json.loads(Api().call("join_remote", {"invite": invite})["result"]["text"])
    hello["engine"] = "0.0.1"
    out = host_api.call("remote_receive", {"host": host["host"], "channel": "c1", "text": json.dumps(hello)})["result"]
    assert [r["code"] for r in out["refused"]] == ["version_mismatch"]
    assert "the guest must reload" in out["refused"][0]["message"] and not out["started"]
