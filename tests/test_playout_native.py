"""The search's playout policy in the native core (core/playout.cpp) against the
rules of thumb in Python (pysaboteur/bots/rollout.py) and the reference rules:
the same score for every move of every position drawn, the same search back from
the goals, moves the pure engine accepts, rounds that always end, the same result
for the same seed; and exact outcomes of crafted positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenarios import corridor, crafted_game, in_turn

from pysaboteur.bots.maze_view import cards_to_goal
from pysaboteur.bots.rollout import move_scores, playout_move
from pysaboteur.native import core
from pysaboteur.native.playout import (
    native_cards_to_goal,
    native_miners_share,
    native_play_out,
    native_playout_codes,
    native_scores,
)
from pysaboteur.rules import MINERS, Game, Move, seat_observation
from pysaboteur.rules.determinize import Determinizer
from pysaboteur.rules.native_engine import pure_engine

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built here")

POSITIONS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

#: The core scores a break the seat passes over as this (core/playout.hpp SKIPPED).
SKIPPED = -1e18


def reached_position(players: int, seed: int, moves: int, wander: float) -> Game:
    """A game ``moves`` moves into its first round, played by the playout policy
    with a ``wander`` share of random moves (so that odd mazes come up too)."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.phase != "play" or game.round_number != 1:
            break
        legal = game.legal_moves()
        game.play(rng.choice(list(legal)) if rng.random() < wander else playout_move(game, rng))
    return game


position = st.builds(
    reached_position,
    players=st.integers(3, 10),
    seed=st.integers(0, 2**20),
    moves=st.integers(0, 70),
    wander=st.sampled_from([0.0, 0.3, 1.0]),
)


def certain_python_scores(game: Game) -> list[float]:
    scores = move_scores(game, game.legal_moves(), lambda: 0.0)
    return [SKIPPED if score is None else score for score in scores]


@POSITIONS
@given(position)
def test_the_core_scores_every_move_as_the_python_policy_does(game: Game) -> None:
    if game.phase != "play":
        return
    assert native_scores(game) == certain_python_scores(game)


@POSITIONS
@given(position, st.integers(0, 9))
def test_the_core_scores_sampled_games_as_the_python_policy_does(game: Game, seed: int) -> None:
    # What the search hands the core: a game drawn from one seat's view.
    if game.phase != "play" or game.to_move is None:
        return
    sample = Determinizer(seat_observation(game, game.to_move)).sample(random.Random(seed))
    assert native_scores(sample) == certain_python_scores(sample)


@POSITIONS
@given(position)
def test_the_cores_search_back_from_each_goal_is_maze_views(game: Game) -> None:
    for goal in range(3):
        assert native_cards_to_goal(game, goal) == cards_to_goal(game.maze, goal)


@POSITIONS
@given(position, st.integers(0, 2**64 - 1))
def test_a_native_playout_plays_only_moves_the_rules_accept_and_ends_the_round(
    game: Game, seed: int
) -> None:
    if game.phase != "play" or game.round_number != 1:
        return
    codes = native_playout_codes(game, seed)
    assert codes is not None
    with pure_engine():
        reference = Game.new(game.players, seed=game.seed)
    for move in game.moves:
        reference.play(move)
    for code in codes:
        reference.play(code)  # IllegalMove if the rules refuse it
    result = reference.rounds[0].result
    assert result is not None
    played = native_play_out(game, seed)
    assert played is not None
    assert (played.winner, played.moves) == (result.winner, len(codes))


@POSITIONS
@given(position, st.integers(0, 2**64 - 1))
def test_a_native_playout_is_the_same_for_the_same_seed_and_leaves_the_game_alone(
    game: Game, seed: int
) -> None:
    before = list(game.legal_moves())
    first, second = native_play_out(game, seed), native_play_out(game, seed)
    assert first == second
    assert list(game.legal_moves()) == before


def test_a_playout_miner_one_card_from_the_gold_reaches_it_at_once() -> None:
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(3, script=script, hands={0: ["EW", "NS", "map", "xNESW", "break-pick"]})
    for seed in range(5):  # whatever the generator draws
        played = native_play_out(game, seed, limit=1)
        assert played is not None
        assert (played.winner, played.moves) == (MINERS, 1)


def test_a_playout_saboteur_blocks_the_cell_before_the_gold() -> None:
    # A dead end at 7,0 (18 - 1) beats a rockfall on the corridor's tip (15 - 1)
    # and a broken tool (12); the map is worth 2, a discard nothing.
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(
        3,
        script=script,
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["xW", "rockfall", "break-pick", "NS", "map"]},
    )
    scores = native_scores(game)
    assert scores is not None
    scored = dict(zip(game.legal_moves(), scores, strict=True))
    assert max(scored, key=lambda move: scored[move]) == Move(0, "place", "xW", 7, 0)
    assert scored[Move(0, "place", "xW", 7, 0)] == 17.0
    assert scored[Move(0, "rockfall", "rockfall", 6, 0)] == 14.0
    assert scored[Move(0, "break", "break-pick", target=1, tool="pick")] == 12.0
    assert scored[Move(0, "map", "map", 8, 0)] == 2.0


def test_the_miners_share_of_many_playouts_is_certain_one_card_from_the_gold() -> None:
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(3, script=script, roles=["miner", "miner", "saboteur"], set_aside="miner")
    assert native_miners_share(game, 3, 50) == 1.0


def test_the_pure_engine_has_no_native_playout() -> None:
    with pure_engine():
        game = Game.new(5, seed=1)
    assert native_play_out(game, 1) is None
    assert native_scores(game) is None
