"""Measure remote play's message sizes: ``python tests/remote/message_sizes.py`` (numbers in PROTOCOL.md).

One seeded game per game, every seat remote (each guest a random bot
deciding from its messages) plus a spectator: the bytes of JSON of every
``update`` the host sends (median and max), of the whole game per guest,
and of the largest message a guest sends.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from brewhouse.core.registry import REGISTRY  # noqa: E402
from brewhouse.remote import REMOTE, Guest, Host  # noqa: E402

TABLES = [("seize", {"players": 3, "district": "kreuzberg", "friends": "adopted", "founders": "base",
                     "variants": ["pastries"]}),
          ("seize", {"players": 5, "district": "random", "friends": "extra", "founders": "all",
                     "packs": ["board_game_media", "quality_beasts"]}),
          ("cafe", {"players": 3}), ("rush", {"players": 3})]


def measure(game_id: str, config: dict, seed: int = 1) -> dict:
    game = REGISTRY.get(game_id)
    n = game.normalize_config(config)["players"]
    rnd = random.Random(seed)
    sizes: dict[str, list[int]] = defaultdict(list)
    per_guest: dict[int, int] = defaultdict(int)
    inbox: dict[int, list[str]] = defaultdict(list)

    def send(channel: int, text: str) -> None:
        sizes[json.loads(text)["type"]].append(len(text))
        per_guest[channel] += len(text)
        inbox[channel].append(text)

    host = Host(game, config, [REMOTE] * n, send, secret="%064x" % seed)
    guests = {}
    for channel, seat in enumerate(list(range(n)) + [None]):
        guests[channel] = Guest(host.invite(seat), nonce="%032x" % channel)
        hello = guests[channel].hello()
        sizes["hello (guest)"].append(len(hello))
        host.receive(channel, hello)
    host.start()
    while True:
        for channel, texts in inbox.items():
            for text in texts:
                guests[channel].receive(text)
            texts.clear()
        active = host.match.active_player
        if active is None:
            break
        guest = guests[active]
        move = guest.move(rnd.choice(guest.moves).id)
        sizes["move (guest)"].append(len(move))
        host.receive(active, move)
    assert all(g.audit().verified for g in guests.values())
    return {"plies": host.match.ply, "update_median": int(statistics.median(sizes["update"])),
            "update_max": max(sizes["update"]), "game_per_guest_kb": round(max(per_guest.values()) / 1024),
            "reveal": max(sizes["reveal"]), "hello": max(sizes["hello (guest)"]), "move": max(sizes["move (guest)"])}


if __name__ == "__main__":
    for game_id, config in TABLES:
        print(game_id, config["players"], "players:", measure(game_id, config))
