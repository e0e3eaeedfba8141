"""The remote protocol piece by piece, over Coffee Rush (short games): joining, refusals, resync, audit."""
from __future__ import annotations

import json

import pytest

import brewhouse
import brewhouse.remote.messages as messages
from brewhouse.core.errors import BadRequest
from brewhouse.core.match import MAX_SEED, Match
from brewhouse.core.registry import REGISTRY
from brewhouse.core.seats import is_seat_kind, seat_kinds
from brewhouse.remote import REMOTE, Guest, Host
from brewhouse.remote.fairness import commitment, derive_seed
from brewhouse.remote.messages import MAX_GUEST_CHARS, BadMessage, decode_guest, decode_host, encode

from remote_helpers import Table

RUSH = REGISTRY.get("rush")


def rush_table(seats=(REMOTE, "human", REMOTE), spectators=1, seed=1, **kw) -> Table:
    table = Table(RUSH, {"players": len(seats)}, list(seats), {s: "random" for s, k in enumerate(seats) if k == REMOTE},
                  seed=seed, spectators=spectators, **kw)
    table.start()
    return table


def guest_channel(table: Table, seat) -> int:
    return next(c for c, g in table.guests.items() if g.seat == seat)


def advance_to(table: Table, seat: int, min_ply: int = 1) -> None:
    """Play on until ``seat`` decides (at ``min_ply`` or later)."""
    while table.host.match.active_player != seat or table.host.match.ply < min_ply:
        table.step()


# -- seat kind, invite, handshake ------------------------------------------------------------
def test_remote_is_a_registered_seat_kind():
    assert is_seat_kind(REMOTE) and seat_kinds()[REMOTE] == "a friend on another device"
    assert Match(RUSH, {"players": 2}, 1, [REMOTE, "human"]).seats == [REMOTE, "human"]


def test_an_invite_commits_to_the_secret_and_holds_no_seed():
    host = Host(RUSH, {"players": 2}, [REMOTE, "human"], lambda c, t: None)
    invite = host.invite(0)
    assert invite["commit"] == commitment(host.secret) and host.secret not in encode(invite)
    assert set(invite) == {"type", "protocol", "version", "invite", "game", "edition", "engine", "config", "seats",
                           "seat", "commit"}
    assert decode_host(encode(invite)) == invite
    with pytest.raises(BadRequest, match="not a remote seat"):
        host.invite(1)
    with pytest.raises(BadRequest, match="already invited"):
        host.invite(0)
    with pytest.raises(BadRequest, match="have not joined"):
        host.start()


def test_an_invite_admits_one_guest_only():
    sent = []
    host = Host(RUSH, {"players": 2}, [REMOTE, "human"], lambda c, t: sent.append((c, json.loads(t))))
    guest = Guest(host.invite(0))
    host.receive("a", guest.hello())
    assert [m["type"] for _, m in sent] == ["welcome", "presence"]
    host.receive("b", Guest(guest.invite).hello())
    assert sent[-1] == ("b", {"type": "refused", "code": "invite_used", "ply": None,
                              "message": "this invite was used already: ask the host for a new one"})
    forged = dict(guest.invite, invite="ab" * 16)
    host.receive("c", Guest(forged).hello())
    assert sent[-1][1]["code"] == "unknown_invite"


@pytest.mark.parametrize("engine, edition, reloads", [
    ("0.3.0", "3", "the guest must reload the page to update"),
    ("9.0.0", "9", "the host must reload the page to update"),
])
def test_builds_that_differ_are_told_which_side_reloads(engine, edition, reloads):
    sent = []
    host = Host(REGISTRY.get("seize"), {"players": 2}, [REMOTE, "human"], lambda c, t: sent.append(json.loads(t)))
    guest = Guest(host.invite(0), engine=engine, edition=edition)
    host.receive(1, guest.hello())
    refusal = sent[-1]
    assert refusal["code"] == "version_mismatch"
    assert f"Brewhouse {engine} (rules edition {edition})" in refusal["message"]
    assert f"Brewhouse {brewhouse.__version__} (Seize the Bean rules edition {host.edition})" in refusal["message"]
    assert refusal["message"].endswith(reloads) or reloads in refusal["message"]
    # nothing was consumed: the same invite still admits the right build
    host.receive(2, Guest(guest.invite).hello())
    assert sent[-2]["type"] == "welcome"


def test_another_protocol_version_is_refused():
    sent = []
    host = Host(RUSH, {"players": 2}, [REMOTE, "human"], lambda c, t: sent.append(json.loads(t)))
    hello = json.loads(Guest(host.invite(0)).hello())
    host.receive(1, encode({**hello, "version": 2}))
    assert sent[-1]["code"] == "protocol_mismatch"


# -- untrusted text ------------------------------------------------------------------------
@pytest.mark.parametrize("text, says", [
    ("x" * (MAX_GUEST_CHARS + 1), "longer than"),
    ("[" * 60 + "]" * 60, "nested deeper"),
    ("not json", "not valid JSON"),
    ('["move"]', "a JSON object"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "move", "move": "a", "ply": 1, "seat": 0}', "unknown field(s) in a 'move' message: seat"),
    ('{"type": "move", "move": "a"}', "missing field(s) in a 'move' message: ply"),
    ('{"type": "move", "move": "a", "ply": "1"}', "field 'ply'"),
    ('{"type": "move", "move": "a", "ply": 1.0}', "field 'ply'"),
    ('{"type": "move", "move": "a", "ply": true}', "field 'ply'"),
    ('{"type": "move", "move": "", "ply": 1}', "field 'move'"),
    ('{"type": "move", "move": "%s", "ply": 1}' % ("m" * 201), "field 'move'"),
    ('{"type": "hello", "protocol": "brewhouse-remote", "version": 1, "invite": "XYZ", "game": "rush",'
     ' "edition": "1", "engine": "0.4.0", "nonce": "00"}', "field 'invite'"),
])
def test_malformed_guest_messages_are_refused(text, says):
    with pytest.raises(BadMessage, match=None) as err:
        decode_guest(text)
    assert says in err.value.message


def test_an_oversize_message_is_refused_before_it_is_parsed(monkeypatch):
    def no_parsing(*a, **k):
        raise AssertionError("parsed")
    monkeypatch.setattr(messages, "loads_bounded", no_parsing)
    with pytest.raises(BadMessage, match="longer than"):
        decode_guest('{"type": "move", "move": "%s", "ply": 1}' % ("m" * MAX_GUEST_CHARS))


def test_a_guest_refuses_what_a_host_must_not_send():
    table = rush_table()
    guest = table.guests[guest_channel(table, 0)]
    update = json.loads(table.sent[guest_channel(table, 0)][-1])
    for bad in ({**update, "state": {}}, {**update, "seed": 5}, {**update, "ply": -1}, {"type": "hello"}):
        with pytest.raises(BadMessage):
            guest.receive(encode(bad))
    with pytest.raises(BadMessage, match="welcomed to seat 2"):
        guest.receive(encode({"type": "welcome", "seat": 2, "token": "0" * 32}))


# -- moves -----------------------------------------------------------------------------------
def refused(table: Table, channel: int, text: str) -> str:
    before = table.digest()
    answers = table.say(channel, text)
    assert [a["type"] for a in answers] == ["refused"], answers
    assert table.digest() == before, "a refused message changes nothing"
    return answers[0]["code"]


def test_wrong_moves_are_refused_and_change_nothing():
    table = rush_table()
    advance_to(table, 2)
    me, other, watcher = (guest_channel(table, s) for s in (2, 0, None))
    guest = table.guests[me]
    move = guest.moves[0].id
    ply = table.host.match.ply
    assert refused(table, me, encode({"type": "move", "move": move, "ply": ply - 1})) == "stale_ply"
    assert refused(table, me, encode({"type": "move", "move": move, "ply": ply + 1})) == "stale_ply"
    assert refused(table, me, encode({"type": "move", "move": "no such move", "ply": ply})) == "illegal_move"
    # a guest cannot act for another seat: its channel is its seat, and no message names a seat
    assert refused(table, other, encode({"type": "move", "move": move, "ply": ply})) == "not_your_turn"
    assert refused(table, other, encode({"type": "move", "move": move, "ply": ply, "seat": 2})) == "bad_message"
    assert refused(table, watcher, encode({"type": "move", "move": move, "ply": ply})) == "not_seated"
    assert refused(table, 999, encode({"type": "move", "move": move, "ply": ply})) == "not_joined"
    assert table.guests[me].refusals[-1]["code"] == "illegal_move" and table.guests[me].deciding
    # the right move still goes through
    assert table.say(me, guest.move(move))[0]["type"] == "update"
    assert table.host.match.ply == ply + 1


def test_the_host_cannot_play_a_remote_seat_and_nobody_moves_before_the_start():
    table = rush_table()
    advance_to(table, 0)
    with pytest.raises(BadRequest, match="seat 0 is played from another device"):
        table.host.play(table.guests[guest_channel(table, 0)].moves[0].id)
    sent = []
    host = Host(RUSH, {"players": 2}, [REMOTE, "human"], lambda c, t: sent.append(json.loads(t)))
    guest = Guest(host.invite(0))
    host.receive(1, guest.hello())
    host.receive(1, encode({"type": "move", "move": "x", "ply": 0}))
    assert sent[-1]["code"] == "not_started"


def test_only_the_deciding_seat_is_sent_moves_and_a_spectator_sees_the_public_view():
    table = rush_table()
    advance_to(table, 0)
    host = table.host
    for channel, guest in table.guests.items():
        last = json.loads(table.sent[channel][-1])
        assert ("moves" in last) == (guest.seat == 0)
        assert last["view"] == json.loads(json.dumps(RUSH.view(host.match.state, guest.seat)))


# -- reconnecting ------------------------------------------------------------------------------
def test_a_guest_resumes_its_seat_with_its_token_only():
    table = rush_table()
    advance_to(table, 2)
    channel = guest_channel(table, 2)
    old = table.guests.pop(channel)
    table.host.disconnect(channel)
    for wrong in ({"token": "f" * 32}, {"seat": 0}):
        thief = Guest.from_credentials(old.credentials())
        thief.token, thief.seat = wrong.get("token", thief.token), wrong.get("seat", thief.seat)
        c = table.new_channel()
        table.guests[c] = thief
        assert refused(table, c, thief.resume()) == "bad_token"
        del table.guests[c]
    back = Guest.from_credentials(old.credentials())
    new = table.join(back, back.resume())
    assert [json.loads(t)["type"] for t in table.sent[new]] == ["welcome", "start", "update", "presence"]
    assert back.ply == old.ply and back.deciding and [m.id for m in back.moves] == [m.id for m in old.moves]
    assert back.view == old.view and back.events == old.events and back.nonces == old.nonces
    # the old channel is no longer the seat's
    assert refused(table, channel, old.move(old.moves[0].id)) == "not_joined"
    table.play_out()
    assert back.audit().verified


# -- fair dealing and the audit -----------------------------------------------------------------
def test_the_seed_comes_from_the_secret_and_every_nonce():
    secret = "ab" * 32
    a, b = (0, "11" * 16), (2, "22" * 16)
    seed = derive_seed(secret, [a, b])
    assert seed == derive_seed(secret, [b, a]) and 0 <= seed <= MAX_SEED
    assert len({seed, derive_seed(secret, [a, (2, "23" * 16)]), derive_seed("ac" * 32, [a, b])}) == 3
    table = rush_table()
    assert table.host.match.seed == derive_seed(table.host.secret, table.host.nonces)
    assert sorted(s for s, _ in table.host.nonces) == [0, 2]


def finished(host_cls=Host, seed=3) -> Table:
    table = rush_table(seed=seed, host_cls=host_cls)
    table.play_out()
    return table


def test_an_honest_host_is_verified():
    for guest in finished().guests.values():
        result = guest.audit()
        assert result.verified and str(result) == "verified"


class OtherDeckHost(Host):
    """A host that deals from another seed than the committed one."""

    def start(self):
        match = super().start()
        self.match = Match(self.game, self.config, (match.seed + 1) % MAX_SEED, self.seats)
        self._broadcast_all_since_zero()
        return self.match

    def _broadcast_all_since_zero(self):
        for guest in self._guests:
            if guest.channel is not None:
                self._send_update(guest, since=0)


def test_the_audit_catches_a_deal_from_another_seed():
    # the test's scan compares with the host's own (dishonest) match: only the audit can tell
    table = finished(OtherDeckHost)
    result = table.guests[guest_channel(table, 0)].audit()
    assert not result.verified and result.ply == 0 and result.field.startswith("view")


class CardSwapHost(Host):
    """A host that shows seat 0 another order card at ply 10 than the one it holds."""

    def _send_update(self, guest, since):
        send = self.send
        if guest.seat == 0 and self.match.ply == 10:
            def altered(channel, text):
                msg = json.loads(text)
                orders = next(r["orders"] for r in msg["view"]["players"][0]["rows"] if r["orders"])
                orders[0]["id"] = "o99" if orders[0]["id"] != "o99" else "o98"
                send(channel, encode(msg))
            self.send = altered
        try:
            super()._send_update(guest, since)
        finally:
            self.send = send


def test_the_audit_catches_an_altered_view_field(monkeypatch):
    monkeypatch.setattr(Table, "check", lambda self, channel, text: None)  # the lie is the point
    table = finished(CardSwapHost)
    result = table.guests[guest_channel(table, 0)].audit()
    assert not result.verified and result.ply == 10
    assert result.field.startswith("view.players.0.rows.") and result.field.endswith(".orders.0.id"), result
    assert "o99" in result.detail or "o98" in result.detail
    assert table.guests[guest_channel(table, 2)].audit().verified  # the others were told the truth


def test_the_audit_catches_a_wrong_secret_or_move_list():
    table = finished()
    guest = table.guests[guest_channel(table, 0)]
    honest = guest.revealed
    guest.revealed = {**honest, "secret": "00" * 32}
    assert guest.audit().field == "secret"
    moves = list(honest["moves"])
    guest.revealed = {**honest, "moves": moves[:-1]}
    assert not guest.audit().verified
    guest.revealed = {**honest, "moves": moves[:4] + ["no such move"] + moves[5:]}
    result = guest.audit()
    assert (result.ply, result.field) == (4, "moves")
    guest.revealed = honest
    guest.nonces = [[0, "ff" * 16] if s == 0 else [s, n] for s, n in guest.nonces]
    assert guest.audit().field == "nonces"


def test_module_doctests():
    import doctest

    from brewhouse.remote import fairness

    for module in (messages, fairness):
        assert doctest.testmod(module).failed == 0


def test_the_hosts_match_saves_and_replays_with_its_remote_seats():
    table = finished()
    save = table.host.match.to_save()
    assert save["seats"].count(REMOTE) == 2
    assert Match.from_save(save).state == table.host.match.state


# -- the scan itself: it must catch a leak, even one in the game's own view ------------------------
def test_the_scan_catches_a_view_that_shows_a_deck_card(monkeypatch):
    real_view = RUSH.view

    def peeking(state, player):
        view = real_view(state, player)
        view["peek"] = state["deck"][:1]
        return view
    monkeypatch.setattr(RUSH, "view", peeking)
    with pytest.raises(AssertionError, match="was shown hidden cards"):
        rush_table()


def test_the_scan_catches_moves_sent_to_a_seat_that_does_not_decide(monkeypatch):
    import brewhouse.remote.host as host_module
    real = host_module.seat_update

    def chatty(match, seat, since):
        msg = real(match, seat, since)
        msg.setdefault("moves", [m.to_json() for m in match.game.legal_moves(match.state)])
        return msg
    monkeypatch.setattr(host_module, "seat_update", chatty)
    with pytest.raises(AssertionError, match="moves go only to the seat that decides"):
        rush_table()


def test_a_guest_that_never_loaded_the_bots_audits_a_table_with_bot_seats(monkeypatch):
    import brewhouse.core.seats as seats_module
    table = rush_table(seats=(REMOTE, "random", REMOTE))
    table.play_out()
    monkeypatch.setattr(seats_module, "_KINDS", {"human": "", REMOTE: ""})
    assert all(g.audit().verified for g in table.guests.values())
