"""The bots' maze questions answered by the core (core/maze_query.cpp,
core/routes_saboteur2.cpp) against the references in :mod:`pysaboteur.bots.maze_view`
and :mod:`pysaboteur.bots.maze_saboteur2`: the same distances on the mazes of random
games of each edition, for every placement and rockfall the rules allow there; and
the same moves chosen by the heuristic bots with the core and without it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from inventory import Chooser, Saboteur2Chooser

from pysaboteur.arena.match import play_unit
from pysaboteur.arena.schedule import SEATS, build_schedule
from pysaboteur.bots import maze_saboteur2, maze_view
from pysaboteur.native import core
from pysaboteur.native.maze_query import native_distances, native_routes_saboteur2
from pysaboteur.rules import Game, Move, Options, seat_observation
from pysaboteur.rules.cards import cell_key, parse_shape
from pysaboteur.rules.editions import Edition, find_edition
from pysaboteur.rules.maze import Maze
from pysaboteur.rules.moves import PLACE, ROCKFALL

MAZES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Saboteur 2's mazes hold many more ways to lay a card: fewer of them.
MAZES_SABOTEUR2 = settings(MAZES, max_examples=12)
GOALS = ["stone-NE", "gold", "stone-NW"]

pytestmark = pytest.mark.skipif(
    core is None or native_distances(Maze(GOALS), []) is None,
    reason="the native core is not built here, or PYSABOTEUR_PURE is set",
)


def every_change(maze: Maze, edition: Edition) -> list[Move]:
    """Every placement of any path card (ladders too) and every rockfall the rules
    allow in ``maze``."""
    lying = sorted({way for ways in edition.orientations.values() for way in ways})
    cells = sorted({(x, y) for _, x, y, _ in maze.frontier()} |
                   {(x, y) for _, x, y, _, _ in maze.ladder_cells()})  # fmt: skip
    changes = [
        Move(0, PLACE, code, x, y)
        for x, y in cells
        for face, code in lying
        if maze.placement_error(face, x, y) is None
    ]
    return changes + [Move(0, ROCKFALL, "rockfall", x, y) for x, y in maze.tunnel_cells()]


def random_game(edition: str, seed: int, players: int, greed: float, moves: int) -> Game:
    """A game of ``edition`` after up to ``moves`` moves of a seeded random chooser."""
    game = Game.new(players, Options(), seed, edition=edition)
    rng = random.Random(seed)
    choose = Chooser(rng, greed) if edition == "base" else Saboteur2Chooser(rng, greed, 0.3)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(choose(game))
    return game


def mazes_of(game: Game) -> list[Maze]:
    """The game's own maze and the maze the seat to move sees."""
    seat = game.to_move if game.to_move is not None else 0
    observation = seat_observation(game, seat)
    return [game.maze, maze_view.observed_maze(observation)]


def test_the_core_counts_the_cards_to_each_goal_and_after_each_change() -> None:
    cells = {cell_key(0, 0): parse_shape("NESW")}
    cells |= {cell_key(x, 0): parse_shape("EW") for x in range(1, 7)}
    maze = Maze.from_cells(GOALS, cells, [False, False, False])
    changes = [
        Move(0, PLACE, "EW", 7, 0),  # the middle goal is reached: it turns up
        Move(0, PLACE, "xEW", 7, 0),  # a dead end reaches nothing
        Move(0, ROCKFALL, "rockfall", 3, 0),  # the corridor is cut: its far half is help
    ]
    assert native_distances(maze, changes) == ([3, 1, 3], [[1, 0, 1], [9, 9, 9], [4, 2, 4]])


@MAZES
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 10),
    greed=st.floats(0.0, 1.0),
    moves=st.integers(0, 70),
)
def test_the_core_answers_as_maze_view_on_the_mazes_of_random_games(
    seed: int, players: int, greed: float, moves: int
) -> None:
    game = random_game("base", seed, players, greed, moves)
    for maze in mazes_of(game):
        changes = every_change(maze, find_edition("base"))
        assert native_distances(maze, changes) == (
            maze_view.goal_distances(maze),
            [maze_view.distances_after(maze, move) for move in changes],
        )


@MAZES_SABOTEUR2
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 12),
    greed=st.floats(0.0, 1.0),
    moves=st.integers(0, 70),
)
def test_the_core_answers_as_maze_saboteur2_on_the_mazes_of_random_games(
    seed: int, players: int, greed: float, moves: int
) -> None:
    game = random_game("saboteur2", seed, players, greed, moves)
    for maze in mazes_of(game):
        changes = every_change(maze, find_edition("saboteur2"))
        assert native_routes_saboteur2(maze, changes) == (
            [maze_saboteur2.maze_distances(maze, mode) for mode in maze_saboteur2.MODES],
            [maze_saboteur2.distances_after(maze, move) for move in changes],
        )


@pytest.mark.parametrize(
    ("edition", "bots", "players", "games"),
    [
        ("base", ["heuristic"], [3, 5, 7], 2),
        ("base", ["heuristic", "heuristic:hide=1"], [4, 6], 1),
        ("saboteur2", ["heuristic"], [4], 1),  # its beliefs make a game ten times as long
    ],
)
def test_the_heuristic_chooses_the_same_moves_with_the_core_and_without(
    edition: str, bots: list[str], players: list[int], games: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    units = build_schedule(bots, players, games, 11, Options(), SEATS, edition=edition)
    with_core = [play_unit(unit).record for unit in units]
    monkeypatch.setenv("PYSABOTEUR_PURE", "1")  # the bots' questions are answered in Python
    assert native_distances(Maze(GOALS), []) is None
    assert native_routes_saboteur2(Maze(GOALS), []) is None
    without = [play_unit(unit).record for unit in units]
    assert with_core == without
