"""Seize the Bean (base game, 2-4 players) as a :class:`~brewhouse.core.Game`.

>>> g = SeizeGame()
>>> s = g.setup(g.normalize_config({"players": 2}), seed=1)
>>> g.phase(s), g.active_player(s)
('actions', 0)
>>> sorted(m.id for m in g.legal_moves(s))[:2]
['space:attract', 'space:beans']
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..core import Game, InvalidConfig, Move, Outcome, State, Transition
from .data import load_db
from .model import Ctx
from .phases import current_moves, run, top_frame
from .scoring import final_scores, rank
from .setup import initial_state
from .view import build_view

__all__ = ["SeizeGame"]


class SeizeGame(Game):
    id = "seize"
    title = "Seize the Bean"
    min_players = 2
    max_players = 4

    def __init__(self) -> None:
        self.db = load_db()

    def default_config(self) -> dict[str, Any]:
        return {"players": 2, "scoop_luck": False}

    def check_config(self, config: dict[str, Any]) -> None:
        if type(config["scoop_luck"]) is not bool:
            raise InvalidConfig("scoop_luck must be true or false")

    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        state = initial_state(config, seed, self.db)
        cx = Ctx(self.db)
        run(state, cx)
        return state

    def active_player(self, state: State) -> Optional[int]:
        if state["phase"] == "over":
            return None
        fr = top_frame(state)
        return None if fr is None else fr["p"]

    def legal_moves(self, state: State) -> list[Move]:
        return current_moves(state, Ctx(self.db))

    def play(self, state: State, move: Move) -> Transition:
        from .effects import DECIDE
        cx = Ctx(self.db)
        fr = state["stack"][-1]
        DECIDE[fr["t"]].choose(state, cx, fr, move)
        run(state, cx)
        return Transition(state, cx.events, cx.reveals)

    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:
        return build_view(state, player, self.db)

    def phase(self, state: State) -> str:
        ph = state["phase"]
        return ph

    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        bd = final_scores(state, self.db)
        winner = rank(state, bd)
        return Outcome(tuple(float(b["total"]) for b in bd), (winner,), tuple(bd))
