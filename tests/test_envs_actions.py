"""The fixed action space: ids name moves, round-trip with them, and cover the window."""

from __future__ import annotations

import doctest
import random

import pytest

pytest.importorskip("numpy")

from pysaboteur.envs import actions, tensors, text
from pysaboteur.envs.actions import (
    BREAK_START,
    CELLS,
    DISCARD_START,
    MAP_START,
    PASS_ACTION,
    PLACE_SHAPES,
    ROCKFALL_START,
    TAKE_START,
    ActionSpace,
    action_count,
    cell_index,
    cell_of,
    fix_start,
)
from pysaboteur.rules import Game, Move, Options
from pysaboteur.rules.cards import CARD_OF_SHAPE, ORIENTATIONS, parse_shape


def test_the_doctests_of_the_modules_without_an_extra_hold() -> None:
    for module in (actions, tensors, text):
        assert doctest.testmod(module).failed == 0


def test_the_size_depends_only_on_the_player_count() -> None:
    assert [action_count(n) for n in (3, 4, 5, 10)] == [6037, 6049, 6061, 6121]
    assert (ROCKFALL_START, MAP_START, DISCARD_START, TAKE_START, PASS_ACTION, BREAK_START) == (
        5746, 5967, 5970, 5997, 6000, 6001,
    )  # fmt: skip
    assert fix_start(5) == 6016
    with pytest.raises(ValueError, match="3 to 10 players"):
        ActionSpace(2)


def test_every_shape_a_tunnel_card_can_lie_as_has_a_block_of_place_ids() -> None:
    assert len(PLACE_SHAPES) == 26 == len(CARD_OF_SHAPE)
    assert {parse_shape(code) for code in PLACE_SHAPES} == set(CARD_OF_SHAPE)
    assert sum(len(shapes) for shapes in ORIENTATIONS.values()) == 26


def test_the_window_is_four_cells_beyond_the_start_and_the_goals() -> None:
    assert cell_index(-4, -6) == 0
    assert cell_index(12, 6) == CELLS - 1 == 220
    assert cell_index(0, 0) == 6 * 17 + 4
    assert cell_index(-5, 0) is None and cell_index(13, 0) is None
    assert cell_index(0, -7) is None and cell_index(0, 7) is None
    assert all(cell_index(*cell_of(index)) == index for index in range(CELLS))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("0 place NESW -4,-6", 0),
        ("3 place NSW 3,-1", 2 * CELLS + 92),
        ("1 place xE 12,6", 25 * CELLS + 220),
        ("2 rockfall 1,0", ROCKFALL_START + 6 * 17 + 5),
        ("4 map 8,-2", MAP_START),
        ("4 map 8,2", MAP_START + 2),
        ("0 discard NESW", DISCARD_START),
        ("0 discard rockfall", DISCARD_START + 26),
        ("2 take 1", TAKE_START),
        ("2 take 3", TAKE_START + 2),
        ("3 pass", PASS_ACTION),
        ("2 break-pick @2", BREAK_START),  # on itself: +0
        ("2 break-pick @3", BREAK_START + 1),  # the next seat: +1
        ("2 break-cart @1", BREAK_START + 2 * 5 + 4),  # the seat before: +4 of 5
        ("0 fix-pick @0", 6016),
        ("0 fix-lamp-cart cart @4", 6016 + 8 * 5 + 4),
    ],
)
def test_pinned_ids_of_a_five_player_game(text: str, action: int) -> None:
    space = ActionSpace(5)
    move = Move.parse(text)
    assert space.to_action(move) == action
    assert space.to_move(action, move.seat) == move


def test_every_id_is_a_well_formed_move_that_comes_back_to_it() -> None:
    for players in (3, 6, 10):
        space = ActionSpace(players)
        for seat in (0, players - 1):
            moves = [space.to_move(action, seat) for action in range(space.size)]
            assert all(move.is_well_formed() and move.seat == seat for move in moves)
            assert [space.to_action(move) for move in moves] == list(range(space.size))
            assert len(set(moves)) == space.size


def test_an_id_outside_the_space_is_refused() -> None:
    space = ActionSpace(4)
    with pytest.raises(ValueError, match="not an id"):
        space.to_move(space.size, 0)
    with pytest.raises(ValueError, match="not an id"):
        space.to_move(-1, 0)


def test_moves_outside_the_window_have_no_id() -> None:
    space = ActionSpace(4)
    assert space.to_action(Move.parse("0 place NS -5,0")) is None
    assert space.to_action(Move.parse("0 rockfall 0,7")) is None
    assert space.legal_actions([Move.parse("0 place NS -5,0"), Move.parse("0 discard NS")]) == {
        DISCARD_START + 3: Move.parse("0 discard NS")
    }


def test_describe_counts_target_seats_from_the_actor() -> None:
    space = ActionSpace(5)
    assert space.describe(space.to_action(Move.parse("3 break-lamp @1")) or 0) == "break-lamp @+3"
    assert space.describe(PASS_ACTION) == "pass"


def random_positions(games: int, seed: int) -> list[Game]:
    """Positions of seeded random games across player counts and options."""
    positions = []
    rng = random.Random(seed)
    for number in range(games):
        players = 3 + number % 8
        options = Options(("players", "miners")[number % 2], open_hands=number % 3 == 0)
        game = Game.new(players, options, seed + number)
        while not game.is_over:
            if rng.random() < 0.1:
                positions.append(game.copy())
            game.play(rng.choice(game.legal_moves()))
    return positions


def test_every_legal_move_in_the_window_round_trips_and_no_two_share_an_id() -> None:
    checked = outside = 0
    for game in random_positions(24, seed=7):
        seat = game.to_move
        assert seat is not None
        space = ActionSpace(game.players)
        legal = game.legal_moves()
        ids = space.legal_actions(legal)
        for move in legal:
            action = space.to_action(move)
            if action is None:
                assert move.kind in ("place", "rockfall")
                assert cell_index(move.x, move.y) is None
                outside += 1
                continue
            assert space.to_move(action, seat) == move
            assert ids[action] == move
            checked += 1
        assert len(ids) == len(legal) - sum(space.to_action(m) is None for m in legal)
        # A seat always keeps a move with an id: a discard, a pass or a take.
        assert any(move.kind in ("discard", "pass", "take") for move in ids.values())
    assert checked > 5_000
    assert outside > 0  # random play wanders out of the window now and then
