"""The rules' shuffle is random.Random.shuffle, draw for draw."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from pysaboteur.rules.shuffle import shuffle


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=130))
def test_the_same_permutation_and_the_same_generator_after(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, reference = list(range(size)), list(range(size))
    shuffle(mine, ours)
    theirs.shuffle(reference)
    assert mine == reference
    assert ours.getstate() == theirs.getstate()  # what is drawn next is the same too


def test_a_known_deal() -> None:
    # The permutation Python's own shuffle gives for this seed (3.11 to 3.13 alike).
    cards = list("abcdefgh")
    shuffle(cards, random.Random(2026))
    assert cards == ["g", "h", "d", "a", "f", "e", "c", "b"]
