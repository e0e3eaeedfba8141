"""The host's page closes mid-game and resumes from its save and keepsake; its guests rejoin by seat token.

The keepsake (``remote_keepsake``: the secret, each remote seat's token and
nonce) is what the host's page stores beside its save, on its own device.
"""
from __future__ import annotations

import json
import random

import pytest

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


def reloaded_guest(pages: Pages, seat: int, channel: str, keepsake: dict, link: dict) -> dict:
    """The guest's page reloaded: a new engine from this device's keepsake, rejoining by the host's fresh link."""
    api = Api()
    joined = pages.ok(api, "join_remote", invite=link["invite"], token=link["token"], keepsake=keepsake)
    kept = api.remote.guests[joined["guest"]]
    pages.guests[seat] = (api, joined["guest"], channel)
    before = {"ply": kept.ply, "events": len(kept.events), "view": kept.view}
    pages.to_host(seat, joined["text"])
    return before


@pytest.mark.parametrize("nonce_kept", ["own", "altered"])
def test_a_guest_reloaded_from_its_keepsake_shows_the_game_so_far_rejoins_and_audits_with_its_own_nonce(nonce_kept):
    pages = Pages("rush", ["human", "remote"])
    rng = random.Random(8)
    some_moves(pages, rng, 7)
    api, gid, _ = pages.guests[1]
    kept = json.loads(json.dumps(pages.ok(api, "remote_guest_keepsake", guest=gid)))
    seen = pages.last[1]["status"]["ply"]
    if nonce_kept == "altered":
        kept["nonce"] = "f" * 32
    # both pages close: the host's is hosted again from its save, the guest's reloads from its keepsake
    save, host_keepsake = stored(pages)
    reopened_host(pages, save, host_keepsake)
    link = pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=1)
    before = reloaded_guest(pages, 1, "c1b", kept, link)
    assert before["ply"] == seen and before["events"] and before["view"]  # the game so far, before any channel opens
    assert pages.last[1]["status"]["ply"] == len(save["moves"]) and pages.hostinfo["connected"] == [1]
    play_out(pages, rng)
    audit = pages.audits[1]
    if nonce_kept == "own":
        assert audit["verified"], audit
    else:  # the audit checks this device's own nonce (kept, not lost with the page)
        assert not audit["verified"] and audit["field"] == "nonces", audit


def test_a_guest_keepsake_rejoins_only_its_own_seat():
    pages = Pages("rush", ["human", "remote", "remote"])
    api, gid, _ = pages.guests[1]
    kept = pages.ok(api, "remote_guest_keepsake", guest=gid)
    other = pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=2)
    out = Api().call("join_remote", {"invite": other["invite"], "token": other["token"], "keepsake": kept})
    assert not out["ok"] and out["error"]["code"] == "bad_request", out
    mine = pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=1)
    for broken in ({}, dict(kept, updates=[{"type": "update"}]), dict(kept, updates="x")):
        out = Api().call("join_remote", {"invite": mine["invite"], "token": mine["token"], "keepsake": broken})
        assert not out["ok"], broken


def test_a_keepsake_of_a_page_that_rejoined_elsewhere_does_not_claim_a_nonce_it_never_sent():
    pages = Pages("rush", ["human", "remote"])
    rng = random.Random(6)
    api, gid, _ = pages.guests[1]
    pages.ok(pages.host_api, "remote_disconnect", host=pages.host["host"], channel="c1")
    link = pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=1)
    pages.join(1, "c1b", invite=link["invite"], token=link["token"])  # another device, by token: no nonce of its own
    api, gid, _ = pages.guests[1]
    kept = json.loads(json.dumps(pages.ok(api, "remote_guest_keepsake", guest=gid)))
    assert kept["own_nonce"] is False
    pages.ok(pages.host_api, "remote_disconnect", host=pages.host["host"], channel="c1b")
    reloaded_guest(pages, 1, "c1c", kept, pages.ok(pages.host_api, "remote_reinvite", host=pages.host["host"], seat=1))
    play_out(pages, rng)
    assert pages.audits[1]["verified"], pages.audits[1]
