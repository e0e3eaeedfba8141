"""Placement: the rulebook sequence (2, 3, 4, 3 squares) and the edge cases."""
from __future__ import annotations

import copy

import pytest

from brewhouse.cafe import CafeGame
from brewhouse.cafe.area import Board
from brewhouse.core.errors import IllegalMove

from cafe_helpers import card_data, catalog_with, ids, play

# two plain plan cards: one with a cup, one without
WITH_CUP = card_data(["y", "B", "U", "C", "E", "S"], {}, "X1")
NO_CUP = card_data(["g", "B", "E", "C", "E", "S"], {}, "X2")


def place_state(card: str, cards=None):
    """Solo game, round 1, about to place ``card`` on the start card S1."""
    cat = catalog_with(cards or [WITH_CUP, NO_CUP])
    game = CafeGame(catalog=cat)
    s = game.setup(game.normalize_config({"players": 1}), seed=0)
    s["players"][0]["hand"] = card
    s.update(phase="place", turn=0, order=[0], pos=0, row=[])
    return game, s


def shape_cells(r, c, rot):
    rows, cols = (2, 3) if rot in (0, 180) else (3, 2)
    return {(r + dr, c + dc) for dr in range(rows) for dc in range(cols)}


def test_rulebook_sequence_covers_two_three_four_three_squares():
    game, s = place_state("X1")
    occupied = {(r, c) for r in range(2) for c in range(3)}  # the start card
    sequence = [((1, 1, 0), 2), ((-1, 2, 90), 3), ((-1, 0, 0), 4), ((1, -1, 0), 3)]
    for (r, c, rot), expected in sequence:
        cells = shape_cells(r, c, rot)
        assert len(cells & occupied) == expected  # our own count of visible squares covered
        s["players"][0]["hand"] = "X1"
        s.update(phase="place", turn=0, pos=0, pending=None)
        move_id = f"place:r{r}:c{c}:rot{rot}"
        move = next(m for m in game.legal_moves(s) if m.id == move_id)
        assert move.payload["covers"] == expected
        s, events = play(game, s, move_id)
        placed = next(e for e in events if e.code == "cafe.card_placed")
        assert placed.params["covered"] == expected
        occupied |= cells
        board = Board(game.cat, s["players"][0]["area"])
        assert set(board.top) == occupied
        # the new card is on top of every cell it lies on
        pi = len(board.placements) - 1
        assert all(board.top[cell][0] == pi for cell in cells)
    assert s["phase"] == "actions"


def test_covering_one_or_five_squares_is_illegal():
    game, s = place_state("X1")
    legal = ids(game, s)
    assert "place:r1:c2:rot0" not in legal  # covers (1,2) only
    assert "place:r1:c1:rot0" in legal      # covers 2
    with pytest.raises(IllegalMove):
        game.apply(s, "place:r1:c2:rot0")
    s, _ = play(game, s, "place:r1:c1:rot0")
    s["players"][0]["hand"] = "X1"
    s.update(phase="place", turn=0, pos=0)
    # rows 0-1, cols 1-3 now cover five visible squares
    assert "place:r0:c1:rot0" not in ids(game, s)
    # exactly on top of the start card: six squares
    assert "place:r0:c0:rot0" not in ids(game, s)
    for m in game.legal_moves(s):
        assert 2 <= m.payload["covers"] <= 4


def test_hidden_squares_do_not_count_as_covered():
    game, s = place_state("X1")
    s, _ = play(game, s, "place:r0:c1:rot0")  # covers (0,1),(0,2),(1,1),(1,2): 4
    s["players"][0]["hand"] = "X1"
    s.update(phase="place", turn=0, pos=0)
    # (0,1)/(0,2)/(1,1)/(1,2) now hold two cards each, but count once
    move = next(m for m in game.legal_moves(s) if m.id == "place:r0:c2:rot0")
    assert move.payload["covers"] == 4  # (0,2),(0,3),(1,2),(1,3)


def test_at_least_one_cup_must_stay_visible():
    # the start card's only cup is at (1,0); a cupless card may not hide it
    game, s = place_state("X2")
    legal = ids(game, s)
    hides_cup = "place:r0:c-2:rot0"  # covers (0,0) and (1,0): the cup
    assert hides_cup not in legal
    before = copy.deepcopy(s)
    with pytest.raises(IllegalMove):
        game.apply(s, hides_cup)
    assert s == before
    # the same spot is fine for a card bringing its own cup
    game2, s2 = place_state("X1")
    assert hides_cup in ids(game2, s2)
    s2, _ = play(game2, s2, hides_cup)
    assert s2["players"][0]["ap"] == 1  # the old cup is hidden, the new one shows


def test_cubes_under_a_new_card_go_back_to_the_supply():
    game, s = place_state("X1")
    area = s["players"][0]["area"]
    area["cubes"] = {"0,0": ["yellow", 1], "0,2": ["brown", 3]}  # (0,2) is the start card's B square
    s["supply"]["yellow"] -= 1
    s["supply"]["brown"] -= 3
    supply = dict(s["supply"])
    s, events = play(game, s, "place:r-1:c1:rot0")  # rows -1..0, cols 1-3: covers (0,1), (0,2)
    placed = next(e for e in events if e.code == "cafe.card_placed")
    assert placed.params["cubes_to_supply"] == {"brown": 3}
    assert s["supply"]["brown"] == supply["brown"] + 3
    assert s["players"][0]["area"]["cubes"] == {"0,0": ["yellow", 1]}


def test_all_four_rotations_are_offered_and_rotate_the_squares():
    game, s = place_state("X1")
    rots = {m.payload["rot"] for m in game.legal_moves(s)}
    assert rots == {0, 90, 180, 270}
    # X1 = [y B U / C E S]; a quarter turn clockwise gives [C y / E B / S U]
    s, _ = play(game, s, "place:r0:c2:rot90")  # rows 0-2, cols 2-3: covers (0,2), (1,2)
    grid = game.view(s, 0)["players"][0]["area"]
    at = {(cell["row"], cell["col"]): cell for line in grid["grid"] for cell in line if cell}
    kinds = [[at[(r, c)]["kind"] for c in (2, 3)] for r in (0, 1, 2)]
    assert kinds == [["roasting", "production"], ["empty", "drying"], ["ship", "cup"]]
    assert at[(0, 3)]["colour"] == "yellow"


def naive_placements(cat, board, card):
    """Every anchor and rotation tried one by one (the slow, obvious way)."""
    top = board.top
    cups = {cell for cell, hit in top.items() if hit[2]["kind"] == "cup"}
    rows = [r for r, _ in top]
    cols = [c for _, c in top]
    out = set()
    for rot in (0, 90, 180, 270):
        shape = cat.shape(card, rot)
        for r in range(min(rows) - 4, max(rows) + 5):
            for c in range(min(cols) - 4, max(cols) + 5):
                cells = [(r + dr, c + dc) for dr, dc in shape.cells]
                covered = sum(1 for x in cells if x in top)
                visible_cups = len(cups - set(cells)) + len(shape.cups)
                if 2 <= covered <= 4 and visible_cups >= 1:
                    out.add((r, c, rot, covered))
    return out


def test_fast_placement_enumeration_matches_the_naive_one():
    import random

    game = CafeGame()
    checked = 0
    for seed in range(6):
        s = game.setup(game.normalize_config({"players": 2}), seed)
        rnd = random.Random(seed)
        while game.active_player(s) is not None:
            if s["phase"] == "place":
                pl = s["players"][s["turn"]]
                board = Board(game.cat, pl["area"])
                fast = board.placements_for(pl["hand"])
                assert len(fast) == len(set(fast))
                assert set(fast) == naive_placements(game.cat, board, pl["hand"])
                checked += 1
            s = game.apply(s, rnd.choice(game.legal_moves(s)).id).state
    assert checked > 20


def test_a_new_card_always_goes_on_top_never_under():
    game, s = place_state("X1")
    s, _ = play(game, s, "place:r0:c1:rot0")  # X1 over the right part of the start card
    s["players"][0]["hand"] = "X2"
    s.update(phase="place", turn=0, pos=0)
    # every option puts X2 on top: each of its cells shows X2 afterwards, and the
    # X1 squares it overlaps are hidden for good (no move can slide a card under)
    for move in game.legal_moves(s)[:40]:
        after = game.apply(s, move.id).state
        board = Board(game.cat, after["players"][0]["area"])
        shape = game.cat.shape("X2", move.payload["rot"])
        for dr, dc in shape.cells:
            cell = (move.payload["row"] + dr, move.payload["col"] + dc)
            assert board.top[cell][0] == 2  # the third card placed


def test_a_layout_built_on_the_one_below_is_the_fresh_layout():
    """Adding one card to a known layout (what bots do for every placement they weigh) changes nothing."""
    from brewhouse.cafe.area import _Layout, encode_placement
    from brewhouse.cafe.heuristics import HEURISTICS
    from brewhouse.core import Rng

    game = CafeGame()
    state = game.setup(game.normalize_config({"players": 2}), seed=3)
    rng = Rng.from_seed(3)
    checked = 0
    while game.active_player(state) is not None:
        if state["phase"] == "place":
            player = state["players"][state["turn"]]
            board = Board(game.cat, player["area"])
            for r, c, rot, _n in board.placements_for(player["hand"])[:12]:
                cards = tuple(player["area"]["cards"]) + (encode_placement(player["hand"], r, c, rot),)
                built, fresh = _Layout(game.cat, cards, board.layout), _Layout(game.cat, cards)
                assert (built.placements, built.top, built.kinds, built.kind_at, built.cups) == \
                    (fresh.placements, fresh.top, fresh.kinds, fresh.kind_at, fresh.cups)
                checked += 1
        state = game.play(state, HEURISTICS.policy(game, state, game.legal_moves(state), rng)).state
    assert checked > 100


def test_the_reused_board_always_reads_the_area_as_it_is():
    """board_of hands back the board it made last only for that very area with the same cards:
    a placement, another area, or a cards list put in place of the old one gives a fresh read."""
    from brewhouse.cafe.area import board_of

    game = CafeGame()
    state = game.setup(game.normalize_config({"players": 2}), seed=5)
    cat = game.cat
    area = state["players"][0]["area"]
    board = board_of(cat, area)
    assert board_of(cat, area) is board
    other = copy.deepcopy(area)
    assert board_of(cat, other) is not board and board_of(cat, other).area is other
    card = state["row"][0]
    r, c, rot, _n = Board(cat, area).placements_for(card)[0]
    Board(cat, area).place(card, r, c, rot, dict.fromkeys(cat.colours, 30), dict.fromkeys(cat.colours, 0))
    after = board_of(cat, area)  # a card more on the same list
    assert after is not board and after.placements == Board(cat, area).placements
    area["cards"] = area["cards"][:1]  # the list itself replaced
    again = board_of(cat, area)
    assert again.placements == Board(cat, area).placements and len(again.placements) == 1


def test_rollout_actions_read_the_moves_and_loads_listing_read():
    """action_moves_read lists the legal moves, with the mover's board and (outside a group
    action or a delivery) its loads, as read afresh."""
    from brewhouse.cafe.heuristics import HEURISTICS
    from brewhouse.core import Rng

    game = CafeGame()
    state = game.setup(game.normalize_config({"players": 1}), seed=9)
    rng = Rng.from_seed(9)
    checked = with_loads = 0
    while game.active_player(state) is not None:
        moves = game.legal_moves(state)
        if state["phase"] == "actions":
            listed, board, loads = game.action_moves_read(state)
            assert listed == moves
            fresh = Board(game.cat, state["players"][state["turn"]]["area"])
            assert board.placements == fresh.placements and board.area is fresh.area
            assert (loads is None) == (state["pending"] is not None)
            if loads is not None:
                assert loads == fresh.loads()
                with_loads += 1
            checked += 1
        state = game.play(state, HEURISTICS.policy(game, state, moves, rng)).state
    assert checked > 30 and with_loads > 10


def test_open_cafes_are_the_available_ones_in_placement_order():
    """The memoised list the bots read matches the per-café rule (every square visible)."""
    from brewhouse.cafe.area import Board
    from brewhouse.cafe.game import CafeGame
    from brewhouse.core.match import Match
    from brewhouse.core.rng import Rng

    game = CafeGame()
    for seed in range(6):
        match = Match(game, {"players": 2}, seed)
        rng = Rng.from_seed(seed)
        while match.active_player is not None:
            for pl in match.state["players"]:
                board = Board(game.cat, pl["area"])
                expected = [(cid, board.cafe_face(cid)) for cid in board.cafe_ids() if board.cafe_available(cid)]
                assert board.open_cafes() == expected
            moves = game.legal_moves(match.state)
            match.apply(moves[rng.below(len(moves))].id)
