"""The state made from the core's round (native/engine.py ``restore``): the maze's
dictionaries the core builds are its cells and network in their order, and a state
restored from the core is the state the rules reach by playing the same moves."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from pysaboteur.native import core
from pysaboteur.rules import Game
from pysaboteur.rules.native_engine import LegalMoves, pure_engine
from pysaboteur.rules.round_state import RoundState

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built")


@pytest.mark.parametrize(("edition", "players"), [("base", 10), ("saboteur2", 12)])
def test_the_cores_maze_dictionaries_are_its_cells_and_network_in_order(
    edition: str, players: int
) -> None:
    game = Game.new(players, seed=11, edition=edition)
    chooser = random.Random(11)
    looked = 0
    while not game.is_over and game.round_number == 1:
        core_round = game._core_round()
        if core_round is None:  # Saboteur 2's thefts are the rules' own
            break
        faces, sides = core_round.cell_faces, core_round.network_sides
        assert list(faces.items()) == core_round.cells
        assert list(sides.items()) == core_round.network
        looked += 1
        moves = game.legal_moves()
        assert isinstance(moves, LegalMoves)
        game.play(moves.codes[chooser.randrange(len(moves.codes))])
    assert looked > 30


@pytest.mark.parametrize(("edition", "players"), [("base", 3), ("base", 10), ("saboteur2", 12)])
def test_a_state_restored_from_the_core_is_the_rules_state(edition: str, players: int) -> None:
    native = Game.new(players, seed=5, edition=edition)
    with pure_engine():
        pure = Game.new(players, seed=5, edition=edition)
    chooser = random.Random(5)
    for played in range(1, 400):
        if native.is_over:
            break
        moves = native.legal_moves()
        index = chooser.randrange(len(moves))
        code = moves.codes[index] if isinstance(moves, LegalMoves) else None
        native.play(code if code is not None else moves[index])
        pure.play(moves[index])
        if played % 9 == 0:  # more than four moves behind: the state is made from the core
            assert_same_state(native.state, pure.state)
    assert native.rounds == pure.rounds


def assert_same_state(native: RoundState, pure: RoundState) -> None:
    """Every field alike, the maze's dictionaries in the same order too."""
    for field in fields(RoundState):
        if field.name != "maze":
            assert getattr(native, field.name) == getattr(pure, field.name), field.name
    assert list(native.maze.cells.items()) == list(pure.maze.cells.items())
    assert list(native.maze.network.items()) == list(pure.maze.network.items())
    assert native.maze.ladders == pure.maze.ladders
    assert native.maze.revealed == pure.maze.revealed
    assert native.maze.goals == pure.maze.goals
