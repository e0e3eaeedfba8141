"""Connections reached through Innovation: alone, or combined with a City action.

Farah (seat 0) owns Fast WiFi (Innovation on the Upgrade Pantry row) and Route
Map Wall (Connections on the Upgrade Style row).  Her Upgrade Pantry action has
two icons: 0 = Upgrade Pantry (base), 1 = Innovation; exactly 2 are activated.
Innovation picks the Connections icon of Route Map Wall (another row, allowed);
that Connections may then be used alone (``conn:row<r>``) or combined with a
not-yet-activated City icon of the same action (``conn:with:<j>``), which then
counts as one of the action's activations (RULES_NOTES.md).
"""
from __future__ import annotations

import copy
import json

import pytest

from brewhouse.core import IllegalMove, Rng

from .helpers import GAME, all_cards, clear_player, expected_cards, give, ids, new, play, service

FARAH, MICHI = 0, 1


def innovation_to_connections(first: tuple[str, ...] = ()):
    s = new()
    give(s, FARAH, "style", ["fast_wifi", "route_map_wall"])
    s, _, _ = play(s, "space:upgrade_pantry", *first, "icon:1")
    assert ids(s) == ["upgrade:route_map_wall:0"]
    s, ev, _ = play(s, "upgrade:route_map_wall:0")
    return s, ev


def test_innovation_connections_offers_alone_and_with_the_unused_city_icon():
    s, _ = innovation_to_connections()
    assert ids(s) == ["conn:row1", "conn:row2", "conn:row3", "conn:with:0"]
    m = {m.id: m for m in GAME.legal_moves(s)}["conn:with:0"]
    assert m.payload == {"kind": "connections_with", "with": 0, "with_icon": "upgrade_pantry", "card": None,
                         "space": "upgrade_pantry", "row": 2}
    assert GAME.view(s, FARAH)["decision"]["kind"] == "conn_row"


def test_innovation_connections_alone_looks_reorders_then_the_action_goes_on():
    s, _ = innovation_to_connections()
    top3 = s["city"][0]["deck"][-1:-4:-1]
    pantry_deck = list(s["city"][1]["deck"])
    s, ev, rev = play(s, "conn:row1")
    assert rev
    assert [c["id"] for c in GAME.view(s, FARAH)["decision"]["cards"]] == top3
    assert "cards" not in GAME.view(s, MICHI)["decision"]
    s, _, _ = play(s, f"order:{top3[2]}", f"order:{top3[0]}")
    assert s["city"][0]["deck"][-3:] == [top3[1], top3[0], top3[2]]  # top3[2] on top
    assert s["city"][1]["deck"] == pantry_deck  # nothing taken from the Pantry deck
    fr = s["stack"][-1]
    assert fr["t"] == "icons" and fr["used"] == [False, True] and fr["n"] == 1
    assert ids(s) == ["icon:0"]  # the base Upgrade Pantry is still to activate


def test_innovation_connections_combined_with_the_base_upgrade_pantry():
    s, _ = innovation_to_connections()
    deck = list(s["city"][1]["deck"])
    top3 = deck[-1:-4:-1]
    slots = list(s["city"][1]["slots"])
    s, ev, rev = play(s, "conn:with:0")
    assert rev
    acts = [e for e in ev if e.code == "seize.activate"]
    assert acts[-1].params["icon"] == "upgrade_pantry" and acts[-1].params["space"] == "upgrade_pantry"
    assert [m.payload["card"] for m in GAME.legal_moves(s) if "peek" in m.id] == top3
    assert [m.id for m in GAME.legal_moves(s) if "slot" in m.id] == [f"city:row2:slot{k}" for k in range(1, 5)]
    assert GAME.view(s, MICHI)["decision"]["peek_count"] == 3 and "peek" not in GAME.view(s, MICHI)["decision"]
    s, _, _ = play(s, "city:row2:peek2")
    assert s["players"][FARAH]["pantry"] == [top3[1]]
    assert s["city"][1]["slots"] == slots  # nothing taken from the row
    assert sorted(ids(s)) == sorted([f"order:{top3[0]}", f"order:{top3[2]}"])
    s, _, _ = play(s, f"order:{top3[0]}")
    assert s["city"][1]["deck"] == deck[:-3] + [top3[2], top3[0]]
    # both icons of the action are used: the turn passes to Michi
    assert GAME.active_player(s) == MICHI and ids(s)[0].startswith("space:")
    assert all_cards(s) == expected_cards(s)


def test_combined_with_a_visible_card_refills_after_the_put_back():
    s, _ = innovation_to_connections()
    deck = list(s["city"][1]["deck"])
    top3 = deck[-1:-4:-1]
    a, b, c, d = s["city"][1]["slots"]
    s, _, _ = play(s, "conn:with:0", "city:row2:slot3")
    assert s["players"][FARAH]["pantry"] == [c]
    s, _, _ = play(s, f"order:{top3[1]}", f"order:{top3[2]}")
    # the three go back (top3[1] on top), then slot 1 is refilled from the top of the deck
    assert s["city"][1]["slots"] == [top3[1], a, b, d]
    assert s["city"][1]["deck"] == deck[:-3] + [top3[0], top3[2]]
    assert GAME.active_player(s) == MICHI


def refused(s, move_id):
    before = copy.deepcopy(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, move_id)
    assert s == before


def test_no_combination_once_the_city_icon_is_used():
    s, _ = innovation_to_connections(first=("icon:0", "city:row2:slot1"))
    assert ids(s) == ["conn:row1", "conn:row2", "conn:row3"]
    for bad in ("conn:with:0", "conn:with:1", "icon:1:with:0", "conn:with:2"):
        refused(s, bad)


def test_no_combination_with_a_non_city_icon_or_an_other_action():
    s, _ = innovation_to_connections()
    refused(s, "conn:with:1")  # the Innovation icon itself
    refused(s, "conn:with:5")
    refused(s, "conn:row4")
    refused(s, "icon:0")  # the action waits for Connections to be resolved


def test_innovation_ability_during_service_gives_connections_alone_only():
    s = new()
    clear_player(s, FARAH)
    clear_player(s, MICHI)
    give(s, MICHI, "style", ["route_map_wall"])
    give(s, MICHI, "line", ["headhunter"])
    s["players"][MICHI]["res"] = {"beans": 2, "milk": 1, "sugar": 2}
    s = service(s)
    s, _, _ = play(s, "serve:both")
    assert ids(s) == ["upgrade:route_map_wall:0"]
    s, _, _ = play(s, "upgrade:route_map_wall:0")
    assert ids(s) == ["conn:row1", "conn:row2", "conn:row3"]  # no action in progress to combine with
    refused(s, "conn:with:0")
    top3 = s["city"][2]["deck"][-1:-4:-1]
    s, _, _ = play(s, "conn:row3", f"order:{top3[1]}", f"order:{top3[0]}")
    assert s["city"][2]["deck"][-3:] == [top3[2], top3[0], top3[1]]


@pytest.mark.parametrize("step", ["conn_row", "take"])
def test_views_and_determinizer_with_the_new_frame(step):
    s, _ = innovation_to_connections()
    if step == "take":
        s, _, _ = play(s, "conn:with:0")
    rng = Rng.from_seed(7)
    for viewer in (FARAH, MICHI):
        view = GAME.view(s, viewer)
        json.dumps(view)
        det = GAME.determinizer(view, viewer)
        for _ in range(3):
            sample = det.sample(rng)
            assert GAME.view(sample, viewer) == view
            if viewer == FARAH:
                assert [m.id for m in GAME.legal_moves(sample)] == ids(s)
                GAME.apply(sample, ids(sample)[-1])
