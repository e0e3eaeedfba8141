"""Engine protocol: JSON states, illegal moves, views, reveals, determinism, Match."""
from __future__ import annotations

import copy
import json
import random

import pytest

from brewhouse.core import GameOver, IllegalMove, InvalidConfig, Match

from .helpers import GAME, new, play


def random_walk(seed: int, steps: int, players: int = 3):
    rnd = random.Random(seed)
    s = new(players, seed)
    history = []
    for _ in range(steps):
        if GAME.active_player(s) is None:
            break
        mid = rnd.choice(GAME.legal_moves(s)).id
        history.append(mid)
        s = GAME.apply(s, mid).state
    return s, history


def test_json_round_trip_is_exact_everywhere():
    for seed in range(5):
        s, _ = random_walk(seed, 150)
        assert json.loads(json.dumps(s)) == s


def test_same_seed_and_moves_give_the_same_game():
    s1, hist = random_walk(11, 200)
    s2 = new(3, 11)
    for mid in hist:
        s2 = GAME.apply(s2, mid).state
    assert s1 == s2


def test_illegal_moves_leave_the_state_unchanged():
    s, _ = random_walk(4, 60)
    before = copy.deepcopy(s)
    for bad in ("space:nowhere", "icon:99", "serve:both", "", "target:p9:x", "city:row1:slot9"):
        with pytest.raises(IllegalMove):
            GAME.apply(s, bad)
        assert s == before
    with pytest.raises(IllegalMove):
        GAME.apply(s, 42)  # type: ignore[arg-type]
    assert s == before


def test_apply_never_mutates_its_input():
    s, _ = random_walk(8, 40)
    before = copy.deepcopy(s)
    GAME.apply(s, GAME.legal_moves(s)[0].id)
    assert s == before


def test_game_over_refuses_moves_and_has_an_outcome():
    rnd = random.Random(2)
    s = new(2, 2)
    while GAME.active_player(s) is not None:
        s = GAME.apply(s, rnd.choice(GAME.legal_moves(s)).id).state
    assert GAME.phase(s) == "over" and GAME.legal_moves(s) == []
    with pytest.raises(GameOver):
        GAME.apply(s, "space:beans")
    out = GAME.outcome(s)
    assert len(out.breakdown) == 2 and set(out.breakdown[0]) >= {
        "happy_tokens", "bad_reviews", "achievements", "awards", "total", "resources"}
    json.dumps(out.to_json())


def test_views_hide_decks_and_other_discards():
    s, _ = random_walk(5, 120)
    for viewer in (None, 0, 1, 2):
        v = GAME.view(s, viewer)
        # which four Friends & Family each player has is public (revealed at setup), not where they are
        public = json.loads(json.dumps(v))
        for p, pv in enumerate(public["players"]):
            assert pv.pop("friends") == s["players"][p]["friends"]
        text = json.dumps(public)
        for row in s["city"]:
            for cid in row["deck"]:
                assert f'"{cid}"' not in text
        for p, pl in enumerate(s["players"]):
            for cid in pl["deck"]:
                assert f'"{cid}"' not in text
            if viewer != p:
                assert v["players"][p]["discard"] is None
                for cid in pl["discard"]:
                    assert f'"{cid}"' not in text
            else:
                assert [c["id"] for c in v["players"][p]["discard"]] == pl["discard"]
            assert v["players"][p]["deck_count"] == len(pl["deck"])


def test_view_has_what_a_table_needs():
    s = new(4)
    v = GAME.view(s, 0)
    assert [len(r["slots"]) for r in v["city"]] == [4, 4, 4]
    assert v["good_review_pool"] == 50 and len(v["bonus_tokens"]["face_up"]) == 4
    me = v["players"][0]
    assert [sp["space"] for sp in me["spaces"]] == ["beans", "milk", "sugar", "attract", "upgrade_pantry",
                                                    "upgrade_style"]
    assert me["spaces"][0]["icons"][0]["icon"] == "scoop"
    assert me["hype"] == 2 and me["max_hype"] is False and me["full_cup"] and not me["empty_cup"]
    assert v["decision"] == {"kind": "place", "player": 0, "phase": "actions", "reason": "place_barista"}
    assert len(v["awards"]) == 6


def test_reveals_mark_draws_but_not_plain_actions():
    s = new()
    s, _, rev = play(s, "space:milk", "icon:0")
    assert not rev
    s, _, rev = play(s, "space:attract", "icon:0", "city:row1:slot1")
    assert rev  # the City refilled slot 1 from its deck


def test_private_events_hide_their_params():
    from .helpers import give
    s = new()
    give(s, 0, "style", ["route_map_wall"])
    s, _, _ = play(s, "space:upgrade_style", "icon:0", "city:row3:slot1")
    tr = GAME.apply(s, "icon:1:alone:row1")
    ev = [e for e in tr.events if e.code == "seize.connections"][0]
    assert ev.visible_to(1)["params"] == {} and ev.visible_to(0)["params"]["cards"]


def test_config_validation():
    assert GAME.default_config() == {"players": 2, "scoop_luck": False, "district": "kreuzberg", "groups": None,
                                     "difficulty": None, "opening": "standard", "friends": "base", "packs": [],
                                     "founders": "off",
                                     "variants": [], "pack_replaces": [], "cups": None}
    # Kreuzberg is not a 5-6 player district (expansions booklet p. 5)
    with pytest.raises(InvalidConfig, match="5-6"):
        GAME.normalize_config({"players": 5})
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 7})
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 2, "scoop_luck": "yes"})
    with pytest.raises(InvalidConfig):
        GAME.normalize_config({"players": 2, "difficulty": 3})


def test_match_undo_stops_at_reveals():
    m = Match(GAME, {"players": 2}, seed=9)
    m.apply("space:milk")
    m.apply("icon:0")
    assert m.can_undo
    m.undo()
    assert m.state["players"][0]["res"]["milk"] == 1
    m.apply("icon:0")
    m.apply("space:attract")
    m.apply("icon:0")
    m.apply("city:row1:slot2")
    assert not m.can_undo
