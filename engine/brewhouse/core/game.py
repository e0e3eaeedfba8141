"""The one small interface every game implements.

A game is a declarative definition (boardgame.io) over *plain data* states
(OpenSpiel's State API, made JSON-first):

* a **state** is a JSON-compatible ``dict`` (str keys; values are dicts,
  lists, str, int, bool or None).  It carries its own PRNG as a hex string
  (see :class:`~brewhouse.core.rng.Rng`), so ``json.loads(json.dumps(s)) == s``
  and a game is reproducible from ``(game, config, seed, moves)``;
* exactly one player decides at a time; :meth:`Game.legal_moves` enumerates
  the options of that one small decision, each a :class:`Move` with a stable
  string id and a machine-readable payload;
* :meth:`Game.apply` validates a move id and returns a :class:`Transition`
  holding a *new* state, the events it produced and whether it revealed
  hidden information (an undo barrier).  The input state is never mutated;
* :meth:`Game.view` returns what one player may see (``None`` = a spectator
  who sees only public information).  Bots and the UI only ever get views.

Subclasses implement the ``_``-free abstract methods below; :meth:`apply`
does the validation and copying once, for every game.
"""
from __future__ import annotations

import copy
import marshal
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Optional, Protocol

from .editions import Edition, EditionBook, edition_book
from .errors import DeterminizationUnavailable, GameOver, IllegalMove, InvalidConfig

__all__ = ["Move", "Event", "Transition", "Outcome", "Game", "State", "Determinizer", "json_copy"]

State = dict  # alias for readability: states are plain JSON-compatible dicts


def json_copy(state: Any) -> Any:
    """A private deep copy of JSON-shaped data (a state or any part of one).

    ``marshal`` round-trips dicts, lists and scalars in C, three to four
    times faster than :func:`copy.deepcopy`; copying is most of the cost of
    a move, so this matters for bots and simulations.  Anything marshal
    refuses (a dict subclass, say) falls back to the generic copy.
    """
    try:
        return marshal.loads(marshal.dumps(state))
    except ValueError:
        return copy.deepcopy(state)


class Determinizer(Protocol):
    """Samples full states consistent with one player's view (see :meth:`Game.determinizer`)."""

    def sample(self, rng: Any) -> State: ...


@dataclass(frozen=True)
class Move:
    """One legal option of the current decision.

    ``id`` is stable across processes (it is what saves, replays, share
    links and ``data-move`` attributes store); ``payload`` describes the
    option for renderers and bots (e.g. ``{"kind": "take", "row": 1}``).
    """

    id: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "payload": dict(self.payload)}


@dataclass(frozen=True)
class Event:
    """Something that happened, as a code plus parameters (no prose).

    The UI translates ``code`` through its message catalogues.  ``player``
    is the player the event concerns (for filtering the log), and ``private``
    lists players who alone may see ``params`` (others see only the code).
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    player: Optional[int] = None
    private_to: Optional[tuple[int, ...]] = None

    def visible_to(self, viewer: Optional[int]) -> dict[str, Any]:
        """The event as ``viewer`` may see it (hidden params stripped)."""
        out: dict[str, Any] = {"code": self.code, "player": self.player}
        if self.private_to is None or (viewer is not None and viewer in self.private_to):
            out["params"] = dict(self.params)
        else:
            out["params"] = {}
            out["hidden"] = True
        return out

    def to_json(self) -> dict[str, Any]:
        """Full event, hidden parameters included (never sent to a view)."""
        out = {"code": self.code, "player": self.player, "params": dict(self.params)}
        if self.private_to is not None:
            out["private_to"] = list(self.private_to)
        return out


@dataclass
class Transition:
    """What :meth:`Game.apply` returns."""

    state: State
    events: list[Event]
    reveals: bool = False  # a draw/shuffle/chance happened: undo cannot cross it


@dataclass(frozen=True)
class Outcome:
    """Final result: scores, winners (ties share) and a per-player breakdown."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    breakdown: tuple[Mapping[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "breakdown": [dict(b) for b in self.breakdown],
        }


class Game(ABC):
    """Definition of one game: rules over plain-data states."""

    #: stable id used in URLs, saves and the registry
    id: ClassVar[str]
    #: display title (not translated: it is a proper name)
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: package holding ``editions.json`` and the data files (``None``: a game without editions)
    edition_package: ClassVar[Optional[str]] = None
    #: the rules edition this definition plays (see :mod:`brewhouse.core.editions`)
    edition: Optional[Edition] = None

    # -- editions ---------------------------------------------------------
    @classmethod
    def edition_book(cls) -> Optional[EditionBook]:
        return edition_book(cls.edition_package) if cls.edition_package else None

    @classmethod
    def for_edition(cls, edition: Optional[Edition]) -> "Game":
        """This game as ``edition`` plays it: that edition's data files and rule changes."""
        book = cls.edition_book()
        if edition is None or book is None or edition is book.current:
            game = cls()  # the live data files are the current edition's
        else:
            game = cls.with_data(lambda name: book.read_json(edition, name))
        game.edition = edition
        return game

    @classmethod
    def with_data(cls, read: Callable[[str], Any]) -> "Game":
        """This game over the data files ``read(name)`` returns (parsed JSON of an older edition).

        Games with data files override it; a game without any has nothing to read.
        """
        return cls()

    @property
    def rules(self) -> frozenset[str]:
        """The named rule changes in force in this definition's edition.

        A definition built directly (``SeizeGame()``, no edition set) plays the live
        data files, which are the current edition's, so it plays that edition's rules too.
        """
        if self.edition is not None:
            return self.edition.rules
        book = self.edition_book()
        return book.current.rules if book is not None else frozenset()

    # -- configuration --------------------------------------------------
    def default_config(self) -> dict[str, Any]:
        """Options and their defaults; ``players`` is always present."""
        return {"players": self.min_players}

    def normalize_config(self, config: Optional[Mapping[str, Any]]) -> dict[str, Any]:
        """Validate a user config and fill defaults; raises :class:`InvalidConfig`."""
        out = self.default_config()
        if config is None:
            return out
        if not isinstance(config, Mapping):
            raise InvalidConfig("config must be an object")
        unknown = sorted(str(k)[:40] for k in set(config) - set(out))
        if unknown:
            shown = ", ".join(unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
            raise InvalidConfig(f"unknown option(s) for {self.id}: {shown}", options=unknown[:5])
        out.update(config)
        players = out["players"]
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise InvalidConfig(
                f"{self.title} is played by {self.min_players}-{self.max_players} players",
                players=players if type(players) is int and abs(players) < 1000 else str(players)[:40])
        self.check_config(out)
        return out

    def check_config(self, config: dict[str, Any]) -> None:
        """Game-specific validation of a filled config (override as needed)."""

    # -- the rules ------------------------------------------------------
    @abstractmethod
    def setup(self, config: Mapping[str, Any], seed: int) -> State:
        """The initial state for a normalised config and an integer seed."""

    @abstractmethod
    def active_player(self, state: State) -> Optional[int]:
        """The player who must decide now, or ``None`` when the game is over."""

    @abstractmethod
    def legal_moves(self, state: State) -> list[Move]:
        """The options of the current decision (empty only when over)."""

    @abstractmethod
    def play(self, state: State, move: Move) -> Transition:
        """Advance ``state`` (a private copy: mutate freely) by a legal move."""

    @abstractmethod
    def view(self, state: State, player: Optional[int]) -> dict[str, Any]:
        """What ``player`` may see (``None``: public information only)."""

    @abstractmethod
    def outcome(self, state: State) -> Optional[Outcome]:
        """The final result, or ``None`` while the game goes on."""

    def phase(self, state: State) -> str:
        """A short phase name for the UI (``data-phase``)."""
        return str(state.get("phase", ""))

    def accepts_seat(self, kind: str) -> bool:
        """Game-specific seat kinds beyond humans and bot levels (e.g. an automa)."""
        return False

    def seat_count(self, config: Mapping[str, Any]) -> int:
        """How many seats a table of this config shows (an automa has a seat too)."""
        return int(config["players"])

    def default_seats(self, config: Mapping[str, Any]) -> list[str]:
        """Seats when none are given: every player human (an automa keeps its own seat)."""
        return ["human"] * self.seat_count(config)

    def check_seats(self, config: Mapping[str, Any], seats: list[str]) -> None:
        """Game-specific consistency of seats and config; raise BadRequest if wrong."""

    def length(self, state: State) -> dict[str, float]:
        """How long the game (so far) has been, in the game's own units (e.g. ``{"days": 7}``).

        Simulations report the mean of each figure; games without one return ``{}``.
        """
        return {}

    # -- search bots (optional) -----------------------------------------
    def determinizer(self, view: Mapping[str, Any], player: int) -> "Determinizer":
        """A sampler of full states consistent with ``view`` (what ``player`` sees).

        Search bots (:mod:`brewhouse.bots.ismcts`) call ``sample(rng)`` on the
        result once per iteration; every sample ``s`` must satisfy
        ``view(s, player) == view``.  Games without hidden-information
        sampling raise :class:`DeterminizationUnavailable`.
        """
        raise DeterminizationUnavailable(f"{self.title} has no determinizer: search bots cannot play it yet",
                                         game=self.id)

    def determinize(self, view: Mapping[str, Any], player: int, rng: Any) -> State:
        """One full state consistent with ``view``, the hidden rest drawn from ``rng``."""
        return self.determinizer(view, player).sample(rng)

    # -- shared machinery -----------------------------------------------
    def is_over(self, state: State) -> bool:
        return self.active_player(state) is None

    def find_move(self, state: State, move_id: Any) -> Move:
        """The legal move with this id, or :class:`IllegalMove`."""
        if self.is_over(state):
            raise GameOver("the game is over: no more moves")
        if not isinstance(move_id, str):
            raise IllegalMove("a move id must be a string", move=repr(move_id)[:80])
        for move in self.legal_moves(state):
            if move.id == move_id:
                return move
        raise IllegalMove(f"'{move_id[:80]}' is not a legal move now", move=move_id[:80],
                          phase=self.phase(state))

    def apply(self, state: State, move_id: str) -> Transition:
        """Validate ``move_id`` and return the transition; ``state`` is untouched."""
        move = self.find_move(state, move_id)
        return self.play(self.copy_state(state), move)

    def copy_state(self, state: State) -> State:
        """A private deep copy for :meth:`play` (games with a known state shape may do it faster)."""
        return json_copy(state)
