"""The Duel's bots: the heuristic digs for gold, mends its tools, does not pay a troll
for nothing and believes what its maps showed; both bots play whole Duels legally."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios_duel import blue_discards, duel

from pysaboteur.bots import make_bot
from pysaboteur.bots.duel_view import goal_beliefs, observed_maze
from pysaboteur.bots.heuristic_duel import DuelHeuristic
from pysaboteur.rules import Game, seat_observation
from pysaboteur.rules.duel_maze import GOAL_CELLS

#: Blue's hand in the scenarios: cards that do not matter to green's choice.
BLUE = ["EW", "ES", "NS", "SW", "break-lamp", "key"]


def test_the_heuristic_places_a_nugget_card_where_its_network_claims_it() -> None:
    game = duel(["NS+EW/gold1@N", "break-pick", "map", "NS", "SW", "fix-pick"], BLUE)
    move = make_bot("heuristic", seed=1).choose(seat_observation(game, 0), game.legal_moves())
    game.play(move)
    assert move.kind == "place" and move.card == "NS+EW/gold1@N"
    assert game.duel_maze.claims == [(move.cell, 0)]


def test_the_heuristic_mends_its_broken_pick_rather_than_break_or_discard() -> None:
    game = duel(["NS", "EW", "break-lamp", "fix-pick", "SW", "ES"], ["break-pick", *BLUE[1:]])
    game.play("0 discard NS")
    game.play("1 break-pick @0")
    move = make_bot("heuristic", seed=1).choose(seat_observation(game, 0), game.legal_moves())
    assert str(move) == "0 fix-pick @0"


def test_the_heuristic_does_not_pay_a_troll_that_opens_no_way_to_gold() -> None:
    game = duel(["NEW/troll@E", "NS", "SW", "ES", "map", "EW"], BLUE)
    game.play("0 place NEW/troll@E 1,-1")
    blue_discards(game)
    legal = game.legal_moves()
    assert "0 bribe 1,-1" in [str(move) for move in legal]
    scores = dict((str(move), score) for score, move in DuelHeuristic(1).scores(
        seat_observation(game, 0), legal
    ))  # fmt: skip
    assert scores["0 bribe 1,-1"] < 0 < max(scores.values())


def test_goal_beliefs_know_the_mapped_goal_and_spread_the_rest_over_the_unseen() -> None:
    game = duel(["map", "NS", "SW", "ES", "EW", "NS"], BLUE)
    before = goal_beliefs(seat_observation(game, 0))
    # The 18 shipped goals hold 26 nuggets: an unseen goal is worth 26/18.
    assert before.expected == (26 / 18,) * 6 and before.known == (False,) * 6
    game.play("0 map 9,0")  # the sixth goal of the scenario: ES/gold2@E
    after = goal_beliefs(seat_observation(game, 0))
    assert after.expected == (24 / 17,) * 5 + (2.0,)
    assert after.known == (False,) * 5 + (True,)
    # Blue saw only which cell was looked at.
    assert goal_beliefs(seat_observation(game, 1)).expected == (26 / 18,) * 6


def test_the_bots_maze_is_the_engines_own_for_what_the_seat_sees() -> None:
    game = duel(["NEW/troll@E", "NS", "SW", "ES", "map", "EW"], BLUE)
    game.play("0 place NEW/troll@E 1,-1")
    maze = observed_maze(seat_observation(game, 1))
    real = game.duel_maze
    assert maze.faces == real.faces and maze.revealed == real.revealed
    for seat in (0, 1):
        assert maze.open_sides(seat) == real.open_sides(seat)
    assert maze.goals == ("?",) * len(GOAL_CELLS)  # blue knows none of them


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), heuristic_seat=st.integers(0, 1))
def test_the_heuristic_and_random_bots_play_whole_duels_with_legal_moves(
    seed: int, heuristic_seat: int
) -> None:
    game = Game.new(2, seed=seed, edition="duel")
    bots = {
        seat: make_bot("heuristic" if seat == heuristic_seat else "random", seed=seed + seat)
        for seat in (0, 1)
    }
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        move = bots[seat].choose(seat_observation(game, seat), legal)
        assert move in legal
        game.play(move)
    assert len(game.rounds) == 3
