"""The bots: the registry, what they read off the maze, their beliefs over
roles, and the heuristic bot's play in exact situations."""

from __future__ import annotations

import math

import pytest
from scenarios import corridor, crafted_game, in_turn, to_middle_goal

from pysaboteur.bots import make_bot
from pysaboteur.bots.beliefs import SHARPNESS, RoleBeliefs, saboteur_slots
from pysaboteur.bots.heuristic import DISTANCE_WEIGHT, HOLD_DEAD_END, HeuristicBot
from pysaboteur.bots.maze_view import cards_to_goal, goal_distances, gold_chances
from pysaboteur.rules import Game, Move, seat_observation
from pysaboteur.rules.cards import cell_key, parse_shape
from pysaboteur.rules.maze import Maze

STONES_AND_GOLD = ["stone-NE", "gold", "stone-NW"]


def _maze(cards: dict[tuple[int, int], str]) -> Maze:
    """A maze holding the start and ``cards`` (cell -> lying shape)."""
    cells = {cell_key(0, 0): parse_shape("NESW")}
    cells.update({cell_key(x, y): parse_shape(shape) for (x, y), shape in cards.items()})
    return Maze.from_cells(STONES_AND_GOLD, cells, [False, False, False])


# -- the registry --


def test_bots_are_made_by_name_with_settings() -> None:
    assert make_bot("random").name == "random"
    assert make_bot("heuristic", seed=3).name == "heuristic"
    assert make_bot("ismcts:iterations=5", seed=1).name == "ismcts"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nobody", "unknown bot 'nobody'"),
        ("random:x=1", "the random bot takes no settings"),
        ("ismcts:iterations", "should be key=value"),
        ("ismcts:depth=3", "unknown ismcts setting(s) depth"),
        ("ismcts:iterations=0", "must be positive"),
    ],
)
def test_a_bad_bot_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_bot(spec)


# -- the maze as bots read it --


def test_distances_from_the_bare_start() -> None:
    # The nearest card next to the middle goal is (7,0): seven cards from (1,0);
    # next to the side goals, (7,-2) or (8,-1): nine cards.
    assert goal_distances(_maze({})) == [9, 7, 9]


def test_distances_along_a_corridor() -> None:
    corridor = {(x, 0): "EW" for x in range(1, 7)}
    # (7,0) touches the middle goal; a side goal needs (7,0), (7,-1) and (8,-1) or (7,-2).
    assert goal_distances(_maze(corridor)) == [3, 1, 3]


def test_a_cut_off_tunnel_counts_as_already_built() -> None:
    corridor = {(x, 0): "EW" for x in (1, 2, 4, 5, 6)}  # (3,0) fell to a rockfall
    assert goal_distances(_maze(corridor)) == [4, 2, 4]


def test_a_dead_end_cannot_be_passed() -> None:
    corridor = {(x, 0): "EW" for x in range(1, 7)} | {(7, 0): "xEW"}
    # The corridor's walls leave only the start's other sides to build from.
    assert goal_distances(_maze(corridor)) == [9, 9, 9]


def test_cards_to_goal_count_back_from_the_goal() -> None:
    maze = _maze({})
    to_middle = cards_to_goal(maze, 1)
    # A card at 7,0 touches the middle goal; the start needs the seven from 1,0 to 7,0.
    assert to_middle[cell_key(7, 0)] == 1
    assert to_middle[cell_key(0, 0)] == 7
    assert cards_to_goal(maze, 0)[cell_key(0, 0)] == 9


def test_cards_to_goal_go_through_lying_cards_and_around_walls() -> None:
    corridor = {(x, 0): "EW" for x in range(1, 7)}
    to_middle = cards_to_goal(_maze(corridor), 1)
    assert to_middle[cell_key(0, 0)] == to_middle[cell_key(6, 0)] == 1
    # 6,-1 lies above the corridor's wall: its way goes by 7,-1 and 7,0.
    assert to_middle[cell_key(6, -1)] == 3
    # A dead end at 7,0: the corridor's way now runs back through the start and
    # round by 0,-1 ... 8,-1, nine cards, as goal_distances counts too.
    blocked = cards_to_goal(_maze(corridor | {(7, 0): "xEW"}), 1)
    assert blocked[cell_key(6, 0)] == blocked[cell_key(0, 0)] == 9


def test_gold_chances_follow_what_is_known() -> None:
    assert gold_chances([None, None, None], [False] * 3) == pytest.approx([1 / 3] * 3)
    assert gold_chances(["stone-NE", None, None], [False] * 3) == [0.0, 0.5, 0.5]
    assert gold_chances([None, "gold", None], [False] * 3) == [0.0, 1.0, 0.0]


# -- beliefs over roles --


def test_a_ten_player_round_has_330_role_assignments() -> None:
    assert len(saboteur_slots(10)) == math.comb(11, 4) == 330


def _beliefs_after(script: list[str], observer: int = 0, **deal: object) -> list[float]:
    game = crafted_game(3, script=script, **deal)  # type: ignore[arg-type]
    beliefs = RoleBeliefs(observer, 3)
    beliefs.update(seat_observation(game, observer))
    return beliefs.saboteur_probabilities()


def test_before_any_move_every_other_seat_is_equally_suspect() -> None:
    # 3 players: one saboteur among seats 1, 2 and the set-aside card.
    assert _beliefs_after([]) == pytest.approx([0.0, 1 / 3, 1 / 3])


def test_a_saboteur_knows_it_is_the_only_one_with_three_players() -> None:
    probabilities = _beliefs_after([], roles=["saboteur", "miner", "miner"], set_aside="miner")
    assert probabilities == [1.0, 0.0, 0.0]


def test_a_card_that_digs_towards_the_goals_makes_its_seat_look_like_a_miner() -> None:
    # NESW at 1,0 brings every goal one card nearer: a gain of exactly one card.
    probabilities = _beliefs_after(in_turn(["discard NS", "place NESW 1,0"]))
    half = SHARPNESS / 2
    norm = math.exp(-half) + 2 * math.exp(half)
    assert probabilities == pytest.approx([0.0, math.exp(-half) / norm, math.exp(half) / norm])


def test_a_broken_tool_between_two_seats_suggests_they_are_on_opposite_teams() -> None:
    probabilities = _beliefs_after(in_turn(["discard NS", "break-lamp @2"]))
    # Saboteur at 1 or 2: the seats differ (weight 0.75 each); set aside: same team (0.25).
    assert probabilities == pytest.approx([0.0, 3 / 7, 3 / 7])


def test_the_observers_own_broken_tool_cards_are_not_evidence() -> None:
    assert _beliefs_after(in_turn(["break-lamp @1"])) == pytest.approx([0.0, 1 / 3, 1 / 3])


def test_a_dead_end_in_front_of_the_tunnel_makes_its_seat_suspect() -> None:
    script = in_turn(["place EW 1,0", "place EW 2,0", "place xEW 3,0"])
    probabilities = _beliefs_after(script)
    assert probabilities[2] > 0.8 > 0.1 > probabilities[1]


def test_the_beliefs_replay_a_turned_up_goal_as_it_really_lies() -> None:
    # The middle goal is stone-NW, which seat 0 never mapped: reached from the
    # west it lies as NW, where a stone-NE would lie as SW.
    game = crafted_game(3, then=to_middle_goal(), goals=["stone-NE", "stone-NW", "gold"])
    beliefs = RoleBeliefs(0, 3)
    for move in to_middle_goal():  # the beliefs follow the round move by move
        beliefs.update(seat_observation(game, 0))
        game.play(move)
    beliefs.update(seat_observation(game, 0))
    assert game.maze.revealed == [False, True, False]
    assert beliefs.maze is not None
    assert beliefs.maze.cells == game.maze.cells


def test_beliefs_start_afresh_in_a_new_round() -> None:
    game = Game.new(3, seed=5)
    beliefs = RoleBeliefs(0, 3)
    while game.round_number == 1:
        beliefs.update(seat_observation(game, 0))
        game.play(game.legal_moves()[-1])
    beliefs.update(seat_observation(game, 0))
    own = 1.0 if game.roles[0] == "saboteur" else 0.0
    others = 0.0 if own else 1 / 3
    assert beliefs.saboteur_probabilities() == pytest.approx([own, others, others])


# -- the heuristic bot in exact situations --


def _choice(game: Game, seed: int = 0) -> Move:
    seat = game.to_move
    assert seat is not None
    return HeuristicBot(seed).choose(seat_observation(game, seat), game.legal_moves())


def test_the_heuristic_bot_keeps_the_biggest_gold_card() -> None:
    game = crafted_game(
        3, script=to_middle_goal(), gold_deck=[1, 3, 2, *([1] * 15), *([2] * 7), 3, 3, 3]
    )
    assert game.phase == "gold"
    assert _choice(game) == Move(game.to_move or 0, "take", value=3)


def test_a_miner_reaches_the_gold_when_it_can() -> None:
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(3, script=script, hands={0: ["NESW", "xNS", "map", "NS", "break-pick"]})
    move = _choice(game)
    assert (move.kind, move.x, move.y) == ("place", 7, 0)
    assert parse_shape(move.card) & 2  # open to the east, where the goal is


def test_a_miner_repairs_its_own_broken_tool() -> None:
    script = in_turn(["discard NS", "discard NS", "break-pick @0"])
    game = crafted_game(3, script=script, hands={0: ["fix-pick", "EW", "SW", "NES", "map"]})
    assert _choice(game) == Move(0, "fix", "fix-pick", target=0, tool="pick")


def test_a_miner_never_breaks_its_own_tools() -> None:
    # Breaking one's own tool is legal (every seat is a target), so this can fail.
    for seed in range(6):
        game = Game.new(4, seed=seed)
        while game.round_number == 1 and not game.is_over:
            move = _choice(game, seed)
            if game.roles[move.seat] == "miner":
                assert not (move.kind == "break" and move.target == move.seat), str(move)
            game.play(move)


def test_a_saboteur_blocks_when_the_miners_are_one_card_from_the_gold() -> None:
    # The corridor's cards open north too, so the network can go round a block
    # at 7,0 by 7,-1 and 8,-1: the dead end there costs the miners two cards.
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(
        3,
        script=script,
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["xNESW", "NS", "EW", "map", "fix-cart"]},
    )
    move = _choice(game)
    assert move == Move(0, "place", "xNESW", 7, 0)


def _saboteur_scores(game: Game) -> list[tuple[float, Move]]:
    seat = game.to_move
    assert seat is not None
    scores = HeuristicBot(0).scores(seat_observation(game, seat), game.legal_moves())
    return sorted(scores, key=lambda pair: -pair[0])


def test_a_saboteur_blocks_at_once_even_while_the_miners_are_far() -> None:
    # Two EW cards lead east from the start; a dead end at their mouth leaves the
    # miners only the start's other sides.  The miners are five cards from the
    # nearest goal, but a saboteur does not wait: it scores the block by the full
    # harm, 19/3 cards on average before and 27/3 after.
    game = crafted_game(
        3,
        script=in_turn(["place EW 1,0", "place EW 2,0"]),
        roles=["miner", "miner", "saboteur"],
        set_aside="miner",
        hands={2: ["xEW", "NS", "fix-cart", "fix-lamp", "fix-pick", "EW"]},
    )
    assert goal_distances(game.maze) == [7, 5, 7]
    (score, move), *_ = _saboteur_scores(game)
    assert move == Move(2, "place", "xEW", 3, 0)
    assert score == pytest.approx(DISTANCE_WEIGHT * 8 / 3)
    assert _choice(game) == move


def test_a_saboteur_keeps_a_dead_end_that_would_block_nothing() -> None:
    # The corridor's cards open north: its dead ends fit only above it or
    # beside the start, where they block no shortest way.  It keeps them for a
    # cell where they will, and plays a harmless NS instead.
    game = crafted_game(
        3,
        script=in_turn(corridor((x, 0) for x in range(1, 7))),
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["xNS", "xN", "fix-cart", "fix-lamp", "fix-pick"]},
    )
    scores = _saboteur_scores(game)
    dead_ends = [score for score, move in scores if move.kind == "place" and "x" in move.card]
    assert dead_ends and set(dead_ends) == {HOLD_DEAD_END}
    move = _choice(game)
    assert (move.kind, move.card) == ("place", "NS")
