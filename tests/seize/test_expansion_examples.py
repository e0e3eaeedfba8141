"""The expansions booklet's worked examples of customer abilities (pp. 12-17), played
with our real cards of the names the booklet gives, through the real service.

The rules tests of each ability (``test_abilities_own.py``,
``test_abilities_interact.py``) use synthetic cards; these play the same
examples with the card data as shipped, numbers exactly as the book states.
"""
from __future__ import annotations

from brewhouse.seize.model import line_entry
from brewhouse.seize.phases import current_moves, run

from .helpers import DB, GAME, new, pluck

OBA = MEL = CAMILLE = NIMA = BLAIR = 0
VAL = 1


def service(district: str, lines: dict[int, list[str]], res: dict[int, dict[str, int]], seed: int = 0) -> dict:
    """A table in ``district`` at the start of Service: the given Lines and resources, nothing else pending."""
    s = new(2, seed=seed, district=district)
    for p, pl in enumerate(s["players"]):
        pl["line"], pl["served"] = [], 0
        pl["res"] = {"beans": 0, "milk": 0, "sugar": 0, **res.get(p, {})}
    for p, cids in lines.items():
        for cid in cids:
            if cid.endswith(f"@{p}"):
                s["players"][p]["deck"].remove(cid)
            else:
                pluck(s, cid)
            s["players"][p]["line"].append(line_entry(cid))
    s["phase"], s["stack"], s["cursor"], s["first"] = "service", [], {"i": 0}, 0
    run(s, GAME.ctx())
    return s


def ids(s: dict) -> list[str]:
    return [m.id for m in current_moves(s, GAME.ctx())]


def play(s: dict, *move_ids: str) -> tuple[dict, list]:
    events = []
    for mid in move_ids:
        tr = GAME.apply(s, mid)
        s, events = tr.state, events + tr.events
    return s, events


def test_fair_trade_oba_super_vegan_then_the_popular_friend_paid_with_green_beans():
    """p. 16: after the Super Vegan's main order Oba has only 2 sugar; he skips the side order and
    trades both for 2 green beans.  Next turn he pays the Popular Friend's main order with them and
    takes 2 Good Reviews, one per green bean (besides the order's own reward)."""
    s = service("neukolln", {OBA: ["super_vegan", "popular_friend@0"]}, {OBA: {"beans": 1, "milk": 2, "sugar": 2}})
    assert ids(s) == ["serve:main"]  # the side order (soy milk) cannot be paid any more
    s, _ = play(s, "serve:main")
    assert s["players"][OBA]["res"] == {"beans": 0, "milk": 0, "sugar": 2}
    assert s["players"][OBA]["good"] == 1  # the Super Vegan's reward
    assert ids(s) == ["trade:sugar"]
    s, _ = play(s, "trade:sugar", "trade:sugar")
    assert s["players"][OBA]["res"] == {"beans": 0, "milk": 0, "sugar": 0, "green": 2}
    assert ids(s) == ["serve:main:green:beans2"]  # only green beans can pay it
    s, events = play(s, "serve:main:green:beans2")
    assert s["players"][OBA]["res"]["green"] == 0
    green = [e.params["n"] for e in events if e.code == "seize.good_review" and e.params["why"] == "green_beans"]
    assert green == [2] and s["players"][OBA]["good"] == 1 + 2 + 1


def test_board_games_mel_rules_lawyer_token_on_the_stroller_parent():
    """p. 17: Mel skips the Rules Lawyer's side order, draws 1 Board Game token, keeps its bonus
    unused and puts it on the Stroller Parent.  Serving the Stroller Parent then gives no Naptime
    but 5 - 4 reward icons = 1 extra Good Review, besides the main order's 2."""
    assert len(DB.card("stroller_parent")["main"]["reward"]) == 2
    s = service("prenzlauer_berg", {MEL: ["rules_lawyer", "stroller_parent"]},
                {MEL: {"beans": 6, "milk": 2, "sugar": 2}})
    s["board_games"]["bag"].remove("beans3")
    s["board_games"]["bag"].append("beans3")  # the token Mel draws (a bonus she has no use for)
    s, _ = play(s, "serve:main")
    assert s["players"][MEL]["good"] == 1
    assert ids(s) == ["board_game:beans3:activate", "board_game:beans3:stroller_parent"]
    s, _ = play(s, "board_game:beans3:stroller_parent")
    assert s["players"][MEL]["line"][1]["game"] == "beans3" and s["players"][MEL]["res"]["beans"] == 4
    s, events = play(s, "serve:main")
    assert s["players"][MEL]["good"] == 1 + 2 + 1
    assert not any(e.code == "seize.ability" for e in events)  # Naptime is not activated


def test_steal_camille_burglar_steals_from_val_who_has_no_beans():
    """p. 14: Camille steals from Val a set of 3 different resources; Val has no beans, so Camille
    takes 1 milk and 1 sugar and pays the missing bean from her own supply."""
    s = service("friedrichshain", {CAMILLE: ["burglar"]},
                {CAMILLE: {"beans": 2, "milk": 1, "sugar": 1}, VAL: {"milk": 2, "sugar": 3}})
    s, _ = play(s, "serve:main")  # beans + milk + sugar
    assert s["players"][CAMILLE]["res"] == {"beans": 1, "milk": 0, "sugar": 0}
    assert ids(s) == ["steal:p1"]
    s, events = play(s, "steal:p1")
    assert s["players"][CAMILLE]["res"] == {"beans": 0, "milk": 1, "sugar": 1}
    assert s["players"][VAL]["res"] == {"beans": 0, "milk": 1, "sugar": 2}
    assert s["players"][CAMILLE]["bad"] == 0
    steal = next(e for e in events if e.code == "seize.steal")
    assert steal.params["took"] == {"milk": 1, "sugar": 1} and steal.params["paid"] == {"beans": 1}


def test_roast_nima_innovative_barista_gives_blair_three_beans():
    """p. 16: Nima has only 2 beans left: she gives them and 1 bean from the City to Blair, and
    takes 2 Good Reviews, one per bean of her own."""
    s = service("prenzlauer_berg", {NIMA: ["innovative_barista"]}, {NIMA: {"beans": 5}, 1: {}})
    s, _ = play(s, "serve:main")  # high-quality coffee (2 beans) + 1 bean
    assert s["players"][NIMA]["res"]["beans"] == 2 and s["players"][NIMA]["good"] == 1
    pool = s["pool"]
    s, _ = play(s, "roast:p1")
    assert s["players"][NIMA]["res"]["beans"] == 0 and s["players"][1]["res"]["beans"] == 3
    assert s["players"][NIMA]["good"] == 1 + 2 and s["pool"] == pool - 2


def test_newsflash_blair_journalist_three_good_reviews_on_the_awards_of_her_line():
    """p. 17: Blair's Line holds Hungry Media and Upper Class customers: one Good Review on each of
    those awards, and she puts the third on Upper Class."""
    s = service("charlottenburg", {BLAIR: ["journalist", "opera_patron"]},
                {BLAIR: {"beans": 3, "milk": 1}})
    s, _ = play(s, "serve:main")  # strong coffee (2 beans) + milk
    pool = s["pool"]
    assert ids(s) == ["newsflash:good", "newsflash:bad"]
    s, _ = play(s, "newsflash:good")
    assert s["award_reviews"] == {"hungry_media": {"good": 1, "bad": 0}, "upper_class": {"good": 1, "bad": 0}}
    s, _ = play(s, "newsflash:good:upper_class")
    assert s["award_reviews"] == {"hungry_media": {"good": 1, "bad": 0}, "upper_class": {"good": 2, "bad": 0}}
    assert s["pool"] == pool - 3
