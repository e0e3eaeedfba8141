"""How many decisions a player must click through per turn, one seeded game of each.

Plays one game of each game through the engine's API (the player in seat 0,
choosing at random from a seeded generator, as do the other seats, so a run is
reproducible and two engines can be compared on the same games) and
counts, for the player, every decision the API offered and the ones left to a
click (the API names a decision's only option as ``auto_move``, and the table
plays it by itself). A turn is a run of the player's decisions with no other
seat's move between them (Starbots moves inside the engine: its events tell).

    .venv/bin/python measurements/clicks_per_turn.py [--seed 3]

Run it with ``PYTHONPATH`` at another checkout's ``engine/`` to measure that
build's engine the same way (an engine whose API names fewer forced moves
leaves more clicks).
"""
from __future__ import annotations

import argparse
import statistics

from brewhouse.api import Api

GAMES = {
    "Seize the Bean, 3 players": ("seize", {"players": 3}, ["human", "random", "random"]),
    "Seize the Bean solo (Starbots 1)": ("seize", {"players": 1}, None),
    "Café, 2 players": ("cafe", {"players": 2}, ["human", "random"]),
    "Coffee Rush, 2 players": ("rush", {"players": 2}, ["human", "random"]),
}
MAX_PLIES = 5000


def ok(response: dict):
    if not response["ok"]:
        raise RuntimeError(response)
    return response["result"]


def play(game: str, config: dict, seats: list | None, seed: int) -> tuple[list[int], list[int]]:
    """Per player turn: (decisions offered, decisions left to a click)."""
    api = Api()
    new = ok(api.call("new_game", {"game": game, "config": config, "seed": seed, "seats": seats}))
    match, seats = new["match"], new["seats"]
    offered: list[int] = []
    clicks: list[int] = []
    new_turn = True  # set whenever another seat moves (Starbots moves inside the engine: its events tell)
    for _ in range(MAX_PLIES):
        status = ok(api.call("status", {"match": match}))
        if status["over"]:
            return offered, clicks
        player = status["active_player"]
        person = seats[player] == "human"
        if person and new_turn:
            offered.append(0)
            clicks.append(0)
            new_turn = False
        if not person:
            move = ok(api.call("bot_move", {"match": match, "level": "random", "seed": status["ply"]}))["move"]
            ok(api.call("apply_move", {"match": match, "move": move}))
            new_turn = True
            continue
        view = ok(api.call("view", {"match": match, "player": player}))
        offered[-1] += 1
        move = view.get("auto_move")
        if move is None:
            clicks[-1] += 1
            move = ok(api.call("bot_move", {"match": match, "level": "random", "seed": status["ply"]}))["move"]
        events = ok(api.call("apply_move", {"match": match, "move": move, "player": player}))["events"]
        new_turn = any(e.get("player") not in (None, player) for e in events)
    raise RuntimeError(f"{game} seed {seed} did not end in {MAX_PLIES} moves")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    print(f"seed {args.seed}; every seat chooses at random (seeded)")
    print("| game | turns | decisions per turn (mean) | clicks per turn (mean) | clicks, whole game |")
    print("|---|---|---|---|---|")
    for name, (game, config, seats) in GAMES.items():
        offered, clicks = play(game, config, seats, args.seed)
        print(f"| {name} | {len(offered)} | {statistics.mean(offered):.2f} | {statistics.mean(clicks):.2f} | {sum(clicks)} |")


if __name__ == "__main__":
    main()
