"""Café game flow: config, setup, draft, auction, actions, end, protocol."""
from __future__ import annotations

import copy
import json
import random

import pytest

from brewhouse.cafe import CafeGame
from brewhouse.cafe.area import Board
from brewhouse.cafe.cards import Catalog, load_data
from brewhouse.cafe.scoring import solo_rank
from brewhouse.core import Match
from brewhouse.core.errors import GameOver, IllegalMove, InvalidConfig

from cafe_helpers import action_state, card_data, catalog_with, cube_census, ids, play

GAME = CafeGame()


def new(players=2, variant="standard", seed=1):
    return GAME.setup(GAME.normalize_config({"players": players, "variant": variant}), seed)


def finish_greedy(game, s, rnd):
    """Play on with a simple policy (prefer real actions over ending) until the end."""
    while game.active_player(s) is not None:
        moves = game.legal_moves(s)
        kinds = sorted({m.payload["kind"] for m in moves})
        kind = rnd.choice(kinds)
        s = game.apply(s, rnd.choice([m for m in moves if m.payload["kind"] == kind]).id).state
    return s


# -- config and setup -----------------------------------------------------------------

def test_identity_and_defaults():
    assert (CafeGame.id, CafeGame.title, CafeGame.min_players, CafeGame.max_players) == ("cafe", "Café", 1, 4)
    assert GAME.default_config() == {"players": 2, "variant": "standard"}


@pytest.mark.parametrize("config", [
    {"players": 0}, {"players": 5}, {"players": "2"}, {"variant": "speed"},
    {"players": 1, "variant": "auction"}, {"colour": "red"},
])
def test_bad_configs_are_rejected(config):
    with pytest.raises(InvalidConfig):
        GAME.normalize_config(config)


@pytest.mark.parametrize("players, variant, deck, stars", [
    (1, "standard", 24, False), (2, "standard", 32, False), (3, "standard", 40, False),
    (4, "standard", 48, True), (2, "auction", 24, False), (3, "auction", 32, False), (4, "auction", 40, False),
])
def test_deck_size_by_player_count(players, variant, deck, stars):
    s = new(players, variant)
    everything = len(s["deck"]) + len(s["row"])
    assert everything == deck
    assert s["removed"] == 48 - deck
    seen = set(s["deck"]) | set(s["row"])
    assert bool(seen & GAME.cat.star_ids) == stars
    for pl in s["players"]:
        assert pl["warehouse"] == {"yellow": 1, "brown": 1, "green": 1, "red": 1}
    assert len({pl["area"]["cards"][0].split()[0] for pl in s["players"]}) == players


def test_setup_is_reproducible_from_the_seed():
    assert new(3, seed=9) == new(3, seed=9)
    assert new(3, seed=9)["deck"] != new(3, seed=10)["deck"]


@pytest.mark.parametrize("players, variant", [(1, "standard"), (2, "standard"), (3, "standard"),
                                              (4, "standard"), (2, "auction"), (4, "auction")])
def test_the_deck_runs_out_on_the_eighth_round(players, variant):
    s = new(players, variant, seed=3)
    rounds = set()
    rnd = random.Random(0)
    while GAME.active_player(s) is not None:
        rounds.add(s["round"])
        moves = GAME.legal_moves(s)
        s = GAME.apply(s, rnd.choice(moves).id).state
    assert rounds == set(range(1, 9)) and s["deck"] == [] and s["phase"] == "over"


# -- draft -------------------------------------------------------------------------------------

def test_standard_draft_order_replacement_and_master_last():
    s = new(3, seed=4)
    m = s["master"]
    assert s["order"] == [(m + 1) % 3, (m + 2) % 3, m] and s["turn"] == (m + 1) % 3
    first = s["row"][0]
    move = next(x for x in GAME.legal_moves(s) if x.payload["slot"] == 0)
    t = GAME.apply(s, move.id)
    assert t.reveals, "the replacement card is drawn face up"
    s = t.state
    assert len(s["row"]) == 3 and first not in s["row"]
    assert s["players"][(m + 1) % 3]["hand"] == first
    s = GAME.apply(s, GAME.legal_moves(s)[0].id).state
    assert s["turn"] == m and len(s["row"]) == 3
    row = list(s["row"])
    s = GAME.apply(s, GAME.legal_moves(s)[0].id).state
    assert s["row"] == [] and len(set(row) & set(s["discard"])) == 2
    assert s["phase"] == "place" and s["turn"] == (m + 1) % 3


def test_cup_cards_cost_a_warehouse_cube_of_any_colour():
    cups = [c for c in GAME.cat.plan_ids if GAME.cat.has_cup(c)]
    plain = [c for c in GAME.cat.plan_ids if not GAME.cat.has_cup(c)]
    s = new(2, seed=2)
    s["row"] = [cups[0], plain[0], cups[1]]
    legal = ids(GAME, s)
    assert "take:1" in legal and "take:0" not in legal
    assert {f"buy:0:{c}" for c in ("yellow", "brown", "green", "red")} <= set(legal)
    p = s["turn"]
    s2, events = play(GAME, s, "buy:0:green")
    assert s2["players"][p]["warehouse"]["green"] == 0 and s2["supply"]["green"] == s["supply"]["green"] + 1
    assert events[0].code == "cafe.card_taken" and events[0].params["paid"] == "green"


def test_two_visible_ships_make_cup_cards_free():
    cups = [c for c in GAME.cat.plan_ids if GAME.cat.has_cup(c)]
    ship_card = card_data(["S", "S", "U", "y", "B", "C"], {}, "SHIPS")
    cat = catalog_with([ship_card] + [GAME.cat.card(c) for c in cups[:3]])
    game = CafeGame(catalog=cat)
    s = game.setup(game.normalize_config({"players": 2}), 1)
    s["row"] = cups[:3]
    p = s["turn"]
    s["players"][p]["area"]["cards"].append("SHIPS 2 0 0")
    legal = ids(game, s)
    assert legal == ["take:0", "take:1", "take:2"]
    move = game.legal_moves(s)[0]
    assert move.payload["free_by_ships"] is True


def test_a_player_who_cannot_pay_takes_a_card_and_discards_it():
    cups = [c for c in GAME.cat.plan_ids if GAME.cat.has_cup(c)]
    s = new(2, seed=2)
    s["row"] = cups[:3]
    p = s["turn"]
    s["players"][p]["warehouse"] = {c: 0 for c in GAME.cat.colours}
    s["supply"] = {c: v + 1 for c, v in s["supply"].items()}
    assert ids(GAME, s) == ["discard:0", "discard:1", "discard:2"]
    s, events = play(GAME, s, "discard:1")
    assert cups[1] in s["discard"] and s["players"][p]["hand"] is None
    assert any(e.code == "cafe.card_discarded" and e.params["reason"] == "cannot_pay" for e in events)
    # the others draft, then this player has no card to place and goes straight to actions
    s, _ = play(GAME, s, GAME.legal_moves(s)[0].id)
    assert s["turn"] == p and s["phase"] == "actions" and s["players"][p]["ap"] == 1


def test_master_passes_to_the_left_after_the_round():
    s = new(2, seed=5)
    m = s["master"]
    rnd = random.Random(1)
    while s["round"] == 1:
        s = GAME.apply(s, rnd.choice(GAME.legal_moves(s)).id).state
    assert s["master"] == (m + 1) % 2 and s["phase"] == "draft" and len(s["row"]) == 3


# -- auction variant -----------------------------------------------------------------------------

def test_auction_bids_equal_or_higher_take_the_token():
    s = new(3, "auction", seed=6)
    m = s["master"]
    a, b, c = m, (m + 1) % 3, (m + 2) % 3
    assert s["phase"] == "auction" and s["turn"] == a and len(s["row"]) == 4
    assert ids(GAME, s) == ["pass", "bid:1", "bid:2", "bid:3", "bid:4"]
    s, _ = play(GAME, s, "bid:1", "pay:red")  # a bids 1 (start cards have no ship: no ship step)
    assert s["auction"]["holder"] == a and s["players"][a]["warehouse"]["red"] == 0
    s, _ = play(GAME, s, "bid:1", "pay:yellow")  # b matches: equal takes the token
    assert s["auction"]["holder"] == b and s["turn"] == c
    assert "bid:1" in ids(GAME, s)
    s, _ = play(GAME, s, "pass")
    assert s["turn"] == a
    s, _ = play(GAME, s, "pass")  # everyone but b is out: auction over
    assert s["master"] == b and s["phase"] == "draft" and s["order"] == [b, c, a]
    assert s["supply"]["red"] == 32 + 1 and s["supply"]["yellow"] == 32 + 1
    # drafting: free, no replacement, the leftover card is discarded at the end of the round
    assert all(i.startswith("take:") for i in ids(GAME, s))
    row = list(s["row"])
    s, _ = play(GAME, s, "take:0", "take:0", "take:0")
    assert len(s["row"]) == 1 and s["phase"] == "place"
    rnd = random.Random(2)
    while s["round"] == 1:
        s = GAME.apply(s, rnd.choice(GAME.legal_moves(s)).id).state
    assert row[3] in s["discard"] and s["master"] == b and s["phase"] == "auction"


def test_auction_everyone_passes_keeps_the_master():
    s = new(2, "auction", seed=7)
    m = s["master"]
    s, events = play(GAME, s, "pass", "pass")
    assert s["master"] == m and s["order"][0] == m and s["phase"] == "draft"


def test_auction_bid_cube_stored_on_a_ship_returns_to_the_warehouse():
    ship_card = card_data(["S", "y", "U", "E", "B", "C"], {}, "SHIP")
    cat = catalog_with([ship_card] + [copy.deepcopy(GAME.cat.card(c)) for c in GAME.cat.plan_ids])
    game = CafeGame(catalog=cat)
    s = game.setup(game.normalize_config({"players": 2, "variant": "auction"}), 3)
    m = s["master"]
    s["players"][m]["area"]["cards"].append("SHIP 2 0 0")  # ship at (2,0)
    s, _ = play(game, s, "bid:2", "pay:red", "pay:green")
    assert s["auction"]["paying"]["left"] == 0
    assert set(ids(game, s)) == {"ship:none", "ship:r2c0:red", "ship:r2c0:green"}
    before = cube_census(s)
    s, events = play(game, s, "ship:r2c0:green")
    assert cube_census(s) == before
    assert s["players"][m]["area"]["ships"] == {"2,0": "green"}
    assert any(e.code == "cafe.cube_shipped" for e in events)
    # covering the ship sends the cube back to the warehouse
    pl = s["players"][m]
    green = pl["warehouse"]["green"]
    board = Board(game.cat, pl["area"])
    board.place("SHIP", 2, -2, 0, s["supply"], pl["warehouse"])  # covers (2,0) with (2,-2)..(3,0)
    assert pl["warehouse"]["green"] == green + 1 and pl["area"]["ships"] == {}


def _auction_with_ships(game, squares=("S", "S", "U", "E", "B", "C")):
    """A 2-player auction whose master has a card with ships at (2,0) (and (2,1))."""
    ship_card = card_data(list(squares), {}, "SHIPS")
    cat = catalog_with([ship_card] + [copy.deepcopy(GAME.cat.card(c)) for c in GAME.cat.plan_ids])
    game = game(cat)
    s = game.setup(game.normalize_config({"players": 2, "variant": "auction"}), 3)
    s["players"][s["master"]]["area"]["cards"].append("SHIPS 2 0 0")
    return game, s, s["master"], (s["master"] + 1) % 2


def _edition_one(cat=None):
    """Café under edition 1's rules (over a test catalogue when one is given)."""
    game = CafeGame.for_edition(CafeGame.edition_book().editions[0])
    if cat is not None:
        game = CafeGame(catalog=cat)
        game._edition = CafeGame.edition_book().editions[0]
    return game


def test_auction_raising_your_own_bid_pays_only_the_cubes_added():
    """Rulebooks, advanced variant 1b/1c: a bid is a number of warehouse cubes, paid at once;
    a later, higher bid of the same player adds cubes to the ones already offered."""
    s = new(2, "auction", seed=7)
    a = s["master"]
    b = (a + 1) % 2
    start = dict(s["supply"])
    s, _ = play(GAME, s, "bid:1", "pay:red", "bid:1", "pay:yellow")  # b equals a: b holds the token
    # a's offer is 1: a raise must add at least one cube (no cube is a pass), up to all 3 left
    moves = {m.id: m.payload for m in GAME.legal_moves(s)}
    assert list(moves) == ["pass", "bid:2", "bid:3", "bid:4"]
    assert [moves[f"bid:{n}"]["cost"] for n in (2, 3, 4)] == [1, 2, 3]
    s, events = play(GAME, s, "bid:2")
    assert s["auction"]["paying"]["left"] == 1
    assert [e.params for e in events if e.code == "cafe.bid"] == [{"amount": 2, "cost": 1}]
    s, _ = play(GAME, s, "pay:brown")
    assert s["auction"]["holder"] == a and s["auction"]["high"] == 2 and s["turn"] == b
    assert s["auction"]["offers"] == [2, 1] if a == 0 else [1, 2]
    s, _ = play(GAME, s, "bid:3", "pay:green", "pay:brown")  # b offers 3: 2 more cubes
    assert ids(GAME, s) == ["pass", "bid:3", "bid:4"]  # a offered 2 and has 2 cubes left
    s, _ = play(GAME, s, "pass")
    assert s["master"] == b and s["phase"] == "draft"
    assert sum(s["players"][a]["warehouse"].values()) == 4 - 2  # bid 1, then 2: 2 cubes in all
    assert sum(s["players"][b]["warehouse"].values()) == 4 - 3  # bid 1, then 3: 3 cubes in all
    assert s["supply"] == {"yellow": start["yellow"] + 1, "brown": start["brown"] + 2,
                           "green": start["green"] + 1, "red": start["red"] + 1}


def test_auction_edition_one_paid_every_bid_in_full():
    """Saves of edition 1 replay as they were played: a bid of 2 after a bid of 1 cost 2 more cubes."""
    game = _edition_one()
    s = game.setup(game.normalize_config({"players": 2, "variant": "auction"}), 7)
    a = s["master"]
    s, _ = play(game, s, "bid:1", "pay:red", "bid:1", "pay:yellow")
    assert ids(game, s) == ["pass", "bid:1", "bid:2", "bid:3"]
    s, _ = play(game, s, "bid:2", "pay:brown", "pay:green")
    assert set(s["auction"]) == {"high", "holder", "out", "paying"}  # the state edition 1 saves replay to
    s, _ = play(game, s, "pass")
    assert s["master"] == a and sum(s["players"][a]["warehouse"].values()) == 4 - 3


def test_auction_a_player_stores_at_most_one_bid_cube_per_auction():
    """Advanced variant, ship discount: a single cube of a player's bid may go on a ship."""
    game, s, m, o = _auction_with_ships(CafeGame)
    s, _ = play(game, s, "bid:1", "pay:red")
    assert set(ids(game, s)) == {"ship:none", "ship:r2c0:red", "ship:r2c1:red"}
    s, _ = play(game, s, "ship:r2c0:red", "bid:2", "pay:yellow", "pay:green")
    s, _ = play(game, s, "bid:2", "pay:brown")  # m equals: 1 more cube, and the second ship is not offered
    assert s["auction"]["paying"] is None and s["turn"] == o
    assert s["players"][m]["area"]["ships"] == {"2,0": "red"}
    s, _ = play(game, s, "pass")
    assert s["master"] == m and s["phase"] == "draft"
    assert s["players"][m]["area"]["ships"] == {"2,0": "red"}
    # the next round's auction lets the free ship take a cube again
    s = _next_auction(game, s)
    assert s["auction"]["stored"] == [False, False] and s["auction"]["offers"] == [0, 0]


def test_auction_a_player_who_stored_nothing_yet_may_store_a_cube_of_a_raise():
    game, s, m, o = _auction_with_ships(CafeGame, ("S", "y", "U", "E", "B", "C"))
    s, _ = play(game, s, "bid:1", "pay:red", "ship:none", "bid:2", "pay:yellow", "pay:green")
    s, _ = play(game, s, "bid:2", "pay:brown")
    assert set(ids(game, s)) == {"ship:none", "ship:r2c0:brown"}
    s, _ = play(game, s, "ship:r2c0:brown")
    assert s["players"][m]["area"]["ships"] == {"2,0": "brown"} and s["turn"] == o


def test_auction_edition_one_offered_the_ship_after_every_bid():
    game, s, m, o = _auction_with_ships(_edition_one)
    s, _ = play(game, s, "bid:1", "pay:red", "ship:r2c0:red", "bid:1", "pay:yellow")
    s, _ = play(game, s, "bid:1", "pay:green")
    assert set(ids(game, s)) == {"ship:none", "ship:r2c1:green"}
    s, _ = play(game, s, "ship:r2c1:green")
    assert s["players"][m]["area"]["ships"] == {"2,0": "red", "2,1": "green"}


def _next_auction(game, s):
    """Play on (first moves) until the next round's auction opens."""
    rnd = s["round"]
    while not (s["round"] > rnd and s["phase"] == "auction"):
        moves = game.legal_moves(s)
        s = game.apply(s, next((m.id for m in moves if m.id in ("end", "pass")), moves[0].id)).state
    return s


# -- actions ----------------------------------------------------------------------------------------

def test_action_points_are_visible_cups_capped_at_eight():
    cat_rows = ["U U U U U U", "U U U U U y"]  # 11 cups on two cards
    game, s = action_state(cat_rows, ap=0)
    pl = s["players"][0]
    pl["hand"] = "T0"
    s["phase"] = "place"
    s, _ = play(game, s, "place:r1:c-1:rot0")  # covers 2 cups with a card of 6 cups: 14 visible
    assert s["players"][0]["ap"] == 8 and s["players"][0]["ap_total"] == 8


def test_end_passes_the_remaining_points_and_zero_points_end_the_turn():
    game, s = action_state(["y E U", "E B C"], ap=2)
    s, events = play(game, s, "produce:r0c0", "end")
    assert any(e.code == "cafe.actions_ended" and e.params["unspent"] == 1 for e in events)
    game, s = action_state(["y E U", "E B C"], ap=1)
    s, events = play(game, s, "produce:r0c0")
    assert any(e.code == "cafe.actions_ended" and e.params["unspent"] == 0 for e in events)


def test_group_action_can_be_closed_early_with_done():
    game, s = action_state(["y b B", "E U B"], cubes={"0,0": ["yellow", 1], "0,1": ["brown", 1]}, ap=3)
    s, _ = play(game, s, "dry:r0c2:yellow")
    assert "done" in ids(game, s) and "end" not in ids(game, s)
    s, _ = play(game, s, "done")
    assert s["pending"] is None and s["players"][0]["ap"] == 2
    # drying the brown now is a new action costing another point
    move = next(m for m in game.legal_moves(s) if m.id == "dry:r1c2:brown")
    assert move.payload["cost"] == 1


# -- end and scores -----------------------------------------------------------------------------------

def over_two_players(totals_roast_dry):
    s = new(2, seed=1)
    s.update(phase="over", turn=None)
    for p, (wh, roast, dry) in enumerate(totals_roast_dry):
        pl = s["players"][p]
        pl["warehouse"] = {"yellow": wh, "brown": 10, "green": 10, "red": 10}  # 2*wh + 10 VP
        start = GAME.cat.card(pl["area"]["cards"][0].split()[0])
        kinds = [sq["kind"] for sq in start["squares"]]
        b = kinds.index("drying")
        c = kinds.index("roasting")
        pl["area"]["cubes"] = {}
        if roast:
            pl["area"]["cubes"][f"{c // 3},{c % 3}"] = ["red", roast]
        if dry:
            pl["area"]["cubes"][f"{b // 3},{b % 3}"] = ["red", dry]
    return GAME.outcome(s)


def test_tie_breaks_roasting_then_drying_then_shared():
    assert over_two_players([(3, 0, 0), (2, 5, 5)]).winners == (0,)
    assert over_two_players([(3, 1, 0), (3, 2, 0)]).winners == (1,)
    assert over_two_players([(3, 2, 1), (3, 2, 4)]).winners == (1,)
    out = over_two_players([(3, 2, 4), (3, 2, 4)])
    assert out.winners == (0, 1) and out.scores == (16, 16)
    assert out.breakdown[1]["roasting_cubes"] == 2 and out.breakdown[1]["drying_cubes"] == 4


@pytest.mark.parametrize("score, label", [
    (0, "mediocre"), (14, "mediocre"), (15, "average"), (22, "average"), (23, "good"), (29, "good"),
    (30, "very_good"), (35, "very_good"), (36, "excellent"), (40, "excellent"), (41, "exceptional"),
    (60, "exceptional"),
])
def test_solo_score_scale(score, label):
    assert solo_rank(score) == label


def test_solo_outcome_has_the_scale_label():
    s = new(1, seed=8)
    s = finish_greedy(GAME, s, random.Random(8))
    out = GAME.outcome(s)
    assert out.winners == (0,) and out.breakdown[0]["rank"] == solo_rank(out.scores[0])
    assert json.loads(json.dumps(out.to_json())) == out.to_json()


# -- protocol ----------------------------------------------------------------------------------------------

def test_json_round_trip_is_exact_all_game_long():
    for players, variant in ((1, "standard"), (3, "standard"), (4, "auction")):
        s = new(players, variant, seed=11)
        rnd = random.Random(players)
        while GAME.active_player(s) is not None:
            assert json.loads(json.dumps(s)) == s
            view = GAME.view(s, s["turn"])
            assert json.loads(json.dumps(view)) == view
            s = GAME.apply(s, rnd.choice(GAME.legal_moves(s)).id).state
        assert json.loads(json.dumps(s)) == s
        assert GAME.outcome(s) is not None and GAME.view(s, None)["outcome"] is not None


def test_illegal_moves_leave_the_state_unchanged():
    s = new(2, seed=12)
    before = copy.deepcopy(s)
    for bad in ("take:7", "buy:0:purple", "place:r0:c0:rot0", "end", "", "produce:r0c0", 42, None):
        with pytest.raises(IllegalMove):
            GAME.apply(s, bad)
        assert s == before
    # a legal move does not touch the input either
    GAME.apply(s, GAME.legal_moves(s)[0].id)
    assert s == before


def test_no_moves_after_the_end():
    s = finish_greedy(GAME, new(1, seed=13), random.Random(1))
    assert GAME.legal_moves(s) == [] and GAME.active_player(s) is None and GAME.phase(s) == "over"
    with pytest.raises(GameOver):
        GAME.apply(s, "end")


def test_move_ids_are_unique_and_payloads_json():
    s = new(4, seed=14)
    rnd = random.Random(3)
    for _ in range(400):
        if GAME.active_player(s) is None:
            break
        moves = GAME.legal_moves(s)
        assert len({m.id for m in moves}) == len(moves)
        for m in moves[:20]:
            assert json.loads(json.dumps(m.to_json())) == m.to_json()
        s = GAME.apply(s, rnd.choice(moves).id).state


def test_views_hide_the_deck_order():
    s = new(3, seed=15)
    other = copy.deepcopy(s)
    other["deck"] = list(reversed(other["deck"]))
    for viewer in (None, 0, 1, 2):
        v = GAME.view(s, viewer)
        assert v == {**GAME.view(other, viewer)}, "views must not depend on the deck order"
        assert v["deck_count"] == len(s["deck"]) and "deck" not in v
        text = json.dumps(v)
        for card in s["deck"]:
            assert f'"{card}"' not in text


def test_view_has_what_a_table_needs():
    s = new(2, seed=16)
    v = GAME.view(s, 0)
    for key in ("phase", "active", "round", "master", "row", "deck_count", "supply", "players", "pending"):
        assert key in v
    assert [c["id"] for c in v["row"]] == s["row"] and all("squares" in c for c in v["row"])
    pl = v["players"][0]
    grid = pl["area"]
    assert (grid["rows"], grid["cols"]) == (2, 3)
    assert grid["grid"][1][0]["kind"] == "cup" and grid["grid"][0][0]["kind"] == "production"
    assert pl["ap"] == 0 and pl["warehouse"] == {"yellow": 1, "brown": 1, "green": 1, "red": 1}
    assert GAME.phase(s) == "draft"


def test_view_describes_every_card_a_move_or_event_names():
    """Moves and events name cards by id; the view gives each one's face, so a
    table can say what the card shows instead of its catalogue number."""
    s = new(2, seed=16)
    rnd = random.Random(4)
    named: set[str] = set()
    while GAME.active_player(s) is not None and len(named) < 12:
        move = rnd.choice(GAME.legal_moves(s))
        if "card" in move.payload:
            named.add(move.payload["card"])
        result = GAME.apply(s, move.id)
        s = result.state
        for event in result.events:
            params = event.params if hasattr(event, "params") else event["params"]
            named.update([params["card"]] if "card" in params else params.get("cards", []))
        cards = GAME.view(s, 0)["cards"]
        assert named <= set(cards)
        assert all(cards[c]["id"] == c and cards[c]["squares"] for c in named)
    starts = [face for face in cards.values() if face["start"]]
    assert len(starts) == 2 and not any(face["start"] for face in cards.values() if face["id"] in GAME.cat.plan_ids)


def test_match_undo_stops_at_reveals():
    match = Match(GAME, {"players": 2}, seed=17)
    match.apply(match.game.legal_moves(match.state)[0].id)  # draws a replacement: a barrier
    assert not match.can_undo
    match.apply(match.game.legal_moves(match.state)[0].id)  # master's pick: no draw
    assert match.can_undo
    saved = match.to_save()
    assert saved["game"] == "cafe" and len(saved["moves"]) == 2


def test_reveals_mark_every_draw_and_nothing_else():
    s = new(2, seed=18)
    rnd = random.Random(5)
    saw_round_reveal = False
    while GAME.active_player(s) is not None:
        move = rnd.choice(GAME.legal_moves(s))
        t = GAME.apply(s, move.id)
        drew = len(t.state["deck"]) != len(s["deck"])
        assert t.reveals == drew, move.id
        if t.reveals and t.state["round"] != s["round"]:
            saw_round_reveal = True  # the last action of a round reveals the next cards
            assert move.payload["kind"] not in ("take", "discard")
        s = t.state
    assert saw_round_reveal


def test_a_card_with_no_legal_spot_is_discarded(monkeypatch):
    # never happens with real cards (a 2-square overlap away from a cup always
    # exists); the fallback keeps the game moving if a future card set allows it
    game = CafeGame(catalog=Catalog(load_data()))  # a fresh catalogue: no memoised layouts
    s = game.setup(game.normalize_config({"players": 1}), 19)
    s, _ = play(game, s, game.legal_moves(s)[0].id)
    assert s["phase"] == "place"
    monkeypatch.setattr(Board, "placements_for", lambda self, card: [])
    card = s["players"][0]["hand"]
    assert ids(game, s) == ["place:discard"]
    s, events = play(game, s, "place:discard")
    assert card in s["discard"] and s["phase"] == "actions"
    assert any(e.code == "cafe.card_discarded" and e.params["reason"] == "no_placement" for e in events)


@pytest.mark.parametrize("players, variant", [(1, "standard"), (2, "standard"), (3, "standard"),
                                              (4, "standard"), (3, "auction")])
def test_determinized_states_match_the_view_and_hide_only_the_deck(players, variant):
    from brewhouse.cafe.game import stars_removed
    from brewhouse.core.rng import Rng

    s = new(players, variant, seed=20 + players)
    rnd = random.Random(players)
    rng = Rng.from_seed(1)
    step = 0
    while GAME.active_player(s) is not None:
        if step % 7 == 0:
            viewer = step % players
            view = GAME.view(s, viewer)
            sampler = GAME.determinizer(view, viewer)
            decks = set()
            for _ in range(3):
                sample = sampler.sample(rng)
                assert GAME.view(sample, viewer) == view
                assert json.loads(json.dumps(sample)) == sample
                assert len(sample["deck"]) == len(s["deck"])
                if stars_removed(variant, players):
                    assert not set(sample["deck"]) & GAME.cat.star_ids
                # everything but the deck is the real state
                assert {k: v for k, v in sample.items() if k not in ("deck", "rng")} == \
                    {k: v for k, v in s.items() if k not in ("deck", "rng")}
                decks.add(tuple(sample["deck"]))
            if len(s["deck"]) > 2:
                assert len(decks) > 1, "the deck is really sampled"
        s = GAME.apply(s, rnd.choice(GAME.legal_moves(s)).id).state
        step += 1
