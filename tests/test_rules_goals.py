"""Rules section 4, reaching a goal: gold ends the round, stone turns up and
carries the network on, one placement may reveal two goals."""

from __future__ import annotations

from typing import Any

import pytest
from scenarios import corridor, crafted_game, in_turn, play, to_middle_goal

from pysaboteur.rules import Observation, RoundResult, public_observation, seat_observation
from pysaboteur.rules.cards import GOAL_SHAPES, E, N, S, W, cell_key, shape_code
from pysaboteur.rules.maze import Maze

#: Placements (without seats) that reach the goal at 8,0 from each side.
ROUTE_TO_MIDDLE_GOAL = {
    "W": corridor((x, 0) for x in range(1, 8)),
    "N": ["place ES 0,-1", *corridor((x, -1) for x in range(1, 8)), "place SW 8,-1"],
    "S": ["place NE 0,1", *corridor((x, 1) for x in range(1, 8)), "place NW 8,1"],
    "E": [
        "place ES 0,-1",
        *corridor((x, -1) for x in range(1, 8)),
        "place EW 8,-1",
        "place SW 9,-1",
        "place NW 9,0",
    ],
}


def middle_goal(view: Observation) -> Any:
    """The maze entry of the goal at 8,0 in an observation."""
    return next(card for card in view["maze"] if (card["x"], card["y"]) == (8, 0))


# -- gold ----------------------------------------------------------------------------


def test_gold_ends_the_round_at_once_and_the_placing_seat_is_the_finder() -> None:
    moves = to_middle_goal()
    game = crafted_game(script=moves[:-1], then=moves[-1:])
    hand_before = len(game.hands[0])
    pile_before = len(game.draw_pile)
    game.play(moves[-1])  # seat 0 reaches the gold
    assert game.maze.revealed == [False, True, False]
    assert game.finder == 0
    assert game.phase == "gold"
    assert len(game.hands[0]) == hand_before - 1  # no card drawn: the round is over
    assert len(game.draw_pile) == pile_before
    assert [move.kind for move in game.legal_moves()] == ["take"]


def test_gold_reached_means_the_miners_win_the_round() -> None:
    # Three miners (the saboteur set aside): the three gold cards go 0, 2, 1.
    game = crafted_game(script=to_middle_goal(), gold_deck=[3, 2, 1] + [1] * 25)
    play(game, ["0 take 3", "2 take 2", "1 take 1"])
    assert game.rounds[0].result == RoundResult("miners", 0, [3, 1, 2])
    assert game.round_number == 2


def test_gold_can_be_reached_through_a_turned_up_stone() -> None:
    # stone-NE at 8,0 reached from the west lies SW; its south side leads on
    # to 8,1, and a card there open north and south reaches the gold at 8,2.
    moves = in_turn([*ROUTE_TO_MIDDLE_GOAL["W"], "place NS 8,1"])
    game = crafted_game(goals=["stone-NW", "stone-NE", "gold"], script=moves)
    assert game.maze.revealed == [False, True, True]
    assert game.finder == 1
    assert game.phase == "gold"


# -- stone: turned up and oriented to meet the reaching card ----------------------------

# (stone, side of the goal that is reached, shape it lies as, a cell the network reaches
# through its other open side)
STONE_ORIENTATIONS = [
    ("stone-NE", "W", "SW", (8, 1)),
    ("stone-NE", "N", "NE", (9, 0)),
    ("stone-NE", "S", "SW", (7, 0)),
    ("stone-NE", "E", "NE", None),  # its north meets the wall of the card at 8,-1
    ("stone-NW", "W", "NW", (8, -1)),
    ("stone-NW", "N", "NW", (7, 0)),
    ("stone-NW", "S", "ES", (9, 0)),
    ("stone-NW", "E", "ES", (8, 1)),
]


@pytest.mark.parametrize(("stone", "side", "lies_as", "leads_to"), STONE_ORIENTATIONS)
def test_stone_turns_up_oriented_to_meet_the_reaching_card(
    stone: str, side: str, lies_as: str, leads_to: tuple[int, int] | None
) -> None:
    other = "stone-NW" if stone == "stone-NE" else "stone-NE"
    moves = in_turn(ROUTE_TO_MIDDLE_GOAL[side])
    game = crafted_game(goals=[other, stone, "gold"], script=moves)
    assert game.maze.revealed == [False, True, False]
    assert middle_goal(public_observation(game)) == {
        "x": 8,
        "y": 0,
        "shape": lies_as,
        "card": stone,
    }
    # The round goes on, and the network continues through the stone.
    assert game.phase == "play"
    assert game.finder is None
    assert game.to_move == len(moves) % 3
    assert cell_key(8, 0) in game.maze.network
    frontier = {(x, y) for _, x, y, _ in game.maze.frontier()}
    if leads_to is not None:
        assert leads_to in frontier


def test_revealed_goal_sides_may_mismatch_neighbours() -> None:
    # Reached from the east, stone-NE lies NE: its north side is open against
    # the south wall of the EW card at 8,-1, which the rules allow for goals.
    game = crafted_game(
        goals=["stone-NW", "stone-NE", "gold"], script=in_turn(ROUTE_TO_MIDDLE_GOAL["E"])
    )
    cells = game.maze.cells
    assert cells[cell_key(8, 0)] == N | E
    assert cells[cell_key(8, -1)] == E | W
    assert (8, -1) not in {(x, y) for _, x, y, _ in game.maze.frontier()}


def test_stone_shapes_are_the_printed_curve_or_its_turn() -> None:
    assert GOAL_SHAPES["stone-NE"] == (N | E, S | W)
    assert GOAL_SHAPES["stone-NW"] == (N | W, S | E)
    assert GOAL_SHAPES["gold"] == (N | E | S | W, N | E | S | W)


def test_revealed_goal_is_public_to_all() -> None:
    game = crafted_game(
        goals=["stone-NW", "stone-NE", "gold"], script=in_turn(ROUTE_TO_MIDDLE_GOAL["W"])
    )
    expected = {"x": 8, "y": 0, "face_up": True, "card": "stone-NE"}
    assert public_observation(game)["goals"][1] == expected
    for seat in range(3):
        assert seat_observation(game, seat)["goals"][1] == expected
        assert seat_observation(game, seat)["goals"][0]["card"] is None


# -- one placement, two goals -----------------------------------------------------------


def test_one_placement_can_reveal_two_stone_goals() -> None:
    moves = in_turn(["place ES 0,-1", *corridor((x, -1) for x in range(1, 8)), "place NSW 8,-1"])
    game = crafted_game(goals=["stone-NE", "stone-NW", "gold"], script=moves)
    assert game.maze.revealed == [True, True, False]
    # Each is oriented towards the card between them.
    assert shape_code(game.maze.cells[cell_key(8, -2)]) == "SW"
    assert shape_code(game.maze.cells[cell_key(8, 0)]) == "NW"
    assert game.phase == "play"


def test_one_placement_can_reveal_a_stone_and_the_gold() -> None:
    moves = in_turn(["place ES 0,-1", *corridor((x, -1) for x in range(1, 8)), "place NSW 8,-1"])
    game = crafted_game(goals=["stone-NE", "gold", "stone-NW"], script=moves)
    assert game.maze.revealed == [True, True, False]
    assert game.phase == "gold"
    assert game.finder == int(moves[-1].split()[0])


# -- a project ruling the spec leaves open ---------------------------------------------


def test_ruling_stone_reached_from_two_sides_the_card_just_placed_decides() -> None:
    # In play a goal is always reached by the card just placed (every connected
    # card joins the network as it is placed, so any goal it faces turns up at
    # once).  The engine still rules for a maze reached from two sides at once:
    # the card just placed decides, else the first side in N, E, S, W order.
    maze = Maze(["stone-NW", "stone-NE", "gold"])
    maze.cells[cell_key(8, -1)] = S | W  # faces the goal's north side
    maze.network[cell_key(8, -1)] = S | W
    maze.cells[cell_key(6, 0)] = maze.network[cell_key(6, 0)] = E | W  # the network's way in
    maze.place(E | W, 7, 0)  # the card just placed faces its west side
    assert maze.cells[cell_key(8, 0)] == S | W


def test_ruling_stone_reached_from_two_sides_by_older_cards_takes_n_e_s_w_order() -> None:
    maze = Maze(["stone-NW", "stone-NE", "gold"])
    maze.cells[cell_key(8, -1)] = S | W  # north side of the goal, not yet in the network
    maze.cells[cell_key(7, 0)] = N | E  # west side of the goal, not yet in the network
    maze.cells[cell_key(6, -1)] = maze.network[cell_key(6, -1)] = E | W  # the network's way in
    maze.place(E | S | W, 7, -1)  # joins both to the network at once
    assert maze.cells[cell_key(8, 0)] == N | E  # north comes before west
