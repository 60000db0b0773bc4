"""Rules section 4: where a path card may go, the start network, dead ends."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios import corridor, crafted_game, in_turn, refusal

from pysaboteur.rules import Game, Move
from pysaboteur.rules.cards import ORIENTATIONS, cell_key, cell_xy, shape_code


def places(game: Game) -> set[str]:
    """The place moves among the legal moves, as text."""
    return {str(move) for move in game.legal_moves() if move.kind == "place"}


# -- an empty cell, not the start or a goal ----------------------------------------------


def test_path_card_goes_only_on_an_empty_cell() -> None:
    moves = in_turn(["place EW 1,0", "place NESW 1,0"])
    game = crafted_game(script=moves[:1], then=moves[1:])
    assert refusal(game, "1 place NESW 1,0") == "cell 1,0 is not empty"


def test_start_cell_never_takes_a_path_card() -> None:
    game = crafted_game(hands={0: ["NESW"]})
    assert refusal(game, "0 place NESW 0,0") == "cell 0,0 holds the start card"


def test_face_down_goal_cell_never_takes_a_path_card() -> None:
    moves = to_seventh_column(["place NESW 8,0"])
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    assert refusal(game, moves[-1]) == "cell 8,0 holds a goal card"


def test_face_up_goal_cell_never_takes_a_path_card() -> None:
    # The stone at 8,0 is reached from the west; the next seat tries to cover it.
    moves = in_turn([*corridor((x, 0) for x in range(1, 8)), "place NESW 8,0"])
    game = crafted_game(goals=["gold", "stone-NE", "stone-NW"], script=moves[:-1], then=moves[-1:])
    assert game.maze.revealed == [False, True, False]
    assert refusal(game, moves[-1]) == "cell 8,0 holds a goal card"


def to_seventh_column(last: list[str]) -> list[str]:
    """A corridor from the start to 6,0, then ``last`` (notations), in turn from seat 0."""
    return in_turn([*corridor((x, 0) for x in range(1, 7)), *last])


# -- every touching side agrees ------------------------------------------------------


def test_open_side_against_a_wall_is_refused_with_the_side_and_cell() -> None:
    # The example of spec/records.md: the card at 2,-1 is closed to the east.
    moves = in_turn(["place ES 0,-1", "place EW 1,-1", "place NW 2,-1", "place NSW 3,-1"])
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    assert refusal(game, "0 place NSW 3,-1") == "side W meets a wall of the card at 2,-1"


def test_wall_against_an_open_side_is_refused_with_the_side_and_cell() -> None:
    game = crafted_game(hands={0: ["NS"]})
    reason = refusal(game, "0 place NS 1,0")
    assert reason == "side W is a wall against an open side of the card at 0,0"


def test_wall_against_wall_and_open_against_open_is_allowed() -> None:
    # 1,-1 touches 0,-1 open against open (west) and 1,0 wall against wall (south).
    moves = in_turn(["place EW 1,0", "place ES 0,-1", "place EW 1,-1"])
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    assert moves[-1] in places(game)
    game.play(moves[-1])
    assert game.maze.cells[cell_key(1, -1)] == 2 | 8


def test_every_touching_side_must_agree_not_just_one() -> None:
    # A cross at 1,-1 meets 0,-1 open to open but its south meets the wall of 1,0.
    moves = in_turn(["place EW 1,0", "place ES 0,-1", "place NESW 1,-1"])
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    assert refusal(game, moves[-1]) == "side S meets a wall of the card at 1,0"


def test_revealed_goal_sides_must_agree_with_new_neighbours() -> None:
    # stone-NE at 8,0 reached from the west lies as SW: open S and W, walls N and E.
    moves = in_turn([*corridor((x, 0) for x in range(1, 8))])
    game = crafted_game(
        goals=["gold", "stone-NE", "stone-NW"],
        script=moves,
        hands={1: ["EW", "NS", "NESW"]},
    )
    assert game.to_move == 1
    assert refusal(game, "1 place EW 8,1") == (
        "side N is a wall against an open side of the card at 8,0"
    )
    assert "1 place NS 8,1" in places(game)
    assert not any(move.endswith(" 9,0") for move in places(game))
    # Beside the goal's east wall only a card closed to the west would fit, and
    # such a card has no other way into the network there.
    assert refusal(game, "1 place NESW 9,0") == "side W meets a wall of the card at 8,0"


def test_face_down_goals_impose_no_constraint() -> None:
    # At 7,0 a card closed to the east and one open to the east both fit next
    # to the face-down goal; at 8,-1 a card closed to both goals fits.
    game = crafted_game(script=to_seventh_column([]), hands={0: ["NW", "EW", "NESW"]})
    assert {"0 place NW 7,0", "0 place EW 7,0", "0 place NESW 7,0"} <= places(game)
    game.play("0 place NW 7,0")
    assert game.maze.revealed == [False, False, False]


def test_card_between_two_face_down_goals_may_close_both() -> None:
    moves = in_turn(["place ES 0,-1", *corridor((x, -1) for x in range(1, 8)), "place EW 8,-1"])
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    game.play(moves[-1])
    assert game.maze.revealed == [False, False, False]
    assert cell_key(8, -1) in game.maze.network


# -- the start network ------------------------------------------------------------------


def test_card_must_meet_an_open_side_of_the_start_network() -> None:
    game = crafted_game(hands={0: ["NESW"]})
    reason = refusal(game, "0 place NESW 2,0")
    assert reason == "none of its open sides meets an open side of a card in the start network"


def test_touching_the_network_with_a_wall_only_is_not_enough() -> None:
    # 1,-1 would touch the card at 1,0 wall to wall, and nothing open.
    moves = in_turn(["place EW 1,0", "place EW 1,-1"])
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    reason = refusal(game, moves[-1])
    assert reason == "none of its open sides meets an open side of a card in the start network"


def test_connected_card_joins_the_start_network() -> None:
    game = crafted_game(script=in_turn(["place NESW 1,0", "place NS 1,1"]))
    assert set(game.maze.network) == {cell_key(0, 0), cell_key(1, 0), cell_key(1, 1)}


def test_maze_grows_in_any_direction_beyond_the_goal_pattern() -> None:
    moves = in_turn(
        [
            "place EW -1,0",
            "place NEW -2,0",
            "place NS 0,-1",
            "place NS 0,-2",
            "place NS 0,-3",
            "place NS 0,1",
            "place NES 0,2",
            "place NSW 0,3",
        ]
    )
    game = crafted_game(script=moves)
    assert {cell_key(-2, 0), cell_key(0, -3), cell_key(0, 3)} <= set(game.maze.network)


# -- a broken tool forbids placing ----------------------------------------------------


def test_broken_tool_forbids_placing_path_cards() -> None:
    moves = in_turn(["break-lamp @1", "place NESW 1,0"])
    game = crafted_game(script=moves[:1], then=moves[1:])
    assert refusal(game, "1 place NESW 1,0") == (
        "seat 1 has a broken lamp and cannot place path cards"
    )
    assert places(game) == set()


def test_broken_tools_are_named_together_when_several() -> None:
    moves = ["0 break-pick @1", "1 discard map", "2 discard map", "0 break-cart @1"]
    game = crafted_game(script=moves, then=["1 place NESW 1,0"])
    assert refusal(game, "1 place NESW 1,0") == (
        "seat 1 has a broken pick and cart and cannot place path cards"
    )


# -- dead ends ----------------------------------------------------------------------------


def test_dead_end_may_touch_the_network_through_a_stub() -> None:
    game = crafted_game(hands={0: ["xEW"]})
    assert "0 place xEW 1,0" in places(game)
    game.play("0 place xEW 1,0")
    assert game.maze.cells[cell_key(1, 0)] == 16 | 2 | 8
    assert cell_key(1, 0) not in game.maze.network


def test_dead_end_never_joins_the_network_so_nothing_builds_from_its_other_stubs() -> None:
    moves = in_turn(["place xEW 1,0", "place EW 2,0"])
    game = crafted_game(script=moves[:1], then=moves[1:])
    assert not any(move.endswith(" 2,0") for move in places(game))
    reason = refusal(game, "1 place EW 2,0")
    assert reason == "none of its open sides meets an open side of a card in the start network"


def test_card_beside_a_dead_end_stub_must_open_to_it_and_reach_the_network_elsewhere() -> None:
    # xEW at 1,0; the network reaches 2,-1 from above. A card at 2,0 must be
    # open west (towards the stub) and reach the network through its north side.
    moves = in_turn(["place xEW 1,0", "place ES 0,-1", "place EW 1,-1", "place SW 2,-1"])
    game = crafted_game(script=moves, hands={1: ["NSW", "NS", "NEW"]})
    assert game.to_move == 1
    assert refusal(game, "1 place NS 2,0") == (
        "side W is a wall against an open side of the card at 1,0"
    )
    assert "1 place NSW 2,0" in places(game)
    game.play("1 place NSW 2,0")
    assert cell_key(2, 0) in game.maze.network
    assert cell_key(1, 0) not in game.maze.network  # the dead end stays out


def test_dead_end_pointing_at_a_goal_does_not_reveal_it() -> None:
    moves = to_seventh_column(["place xEW 7,0"])
    game = crafted_game(script=moves)
    assert game.maze.revealed == [False, False, False]
    assert game.phase == "play"
    assert game.finder is None
    assert game.to_move == 1  # the round goes on


# -- the legal moves are exactly the accepted placements ----------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_place_moves_listed_are_exactly_the_placements_accepted(seed: int, steps: int) -> None:
    game = Game.new(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase != "play":
            break
        game.play(rng.choice(game.legal_moves()))
    if game.phase != "play":
        return
    seat = game.to_move
    assert seat is not None
    listed = {move for move in game.legal_moves() if move.kind == "place"}
    # Every cell next to a card in the maze, and some beyond.
    cells = [cell_xy(key) for key in game.maze.cells]
    xs = range(min(x for x, _ in cells) - 2, max(x for x, _ in cells) + 3)
    ys = range(min(y for _, y in cells) - 2, max(y for _, y in cells) + 3)
    accepted = {
        Move(seat, "place", shape_code(shape), x, y)
        for card in set(game.hands[seat])
        for shape in ORIENTATIONS.get(card, ())
        for x in xs
        for y in ys
        if game.why_illegal(Move(seat, "place", shape_code(shape), x, y)) is None
    }
    assert listed == accepted
