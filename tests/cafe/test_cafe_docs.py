"""The examples in the Café modules' docstrings stay true."""
from __future__ import annotations

import doctest

import pytest

from brewhouse.cafe import cards, evaluation, game, scoring, validate


@pytest.mark.parametrize("module", [cards, evaluation, game, scoring, validate])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
