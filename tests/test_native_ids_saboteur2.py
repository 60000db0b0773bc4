"""Saboteur 2's action ids listed straight from the core's round (core/actions_saboteur2.cpp,
for the batch's masks and saboteur2_v0's) are exactly the ids of the codes the core's own
listing gives, worked out code by code: in the same order but for the discards and
clears (listed by hand slot, after the rest), each once; and each id plays the code it
names (the hand slots of a discard or a clear turned back into its cards)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysaboteur.native import core

if core is None:
    pytest.skip("these compare two listings of the native core", allow_module_level=True)

from pysaboteur.envs.native_table import native_table_saboteur2
from pysaboteur.rules.options import Options

KIND_NAMES = list(core.KINDS)


def play_checking_ids(players: int, seed: int, choices: int, moves: int) -> Counter[str]:
    """Plays ``moves`` random legal codes through games of the core, holding the listed
    ids to the codes' at every position; returns how often each kind of move had an id
    (a discard counted by its cards: ``discard 1`` to ``discard 3``)."""
    table = native_table_saboteur2(players, Options())
    assert table is not None
    core_table = table._table
    choose = random.Random(choices)
    games = 0
    core_table.start(seed)
    seen: Counter[str] = Counter()
    for _ in range(moves):
        codes = core_table.legal_codes()
        if not codes:  # the game is over
            games += 1
            core_table.start(seed + games)
            continue
        pairs = [(code, core_table.id_of_code(code)) for code in codes]
        pairs = [(code, action) for code, action in pairs if action >= 0]
        by_slots = {KIND_NAMES.index("discard"), KIND_NAMES.index("clear")}
        listed = core_table.legal_ids()
        expected = [action for code, action in pairs if code & 31 not in by_slots]
        assert listed[: len(expected)] == expected
        assert sorted(listed[len(expected) :]) == sorted(
            action for code, action in pairs if code & 31 in by_slots
        )
        assert len(set(listed)) == len(listed)
        for code, action in pairs:
            assert core_table.code_of(action) == code
            kind = KIND_NAMES[code & 31]
            if kind == "discard":
                kind += f" {1 + ((code >> 12 & 127) > 0) + ((code >> 19 & 127) > 0)}"
            seen[kind] += 1
        core_table.play(choose.choice(codes))
    return seen


def test_every_kind_of_move_in_games_of_five() -> None:
    seen = play_checking_ids(5, seed=2, choices=3, moves=1500)
    kinds = set(KIND_NAMES) - {"take"}  # the base game's gold cards: none in Saboteur 2
    kinds = kinds - {"discard"} | {"discard 1", "discard 2", "discard 3"}
    assert kinds <= set(seen), kinds - set(seen)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 12), seed=st.integers(0, 2**40), choices=st.integers(0, 2**32))
def test_any_count_and_seed(players: int, seed: int, choices: int) -> None:
    play_checking_ids(players, seed, choices, moves=300)
