"""Seize the Bean (with its expansions, 2-6 players; 1 = solo against Starbots) as a :class:`~brewhouse.core.Game`.

>>> g = SeizeGame()
>>> s = g.setup(g.normalize_config({"players": 2}), seed=1)
>>> g.phase(s), g.active_player(s)
('actions', 0)
>>> sorted(m.id for m in g.legal_moves(s))[:2]
['space:attract', 'space:beans']
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

from ..core import BadRequest, Game, InvalidConfig, Move, Outcome, State, Transition
from .compat import check_table_config, check_variants_value, compatibility
from .data import CardDB, load_db, load_merged
from .drafts import begin_drafts
from .model import Ctx
from .phases import current_moves, run, top_frame
from .scoring import final_scores, rank
from .setup import initial_state
from .state_copy import copy_seize_state
from .variants import setup_variants
from .view import build_view
from . import scenarios, solo

__all__ = ["SeizeGame"]


class SeizeGame(Game):
    id = "seize"
    title = "Seize the Bean"
    min_players = 1  # 1 = solo against the Starbots automa (solo.py)
    max_players = 6  # 5-6 from edition 3 (the expansions booklet's districts); earlier editions: 4

    edition_package = "brewhouse.seize"

    def __init__(self, db: Optional[CardDB] = None) -> None:
        self.db = db or load_db()

    @classmethod
    def with_data(cls, read: Callable[[str], Any]) -> "SeizeGame":
        return cls(CardDB(load_merged(read), read("solo.json")))

    def ctx(self) -> Ctx:
        """A fresh play context over this edition's data and rules."""
        return Ctx(self.db, self.rules)

    @property
    def has_districts(self) -> bool:
        """Whether this edition plays the expansions' districts, groups, levels and 5-6 players."""
        return "districts" in self.rules

    def default_config(self) -> dict[str, Any]:
        if not self.has_districts:  # older editions: the base game's options only (their saves' configs)
            return {"players": 2, "scoop_luck": False}
        return {"players": 2, "scoop_luck": False, "district": "kreuzberg", "groups": None,
                "difficulty": None, "opening": "standard", "friends": "base", "packs": [], "founders": "off",
                "variants": [], "pack_replaces": [], "cups": None}  # cups: all four Daily Specials

    def check_config(self, config: dict[str, Any]) -> None:
        if type(config["scoop_luck"]) is not bool:
            raise InvalidConfig("scoop_luck must be true or false")
        if not self.has_districts:
            if config["players"] > 4:
                raise InvalidConfig("this rules edition of Seize the Bean is played by 1-4 players",
                                    players=config["players"])
            return
        check_table_config(config, self.db)

    def cards_in_play(self, config: Mapping[str, Any], seed: int = 0) -> list[dict[str, Any]]:
        """Every card a (normalised) config plays with, one row each (see :mod:`.catalogue`)."""
        from .catalogue import cards_in_play
        return cards_in_play(config, seed, self.db)

    def compatibility(self) -> dict[str, Any]:
        """Districts, groups, levels and what goes with what (for a setup screen)."""
        return compatibility(self.db)

    def normalize_config(self, config: Optional[Mapping[str, Any]]) -> dict[str, Any]:
        if self.has_districts and isinstance(config, Mapping) and "variants" in config:
            check_variants_value(config["variants"])  # its shape first: a scenario compares it below
        base, solo_opts = solo.split_config(config)  # solo options exist only when players = 1
        if solo_opts.get("scenario") is not None and base.get("players") == 1 and self.has_districts:
            base = scenarios.fixed_options(base, solo_opts["scenario"], self.db)  # the scenario's set-up
        out = super().normalize_config(base)
        solo.check_solo_config(out, solo_opts, self.db)
        if self.has_districts:
            scenarios.check_district(out, self.db)
        return out

    def accepts_seat(self, kind: str) -> bool:
        return solo.accepts_seat(kind)

    def seat_count(self, config: Mapping[str, Any]) -> int:
        # solo: the human's seat and Starbots' seat ("starbots-<level>")
        return 2 if config["players"] == 1 else int(config["players"])

    def default_seats(self, config: Mapping[str, Any]) -> list[str]:
        if config["players"] == 1:
            return ["human", f"starbots-{config['starbots_level']}"]
        return super().default_seats(config)

    def check_seats(self, config: Mapping[str, Any], seats: list[str]) -> None:
        automa = [i for i, s in enumerate(seats) if solo.accepts_seat(s)]
        if config["players"] == 1:
            expected = f"starbots-{config['starbots_level']}"
            if automa != [1] or seats[1] != expected:
                raise BadRequest(f"a solo table seats you then Starbots: seat 2 must be '{expected}'")
        elif automa:
            raise BadRequest("Starbots only plays solo games (1 player)")

    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        if config["players"] == 1:
            state = solo.solo_state(config, seed, self.db)
        else:
            state = initial_state(config, seed, self.db)
        setup_variants(state, self.db)  # Diverse City's cookies and markers (variants.py)
        begin_drafts(state, self.db)  # founders / adopted Friends & Family drafts before day 1
        cx = self.ctx()
        run(state, cx)
        return state

    def active_player(self, state: State) -> Optional[int]:
        if state["phase"] == "over":
            return None
        fr = top_frame(state)
        return None if fr is None else fr["p"]

    def legal_moves(self, state: State) -> list[Move]:
        return current_moves(state, self.ctx())

    def play(self, state: State, move: Move) -> Transition:
        from .effects import DECIDE
        cx = self.ctx()
        fr = state["stack"][-1]
        DECIDE[fr["t"]].choose(state, cx, fr, move)
        run(state, cx)
        return Transition(state, cx.events, cx.reveals)

    def length(self, state: State) -> dict[str, float]:
        return {"days": state["day"]}

    def copy_state(self, state: State) -> State:
        """A copy written for the Seize state's shape (several times faster than the generic one)."""
        return copy_seize_state(state)

    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:
        out = build_view(state, player, self.db)
        if solo.is_solo(state):
            solo.solo_view(state, out, self.db)
        return out

    def determinizer(self, view: Mapping[str, Any], player: int) -> Any:
        """Samples full states consistent with ``player``'s view (search bots)."""
        from .determinize import SeizeDeterminizer
        return SeizeDeterminizer(self.db, view, player)

    def phase(self, state: State) -> str:
        ph = state["phase"]
        return ph

    def outcome(self, state: State) -> Optional[Outcome]:
        if state["phase"] != "over":
            return None
        bd = final_scores(state, self.db, self.rules)
        winner = rank(state, bd)
        if solo.is_solo(state):
            if state.get("scenario"):  # the scenario's victory conditions decide (scenarios.py)
                verdict = scenarios.result(state, bd, winner, self.db)
                bd[solo.HUMAN]["scenario"] = verdict
                winner = solo.HUMAN if verdict["won"] else solo.AUTOMA
            solo.mark_outcome(bd)  # scores: (human, Starbots)
        return Outcome(tuple(float(b["total"]) for b in bd), (winner,), tuple(bd))
