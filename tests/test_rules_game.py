"""Rules section 8 and option ``next_round_start``: three rounds, who starts
each, and who wins the game."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from scenarios import (
    PLAIN_GOLD_DECK,
    crafted_deal,
    discard_until_round_ends,
    play,
    to_middle_goal,
)

from pysaboteur.rules import Deal, Game, Options, public_observation, seat_observation
from pysaboteur.rules.cards import cell_key


def game_of(
    deals: Sequence[Deal],
    options: Options | None = None,
    gold_deck: Sequence[int] = PLAIN_GOLD_DECK,
) -> Game:
    players = len(deals[0].hands)
    return Game(
        players, options, 0, first=deals[0].first, gold_deck=list(gold_deck), deals=list(deals)
    )


def share_the_gold(game: Game) -> None:
    while game.phase == "gold":
        game.play(game.legal_moves()[0])


# -- three rounds -------------------------------------------------------------------------


def test_game_is_three_rounds_then_over() -> None:
    game = Game.new(3, seed=5)
    for number in (1, 2, 3):
        assert game.round_number == number
        assert game.phase == "play"
        discard_until_round_ends(game)
    assert game.is_over
    assert (game.phase, game.to_move, game.round_number) == ("over", None, 3)
    assert game.legal_moves() == []
    assert all(log.result is not None for log in game.rounds)


def test_each_round_is_set_up_again_keeping_only_the_gold() -> None:
    moves = ["0 break-lamp @1", "1 map 8,0", "2 place EW 1,0"]
    roles = ["miner", "miner", "miner", "saboteur"]
    game = game_of([crafted_deal(4, script=moves, roles=roles)])
    play(game, moves)
    discard_until_round_ends(game)
    assert game.round_number == 2
    assert game.maze.cells == {cell_key(0, 0): 15}
    assert game.maze.revealed == [False, False, False]
    assert game.broken == [0, 0, 0, 0]
    assert game.maps == [{}, {}, {}, {}]
    assert game.discards == []
    assert [len(hand) for hand in game.hands] == [6, 6, 6, 6]
    assert len(game.draw_pile) == 67 - 24
    assert game.gold_kept == [[], [], [], [1, 1, 1, 1]]  # the saboteur's win of round 1


# -- who starts the next round -------------------------------------------------------------
# Four seats, all miners in round 1; seat 0 starts and seat 2 reaches the gold
# (the seventh placement); the picks go 2, 1, 0, 3.


def won_by_seat_2(options: Options | None = None, later: Sequence[Deal] = ()) -> Game:
    """The game above once seat 2 has reached the gold and the picks are done."""
    game = game_of([crafted_deal(4, script=to_middle_goal(4, 0)), *later], options)
    play(game, to_middle_goal(4, 0))
    assert game.finder == 2
    share_the_gold(game)
    return game


def test_after_last_starts_with_the_seat_after_the_finder_gold_picks_are_not_turns() -> None:
    game = won_by_seat_2(Options(next_round_start="after-last"))
    assert [move.seat for move in game.rounds[0].moves[-4:]] == [2, 1, 0, 3]
    assert game.round_number == 2
    assert game.first == game.to_move == 3


def test_rotate_starts_with_the_seat_after_the_one_that_started() -> None:
    game = won_by_seat_2(Options(next_round_start="rotate"))
    assert game.first == game.to_move == 1
    discard_until_round_ends(game)
    assert game.first == 2


def test_last_path_starts_with_the_seat_that_placed_the_last_path_card() -> None:
    game = won_by_seat_2(Options(next_round_start="last-path"))
    assert game.first == game.to_move == 2


def test_last_path_counts_the_last_card_placed_not_the_last_turn() -> None:
    round_1 = crafted_deal(4, script=["0 discard map", "1 place xW 1,0"])
    game = game_of([round_1], Options(next_round_start="last-path"))
    play(game, ["0 discard map", "1 place xW 1,0"])  # a dead end is a path card too
    discard_until_round_ends(game)
    assert game.first == 1


def test_last_path_with_none_placed_starts_with_the_seat_that_started() -> None:
    game = game_of([crafted_deal(4, first=3)], Options(next_round_start="last-path"))
    discard_until_round_ends(game)
    assert game.first == 3


def test_after_last_when_the_saboteurs_win() -> None:
    # 67 moves empty a 4-seat deal: the last is the 67th from seat 1, seat 3's.
    game = game_of([crafted_deal(4, first=1)], Options(next_round_start="after-last"))
    discard_until_round_ends(game)
    assert game.rounds[0].moves[-1].seat == 3
    assert len(game.rounds[0].moves) == 67
    assert game.first == 0


def test_later_rounds_start_where_the_rules_say_whatever_the_deal_says() -> None:
    round_2 = crafted_deal(4, first=0)
    game = won_by_seat_2(Options(next_round_start="after-last"), [round_2])
    assert game.first == 3
    assert game.deal.hands == round_2.hands


@pytest.mark.parametrize(
    ("option", "firsts"),
    [("after-last", [1, 0, 3]), ("rotate", [1, 2, 3]), ("last-path", [1, 1, 1])],
)
def test_next_round_start_over_three_rounds(option: str, firsts: list[int]) -> None:
    # Every round is discarded out from its first seat: 67 moves, the last by
    # the seat two after it (67 = 16 * 4 + 3).
    game = game_of([crafted_deal(4, first=1)], Options(next_round_start=option))
    seen = []
    while not game.is_over:
        seen.append(game.first)
        discard_until_round_ends(game)
    assert seen == firsts


# -- the winners -------------------------------------------------------------------------


def saboteur_round(saboteur: int | None) -> Deal:
    """A three-seat deal with one saboteur in play (or it set aside)."""
    roles = ["miner"] * 3
    if saboteur is None:
        return crafted_deal(3, roles=roles, set_aside="saboteur")
    roles[saboteur] = "saboteur"
    return crafted_deal(3, roles=roles, set_aside="miner")


def play_out(game: Game) -> None:
    while not game.is_over:
        discard_until_round_ends(game)


def test_game_winner_is_the_seat_with_most_nuggets() -> None:
    game = game_of([saboteur_round(0), saboteur_round(0), saboteur_round(2)])
    play_out(game)
    assert game.nuggets == [8, 0, 4]
    assert game.winners == [0]
    view = public_observation(game)
    assert (view["nuggets"], view["winners"]) == ([8, 0, 4], [0])
    assert [entry["gold"] for entry in view["rounds"]] == [[4, 0, 0], [4, 0, 0], [0, 0, 4]]


def test_tied_seats_share_the_victory() -> None:
    game = game_of([saboteur_round(0), saboteur_round(1), saboteur_round(None)])
    play_out(game)
    assert game.nuggets == [4, 4, 0]
    assert game.winners == [0, 1]


def test_gold_won_is_kept_across_rounds() -> None:
    game = won_by_seat_2(later=[crafted_deal(4, roles=["saboteur", *["miner"] * 3])])
    after_round_1 = [list(kept) for kept in game.gold_kept]
    assert after_round_1 == [[1], [1], [1], [1]]
    discard_until_round_ends(game)
    assert game.gold_kept == [[1, 1, 1, 1, 1], [1], [1], [1]]


def test_gold_of_each_seat_is_secret_until_the_game_is_over() -> None:
    game = game_of([saboteur_round(0), saboteur_round(1), saboteur_round(2)])
    discard_until_round_ends(game)
    assert seat_observation(game, 1)["rounds"][0]["gold"] is None
    assert seat_observation(game, 1)["nuggets"] is None
    assert seat_observation(game, 0)["gold"]["kept"] == [1, 1, 1, 1]
    assert seat_observation(game, 1)["gold"]["kept"] == []
    play_out(game)
    assert seat_observation(game, 1)["rounds"][0]["gold"] == [4, 0, 0]
