"""The pieces of the search bot: the fast playout policy, the value model and
the ismcts bot's choice."""

from __future__ import annotations

import random

import pytest
from scenarios import corridor, crafted_game, in_turn

from pysaboteur.bots import make_bot
from pysaboteur.bots.ismcts import CLEAR_MARGIN, IsmctsBot
from pysaboteur.bots.paired_choice import clear_winner
from pysaboteur.bots.rollout import play_on, playout_move
from pysaboteur.bots.value import FEATURE_NAMES, features, miners_win_chance
from pysaboteur.rules import Game, Move, seat_observation


def test_a_playout_plays_the_round_to_its_end_and_names_its_winner() -> None:
    for seed in range(10):
        game = Game.new(5, seed=seed)
        winner = play_on(game, random.Random(seed))
        finished = game.rounds[0].result
        if game.phase == "gold":  # the gold was reached; the picks are not played
            assert winner == "miners" and finished is None
        else:
            assert finished is not None and winner == finished.winner
            assert game.round_number == 2


def test_a_short_playout_stops_within_the_round_and_names_no_winner() -> None:
    game = Game.new(5, seed=1)
    assert play_on(game, random.Random(1), limit=7) is None
    assert len(game.moves) == 7 and game.round_number == 1


def test_every_playout_move_is_legal() -> None:
    rng = random.Random(3)
    game = Game.new(4, seed=3)
    for _ in range(200):
        if game.is_over:
            break
        move = playout_move(game, rng)
        assert move in game.legal_moves()
        game.play(move)


def test_a_playout_miner_one_card_from_the_gold_reaches_it() -> None:
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(3, script=script, hands={0: ["EW", "NS", "map", "xNESW", "break-pick"]})
    for seed in range(5):  # whatever the generator draws
        move = playout_move(game, random.Random(seed))
        assert (move.kind, move.x, move.y) == ("place", 7, 0)


def test_a_playout_saboteur_blocks_the_cell_before_the_gold() -> None:
    # The corridor ends one card from the gold: a dead end at 7,0 (17 points)
    # beats a rockfall on the corridor's tip (14) and a broken tool (12).
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(
        3,
        script=script,
        roles=["saboteur", "miner", "miner"],
        set_aside="miner",
        hands={0: ["xW", "rockfall", "break-pick", "NS", "map"]},
    )
    for seed in range(5):
        assert playout_move(game, random.Random(seed)) == Move(0, "place", "xW", 7, 0)


def test_the_miners_chance_is_certain_once_the_gold_is_reached() -> None:
    script = in_turn(corridor((x, 0) for x in range(1, 8)))
    game = crafted_game(3, script=script)
    assert game.phase == "gold"
    assert miners_win_chance(game) == 1.0


def test_the_value_models_inputs_in_an_exact_position() -> None:
    # Six corridor cards, two by each seat, then a broken pick on seat 1: the
    # gold (middle) is one card away, each stone three; 42 cards left to draw
    # and 6 in each hand.
    script = [*in_turn(corridor((x, 0) for x in range(1, 7))), "0 break-pick @1"]
    game = crafted_game(3, script=script, roles=["miner", "miner", "saboteur"], set_aside="miner")
    named = dict(zip(FEATURE_NAMES, features(game), strict=True))
    assert named["distance to the gold"] == 1.0
    assert named["turns left per seat"] == (42 + 18) / 3
    # One miner of two can build: 20 turns each, one seat in three building.
    assert named["share of miners who can build"] == 0.5
    assert named["distance per building miner-turn left"] == 1 / (20 * 1 / 3 + 1)
    assert named["saboteurs per seat"] == 1 / 3
    assert named["nearer goals that are stone"] == 0.0


def test_the_miners_chance_grows_as_the_tunnel_nears_the_gold() -> None:
    towards = crafted_game(3, script=in_turn(corridor((x, 0) for x in range(1, 7))))
    away = crafted_game(3, script=in_turn(corridor((x, 0) for x in range(-1, -7, -1))))
    assert 0.0 < miners_win_chance(away) < miners_win_chance(towards) < 1.0


def test_the_search_keeps_the_heuristics_choice_unless_another_is_clearly_better() -> None:
    first, second, third = (Move(0, "discard", card) for card in ("NS", "EW", "map"))
    shortlist = [first, second, third]
    count = 100
    # second: +0.10 on average, spread 0.05 per sample; third: +0.05.
    clear = {
        first: [0.0, 0.0],
        second: [0.10 * count, (0.10**2 + 0.05**2) * count],
        third: [0.05 * count, (0.05**2 + 0.05**2) * count],
    }
    assert clear_winner(shortlist, clear, count, CLEAR_MARGIN) == second
    # Under the margin, or not two standard errors clear of zero: keep the first.
    small = {first: [0.0, 0.0], second: [CLEAR_MARGIN / 2 * count, 0.0], third: [0.0, 0.0]}
    assert clear_winner(shortlist, small, count, CLEAR_MARGIN) == first
    noisy = {first: [0.0, 0.0], second: [0.05 * count, (0.05**2 + 1.0) * count], third: [0.0, 0.0]}
    assert clear_winner(shortlist, noisy, count, CLEAR_MARGIN) == first


def test_the_search_bot_plays_a_legal_move_and_the_same_one_for_the_same_seed() -> None:
    game = Game.new(5, seed=8)
    heuristic = make_bot("heuristic", seed=1)
    for _ in range(12):
        seat = game.to_move
        assert seat is not None
        game.play(heuristic.choose(seat_observation(game, seat), game.legal_moves()))
    seat = game.to_move
    assert seat is not None
    observation = seat_observation(game, seat)
    choices = [
        make_bot("ismcts:iterations=20", seed=5).choose(observation, game.legal_moves())
        for _ in range(2)
    ]
    assert choices[0] == choices[1]
    assert choices[0] in game.legal_moves()


def test_a_time_budget_may_be_given_as_time_or_seconds() -> None:
    assert isinstance(bot := make_bot("ismcts:time=0.5"), IsmctsBot)
    assert (bot.seconds, bot.iterations) == (0.5, None)
    assert isinstance(bot := make_bot("ismcts:seconds=2"), IsmctsBot)
    assert (bot.seconds, bot.iterations) == (2.0, None)


def test_the_search_says_how_many_sampled_games_each_decision_took() -> None:
    # The arena records it per decision (arena/match.py): the budget when the search
    # ran, none when a single candidate or a forced move needed none.
    for edition, players in (("base", 5), ("saboteur2", 5)):
        game = Game.new(players, seed=3, edition=edition)
        bot = make_bot("ismcts:iterations=3,candidates=3", seed=1)
        searched = 0
        for _ in range(12):
            observation = seat_observation(game, game.to_move)
            move = bot.choose(observation, game.legal_moves())
            assert bot.last_iterations in (0, 3)
            searched += bot.last_iterations == 3
            game.play(move)
        assert searched > 0, edition


def test_a_saboteur_searches_its_own_number_of_samples_and_a_miner_the_common_one() -> None:
    game = Game.new(5, seed=3)
    bot = make_bot("ismcts:iterations=3,saboteur_iterations=5,candidates=3", seed=1)
    budgets: dict[str, set[int]] = {"miner": set(), "saboteur": set()}
    for _ in range(40):
        observation = seat_observation(game, game.to_move)
        move = bot.choose(observation, game.legal_moves())
        if bot.last_iterations:  # 0 when the move was forced and nothing was searched
            budgets[observation["role"]].add(bot.last_iterations)
        game.play(move)
    assert budgets == {"miner": {3}, "saboteur": {5}}


def test_the_playout_is_native_or_python_and_nothing_else() -> None:
    assert isinstance(bot := make_bot("ismcts:playout=python,playouts=4"), IsmctsBot)
    assert (bot.playout, bot.playouts) == ("python", 4)
    with pytest.raises(ValueError, match="native or python"):
        make_bot("ismcts:playout=fast")


def test_the_search_judges_by_the_round_played_out_or_by_the_value_model() -> None:
    # One corridor card from the gold, the miner to move: whichever playout judges,
    # its miners reach the gold at once, and the search's reward is certain.
    script = in_turn(corridor((x, 0) for x in range(1, 7)))
    game = crafted_game(3, script=script, roles=["miner", "miner", "saboteur"], set_aside="miner")
    for spec in ("ismcts", "ismcts:playout=python", "ismcts:playouts=8", "ismcts:horizon=3"):
        bot = make_bot(spec, seed=1)
        assert isinstance(bot, IsmctsBot)
        assert bot._judge(game.copy(), 3, random.Random(2)) == 1.0, spec


def test_the_search_plays_the_same_move_for_a_seed_with_the_native_or_the_python_playout() -> None:
    game = Game.new(5, seed=11)
    heuristic = make_bot("heuristic", seed=1)
    for _ in range(9):
        seat = game.to_move
        assert seat is not None
        game.play(heuristic.choose(seat_observation(game, seat), game.legal_moves()))
    seat = game.to_move
    assert seat is not None
    observation = seat_observation(game, seat)
    for spec in ("ismcts:iterations=15", "ismcts:iterations=15,playout=python"):
        first, second = (
            make_bot(spec, seed=4).choose(observation, game.legal_moves()) for _ in range(2)
        )
        assert first == second and first in game.legal_moves(), spec
