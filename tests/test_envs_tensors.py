"""The observation tensor: its layout, exact contents, and nothing a seat cannot know."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import test_no_leaks as leaks  # noqa: E402
from scenarios import crafted_game  # noqa: E402

from pysaboteur.envs.actions import CARD_CODES, ActionSpace, cell_index  # noqa: E402
from pysaboteur.envs.tensors import (  # noqa: E402
    MAZE_PLANES,
    ObservationEncoder,
    layout,
    round_end_observation,
)
from pysaboteur.rules import Game, Options, seat_observation  # noqa: E402

START = cell_index(0, 0)
GOALS = [cell_index(8, y) for y in (-2, 0, 2)]


def blocks(players: int, vector: np.ndarray) -> dict[str, np.ndarray]:
    encoder = ObservationEncoder(players)
    return {block.name: encoder.block(vector, block.name) for block in encoder.blocks}


def test_the_layout_of_each_player_count() -> None:
    assert [(b.name, b.offset, b.shape) for b in layout(5)] == [
        ("maze", 0, (8, 13, 17)),
        ("goals", 1768, (3, 4)),
        ("hand", 1780, (27,)),
        ("role", 1807, (2,)),
        ("seats", 1809, (5, 5)),
        ("plays", 1834, (5, 18)),
        ("open_hands", 1924, (5, 27)),
        ("table", 2059, (15,)),
    ]
    # 1768 maze + 12 goals + 27 hand + 2 role + 15 table, and per seat 5 + 8 + 2n + 27.
    sizes = {n: ObservationEncoder(n).size for n in (3, 4, 5, 10)}
    assert sizes == {n: 1824 + n * (40 + 2 * n) for n in (3, 4, 5, 10)}
    assert sizes[5] == 2074


def test_the_first_position_of_a_crafted_game_seat_by_seat() -> None:
    game = crafted_game(4, hands={0: ["NESW", "NESW", "map", "break-lamp", "xN", "rockfall"]})
    vector = ObservationEncoder(4).encode(seat_observation(game, 0))
    assert vector.dtype == np.float32 and vector.shape == (2016,)
    part = blocks(4, vector)
    maze = part["maze"].reshape(len(MAZE_PLANES), -1)
    assert maze[:, START].tolist() == [1, 1, 1, 1, 0, 1, 0, 0]  # the start: open N E S W
    for cell in GOALS:  # face down, each the gold with chance 1/3
        assert maze[:, cell].tolist() == pytest.approx([0, 0, 0, 0, 0, 0, 1, 1 / 3])
    assert maze.sum() == pytest.approx(5 + 3 * (1 + 1 / 3))
    assert part["goals"].sum() == 0
    held = {CARD_CODES[i]: value for i, value in enumerate(part["hand"].tolist()) if value}
    assert held == pytest.approx(
        {"NESW": 2 / 6, "map": 1 / 6, "break-lamp": 1 / 6, "xN": 1 / 6, "rockfall": 1 / 6}
    )
    assert part["role"].tolist() == [1, 0]  # a miner (crafted roles: miners in low seats)
    assert part["seats"][:, 3].tolist() == [1, 1, 1, 1]  # six cards each
    assert part["seats"][:, 4].tolist() == [1, 0, 0, 0]  # its own turn
    assert part["plays"].sum() == part["open_hands"].sum() == 0
    table = part["table"].tolist()
    assert table[:6] == [1, 0, 0, 1, 0, 0]  # round 1, play
    assert table[6:] == pytest.approx([43 / 67, 0, 1, 0, 0, 0, 0, 0, 0])


def test_moves_show_up_counted_from_the_observing_seat() -> None:
    script = ["0 place NESW 1,0", "1 map 8,0", "2 break-lamp @0", "3 discard NS"]
    game = crafted_game(4, script=script, goals=("stone-NE", "stone-NW", "gold"))
    encoder = ObservationEncoder(4)
    seat0 = blocks(4, encoder.encode(seat_observation(game, 0)))
    seat1 = blocks(4, encoder.encode(seat_observation(game, 1)))
    maze0 = seat0["maze"].reshape(len(MAZE_PLANES), -1)
    assert maze0[:6, cell_index(1, 0)].tolist() == [1, 1, 1, 1, 0, 1]
    # Seat 0 saw seat 1 (+1) look at the middle goal, but not what it is.
    assert seat0["plays"][1, 5:8].tolist() == [0, 1, 0]
    assert seat0["plays"][1, 3] == pytest.approx(1 / 6)  # one map of six
    assert seat0["goals"].sum() == 0
    assert maze0[7, GOALS].tolist() == pytest.approx([1 / 3] * 3)
    # Seat 1 knows the middle goal is stone: the gold is in one of the other two.
    assert seat1["goals"][1].tolist() == [0, 1, 0, 1]
    maze1 = seat1["maze"].reshape(len(MAZE_PLANES), -1)
    assert maze1[7, GOALS].tolist() == [0.5, 0, 0.5]
    # Seat 2 (+2 from seat 0, +1 from seat 1) broke seat 0's lamp (+0, or +3 from seat 1).
    assert seat0["seats"][0, :3].tolist() == [0, 1, 0]
    assert seat1["seats"][3, :3].tolist() == [0, 1, 0]
    assert seat0["plays"][2, 8:].tolist() == pytest.approx([1 / 9, 0, 0, 0, 0, 0, 0, 0])
    assert seat1["plays"][1, 8:].tolist() == pytest.approx([0, 0, 0, 1 / 9, 0, 0, 0, 0])
    assert seat0["plays"][0, 0] == pytest.approx(1 / 31)  # its own connected card
    assert seat0["plays"][3, 4] == pytest.approx(1 / 67)  # seat 3's discard
    assert seat0["seats"][:, 4].tolist() == [1, 0, 0, 0]  # back to seat 0
    assert seat1["seats"][:, 4].tolist() == [0, 0, 0, 1]


def test_open_hands_show_every_hand_and_closed_ones_none() -> None:
    closed = Game.new(5, Options(), seed=3)
    opened = Game.new(5, Options(open_hands=True), seed=3)
    for game, expected in ((closed, 0.0), (opened, 5.0)):
        part = blocks(5, ObservationEncoder(5).encode(seat_observation(game, 2)))
        assert part["open_hands"].sum() == pytest.approx(expected)
    part = blocks(5, ObservationEncoder(5).encode(seat_observation(opened, 2)))
    assert part["open_hands"][0].tolist() == part["hand"].tolist()  # +0 is the seat's own


def random_positions(games: int, seed: int) -> list[tuple[Game, int]]:
    """(position, a seat) from seeded random games of every player count."""
    positions = []
    rng = random.Random(seed)
    for number in range(games):
        players = 3 + number % 8
        game = Game.new(players, Options(open_hands=number % 4 == 0), seed + number)
        while not game.is_over:
            if rng.random() < 0.15:
                positions.append((game.copy(), rng.randrange(players)))
            game.play(rng.choice(game.legal_moves()))
        positions.append((game, rng.randrange(players)))
    return positions


def test_every_value_lies_in_zero_one_and_the_shape_is_fixed() -> None:
    for game, seat in random_positions(16, seed=11):
        vector = ObservationEncoder(game.players).encode(seat_observation(game, seat))
        assert vector.shape == (ObservationEncoder(game.players).size,)
        assert vector.min() >= 0.0 and vector.max() <= 1.0


def test_one_encoder_reading_moves_as_they_come_gives_what_a_fresh_one_gives() -> None:
    persistent = {n: ObservationEncoder(n) for n in range(3, 11)}
    for number, (game, seat) in enumerate(random_positions(12, seed=5)):
        observation = seat_observation(game, seat)
        fresh = ObservationEncoder(game.players).encode(observation)
        again = persistent[game.players].encode(observation)
        assert np.array_equal(fresh, again), number


def test_a_finished_round_as_it_ended() -> None:
    game = Game.new(4, seed=2)
    rng = random.Random(2)
    while game.round_number == 1:
        game.play(rng.choice(game.legal_moves()))
    observation = round_end_observation(seat_observation(game, 1), 1)
    finished = game.rounds[0]
    assert observation["role"] == finished.deal.roles[1]
    assert all(goal["face_up"] and goal["card"] for goal in observation["goals"])
    assert observation["history"] == seat_observation(game, 1)["history"][:1]
    part = blocks(4, ObservationEncoder(4).encode(observation))
    assert part["table"][:6].tolist() == [1, 0, 0, 0, 0, 1]  # round 1, over
    assert part["hand"].sum() == part["seats"].sum() == 0
    maze = part["maze"].reshape(len(MAZE_PLANES), -1)
    assert maze[6].sum() == 0 and maze[5, GOALS].tolist() == [1, 1, 1]


def test_a_seat_sees_nothing_of_what_it_cannot_know() -> None:
    # Twin games differ only in what the seat has not seen (other hands, the draw
    # pile, roles, goals it did not look at): the seat's vector and ids are the same.
    for scenario in leaks.sweep(viewer=True):
        a, b, _ = leaks.twin_games(scenario)
        seat = scenario.viewer
        assert seat is not None
        vector_a = ObservationEncoder(a.players).encode(seat_observation(a, seat))
        vector_b = ObservationEncoder(b.players).encode(seat_observation(b, seat))
        assert np.array_equal(vector_a, vector_b)
        if a.to_move == seat:
            space = ActionSpace(a.players)
            assert (
                space.legal_actions(a.legal_moves()).keys()
                == space.legal_actions(b.legal_moves()).keys()
            )


def test_the_twin_games_look_different_to_another_seat_in_most_scenarios() -> None:
    # Otherwise the test above would compare a game with itself.
    differ = 0
    for scenario in leaks.sweep(viewer=True):
        a, b, _ = leaks.twin_games(scenario)
        others = [seat for seat in range(a.players) if seat != scenario.viewer]
        differ += any(
            not np.array_equal(
                ObservationEncoder(a.players).encode(seat_observation(a, seat)),
                ObservationEncoder(b.players).encode(seat_observation(b, seat)),
            )
            for seat in others
        )
    assert differ >= 30, f"only {differ} of 40 twins differ for another seat"
