"""Café bot knowledge: layout throughput, one-step look-ahead without side effects."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from brewhouse.cafe import heuristics as H
from brewhouse.cafe.area import Board
from brewhouse.cafe.game import CafeGame
from brewhouse.cafe.planner import greedy_phase, plan_turn
from brewhouse.core import Rng

GAME = CafeGame()
POSITIONS = Path(__file__).parent / "positions"


def _state(seed: int = 3):
    return GAME.setup(GAME.normalize_config({"players": 1}), seed=seed)


def test_start_area_moves_one_colour_per_cycle():
    state = _state()
    board = Board(GAME.cat, state["players"][0]["area"])
    rate, shares, biggest_drying, biggest_roasting = H.layout_rate(board.layout)
    # 3 production squares in one group, but one drying and one roasting square:
    # one colour (one cube) per produce-dry-roast-deliver cycle of 4 points
    assert rate == 0.25
    assert sum(shares.values()) == 1.0
    assert (biggest_drying, biggest_roasting) == (1, 1)


def test_lookahead_leaves_the_state_untouched():
    state = _state(5)
    rng = Rng.from_seed(1)
    seen_actions = 0
    while GAME.active_player(state) is not None and seen_actions < 25:
        moves = GAME.legal_moves(state)
        if state["phase"] == "actions":
            before = copy.deepcopy(state)
            prior = H.HEURISTICS.prior(GAME, state, moves)
            assert state == before
            assert len(prior) == len(moves) and all(0.0 <= p <= 1.0 for p in prior)
            seen_actions += 1
        state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
    assert seen_actions > 0


def test_evaluation_is_the_score_at_the_end():
    state = _state(7)
    rng = Rng.from_seed(2)
    while GAME.active_player(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
    out = GAME.outcome(state)
    assert H.HEURISTICS.evaluate(GAME, state) == [float(out.scores[0])]


def _broke_solo_state(round_: int):
    """A solo position in the draft of ``round_`` with an empty warehouse and no ships."""
    state = _state(11)
    state["round"] = round_
    state["players"][0]["warehouse"] = {c: 0 for c in GAME.cat.colours}
    return state


def test_an_empty_warehouse_costs_the_next_draft():
    # With no cube and fewer than two ships, a row of cup cards cannot be
    # paid for and the round's card is lost: the evaluation charges for it
    # while drafts remain, and only then.
    broke = _broke_solo_state(3)
    one_cube = copy.deepcopy(broke)
    one_cube["players"][0]["warehouse"]["yellow"] = 1
    # one yellow cube alone scores nothing in the warehouse (the two scarcest colours are empty)
    assert H.HEURISTICS._value(GAME, one_cube, 0) - H.HEURISTICS._value(GAME, broke, 0) >= H._BROKE

    last = _broke_solo_state(8)  # the last draft: no card is left to pay for afterwards
    last_one = copy.deepcopy(last)
    last_one["players"][0]["warehouse"]["yellow"] = 1
    # (only the small credit for a spare colour remains)
    assert abs(H.HEURISTICS._value(GAME, last_one, 0) - H.HEURISTICS._value(GAME, last, 0)) < 0.1


def test_paying_with_the_last_cube_weighs_on_the_draft():
    state = _broke_solo_state(2)
    state["players"][0]["warehouse"]["green"] = 1
    moves = GAME.legal_moves(state)
    scores = H.HEURISTICS._draft_scores(GAME, state, moves, Rng.from_seed(1))
    board = Board(GAME.cat, state["players"][0]["area"])
    checked = 0
    for move, score in zip(moves, scores):
        if move.payload.get("pay") and H.HEURISTICS._ships_with(GAME, board, move.payload["card"]) < 2:
            card_value = H.HEURISTICS._card_value(GAME, state, move.payload["card"])  # every placement
            assert score <= card_value - H._BROKE
            checked += 1
    assert checked > 0


def test_an_empty_warehouse_costs_nothing_when_cards_are_free():
    # After an auction cards are free: the warehouse pays for bids, not cards.
    state = GAME.setup(GAME.normalize_config({"players": 2, "variant": "auction"}), seed=4)
    state["round"] = 3
    for pl in state["players"]:
        pl["warehouse"] = {c: 0 for c in GAME.cat.colours}
    one_cube = copy.deepcopy(state)
    one_cube["players"][0]["warehouse"]["yellow"] = 1
    assert abs(H.HEURISTICS._value(GAME, one_cube, 0) - H.HEURISTICS._value(GAME, state, 0)) < 0.1


def _last_round(players: int, seed: int):
    """A game played by the rollout policy up to the draft of the last round."""
    state = GAME.setup(GAME.normalize_config({"players": players}), seed=seed)
    rng = Rng.from_seed(seed)
    while not (state["round"] == H.ROUNDS and state["phase"] == "draft"):
        moves = GAME.legal_moves(state)
        state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
    return state


def _planned_points(state, move_id: str) -> float:
    """Final points of player 0 after ``move_id`` and the action phase planned as the bot plans it."""
    move = next(m for m in GAME.legal_moves(state) if m.id == move_id)
    after = GAME.play(copy.deepcopy(state), move).state
    value, _path, _end = H.HEURISTICS._plan_actions(GAME, after, 0, H.LAST_ROUND_WIDTH)
    return value


def test_last_round_placement_is_planned_to_the_final_score():
    heur = H.CafeHeuristics()
    state = _last_round(1, 21)
    take = next(m for m in GAME.legal_moves(state) if m.payload["kind"] == "take")
    state = GAME.play(state, take).state
    assert state["phase"] == "place"
    moves = GAME.legal_moves(state)
    before = copy.deepcopy(state)
    chosen = heur.solve(GAME, state, 0, moves, 1.0)
    assert state == before  # trial plans run on copies
    places = [m for m in moves if m.payload["kind"] == "place"]
    tried = heur._last_round_candidates(GAME, state, 0, places, H.LAST_ROUND_PLACEMENTS)
    assert chosen in {places[i].id for i in tried}
    # the spots tried: the best greedy finishes and the evaluation's favourite
    scores = heur._place_scores(GAME, state, places)
    favourite = max(range(len(places)), key=lambda i: scores[i])
    assert favourite in tried and len(tried) >= H.LAST_ROUND_PLACEMENTS
    # the chosen spot ends the game with the most points of the spots tried, so at least as
    # many as the spot the evaluation alone prefers
    best = max(_planned_points(state, places[i].id) for i in tried)
    assert _planned_points(state, chosen) == best >= _planned_points(state, places[favourite].id)


def test_solo_last_draft_takes_the_card_with_the_best_planned_finish():
    heur = H.CafeHeuristics()
    state = _last_round(1, 23)
    moves = GAME.legal_moves(state)
    chosen = heur.solve(GAME, state, 0, moves, 1.0)
    by_id = {m.id: m for m in moves}
    assert chosen in by_id and by_id[chosen].payload["kind"] == "take"
    # every card, placed at its best tried spot, finishes with no more points than the chosen one
    finals = {}
    for m in moves:
        after = GAME.play(copy.deepcopy(state), m).state
        value, _id, _wh = heur._best_placement(GAME, after, 0, GAME.legal_moves(after),
                                               H.LAST_ROUND_PLACEMENTS, H.LAST_ROUND_WIDTH)
        finals[m.id] = value
    assert finals[chosen] == max(finals.values())
    # and the placement planned with it is played at once
    after = GAME.play(copy.deepcopy(state), by_id[chosen]).state
    place = heur.solve(GAME, after, 0, GAME.legal_moves(after), 1.0)
    assert place is not None and place.startswith("place:")


def test_last_round_plans_report_their_progress_and_choose_the_same():
    state = _last_round(1, 23)
    moves = GAME.legal_moves(state)
    heard: list[float] = []
    chosen = H.CafeHeuristics().solve(GAME, state, 0, moves, 1.0, progress=heard.append)
    assert chosen == H.CafeHeuristics().solve(GAME, state, 0, moves, 1.0)
    # one report per spot planned, every card's share in turn: rising from 0 towards 1
    assert len(heard) >= 3 * H.LAST_ROUND_PLACEMENTS
    assert heard[0] == 0.0 and heard == sorted(heard) and heard[-1] < 1.0


def test_a_bot_thinking_over_the_last_round_fills_its_indicator():
    from brewhouse.bots import make_bot

    state = _last_round(1, 23)
    bot = make_bot("hard", 1)
    heard: list[float] = []
    bot.configure(progress=heard.append)
    move = bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state))
    assert bot.last is None and move.startswith(("take:", "buy:"))  # planned, not searched
    assert heard and max(heard) > 0.5


def test_last_round_draft_with_opponents_stays_with_the_search():
    heur = H.CafeHeuristics()
    state = _last_round(2, 5)
    assert heur.solve(GAME, state, state["turn"], GAME.legal_moves(state), 1.0) is None
    while state["phase"] == "draft":  # both players take a card
        state = GAME.play(state, GAME.legal_moves(state)[0]).state
    assert state["phase"] == "place"
    p = state["turn"]
    chosen = heur.solve(GAME, state, p, GAME.legal_moves(state), 1.0)
    assert chosen is not None and chosen.startswith("place:")


def test_earlier_placements_stay_with_the_search():
    heur = H.CafeHeuristics()
    state = _state(4)
    state = GAME.play(state, GAME.legal_moves(state)[0]).state
    assert state["phase"] == "place" and state["round"] < H.ROUNDS
    assert heur.solve(GAME, state, 0, GAME.legal_moves(state), 1.0) is None


def _group_choices(max_positions: int = 12):
    """Action-phase positions (from rollout-policy games) where one colour could open a dry or
    roast action on groups that can take different numbers of loads."""
    found = []
    for seed in range(1, 40):
        state = _state(seed)
        rng = Rng.from_seed(seed)
        while GAME.active_player(state) is not None and len(found) < max_positions:
            moves = GAME.legal_moves(state)
            if state["phase"] == "actions" and state["pending"] is None:
                board = Board(GAME.cat, state["players"][0]["area"])
                by_colour = {}
                for m in moves:
                    pay = m.payload
                    if pay["kind"] in ("dry", "roast") and pay["cost"]:
                        upstream = len(board.colours_on("production" if pay["kind"] == "dry" else "drying"))
                        keys = [f"{r},{c}" for r, c in pay["group"]]
                        loads = H.CafeHeuristics._group_loads(board.area["cubes"], keys, upstream)
                        by_colour.setdefault((pay["kind"], pay["colour"]), []).append((m, loads))
                for options in by_colour.values():
                    if len({loads for _m, loads in options}) > 1:
                        found.append((copy.deepcopy(state), options))
                        break
            state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
        if len(found) >= max_positions:
            break
    return found


def test_group_action_opens_where_the_most_colours_move():
    # One action point fills every free square of a group, one colour each: opening a
    # dry/roast action on a one-square group when a bigger one could take every waiting
    # colour wastes points (the greedy phase and the rollouts used to pick the first).
    positions = _group_choices()
    assert len(positions) >= 5
    for state, options in positions:
        moves = GAME.legal_moves(state)
        scores = H.HEURISTICS._action_scores(GAME, state, moves)
        score_of = {m.id: s for m, s in zip(moves, scores)}
        best_move, best_loads = max(options, key=lambda o: score_of[o[0].id])
        assert best_loads == max(loads for _m, loads in options)
        # played greedily, that one action point moves that many loads
        s = GAME.play(copy.deepcopy(state), best_move).state
        ap = s["players"][0]["ap"]
        filled = 1
        while s["pending"] is not None and s["pending"]["kind"] == best_move.payload["kind"]:
            follow = GAME.legal_moves(s)
            fs = H.HEURISTICS._action_scores(GAME, s, follow)
            pick = follow[max(range(len(follow)), key=fs.__getitem__)]
            s = GAME.play(s, pick).state
            filled += pick.payload["kind"] == best_move.payload["kind"]
        assert s["players"][0]["ap"] == ap
        assert filled == best_loads


def _cup_card_draft():
    """A solo round-2 draft whose row shows cup cards and a warehouse of uneven colours."""
    state = _state(11)
    rng = Rng.from_seed(4)
    while not (state["phase"] == "draft" and state["round"] == 2):
        moves = GAME.legal_moves(state)
        state = GAME.play(state, H.HEURISTICS.policy(GAME, state, moves, rng)).state
    colours = GAME.cat.colours
    state["players"][0]["warehouse"] = {colours[0]: 3, colours[1]: 1, colours[2]: 2, colours[3]: 1}
    cup_cards = [c for c in GAME.cat.plan_ids if GAME.cat.has_cup(c)]
    state["row"] = cup_cards[:3]
    return state


def test_search_weighs_each_card_once_paid_with_the_cube_missed_least():
    # Paying for a cup card with yellow, brown, green or red are four draft moves that
    # differ only in the warehouse's score: the search weighs each card once, paid
    # with the colour the warehouse misses least (here the most plentiful one).
    state = _cup_card_draft()
    moves = GAME.legal_moves(state)
    assert len(moves) == 12
    kept = H.HEURISTICS.root_moves(GAME, state, 0, moves)
    plenty = GAME.cat.colours[0]
    assert [m.id for m in kept] == [f"buy:{slot}:{plenty}" for slot in range(3)]
    # placements and actions are searched whole
    placed = GAME.play(copy.deepcopy(state), kept[0]).state
    place_moves = GAME.legal_moves(placed)
    assert H.HEURISTICS.root_moves(GAME, placed, 0, place_moves) == place_moves


def test_the_bot_searches_only_the_kept_draft_moves():
    from brewhouse.bots import make_bot
    state = _cup_card_draft()
    bot = make_bot("hard", 3, iterations=30)
    chosen = bot.choose(GAME, GAME.view(state, 0), GAME.legal_moves(state))
    kept = {m.id for m in H.HEURISTICS.root_moves(GAME, state, 0, GAME.legal_moves(state))}
    assert chosen in kept
    assert set(bot.last.visits) <= kept and sum(bot.last.visits.values()) == 30


def _replay(state, path):
    for move_id in path:
        state = GAME.play(state, next(m for m in GAME.legal_moves(state) if m.id == move_id)).state
    return state


def test_last_round_plans_judge_positions_by_the_greedy_finish():
    # The last action phase of a solo game (seed 16, hard at 150 iterations, after its
    # draft and placement).  A beam judging positions by the evaluation prunes the
    # line that delivers most: 12 wide it ends where the greedy phase ends.  Judging
    # each position by the greedy phase played on from it finds 8 more points.
    state = json.loads((POSITIONS / "solo-last-round-seed16.json").read_text())
    assert state["round"] == H.ROUNDS and state["phase"] == "actions"
    heur = H.CafeHeuristics()

    def rank(s, moves):
        return heur._action_scores(GAME, s, moves)

    greedy_path, greedy_end = greedy_phase(GAME, copy.deepcopy(state), 0, H._action_copy, rank)
    assert GAME.outcome(greedy_end).scores == (35,)
    on_evaluation, _v, _end = plan_turn(GAME, copy.deepcopy(state), 0, H.PLAN_WIDTH, H._action_copy,
                                        lambda s, p: heur._end_value(GAME, s, p), rank)
    assert GAME.outcome(_replay(copy.deepcopy(state), on_evaluation)).scores == (35,)

    before = copy.deepcopy(state)
    value, path, _end = heur._plan_actions(GAME, state, 0, H.LAST_ROUND_PLAN_WIDTH)
    assert state == before
    assert value == 43
    assert GAME.outcome(_replay(copy.deepcopy(state), path)).scores == (43,)
    # the bot plays that plan, move by move
    s = copy.deepcopy(state)
    while s["phase"] == "actions":
        move_id = heur.solve(GAME, s, 0, GAME.legal_moves(s), 1.0)
        s = _replay(s, [move_id])
    assert GAME.outcome(s).scores == (43,)
