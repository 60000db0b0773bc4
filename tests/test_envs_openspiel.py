"""The OpenSpiel game: random simulations, explicit chance, the resampler, ISMCTS."""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pysaboteur.envs import openspiel_game  # noqa: E402
from pysaboteur.envs.actions import ActionSpace  # noqa: E402
from pysaboteur.envs.tensors import ObservationEncoder  # noqa: E402
from pysaboteur.rules import seat_observation  # noqa: E402
from pysaboteur.rules.cards import CARD_COUNTS, GOLD_CARDS  # noqa: E402


def test_the_module_doctest_holds() -> None:
    assert doctest.testmod(openspiel_game).failed == 0


def load(**params: Any) -> Any:
    return pyspiel.load_game(openspiel_game.SHORT_NAME, params)


def dealt(game: Any, seed: int) -> Any:
    """A state after all chance, each outcome drawn with its probability."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    return state


def test_the_game_as_openspiel_sees_it() -> None:
    game = load(players=5, returns="win")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 5
    assert game.num_distinct_actions() == ActionSpace(5).size
    assert game.max_chance_outcomes() == len(CARD_COUNTS) == 27
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.observation_tensor_size() == ObservationEncoder(5).size
    assert game.max_game_length() == openspiel_game.max_game_length(5) == 3 * (67 - 30 + 150 + 15)


@pytest.mark.parametrize("players", [3, 6])
def test_pyspiel_random_sim_test(players: int) -> None:
    pyspiel.random_sim_test(load(players=players), num_sims=2, serialize=True, verbose=False)


def test_pyspiel_random_sim_test_with_win_returns_and_open_hands() -> None:
    game = load(players=4, returns="win", open_hands=True, gold_draw="miners")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_chance_deals_the_gold_deck_first_card_by_card() -> None:
    state = load(players=4).new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 16 / 28), (1, 8 / 28), (2, 4 / 28)]
    state.apply_action(2)  # a 3 on top
    assert state.chance_outcomes() == [(0, 16 / 27), (1, 8 / 27), (2, 3 / 27)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "gold deck card 2: 1"


def test_the_deal_drawn_is_the_engine_game_played() -> None:
    state = dealt(load(players=4), seed=3)
    game = state.engine_game
    history = state.history()
    assert game.initial_gold_deck[0] == history[0] + 1  # the first outcome is the top card
    assert sorted(game.initial_gold_deck) == sorted(GOLD_CARDS)
    for log in game.rounds:
        cards = [card for hand in log.deal.hands for card in hand] + log.deal.deck
        assert sorted(cards) == sorted(code for code, n in CARD_COUNTS.items() for _ in range(n))
    assert len(game.rounds) == 1 and state.current_player() == 0
    # Chance is over: every later round was dealt too, before play.
    assert state.dealing.done and len(state.dealing.deals) == 3


def test_returns_are_the_nuggets_or_plus_minus_one_for_the_winners() -> None:
    for returns in ("nuggets", "win"):
        state = dealt(load(players=3, returns=returns), seed=1)
        rng = random.Random(1)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        game = state.engine_game
        if returns == "nuggets":
            assert state.returns() == [float(n) for n in game.nuggets]
        else:
            assert state.returns() == [1.0 if s in game.winners else -1.0 for s in range(3)]


def test_the_information_state_is_the_seat_observation() -> None:
    state = dealt(load(players=4), seed=2)
    game = state.engine_game
    assert state.information_state_string(2) == state.information_state_string(2)
    assert '"hand":' in state.information_state_string(2)
    assert state.information_state_string(2) != state.information_state_string(1)
    tensor = np.array(state.observation_tensor(1), dtype=np.float32)
    assert np.array_equal(tensor, ObservationEncoder(4).encode(seat_observation(game, 1)))
    assert "seat 1 (" in state.observation_string(1)


def test_a_resampled_state_agrees_with_all_the_player_knows() -> None:
    state = dealt(load(players=5), seed=4)
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands_differ = 0
    for _ in range(30):
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.current_player() == player
        assert sample.legal_actions() == state.legal_actions()
        others = [s for s in range(5) if s != player]
        real, drawn = state.engine_game, sample.engine_game
        hands_differ += any(real.hands[s] != drawn.hands[s] for s in others)
        state.apply_action(rng.choice(state.legal_actions()))
    assert hands_differ >= 25  # what the player cannot see is drawn anew


def test_openspiel_ismcts_plays_with_the_resampler() -> None:
    game = load(players=3)
    state = dealt(game, seed=5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(1)
    )
    rng = random.Random(5)
    searched = 0
    while searched < 2:
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
