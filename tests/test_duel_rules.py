"""The Duel's rules, one exact situation each (docs/rules-duel.md): own-start and
merged networks, doors and keys, trolls and bribes, ladders, claims, the three
round ends, scoring with trolls paid, who starts each round."""

from __future__ import annotations

import pytest
from scenarios import refusal
from scenarios_duel import (
    CROSS,
    OPEN_GOALS,
    TROLL,
    blue_discards,
    crosses_deck,
    duel,
    empty_hand_beside_a_troll,
)

from pysaboteur.rules import Game, Move, public_observation, seat_observation
from pysaboteur.rules.duel_game import DuelGame
from pysaboteur.rules.duel_results import troll_payment

PLAIN = ["NS", "EW", "ES", "SW", "map", "rockfall"]


def test_a_new_duel_lies_out_two_starts_and_six_face_down_goals() -> None:
    game = Game.new(players=2, edition="duel", seed=5)
    assert isinstance(game, DuelGame)
    maze = game.duel_maze
    assert maze.names == {(0, -1): "start-green", (0, 1): "start-blue"}
    assert not any(maze.revealed)
    assert [len(hand) for hand in game.hands] == [6, 6]
    assert len(game.draw_pile) == 40
    assert game.to_move == 0
    assert (maze.counters_left(0), maze.counters_left(1), maze.key_tokens_left()) == (4, 4, 2)
    with pytest.raises(ValueError, match="for 2 to 2 players"):
        Game.new(players=3, edition="duel")


def test_a_card_must_join_the_players_own_network() -> None:
    game = duel(PLAIN, ["EW", "NS", "ES", "SW", "map", "rockfall"])
    game.play("0 place EW 1,-1")
    assert refusal(game, "1 place EW 2,-1") == (
        "none of its open sides meets an open tunnel of seat 1's network"
    )
    game.play("1 place EW 1,1")
    assert game.duel_maze.network_of(1) >= {((1, 1), 10)}


def test_networks_merge_through_the_cell_between_the_starts() -> None:
    game = duel(PLAIN, ["EW", "NS", "ES", "SW", "map", "rockfall"])
    game.play("0 place NS 0,0")
    # Green's tunnel now leads to blue's start, and blue's to green's.
    game.play("1 place EW 1,-1")
    assert ((1, -1), 10) in game.duel_maze.network_of(0)


def test_a_door_of_the_other_colour_is_opened_by_a_key() -> None:
    game = duel(["NESW/door-blue@E", "EW", "key", "NS", "SW", "map"], PLAIN)
    game.play("0 place NESW/door-blue@E 1,-1")
    blue_discards(game)
    assert refusal(game, "0 place EW 2,-1") == (
        "none of its open sides meets an open tunnel of seat 0's network"
    )
    assert refusal(game, "0 key 0,-1") == "the card at 0,-1 has no blue door"
    game.play("0 key 1,-1")
    assert game.duel_maze.keys == {(1, -1): 0}
    assert game.duel_maze.key_tokens_left() == 1
    blue_discards(game)
    game.play("0 place EW 2,-1")
    # A keyed card keeps its key: rockfall cannot take it away.
    assert refusal(game, "1 rockfall 1,-1").endswith("a counter or a key lies on it")


def test_a_door_of_ones_own_colour_is_always_open() -> None:
    game = duel(["NESW/door-green@S", "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    game.play("0 place NESW/door-green@S 0,-2")
    blue_discards(game)
    # Its S side (the door) faces the start: green passes it without a key.
    assert ((0, -2), 15) in game.duel_maze.network_of(0)
    game.play("0 place EW 1,-2")


def test_a_bribe_keeps_the_turn_and_opens_the_troll_to_the_briber_only() -> None:
    game = duel([TROLL, "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    game.play(f"0 place {TROLL} 1,-1")
    blue_discards(game)
    assert refusal(game, "0 place EW 2,-1").startswith("none of its open sides")
    assert Move.parse("0 bribe 1,-1") in game.legal_moves()
    hand, pile = list(game.hands[0]), len(game.draw_pile)
    game.play("0 bribe 1,-1")
    assert game.to_move == 0
    assert (game.hands[0], len(game.draw_pile)) == (hand, pile)  # a bribe draws nothing
    assert game.duel_maze.counters_left(0) == 3
    assert refusal(game, "0 bribe 1,-1") == "seat 0 has already bribed the troll at 1,-1"
    game.play("0 place EW 2,-1")
    assert game.to_move == 1
    # Blue's network does not touch the troll.
    assert refusal(game, "1 bribe 1,-1") == "the troll at 1,-1 does not touch seat 1's network"
    assert game.rounds[0].moves[-2:] == [Move.parse("0 bribe 1,-1"), Move.parse("0 place EW 2,-1")]


def test_an_empty_hand_passes_even_where_a_troll_could_still_be_bribed() -> None:
    # Random play reached this (issue 19): the pass was offered beside the bribe,
    # and the web table showed no Pass button while a bribe was legal too
    # (tests/test_web_moves.py).
    game = empty_hand_beside_a_troll()
    assert (game.to_move, game.round_number, len(game.draw_pile)) == (0, 1, 0)
    assert game.hands == [[], ["map", "rockfall"]]
    assert game.legal_moves() == [Move.parse("0 bribe 1,-1"), Move.parse("0 pass")]
    assert game.why_illegal(Move.parse("0 pass")) is None
    game.play("0 bribe 1,-1")  # a bribe keeps the turn: then the pass alone
    assert game.to_move == 0
    assert game.legal_moves() == [Move.parse("0 pass")]
    game.play("0 pass")
    assert (game.to_move, game.round_number) == (1, 1)
    assert game.rounds[0].moves[-2:] == [Move.parse("0 bribe 1,-1"), Move.parse("0 pass")]


def test_gold_reached_is_claimed_at_once_and_the_claim_is_kept() -> None:
    game = duel(["NS+EW/gold1@N", "EW", "NS", "SW", "map", "rockfall"], ["rockfall", *PLAIN[:5]])
    game.play("0 place NS+EW/gold1@N 0,-2")
    maze = game.duel_maze
    assert maze.claims == [((0, -2), 0)]
    assert maze.counters_left(0) == 3
    assert refusal(game, "1 rockfall 0,-2") == (
        "rockfall cannot remove the card at 0,-2: a counter or a key lies on it"
    )
    assert public_observation(game)["duel"]["claims"] == [
        {"x": 0, "y": -2, "seat": 0, "nuggets": 1}
    ]


def test_gold_on_a_stub_is_reached_from_outside_the_card() -> None:
    # Its stub (and the gold on it) faces green's start from the north.
    game = duel(["EW+xS/gold1@S", "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    game.play("0 place EW+xS/gold1@S 0,-2")
    assert game.duel_maze.claims == [((0, -2), 0)]
    # The stub joins nothing: the card's EW tunnel is outside green's network.
    assert not any(cell == (0, -2) for cell, _ in game.duel_maze.network_of(0))


def test_a_ladder_of_ones_colour_needs_only_a_neighbour() -> None:
    game = duel(["EW/ladder-green", "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    game.play("0 place EW 1,-1")
    blue_discards(game)
    # Next to blue's start, with no tunnel of green's: green's own ladder may go there.
    game.play("0 place EW/ladder-green 1,1")
    assert ((1, 1), 10) in game.duel_maze.network_of(0)


def test_a_ladder_never_lies_next_to_a_goal() -> None:
    game = duel(["EW/ladder-green", "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    assert refusal(game, "0 place EW/ladder-green 4,0") == (
        "a ladder may not lie next to a goal card, as 4,0 does"
    )


def test_sabotage_goes_on_the_other_player_and_repair_on_oneself() -> None:
    game = duel(["break-pick", "EW", "NS", "SW", "map", "rockfall"], ["fix-pick", *PLAIN[:5]])
    assert refusal(game, "0 break-pick @0") == (
        "in the Duel a broken tool goes in front of the other player"
    )
    game.play("0 break-pick @1")
    assert refusal(game, "1 place EW 1,1").startswith("seat 1 has a broken pick")
    assert (
        refusal(game, "1 fix-pick @0") == "in the Duel a repair mends only the player's own tools"
    )
    game.play("1 fix-pick @1")
    assert game.broken == [0, 0]


def test_a_clear_removes_a_broken_tool_for_two_cards() -> None:
    game = duel(["break-lamp", "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    game.play("0 break-lamp @1")
    game.play("1 clear break-lamp NS map")
    assert game.broken == [0, 0]
    assert len(game.hands[1]) == 5


def test_a_map_shows_the_goal_to_the_player_alone() -> None:
    game = duel(["map", "EW", "NS", "SW", "ES", "rockfall"], PLAIN)
    game.play("0 map 5,0")
    assert seat_observation(game, 0)["goals"][1]["card"] == "xNESW"
    assert seat_observation(game, 1)["goals"][1]["card"] is None
    assert public_observation(game)["duel"]["mapped"] == [[[5, 0]], []]


def _green_builds(game: DuelGame, cells: list[str]) -> None:
    for cell in cells:
        game.play(f"0 place {CROSS} {cell}")
        if game.round_number == 1 and not game.rounds[0].result:
            blue_discards(game)


def test_the_round_ends_when_all_six_goals_are_face_up() -> None:
    deck = crosses_deck()
    game = duel(
        [CROSS] * 6,
        ["map", "map", "key", "key", "rockfall", "rockfall"],
        goals=OPEN_GOALS,
        deck=deck,
        pile_top=[CROSS] * 20,
    )
    _green_builds(
        game,
        ["1,-1", "2,-1", "3,-1", "4,-1", "4,-2", "5,-1", "6,-1", "6,0", "6,1", "6,2", "7,0", "8,0"],
    )
    result = game.rounds[0].result
    assert result is not None and result.to_dict() == {
        "end": "goals",
        "claims": [["1,-1", "2,-1", "3,-1", "4,-1"], []],
        "bribes": [[], []],
        "gold": [4, 0],
        "paid": [0, 0],
        "nuggets": [4, 0],
    }
    # Blue starts round 2.
    assert (game.round_number, game.to_move) == (2, 1)


def test_the_round_ends_when_all_eight_counters_are_placed() -> None:
    deck = crosses_deck()
    game = duel([CROSS] * 6, [CROSS] * 6, goals=OPEN_GOALS, deck=deck)
    for green, blue in (("0,-2", "0,2"), ("-1,-1", "-1,1"), ("1,-1", "1,1"), ("0,-3", "0,3")):
        game.play(f"0 place {CROSS} {green}")
        game.play(f"1 place {CROSS} {blue}")
    result = game.rounds[0].result
    assert result is not None and (result.end, result.nuggets) == ("counters", [4, 4])


def test_trolls_are_paid_with_the_cheapest_claimed_cards() -> None:
    deck = crosses_deck()
    game = duel(
        [TROLL, CROSS, CROSS, CROSS, CROSS, CROSS], [CROSS] * 6, goals=OPEN_GOALS, deck=deck
    )
    game.play(f"0 place {TROLL} 1,-1")
    game.play(f"1 place {CROSS} 0,2")
    game.play("0 bribe 1,-1")
    game.play(f"0 place {CROSS} 2,-1")
    game.play(f"1 place {CROSS} -1,1")
    game.play(f"0 place {CROSS} 3,-1")
    game.play(f"1 place {CROSS} 1,1")
    game.play(f"0 place {CROSS} 4,-1")
    assert game.rounds[0].result is None  # 7 counters placed
    game.play(f"1 place {CROSS} 0,3")
    result = game.rounds[0].result
    assert result is not None and result.to_dict() == {
        "end": "counters",
        "claims": [["2,-1", "3,-1", "4,-1"], ["0,2", "-1,1", "1,1", "0,3"]],
        "bribes": [["1,-1"], []],
        "gold": [3, 4],
        "paid": [1, 0],
        "nuggets": [2, 4],
    }
    assert game.nuggets == [2, 4]


def test_a_troll_takes_one_of_the_cards_with_fewest_nuggets() -> None:
    assert troll_payment([3, 2], 1) == 2
    assert troll_payment([1], 3) == 1
    assert troll_payment([], 2) == 0


def test_the_round_ends_when_the_pile_and_both_hands_are_empty() -> None:
    game = duel(PLAIN, ["EW", "NS", "ES", "SW", "map", "rockfall"])
    while game.round_number == 1:
        seat = game.to_move
        assert seat is not None
        hand = sorted(game.hands[seat])
        game.play(f"{seat} discard {' '.join(hand[:2])}" if hand else f"{seat} pass")
    result = game.rounds[0].result
    assert result is not None and result.to_dict() == {
        "end": "cards",
        "claims": [[], []],
        "bribes": [[], []],
        "gold": [0, 0],
        "paid": [0, 0],
        "nuggets": [0, 0],
    }


def test_the_eighteen_goals_are_used_once_each_and_the_start_alternates() -> None:
    game = Game.new(players=2, edition="duel", seed=11)
    firsts = []
    while not game.is_over:
        if not game.moves:
            firsts.append(game.to_move)
        seat = game.to_move
        assert seat is not None
        hand = sorted(game.hands[seat])
        game.play(f"{seat} discard {' '.join(hand[:2])}" if hand else f"{seat} pass")
    goals = [goal for log in game.rounds for goal in log.deal.goals]
    assert sorted(goals) == sorted(game.deck.goal_cards)
    assert firsts == [0, 1, 0]
    assert game.winners == [0, 1]  # nobody claimed anything: a shared victory


@pytest.mark.parametrize(
    "text",
    [
        "0 place NSW/door-green@N 5,-1",
        "1 place NW+ES/gold1@N -2,3",
        "0 key 5,0",
        "1 bribe 1,-1",
        "0 map 5,0",
        "1 rockfall 2,1",
        "0 break-lamp @1",
        "1 fix-pick-lamp lamp @1",
        "0 fix-cart @0",
        "1 clear break-lamp NS map",
        "0 discard NS map",
        "1 discard EW/ladder-blue",
        "0 pass",
    ],
)
def test_every_duel_move_reads_and_writes_the_same(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert move.is_well_formed()


def test_the_others_face_down_discards_are_hidden_in_the_history() -> None:
    game = duel(["break-lamp", "EW", "NS", "SW", "map", "rockfall"], PLAIN)
    game.play("0 discard EW")
    game.play("1 discard NS map")
    game.play("0 break-lamp @1")
    game.play("1 clear break-lamp ES SW")
    assert seat_observation(game, 0)["history"][0] == [
        "0 discard EW",
        "1 discard ? ?",
        "0 break-lamp @1",
        "1 clear break-lamp ? ?",
    ]
    assert seat_observation(game, 1)["history"][0][0] == "0 discard"
    assert seat_observation(game, 1)["history"][0][1] == "1 discard NS map"
