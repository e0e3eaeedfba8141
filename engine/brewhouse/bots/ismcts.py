"""Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

One tree over the deciding player's *information set* (SO-ISMCTS): every
iteration draws a fresh determinisation — a full state consistent with the
bot's view, sampled by the game's :meth:`~brewhouse.core.game.Game.determinizer`
— and walks the tree using only the moves legal in that sample.  Because a
move may be legal in some samples and not in others, each child keeps an
*availability* count (how often it could have been chosen) and UCB uses it in
place of the parent's visit count.  The move finally played is the most
visited root child (levels may add noise to that last choice, never to the
search).

Chance is part of the sample: the determinised state carries a fresh PRNG
drawn from the bot's own generator, so draws and shuffles inside the
simulation differ from iteration to iteration and never copy the real game's
hidden PRNG.

Rollouts are short: after leaving the tree the game's cheap policy plays at
most ``rollout_plies`` moves (or what :meth:`Heuristics.rollout_length` asks
for the position searched), then :meth:`Heuristics.evaluate` projects final
scores.  Rewards are per player, from the normalised point margin over the
best opponent (plus a share for being ahead), so a bot prefers winning by
more and losing by less.

A search may continue a tree kept from the player's previous decision
(``root``): in a solo game every move is the searching player's own, so the
subtree under the move it played last is already a search of the position
it now faces, and its statistics carry over (see :class:`ISMCTSBot`).

Big branchings are tamed by progressive widening: a node with ``v`` visits
considers at most ``ceil(widen_c * (v + 1) ** widen_alpha)`` children, chosen
in the order of the game policy (move ordering).

>>> from brewhouse.core.rng import Rng
>>> Node(0).visits
0
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from ..core.game import Game, Move, State
from ..core.rng import Rng

__all__ = ["Heuristics", "Node", "SearchConfig", "SearchResult", "search", "margin_rewards"]


class Heuristics:
    """Game knowledge the search uses; games subclass it in ``<game>/heuristics.py``.

    The defaults are game-agnostic: uniform policy, evaluation only at the end
    (non-final states count as a draw).
    """

    #: a margin of this many points is "a clear win" (reward ~0.88 of the margin part)
    margin_scale: float = 10.0
    #: policy moves played after leaving the tree before evaluating
    rollout_plies: int = 24

    def policy(self, game: Game, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        """The rollout move (also the order in which new children are expanded)."""
        return moves[rng.below(len(moves))]

    def rollout_length(self, game: Game, state: State) -> int:
        """The rollout's length in moves for a search from ``state`` (one sample of the root's
        information set): :attr:`rollout_plies` unless the game asks more of some of its modes."""
        return self.rollout_plies

    def rollout_move(self, game: Game, state: State, rng: Rng) -> Optional[Move]:
        """The rollout's move at ``state`` found without listing every legal move, or ``None``.

        ``None`` (the default) lets the rollout list the legal moves and play
        the only one or ask :meth:`policy`.  A game may answer decisions
        whose policy reads few of many options (Café's placements) directly;
        the answer must be the very move the default way would play, drawing
        the same numbers from ``rng``, so searches stay reproducible.
        """
        return None

    def prior(self, game: Game, state: State, moves: Sequence[Move]) -> Optional[list[float]]:
        """How promising each move looks before any search, in [0, 1] (``None``: no idea).

        New children are expanded best prior first and UCB adds a progressive
        bias ``bias * prior / (visits + 1)`` that fades as real results come in.
        """
        return None

    def solve(self, game: Game, state: State, player: int, moves: Sequence[Move],
              effort: float, progress: Optional[Callable[[float], None]] = None) -> Optional[str]:
        """A move the game's knowledge settles without searching, or ``None`` (search it).

        For decisions that are a puzzle of the player's own, with nothing
        hidden and nobody else involved (Café's action phase), planning
        beats sampling.  ``state`` is a determinised sample of the player's
        information set, so a solver must read only what the player may see;
        ``effort`` is the level's share of the strongest level's budget (0..1].
        A solver that plans for long reports the share of its work done
        (0..1) to ``progress``, as a search does (a thinking indicator).
        """
        return None

    def for_view(self, game: Game, view: Mapping[str, Any]) -> "Heuristics":
        """The knowledge to search this decision with (default: this one).

        A game whose objective depends on where the game stands may hand back
        a variant for this decision (Seize the Bean's solo scenarios that play
        for one condition first search for it alone until the game meets it).
        ``view`` is the deciding player's, so the choice never peeks.
        """
        return self

    def root_moves(self, game: Game, state: State, player: int, moves: Sequence[Move]) -> Sequence[Move]:
        """The moves worth searching at the root (default: all of them).

        A game may set aside options another one dominates for sure (Café:
        paying for a card with a colour the warehouse needs more), so the
        budget goes to real choices instead of being split between
        near-copies.  ``state`` is a determinised sample, as for
        :meth:`solve`; the result must be a non-empty subset of ``moves``.
        """
        return moves

    def budget_share(self, game: Game, view: Mapping[str, Any], keeps: bool, continues: bool) -> float:
        """This decision's share of the level's budget per decision (default 1: every one alike).

        ``keeps``: the subtree under the move played will be searched on
        (a solo bot keeping its tree); ``continues``: this search goes on
        from the subtree kept from the last decision.  A game may move budget
        from decisions that inherit most of their search to the ones that
        feed it (Café: the placement goes on from the draft's search), keeping
        the shares of one round's decisions at one on average, so a game
        costs the same time.
        """
        return 1.0

    def time_weight(self, game: Game, view: Mapping[str, Any]) -> float:
        """How much of the clock this decision's search takes, against the game's average (default 1).

        Applies to timed searches only: a fixed-iteration search ignores it.
        Where an iteration costs more in some decisions than in others (Café:
        a rollout from the first round plays seven rounds, one from the
        seventh plays one), a timed search would buy fewer iterations exactly
        where the most game is left to judge.  Weights that follow an
        iteration's cost give each decision about the same number of
        iterations; they average one over a game, so a game costs the same
        time.
        """
        return 1.0

    def evaluate(self, game: Game, state: State) -> list[float]:
        """Projected final scores, one per player, for a state that is not over."""
        return [0.0] * int(state["config"]["players"])

    def rewards(self, game: Game, state: State, final: bool, baseline: float) -> list[float]:
        """Per-player rewards in [0, 1] where an iteration stops: the game's end (``final``) or the
        rollout's horizon.  By default the point margin (:func:`margin_rewards`) of the final
        scores or of the projected ones; a game whose winner is not the one with most points
        (Seize's solo scenarios, decided by their own victory conditions) rewards that instead.
        """
        if final:
            return margin_rewards(self.final_scores(game, state), self.margin_scale, baseline=baseline)
        return margin_rewards(self.evaluate(game, state), self.margin_scale, final=False, baseline=baseline)

    def goal(self, game: Game, view: Mapping[str, Any], player: int, move_id: str, rng: Rng) -> Optional[str]:
        """Which of the game's own objectives ``move_id`` serves, for a hint to say (default: none).

        For games whose objective is more than points (Seize's solo scenarios and their victory
        conditions).  Reads the view only (sampling the rest, as the search does).
        """
        return None

    def final_scores(self, game: Game, state: State) -> list[float]:
        outcome = game.outcome(state)
        assert outcome is not None
        scores = list(outcome.scores)
        # the winner (tie-breaks included) gets a small bonus over equal totals
        for w in outcome.winners:
            scores[w] += 0.25 / len(outcome.winners)
        return scores


def margin_rewards(scores: Sequence[float], scale: float, final: bool = True,
                   baseline: float = 0.0) -> list[float]:
    """Per-player rewards in [0, 1] from the margin over the best other player.

    At the end of a game half of the reward is for winning (1, ½ when level,
    0) and half grows smoothly with the margin, so winning bigger and losing
    smaller both count.  Projected scores (``final=False``) are too noisy for
    a hard win/loss step: there the reward is the smooth part alone.

    Solo there is nobody to beat: the margin is over ``baseline`` (the
    search passes the score it projected at the root), so a point more or
    less weighs as much as in a close game.

    >>> [round(r, 3) for r in margin_rewards([10, 4], 10)]
    [0.884, 0.116]
    >>> [round(r, 3) for r in margin_rewards([10, 4], 10, final=False)]
    [0.769, 0.231]
    """
    n = len(scores)
    if n == 1:
        return [0.5 + 0.5 * math.tanh((scores[0] - baseline) / scale)]
    out = []
    for i, s in enumerate(scores):
        best = max(scores[j] for j in range(n) if j != i)
        m = s - best
        if final:
            ahead = 1.0 if m > 0 else (0.5 if m == 0 else 0.0)
            out.append(0.5 * ahead + 0.25 + 0.25 * math.tanh(m / scale))
        else:
            out.append(0.5 + 0.5 * math.tanh(m / scale))
    return out


class Node:
    """One move in the information-set tree; rewards are from the mover's side."""

    __slots__ = ("player", "visits", "reward", "avail", "children", "prior", "priors")

    def __init__(self, player: Optional[int], prior: float = 0.0) -> None:
        self.player = player  # who chose the move leading here
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.prior = prior
        self.children: dict[str, Node] = {}
        self.priors: Optional[dict[str, float]] = None  # of this node's moves, filled on demand


@dataclass(frozen=True)
class SearchConfig:
    """How one decision is searched."""

    iterations: Optional[int] = None  # fixed number of iterations (reproducible)
    seconds: Optional[float] = None   # wall-clock budget, checked every iteration
    exploration: float = 0.1
    prior_bias: float = 0.5
    widen_c: float = 2.0
    widen_alpha: float = 0.5
    widen_above: int = 8              # nodes with at most this many options are never narrowed
    rollout_plies: Optional[int] = None  # None: the game's Heuristics default
    max_tree_depth: int = 60
    #: called with the share of the budget spent (0..1), at most every ``progress_every`` seconds;
    #: the browser's thinking indicator listens (it cannot change the search)
    progress: Optional[Callable[[float], None]] = None
    progress_every: float = 0.1


@dataclass
class SearchResult:
    visits: dict[str, int]
    values: dict[str, float]
    iterations: int
    seconds: float
    priors: dict[str, float] = field(default_factory=dict)
    root: Optional[Node] = None  # the whole tree (tests, analysis, the next decision of a solo game)
    baseline: Optional[float] = None  # the solo score the rewards were measured against


def search(game: Game, sampler: Callable[[Rng], State], player: int, root_moves: Sequence[Move],
           heur: Heuristics, config: SearchConfig, rng: Rng, root: Optional[Node] = None,
           baseline: Optional[float] = None) -> SearchResult:
    """Run ISMCTS from ``player``'s information set and return the root statistics.

    ``root`` continues a tree searched earlier from this information set
    (its visits count towards the returned statistics, not towards
    ``iterations``); ``baseline`` is then the solo baseline its rewards
    were measured against, so old and new rewards stay comparable.
    """
    started = time.perf_counter()
    deadline = started + config.seconds if config.seconds is not None else None
    limit = config.iterations
    if limit is None and deadline is None:
        limit = 100
    root_ids = {m.id for m in root_moves}
    if root is None:
        root, baseline = Node(None), None
    rollout_plies = config.rollout_plies  # None: the game's, read from the first sample
    c = config.exploration
    active = game.active_player
    legal = game.legal_moves
    play = game.play
    rollout_move = heur.rollout_move if type(heur).rollout_move is not Heuristics.rollout_move else None
    done = 0
    progress = config.progress
    next_report = started + config.progress_every
    while True:
        if limit is not None and done >= limit:
            break
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        if progress is not None and time.perf_counter() >= next_report:
            now = time.perf_counter()
            next_report = now + config.progress_every
            progress(min(1.0, done / limit if limit is not None else (now - started) / config.seconds))
        state = sampler(rng)
        if baseline is None:
            baseline = _solo_baseline(game, heur, state)
        if rollout_plies is None:
            rollout_plies = heur.rollout_length(game, state)
        node = root
        path = [root]
        depth = 0
        # -- selection and expansion ------------------------------------
        while True:
            actor = active(state)
            if actor is None:
                break
            moves = legal(state)
            if node is root:
                moves = [m for m in moves if m.id in root_ids] or list(root_moves)
            children = node.children
            tried: list[tuple[Node, Move]] = []
            untried: list[Move] = []
            for m in moves:
                ch = children.get(m.id)
                if ch is None:
                    untried.append(m)
                else:
                    ch.avail += 1
                    tried.append((ch, m))
            if untried:
                allowed = len(moves)
                if allowed > config.widen_above:
                    allowed = max(2, math.ceil(config.widen_c * (node.visits + 1) ** config.widen_alpha))
                if len(tried) < allowed or not tried:
                    m, p = _best_prior(game, heur, node, state, untried, rng)
                    child = Node(actor, p)
                    child.avail = 1
                    children[m.id] = child
                    state = play(state, m).state
                    path.append(child)
                    break
            best = None
            best_score = -1.0
            bias = config.prior_bias
            for ch, m in tried:
                if ch.visits == 0:
                    score = 1e9 + ch.prior
                else:
                    score = (ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                             + bias * ch.prior / (ch.visits + 1))
                if score > best_score:
                    best, best_score = (ch, m), score
            assert best is not None
            node, m = best
            state = play(state, m).state
            path.append(node)
            depth += 1
            if depth >= config.max_tree_depth:
                break
        # -- rollout -------------------------------------------------------
        plies = 0
        while plies < rollout_plies and active(state) is not None:
            m = rollout_move(game, state, rng) if rollout_move is not None else None
            if m is None:
                moves = legal(state)
                m = moves[0] if len(moves) == 1 else heur.policy(game, state, moves, rng)
            state = play(state, m).state
            plies += 1
        rewards = heur.rewards(game, state, active(state) is None, baseline)
        # -- backpropagation -------------------------------------------------
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards[n.player]
        done += 1
    priors = {mid: ch.prior for mid, ch in root.children.items() if mid in root_ids}
    visits = {mid: ch.visits for mid, ch in root.children.items() if mid in root_ids}
    values = {mid: (ch.reward / ch.visits if ch.visits else 0.0)
              for mid, ch in root.children.items() if mid in root_ids}
    return SearchResult(visits, values, done, time.perf_counter() - started, priors, root, baseline)


def _solo_baseline(game: Game, heur: Heuristics, state: State) -> float:
    """The score a solo player is projected to reach from the root (0 when not solo)."""
    if game.active_player(state) is None:
        return 0.0
    projected = heur.evaluate(game, state)
    return projected[0] if len(projected) == 1 else 0.0


def _best_prior(game: Game, heur: Heuristics, node: Node, state: State, untried: list[Move],
                rng: Rng) -> tuple[Move, float]:
    """The untried move to expand: best prior (computed once per move id), random among equals."""
    if len(untried) == 1 and node.priors is None:
        return untried[0], 0.5
    priors = node.priors
    if priors is None:
        priors = node.priors = {}
    missing = [m for m in untried if m.id not in priors]
    if missing:
        got = heur.prior(game, state, missing)
        if got is None:
            for m in missing:
                priors[m.id] = 0.5
        else:
            for m, p in zip(missing, got):
                priors[m.id] = p
    best: list[Move] = []
    top = -1.0
    for m in untried:
        p = priors[m.id]
        if p > top:
            best, top = [m], p
        elif p == top:
            best.append(m)
    return (best[0] if len(best) == 1 else best[rng.below(len(best))]), top
