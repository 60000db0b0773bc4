"""OpenSpiel, complete, for both editions: the information-state tensor, states that
copy and pickle after a resample, round episodes, the package's bots as
``pyspiel.Bot``, and OpenSpiel's own algorithms (outcome-sampling MCCFR, policy
gradient) running a few iterations on the game."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, outcome_sampling_mccfr  # noqa: E402

from pysaboteur.bots import make_bot  # noqa: E402
from pysaboteur.envs import openspiel_game, openspiel_saboteur2  # noqa: E402
from pysaboteur.envs.info_state import KINDS, InfoStateEncoder  # noqa: E402
from pysaboteur.envs.openspiel_bots import PackageBot  # noqa: E402
from pysaboteur.rules.moves import read_seen_move  # noqa: E402

NAMES = (openspiel_game.SHORT_NAME, openspiel_saboteur2.SHORT_NAME)


def load(name: str, **params: Any) -> Any:
    return pyspiel.load_game(name, {"players": 3, **params})


def played(game: Any, seed: int, moves: int) -> Any:
    """A state after all chance and ``moves`` random moves (or the episode's end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_the_information_state_tensor_is_the_observation_and_the_recent_moves(
    name: str,
) -> None:
    game = load(name)
    assert game.get_type().provides_information_state_tensor
    state = played(game, seed=1, moves=5)
    player = state.current_player()
    tensor = np.array(state.information_state_tensor(player), dtype=np.float32)
    observation = np.array(state.observation_tensor(player), dtype=np.float32)
    assert tensor.shape == (game.information_state_tensor_size(),)
    assert np.array_equal(tensor[: observation.size], observation)
    assert tensor.min() >= 0.0 and tensor.max() <= 1.0
    # The newest move comes first in the recent block: its mover and its kind.
    seen = state.seat_observation(player)
    last = read_seen_move(seen["history"][-1][-1])
    recent = tensor[observation.size :].reshape(6, -1)  # 2 * 3 players, newest first
    assert recent[0, (last.seat - player) % 3] == 1.0
    assert recent[0, 3 + KINDS.index(last.kind)] == 1.0
    assert recent[:5].any(axis=1).all() and not recent[5].any()  # five moves, six slots
    # Two seats see the same moves from their own places: the tensors differ.
    other = (player + 1) % 3
    assert state.information_state_tensor(other) != state.information_state_tensor(player)


def test_the_recent_block_is_blank_before_the_first_move() -> None:
    game = load(NAMES[0])
    state = played(game, seed=2, moves=0)
    encoder = InfoStateEncoder(
        openspiel_game.ObservationEncoder(3), 3, openspiel_game.CARD_CODES, (-4, 12, -6, 6)
    )
    tensor = encoder.encode(state.seat_observation(0))
    assert not tensor[encoder.size - encoder.recent * encoder.move_size :].any()


@pytest.mark.parametrize("name", NAMES)
def test_states_copy_pickle_and_deserialize_after_a_resample(name: str) -> None:
    game = load(name)
    state = played(game, seed=3, moves=4)
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    # The state resampled from now holds a determinizer for the player: still copies.
    for one in (state, sample):
        for again in (
            copy.deepcopy(one),
            one.clone(),
            pickle.loads(pickle.dumps(one)),
            game.deserialize_state(one.serialize()),
        ):
            assert str(again) == str(one)
            assert again.legal_actions() == one.legal_actions()
            assert again.information_state_string(player) == one.information_state_string(player)


@pytest.mark.parametrize("name", NAMES)
def test_a_round_episode_ends_with_the_first_round(name: str) -> None:
    game = load(name, episode="round")
    state = played(game, seed=4, moves=10_000)
    assert state.is_terminal()
    engine = state.engine_game
    assert engine.round_number == 2 and not engine.is_over
    assert state.returns() == [float(gold) for gold in engine.rounds[0].result.gold]
    # The last view is the round as it ended, not the next round's deal.
    assert state.seat_observation(0)["round"] == 1
    with pytest.raises(ValueError, match="the episode is over"):
        state.apply_action(0)
    won = played(load(name, episode="round", returns="win"), seed=4, moves=10_000)
    log = won.engine_game.rounds[0]
    if name == NAMES[0]:  # the base game: the team of the round's winner
        side = "saboteur" if log.result.winner == "saboteurs" else "miner"
        winners = {seat for seat, role in enumerate(log.deal.roles) if role == side}
    else:  # Saboteur 2: every seat on its own (a round may have no winner)
        winners = set(log.result.winners)
    assert won.returns() == [1.0 if seat in winners else -1.0 for seat in range(3)]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulations_pass_with_round_episodes(name: str) -> None:
    game = load(name, episode="round")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_unknown_episode_is_refused() -> None:
    with pytest.raises(ValueError, match="episode must be one of game, round"):
        load(NAMES[0], episode="week")


@pytest.mark.parametrize("name", NAMES)
def test_package_bots_play_an_openspiel_game(name: str) -> None:
    game = load(name, episode="round")
    bots = [PackageBot(game, seat, "random", seed=seat) for seat in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    again = evaluate_bots.evaluate_bots(
        game.new_initial_state(),
        [PackageBot(game, seat, "random", seed=seat) for seat in range(3)],
        np.random.RandomState(1),
    )
    assert returns == again  # the same deal and seeds play the same round


def test_a_package_bot_chooses_what_the_bot_itself_would() -> None:
    game = load(NAMES[0])
    state = played(game, seed=6, moves=3)
    player = state.current_player()
    adapter = PackageBot(game, player, "heuristic", seed=9)
    action = adapter.step(state)
    legal = state.legal_moves_by_action()
    observation = state.seat_observation(player)
    assert adapter._bot is not None and adapter._round == observation["round"]
    twin = make_bot("heuristic", adapter._bot_seed(observation["round"]))
    assert legal[action] == twin.choose(observation, list(legal.values()))
    with pytest.raises(ValueError, match="is not to move"):
        PackageBot(game, (player + 1) % 3, "random").step(state)
    with pytest.raises(ValueError, match="unknown bot"):
        PackageBot(game, 0, "nobody")


def test_outcome_sampling_mccfr_runs_on_the_game() -> None:
    game = load(NAMES[0], episode="round")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)  # OpenSpiel's MCCFR samples with NumPy's global generator
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    state = played(game, seed=7, moves=0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_openspiel_policy_gradient_learns_from_information_state_tensors() -> None:
    torch = pytest.importorskip("torch")
    from open_spiel.python.pytorch import policy_gradient

    torch.manual_seed(0)
    game = load(NAMES[0], episode="round")
    env = rl_environment.Environment(game, seed=0)
    info_size = env.observation_spec()["info_state"][0]
    assert info_size == game.information_state_tensor_size()
    agents = [
        policy_gradient.PolicyGradient(
            seat, info_size, env.action_spec()["num_actions"], loss_str="a2c",
            hidden_layers_sizes=(8,), batch_size=1, num_critic_before_pi=1,
        )
        for seat in range(3)
    ]  # fmt: skip
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
    assert all(agent.loss is not None for agent in agents)
