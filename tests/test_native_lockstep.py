"""The native core agrees with the rules, move for move (docs/engine.md, "The native
core"): two games of the same seed, one played through the core and one by the pure
engine, step in lockstep under moves that hypothesis draws; after every move the
legal moves (in order), the verdicts on moves a little off the legal ones, every
seat's observation and, at the end, the results must be the same.

The chooser reads only the pure game, so that the native game's state stays behind
its core for a drawn number of moves before an observation reads it: both ways of
catching up (playing the moves again, and restoring from the core) are compared.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inventory import Chooser, Saboteur2Chooser

from pysaboteur.native import core
from pysaboteur.rules import (
    MINERS,
    SABOTEURS,
    Game,
    IllegalMove,
    Move,
    Options,
    game_to_record,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import TOOLS
from pysaboteur.rules.editions import find_edition
from pysaboteur.rules.kinds.clear import FRONT_CARDS
from pysaboteur.rules.native_engine import LegalMoves, native_engine, pure_engine
from pysaboteur.rules.options import GOLD_DRAW_CHOICES, NEXT_ROUND_START_CHOICES

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built here")

LOCKSTEP = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example],
)


def twins(
    players: int, options: Options, seed: int, first: int, edition: str = "base"
) -> tuple[Game, Game]:
    """The same game twice: through the core, and by the pure engine."""
    native = Game.new(players, options, seed, first=first, edition=edition)
    with pure_engine():
        pure = Game.new(players, options, seed, first=first, edition=edition)
    return native, pure


def perturbed(move: Move, players: int, rng: random.Random, cards: list[str]) -> list[Move]:
    """Moves a little off a legal one: cells off by one, other seats, other tools,
    cards not held, other cards discarded with it or cleared, the wrong seat to move."""
    off = [
        move._replace(x=move.x + 1),
        move._replace(y=move.y - 1),
        move._replace(target=(move.target + 1) % players if move.target >= 0 else 0),
        move._replace(seat=(move.seat + 1) % players),
        move._replace(card=rng.choice(cards)),
    ]
    if move.tool:
        off.append(move._replace(tool=rng.choice([tool for tool in TOOLS if tool != move.tool])))
    if move.kind == "take":
        off.append(move._replace(value=move.value % 3 + 1))
    if move.kind in ("discard", "clear"):
        off.append(move._replace(also=tuple(sorted((*move.also, rng.choice(cards))))))
        off.append(move._replace(also=move.also[1:]))
    if move.kind == "clear":
        off.append(move._replace(front=rng.choice(FRONT_CARDS)))
    return off


def play_in_lockstep(
    native: Game,
    pure: Game,
    choose: Chooser | Saboteur2Chooser,
    rng: random.Random,
    look_every: int,
) -> None:
    """Both games to their end under the same moves, compared at every step."""
    players = pure.players
    cards = list(pure.edition.card_counts)
    played = 0
    while not pure.is_over:
        where = f"round {pure.round_number}, move {len(pure.moves)}"
        listed = native.legal_moves()
        # Saboteur 2's thefts at a round's end are the rules' own: a plain list.
        assert isinstance(listed, LegalMoves) or pure.phase == "steal", where
        assert list(listed) == pure.legal_moves(), where
        move = choose(pure)
        if played % look_every == 0:
            for other in perturbed(move, players, rng, cards):
                assert verdict(native, other) == verdict(pure, other), f"{where}: {other}"
        if rng.random() < 0.5 and isinstance(listed, LegalMoves):
            native.play(listed.codes[list(listed).index(move)])  # by its code
        else:
            native.play(move)
        pure.play(move)
        played += 1
        if played % look_every == 0:
            for seat in range(players):
                assert seat_observation(native, seat) == seat_observation(pure, seat), where
            assert public_observation(native) == public_observation(pure), where
    assert native.is_over
    assert native.nuggets == pure.nuggets
    assert [log.result for log in native.rounds] == [log.result for log in pure.rounds]
    assert game_to_record(native) == game_to_record(pure)
    for seat in range(players):
        assert seat_observation(native, seat) == seat_observation(pure, seat)


def verdict(game: Game, move: Move) -> str | None:
    """The reason ``play`` gives for refusing the move on a copy, or None if it plays."""
    trial = game.copy()
    try:
        trial.play(move)
    except IllegalMove as error:
        return error.reason
    return None


@LOCKSTEP
@given(
    players=st.integers(3, 10),
    gold_draw=st.sampled_from(GOLD_DRAW_CHOICES),
    next_round_start=st.sampled_from(NEXT_ROUND_START_CHOICES),
    open_hands=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    rng=st.randoms(use_true_random=False),
    greed=st.sampled_from([0.0, 0.6, 0.9]),
    look_every=st.integers(1, 12),
)
def test_the_core_and_the_rules_agree_move_for_move(
    players: int,
    gold_draw: str,
    next_round_start: str,
    open_hands: bool,
    seed: int,
    rng: random.Random,
    greed: float,
    look_every: int,
) -> None:
    options = Options(gold_draw, next_round_start, open_hands)
    native, pure = twins(players, options, seed, rng.randrange(players))
    play_in_lockstep(native, pure, Chooser(rng, greed), rng, look_every)


@LOCKSTEP
@given(
    players=st.integers(2, 12),
    next_round_start=st.sampled_from(NEXT_ROUND_START_CHOICES),
    open_hands=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    rng=st.randoms(use_true_random=False),
    greed=st.sampled_from([0.0, 0.6, 0.9]),
    variety=st.sampled_from([0.0, 0.5, 0.9]),
    look_every=st.integers(1, 12),
)
def test_the_core_and_the_rules_agree_on_saboteur2_move_for_move(
    players: int,
    next_round_start: str,
    open_hands: bool,
    seed: int,
    rng: random.Random,
    greed: float,
    variety: float,
    look_every: int,
) -> None:
    # variety draws each kind of move as often as the others: traps, thefts, swaps,
    # clears and discards of several cards, which a uniform choice among hundreds of
    # placements and discards would rarely reach.
    options = Options(next_round_start=next_round_start, open_hands=open_hands)
    native, pure = twins(players, options, seed, rng.randrange(players), "saboteur2")
    assert native_engine(find_edition("saboteur2")) is not None
    play_in_lockstep(native, pure, Saboteur2Chooser(rng, greed, variety), rng, look_every)


def test_pysaboteur_pure_keeps_the_core_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYSABOTEUR_PURE", "1")
    assert isinstance(Game.new(5, seed=1).legal_moves(), list)
    monkeypatch.setenv("PYSABOTEUR_PURE", "0")
    assert isinstance(Game.new(5, seed=1).legal_moves(), LegalMoves)


def test_a_copy_steps_on_its_own_from_a_state_behind_its_core() -> None:
    game = Game.new(5, seed=11)
    for _ in range(9):  # the state stays behind: nothing reads it
        game.play(game.legal_moves()[0])
    copy = game.copy()
    copy.play(copy.legal_moves()[-1])
    assert len(copy.moves) == len(game.moves) + 1
    again = Game.new(5, seed=11)
    for move in game.moves:
        again.play(move)
    assert seat_observation(game, 0) == seat_observation(again, 0)


def test_a_code_no_move_has_is_refused_with_a_reason() -> None:
    game = Game.new(4, seed=3)
    with pytest.raises(IllegalMove, match="no move has the code 31"):
        game.play(31)


def test_without_the_core_one_line_says_the_pure_engine_plays() -> None:
    # The extension made unimportable, as an install without a compiler leaves it.
    program = (
        "import sys; sys.modules['pysaboteur.native._core'] = None\n"
        "from pysaboteur.rules import Game\n"
        "game = Game.new(5, seed=1); game.play(game.legal_moves()[0]); Game.new(4, seed=2)\n"
        "print(type(game.legal_moves()).__name__)"
    )
    env = {key: value for key, value in os.environ.items() if key != "PYSABOTEUR_PURE"}
    run = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, env=env, check=True
    )
    assert run.stdout == "list\n"
    assert run.stderr.count("\n") == 1
    assert "the pure-Python engine plays" in run.stderr


@LOCKSTEP
@given(
    players=st.integers(3, 10),
    gold_draw=st.sampled_from(GOLD_DRAW_CHOICES),
    seed=st.integers(0, 2**32 - 1),
    rng=st.randoms(use_true_random=False),
    greed=st.sampled_from([0.0, 0.6, 0.9]),
)
def test_the_core_ends_rounds_and_pays_as_the_rules_do(
    players: int, gold_draw: str, seed: int, rng: random.Random, greed: float
) -> None:
    # A game plays its round ends by the rules; the core's own (its playouts) must agree.
    with pure_engine():
        game = Game.new(players, Options(gold_draw=gold_draw), seed)
    engine = native_engine(game.edition)
    assert engine is not None
    choose = Chooser(rng, greed)
    while not game.is_over:
        round_number = game.round_number
        beside = engine.load(game)
        assert beside is not None
        while game.round_number == round_number and not game.is_over:
            move = choose(game)
            code = engine.codec.encode(move)
            assert code is not None and beside.play(code), f"the core refused {move}"
            game.play(move)
            if game.round_number == round_number and not game.is_over:
                assert beside.to_move == game.to_move
                assert beside.offer == game.offer
        result = game.rounds[round_number - 1].result
        assert result is not None
        assert core is not None and beside.phase == core.ENDED
        assert beside.winner == {MINERS: 1, SABOTEURS: 2}[result.winner]
        assert beside.finder == (-1 if result.finder is None else result.finder)
        assert beside.round_gold == result.gold
        assert beside.gold == game.gold_deck


def test_a_pickled_game_finds_its_core_again_and_goes_on_alike() -> None:
    game = Game.new(5, seed=3)
    for _ in range(12):  # the state behind the core when pickled
        game.play(game.legal_moves().codes[0])
    loaded = pickle.loads(pickle.dumps(game))
    for _ in range(12):
        game.play(game.legal_moves().codes[-1])
        loaded.play(loaded.legal_moves().codes[-1])
    assert isinstance(loaded.legal_moves(), LegalMoves)
    assert seat_observation(loaded, 1) == seat_observation(game, 1)


def test_legal_moves_copy_and_pickle_as_the_list_of_their_moves() -> None:
    # Their codes live in the core: a deep copy or a pickle is the plain list.
    listed = Game.new(5, seed=4, edition="saboteur2").legal_moves()
    assert isinstance(listed, LegalMoves)
    for again in (copy.deepcopy(listed), pickle.loads(pickle.dumps(listed))):
        assert type(again) is list
        assert again == list(listed)


def test_saboteur2_thefts_are_the_rules_and_the_next_round_is_the_cores_again() -> None:
    # Seed 0, 4 players: seats 2 and 3 play thefts, the cards run out without the gold;
    # the profiteer (seat 2) alone wins 3 gold pieces, the geologist (seat 1) takes 10.
    game = Game.new(4, seed=0, edition="saboteur2")
    while game.phase != "steal":
        moves = game.legal_moves()
        assert isinstance(moves, LegalMoves)
        thefts = [move for move in moves if move.kind == "theft"]
        places = [move for move in moves if move.kind == "place"]
        game.play(thefts[0] if thefts else places[-1] if places else moves[0])
    assert (game.round_number, len(game.moves), game.gold_pieces) == (1, 101, [0, 10, 3, 0])
    listed = game.legal_moves()
    assert type(listed) is list and [str(move) for move in listed] == ["3 steal @1", "3 steal @2"]
    game.play("3 steal @2")
    assert [str(move) for move in game.legal_moves()] == ["2 steal @1", "2 steal @3"]
    game.play(game.legal_moves()[0])
    assert (game.round_number, game.phase, game.gold_pieces) == (2, "play", [0, 9, 3, 1])
    assert game.rounds[0].result is not None and game.rounds[0].result.to_dict()["thefts"] == [
        [3, 2],
        [2, 1],
    ]
    assert isinstance(game.legal_moves(), LegalMoves)
