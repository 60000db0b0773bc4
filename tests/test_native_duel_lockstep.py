"""The native core plays the Duel as the rules do, move for move (docs/engine.md,
"The native core"): two games of the same seed, one through the core and one by the
pure engine, step in lockstep under moves hypothesis draws; after every move the
legal moves (in order), the verdicts on moves a little off the legal ones, both
seats' observations and the public one, and at the end the results and the records
must be the same. The shipped deck, and a user's deck file with other cards.

As in tests/test_native_lockstep.py, the chooser reads only the pure game, so that
the native game's state stays behind its core for a drawn number of moves: both
ways of catching up (playing the moves again, restoring from the core) are compared.
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from duel_decks import user_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inventory import DuelChooser

from pysaboteur.native import core
from pysaboteur.rules import (
    Game,
    IllegalMove,
    Move,
    Options,
    game_to_record,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import TOOLS
from pysaboteur.rules.native_engine import LegalMoves, pure_engine

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built here")

LOCKSTEP = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)


DECKS = {"shipped": None, "user": user_deck()}


def twins(seed: int, open_hands: bool, deck: Any) -> tuple[Game, Game]:
    native = Game.new(2, Options(open_hands=open_hands), seed, edition="duel", deck=deck)
    with pure_engine():
        pure = Game.new(2, Options(open_hands=open_hands), seed, edition="duel", deck=deck)
    return native, pure


def perturbed(move: Move, rng: random.Random, cards: list[str]) -> list[Move]:
    """Moves a little off a legal one: cells off by one, the other target, other
    tools, cards not held, other cards discarded or cleared, the wrong seat."""
    off = [
        move._replace(x=move.x + 1),
        move._replace(y=move.y - 1),
        move._replace(target=1 - move.target if move.target >= 0 else 0),
        move._replace(seat=1 - move.seat),
        move._replace(card=rng.choice(cards)),
    ]
    if move.tool:
        off.append(move._replace(tool=rng.choice([tool for tool in TOOLS if tool != move.tool])))
    if move.kind in ("discard", "clear"):
        off.append(move._replace(also=tuple(sorted((*move.also, rng.choice(cards))))))
        off.append(move._replace(also=move.also[1:]))
    if move.kind == "clear":
        off.append(move._replace(front=rng.choice(["break-pick", "break-lamp", "break-cart"])))
    if move.kind in ("bribe", "key", "rockfall", "map"):
        off.append(Move(move.seat, "bribe", "", move.x, move.y))
        off.append(Move(move.seat, "key", "key", move.x, move.y))
    return off


def verdict(game: Game, move: Move) -> str | None:
    trial = game.copy()
    try:
        trial.play(move)
    except IllegalMove as error:
        return error.reason
    return None


def play_in_lockstep(
    native: Game, pure: Game, choose: DuelChooser, rng: random.Random, look_every: int
) -> None:
    cards = [*dict.fromkeys(pure.deck.playing_cards), "start-green"]  # type: ignore[attr-defined]
    played = 0
    while not pure.is_over:
        where = f"round {pure.round_number}, move {len(pure.moves)}"
        listed = native.legal_moves()
        assert isinstance(listed, LegalMoves), where
        assert list(listed) == pure.legal_moves(), where
        move = choose(pure)
        if played % look_every == 0:
            for other in perturbed(move, rng, cards):
                assert verdict(native, other) == verdict(pure, other), f"{where}: {other}"
        if rng.random() < 0.5:
            native.play(listed.codes[list(listed).index(move)])  # by its code
        else:
            native.play(move)
        pure.play(move)
        played += 1
        if played % look_every == 0:
            for seat in (0, 1):
                assert seat_observation(native, seat) == seat_observation(pure, seat), where
            assert public_observation(native) == public_observation(pure), where
    assert native.is_over
    assert native.nuggets == pure.nuggets
    assert [log.result for log in native.rounds] == [log.result for log in pure.rounds]
    assert game_to_record(native) == game_to_record(pure)
    for seat in (0, 1):
        assert seat_observation(native, seat) == seat_observation(pure, seat)


@LOCKSTEP
@given(
    seed=st.integers(0, 2**32 - 1),
    open_hands=st.booleans(),
    deck=st.sampled_from(sorted(DECKS)),
    rng=st.randoms(use_true_random=False),
    variety=st.sampled_from([0.0, 0.5, 0.9]),
    builds=st.sampled_from([0.0, 0.5, 0.8]),
    look_every=st.integers(1, 12),
)
def test_the_core_and_the_rules_agree_on_the_duel_move_for_move(
    seed: int,
    open_hands: bool,
    deck: str,
    rng: random.Random,
    variety: float,
    builds: float,
    look_every: int,
) -> None:
    # builds heads for the goals (claims, bribes, keys on the goals' doors, round ends
    # by goals or counters); variety reaches breaks, repairs, clears, maps, rockfalls.
    native, pure = twins(seed, open_hands, DECKS[deck])
    play_in_lockstep(native, pure, DuelChooser(rng, variety, builds), rng, look_every)


def test_a_user_deck_file_plays_through_the_core(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(user_deck()), "utf-8")
    native, pure = twins(5, False, str(path))
    play_in_lockstep(native, pure, DuelChooser(random.Random(5), 0.5, 0.5), random.Random(6), 3)


def test_a_duel_copy_and_a_pickle_step_on_their_own_from_a_state_behind_the_core() -> None:
    game = Game.new(2, seed=11, edition="duel")
    for _ in range(9):  # the state stays behind: nothing reads it
        game.play(game.legal_moves().codes[0])  # type: ignore[attr-defined]
    copied = game.copy()
    loaded = pickle.loads(pickle.dumps(game))
    copied.play(copied.legal_moves()[-1])
    assert len(copied.moves) == len(game.moves) + 1
    with pure_engine():
        again = Game.new(2, seed=11, edition="duel")
    for move in game.moves:
        again.play(move)
    assert seat_observation(game, 0) == seat_observation(again, 0)
    assert isinstance(loaded.legal_moves(), LegalMoves)
    assert seat_observation(loaded, 1) == seat_observation(again, 1)


def test_a_duel_code_names_its_move_on_both_engines() -> None:
    game = Game.new(2, seed=2, edition="duel")
    listed = game.legal_moves()
    assert isinstance(listed, LegalMoves)
    with pure_engine():
        pure = Game.new(2, seed=2, edition="duel")
    pure.play(listed.codes[0])
    game.play(listed.codes[0])
    assert game.moves == pure.moves == [listed[0]]
    with pytest.raises(IllegalMove, match="no move has the code 31"):
        game.play(31)


def _as_ended(state: Any) -> tuple[Any, ...]:
    maze = state.maze
    return (
        state.hands,
        state.draw_pile,
        state.discards,
        state.broken,
        state.maps,
        state.round_gold,
        state.to_move,
        state.last_turn,
        dict(maze.faces),
        maze.revealed,
        maze.keys,
        maze.bribes,
        maze.claims,
    )


@pytest.mark.parametrize("seed", [3, 8])
def test_rounds_the_core_ended_unread_keep_their_final_states(seed: int) -> None:
    # Played by codes and never read, each round ends in the core and keeps only the
    # core's round for its final state: copies and pickles made before any read, and
    # the game itself, give the final states the rules reach.
    game = Game.new(2, seed=seed, edition="duel")
    while not game.is_over:
        game.play(game.legal_moves().codes[-1])  # type: ignore[attr-defined]
    copied = game.copy()
    loaded = pickle.loads(pickle.dumps(game))
    with pure_engine():
        pure = Game.new(2, seed=seed, edition="duel")
    for log in game.rounds:
        for move in log.moves:
            pure.play(move)
    assert pure.is_over and pure.nuggets == game.nuggets == copied.nuggets == loaded.nuggets
    ends = [_as_ended(log.final) for log in pure.rounds]
    for other in (copied, game, loaded):
        assert [_as_ended(log.final) for log in other.rounds] == ends
        assert _as_ended(other.state) == ends[-1]
        assert [log.result for log in other.rounds] == [log.result for log in pure.rounds]
        # Each round was dealt in the core from the cards' numbers, its Deal unread.
        assert [log.deal for log in other.rounds] == [log.deal for log in pure.rounds]
