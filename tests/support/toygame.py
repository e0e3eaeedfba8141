"""A tiny card game used only by the tests to exercise the engine protocol.

It is never registered in the product's registry.  It has the features the
protocol must handle: hidden hands, a hidden shuffled deck, draws that reveal
information (undo barriers), events private to one player, and scores.

Rules: a shuffled deck of cards 1..12; each player holds 2 hidden cards.  On
your turn play a card from your hand (its value is scored) or, if the deck is
not empty, draw its top card.  The game ends when every hand and the deck are
empty; highest score wins, ties share.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from brewhouse.core import Event, Game, Move, Outcome, Rng, State, Transition


class ToyGame(Game):
    id = "toy"
    title = "Toy duel"
    min_players = 2
    max_players = 3

    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        rng = Rng.from_seed(seed)
        deck = list(range(1, 13))
        rng.shuffle(deck)
        n = config["players"]
        hands = [[deck.pop(), deck.pop()] for _ in range(n)]
        return {"config": dict(config), "rng": rng.dump(), "deck": deck, "hands": hands,
                "scores": [0] * n, "turn": 0, "phase": "play"}

    def active_player(self, state: State) -> Optional[int]:
        if not state["deck"] and not any(state["hands"]):
            return None
        return state["turn"]

    def legal_moves(self, state: State) -> list[Move]:
        p = self.active_player(state)
        if p is None:
            return []
        moves = [Move(f"play:{c}", {"kind": "play", "card": c}) for c in sorted(set(state["hands"][p]))]
        if state["deck"]:
            moves.append(Move("draw", {"kind": "draw"}))
        return moves

    def play(self, state: State, move: Move) -> Transition:
        p = state["turn"]
        events: list[Event] = []
        reveals = False
        if move.payload["kind"] == "play":
            state["hands"][p].remove(move.payload["card"])
            state["scores"][p] += move.payload["card"]
            events.append(Event("toy.played", {"card": move.payload["card"]}, player=p))
        else:
            card = state["deck"].pop()
            state["hands"][p].append(card)
            events.append(Event("toy.drew", {"card": card}, player=p, private_to=(p,)))
            reveals = True
        n = state["config"]["players"]
        for step in range(1, n + 1):  # skip players with nothing to do
            q = (p + step) % n
            if state["hands"][q] or state["deck"]:
                state["turn"] = q
                break
        return Transition(state, events, reveals)

    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:
        return {
            "deck_count": len(state["deck"]),
            "hand_counts": [len(h) for h in state["hands"]],
            "hand": sorted(state["hands"][player]) if player is not None else None,
            "scores": list(state["scores"]),
        }

    def outcome(self, state: State) -> Optional[Outcome]:
        if self.active_player(state) is not None:
            return None
        best = max(state["scores"])
        winners = tuple(i for i, s in enumerate(state["scores"]) if s == best)
        return Outcome(tuple(state["scores"]), winners,
                       tuple({"played": s} for s in state["scores"]))


def play_reference_game(api: Any, game: str = "toy", players: int = 3, seed: int = 77) -> dict[str, Any]:
    """A seeded game through the JSON API, random bots choosing; returns its save.

    Run in CPython and in Pyodide, it must give the same save, move for move.
    """
    match = api.call("new_game", {"game": game, "seed": seed, "config": {"players": players}})["result"]["match"]
    while not api.call("status", {"match": match})["result"]["over"]:
        choice = api.call("bot_move", {"match": match, "level": "random", "seed": 5})["result"]["move"]
        api.call("apply_move", {"match": match, "move": choice})
    return api.call("save", {"match": match})["result"]
