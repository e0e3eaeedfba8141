"""The JSON API: the only surface the browser (and the CLI) calls.

Every function takes and returns JSON-compatible values.  :func:`call` is the
single entry point used across the worker boundary: it never raises; it
returns ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"code",
"message", "details"}}``.  A failed call changes nothing.

Live matches are kept in a registry keyed by id (``"m1"``, ``"m2"``…), so the
browser does not ship the whole state back and forth on every move; saves are
the portable form (see :meth:`Match.to_save`).

>>> call("list_games")["ok"]
True
>>> call("apply_move", {"match": "nope", "move": 3})["error"]["code"]
'unknown_match'
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, Callable, Mapping, Optional

from . import __version__
from .bots import LEVELS, ISMCTSBot, make_bot
from .bots.levels import heuristics_for
from .core.game import Event
from .core.errors import BadRequest, BadSave, BrewhouseError, IllegalMove, ReplayMismatch, UnknownMatch
from .core.editions import FIRST_EDITION
from .core import lessons as lesson_data
from .core.match import MAX_SEED, SAVE_FORMAT, Match, state_digest
from .core.rng import Rng
from .core.registry import REGISTRY, Registry
from .core.safejson import loads_bounded
from .remote.sessions import METHODS as REMOTE_METHODS, RemoteSessions

__all__ = ["Api", "call", "call_json", "on_bot_progress", "on_remote_send", "DEFAULT_API"]

#: a replay link's check of the position it was shared at: the start of its state_sha256
REPLAY_DIGEST = re.compile(r"[0-9a-f]{16,64}")


def _opt_int(params: Mapping[str, Any], key: str, lo: int, hi: int) -> Optional[int]:
    value = params.get(key)
    if value is None:
        return None
    if type(value) is not int or not lo <= value <= hi:
        raise BadRequest(f"'{key}' must be an integer from {lo} to {hi}")
    return value


class Api:
    """A registry of live matches plus the operations on them."""

    def __init__(self, registry: Registry = REGISTRY) -> None:
        self.registry = registry
        self.matches: dict[str, Match] = {}
        self._next_id = 1
        #: a solo match's search bot, its level and the moves made when it last decided: the
        #: next ``bot_move`` of that level goes on with its search tree (see :meth:`_solo_bot`)
        self._solo_bots: dict[str, tuple[str, ISMCTSBot, list[str]]] = {}
        #: receives ``{"match", "level", "fraction"}`` while a bot thinks (see :meth:`on_bot_progress`)
        self._progress_listener: Optional[Callable[[dict[str, Any]], None]] = None
        #: remote play: hosted games and this page's guest seats (see brewhouse.remote.sessions)
        self.remote = RemoteSessions(self)

    def on_bot_progress(self, listener: Optional[Callable[[str], None]]) -> None:
        """Report search progress of ``bot_move`` to ``listener`` as JSON text (None: stop).

        The browser's worker passes a function that posts the figure to the
        page, so the thinking indicator can fill while the search runs.
        """
        self._progress_listener = listener

    # -- helpers ------------------------------------------------------------
    def _match(self, params: Mapping[str, Any]) -> Match:
        match_id = params.get("match")
        if not isinstance(match_id, str):
            raise BadRequest("'match' must be a match id string")
        try:
            return self.matches[match_id]
        except KeyError:
            raise UnknownMatch(f"no live match '{match_id[:40]}'") from None

    def _player(self, params: Mapping[str, Any], match: Match) -> Optional[int]:
        return _opt_int(params, "player", 0, match.config["players"] - 1)

    def _register(self, match: Match) -> str:
        match_id = f"m{self._next_id}"
        self._next_id += 1
        self.matches[match_id] = match
        return match_id

    def _status(self, match_id: str, match: Match, player: Optional[int] = None) -> dict[str, Any]:
        """The match's public status; ``auto_move`` only for ``player`` (see :meth:`_auto_move`)."""
        outcome = match.game.outcome(match.state)
        return {
            "match": match_id,
            "game": match.game.id,
            "config": match.config,
            "edition": match.game.edition.id if match.game.edition else None,
            "seed": match.seed,
            "seats": list(match.seats),
            "ply": match.ply,
            "phase": match.game.phase(match.state),
            "active_player": match.active_player,
            "over": outcome is not None,
            "outcome": outcome.to_json() if outcome else None,
            "can_undo": match.can_undo if player is None else match.undo_steps(player) > 0,
            "auto_move": None if outcome else self._auto_move(match, player),
        }

    def _auto_move(self, match: Match, player: Optional[int]) -> Optional[str]:
        """The id of a decision's only option, else None.

        The table plays such a move by itself (as Board Game Arena does), even
        when it reveals hidden information (a draw, a shuffle, chance): a player
        who has no choice has nothing to gain by clicking, and the move still
        joins the log and the turn summary.  A revealing move still clears the
        undo history (:meth:`Match.apply`).  Like the options themselves (see
        :meth:`_moves_for`) it is told only to the player who decides.
        """
        if player is None or player != match.active_player:
            return None
        moves = match.game.legal_moves(match.state)
        return moves[0].id if len(moves) == 1 else None

    # -- the calls ------------------------------------------------------------
    def list_games(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [info.to_json() for info in self.registry.infos()]

    def engine_info(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The engine version, bot levels and each playable game's current rules edition."""
        editions = {}
        for game_id in self.registry.available_ids():
            game = self.registry.get(game_id)
            editions[game_id] = game.edition.id if game.edition else None
        return {"version": __version__, "bot_levels": list(LEVELS), "editions": editions}

    def game_options(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """What a setup screen offers for one game: its default config and, where the game has
        one, its table of what goes together (Seize the Bean: districts, groups, levels)."""
        game = self.registry.get(params.get("game"))
        table = getattr(game, "compatibility", None)
        return {"game": game.id, "default_config": game.default_config(),
                "compatibility": table() if callable(table) else None}

    def new_game(self, params: Mapping[str, Any]) -> dict[str, Any]:
        game = self.registry.get(params.get("game"))
        seed = _opt_int(params, "seed", 0, MAX_SEED)
        if seed is None:
            seed = int.from_bytes(os.urandom(7), "big") & MAX_SEED
        match = Match(game, params.get("config"), seed, params.get("seats"))
        return self._status(self._register(match), match)

    def status(self, params: Mapping[str, Any]) -> dict[str, Any]:
        match = self._match(params)
        return self._status(params["match"], match, self._player(params, match))

    def view(self, params: Mapping[str, Any]) -> dict[str, Any]:
        match = self._match(params)
        player = self._player(params, match)
        out = self._status(params["match"], match, player)
        out["view"] = match.game.view(match.state, player)
        out["moves"] = self._moves_for(match, player)
        return out

    def _moves_for(self, match: Match, player: Optional[int]) -> list[dict[str, Any]]:
        # the options of a decision are private to the player who decides
        if player is None or player != match.active_player:
            return []
        return [m.to_json() for m in match.game.legal_moves(match.state)]

    def legal_moves(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        match = self._match(params)
        return self._moves_for(match, self._player(params, match))

    def apply_move(self, params: Mapping[str, Any]) -> dict[str, Any]:
        match = self._match(params)
        if getattr(match, "lesson", None) is not None:
            raise BadRequest("a lesson is played with lesson_move")
        player = self._player(params, match)
        if player is not None and player != match.active_player:
            raise IllegalMove(f"it is not player {player}'s turn", player=player)
        expect = _opt_int(params, "ply", 0, 10**9)
        if expect is not None and expect != match.ply:
            raise IllegalMove("the game has moved on since this move was chosen", ply=match.ply)
        host = self.remote.hosted(params["match"])
        if host is not None:  # a hosted game: never a remote seat's move, and every guest is told
            before = match.ply
            # a bot standing in for a remote seat whose guest is away, or a seat of this device
            (host.stand_in if params.get("stand_in") is True else host.play)(params.get("move"))  # type: ignore[arg-type]
            events = [e.event for e in match.log if e.ply > before]
        else:
            events = match.apply(params.get("move"))  # type: ignore[arg-type]
        out = self._status(params["match"], match, player)
        out["events"] = [e.visible_to(player) for e in events]
        return out

    def bot_move(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The move a bot level would choose for the active player (not applied); in a solo scenario
        also ``goal``, the victory condition the move serves (a hint says it)."""
        match = self._match(params)
        player = match.active_player
        if player is None:
            raise IllegalMove("the game is over: no more moves")
        level = params.get("level", "random")
        seed = _opt_int(params, "seed", 0, MAX_SEED)
        budget = _opt_int(params, "budget_ms", 1, 600_000)
        match_id = params["match"]
        # a solo game's searches go on from one another, as when a bot plays a whole solo
        # game; an explicit seed asks for the one reproducible answer of a fresh bot
        keeps = seed is None and match.config["players"] == 1
        bot = self._solo_bot(match_id, match, level) if keeps else None
        if bot is None:
            bot = make_bot(level, seed if seed is not None else match.seed * 1009 + match.ply)
            if keeps and isinstance(bot, ISMCTSBot):
                bot.configure(keep_tree=True)
        listener = self._progress_listener
        if isinstance(bot, ISMCTSBot):
            report = None
            if listener is not None:
                def report(fraction: float) -> None:
                    try:
                        listener(json.dumps({"match": match_id, "level": level, "fraction": round(fraction, 3)}))
                    except Exception:  # noqa: BLE001 - a failing indicator must never cost the move
                        pass
            bot.search_options["progress"] = report
        view = match.game.view(match.state, player)
        move = bot.choose(match.game, view, match.game.legal_moves(match.state), budget)
        if keeps and isinstance(bot, ISMCTSBot):
            self._solo_bots[match_id] = (level, bot, list(match.moves))
        out = {"move": move, "player": player, "level": level}
        if isinstance(bot, ISMCTSBot):
            # the objective the move serves, when the game has more than points (a solo scenario's
            # conditions): a hint says it; judged on samples of the view, from a seed of the position
            goal = heuristics_for(match.game).goal(match.game, view, player, move,
                                                   Rng.from_seed(match.seed * 1009 + match.ply))
            if goal is not None:
                out["goal"] = goal
        return out

    def _solo_bot(self, match_id: str, match: Match, level: Any) -> Optional[ISMCTSBot]:
        """The bot that made this solo match's last ``bot_move`` of ``level``, its tree aimed at
        the current position, or None (another level, an undo since, or moves the tree never
        explored: the next bot starts afresh)."""
        entry = self._solo_bots.pop(match_id, None)
        if entry is None:
            return None
        kept_level, bot, before = entry
        n = len(before)
        if kept_level != level or match.moves[:n] != before or not bot.follow(match.moves[n:]):
            return None
        return bot

    def undo(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Take back moves: ``player``'s last decision and the bots' moves after it
        (see :meth:`Match.undo_steps`; ``can_undo`` in a status asked for that player
        says whether there is one), or without ``player`` the last move alone."""
        match = self._match(params)
        if getattr(match, "lesson", None) is not None:
            raise BadRequest("a lesson has no undo: restart it instead")
        if self.remote.hosted(params["match"]) is not None:
            raise BadRequest("a remote game has no undo: the guests have seen the position")
        player = self._player(params, match)
        if player is None:
            match.undo()
        else:
            match.undo_own_move(player)
        return self._status(params["match"], match, player)

    def log(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        match = self._match(params)
        player = self._player(params, match)
        return [dict(e.event.visible_to(player), ply=e.ply) for e in match.log]

    def save(self, params: Mapping[str, Any]) -> dict[str, Any]:
        match = self._match(params)
        if getattr(match, "lesson", None) is not None:
            raise BadRequest("a lesson is not saved: restart it instead")
        return match.to_save()

    def load(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Rebuild a match from a save (object or JSON text) with the rules edition it was made with.

        :class:`BadSave` on garbage, ``save_too_new`` for a save from a newer
        build, ``save_diverged`` (with the ``ply`` that still replays) when its
        moves no longer lead to the position it recorded; ``upto`` then opens
        it at that position (see :meth:`Match.from_save`).
        """
        save = params.get("save")
        if isinstance(save, str):
            try:
                save = loads_bounded(save)
            except ValueError as err:
                raise BadSave(f"not a Brewhouse save: the file is not valid JSON ({err})"[:300]) from None
        upto = params.get("upto")
        match = Match.from_save(save, self.registry, upto=upto)
        out = self._status(self._register(match), match)
        out["replayed"] = {"moves": match.ply, "of": len(save["moves"])}
        return out

    def replay(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A match from a share link: game, config, seed, seats, moves, rules edition and digest.

        A link without an edition was made before links carried one: the game's first edition;
        an edition this build does not know is ``save_too_new``, as for a save.  ``digest`` is
        the start (16 to 64 hex digits) of the ``state_sha256`` of the position the link was
        shared at: moves that replay to another position (a changed seed, setup or move list)
        are :class:`ReplayMismatch`.  A link without one was made before links carried it.
        """
        digest = params.get("digest")
        if digest is not None and (not isinstance(digest, str) or not REPLAY_DIGEST.fullmatch(digest)):
            raise BadRequest("'digest' must be 16 to 64 lowercase hexadecimal digits")
        record = {key: params.get(key) for key in ("game", "config", "seed", "seats")}
        edition = params.get("edition", FIRST_EDITION)
        record.update(format=SAVE_FORMAT, version=2, edition=edition, moves=params.get("moves", []))
        match = Match.from_save(record, self.registry)
        if digest is not None and not state_digest(match.state).startswith(digest):
            raise ReplayMismatch("this replay leads to another position than the one it was shared at "
                                 "(its seed, setup or moves were changed)", moves=match.ply)
        return self._status(self._register(match), match)

    # -- lessons (see brewhouse.core.lessons) ------------------------------------
    def list_lessons(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The lessons of ``game`` in teaching order."""
        game = self.registry.get(params.get("game"))
        return [l.public() for l in lesson_data.load_lessons(game.id)]

    def _lesson_out(self, match_id: str, match: Match) -> dict[str, Any]:
        run: lesson_data.LessonRun = match.lesson  # type: ignore[attr-defined]
        out = self._status(match_id, match, run.lesson.player)
        out["can_undo"] = False
        out["lesson"] = run.to_json()
        return out

    def _lesson_match(self, params: Mapping[str, Any]) -> Match:
        match = self._match(params)
        if getattr(match, "lesson", None) is None:
            raise BadRequest("this match is not a lesson")
        return match

    def start_lesson(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """A live match at the lesson's start position; play it with ``lesson_move``/``lesson_next``."""
        game = self.registry.get(params.get("game"))
        l = lesson_data.lesson(game.id, params.get("lesson"))
        config, state, moves = lesson_data.build_start(game, l)
        match = Match(game, config, l.start.get("seed", 0))
        match.state, match.moves = state, moves
        run = lesson_data.LessonRun(l)
        run.enter(state, game)
        match.lesson = run  # type: ignore[attr-defined]
        return self._lesson_out(self._register(match), match)

    def lesson_move(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Play the current act step's move (any other is refused with its hint, nothing changes),
        then the script's answer; the response carries the events the learner may see."""
        match = self._lesson_match(params)
        run: lesson_data.LessonRun = match.lesson  # type: ignore[attr-defined]
        step = run.step
        if step is None or step["kind"] != "act":
            raise BadRequest("this lesson step is not a move: use lesson_next")
        lesson_data.play_step(match.game, match.state, step, params.get("move"))  # refuses a wrong move
        events: list[Event] = []
        for m in [step["move"], *step.get("then", ())]:
            events.extend(match.apply(m))
        match._undo_stack.clear()
        run.index += 1
        run.enter(match.state, match.game)
        out = self._lesson_out(params["match"], match)
        out["events"] = [e.visible_to(run.lesson.player) for e in events]
        return out

    def lesson_next(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Leave an explain or check step."""
        match = self._lesson_match(params)
        run: lesson_data.LessonRun = match.lesson  # type: ignore[attr-defined]
        step = run.step
        if step is None:
            raise BadRequest("the lesson is over")
        if step["kind"] == "act":
            raise BadRequest("this lesson step asks for a move: use lesson_move")
        run.index += 1
        run.enter(match.state, match.game)
        return self._lesson_out(params["match"], match)

    def close(self, params: Mapping[str, Any]) -> dict[str, Any]:
        self._match(params)
        del self.matches[params["match"]]
        self._solo_bots.pop(params["match"], None)
        return {"closed": params["match"]}

    METHODS = ("list_games", "engine_info", "game_options", "new_game", "status", "view", "legal_moves",
               "apply_move", "bot_move", "undo", "log", "save", "load", "replay", "close",
               "list_lessons", "start_lesson", "lesson_move", "lesson_next") + REMOTE_METHODS

    def call(self, method: Any, params: Any = None) -> dict[str, Any]:
        """Dispatch one call; never raises, never half-applies."""
        try:
            if not isinstance(method, str) or method not in self.METHODS:
                raise BadRequest(f"unknown API method '{str(method)[:40]}'")
            if params is None:
                params = {}
            if not isinstance(params, Mapping):
                raise BadRequest("params must be an object")
            owner = self.remote if method in REMOTE_METHODS else self
            handler: Callable[[Mapping[str, Any]], Any] = getattr(owner, method)
            return {"ok": True, "result": handler(params)}
        except BrewhouseError as err:
            return {"ok": False, "error": err.to_json()}
        except Exception as err:  # a bug, never the caller's fault: report it, state is intact
            return {"ok": False, "error": {"code": "internal_error",
                                           "message": f"{type(err).__name__}: {err}"[:500],
                                           "details": {}}}

    def call_json(self, method: Any, params_json: Any = None) -> str:
        """:meth:`call` with JSON text in and out (the worker bridge uses this)."""
        if params_json is None or params_json == "":
            params: Any = {}
        else:
            try:
                params = loads_bounded(params_json) if isinstance(params_json, str) else None
            except ValueError as err:
                return json.dumps({"ok": False, "error": BadRequest(f"params must be JSON text: {err}"[:300]).to_json()})
            if params is None:
                return json.dumps({"ok": False, "error": BadRequest("params must be JSON text").to_json()})
        return json.dumps(self.call(method, params))


DEFAULT_API = Api()
call = DEFAULT_API.call
call_json = DEFAULT_API.call_json
on_bot_progress = DEFAULT_API.on_bot_progress
on_remote_send = DEFAULT_API.remote.on_send
