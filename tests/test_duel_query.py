"""The Duel heuristic's maze questions answered by the core (core/duel_query.cpp,
through pysaboteur.native.duel_query) against the Python reference in
pysaboteur.bots.duel_prospects: the same prospects, now and after every placement,
key, bribe and rockfall the rules allow, and the same distances to the goals, at the
decisions of random and heuristic Duels with the shipped deck and a user's; so the
bot gives every legal move the same score and plays the same games either way."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, TypeVar

import pytest
from duel_decks import user_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inventory import DuelChooser
from scenarios_duel import duel

from pysaboteur.arena.match import play_unit
from pysaboteur.arena.schedule import SEATS, build_schedule
from pysaboteur.bots.duel_prospects import (
    MAZE_KINDS,
    NEAR,
    Outlook,
    outlook,
    outlook_in_python,
)
from pysaboteur.bots.duel_view import goal_beliefs, observed_maze
from pysaboteur.bots.heuristic_duel import DuelHeuristic
from pysaboteur.native import PURE_VARIABLE, core, duel_query
from pysaboteur.native.duel_query import FaceTable, native_prospects
from pysaboteur.rules import Game, Move, Options, seat_observation
from pysaboteur.rules.observation import Observation

needs_core = pytest.mark.skipif(core is None, reason="the native core is not built here")
DECISIONS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
DECKS: dict[str, Any] = {"shipped": None, "user": user_deck()}
#: Blue's hand in the scenario: cards that do not matter to green's choice.
BLUE = ["EW", "ES", "NS", "SW", "break-lamp", "key"]

Answer = TypeVar("Answer")


@contextmanager
def pure(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The Python reference answers inside (the core is asked again after)."""
    with monkeypatch.context() as patch:
        patch.setenv(PURE_VARIABLE, "1")
        yield


def both_ways(monkeypatch: pytest.MonkeyPatch, ask: Callable[[], Answer]) -> tuple[Answer, Answer]:
    """``ask()`` answered by the core, then by the Python reference."""
    monkeypatch.delenv(PURE_VARIABLE, raising=False)
    native = ask()
    with pure(monkeypatch):
        python = ask()
    return native, python


def assert_same_outlook(native: Outlook, python: Outlook) -> None:
    assert native.goal_distances == python.goal_distances
    assert len(native.after) == len(python.after)
    for mine, theirs in zip((native.now, *native.after), (python.now, *python.after), strict=True):
        for seat in (0, 1):
            assert mine[seat].claimed == theirs[seat].claimed
            assert mine[seat].near == pytest.approx(theirs[seat].near, abs=1e-9)


def changes_of(legal: list[Move]) -> list[Move]:
    return [move for move in legal if move.kind in MAZE_KINDS]


@needs_core
def test_the_core_finds_the_prospects_of_a_first_move(monkeypatch: pytest.MonkeyPatch) -> None:
    game = duel(["NS+EW/gold1@N", "break-pick", "map", "NS", "SW", "fix-pick"], BLUE)
    observation = seat_observation(game, 0)
    changes = changes_of(game.legal_moves())
    beliefs = goal_beliefs(observation)
    native, python = both_ways(monkeypatch, lambda: outlook(observation, beliefs, 0, changes))
    assert_same_outlook(native, python)
    # Green's start (0,-1) faces (-1,-1), (1,-1), (0,-2) and (0,0); blue's is its mirror.
    assert native.goal_distances == ((5, 5, 7, 6, 8, 9), (7, 5, 5, 8, 6, 9))
    # Each unseen goal is worth 26/18 nuggets, 0.6 of it less for every card still needed.
    near = 26 / 18 * sum(NEAR**distance for distance in (5, 5, 7, 6, 8, 9))
    assert native.now[0].claimed == 0.0 and native.now[0].near == pytest.approx(near, abs=1e-12)
    after = dict(zip((str(move) for move in changes), native.after, strict=True))
    # Laid on green's start, the nugget is claimed at once and no front moves nearer.
    green, blue = after["0 place NS+EW/gold1@N 0,-2"]
    assert (green.claimed, blue.claimed) == (1.0, 0.0)
    assert green.near == pytest.approx(near, abs=1e-12)


@needs_core
@DECISIONS
@given(
    seed=st.integers(0, 2**32 - 1),
    deck=st.sampled_from(sorted(DECKS)),
    variety=st.floats(0.0, 0.6),
    builds=st.floats(0.0, 0.9),
    heuristic=st.floats(0.0, 1.0),
    moves=st.integers(1, 90),
)
def test_the_core_scores_every_move_as_the_python_does(
    seed: int,
    deck: str,
    variety: float,
    builds: float,
    heuristic: float,
    moves: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Random Duels, the heuristic's choice mixed in: at every decision, the outlook
    and the bot's score of every legal move, each way."""
    game = Game.new(2, Options(), seed, edition="duel", deck=DECKS[deck])
    rng = random.Random(seed)
    choose = DuelChooser(rng, variety, builds)
    bot = DuelHeuristic(seed)
    for _ in range(moves):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        observation = seat_observation(game, seat)
        legal = list(game.legal_moves())
        changes = changes_of(legal)
        beliefs = goal_beliefs(observation)
        native, python = both_ways(
            monkeypatch, partial(outlook, observation, beliefs, seat, changes)
        )
        assert_same_outlook(native, python)
        mine, theirs = both_ways(monkeypatch, partial(bot.scores, observation, legal))
        assert [move for _, move in mine] == legal == [move for _, move in theirs]
        for (score, _), (reference, _) in zip(mine, theirs, strict=True):
            assert score == pytest.approx(reference, abs=1e-9)
        if rng.random() < heuristic and len(legal) > 1:
            game.play(max(mine, key=lambda scored: scored[0])[1])
        else:
            game.play(choose(game))


@needs_core
@pytest.mark.parametrize("bots", [["heuristic"], ["heuristic", "random"]])
def test_the_heuristic_plays_the_same_duels_with_the_core_and_without(
    bots: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    units = build_schedule(bots, [2], 2, 17, Options(), SEATS, edition="duel")
    with_core, without = both_ways(monkeypatch, lambda: [play_unit(u).record for u in units])
    assert with_core == without


@needs_core
def test_a_full_face_table_starts_again_and_still_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The core's face table holds 254 faces: a process that meets more (many users'
    decks) numbers them afresh; here the table is made to fill after a few."""
    monkeypatch.setattr(duel_query, "MOST_FACES", 6)
    table = FaceTable()
    monkeypatch.setattr(duel_query, "_FACES", table)
    assert table.numbers(["NS", "EW", "NS"]) == [0, 1, 0]
    first = table.tables()
    assert table.tables() is first  # kept while no face is new
    codes = ["NESW/ladder-green", "NESW/ladder-blue", "NE", "ES", "SW", "NW", "NS"]
    numbers = table.numbers(codes)
    assert numbers == list(range(7))  # two known and six new are more than six: afresh
    assert table.tables() is not first
    game = duel(["NS+EW/gold1@N", "break-pick", "map", "NS", "SW", "fix-pick"], BLUE)
    game.play("0 place NS 0,-2")
    game.play("1 place NS 0,2")
    observation = seat_observation(game, 0)
    changes = changes_of(game.legal_moves())
    beliefs = goal_beliefs(observation)
    native, python = both_ways(monkeypatch, lambda: outlook(observation, beliefs, 0, changes))
    assert_same_outlook(native, python)


def test_without_the_core_the_python_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    game = duel(["NS+EW/gold1@N", "break-pick", "map", "NS", "SW", "fix-pick"], BLUE)
    observation: Observation = seat_observation(game, 0)
    changes = changes_of(game.legal_moves())
    beliefs = goal_beliefs(observation)
    with pure(monkeypatch):
        assert native_prospects(observation, beliefs.expected, NEAR, 0, changes) is None
        answered = outlook(observation, beliefs, 0, changes)
    reference = outlook_in_python(observed_maze(observation), beliefs, 0, changes)
    assert answered == reference
