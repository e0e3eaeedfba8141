"""Expansion abilities that reach into other players' cafés, Lines, decks and the group
awards (expansions booklet pp. 10-17): DDoS Attack, Swap Customers, Disrupt, Arrest,
Steal Resources, Roast and Newsflash, with the booklet's worked examples.

The groups' card data is written separately, so these tests add a few synthetic
customers (``x_<group>_<k>``) and awards to the live merged data.
"""
from __future__ import annotations

import json
from typing import Optional

import pytest

from brewhouse.core import Rng
from brewhouse.seize.data import load_merged
from brewhouse.seize.model import Ctx, line_entry
from brewhouse.seize.phases import run
from brewhouse.seize.scoring import final_scores

from brewhouse.seize.city import visible as city_visible

from .helpers import game_with, give, play, set_slots

BASE = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers"]
GROUPS = ["tech_nerds", "street_smarts", "rebels", "authority_figures", "criminal_minds",
          "coffee_connoisseurs", "hungry_media", "upper_class", "health_nuts"]
#: synthetic customers per group: (suffix, super ability, reward icons, ⚡ boost)
SHAPES = [(1, False, 1, False), (2, False, 2, True), (3, True, 3, False), (4, False, 0, False), (5, True, 1, True)]


def _raw() -> dict:
    raw = load_merged()
    raw["cards"] = list(raw["cards"])
    for g in GROUPS:
        meta = raw["groups"][g]
        for k, sup, rewards, boost in SHAPES:
            raw["cards"].append({
                "id": f"x_{g}_{k}", "kind": "customer", "group": g, "groups": [g], "name": f"{g} {k}",
                "main": {"order": ["beans"], "reward": ["good_review"] * rewards},
                "ability": meta["super_ability" if sup else "ability"],
                **({"boost": True} if boost and meta["boost"] else {})})
        raw["cards"].append({"id": f"x_{g}_award", "kind": "award", "group": g, "groups": [g],
                             "name": f"{g} award"})
    return raw


GX = game_with(_raw())
DBX = GX.db
A, B, C = 0, 1, 2


def x(group: str, k: int) -> str:
    return f"x_{group}_{k}"


def table(*groups: str, players: int = 2, seed: int = 0, solo: bool = False) -> dict:
    """A game whose six groups include ``groups``, paused in the Service phase: the stack holds
    only a barista placement for seat 0 (a decision that keeps the day from moving on)."""
    fill = [g for g in BASE if g not in groups][:6 - len(groups)]
    cfg = {"players": players, "district": "custom", "groups": fill + list(groups)}
    if solo:
        cfg.update(players=1, starbots_level=1, first_player="human")
    s = GX.setup(GX.normalize_config(cfg), seed)
    s["stack"] = [{"t": "place", "p": A}]
    s["phase"] = "service"
    s["cursor"] = {"i": 0}
    return s


def line(s: dict, p: int, *cids: str, served: int = 0, happy: int = 0) -> None:
    give(s, p, "line", cids, happy=happy)
    s["players"][p]["served"] = served


def ability(s: dict, p: int, cid: str, name: Optional[str] = None, boost: Optional[bool] = None) -> Ctx:
    """Run customer ``cid``'s ability (or ``name``) for seat ``p`` as after serving it."""
    card = DBX.card(cid)
    s["stack"].append({"t": "ability", "p": p, "cust": cid, "name": name or card["ability"], "opt": False,
                       "boost": bool(card.get("boost")) if boost is None else boost})
    cx = Ctx(DBX, GX.rules)
    run(s, cx)
    return cx


def ids(s: dict) -> list[str]:
    return [m.id for m in GX.legal_moves(s)]


def go(s: dict, *move_ids: str):
    return play(s, *move_ids, game=GX)


def paused(s: dict) -> bool:
    """Only the sentinel placement is left: the ability is over."""
    return [f["t"] for f in s["stack"]] == ["place"]


def res(s: dict, p: int, **kw: int) -> None:
    s["players"][p]["res"] = {"beans": 0, "milk": 0, "sugar": 0, **kw}


def line_ids(s: dict, p: int) -> list[str]:
    return [e["id"] for e in s["players"][p]["line"]]


def entry(s: dict, p: int, cid: str) -> dict:
    return next(e for e in s["players"][p]["line"] if e["id"] == cid)


def assert_samples_match(s: dict, viewers) -> None:
    """Every viewer's determinised samples reproduce their view (nothing leaks, nothing is lost)."""
    rng = Rng.from_seed(7)
    for v in viewers:
        view = GX.view(s, v)
        for _ in range(3):
            sample = GX.determinizer(view, v).sample(rng)
            assert GX.view(sample, v) == view
            assert json.loads(json.dumps(sample)) == sample


# ====================================================================== DDoS Attack (Tech Nerds)
def test_ddos_offers_own_deck_or_any_other_players_deck():
    s = table("tech_nerds", players=3)
    line(s, A, x("tech_nerds", 1), served=1)
    ability(s, A, x("tech_nerds", 1))
    moves = GX.legal_moves(s)
    assert [m.id for m in moves] == ["ddos:own", "ddos:p1", "ddos:p2"]
    assert all(m.payload["n"] == 2 and m.payload["cards"] == 2 for m in moves)


def test_ddos_on_own_deck_is_customer_tracking():
    s = table("tech_nerds")
    line(s, A, x("tech_nerds", 1), served=1)
    deck = list(s["players"][A]["deck"])
    ability(s, A, x("tech_nerds", 1))
    s, ev, rev = go(s, "ddos:own")
    assert rev and ids(s) == [f"track:keep:{deck[-1]}", f"track:discard:{deck[-1]}"]
    s, _, _ = go(s, f"track:discard:{deck[-1]}", f"track:keep:{deck[-2]}")
    pl = s["players"][A]
    assert pl["discard"] == [deck[-1]] and pl["deck"][-1] == deck[-2] and len(pl["deck"]) == 3
    assert paused(s)


def test_super_ddos_on_own_deck_looks_at_three():
    s = table("tech_nerds")
    line(s, A, x("tech_nerds", 3), served=1)
    deck = list(s["players"][A]["deck"])
    ability(s, A, x("tech_nerds", 3))
    s, _, _ = go(s, "ddos:own")
    s, _, _ = go(s, f"track:keep:{deck[-1]}", f"track:keep:{deck[-2]}", f"track:keep:{deck[-3]}")
    s, _, _ = go(s, f"order:{deck[-3]}", f"order:{deck[-1]}")
    assert s["players"][A]["deck"][-3:] == [deck[-2], deck[-1], deck[-3]]


def test_ddos_on_another_deck_discards_to_their_pile_and_reorders_the_rest():
    s = table("tech_nerds", players=3)
    line(s, A, x("tech_nerds", 1), served=1)
    deck = list(s["players"][B]["deck"])
    ability(s, A, x("tech_nerds", 1))
    s, ev, rev = go(s, "ddos:p1")
    assert rev
    look = next(e for e in ev if e.code == "seize.ddos_look")
    assert look.private_to == (A,) and look.params["cards"] == [deck[-1], deck[-2]]
    assert next(e for e in ev if e.code == "seize.ddos").private_to is None
    # the looked-at cards: seen by the Tech Nerd only
    assert [c["id"] for c in GX.view(s, A)["decision"]["cards"]] == [deck[-1], deck[-2]]
    assert "cards" not in GX.view(s, B)["decision"] and "cards" not in GX.view(s, C)["decision"]
    assert GX.view(s, C)["decision"]["target"] == B
    assert_samples_match(s, [A, B, C])
    assert ids(s) == [f"ddos:keep:{deck[-1]}", f"ddos:discard:{deck[-1]}"]
    s, ev, _ = go(s, f"ddos:discard:{deck[-1]}", f"ddos:keep:{deck[-2]}")
    d = next(e for e in ev if e.code == "seize.ddos_discard")
    assert d.private_to == (A, B) and d.params == {"target": B, "card": deck[-1]}
    assert s["players"][B]["discard"] == [deck[-1]] and s["players"][A]["discard"] == []
    assert s["players"][B]["deck"] == deck[:-1] and paused(s)


def test_super_ddos_on_another_deck_reorders_three():
    s = table("tech_nerds")
    line(s, A, x("tech_nerds", 3), served=1)
    deck = list(s["players"][B]["deck"])
    ability(s, A, x("tech_nerds", 3))
    s, _, _ = go(s, "ddos:p1", *[f"ddos:keep:{c}" for c in deck[-1:-4:-1]])
    assert ids(s) == [f"order:{c}" for c in deck[-1:-4:-1]]
    assert_samples_match(s, [A, B])
    s, ev, _ = go(s, f"order:{deck[-3]}", f"order:{deck[-2]}")
    assert s["players"][B]["deck"] == [deck[0], deck[-1], deck[-2], deck[-3]]
    assert next(e for e in ev if e.code == "seize.put_back").private_to == (A,)


def test_ddos_shuffles_the_targets_discard_in_and_takes_fewer_when_short():
    s = table("tech_nerds")
    line(s, A, x("tech_nerds", 3), served=1)
    pl = s["players"][B]
    pl["discard"] = pl["deck"][:2]
    pl["deck"] = pl["deck"][2:3]
    top = pl["deck"][-1]
    aside = pl["deck"] + pl["discard"]
    ability(s, A, x("tech_nerds", 3))
    s, ev, _ = go(s, "ddos:p1")
    looked = next(e for e in ev if e.code == "seize.ddos_look").params["cards"]
    assert looked[0] == top and sorted(looked) == sorted(aside)  # 1 from the deck, then the reshuffled 2
    assert "seize.reshuffle" in [e.code for e in ev]
    s2 = table("tech_nerds")
    line(s2, A, x("tech_nerds", 3), served=1)
    s2["players"][B]["deck"] = s2["players"][B]["deck"][:1]
    ability(s2, A, x("tech_nerds", 3))
    assert GX.legal_moves(s2)[1].payload["cards"] == 1


def test_ddos_on_an_empty_deck_and_discard_does_nothing():
    s = table("tech_nerds")
    line(s, A, x("tech_nerds", 1), served=1)
    s["players"][B]["deck"] = []
    ability(s, A, x("tech_nerds", 1))
    s, ev, _ = go(s, "ddos:p1")
    assert paused(s) and s["players"][B]["deck"] == [] and s["players"][B]["discard"] == []


# ====================================================================== Swap Customers (Street Smarts)
def test_swap_choices_are_unserved_line_customers_and_visible_city_customers():
    s = table("street_smarts", players=3)
    ss = x("street_smarts", 1)
    line(s, A, "grandma@0", ss, x("street_smarts", 4), served=2)
    line(s, B, x("street_smarts", 2), served=0)
    line(s, C, "grandpa@2", served=1)
    ability(s, A, ss)
    got = ids(s)
    city = [f"swap:city:{w}" for w, _ in city_visible(s, 0)]
    assert len(city) >= 3  # the City row shows its slots and discard top (one slot may be empty here)
    assert got == [f"swap:p0:{x('street_smarts', 4)}", f"swap:p1:{x('street_smarts', 2)}"] + city


def test_swap_between_lines_keeps_every_token():
    s = table("street_smarts")
    ss = x("street_smarts", 1)
    line(s, A, ss, x("street_smarts", 4), served=1)
    line(s, B, "grandma@1", x("street_smarts", 3), served=0)
    entry(s, A, x("street_smarts", 4))["happy"] = 2
    entry(s, B, x("street_smarts", 3)).update(angry=True, nap=True)
    ability(s, A, ss)
    s, ev, _ = go(s, f"swap:p0:{x('street_smarts', 4)}", f"swap:p1:{x('street_smarts', 3)}")
    assert line_ids(s, A) == [ss, x("street_smarts", 3)]
    assert line_ids(s, B) == ["grandma@1", x("street_smarts", 4)]
    assert entry(s, A, x("street_smarts", 3)) == {"id": x("street_smarts", 3), "happy": 0, "angry": True,
                                                   "nap": True}
    assert entry(s, B, x("street_smarts", 4))["happy"] == 2
    sw = next(e for e in ev if e.code == "seize.swap")
    assert sw.private_to is None and sw.params["b"] == {"player": B, "card": x("street_smarts", 3)}
    assert paused(s)


def test_swap_within_one_line_reorders_it():
    s = table("street_smarts")
    ss = x("street_smarts", 1)
    line(s, A, ss, "grandma@0", "grandpa@0", served=1)
    ability(s, A, ss)
    s, _, _ = go(s, "swap:p0:grandma@0", "swap:p0:grandpa@0")
    assert line_ids(s, A) == [ss, "grandpa@0", "grandma@0"] and s["players"][A]["served"] == 1


def test_swap_with_the_city_discards_the_tokens_of_the_customer_leaving():
    s = table("street_smarts")
    ss = x("street_smarts", 1)
    line(s, A, ss, served=1)
    line(s, B, x("street_smarts", 4), served=0, happy=1)
    entry(s, B, x("street_smarts", 4))["nap"] = True
    slot2 = s["city"][0]["slots"][1]
    ability(s, A, ss)
    s, _, _ = go(s, "swap:city:slot2", f"swap:p1:{x('street_smarts', 4)}")
    assert s["city"][0]["slots"][1] == x("street_smarts", 4)
    assert s["players"][B]["line"] == [line_entry(slot2)]


def test_swap_two_city_customers_is_allowed():
    s = table("street_smarts")
    ss = x("street_smarts", 1)
    line(s, A, ss, served=1)
    slot1, top = s["city"][0]["slots"][0], s["city"][0]["discard"][-1]
    under = s["city"][0]["discard"][:-1]
    ability(s, A, ss)
    s, _, _ = go(s, "swap:city:slot1", "swap:city:discard")
    assert s["city"][0]["slots"][0] == top and s["city"][0]["discard"] == under + [slot1]


def test_swap_needs_two_customers():
    s = table("street_smarts")
    ss = x("street_smarts", 1)
    line(s, A, ss, served=1)
    row = s["city"][0]
    row["deck"] += [c for c in row["slots"]] + row["discard"]
    row["slots"], row["discard"] = [None, None, None, None], []
    set_slots(s, 0, [None, None, None, row["deck"][-1]])
    ability(s, A, ss)
    assert paused(s)


def test_super_swap_second_swap_needs_a_new_customer():
    s = table("street_smarts")
    sup = x("street_smarts", 3)
    line(s, A, sup, "grandma@0", "grandpa@0", served=1)
    ability(s, A, sup)
    s, _, _ = go(s, "swap:p0:grandma@0", "swap:p0:grandpa@0")
    assert not paused(s) and "swap:p0:grandma@0" in ids(s)
    s, _, _ = go(s, "swap:p0:grandma@0")
    assert "swap:p0:grandpa@0" not in ids(s) and "swap:city:slot1" in ids(s)
    slot1 = s["city"][0]["slots"][0]
    s, _, _ = go(s, "swap:city:slot1")
    assert line_ids(s, A) == [sup, "grandpa@0", slot1] and s["city"][0]["slots"][0] == "grandma@0"
    assert paused(s)


def test_swap_boost_pays_the_reward_icons_of_one_swapped_customer():
    s = table("street_smarts")
    boosted = x("street_smarts", 2)
    assert DBX.card(boosted).get("boost")
    line(s, A, boosted, x("street_smarts", 3), served=1)
    line(s, B, x("street_smarts", 4))
    ability(s, A, boosted)
    s, _, _ = go(s, f"swap:p0:{x('street_smarts', 3)}", f"swap:p1:{x('street_smarts', 4)}")
    assert ids(s) == [f"boost:{x('street_smarts', 3)}", f"boost:{x('street_smarts', 4)}"]
    good = s["players"][A]["good"]
    s, _, _ = go(s, f"boost:{x('street_smarts', 3)}")
    assert s["players"][A]["good"] == good + 3 and paused(s)


# ====================================================================== Disrupt (Rebels)
def test_disrupt_targets_unserved_customers_of_any_line_except_rebels_authorities_angry_and_patience():
    s = table("rebels", "authority_figures", players=3)
    rebel = x("rebels", 1)
    line(s, A, rebel, x("rebels", 4), "lazy_friend@0", served=1)
    line(s, B, x("authority_figures", 1), "grandma@1", "popular_friend@1", "lazy_friend@1", served=0)
    line(s, C, "lazy_friend@2", "popular_friend@2", served=1)
    entry(s, B, "popular_friend@1")["angry"] = True
    ability(s, A, rebel)
    assert ids(s) == ["disrupt:p0:lazy_friend@0", "disrupt:p1:lazy_friend@1", "disrupt:p2:popular_friend@2"]
    s, ev, _ = go(s, "disrupt:p1:lazy_friend@1")
    assert entry(s, B, "lazy_friend@1")["angry"] and paused(s)
    assert next(e for e in ev if e.code == "seize.disrupt").params == {"target": B, "card": "lazy_friend@1"}


def test_disrupt_on_a_happy_customer_removes_a_happy_token():
    s = table("rebels")
    rebel = x("rebels", 1)
    line(s, A, rebel, served=1)
    line(s, B, "lazy_friend@1", happy=2)
    ability(s, A, rebel)
    s, _, _ = go(s, "disrupt:p1:lazy_friend@1")
    assert entry(s, B, "lazy_friend@1") == {"id": "lazy_friend@1", "happy": 1, "angry": False}


def test_disrupt_without_a_valid_customer_angers_the_rebel_itself_once():
    s = table("rebels")
    rebel = x("rebels", 1)
    line(s, A, rebel, x("rebels", 4), served=1)
    line(s, B, "grandma@1")  # Patience: never angry
    cx = ability(s, A, rebel)
    assert entry(s, A, rebel)["angry"] and paused(s)
    assert [e.params for e in cx.events if e.code == "seize.disrupt_self"] == [{"card": rebel, "placed": True}]
    cx = ability(s, A, rebel)
    assert [e.params for e in cx.events if e.code == "seize.disrupt_self"] == [{"card": rebel, "placed": False}]


def test_super_disrupt_twice_and_boost_pays_one_disrupted_customer():
    s = table("rebels")
    sup = x("rebels", 5)
    assert DBX.card(sup).get("boost")
    line(s, A, sup, "lazy_friend@0", served=1)
    line(s, B, x("rebels", 4), "popular_friend@1")  # a Rebel cannot be disrupted
    ability(s, A, sup)
    assert ids(s) == ["disrupt:p0:lazy_friend@0", "disrupt:p1:popular_friend@1"]
    s, _, _ = go(s, "disrupt:p0:lazy_friend@0")
    assert ids(s) == ["disrupt:p1:popular_friend@1"]  # the first one is angry now
    s, _, _ = go(s, "disrupt:p1:popular_friend@1")
    assert ids(s) == ["boost:lazy_friend@0", "boost:popular_friend@1"]
    good = s["players"][A]["good"]
    s, _, _ = go(s, "boost:popular_friend@1")
    assert s["players"][A]["good"] == good + 2 and paused(s)  # Popular Friend: two reward icons


def test_disrupt_boost_pays_nothing_without_a_valid_customer():
    s = table("rebels")
    boosted = x("rebels", 2)
    line(s, A, boosted, served=1)
    good = s["players"][A]["good"]
    ability(s, A, boosted)
    assert paused(s) and s["players"][A]["good"] == good and entry(s, A, boosted)["angry"]


# ====================================================================== Arrest (Authority Figures)
def test_arrest_discards_any_customer_but_an_authority_figure_to_its_players_discard():
    s = table("authority_figures", players=3)
    cop = x("authority_figures", 1)
    line(s, A, cop, "grandma@0", served=2)
    line(s, B, "grandpa@1", x("authority_figures", 4), "lazy_friend@1", served=2)
    entry(s, B, "grandpa@1")["happy"] = 1
    ability(s, A, cop)
    assert ids(s) == ["arrest:p0:grandma@0", "arrest:p1:grandpa@1", "arrest:p1:lazy_friend@1"]
    s, ev, _ = go(s, "arrest:p1:grandpa@1")  # a served customer: the service token follows
    pl = s["players"][B]
    assert line_ids(s, B) == [x("authority_figures", 4), "lazy_friend@1"] and pl["served"] == 1
    assert pl["discard"] == ["grandpa@1"] and s["players"][A]["discard"] == []
    assert next(e for e in ev if e.code == "seize.arrest").params == {"target": B, "card": "grandpa@1"}
    assert paused(s)


def test_arrest_own_unserved_customer():
    s = table("authority_figures")
    cop = x("authority_figures", 1)
    line(s, A, cop, "grandma@0", served=1)
    ability(s, A, cop)
    s, _, _ = go(s, "arrest:p0:grandma@0")
    assert line_ids(s, A) == [cop] and s["players"][A]["served"] == 1
    assert s["players"][A]["discard"] == ["grandma@0"]


def test_super_arrest_with_boost_pays_one_arrested_customer():
    s = table("authority_figures", "rebels")
    sup = x("authority_figures", 5)
    line(s, A, sup, served=1)
    line(s, B, x("rebels", 3), "grandpa@1")
    ability(s, A, sup)
    s, _, _ = go(s, f"arrest:p1:{x('rebels', 3)}", "arrest:p1:grandpa@1")
    assert s["players"][B]["line"] == [] and s["players"][B]["discard"] == [x("rebels", 3), "grandpa@1"]
    good = s["players"][A]["good"]
    s, _, _ = go(s, f"boost:{x('rebels', 3)}")
    assert s["players"][A]["good"] == good + 3 and paused(s)


def test_arrest_without_a_valid_customer_does_nothing():
    s = table("authority_figures")
    cop = x("authority_figures", 2)
    line(s, A, cop, served=1)
    line(s, B, x("authority_figures", 4))
    good = s["players"][A]["good"]
    cx = ability(s, A, cop)
    assert paused(s) and "seize.arrest_nothing" in [e.code for e in cx.events]
    assert s["players"][A]["good"] == good and len(s["players"][B]["line"]) == 1


# ====================================================================== Steal Resources (Criminal Minds)
def test_steal_booklet_example_camille_steals_from_val():
    """Camille steals from Val, who has no beans: 1 milk and 1 sugar, and pays 1 bean herself."""
    s = table("criminal_minds")
    thief = x("criminal_minds", 1)
    line(s, A, thief, served=1)
    res(s, A, beans=2)
    res(s, B, milk=3, sugar=2)
    ability(s, A, thief)
    assert ids(s) == ["steal:p1"]  # the victim is chosen; the set of three is then fixed
    s, ev, _ = go(s, "steal:p1")
    assert paused(s)
    assert s["players"][A]["res"] == {"beans": 1, "milk": 1, "sugar": 1}
    assert s["players"][B]["res"] == {"beans": 0, "milk": 2, "sugar": 1}
    assert s["players"][A]["bad"] == 0
    ev = next(e for e in ev if e.code == "seize.steal")
    assert ev.params["took"] == {"milk": 1, "sugar": 1} and ev.params["paid"] == {"beans": 1}


def test_steal_pays_what_it_can_then_takes_a_bad_review():
    s = table("criminal_minds")
    thief = x("criminal_minds", 1)
    line(s, A, thief, served=1)
    res(s, A, beans=1, milk=0)
    res(s, B, sugar=4)
    ability(s, A, thief)
    s, _, _ = go(s, "steal:p1")
    assert s["players"][A]["res"] == {"beans": 0, "milk": 0, "sugar": 1}
    assert s["players"][B]["res"]["sugar"] == 3 and s["players"][A]["bad"] == 1


def test_steal_chooses_the_victim_among_three_players():
    s = table("criminal_minds", players=3)
    thief = x("criminal_minds", 1)
    line(s, A, thief, served=1)
    res(s, A)
    res(s, B, beans=1, milk=1, sugar=1)
    res(s, C, beans=5)
    ability(s, A, thief)
    assert ids(s) == ["steal:p1", "steal:p2"]
    s, _, _ = go(s, "steal:p2")
    assert s["players"][A]["res"] == {"beans": 1, "milk": 0, "sugar": 0} and s["players"][A]["bad"] == 1
    assert s["players"][C]["res"]["beans"] == 4 and paused(s)


def test_super_steal_steals_twice():
    s = table("criminal_minds")
    sup = x("criminal_minds", 3)
    line(s, A, sup, served=1)
    res(s, A)
    res(s, B, beans=2, milk=2, sugar=1)
    ability(s, A, sup)
    s, _, _ = go(s, "steal:p1", "steal:p1")
    # first set: 1 of each; second: beans and milk, the missing sugar paid with the one just stolen
    assert s["players"][A]["res"] == {"beans": 2, "milk": 2, "sugar": 0} and s["players"][A]["bad"] == 0
    assert s["players"][B]["res"] == {"beans": 0, "milk": 0, "sugar": 0} and paused(s)


def test_steal_with_green_beans_in_play_chooses_three_of_four():
    s = table("criminal_minds", "health_nuts")
    thief = x("criminal_minds", 1)
    line(s, A, thief, served=1)
    res(s, A, beans=1)
    s["players"][B]["res"] = {"beans": 0, "milk": 1, "sugar": 1, "green": 2}
    ability(s, A, thief)
    s, _, _ = go(s, "steal:p1")
    moves = {m.id: m.payload for m in GX.legal_moves(s)}
    assert sorted(moves) == ["steal:set:beans+milk+green", "steal:set:beans+milk+sugar",
                             "steal:set:beans+sugar+green", "steal:set:milk+sugar+green"]
    assert moves["steal:set:milk+sugar+green"]["take"] == {"milk": 1, "sugar": 1, "green": 1}
    s, _, _ = go(s, "steal:set:milk+sugar+green")
    assert s["players"][A]["res"] == {"beans": 1, "milk": 1, "sugar": 1, "green": 1}
    assert s["players"][B]["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 1}


def test_steal_boost_any_three_resources_even_the_same_one():
    s = table("criminal_minds")
    boosted = x("criminal_minds", 2)
    line(s, A, boosted, served=1)
    res(s, A)
    res(s, B, milk=5)
    ability(s, A, boosted)
    s, _, _ = go(s, "steal:p1")
    got = ids(s)
    assert len(got) == 10 and "steal:set:milk+milk+milk" in got  # multisets of 3 among 3 resources
    s, _, _ = go(s, "steal:set:milk+milk+milk")
    assert s["players"][A]["res"]["milk"] == 3 and s["players"][B]["res"]["milk"] == 2
    assert s["players"][A]["bad"] == 0 and paused(s)


def test_super_steal_boost_frees_one_set_only():
    s = table("criminal_minds")
    sup = x("criminal_minds", 5)
    line(s, A, sup, served=1)
    res(s, A)
    res(s, B, beans=1, milk=6, sugar=1)
    ability(s, A, sup)
    s, _, _ = go(s, "steal:p1", "steal:set:milk+milk+milk", "steal:p1")
    # the second set must be different resources: the only one, so nothing more to ask
    assert paused(s)
    assert s["players"][A]["res"] == {"beans": 1, "milk": 4, "sugar": 1}


def test_super_steal_boost_a_different_set_keeps_the_freedom_for_the_second():
    s = table("criminal_minds")
    sup = x("criminal_minds", 5)
    line(s, A, sup, served=1)
    res(s, A)
    res(s, B, beans=1, milk=6, sugar=1)
    ability(s, A, sup)
    s, _, _ = go(s, "steal:p1", "steal:set:beans+milk+sugar", "steal:p1")
    assert "steal:set:milk+milk+milk" in ids(s)


# ====================================================================== Roast (Coffee Connoisseurs)
def test_roast_booklet_example_nima_gives_blair_three_beans():
    """Nima has 2 beans left: she gives those and 1 from the City to Blair, and takes 2 Good Reviews."""
    s = table("coffee_connoisseurs")
    barista = x("coffee_connoisseurs", 1)
    line(s, A, barista, served=1)
    res(s, A, beans=2, milk=1)
    res(s, B)
    pool = s["pool"]
    ability(s, A, barista)
    assert ids(s) == ["roast:p1"]
    s, ev, _ = go(s, "roast:p1")
    assert paused(s)
    assert s["players"][A]["res"] == {"beans": 0, "milk": 1, "sugar": 0} and s["players"][A]["good"] == 2
    assert s["players"][B]["res"]["beans"] == 3 and s["pool"] == pool - 2
    assert next(e for e in ev if e.code == "seize.roast").params == {"target": B, "n": 3, "own": 2,
                                                                               "city": 1}


def test_super_roast_gives_six_to_the_chosen_player():
    s = table("coffee_connoisseurs", players=3)
    sup = x("coffee_connoisseurs", 3)
    line(s, A, sup, served=1)
    res(s, A, beans=9)
    res(s, B)
    res(s, C)
    ability(s, A, sup)
    assert ids(s) == ["roast:p1", "roast:p2"]
    assert GX.legal_moves(s)[1].payload == {"kind": "roast", "player": C, "n": 6, "own": 6, "city": 0,
                                            "reviews": 6}
    s, _, _ = go(s, "roast:p2")
    assert s["players"][A]["res"]["beans"] == 3 and s["players"][A]["good"] == 6
    assert s["players"][C]["res"]["beans"] == 6 and s["players"][B]["res"]["beans"] == 0


def test_roast_without_beans_gives_from_the_city_and_no_review():
    s = table("coffee_connoisseurs")
    barista = x("coffee_connoisseurs", 1)
    line(s, A, barista, served=1)
    res(s, A)
    res(s, B, beans=1)
    ability(s, A, barista)
    s, _, _ = go(s, "roast:p1")
    assert s["players"][A]["good"] == 0 and s["players"][B]["res"]["beans"] == 4


def test_roast_reviews_do_not_depend_on_hype():
    s = table("coffee_connoisseurs")
    barista = x("coffee_connoisseurs", 1)
    line(s, A, barista, served=1)
    s["players"][A]["hype"] = 5
    res(s, A, beans=1)
    ability(s, A, barista)
    s, _, _ = go(s, "roast:p1")
    assert s["players"][A]["good"] == 1 and s["players"][A]["hype"] == 5


# ====================================================================== Newsflash (Hungry Media)
def test_newsflash_booklet_example_blair_places_three_good_reviews():
    """Hungry Media and Upper Class customers in her Line: one on each award, the third on Upper Class."""
    s = table("hungry_media", "upper_class")
    journalist = x("hungry_media", 1)
    line(s, A, journalist, x("upper_class", 1), served=1)
    pool = s["pool"]
    ability(s, A, journalist)
    assert ids(s) == ["newsflash:good", "newsflash:bad"]
    s, ev, _ = go(s, "newsflash:good")
    assert s["award_reviews"] == {"hungry_media": {"good": 1, "bad": 0}, "upper_class": {"good": 1, "bad": 0}}
    assert ids(s) == ["newsflash:good:hungry_media", "newsflash:good:upper_class"]
    s, ev, _ = go(s, "newsflash:good:upper_class")
    assert s["award_reviews"] == {"hungry_media": {"good": 1, "bad": 0}, "upper_class": {"good": 2, "bad": 0}}
    assert s["pool"] == pool - 3 and s["players"][A]["good"] == 0 and paused(s)
    assert GX.view(s, B)["award_reviews"] == s["award_reviews"]


def test_newsflash_more_matching_awards_than_reviews_choose_which():
    s = table("hungry_media", "upper_class")
    journalist = x("hungry_media", 1)
    cyclist = DBX.of_kind("customer", ["cyclists"])[0]
    line(s, A, journalist, x("upper_class", 1), "hatster", cyclist, served=1)
    ability(s, A, journalist)
    s, _, _ = go(s, "newsflash:good")
    assert ids(s) == ["newsflash:good:hipsters", "newsflash:good:cyclists", "newsflash:good:hungry_media",
                      "newsflash:good:upper_class"]
    s, _, _ = go(s, "newsflash:good:cyclists", "newsflash:good:hipsters")
    assert ids(s) == ["newsflash:good:hungry_media", "newsflash:good:upper_class"]
    s, _, _ = go(s, "newsflash:good:upper_class")
    assert {g: v["good"] for g, v in s["award_reviews"].items()} == {"cyclists": 1, "hipsters": 1,
                                                                    "upper_class": 1}
    assert paused(s)


def test_super_newsflash_five_good_reviews_on_a_single_matching_award():
    s = table("hungry_media")
    sup = x("hungry_media", 3)
    line(s, A, sup, served=1)
    ability(s, A, sup)
    s, _, _ = go(s, "newsflash:good")
    assert s["award_reviews"] == {"hungry_media": {"good": 5, "bad": 0}} and paused(s)


def test_newsflash_bad_review_comes_from_your_cafe_first():
    s = table("hungry_media")
    journalist = x("hungry_media", 1)
    line(s, A, journalist, served=1)
    s["players"][A]["bad"] = 2
    ability(s, A, journalist)
    s, _, _ = go(s, "newsflash:bad")
    assert ids(s) == [f"newsflash:bad:{g}" for g in s["groups"]]
    assert GX.legal_moves(s)[0].payload["source"] == "cafe"
    s, ev, _ = go(s, "newsflash:bad:hipsters")
    assert s["players"][A]["bad"] == 1 and s["award_reviews"] == {"hipsters": {"good": 0, "bad": 1}}
    assert paused(s)


def test_super_newsflash_two_bad_reviews_one_from_the_cafe_one_from_the_supply():
    s = table("hungry_media")
    sup = x("hungry_media", 3)
    line(s, A, sup, served=1)
    s["players"][A]["bad"] = 1
    ability(s, A, sup)
    s, ev, _ = go(s, "newsflash:bad", "newsflash:bad:cyclists")
    assert GX.legal_moves(s)[0].payload["source"] == "supply"
    s, ev, _ = go(s, "newsflash:bad:cyclists")
    assert s["players"][A]["bad"] == 0 and s["award_reviews"] == {"cyclists": {"good": 0, "bad": 2}}
    assert [e.params["source"] for e in ev if e.code == "seize.award_review"] == ["supply"]


def test_newsflash_boost_does_both_options_in_the_chosen_order():
    s = table("hungry_media", "upper_class")
    boosted = x("hungry_media", 2)
    line(s, A, boosted, x("upper_class", 1), served=1)
    ability(s, A, boosted)
    assert ids(s) == ["newsflash:good", "newsflash:bad"]
    s, _, _ = go(s, "newsflash:bad")
    s, _, _ = go(s, "newsflash:bad:upper_class")
    # then the Good Reviews: one on each matching award, the third chosen
    assert ids(s) == ["newsflash:good:hungry_media", "newsflash:good:upper_class"]
    s, _, _ = go(s, "newsflash:good:hungry_media")
    assert s["award_reviews"] == {"upper_class": {"good": 1, "bad": 1}, "hungry_media": {"good": 2, "bad": 0}}
    assert paused(s)


def test_newsflash_good_reviews_from_the_pool_trigger_the_end():
    s = table("hungry_media")
    sup = x("hungry_media", 3)
    line(s, A, sup, served=1)
    s["pool"] = 2
    ability(s, A, sup)
    s, ev, _ = go(s, "newsflash:good")
    assert s["pool"] == 0 and s["box"] == 3 and s["end"] == "good_reviews"
    assert "seize.end_triggered" in [e.code for e in ev]


def test_award_reviews_go_to_every_winner_at_final_scoring():
    s = table("hungry_media", "upper_class", players=3)
    for p in (A, B, C):
        s["players"][p]["deck"] = []
    give(s, A, "discard", [x("upper_class", 1), x("hungry_media", 4)])
    give(s, B, "discard", [x("upper_class", 2)])
    give(s, C, "discard", [x("hungry_media", 5), x("hungry_media", 1)])
    s["award_reviews"] = {"upper_class": {"good": 2, "bad": 1}, "hungry_media": {"good": 0, "bad": 2},
                          "hipsters": {"good": 3, "bad": 0}}  # nobody wins Hipsters
    bd = final_scores(s, DBX)
    assert bd[A]["award_reviews"] == {"upper_class": {"good": 2, "bad": 1}}  # tie: both winners
    assert bd[B]["award_reviews"] == {"upper_class": {"good": 2, "bad": 1}}
    assert bd[C]["award_reviews"] == {"hungry_media": {"good": 0, "bad": 2}}
    assert bd[A]["total"] == bd[A]["awards"]["upper_class"] + 1
    assert bd[C]["total"] == bd[C]["awards"]["hungry_media"] - 2
    plain = table("hungry_media")
    assert "award_reviews" not in final_scores(plain, DBX)[A]


# ====================================================================== solo against Starbots
def test_solo_ddos_looks_at_starbots_deck_and_puts_it_back():
    s = table("tech_nerds", solo=True)
    bot = s["players"][B]
    assert bot.get("automa")
    bot["deck"] = [x("tech_nerds", 4), x("tech_nerds", 5), x("tech_nerds", 2)]
    line(s, A, x("tech_nerds", 1), served=1)
    ability(s, A, x("tech_nerds", 1))
    s, ev, rev = go(s, "ddos:p1")
    assert rev and paused(s)
    assert next(e for e in ev if e.code == "seize.ddos_look").params["cards"] == [x("tech_nerds", 2),
                                                                                    x("tech_nerds", 5)]
    assert s["players"][B]["deck"] == [x("tech_nerds", 4), x("tech_nerds", 5), x("tech_nerds", 2)]
    assert s["players"][B]["discard"] == []


def test_solo_roast_on_starbots_returns_the_beans_to_the_city_and_pays_reviews():
    s = table("coffee_connoisseurs", solo=True)
    line(s, A, x("coffee_connoisseurs", 1), served=1)
    res(s, A, beans=5)
    ability(s, A, x("coffee_connoisseurs", 1))
    s, _, _ = go(s, "roast:p1")
    assert paused(s)
    assert s["players"][A]["res"]["beans"] == 2 and s["players"][A]["good"] == 3
    assert s["players"][B]["res"] == {"beans": 0, "milk": 0, "sugar": 0}


def test_solo_starbots_receives_the_reviews_of_awards_it_wins():
    s = table("hungry_media", "street_smarts", solo=True)
    s["players"][A]["deck"] = []
    s["players"][B]["deck"] = [x("hungry_media", 4), x("hungry_media", 5)]
    line(s, A, x("hungry_media", 1), served=1)
    ability(s, A, x("hungry_media", 1))
    s, _, _ = go(s, "newsflash:bad", "newsflash:bad:hungry_media")
    bd = final_scores(s, DBX)
    assert bd[B]["award_reviews"] == {"hungry_media": {"good": 0, "bad": 1}}
    assert "award_reviews" not in bd[A]


def test_solo_swap_only_between_your_line_and_the_city():
    s = table("street_smarts", solo=True)
    ss = x("street_smarts", 1)
    line(s, A, ss, "grandma@0", served=1)
    ability(s, A, ss)
    assert all(not i.startswith("swap:p1") for i in ids(s)) and "swap:p0:grandma@0" in ids(s)


def test_groups_that_are_not_played_solo_are_refused():
    for g in ("rebels", "authority_figures", "criminal_minds"):
        with pytest.raises(Exception):
            table(g, solo=True)


# ====================================================================== views and determinisation
def test_decision_views_and_samples_during_interactions():
    s = table("street_smarts", "hungry_media", players=3)
    ss = x("street_smarts", 1)
    line(s, A, ss, "grandma@0", served=1)
    ability(s, A, ss)
    s, _, _ = go(s, "swap:p0:grandma@0")
    v = GX.view(s, B)["decision"]
    assert v["kind"] == "swap" and v["first"] == {"player": A, "card": "grandma@0"} and v["player"] == A
    assert_samples_match(s, [A, B, C])
    s2 = table("hungry_media", players=3)
    line(s2, A, x("hungry_media", 1), served=1)
    ability(s2, A, x("hungry_media", 1))
    s2, _, _ = go(s2, "newsflash:bad", "newsflash:bad:hipsters")
    assert_samples_match(s2, [A, B, C])


def test_served_customer_runs_its_interaction_ability_in_the_service_phase():
    s = table("coffee_connoisseurs")
    barista = x("coffee_connoisseurs", 1)
    line(s, A, barista)
    res(s, A, beans=4)
    res(s, B)
    s["stack"] = []
    run(s, Ctx(DBX, GX.rules))
    assert ids(s) == ["serve:main"]
    s, ev, _ = go(s, "serve:main", "roast:p1")
    assert s["players"][A]["good"] == 1 + 3 and s["players"][A]["res"]["beans"] == 0
    assert s["players"][B]["res"]["beans"] == 3
    assert [e.code for e in ev][:3] == ["seize.customer_served", "seize.good_review", "seize.ability"]
