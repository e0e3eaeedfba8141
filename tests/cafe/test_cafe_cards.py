"""The card data file and its validator."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from brewhouse.cafe.cards import Catalog, default_catalog, load_data
from brewhouse.cafe.validate import validate_cards


def test_published_data_is_valid():
    assert validate_cards(load_data()) == []


def test_published_counts_and_design_mix():
    data = load_data()
    plans = data["plan_cards"]
    assert len(data["start_cards"]) == 4 and len(plans) == 48
    assert sum(1 for c in plans if c["star"]) == 8
    kinds = Counter(s["kind"] for c in plans for s in c["squares"])
    # enough cups to grow to 4-8 action points, ships for free cup cards, some empty squares
    assert kinds["cup"] >= 40 and kinds["ship"] >= 10 and kinds["empty"] >= 4
    colours = Counter(s["colour"] for c in plans for s in c["squares"] if s["kind"] == "production")
    assert len(colours) == 4 and max(colours.values()) - min(colours.values()) <= 2
    for card in plans:
        for k, cafe in enumerate(card.get("cafes", [])):
            size = sum(1 for s in card["squares"] if s["kind"] == "cafe" and s["cafe"] == k)
            assert 2 <= len(cafe["requires"]) <= 5
            if size == 1:
                assert cafe["vp"] == len(cafe["requires"])  # about 1 VP per cube
            else:
                assert cafe["vp"] > len(cafe["requires"])  # bonus for a two-square café
    # the ★ cards are a cross-section of the deck, not a block of one kind
    star_kinds = Counter(s["kind"] for c in plans if c["star"] for s in c["squares"])
    assert star_kinds["cafe"] and star_kinds["cup"] and star_kinds["production"]


def test_start_cards_follow_the_template_with_different_pairs():
    cat = default_catalog()
    pairs = set()
    for sid in cat.start_ids:
        sq = cat.card(sid)["squares"]
        assert [s["kind"] for s in sq] == ["production", "production", "drying", "cup", "production", "roasting"]
        pairs.add((sq[0]["colour"], sq[1]["colour"]))
    assert len(pairs) == 4


def broken(mutate):
    data = load_data()
    mutate(data)
    return validate_cards(data)


@pytest.mark.parametrize("mutate, fragment", [
    (lambda d: d["plan_cards"].pop(), "48 plan cards"),
    (lambda d: d["plan_cards"][0].update(star=True), "marked ★"),
    (lambda d: d["plan_cards"][1].update(id=d["plan_cards"][0]["id"]), "unique"),
    (lambda d: d["plan_cards"][1].update(squares=copy.deepcopy(d["plan_cards"][0]["squares"]),
                                         cafes=copy.deepcopy(d["plan_cards"][0].get("cafes", []))),
     "look the same"),
    (lambda d: d["plan_cards"][0]["squares"][0].update(colour="blue"), "bean colour"),
    (lambda d: d["plan_cards"][0]["squares"][0].update(kind="garden"), "unknown kind"),
    (lambda d: d["plan_cards"][0]["squares"].pop(), "exactly 6 squares"),
    (lambda d: d["start_cards"][1]["squares"].reverse(), "template"),
    (lambda d: d["start_cards"][1]["squares"][0].update(colour=d["start_cards"][0]["squares"][0]["colour"]),
     "start card"),
])
def test_validator_reports_problems(mutate, fragment):
    problems = broken(mutate)
    assert problems and any(fragment in p for p in problems), problems


def _cafe_card(d):
    return next(c for c in d["plan_cards"] if c.get("cafes"))


def test_validator_checks_cafes():
    def far_apart(d):
        card = next(c for c in d["plan_cards"]
                    if any(sum(1 for s in c["squares"] if s.get("cafe") == k and s["kind"] == "cafe") == 2
                           for k in range(len(c.get("cafes", [])))))
        # make a two-square café diagonal: squares 0 and 4
        squares = [{"kind": "empty"} for _ in range(6)]
        squares[0] = {"kind": "cafe", "cafe": 0}
        squares[4] = {"kind": "cafe", "cafe": 0}
        squares[2] = {"kind": "cup"}
        card["squares"] = squares
        card["cafes"] = card["cafes"][:1]
    assert any("adjacent" in p for p in broken(far_apart))
    assert any("2-5" in p for p in broken(lambda d: _cafe_card(d)["cafes"][0].update(requires=["red"])))
    assert any("vp" in p for p in broken(lambda d: _cafe_card(d)["cafes"][0].update(vp=0)))
    assert any("city" in p for p in broken(lambda d: _cafe_card(d)["cafes"][0].update(city="")))
    assert any("missing café" in p for p in broken(lambda d: _cafe_card(d).update(cafes=[])))


def test_catalog_geometry_keeps_square_identity_under_rotation():
    cat = Catalog(load_data())
    for cid in cat.plan_ids[:5]:
        for rot in (0, 90, 180, 270):
            shape = cat.shape(cid, rot)
            assert sorted(shape.cells) == sorted((r, c) for r in range(shape.rows) for c in range(shape.cols))
    assert cat.shape("P01", 180).cells[0] == (1, 2)
    assert cat.shape("P01", 270).cells[0] == (2, 0)


def test_every_plan_card_id_comes_from_the_file():
    data = load_data()
    cat = default_catalog()
    assert list(cat.plan_ids) == [c["id"] for c in data["plan_cards"]]
    assert cat.star_ids == {c["id"] for c in data["plan_cards"] if c["star"]}


def test_every_card_without_a_cafe_has_a_short_name_told_apart_by_its_number():
    """Farms and mills are named by family and number; cafés name the other cards (RULES_NOTES, "Card names")."""
    cat = default_catalog()
    named = {cid: cat.name(cid) for cid in cat.plan_ids if not cat.card(cid).get("cafes")}
    assert all(named.values()) and len(named) == 24
    assert len({(n["family"], n["number"]) for n in named.values()}) == len(named)
    assert cat.name("P01") == {"family": "farm", "number": 1} and cat.name("P24") == {"family": "mill", "number": 12}
    # the four families of RULES_NOTES: farms P01-P12, mills P13-P24
    assert {cid for cid, n in named.items() if n["family"] == "farm"} == {f"P{i:02d}" for i in range(1, 13)}
    assert all(cat.name(cid) is None for cid in cat.plan_ids if cat.card(cid).get("cafes"))
    assert cat.face("P13")["name"] == {"family": "mill", "number": 1} and cat.face("S1")["name"] is None
