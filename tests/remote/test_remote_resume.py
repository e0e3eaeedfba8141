"""The host's page closes mid-game and resumes from its save and keepsake; its guests rejoin by seat token.

The keepsake (``remote_keepsake``: the secret, each remote seat's token and
nonce) is what the host's page stores beside its save, on its own device.
"""
from __future__ import annotations

import json
import random

from brewhouse.api import Api
from brewhouse.remote.fairness import new_id

from test_remote_api import Pages, play_out


def some_moves(pages: Pages, rng: random.Random, count: int) -> None:
    """``count`` random moves, whoever decides (a guest from its own page)."""
    match = pages.hostinfo["status"]["match"]
    for _ in range(count):
        p = pages.ok(pages.host_api, "status", match=match)["active_player"]
        if p in pages.guests:
            api, gid, _ = pages.guests[p]
            pages.to_host(p, pages.ok(api, "remote_guest_move", guest=gid, move=rng.choice(pages.last[p]["moves"])["id"])["text"])
        else:
            moves = pages.ok(pages.host_api, "legal_moves", match=match, player=p)
            pages.ok(pages.host_api, "apply_move", match=match, move=rng.choice(moves)["id"], player=p)
            pages.deliver()


def stored(pages: Pages) -> tuple[dict, dict]:
    """The host page's save and keepsake, as IndexedDB gives them back (JSON data)."""
    save = pages.ok(pages.host_api, "save", match=pages.hostinfo["status"]["match"])
    keepsake = pages.ok(pages.host_api, "remote_keepsake", host=pages.host["host"])
    return json.loads(json.dumps(save)), json.loads(json.dumps(keepsake))


def reopened_host(pages: Pages, save: dict, keepsake: dict) -> None:
    """The host's page reloaded: a new engine hosts the saved game again; the guests' channels are gone."""
    pages.host_api = Api()
    pages.host_api.remote.on_send(lambda text: pages.outbox.append(json.loads(text)))
    pages.host = pages.hostinfo = pages.ok(pages.host_api, "host_resume", save=save, keepsake=keepsake)


def test_a_resumed_host_reinvites_its_guests_by_token_at_the_same_ply_and_the_audit_verifies():
    pages = Pages("rush", ["human", "remote", "easy", "remote"])
    rng = random.Random(4)
    some_moves(pages, rng, 9)
    save, keepsake = stored(pages)
    ply = save["moves"] and len(save["moves"])
    assert ply >= 9 and sorted(s["seat"] for s in keepsake["seats"]) == [1, 3]
    reopened_host(pages, save, keepsake)
    assert pages.hostinfo["started"] and pages.hostinfo["status"]["ply"] == ply
    assert pages.hostinfo["joined"] == [1, 3] and pages.hostinfo["connected"] == []
    for seat in (1, 3):
        # the fresh link carries an invite to the same game and the seat's token; the page that opens it resumes
        link = pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=seat)
        old_api, old_gid, _ = pages.guests[seat]
        assert link["token"] == old_api.remote.guests[old_gid].token
        assert link["invite"]["commit"] == old_api.remote.guests[old_gid].invite["commit"]
        pages.join(seat, f"c{seat}b", invite=link["invite"], token=link["token"])
        assert pages.last[seat]["status"]["ply"] == ply and pages.last[seat]["since"] == 0
    assert pages.hostinfo["connected"] == [1, 3]
    play_out(pages, rng)
    assert pages.audits[1]["verified"] and pages.audits[3]["verified"], pages.audits


def test_a_rejoin_invite_admits_no_hello_and_a_stranger_token_is_refused():
    pages = Pages("rush", ["human", "remote"])
    save, keepsake = stored(pages)
    reopened_host(pages, save, keepsake)
    invite = pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=1)["invite"]
    hello = pages.ok(Api(), "join_remote", invite=invite)["text"]
    got: list[dict] = []
    pages.host_api.remote.on_send(lambda text: got.append(json.loads(json.loads(text)["text"])))
    out = pages.ok(pages.host_api, "remote_receive", host=pages.host["host"], channel="x", text=hello)
    assert [r["code"] for r in out["refused"]] == ["unknown_invite"] and out["connected"] == []
    resume = pages.ok(Api(), "join_remote", invite=invite, token=new_id())["text"]
    out = pages.ok(pages.host_api, "remote_receive", host=pages.host["host"], channel="y", text=resume)
    assert [r["code"] for r in out["refused"]] == ["bad_token"] and out["connected"] == []
    assert not any("secret" in msg for msg in got)  # the keepsake never reaches a guest before the end


def test_a_keepsake_that_is_not_the_games_own_opens_nothing():
    pages = Pages("rush", ["human", "remote"])
    save, keepsake = stored(pages)
    api = Api()
    other = dict(keepsake, secret="0" * 64)
    bad_nonce = dict(keepsake, seats=[dict(keepsake["seats"][0], nonce="1" * 32)])
    twice = dict(keepsake, seats=keepsake["seats"] * 2)
    for wrong in (other, bad_nonce, twice, {"seats": []}, None, dict(keepsake, seats=[dict(keepsake["seats"][0], seat=0)])):
        out = api.call("host_resume", {"save": save, "keepsake": wrong})
        assert not out["ok"] and out["error"]["code"] == "bad_request", (wrong, out)
    assert api.matches == {} and api.remote.hosts == {}
    assert api.call("host_resume", {"save": save, "keepsake": keepsake})["ok"]


def test_a_keepsake_is_only_for_a_dealt_game():
    api = Api()
    api.remote.on_send(lambda text: None)
    host = api.call("host_remote", {"game": "rush", "seats": ["human", "remote"]})["result"]
    out = api.call("remote_keepsake", {"host": host["host"]})
    assert not out["ok"] and out["error"]["code"] == "bad_request"
