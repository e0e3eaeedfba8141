"""Card data of the founders (booklet pp. 23-27) and the customer packs (pp. 20-22): Board Game
Media and Quality Beasts (medley groups), City Celebrities (two main orders each).

Counts and names as the booklet gives them, the properties its examples state (Nima's founder,
Blair's founder, Nicole Battefeld, DJ Desue, Cubee), cost against reward, and the validator
catching broken data of these shapes."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from brewhouse.seize.data import load_merged, order_units, validate

DATA = load_merged()
CARDS = {c["id"]: c for c in DATA["cards"]}
FOUNDERS = {f["name"]: f for f in DATA["founders"]}
BASE = ["hipsters", "cyclists", "tourists", "musicians", "start_uppers", "party_animals"]
MEDLEY = ["board_game_media", "quality_beasts"]
#: the 23 customer groups with an ability of their own
GROUPS = [g for g, m in DATA["groups"].items() if not m.get("medley")]

BASE_FOUNDERS = [  # booklet p. 23, in its order, with the cafés they founded
    ("Benjamin Pates", "Concierge Coffee"), ("Namy Nosratifard", "Concierge Coffee"),
    ("Pablo Fuchs", "Blaue Bohne"), ("Amir Blaenkston", "Blaue Bohne"),
    ("Yumi Choi", "Bonanza"), ("Kiduk Reus", "Bonanza"),
    ("Koulla Louca", "St. Oberholz"), ("Ansgar Oberholz", "St. Oberholz"),
    ("Morgan Love", "Silo"), ("James Maguire", "Silo"),
    ("Maria Olivieri", "Barettino"), ("Djamila Imberi", "Barettino"),
]
EXTRA_FOUNDERS = ["Adriano Rahde", "Rodrigo Cunha", "Priscilla Anton", "Nala Q.", "Salome Q.", "Jazzbot\u2122"]


def of_group(g: str, kind: str | None = None) -> list[dict]:
    return [c for c in DATA["cards"] if c.get("group") == g and (kind is None or c["kind"] == kind)]


def is_super(ability: str) -> bool:
    return bool(DATA["abilities"][ability].get("super"))


def parts(c: dict) -> list[dict]:
    return c["mains"] if "mains" in c else [c[p] for p in ("main", "side") if p in c]


def units(c: dict) -> int:
    return sum(order_units(o["order"], DATA) for o in parts(c))


def rewards(c: dict) -> int:
    return sum(len(o["reward"]) for o in parts(c))


def reward_per_unit(cards: list[dict]) -> float:
    return sum(map(rewards, cards)) / sum(map(units, cards))


def cost_with(order: list[str], specials: set[str]) -> int:
    """Basic resources an order costs with these special icons in the Pantry (or on a founder)."""
    res = DATA["resources"]
    total = 0
    for icon in order:
        if icon in res["basic"]:
            total += 1
        elif icon in res["special"]:
            total += 1 if icon in specials else 2
        elif icon in res["wildcards"]:
            total += 1 if specials & set(res["wildcards"][icon]["matches"]) else 2
    return total


def group_of(ability: str) -> str:
    return next(g for g in GROUPS if ability in (DATA["groups"][g]["ability"], DATA["groups"][g]["super_ability"]))


def test_the_validator_finds_nothing():
    assert validate(DATA) == []


def test_ids_are_unique_across_cards_and_founders():
    ids = Counter([c["id"] for c in DATA["cards"]] + [f["id"] for f in DATA["founders"]])
    assert [i for i, n in ids.items() if n > 1] == []


# ---------------------------------------------------------------- founders
def test_eighteen_founders_named_as_in_the_booklet():
    assert [(f["name"], f["cafe"]) for f in DATA["founders"] if f["set"] == "base"] == BASE_FOUNDERS
    extra = [f for f in DATA["founders"] if f["set"] == "extra"]
    assert [f["name"] for f in extra] == EXTRA_FOUNDERS
    # the further six own no real café: each gets a fictional one of its own
    cafes = [f["cafe"] for f in extra]
    assert len(set(cafes)) == 6 and not set(cafes) & {c for _, c in BASE_FOUNDERS}


def test_founder_shape():
    keys = {"id", "name", "cafe", "set", "main", "ability", "special", "group"}
    for f in DATA["founders"]:
        assert set(f) - {"side"} == keys, f["id"]
        assert 1 <= len(f["main"]["order"]) <= 3 and 1 <= order_units(f["main"]["order"], DATA) <= 4
        assert f["ability"] in DATA["abilities"] and f["special"] in DATA["resources"]["special"]
        assert f["group"] in GROUPS


def test_only_one_further_founder_has_a_side_order_and_rewards():
    """Card diagram, booklet p. 25: the only founder with main and side orders and rewards is
    one of the further six."""
    with_side = [f for f in DATA["founders"] if "side" in f]
    assert len(with_side) == 1 and with_side[0]["set"] == "extra"
    assert with_side[0]["main"]["reward"] and with_side[0]["side"]["reward"]
    assert all(f["main"]["reward"] == [] for f in DATA["founders"] if "side" not in f)


def test_nimas_founder_plays_acting_with_the_performers_icon_and_soy_milk():
    """Serving a founder and Word of Mouth examples (pp. 24-26): Nima's founder copies the
    Couturier's Camp Out (Acting), shows the Performers icon, and its soy milk icon makes the
    Couturier's soy milk cost 1 milk while its HQ coffee still costs 2 beans."""
    nimas = [f for f in DATA["founders"] if f["ability"] == "acting"]
    assert len(nimas) == 1
    f = nimas[0]
    assert f["group"] == "performers" and f["special"] == "soy_milk"
    couturier = CARDS["couturier"]["main"]["order"]
    assert cost_with(["soy_milk"], {f["special"]}) == 1 and cost_with(["hq_coffee"], {f["special"]}) == 2
    assert cost_with(couturier, {f["special"]}) == cost_with(couturier, set()) - 1


def test_blairs_founder_can_show_a_group_not_in_play():
    """Choosing a group icon (p. 25): in every district some founder's group is not among the six."""
    for d in DATA["districts"].values():
        assert any(f["group"] not in d["groups"] for f in DATA["founders"])


def test_founders_spread_groups_specials_and_strategies():
    groups = Counter(f["group"] for f in DATA["founders"])
    assert max(groups.values()) == 1  # eighteen different groups
    base_founder_groups = {f["group"] for f in DATA["founders"] if f["set"] == "base"}
    assert set(BASE) <= base_founder_groups  # every base group has a founder in the base box
    assert set(Counter(f["special"] for f in DATA["founders"]).values()) == {3}  # 3 of each special
    abilities = [f["ability"] for f in DATA["founders"]]
    assert len(set(abilities)) == 18  # one strategy each
    assert not any(is_super(a) for a in abilities)  # served every day: no Super ability


def test_founders_cost_about_the_same_each_day():
    """A founder can be served every day, so its order costs 2-3 basic resources once its own
    special icon discounts it; the one with rewards pays for them (4 for the main order)."""
    for f in DATA["founders"]:
        cost = cost_with(f["main"]["order"], {f["special"]})
        if "side" in f:
            assert cost >= 3 and order_units(f["side"]["order"], DATA) >= 2 * len(f["side"]["reward"])
        else:
            assert 2 <= cost <= 3, f["name"]


# ---------------------------------------------------------------- Board Game Media, Quality Beasts
@pytest.mark.parametrize("g", MEDLEY)
def test_medley_group_meta(g):
    meta = DATA["groups"][g]
    assert meta["name"] == meta["name_fr"] == {"board_game_media": "Board Game Media",
                                               "quality_beasts": "Quality Beasts"}[g]
    assert meta["medley"] and meta["ability"] is None and meta["super_ability"] is None
    assert meta["five_six"] and not meta["solo"] and not meta["boost"] and meta["flavour"]
    assert meta["pack"]  # never drawn as a district's group


@pytest.mark.parametrize("g", MEDLEY)
def test_medley_groups_have_21_named_cards(g):
    cards = of_group(g)
    assert Counter(c["kind"] for c in cards) == {"customer": 10, "pantry": 5, "style": 5, "award": 1}
    assert len({c["name"] for c in cards}) == 21 and all(c["name"].strip() == c["name"] for c in cards)
    assert [c["id"] for c in of_group(g, "award")] == [f"award_{g}"]
    assert len({c["special"] for c in of_group(g, "pantry")}) >= 3
    for c in of_group(g, "customer"):
        assert set(c) <= {"id", "kind", "group", "groups", "name", "main", "side", "ability"}
        assert 1 <= len(c["main"]["order"]) <= 3 and 1 <= order_units(c["main"]["order"], DATA) <= 4


def test_board_game_media_customers_mirror_ten_different_groups():
    mirrored = []
    for c in of_group("board_game_media", "customer"):
        assert c["groups"][0] == "board_game_media" and len(c["groups"]) == 2
        other = c["groups"][1]
        assert other in GROUPS and group_of(c["ability"]) == other
        mirrored.append(other)
    assert len(set(mirrored)) == 10


def test_quality_beasts_carry_the_wildcard_and_mirror_ten_different_abilities():
    mirrored = []
    for c in of_group("quality_beasts", "customer"):
        assert c["groups"] == ["quality_beasts", "*"]
        mirrored.append(group_of(c["ability"]))
    assert len(set(mirrored)) == 10


@pytest.mark.parametrize("g", MEDLEY)
def test_medley_cost_tracks_reward_like_the_base_groups(g):
    base = [reward_per_unit(of_group(b, "customer")) for b in BASE]
    customers = of_group(g, "customer")
    assert min(base) <= reward_per_unit(customers) <= max(base)
    sup = [c for c in customers if is_super(c["ability"])]
    normal = [c for c in customers if not is_super(c["ability"])]
    assert 2 <= len(sup) <= 4
    assert sum(map(rewards, sup)) / len(sup) < sum(map(rewards, normal)) / len(normal)


# ---------------------------------------------------------------- City Celebrities
def celebrities() -> list[dict]:
    return [c for c in DATA["cards"] if c["kind"] == "celebrity"]


def test_thirteen_celebrities_with_two_main_orders_and_two_group_icons():
    cs = celebrities()
    assert len(cs) == 13 and len({c["name"] for c in cs}) == 13
    assert "city_celebrities" not in DATA["groups"]  # no award, no upgrades
    assert of_group("city_celebrities") == cs
    for c in cs:
        assert set(c) == {"id", "kind", "group", "groups", "name", "mains"}
        assert len(c["mains"]) == 2 and len(set(c["groups"])) == 2
        assert all(g in DATA["groups"] or (g == "*" and i == 1) for i, g in enumerate(c["groups"]))
        for m in c["mains"]:
            assert set(m) == {"order", "reward", "ability"} and m["ability"] in DATA["abilities"]
            assert 1 <= len(m["order"]) <= 3 and 2 <= order_units(m["order"], DATA) <= 4


def test_the_named_celebrities_of_the_booklet_example():
    """Serving City Celebrities (p. 22): Yoshi fills Nicole Battefeld's right order and gets
    Super Hype; DJ Desue's two orders give Super Walk-In and Super Entertain."""
    by_name = {c["name"]: c for c in celebrities()}
    assert by_name["Nicole Battefeld"]["mains"][1]["ability"] == "super_hype"
    assert DATA["abilities"]["super_hype"]["steps"] == ["hype", "hype"]  # his Hype rises by 2
    assert {m["ability"] for m in by_name["DJ Desue"]["mains"]} == {"super_walk_in", "super_entertain"}
    cubee = by_name["Cubee"]
    assert cubee["groups"][1] == "*" and cubee["groups"][0] in DATA["groups"]
    assert [c["name"] for c in celebrities() if "*" in c["groups"]] == ["Cubee"]


def test_celebrities_are_stronger_but_pay_honestly():
    """Two abilities on one card, but each order pays about like a customer's main order: no more
    reward icons per basic resource than the base groups' best, none for most Super orders."""
    base_hi = max(reward_per_unit(of_group(b, "customer")) for b in BASE)
    for c in celebrities():
        assert reward_per_unit([c]) <= base_hi, c["name"]
        for m in c["mains"]:
            if is_super(m["ability"]):
                assert len(m["reward"]) <= 1
    supers = [m for c in celebrities() for m in c["mains"] if is_super(m["ability"])]
    assert sum(1 for m in supers if not m["reward"]) >= len(supers) - 1


# ---------------------------------------------------------------- the validator catches broken data
def _founder(data, name):
    return next(f for f in data["founders"] if f["name"] == name)


def _card(data, cid):
    return next(c for c in data["cards"] if c["id"] == cid)


def _break_founder_ability(d):
    _founder(d, "Kiduk Reus")["ability"] = "espresso_magic"


def _break_founder_special(d):
    _founder(d, "Kiduk Reus")["special"] = "beans"


def _break_founder_group(d):
    _founder(d, "Kiduk Reus")["group"] = "board_game_media"


def _break_two_side_orders(d):
    f = _founder(d, "Kiduk Reus")
    f["side"] = {"order": ["milk"], "reward": ["good_review"]}
    f["main"]["reward"] = ["good_review"]


def _break_reward_without_side(d):
    _founder(d, "Kiduk Reus")["main"]["reward"] = ["good_review"]


def _break_founder_count(d):
    d["founders"] = [f for f in d["founders"] if f["name"] != "Kiduk Reus"]


def _break_founder_set(d):
    _founder(d, "Kiduk Reus")["set"] = "extra"


def _break_founder_order(d):
    _founder(d, "Kiduk Reus")["main"]["order"] = ["hq_coffee", "hq_coffee", "hq_coffee"]


def _break_founder_id(d):
    _founder(d, "Kiduk Reus")["id"] = "hatster"


def _break_bgm_ability(d):
    _card(d, "unboxing_vlogger")["ability"] = "delivery"


def _break_bgm_second_icon(d):
    _card(d, "unboxing_vlogger")["groups"] = ["board_game_media", "board_game_media"]


def _break_bgm_same_mirror(d):
    c = _card(d, "rules_explainer")
    c["groups"], c["ability"] = ["board_game_media", "hipsters"], "hype"


def _break_qb_wildcard(d):
    _card(d, "badger_producer")["groups"] = ["quality_beasts", "criminal_minds"]


def _break_qb_ability(d):
    _card(d, "badger_producer")["ability"] = "patience"


def _break_medley_own_ability(d):
    d["groups"]["quality_beasts"]["ability"] = "hype"


def _break_medley_count(d):
    d["cards"].remove(_card(d, "ring_light"))


def _break_celebrity_mains(d):
    _card(d, "dj_desue")["mains"].pop()


def _break_celebrity_ability(d):
    _card(d, "dj_desue")["mains"][0]["ability"] = "scratch"


def _break_celebrity_foreign_ability(d):
    _card(d, "dj_desue")["mains"][0]["ability"] = "arrest"


def _break_celebrity_groups(d):
    _card(d, "dj_desue")["groups"] = ["musicians", "musicians"]


def _break_celebrity_count(d):
    d["cards"].remove(_card(d, "dj_desue"))


def _break_celebrity_main_side(d):
    _card(d, "dj_desue")["main"] = {"order": ["beans"], "reward": []}


def _break_celebrity_order(d):
    _card(d, "dj_desue")["mains"][1]["order"] = ["latte_art"]


@pytest.mark.parametrize("breaker, needle", [
    (_break_founder_ability, "unknown ability espresso_magic"),
    (_break_founder_special, "unknown special resource"),
    (_break_founder_group, "not one of the customer groups"),
    (_break_two_side_orders, "exactly one has a side order"),
    (_break_reward_without_side, "only the founder with a side order has rewards"),
    (_break_founder_count, "founders: {"),
    (_break_founder_set, "founders: {"),
    (_break_founder_order, "order must cost 1-4"),
    (_break_founder_id, "also a card id"),
    (_break_bgm_ability, "is not the ability of hipsters"),
    (_break_bgm_second_icon, "not a customer group"),
    (_break_bgm_same_mirror, "mirrors a different group"),
    (_break_qb_wildcard, "all the wildcard or all"),
    (_break_qb_ability, "is no customer group's"),
    (_break_medley_own_ability, "no ability of its own"),
    (_break_medley_count, "group board_game_media: 4 style cards"),
    (_break_celebrity_mains, "exactly two main orders"),
    (_break_celebrity_ability, "unknown ability scratch"),
    (_break_celebrity_foreign_ability, "belongs to none of its groups"),
    (_break_celebrity_groups, "two different group icons"),
    (_break_celebrity_count, "city celebrities: 12 cards"),
    (_break_celebrity_main_side, "no main/side"),
    (_break_celebrity_order, "unknown order icon latte_art"),
])
def test_the_validator_catches(breaker, needle):
    data = copy.deepcopy(DATA)
    breaker(data)
    errs = validate(data)
    assert any(needle in e for e in errs), errs
