"""Readings of the expansions booklet where it is unclear (RULES_NOTES.md, "Readings the booklet
leaves open"): each test pins the reading the engine plays.

* crafted tokens (Artisan mode) are resources in the final tie-break, from edition 4
  (rule ``crafted-tokens-tie-break``); edition 3 counted basic resources and green beans only;
* a wildcard group icon (Quality Beasts) never protects a customer from Disrupt, Arrest,
  Naptime or Acting: the one choosing a target decides what a wildcard stands for;
* Grandma and Grandpa (Patience) are never a Disrupt target, happy or not;
* the customer Starbots steals from your deck marks no Diverse City award (you never see it).
"""
from __future__ import annotations

from brewhouse.core.registry import REGISTRY
from brewhouse.seize import solo
from brewhouse.seize.model import Ctx
from brewhouse.seize.phases import run
from brewhouse.seize.scoring import final_scores

from .helpers import DB, GAME, give, ids, new

A, B = 0, 1
#: edition 3, as its saves replay
GAME_V3 = REGISTRY.get("seize", "3")


# ---------------------------------------------------------------- crafted tokens in the tie-break
def _tied_artisan_game(game) -> dict:
    """Over, both cafés with the same score and 2 basic resources; seat 0 also holds 2 crafted tokens."""
    s = new(2, 0, game=game, variants=["artisan"])
    for pl in s["players"]:
        pl["res"] = {"beans": 2, "milk": 0, "sugar": 0}
    s["players"][A]["crafted"]["croissant"] = 2
    s["phase"] = "over"
    s["stack"] = []
    return s


def test_crafted_tokens_count_as_resources_in_the_tie_break():
    s = _tied_artisan_game(GAME)
    bd = final_scores(s, DB, GAME.rules)
    assert bd[A]["total"] == bd[B]["total"]
    assert [b["resources"] for b in bd] == [4, 2]  # one each, like the booklet's Fair Trade counts them
    out = GAME.outcome(s)
    assert out.winners == (B,)  # fewer resources wins


def test_edition_3_left_crafted_tokens_out_of_the_tie_break():
    assert "crafted-tokens-tie-break" in GAME.rules and "crafted-tokens-tie-break" not in GAME_V3.rules
    s = _tied_artisan_game(GAME_V3)
    bd = final_scores(s, GAME_V3.db, GAME_V3.rules)
    assert [b["resources"] for b in bd] == [2, 2]
    # equal resources: the café last in the initial turn order wins, as edition 3 played it
    assert GAME_V3.outcome(s).winners == ((s["initial_first"] + 1) % 2,)


# ---------------------------------------------------------------- the wildcard protects nobody
def _qb_table(players: int = 2, **cfg) -> dict:
    s = new(players, 0, **(cfg or {"packs": ["quality_beasts"]}))
    for pl in s["players"]:
        for e in pl["line"]:
            pl["deck"].append(e["id"])
        pl["line"], pl["served"] = [], 0
    s["stack"] = [{"t": "place", "p": A}]  # a decision that keeps the day from moving on
    s["phase"] = "service"
    s["cursor"] = {"i": 0}
    return s


def _line(s: dict, p: int, *cids: str, served: int = 0) -> None:
    give(s, p, "line", cids)
    s["players"][p]["served"] = served


def _ability(s: dict, p: int, cid: str) -> None:
    s["stack"].append({"t": "ability", "p": p, "cust": cid, "name": DB.card(cid)["ability"], "opt": False,
                       "boost": False})
    run(s, Ctx(DB, GAME.rules))


WILD = "badger_producer"  # Quality Beasts + the wildcard: any group but Quality Beasts


def test_the_wildcard_customer_is_quality_beasts_plus_the_wildcard():
    assert DB.card(WILD)["groups"] == ["quality_beasts", "*"]


def test_disrupt_may_target_a_wildcard_customer():
    s = _qb_table()
    _line(s, A, "lynx_translator", served=1)
    _line(s, B, WILD)
    _ability(s, A, "lynx_translator")
    assert f"disrupt:p1:{WILD}" in ids(s)


def test_arrest_may_take_a_wildcard_customer():
    s = _qb_table()
    _line(s, A, "owl_rules_editor", served=1)
    _line(s, B, WILD)
    _ability(s, A, "owl_rules_editor")
    assert f"arrest:p1:{WILD}" in ids(s)


def test_naptime_may_put_a_wildcard_customer_to_sleep():
    s = _qb_table()
    _line(s, A, "hedgehog_playtester", WILD, served=1)
    _ability(s, A, "hedgehog_playtester")
    assert ids(s) == [f"nap:{WILD}"]


def test_acting_may_copy_a_wildcard_customer():
    s = _qb_table()
    _line(s, A, "otter_illustrator", WILD, served=1)
    _ability(s, A, "otter_illustrator")
    assert ids(s) == [f"acting:{WILD}"]


# ---------------------------------------------------------------- Grandma and Grandpa against Disrupt
def test_grandma_and_grandpa_are_never_disrupted_even_when_happy():
    s = _qb_table()
    _line(s, A, "lynx_translator", served=1)
    _line(s, B, "grandma@1", "grandpa@1", "lazy_friend@1")
    s["players"][B]["line"][0]["happy"] = 1  # a happy token Disrupt could otherwise remove
    _ability(s, A, "lynx_translator")
    assert ids(s) == ["disrupt:p1:lazy_friend@1"]


def test_disrupt_with_only_grandma_and_grandpa_angers_the_disrupter():
    s = _qb_table()
    _line(s, A, "lynx_translator", served=1)
    _line(s, B, "grandma@1", "grandpa@1")
    _ability(s, A, "lynx_translator")
    assert s["players"][A]["line"][0]["angry"]
    assert not any(e["angry"] for e in s["players"][B]["line"])


# ---------------------------------------------------------------- Diverse City: Starbots' stolen customer
def test_the_customer_starbots_steals_from_your_deck_marks_no_award():
    s = new(1, 0, district="kreuzberg", variants=["diverse_city"], starbots_level=1, first_player="human")
    human, bot = s["players"][solo.HUMAN], s["players"][solo.AUTOMA]
    cid = DB.of_kind("customer", ["hipsters"])[0]
    give(s, solo.HUMAN, "deck", [cid])  # the top card of your deck: a customer with an award in play
    assert human["deck"][-1] == cid and bot["marks"] == {}
    cx = Ctx(DB, GAME.rules)
    solo.STEPS["steal_customer"](s, cx)
    assert bot["deck"][-1] == cid  # stolen, unseen
    assert bot["marks"] == {} and not [e for e in cx.events if e.code == "seize.diverse_mark"]


# ---------------------------------------------------------------- the box's counts (components list, p. 2)
BGG_KIEZ = ["board_game_geeks", "happy_families", "hipsters", "cyclists", "tourists", "musicians"]


def test_the_board_game_bag_holds_the_boxs_ten_tokens():
    s = new(2, 0, district="custom", groups=BGG_KIEZ)
    assert len(s["board_games"]["bag"]) == 10 and len(set(s["board_games"]["bag"])) == 6
    # edition 3 (its archived data) played twelve
    s3 = new(2, 0, game=GAME_V3, district="custom", groups=BGG_KIEZ)
    assert len(s3["board_games"]["bag"]) == 12


def _napper(game) -> tuple[dict, str, list[str]]:
    """Seat 0 about to run Naptime with three un-served customers in its Line."""
    s = new(2, 0, game=game, district="custom", groups=BGG_KIEZ)
    for pl in s["players"]:
        pl["line"], pl["served"] = [], 0
    napper = next(c for c in game.db.of_kind("customer", ["happy_families"]) if game.db.card(c)["ability"] == "naptime")
    others = [c for c in game.db.of_kind("customer", ["hipsters"])][:3]
    give(s, A, "line", [napper, *others])
    s["players"][A]["served"] = 1
    s["stack"] = [{"t": "place", "p": A}]
    s["phase"], s["cursor"] = "service", {"i": 0}
    return s, napper, others


def _tokens_on_table(s: dict, n: int) -> None:
    """``n`` Naptime tokens already on seat 1's customers."""
    cids = DB.of_kind("customer", ["cyclists"])[:n]
    give(s, B, "line", cids)
    for e in s["players"][B]["line"]:
        e["nap"] = True


def test_naptime_places_a_token_while_one_of_the_boxs_five_is_left():
    s, napper, others = _napper(GAME)
    _tokens_on_table(s, 4)
    s["stack"].append({"t": "ability", "p": A, "cust": napper, "name": "naptime", "opt": False, "boost": False})
    run(s, Ctx(DB, GAME.rules))
    assert ids(s) == [f"nap:{c}" for c in others]


def test_naptime_does_nothing_once_all_five_tokens_are_on_customers():
    assert "naptime-five-tokens" in GAME.rules and "naptime-five-tokens" not in GAME_V3.rules
    s, napper, others = _napper(GAME)
    _tokens_on_table(s, 5)
    s["stack"].append({"t": "ability", "p": A, "cust": napper, "name": "naptime", "opt": False, "boost": False})
    cx = Ctx(DB, GAME.rules)
    run(s, cx)
    assert [f["t"] for f in s["stack"]] == ["place"]  # no decision: nothing to place
    assert not any(e.get("nap") for e in s["players"][A]["line"])
    # the log says why nothing happened
    assert [e.code for e in cx.events if "nap" in e.code] == ["seize.naptime_no_token"]


def test_edition_3_had_no_limit_on_naptime_tokens():
    s, napper, others = _napper(GAME_V3)
    _tokens_on_table(s, 5)
    s["stack"].append({"t": "ability", "p": A, "cust": napper, "name": "naptime", "opt": False, "boost": False})
    run(s, Ctx(GAME_V3.db, GAME_V3.rules))
    assert ids(s, GAME_V3) == [f"nap:{c}" for c in others]


# ---------------------------------------------------------------- a founder's Acting
def test_a_founders_acting_never_copies_a_performer():
    s = _qb_table(district="custom", groups=["performers", "hipsters", "cyclists", "tourists", "musicians",
                                             "start_uppers"])
    performer = DB.of_kind("customer", ["performers"])[0]
    hipster = DB.of_kind("customer", ["hipsters"])[0]
    _line(s, A, performer, hipster)
    founder = next(f for f in DB.founder_ids("all") if DB.founder(f)["ability"] == "acting")
    s["stack"].append({"t": "ability", "p": A, "cust": founder, "name": "acting", "opt": False, "boost": False})
    run(s, Ctx(DB, GAME.rules))
    assert ids(s) == [f"acting:{hipster}"]
