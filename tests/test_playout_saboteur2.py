"""Saboteur 2 in the core's playouts (core/payout_saboteur2.cpp, core/playout_saboteur2.cpp)
against the reference: the core pays every round end as the rules pay it (winners,
gold pieces, the thieves' order, thefts from the richest), and plays the search's
Saboteur 2 policy (bots/ismcts_saboteur2.py playout_move) move for move as Python
plays it from the same draws; and exact outcomes of crafted rounds."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenarios_saboteur2 import EDITION, crafted_game, discard_some, in_turn, to_middle_goal

from pysaboteur.bots.ismcts import IsmctsBot
from pysaboteur.bots.ismcts_saboteur2 import playout_move, round_gold
from pysaboteur.bots.splitmix import SplitMix
from pysaboteur.native import core
from pysaboteur.native.playout import (
    native_play_out,
    native_saboteur2_pay,
    native_saboteur2_play_out,
    native_saboteur2_round_gold,
    native_saboteur2_trace,
)
from pysaboteur.rules import Game, Move, seat_observation
from pysaboteur.rules.codes import codec_of
from pysaboteur.rules.gold_pieces import theft_order
from pysaboteur.rules.native_engine import pure_engine
from pysaboteur.rules.results import GoldPiecesResult

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built here")

ROUNDS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MASK = 2**64 - 1


def richest_steal(game: Game) -> Move:
    """The policy's steal: from the seat holding the most gold pieces, the first such."""
    return max(game.legal_moves(), key=lambda move: game.gold_pieces[move.target])


def position(players: int, seed: int, moves: int, wander: float) -> Game:
    """A Saboteur 2 game ``moves`` moves in (earlier rounds finished on the way), played
    by the search's policy with a ``wander`` share of random moves (steals at random)."""
    game = Game.new(players, seed=seed, edition=EDITION)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        wandering = game.phase != "play" or rng.random() < wander
        game.play(rng.choice(list(legal)) if wandering else playout_move(game, rng))
    while game.phase == "steal":
        game.play(rng.choice(list(game.legal_moves())))
    return game


positions = st.builds(
    position,
    players=st.integers(2, 12),
    seed=st.integers(0, 2**20),
    moves=st.integers(0, 200),
    wander=st.sampled_from([0.0, 0.2, 1.0]),
)


def play_to_round_end(game: Game, rng: random.Random, wander: float) -> Move | None:
    """Play ``game`` (in play) on to the move before its round's end and return that
    move, which is not played; None if the game is over."""
    while not game.is_over:
        legal = game.legal_moves()
        move = rng.choice(list(legal)) if rng.random() < wander else playout_move(game, rng)
        if native_saboteur2_pay(game, move) is not None:
            return move
        game.play(move)
    return None


@ROUNDS
@given(positions, st.integers(0, 2**32), st.sampled_from([0.0, 0.3, 1.0]))
def test_the_core_pays_every_round_end_as_the_rules_do(
    game: Game, seed: int, wander: float
) -> None:
    rng = random.Random(seed)
    last = play_to_round_end(game, rng, wander)
    if last is None:
        return
    pay = native_saboteur2_pay(game, last)
    assert pay is not None
    number = game.round_number
    before = list(game.gold_pieces)
    game.play(last)  # the last move itself may be a theft, a hands-off, a clear...
    if game.phase == "steal":
        state = game.state
        result = state.result
        paid = list(state.round_gold)
        assert pay.stealing == theft_order(state.thieves, state.trapped)
    else:  # nobody had anything to steal, or there was no thief
        assert pay.thefts == []
        result = game.rounds[number - 1].result
        assert isinstance(result, GoldPiecesResult)
        paid = list(result.gold)
    assert isinstance(result, GoldPiecesResult)
    assert pay.reached == result.gold_reached
    assert pay.finder == result.finder
    assert pay.open_to == result.open_to
    assert pay.winners == result.winners
    assert pay.paid == paid
    while game.phase == "steal":
        game.play(richest_steal(game))
    final = game.rounds[number - 1].result
    assert isinstance(final, GoldPiecesResult)
    assert pay.round_gold == final.gold
    assert [list(theft) for theft in pay.thefts] == final.thefts
    assert [b + gold for b, gold in zip(before, final.gold, strict=True)] == game.gold_pieces


def python_playout(game: Game, seed: int, first: Move | None) -> tuple[list[int], list[int]]:
    """The codes the Python policy plays from the core's draws, and the round's gold."""
    game = game.copy()
    codec = codec_of(game.edition)
    number = game.round_number
    if first is not None:
        game.play(first)
    rng = SplitMix(seed)
    codes: list[int] = []
    while not game.is_over and game.round_number == number:
        move = playout_move(game, rng)
        code = codec.encode(move)
        assert code is not None
        codes.append(code)
        game.play(move)
    result = game.rounds[number - 1].result
    assert isinstance(result, GoldPiecesResult)
    return codes, result.gold


@ROUNDS
@given(positions, st.integers(0, MASK), st.booleans())
def test_the_core_plays_the_policy_move_for_move_as_python_does(
    game: Game, seed: int, with_first: bool
) -> None:
    if game.phase != "play":
        return
    first = random.Random(seed).choice(list(game.legal_moves())) if with_first else None
    codes, gold = python_playout(game, seed, first)
    assert native_saboteur2_trace(game, seed, first=first) == codes
    assert native_saboteur2_play_out(game, seed, first=first) == (True, len(codes), gold)


@ROUNDS
@given(positions, st.integers(0, 2**32 - 1))
def test_the_searchs_native_round_gold_is_each_candidates_python_playout(
    game: Game, seed: int
) -> None:
    if game.phase != "play" or game.to_move is None:
        return
    seat = game.to_move
    firsts = list(game.legal_moves())[:4]
    expected = [
        python_playout(game, seed, first)[1][seat] for first in firsts
    ]  # every candidate from the same draws
    assert native_saboteur2_round_gold(game, firsts, seat, seed) == [float(g) for g in expected]


def test_the_python_playout_scores_a_round_by_the_seats_gold_pieces() -> None:
    game = Game.new(5, seed=3, edition=EDITION)
    move = playout_move(game, random.Random(1))
    reward = round_gold(game.copy(), move, 0, SplitMix(9))
    _, gold = python_playout(game, 9, move)
    assert reward == gold[0]
    assert native_saboteur2_round_gold(game, [move], 0, 9) == [float(gold[0])]


def test_a_green_digger_reaching_the_gold_through_a_blue_door_wins_for_the_blue_team() -> None:
    # The corridor's last card carries a blue door: the gold is open to blue only, so
    # the green finder (seat 0) wins for the blue team: blue and the boss, 4 - 1 for him.
    faces = ("NEW", "NEW", "NEW", "NEW", "NEW", "NESW", "EW/door-blue")
    script = to_middle_goal(4, first=2, faces=faces)
    game = crafted_game(
        4,
        roles=["green", "blue", "boss", "saboteur"],
        script=script[:-1],
        then=script[-1:],
        first=2,
    )
    last = Move.parse(script[-1])
    pay = native_saboteur2_pay(game, last)
    assert pay is not None
    assert (pay.reached, pay.finder, pay.open_to, pay.winners) == (True, 0, ["blue"], [1, 2])
    assert pay.paid == [0, 4, 3, 0]
    assert pay.round_gold == [0, 4, 3, 0]


def test_gold_behind_doors_of_both_colours_pays_the_profiteer_alone() -> None:
    # A green door, then a blue one: the gold is open to neither team, so nobody's
    # team wins, the boss neither; the profiteer alone gets 5 - 2.
    faces = ("NEW", "NEW", "NEW", "NEW", "NEW", "EW+xN/door-green", "EW/door-blue")
    script = to_middle_goal(4, first=2, faces=faces)
    game = crafted_game(
        4,
        roles=["green", "blue", "boss", "profiteer"],
        script=script[:-1],
        then=script[-1:],
        first=2,
    )
    pay = native_saboteur2_pay(game, Move.parse(script[-1]))
    assert pay is not None
    assert (pay.reached, pay.finder, pay.open_to, pay.winners) == (True, 0, [], [3])
    assert pay.paid == [0, 0, 0, 3]
    game.play(script[-1])
    result = game.rounds[0].result
    assert isinstance(result, GoldPiecesResult)
    assert (result.open_to, result.winners, result.gold) == ([], [3], [0, 0, 0, 3])


def test_without_the_gold_the_geologists_share_the_crystals_and_the_thief_robs_the_richest() -> (
    None
):
    # Two crystals on the maze, the cards run out: the saboteur (4) and the profiteer
    # (4 - 2) win, each geologist gets 2 // 2; the thief, seat 2, robs the saboteur.
    script = in_turn(["place ESW/crystal 1,0", "place NESW/crystal 2,0", "theft"], players=4)
    game = crafted_game(4, roles=["geologist", "saboteur", "geologist", "profiteer"], script=script)
    number = game.round_number
    while True:
        trial = game.copy()
        text = discard_some(trial)
        if trial.phase != "play" or trial.round_number != number:
            break
        game.play(text)
    pay = native_saboteur2_pay(game, Move.parse(text))
    assert pay is not None
    assert (pay.reached, pay.finder, pay.open_to, pay.winners) == (False, None, [], [1, 3])
    assert pay.paid == [1, 4, 1, 2]
    assert (pay.stealing, pay.thefts, pay.round_gold) == ([2], [(2, 1)], [1, 3, 2, 2])


def test_the_base_games_playout_refuses_saboteur2_and_the_pure_engine_has_neither() -> None:
    game = Game.new(5, seed=1, edition=EDITION)
    assert native_play_out(game, 1) is None
    assert native_saboteur2_play_out(game, 1) is not None
    with pure_engine():
        pure = Game.new(5, seed=1, edition=EDITION)
    assert native_saboteur2_play_out(pure, 1) is None
    assert native_saboteur2_round_gold(pure, list(pure.legal_moves())[:1], 0, 1) is None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.integers(0, 2**16))
def test_the_search_decides_the_same_with_native_and_python_playouts(game: Game, seed: int) -> None:
    # The same samples, the same playouts (the Python ones from the core's generator):
    # the same move, after the same number of iterations.
    seat = game.to_move
    if game.phase != "play" or seat is None:
        return
    legal = list(game.legal_moves())
    native, python = IsmctsBot(seed, iterations=4), IsmctsBot(seed, iterations=4, playout="python")
    chosen = native.choose(seat_observation(game, seat), legal)
    assert python.choose(seat_observation(game, seat), legal) == chosen
    assert native.last_iterations == python.last_iterations
