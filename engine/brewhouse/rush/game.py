"""``RushGame``: Coffee Rush for 2-4 players on the Brewhouse engine protocol.

>>> game = RushGame()
>>> state = game.setup(game.normalize_config({"players": 3}), seed=1)
>>> game.phase(state), game.active_player(state)   # the player right of seat 0 places first
('place_meeple', 2)
>>> t = game.apply(state, game.legal_moves(state)[0].id)
>>> t.events[0].code
'rush.meeple_placed'
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from ..core.errors import GameOver, IllegalMove, InvalidConfig
from ..core.game import Game, Move, Outcome, State, Transition
from .data import RushData, load_data, parse_data
from .scoring import make_outcome
from .state import copy_state, new_state
from .turn import find_move, legal_moves, play
from .views import make_view

__all__ = ["RushGame", "OPENINGS"]

#: "standard" set-up, or the optional Ristretto/Espresso opening
OPENINGS = ("standard", "ristretto_espresso")


class RushGame(Game):
    """Coffee Rush: move your barista, fill cups, send orders, rush your neighbours."""

    id = "rush"
    title = "Coffee Rush"
    min_players = 2
    max_players = 4

    edition_package = "brewhouse.rush"

    def __init__(self, data: Optional[RushData] = None) -> None:
        self.data = data or load_data()

    @classmethod
    def with_data(cls, read: Callable[[str], Any]) -> "RushGame":
        return cls(parse_data(read("data.json")))

    def cards_in_play(self, config: Mapping[str, Any], seed: int = 0) -> list[dict[str, Any]]:
        """Every order card, one row each (name, ingredients, specialty, opening card)."""
        return [{"id": o["id"], "name": o["name"], "kind": "order", "ingredients": list(o["ingredients"]),
                 "specialty": bool(o.get("specialty")), "opening": bool(o.get("opening"))}
                for o in self.data.raw["orders"]]

    # -- configuration --------------------------------------------------------
    def default_config(self) -> dict[str, Any]:
        return {"players": 2, "opening": "standard"}

    def check_config(self, config: dict[str, Any]) -> None:
        if config["opening"] not in OPENINGS:
            raise InvalidConfig(f"opening must be one of: {', '.join(OPENINGS)}",
                                opening=str(config["opening"])[:40])

    # -- the rules --------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        return new_state(self.data, config, seed)

    def active_player(self, state: State) -> Optional[int]:
        return None if state["phase"] == "over" else state["current"]

    def legal_moves(self, state: State) -> list[Move]:
        return legal_moves(state, self.data)

    def play(self, state: State, move: Move) -> Transition:
        return play(state, self.data, move)

    def find_move(self, state: State, move_id: Any) -> Move:
        """As :meth:`Game.find_move`, generating only the moves that share the id's prefix."""
        if self.is_over(state):
            raise GameOver("the game is over: no more moves")
        if not isinstance(move_id, str):
            raise IllegalMove("a move id must be a string", move=repr(move_id)[:80])
        move = find_move(state, self.data, move_id)
        if move is None:
            raise IllegalMove(f"'{move_id[:80]}' is not a legal move now", move=move_id[:80],
                              phase=self.phase(state))
        return move

    def copy_state(self, state: State) -> State:
        """A copy written for the Rush state's shape (faster than the generic one)."""
        return copy_state(state)

    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:
        return make_view(state, self.data, player)

    def length(self, state: State) -> dict[str, float]:
        return {"turns": state["turns_played"]}

    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        return make_outcome(state, self.data)

    def determinizer(self, view: Mapping[str, Any], player: int) -> Any:
        """Samples full states consistent with ``player``'s view (search bots)."""
        from .determinize import RushDeterminizer
        return RushDeterminizer(self.data, view, player)

    def phase(self, state: State) -> str:
        return state["phase"]
