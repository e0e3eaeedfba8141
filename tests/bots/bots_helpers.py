"""Shared helpers for the bot tests: policy-driven games and a toy game with hidden hands."""
from __future__ import annotations

import copy
from typing import Any, Iterator, Mapping, Optional

from brewhouse.bots.levels import heuristics_for
from brewhouse.core import Game, Rng, State
from support.toygame import ToyGame

CARDS = range(1, 13)


def walk(game: Game, config: Mapping[str, Any], seed: int, every: int = 7) -> Iterator[State]:
    """States along one game (policy moves mixed with random ones), every ``every`` plies."""
    state = game.setup(game.normalize_config(dict(config)), seed)
    rng = Rng.from_seed(seed + 99)
    heur = heuristics_for(game)
    ply = 0
    while game.active_player(state) is not None:
        if ply % every == 0:
            yield copy.deepcopy(state)
        moves = game.legal_moves(state)
        move = heur.policy(game, state, moves, rng) if rng.random() < 0.8 else rng.choice(moves)
        state = game.play(state, move).state
        ply += 1
    yield state


class HiddenToy(ToyGame):
    """The toy duel with a view that says who looks and what was played, and a determinizer."""

    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:
        out = super().view(state, player)
        held = [c for h in state["hands"] for c in h]
        out.update(viewer=player, turn=state["turn"], players=len(state["hands"]),
                   played=sorted(set(CARDS) - set(state["deck"]) - set(held)))
        return out

    def determinizer(self, view: Mapping[str, Any], player: int) -> "ToySampler":
        return ToySampler(view, player)


class ToySampler:
    def __init__(self, view: Mapping[str, Any], player: int) -> None:
        self.view, self.player = view, player
        self.unseen = sorted(set(CARDS) - set(view["hand"]) - set(view["played"]))

    def sample(self, rng: Rng) -> State:
        v = self.view
        cards = self.unseen[:]
        rng.shuffle(cards)
        hands = []
        for p, count in enumerate(v["hand_counts"]):
            hands.append(list(v["hand"]) if p == self.player else [cards.pop() for _ in range(count)])
        return {"config": {"players": v["players"]}, "rng": Rng(rng.next_u64()).dump(), "deck": cards,
                "hands": hands, "scores": list(v["scores"]), "turn": v["turn"], "phase": "play"}
