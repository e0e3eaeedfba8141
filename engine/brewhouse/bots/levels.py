"""The search bot levels: ``easy``, ``normal`` and ``hard``.

Every level is the same honest ISMCTS player (:mod:`.ismcts`): it sees only
its view and the legal moves, samples the hidden rest through the game's
determinizer and searches.  Levels differ only in

* **budget** — thinking time per decision: 0.08 / 0.3 / 0.9 s in CPython,
  three times that under Pyodide (which runs 2-3x slower), so a level plays
  about as many iterations everywhere and stays within the browser budgets
  easy ≤ 0.3 s, normal ≤ 1 s, hard ≤ 3 s; or a fixed number of iterations
  (about what the time budget buys in CPython) for reproducible runs;
* **noise in the final choice** — easy and normal sometimes "slip" and
  play another move the search rated nearly as well (at least 40% of the
  best move's visits); hard always plays the most visited one.

Never by peeking, never by rigged chance.  A game may *plan* decisions
that are a puzzle of the player's own instead of searching them
(:meth:`~.ismcts.Heuristics.solve`, e.g. Café's action phase); the planner
gets the level's share of the hard budget (:meth:`ISMCTSBot.effort`).

A bot that plays a whole solo game (``keep_tree=True``, set by
:func:`~brewhouse.play.play_game` for one-seat games) keeps its search tree
from one decision to the next: every move of the game is its own, so the
subtree under the move it played is a search of the position it faces next
(Café: most of a draft's iterations already went down the card it takes,
and now count for that card's placement).  A game may then split a round's
budget unevenly (:meth:`~.ismcts.Heuristics.budget_share`): Café gives the
draft 5/3 of a decision's budget and the placement that goes on from it 1/3,
so a round costs the same time.  The API does the same for a solo game's
hints and bot seats (:meth:`ISMCTSBot.follow`: the tree follows whatever was
played in between), and in the browser no share takes a decision past the
level's limit (3 s for hard).

Game knowledge (rollout policy, evaluation) comes from the game package's
``heuristics`` module (``brewhouse.<game>.heuristics.HEURISTICS``), or from
the evaluation its ``evaluation`` module names as ``DEFAULT`` (Café: the
learned one); a game without either gets the generic
:class:`~.ismcts.Heuristics`.

>>> LEVEL_SPECS["hard"].slip
0.0
"""
from __future__ import annotations

import gc
import importlib
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator, Mapping, Optional, Sequence

from ..core.errors import BadRequest
from ..core.game import Game, Move
from .base import Bot
from .ismcts import Heuristics, Node, SearchConfig, SearchResult, search

__all__ = ["LevelSpec", "LEVEL_SPECS", "ISMCTSBot", "heuristics_for"]


@dataclass(frozen=True)
class LevelSpec:
    name: str
    #: wall-clock budget per decision in CPython (seconds)
    seconds: float
    #: iterations per decision in fixed-iteration mode (reproducible runs, tests)
    iterations: int
    #: final-choice noise: how often the bot plays another well-searched move than the most visited
    slip: float
    #: ... among moves with at least this share of the best move's visits
    slip_floor: float = 0.4
    #: the longest a decision may think in the browser (seconds), whatever its share of a round
    browser_limit: float = 3.0


#: Pyodide runs the engine ~2-3x slower than CPython: there the wall-clock budgets are
#: tripled so a level keeps its strength (about the same iterations) and stays within the
#: browser budgets (0.24 / 0.9 / 2.7 s against 0.3 / 1 / 3 s)
PLATFORM_SLOWDOWN = 3.0 if sys.platform == "emscripten" else 1.0

LEVEL_SPECS: dict[str, LevelSpec] = {
    # normal and easy sometimes play a move the search rated lower (never an unexamined
    # one): in games as chancy as these, budget alone separates the levels too little
    "easy": LevelSpec("easy", seconds=0.08, iterations=40, slip=0.4, slip_floor=0.1, browser_limit=0.3),
    "normal": LevelSpec("normal", seconds=0.30, iterations=150, slip=0.25, slip_floor=0.2, browser_limit=1.0),
    "hard": LevelSpec("hard", seconds=0.90, iterations=450, slip=0.0, browser_limit=3.0),
}

_HEURISTICS: dict[tuple[type, Optional[str]], Heuristics] = {}


def _game_module(package: str, name: str) -> Any:
    """``<package>.<name>`` if the game has that module, else None."""
    full = f"{package}.{name}" if package else name
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as err:
        if err.name != full:
            raise
        return None


def heuristics_for(game: Game, evaluation: Optional[str] = None) -> Heuristics:
    """The search knowledge a bot uses for ``game``.

    ``evaluation`` names an evaluation the game offers
    (``<package>.evaluation.EVALUATIONS``: name -> a function making its
    heuristics, e.g. Café's ``"rule"`` and ``"learned"``).  ``None`` is the
    game's default: ``<package>.evaluation.DEFAULT`` when the game names
    one, else ``<package>.heuristics.HEURISTICS``, else the generic
    :class:`~.ismcts.Heuristics`.
    """
    cls = type(game)
    got = _HEURISTICS.get((cls, evaluation))
    if got is None:
        package = cls.__module__.rpartition(".")[0]
        offering = _game_module(package, "evaluation")
        offered = getattr(offering, "EVALUATIONS", None) or {}
        name = evaluation if evaluation is not None else getattr(offering, "DEFAULT", None)
        if name is None:
            got = getattr(_game_module(package, "heuristics"), "HEURISTICS", None) or Heuristics()
        elif name not in offered:
            known = ", ".join(offered) or "none"
            raise BadRequest(f"{cls.__name__} has no evaluation '{str(name)[:40]}' (known: {known})")
        else:
            # the default and the same evaluation asked for by name are one object
            got = _HEURISTICS.get((cls, name)) or offered[name]()
            _HEURISTICS[(cls, name)] = got
        _HEURISTICS[(cls, evaluation)] = got
    return got


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a bot thinks.

    A search allocates and frees containers by the hundred thousand (states,
    moves, tree nodes), all freed by reference counting: it makes no
    reference cycles, yet the collector would walk every live object (the
    layouts and moves the games keep) over and over, a quarter of a Café
    search's time.  It runs again as soon as the decision is made, with the
    search's survivors counted as old objects.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        # What the search leaves alive (its tree, memoised layouts) joins the oldest
        # generation: re-enabled as it was, the collector's next young collection
        # would walk all of it at once, as long as a sixth of the search itself.
        # Freezing and unfreezing only moves lists; the oldest generation is
        # still collected as usual.
        gc.freeze()
        gc.unfreeze()
        gc.enable()


class ISMCTSBot(Bot):
    """An ISMCTS player at one level.

    Options (see :meth:`configure`): ``fixed=True`` searches exactly the
    level's iteration count (reproducible, time-independent); ``iterations=N``
    searches exactly N; ``scale=x`` multiplies the level's budget (time or
    iterations) — used by reduced arenas on a busy machine; ``keep_tree=True``
    continues each search from the previous one's subtree, for a bot that
    is handed every decision of one solo game in order; ``evaluation=name``
    judges positions with another evaluation the game offers
    (:func:`heuristics_for`; Café: ``"rule"`` or ``"learned"``), the game's
    default when none is named.
    """

    def __init__(self, seed: int = 0, spec: Optional[LevelSpec] = None) -> None:
        super().__init__(seed)
        self.spec = spec or LEVEL_SPECS["normal"]
        self.level = self.spec.name
        self.fixed = False
        self.iterations: Optional[int] = None
        self.scale = 1.0
        self.search_options: dict[str, Any] = {}
        self.keep_tree = False
        self.evaluation: Optional[str] = None
        # the subtree under the last move played (keep_tree), and its rewards' solo baseline
        self._kept: Optional[Node] = None
        self._kept_baseline: Optional[float] = None
        # the tree at the position of the last decision, before following the move played
        # (see follow(): a caller whose moves are not always this bot's own)
        self._decided: Optional[Node] = None
        self.last: Optional[SearchResult] = None
        self.stats = {"searches": 0, "iterations": 0, "seconds": 0.0}

    def configure(self, fixed: bool = False, iterations: Optional[int] = None, scale: float = 1.0,
                  keep_tree: bool = False, evaluation: Optional[str] = None, **search_options: Any) -> None:
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise BadRequest("iterations must be a positive integer")
        if not scale > 0:
            raise BadRequest("scale must be positive")
        if evaluation is not None and not isinstance(evaluation, str):
            raise BadRequest("evaluation must be the name of an evaluation")
        self.fixed = bool(fixed)
        self.iterations = iterations
        self.scale = float(scale)
        self.keep_tree = bool(keep_tree)
        self.evaluation = evaluation
        self._kept = None
        self.search_options = dict(search_options)

    def search_config(self, budget_ms: Optional[int], share: float = 1.0, weight: float = 1.0) -> SearchConfig:
        """The search budget of one decision: ``share`` of the level's (see :meth:`Heuristics.budget_share`).

        ``weight`` (:meth:`Heuristics.time_weight`) scales a timed search's
        seconds only: iteration counts stay as they are.  ``budget_ms`` (the
        caller's limit) caps a timed search whatever its share and weight.
        """
        if self.iterations is not None:
            return SearchConfig(iterations=max(1, round(self.iterations * share)), **self.search_options)
        if self.fixed:
            return SearchConfig(iterations=max(1, round(self.spec.iterations * self.scale * share)),
                                **self.search_options)
        seconds = self.spec.seconds * self.scale * PLATFORM_SLOWDOWN * share * weight
        if PLATFORM_SLOWDOWN > 1:  # a player waits: a big share (Café's draft) stays within the level's limit
            seconds = min(seconds, max(self.spec.browser_limit, self.spec.seconds * self.scale * PLATFORM_SLOWDOWN))
        if budget_ms is not None:
            seconds = min(seconds, budget_ms / 1000)
        return SearchConfig(seconds=max(0.001, seconds), **self.search_options)

    def effort(self) -> float:
        """This bot's budget as a share of the hard level's (what a solver may spend).

        An explicit ``iterations`` count replaces the search budget only: the
        solver keeps the level's share, so ``hard`` with the iterations its
        time buys plans exactly as the timed ``hard`` does.
        """
        hard = LEVEL_SPECS["hard"]
        if self.fixed and self.iterations is None:
            return min(1.0, self.spec.iterations * self.scale / hard.iterations)
        return min(1.0, self.spec.seconds * self.scale / hard.seconds)

    def choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
               budget_ms: Optional[int] = None) -> str:
        with _collector_paused():
            return self._choose(game, view, moves, budget_ms)

    def _choose(self, game: Game, view: Mapping[str, Any], moves: Sequence[Move],
                budget_ms: Optional[int]) -> str:
        moves = list(moves)
        if not moves:
            raise BadRequest("no legal move to choose from")
        if len(moves) == 1:
            return self._played(moves[0].id)
        started = time.perf_counter()
        player = view.get("viewer")
        if type(player) is not int:
            raise BadRequest("a search bot needs a player's view (viewer is missing)")
        sampler = game.determinizer(view, player).sample
        heur = heuristics_for(game, self.evaluation).for_view(game, view)
        has_solver = type(heur).solve is not Heuristics.solve
        has_filter = type(heur).root_moves is not Heuristics.root_moves
        # only games with a solver or a root filter draw a sample for them
        sample = sampler(self.rng) if has_solver or has_filter else None
        solved = None
        if has_solver:
            solved = heur.solve(game, sample, player, moves, self.effort(),
                                progress=self.search_options.get("progress"))
        if solved is not None:
            self.last = None  # no search this time
            self.stats["solved"] = self.stats.get("solved", 0) + 1
            return self._played(solved)
        if has_filter:
            ids = {m.id for m in moves}
            kept = [m for m in heur.root_moves(game, sample, player, moves) if m.id in ids]
            moves = kept or moves
            if len(moves) == 1:
                self.last = None  # nothing left to search
                return self._played(moves[0].id)
        # with opponents their moves come in between, unseen by the tree: solo only
        solo = view.get("config", {}).get("players") == 1
        keeps = self.keep_tree and solo
        root = self._kept if keeps else None
        share = heur.budget_share(game, view, keeps, root is not None and root.visits > 0)
        config = self.search_config(budget_ms, share, heur.time_weight(game, view))
        if config.seconds is not None:  # the determinizer's set-up counts against the budget
            config = SearchConfig(**{**config.__dict__,
                                     "seconds": max(0.001, config.seconds - (time.perf_counter() - started))})
        result = search(game, sampler, player, moves, heur, config, self.rng, root,
                        self._kept_baseline if root is not None else None)
        self._kept, self._kept_baseline = result.root, result.baseline
        self.last = result
        self.stats["searches"] += 1
        self.stats["iterations"] += result.iterations
        self.stats["seconds"] += result.seconds
        return self._played(self._final_choice(moves, result))

    def _played(self, move_id: str) -> str:
        """Follow the kept tree down the move about to be played (nothing kept without ``keep_tree``)."""
        kept = self._kept
        self._decided = kept if self.keep_tree else None
        self._kept = kept.children.get(move_id) if kept is not None and self.keep_tree else None
        return move_id

    def follow(self, played: Sequence[str]) -> bool:
        """Aim the kept tree at the position reached by ``played``: the moves made since this
        bot's last decision, starting with that decision's own (which may differ from the
        move the bot chose: a player who asked for a hint and played something else).

        For callers that hand the bot only some decisions of a solo game (the
        API's hints and bot seats).  True when the tree reaches that position
        (its statistics carry over to the next search); otherwise nothing is
        kept and the next search starts afresh.
        """
        node = self._decided
        for move_id in played:
            if node is None:
                break
            node = node.children.get(move_id)
        self._kept = node
        return node is not None

    def _final_choice(self, moves: Sequence[Move], result: SearchResult) -> str:
        order = [m.id for m in moves if result.visits.get(m.id, 0) > 0]
        if not order:
            return moves[0].id
        # most visits, then best mean value, then best prior, then the first listed (stable)
        key = lambda mid: (result.visits[mid], result.values[mid], result.priors.get(mid, 0.0))  # noqa: E731
        best = max(order, key=key)
        if self.spec.slip <= 0 or self.rng.random() >= self.spec.slip:
            return best
        # a slip: another move the search found nearly as good (never an unexamined one)
        floor = self.spec.slip_floor * result.visits[best]
        near = [mid for mid in order if mid != best and result.visits[mid] >= floor]
        return near[self.rng.below(len(near))] if near else best
