"""Rules section 7: gold for the miners (under both ``gold_draw`` options) and
for the saboteurs."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenarios import (
    crafted_game,
    default_roles,
    discard_until_round_ends,
    play,
    refusal,
    to_middle_goal,
)

from pysaboteur.rules import Game, Options, public_observation, seat_observation
from pysaboteur.rules.gold import largest_total_at_most, pay_saboteur

#: Five seats, saboteurs at 1 and 4 (a miner set aside).
FIVE_SEATS = ["miner", "saboteur", "miner", "miner", "saboteur"]

#: A full gold deck, top first: 16 ones, 8 twos, 4 threes in a chosen order.
FULL_DECK = [3, 2, 1, 3, 2, 1, 1, 2, 3, *[1] * 13, *[2] * 5, 3]


def gold_reached_by(
    finder: int,
    players: int = 5,
    roles: Sequence[str] = FIVE_SEATS,
    gold_deck: Sequence[int] = FULL_DECK,
    options: Options | None = None,
) -> Game:
    """A game where ``finder`` has just reached the gold at 8,0 from the west."""
    first = (finder - 6) % players
    game = crafted_game(
        players,
        first=first,
        roles=roles,
        script=to_middle_goal(players, first),
        gold_deck=gold_deck,
        options=options,
    )
    if gold_deck:
        assert (game.phase, game.finder) == ("gold", finder)
    return game


def take_first_offered(game: Game) -> list[int]:
    """Each picker takes the first legal take until the gold is shared; the pickers."""
    pickers = []
    while game.phase == "gold":
        move = game.legal_moves()[0]
        pickers.append(move.seat)
        game.play(move)
    return pickers


# -- miners win: the finder draws -------------------------------------------------------


def test_finder_draws_as_many_gold_cards_as_players() -> None:
    game = gold_reached_by(3)
    assert sorted(game.offer, reverse=True) == [3, 3, 2, 2, 1]
    assert game.gold_deck == FULL_DECK[5:]
    assert seat_observation(game, 3)["gold_offer"] == [3, 3, 2, 2, 1]


def test_finder_draws_9_gold_cards_with_10_players() -> None:
    roles = ["miner"] * 6 + ["saboteur"] * 4
    game = gold_reached_by(6, players=10, roles=roles)
    assert len(game.offer) == 9
    assert game.gold_deck == FULL_DECK[9:]


@pytest.mark.parametrize("players", [3, 4, 6, 7, 8, 9])
def test_finder_draws_one_gold_card_per_player_below_10_players(players: int) -> None:
    roles, _ = default_roles(players)  # miners in the low seats
    game = gold_reached_by(0, players=players, roles=roles)
    assert len(game.offer) == players


def test_gold_draw_miners_draws_one_card_per_miner_in_play() -> None:
    game = gold_reached_by(3, options=Options(gold_draw="miners"))
    assert len(game.offer) == 3  # seats 0, 2 and 3
    pickers = take_first_offered(game)
    assert pickers == [3, 2, 0]  # each miner gets exactly one


def test_gold_draw_miners_counts_the_miners_in_play_not_in_the_pool() -> None:
    roles = ["miner", "miner", "miner", "miner", "saboteur"]  # a saboteur set aside
    game = gold_reached_by(0, roles=roles, options=Options(gold_draw="miners"))
    assert len(game.offer) == 4


def test_gold_picks_pass_counter_clockwise_skipping_saboteurs_around_and_around() -> None:
    game = gold_reached_by(3)
    pickers = take_first_offered(game)
    assert pickers == [3, 2, 0, 3, 2]  # 1 and 4 are saboteurs
    assert [sum(kept) for kept in game.gold_kept] == [2, 0, 4, 5, 0]
    result = game.rounds[0].result
    assert result is not None
    assert (result.winner, result.finder, result.gold) == ("miners", 3, [2, 0, 4, 5, 0])


def test_each_picker_sees_what_is_left_when_it_picks() -> None:
    game = gold_reached_by(3)
    play(game, ["3 take 3", "2 take 2", "0 take 3", "3 take 1", "2 take 2"])
    assert game.gold_seen[3] == [[3, 3, 2, 2, 1], [2, 1]]
    assert game.gold_seen[2] == [[3, 2, 2, 1], [2]]
    assert game.gold_seen[0] == [[3, 2, 1]]
    assert game.gold_seen[1] == game.gold_seen[4] == []
    assert game.gold_kept == [[3], [], [2, 2], [3, 1], []]


def test_saboteur_finder_gets_nothing_first_pick_to_the_nearest_miner_counter_clockwise() -> None:
    game = gold_reached_by(1)
    assert game.to_move == 0
    assert game.gold_seen[1] == []
    assert take_first_offered(game) == [0, 3, 2, 0, 3]
    assert game.gold_kept[1] == []


def test_saboteur_finder_at_seat_4_passes_first_pick_to_seat_3() -> None:
    game = gold_reached_by(4)
    assert game.to_move == 3


def test_saboteurs_get_nothing_when_the_miners_win() -> None:
    game = gold_reached_by(0)
    take_first_offered(game)
    assert game.gold_kept[1] == game.gold_kept[4] == []


def test_take_moves_are_the_only_legal_moves_while_the_gold_is_shared() -> None:
    game = gold_reached_by(3)
    assert [str(move) for move in game.legal_moves()] == ["3 take 3", "3 take 2", "3 take 1"]
    hand_card = game.hands[3][0]
    assert refusal(game, f"3 discard {hand_card}") == (
        "the gold is being shared out: only take moves until it is done"
    )
    assert refusal(game, "2 take 1") == "it is seat 3's turn, not seat 2's"
    game.play("3 take 3")
    game.play("2 take 3")
    assert refusal(game, "0 take 3") == "no gold card of value 3 is offered"


def test_each_pick_is_written_even_with_one_card_left() -> None:
    game = gold_reached_by(3)
    play(game, ["3 take 3", "2 take 3", "0 take 2", "3 take 2"])
    assert game.phase == "gold"
    assert game.offer == [1]
    assert [str(move) for move in game.legal_moves()] == ["2 take 1"]
    game.play("2 take 1")
    assert game.round_number == 2
    assert [str(move) for move in game.rounds[0].moves[-5:]] == [
        "3 take 3",
        "2 take 3",
        "0 take 2",
        "3 take 2",
        "2 take 1",
    ]


def test_gold_is_secret_others_see_only_that_a_seat_took_a_card() -> None:
    game = gold_reached_by(3)
    game.play("3 take 3")
    assert public_observation(game)["history"][0][-1] == "3 take"
    assert seat_observation(game, 0)["history"][0][-1] == "3 take"
    assert seat_observation(game, 3)["history"][0][-1] == "3 take 3"
    assert "gold_offer" not in seat_observation(game, 3)
    assert seat_observation(game, 2)["gold_offer"] == [3, 2, 2, 1]
    assert public_observation(game)["gold_offer_size"] == 4
    assert seat_observation(game, 0)["gold"] == {"kept": [], "seen": []}


# -- saboteurs win ---------------------------------------------------------------------


def saboteurs_win(
    players: int, roles: Sequence[str], gold_deck: Sequence[int], set_aside: str | None = None
) -> Game:
    game = crafted_game(players, roles=roles, set_aside=set_aside, gold_deck=gold_deck)
    discard_until_round_ends(game)
    result = game.rounds[0].result
    assert result is not None and result.winner == "saboteurs"
    return game


@pytest.mark.parametrize(
    ("players", "saboteurs", "each"),
    [(3, 1, 4), (4, 1, 4), (5, 1, 4), (5, 2, 3), (7, 2, 3), (7, 3, 3), (10, 3, 3), (10, 4, 2)],
)
def test_saboteurs_pay_depends_on_how_many_are_in_play(
    players: int, saboteurs: int, each: int
) -> None:
    roles = ["saboteur"] * saboteurs + ["miner"] * (players - saboteurs)
    game = saboteurs_win(players, roles, FULL_DECK)
    gold = game.rounds[0].result.gold if game.rounds[0].result else []
    assert gold == [each] * saboteurs + [0] * (players - saboteurs)


def test_saboteurs_draw_in_increasing_seat_order_from_the_top() -> None:
    game = saboteurs_win(5, FIVE_SEATS, FULL_DECK)
    assert game.gold_kept == [[], [3], [], [], [2, 1]]
    assert game.gold_seen[1] == [[3]]
    assert game.gold_seen[4] == [[2, 1]]
    assert game.gold_deck == FULL_DECK[3:]


def test_card_over_the_amount_goes_to_the_bottom_of_the_gold_deck() -> None:
    deck = [3, 3, 2, 1, *[1] * 15, *[2] * 7, 3, 3]
    game = saboteurs_win(3, ["miner", "saboteur", "miner"], deck)
    assert game.gold_kept[1] == [3, 1]
    assert game.gold_seen[1] == [[3, 3, 2, 1]]
    assert game.gold_deck == [*[1] * 15, *[2] * 7, 3, 3, 3, 2]


def test_largest_total_not_over_the_amount_when_it_cannot_be_made() -> None:
    # The deck as it stands when a lone saboteur is paid 4: only threes left.
    game = saboteurs_win(3, ["miner", "saboteur", "miner"], [3, 3, 3])
    assert game.gold_kept[1] == [3]
    assert game.gold_deck == [3, 3]


def test_largest_total_may_skip_cards_to_reach_a_smaller_total() -> None:
    # Owed 2 with [3, 3, 1] left: 2 cannot be made, 1 can; the threes go under.
    deck = [3, 3, 1]
    kept, drawn = pay_saboteur(deck, 2)
    assert (kept, drawn, deck) == ([1], [3, 3, 1], [3, 3])


def test_ruling_a_card_not_over_the_amount_is_kept_even_if_exact_becomes_impossible() -> None:
    # Owed 4 from [3, 2, 2]: the 3 is not over 4, so it is kept; then 1 more
    # cannot be made, so the saboteur ends with 3 (not 2 + 2).
    deck = [3, 2, 2]
    kept, drawn = pay_saboteur(deck, 4)
    assert (kept, drawn, deck) == ([3], [3], [2, 2])


def test_no_saboteur_in_play_means_nobody_gets_gold() -> None:
    game = saboteurs_win(3, ["miner"] * 3, FULL_DECK, set_aside="saboteur")
    result = game.rounds[0].result
    assert result is not None
    assert result.gold == [0, 0, 0]
    assert game.gold_deck == FULL_DECK
    assert game.gold_seen == [[], [], []]


def test_saboteurs_paid_until_the_gold_deck_runs_out_then_nobody_gets_more() -> None:
    game = saboteurs_win(5, FIVE_SEATS, [2])
    assert game.gold_kept == [[], [2], [], [], []]
    assert game.gold_deck == []


# -- the gold deck over the game ---------------------------------------------------------


def test_gold_deck_is_not_refilled_between_rounds() -> None:
    game = gold_reached_by(3)
    take_first_offered(game)
    assert game.round_number == 2
    assert game.gold_deck == FULL_DECK[5:]
    assert public_observation(game)["gold_deck"] == 23


def test_miners_gold_deck_running_out_means_nobody_gets_more() -> None:
    game = gold_reached_by(3, gold_deck=[2, 1])
    assert sorted(game.offer) == [1, 2]
    take_first_offered(game)
    assert game.gold_kept == [[], [], [1], [2], []]
    assert game.round_number == 2


def test_miners_win_with_an_empty_gold_deck_and_nobody_picks() -> None:
    game = gold_reached_by(3, gold_deck=[])
    # There is nothing to pick: the round is over at once.
    assert game.round_number == 2
    result = game.rounds[0].result
    assert result is not None
    assert (result.winner, result.finder, result.gold) == ("miners", 3, [0] * 5)


@given(
    cards=st.lists(st.integers(min_value=1, max_value=3), max_size=12),
    amount=st.integers(min_value=0, max_value=8),
)
def test_largest_total_is_the_best_sum_of_some_cards(cards: list[int], amount: int) -> None:
    sums = {sum(chosen) for size in range(len(cards) + 1) for chosen in combinations(cards, size)}
    assert largest_total_at_most(cards, amount) == max(total for total in sums if total <= amount)
