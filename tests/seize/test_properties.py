"""Property tests (hypothesis) for the small arithmetic rules."""
from __future__ import annotations

from hypothesis import given, strategies as st

from brewhouse.seize.cafe import order_cost
from brewhouse.seize.model import Ctx, add_angry, add_happy, line_entry, lower_hype, raise_hype

from .helpers import DB, new

ORDER_ICONS = sorted(set(DB.basic) | set(DB.special) | set(DB.wildcards))
PANTRY = DB.of_kind("pantry", DB.district("kreuzberg"))


@given(st.lists(st.booleans(), max_size=30))
def test_tokens_never_mix(ops):
    e = line_entry("trendsetter")
    for happy in ops:
        before = (e["happy"], e["angry"])
        add_happy(e) if happy else add_angry(e, DB)
        assert not (e["happy"] and e["angry"])
        assert e["happy"] >= 0
        if happy and before[1]:
            assert e == {"id": "trendsetter", "happy": 0, "angry": False}


@given(st.lists(st.sampled_from(ORDER_ICONS), min_size=1, max_size=4),
       st.lists(st.sampled_from(PANTRY), max_size=6, unique=True))
def test_cost_between_one_and_two_per_icon(icons, pantry):
    cost = order_cost({"pantry": pantry}, icons, DB)
    total = sum(cost.values())
    assert len(icons) <= total <= 2 * len(icons)
    have = {DB.card(c)["special"] for c in pantry}
    snack = have & {"croissant", "donut", "pie"}
    extra = sum(1 for i in icons if (i in DB.special and i not in have) or (i == "any_snack" and not snack))
    assert total == len(icons) + extra


@given(st.lists(st.booleans(), max_size=20))
def test_hype_stays_in_range_and_reviews_only_at_max(ops):
    s = new()
    cx = Ctx(DB)
    pl = s["players"][0]
    for up in ops:
        was = pl["hype"]
        good = pl["good"]
        raise_hype(s, cx, 0) if up else lower_hype(s, cx, 0)
        assert 1 <= pl["hype"] <= 5
        assert pl["good"] - good == (1 if up and was == 5 else 0)
