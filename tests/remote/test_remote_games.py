"""Whole seeded games of the three games played with remote guests over in-memory channels.

Each game seats 1-3 remote guests (a random or easy bot deciding from its
guest's messages only) beside host-side hot-seat humans and bots, and one
spectator.  Every message the host sends is scanned as it is sent
(:meth:`remote_helpers.Table.check`); along the way guests send stale,
illegal, other-seat and malformed moves, which are refused with the state
unchanged; one guest loses its connection and resumes with its token; at
the end every guest's audit says "verified".

The soak adds a 5-player Seize table, 4-player Café and ``BREWHOUSE_REMOTE_SOAK_GAMES`` (default 2, which keeps the whole suite within its time)
more seeded Seize setups.
"""
from __future__ import annotations

import os
import random

import pytest

from brewhouse.core.registry import REGISTRY
from brewhouse.remote import REMOTE, Guest

from remote_helpers import Table
from seize.test_district_soak import setup_for

SOAK_GAMES = int(os.environ.get("BREWHOUSE_REMOTE_SOAK_GAMES", "2"))  # BREWHOUSE_REMOTE_GAMES names the browser tests' games


def seize_configs(count: int, start: int = 0) -> list[dict]:
    """Seeded expansion setups of 2-5 players covering founders, Adopted Friends & Family, packs, variants."""
    out = []
    seed = start
    while len(out) < count:
        cfg = setup_for(seed)
        seed += 1
        if cfg["players"] <= 5:
            out.append(cfg)
    return out


_CANDIDATES = seize_configs(40)
#: two tables with every expansion kind among them (drafts of founders and Adopted Friends & Family,
#: districts, packs, variants); a 5-player table and more random ones are played by the soak
FAST_SEIZE = [next(c for c in _CANDIDATES if c["friends"] == "adopted" and c["founders"] != "off"),
              next(c for c in _CANDIDATES if c["packs"] and c["variants"] and c["players"] >= 4)]
FIVE_SEATS = next(c for c in _CANDIDATES if c["players"] == 5)


def seats_for(n: int, rnd: random.Random) -> tuple[list[str], dict[int, str]]:
    """1-3 remote seats, the rest hot-seat humans or bots on the host; each guest a random or easy bot."""
    remote = rnd.sample(range(n), rnd.randint(1, min(3, n)))
    seats = [REMOTE if i in remote else rnd.choice(["human", "random", "easy"]) for i in range(n)]
    levels = {s: rnd.choice(["random", "random", "easy"]) for s in remote}
    return seats, levels


def misbehave(table: Table) -> None:
    """Every 17th ply: a guest tries each wrong move; each is refused and nothing changes."""
    match = table.host.match
    if match.ply % 17 != 5:
        return
    before = table.digest()
    active = match.active_player
    for channel in list(table.remote_channels()):
        guest = table.guests[channel]
        wrong = [('{"type": "move", "move": "x", "ply": %d}' % (match.ply - 1), "stale_ply" if match.ply else None),
                 ('{"type": "move", "move": "no-such-move", "ply": %d}' % match.ply,
                  "illegal_move" if guest.seat == active else "not_your_turn"),
                 ('{"type": "move", "move": "x", "ply": %d, "seat": %d}' % (match.ply, active), "bad_message"),
                 ("{" * 3000, "bad_message"), ("[" * 50 + "]" * 50, "bad_message"), ('{"type": "move"}', "bad_message"),
                 ('{"type": "move", "move": "x", "ply": true}', "bad_message")]
        if guest.seat != active:  # the move the active seat could play, sent by another seat
            real = table.game.legal_moves(match.state)[0].id
            wrong.append((guest.move(real), "not_your_turn"))
        for text, code in wrong:
            if code is None:
                continue
            answers = table.say(channel, text)
            assert [a["type"] for a in answers] == ["refused"] and answers[0]["code"] == code, (text[:80], answers)
            assert table.digest() == before
        assert guest.refusals  # the guest read them as refusals, and its game goes on
    spectator = next(c for c, g in table.guests.items() if g.seat is None)
    assert table.say(spectator, table.guests[spectator].move("x"))[0]["code"] == "not_seated"
    assert table.digest() == before


def reconnect_once(at_ply: int):
    """A guest loses its channel at ``at_ply`` and comes back: same ply, full resync."""
    state = {"done": False}

    def each_ply(table: Table) -> None:
        match = table.host.match
        if state["done"] or match.ply < at_ply:
            return
        state["done"] = True
        channel = next(table.remote_channels())
        old = table.guests[channel]
        table.host.disconnect(channel)
        del table.guests[channel]
        # a wrong token is refused; the right one resumes the seat on a new channel
        thief = Guest.from_credentials({**old.credentials(), "token": "0" * 32})
        stranger = table.new_channel()
        table.guests[stranger] = thief
        assert [a["code"] for a in table.say(stranger, thief.resume())] == ["bad_token"]
        del table.guests[stranger]
        back = Guest.from_credentials(old.credentials())
        channel = table.join(back, back.resume())
        assert back.token == old.token and back.ply == match.ply and back.active == match.active_player
        assert back.updates[-1]["since"] == 0
        assert back.events == [e for e in old.events if e["ply"] <= match.ply]  # the whole log, as first seen
        assert back.deciding == (match.active_player == back.seat)
    return each_ply


def play(game_id: str, config: dict, seed: int) -> Table:
    rnd = random.Random(seed)
    game = REGISTRY.get(game_id)
    n = game.normalize_config(config)["players"]
    seats, levels = seats_for(n, rnd)
    table = Table(game, config, seats, levels, seed=seed)
    table.start()
    reconnect = reconnect_once(rnd.randint(3, 40))

    def each_ply(t: Table) -> None:
        misbehave(t)
        reconnect(t)
    table.play_out(each_ply)
    assert table.checked > table.host.match.ply  # every update was scanned
    for channel, guest in table.guests.items():
        assert guest.revealed is not None
        result = guest.audit()
        assert result.verified, (guest.seat, str(result))
        assert guest.outcome == table.host.match.game.outcome(table.host.match.state).to_json()
    return table


@pytest.mark.parametrize("index", range(len(FAST_SEIZE)))
def test_seize_with_remote_guests(index):
    play("seize", FAST_SEIZE[index], seed=index)


def test_cafe_with_remote_guests():
    play("cafe", {"players": 3}, seed=13)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rush_with_remote_guests(players):
    play("rush", {"players": players}, seed=20 + players)


@pytest.mark.soak
def test_remote_soak():
    play("seize", FIVE_SEATS, seed=5)
    play("cafe", {"players": 4}, seed=14)
    for i, config in enumerate(seize_configs(SOAK_GAMES, start=1000)):
        play("seize", config, seed=1000 + i)
