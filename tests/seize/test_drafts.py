"""The set-up drafts (expansions booklet p. 19 Adopted Friends & Family, pp. 23-26 Founders):
dealing, pick-and-pass, hidden picks, the founder's group choice, solo against Starbots, the
order of the two drafts, views and the determinizer."""
from __future__ import annotations

from collections import Counter

import pytest

from brewhouse.core import InvalidConfig, Rng
from brewhouse.seize.determinize import SeizeDeterminizer
from brewhouse.seize.effects import ICON_FX

from .founder_synth import FDB, FGAME, ev, ids, new, play


def pick_first(s: dict, until: str = "actions"):
    events = []
    while s["phase"] == "draft" and not (until != "actions" and s.get("draft", {}).get("stage") == until):
        s, evs = play(s, ids(s)[0])
        events += evs
    return s, events


def test_founders_draft_deals_three_picks_one_and_passes_left():
    s = new(3, 1, founders="all")
    d = s["draft"]
    assert s["phase"] == "draft" and d["kind"] == "founders" and d["need"] == 3
    assert [len(h) for h in d["hands"]] == [3, 3, 3] and len(d["box"]) == 18 - 9
    hands = [list(h) for h in d["hands"]]
    assert s["stack"][-1] == {"t": "draft_pick", "p": 0, "kind": "founders"}
    assert sorted(ids(s)) == sorted(f"draft:{c}" for c in hands[0])
    picks = [sorted(hands[p])[0] for p in range(3)]
    s, evs = play(s, f"draft:{picks[0]}", f"draft:{picks[1]}", f"draft:{picks[2]}")
    # each pick is private; then the two cards left pass to the next seat
    for p, e in enumerate(ev(evs, "draft_picked")):
        assert e.player == p and e.private_to == (p,) and e.visible_to((p + 1) % 3)["params"] == {}
    assert s["draft"]["hands"][1] == [c for c in hands[0] if c != picks[0]]
    assert s["draft"]["hands"][0] == [c for c in hands[2] if c != picks[2]]
    s, _ = play(s, *[f"draft:{sorted(s['draft']['hands'][p])[0]}" for p in range(3)])
    s, _ = play(s, *[f"draft:{s['draft']['hands'][p][0]}" for p in range(3)])
    assert s["draft"]["stage"] == "keep" and all(len(k) == 3 for k in s["draft"]["picks"])
    assert s["stack"][-1]["t"] == "founder_keep"
    keep = [s["draft"]["picks"][p][1] for p in range(3)]
    s, evs = play(s, *[f"founder:{k}" for k in keep])
    assert [e.params["founder"] for e in ev(evs, "founder_revealed")] == keep
    assert [pl["founder"]["id"] for pl in s["players"]] == keep
    # the six founders not kept went back to the box; founders matching no award choose one
    unmatched = [p for p, pl in enumerate(s["players"]) if FDB.founder(pl["founder"]["id"])["group"] not in s["groups"]]
    if unmatched:
        assert s["draft"]["stage"] == "group" and len(s["draft"]["box"]) == 15
        assert s["stack"][-1] == {"t": "founder_group", "p": unmatched[0]}
    else:
        assert s["phase"] == "actions" and "draft" not in s


def test_a_player_sees_only_their_own_hand_and_picks():
    s = new(2, 2, founders="base")
    s, _ = play(s, ids(s)[0])
    v0, v1 = FGAME.view(s, 0), FGAME.view(s, 1)
    assert [c["id"] for c in v0["draft"]["picks"]] == s["draft"]["picks"][0]
    assert [c["id"] for c in v1["draft"]["hand"]] == s["draft"]["hands"][1]
    assert v1["draft"]["picks"] == [] and v1["draft"]["pick_counts"] == [1, 0]
    for c in s["draft"]["hands"][0] + s["draft"]["picks"][0]:
        assert c not in str(v1["draft"]) and c not in str(v1["public"])
    assert v1["decision"] == {"kind": "draft_pick", "player": 1, "phase": "draft", "reason": "draft_pick",
                              "draft": "founders"}


def test_blair_chooses_hungry_media_for_her_founders_group_icon():
    s = new(2, 3, founders="base", district="charlottenburg")
    d = s["draft"]
    # Blair (seat 1) is dealt her founder; the others hold founders whose groups are in play or not
    d["box"] = sorted(set(d["box"]) | set(d["hands"][0]) | set(d["hands"][1]))
    d["hands"] = [["f_base2", "f_base3", "f_base4"], ["f_blair", "f_base7", "f_base8"]]
    for c in ("f_base2", "f_base3", "f_base4", "f_blair", "f_base7", "f_base8"):
        d["box"].remove(c)
    s, _ = play(s, "draft:f_base2", "draft:f_blair", "draft:f_base7", "draft:f_base3",
                "draft:f_base4", "draft:f_base8")
    s, _ = play(s, "founder:f_base2", "founder:f_blair")  # Tourists (in play) and Cyclists (not)
    assert s["players"][0]["founder"] == {"id": "f_base2", "group": "tourists"}
    assert s["players"][1]["founder"] == {"id": "f_blair", "group": None}
    assert s["stack"][-1] == {"t": "founder_group", "p": 1}
    assert ids(s) == [f"award:{g}" for g in s["groups"]]
    s, evs = play(s, "award:hungry_media")
    assert s["players"][1]["founder"] == {"id": "f_blair", "group": "hungry_media"}
    assert ev(evs, "founder_group")[0].params == {"founder": "f_blair", "group": "hungry_media"}
    assert s["phase"] == "actions" and "draft" not in s and s["day"] == 1
    assert FGAME.view(s, 0)["players"][1]["founder"]["group"] == "hungry_media"


def test_base_founders_are_too_few_for_five_players():
    with pytest.raises(InvalidConfig):
        FGAME.normalize_config({"players": 5, "founders": "base", "district": "charlottenburg"})
    FGAME.normalize_config({"players": 5, "founders": "all", "district": "charlottenburg"})


def test_adopted_friends_draft_deals_eight_of_all_sets_and_keeps_four():
    s = new(3, 4, friends="adopted")
    d = s["draft"]
    assert d["kind"] == "friends" and [len(h) for h in d["hands"]] == [8, 8, 8] and not d["box"]
    every = sorted(f"{c}@{p}" for p in range(3) for c in FDB.friends_set("base") + FDB.friends_set("extra"))
    assert sorted(c for h in d["hands"] for c in h) == every
    assert all(pl["deck"] == [] for pl in s["players"])
    s, evs = pick_first(s)
    assert s["phase"] == "actions"
    for p, pl in enumerate(s["players"]):
        assert len(pl["deck"]) == 4 and sorted(pl["deck"]) == pl["friends"]
        res = Counter()
        for cid in pl["friends"]:
            for icon in FDB.card(cid)["main"]["order"]:
                res[FDB.special.get(icon, icon)] += 2 if icon in FDB.special else 1
        assert pl["res"] == {b: res[b] for b in FDB.basic}
    assert len(ev(evs, "draft_picked")) == 12 and len(ev(evs, "friends_revealed")) == 3
    assert ev(evs, "friends_revealed")[0].private_to is None  # revealed to everyone


def test_founders_are_drafted_before_friends_and_family():
    s = new(2, 5, founders="base", friends="adopted")
    assert s["draft"]["kind"] == "founders" and s["draft"]["then"] == ["friends"]
    s, evs = pick_first(s, until="never")
    codes = [e.code for e in evs]
    assert codes.index("seize.founder_revealed") < codes.index("seize.friends_revealed")
    assert s["phase"] == "actions" and all(pl["founder"] and len(pl["deck"]) == 4 for pl in s["players"])


def test_solo_founders_draft_starbots_picks_at_random_and_keeps_one():
    s = new(1, 6, founders="base")
    assert s["draft"]["auto"] == [1]
    while s["phase"] == "draft":
        top = s["stack"][-1]
        assert top["p"] == 0  # Starbots is never asked
        if top["t"] == "draft_pick":
            assert len(s["draft"]["picks"][1]) in (len(s["draft"]["picks"][0]), len(s["draft"]["picks"][0]) + 1)
        s, _ = play(s, ids(s)[0])
    assert s["players"][1]["founder"]["id"] != s["players"][0]["founder"]["id"]
    assert s["players"][1]["founder"]["group"] in s["groups"]


def test_solo_adopted_friends_starbots_picks_go_back_unseen():
    s = new(1, 7, friends="adopted")
    assert [len(h) for h in s["draft"]["hands"]] == [8, 8]
    s, evs = pick_first(s)
    human, bot = s["players"]
    assert len(human["deck"]) == 4 and bot["deck"] == [] and "friends" not in bot
    assert [e.player for e in ev(evs, "draft_picked")] == [0, 1] * 4  # Starbots' picks: private to no one
    assert all(e.private_to == (e.player,) for e in ev(evs, "draft_picked"))
    assert [e.player for e in ev(evs, "friends_revealed")] == [0]


@pytest.mark.parametrize("cfg", [{"founders": "base"}, {"friends": "adopted"},
                                 {"founders": "all", "friends": "adopted"}])
@pytest.mark.parametrize("players", [1, 3])
def test_determinizer_samples_match_the_view_through_the_drafts(cfg, players):
    s = new(players, 11, **cfg)
    rng = Rng(5)
    steps = 0
    while s["phase"] == "draft" or steps < 3:
        p = FGAME.active_player(s)
        v = FGAME.view(s, p)
        det = SeizeDeterminizer(FDB, v, p)
        for _ in range(3):
            smp = det.sample(rng)
            assert FGAME.view(smp, p) == v
            assert sorted(m.id for m in FGAME.legal_moves(smp)) == sorted(m.id for m in FGAME.legal_moves(s))
        moves = ids(s)
        s, _ = play(s, moves[rng.below(len(moves))])
        if s["phase"] != "draft":
            steps += 1


def _whole_games(seed: int, **cfg) -> None:
    for players in (1, 2, 4):
        s = new(players, seed, **cfg)
        rng = Rng(seed)
        n = 0
        while s["phase"] != "over":
            moves = ids(s)
            s, _ = play(s, moves[rng.below(len(moves))])
            n += 1
            assert n < 5000
        assert FGAME.outcome(s) is not None


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_with_founders_play_to_the_end(seed):
    _whole_games(seed, founders="all")


@pytest.mark.skipif("lose_bad_review" not in ICON_FX,
                    reason="the further Friends & Family's abilities come with the Friends & Family modes")
@pytest.mark.parametrize("seed", [1, 2])
def test_whole_games_with_both_drafts_play_to_the_end(seed):
    _whole_games(seed, founders="all", friends="adopted")
