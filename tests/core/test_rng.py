"""The serialisable PRNG: reproducible, unbiased enough, survives JSON."""
import json
from collections import Counter

import pytest

from brewhouse.core.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]


def test_neighbouring_seeds_differ():
    assert Rng.from_seed(1).next_u64() != Rng.from_seed(2).next_u64()


def test_dump_load_round_trip_through_json():
    rng = Rng.from_seed(9)
    rng.below(10)
    text = json.loads(json.dumps({"rng": rng.dump()}))["rng"]
    clone = Rng.load(text)
    assert [clone.below(1000) for _ in range(20)] == [rng.below(1000) for _ in range(20)]


@pytest.mark.parametrize("bad", ["", "xyz", "0" * 15, 123, None, "g" * 16])
def test_load_rejects_garbage(bad):
    with pytest.raises(ValueError):
        Rng.load(bad)


def test_below_is_roughly_uniform():
    rng = Rng.from_seed(3)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < c < 11_000 for c in counts.values())


def test_between_and_choice_and_shuffle_stay_in_range():
    rng = Rng.from_seed(5)
    assert all(4 <= rng.between(4, 8) <= 8 for _ in range(500))
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert rng.choice("abc") in "abc"
    assert 0 <= rng.random() < 1


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        Rng.from_seed(0).below(0)
