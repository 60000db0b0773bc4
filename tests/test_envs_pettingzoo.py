"""The PettingZoo environment: the API tests, masks, rewards, episodes, render."""

from __future__ import annotations

import doctest
import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pysaboteur.bots import make_bot
from pysaboteur.envs import saboteur_v0
from pysaboteur.envs.actions import TAKE_START
from pysaboteur.rules import Options, seat_observation

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dicts


def test_the_module_doctest_holds() -> None:
    assert doctest.testmod(saboteur_v0).failed == 0


CONFIGURATIONS = [
    {"players": 3},
    {"players": 5, "reward": "win", "episode": "round"},
    {"players": 10, "rules": {"open_hands": True, "gold_draw": "miners"}},
]


@pytest.mark.parametrize("settings", CONFIGURATIONS)
def test_pettingzoo_api_test(settings: dict[str, Any]) -> None:
    api_test(saboteur_v0.env(**settings), num_cycles=200)


@pytest.mark.parametrize("settings", CONFIGURATIONS)
def test_pettingzoo_seed_test(settings: dict[str, Any]) -> None:
    seed_test(lambda: saboteur_v0.env(**settings), num_cycles=200)


def random_play(env: Any, rng: random.Random) -> dict[str, float]:
    """Play one episode with random legal ids from the masks; each agent's total reward."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_the_mask_is_exactly_the_legal_moves_in_the_window() -> None:
    env = saboteur_v0.raw_env(players=4)
    rng = random.Random(3)
    for seed in range(3):
        env.reset(seed=seed)
        game = env.game
        while env.agents and not env.terminations[env.agent_selection]:
            agent = env.agent_selection
            seat = int(agent.split("_")[1])
            assert game.to_move == seat
            mask = env.observe(agent)["action_mask"]
            expected = {env.action_ids.to_action(move) for move in game.legal_moves()} - {None}
            assert set(np.flatnonzero(mask).tolist()) == expected
            other = env.possible_agents[(seat + 1) % 4]
            assert not env.observe(other)["action_mask"].any()
            env.step(int(rng.choice(sorted(expected))))  # type: ignore[arg-type]


def test_nuggets_are_rewarded_as_they_are_won_and_add_up_to_the_game() -> None:
    env = saboteur_v0.env(players=4, reward="nuggets")
    env.reset(seed=8)
    totals = random_play(env, random.Random(8))
    game = env.unwrapped.game
    assert game.is_over
    assert [totals[f"seat_{seat}"] for seat in range(4)] == [float(n) for n in game.nuggets]


def test_win_rewards_the_seats_with_the_most_nuggets_once_at_the_end() -> None:
    env = saboteur_v0.env(players=5, reward="win")
    env.reset(seed=4)
    totals = random_play(env, random.Random(4))
    game = env.unwrapped.game
    winners = set(game.winners)
    assert totals == {f"seat_{s}": 1.0 if s in winners else -1.0 for s in range(5)}


def test_round_episodes_are_the_rounds_of_a_game_and_rewarded_by_team() -> None:
    env = saboteur_v0.env(players=4, reward="win", episode="round")
    rng = random.Random(1)
    env.reset(seed=1)
    game = env.unwrapped.game
    for number in (1, 2, 3):
        if number > 1:
            env.reset()
            assert env.unwrapped.game is game  # the same game goes on
        assert game.round_number == number
        totals = random_play(env, rng)
        log = game.rounds[number - 1]
        side = "saboteur" if log.result.winner == "saboteurs" else "miner"
        expected = {f"seat_{s}": 1.0 if r == side else -1.0 for s, r in enumerate(log.deal.roles)}
        assert totals == expected
    assert game.is_over
    env.reset()
    assert env.unwrapped.game is not game and env.unwrapped.game.round_number == 1


def test_the_last_observation_of_a_round_shows_it_as_it_ended() -> None:
    env = saboteur_v0.env(players=4, episode="round", render_mode="ansi")
    env.reset(seed=6)
    rng = random.Random(6)
    while not env.terminations[env.agent_selection]:
        observation, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    game = env.unwrapped.game
    assert game.round_number == 2  # the engine has dealt the next round already
    view = env.unwrapped.seat_view("seat_0")
    assert view["round"] == 1 and view["phase"] == "over" and view["hand"] == []
    assert all(goal["face_up"] for goal in view["goals"])
    observation, *_ = env.last()
    assert not observation["action_mask"].any()
    table = env.unwrapped.encoder.block(observation["observation"], "table")
    assert table[:6].tolist() == [1, 0, 0, 0, 0, 1]
    assert "round 1 · round over" in env.render()  # the round as it ended, every goal up
    assert "[?]" not in env.render()


def test_gold_picks_are_the_agents_decisions() -> None:
    env = saboteur_v0.raw_env(players=4, reward="nuggets")
    env.reset(seed=0)
    heuristic = [make_bot("heuristic", seat) for seat in range(4)]
    game = env.game
    while game.phase != "gold":
        env.step(env.bot_action(heuristic[game.to_move]))
    picker = env.agent_selection
    assert picker == f"seat_{game.to_move}"
    mask = env.observe(picker)["action_mask"]
    takes = [TAKE_START + value - 1 for value in sorted(set(game.offer))]
    assert np.flatnonzero(mask).tolist() == takes
    observation = seat_observation(game, game.to_move)
    assert sorted(observation["gold_offer"]) == sorted(game.offer)
    before = game.nuggets[game.to_move]
    env.step(takes[0])
    assert env.rewards[picker] == float(game.nuggets[int(picker[5:])] - before) > 0


def test_an_illegal_id_raises_in_the_raw_environment_and_ends_the_wrapped_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    raw = saboteur_v0.raw_env(players=3)
    raw.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        raw.step(TAKE_START)
    wrapped = saboteur_v0.env(players=3)
    wrapped.reset(seed=0)
    offender = wrapped.agent_selection
    wrapped.step(TAKE_START)
    assert "Illegal move made" in caplog.text
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[offender] == -1.0


def test_a_seed_deals_the_same_game_and_another_seed_another() -> None:
    first = []
    for seed in (5, 5, 6):
        env = saboteur_v0.env(players=6)
        env.reset(seed=seed)
        observation, *_ = env.last()
        first.append(observation["observation"])
    assert np.array_equal(first[0], first[1])
    assert not np.array_equal(first[0], first[2])


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="3 to 10"):
        saboteur_v0.raw_env(players=11)
    with pytest.raises(ValueError, match="reward"):
        saboteur_v0.raw_env(reward="gold")
    with pytest.raises(ValueError, match="episode"):
        saboteur_v0.raw_env(episode="turn")
    with pytest.raises(ValueError, match="gold_draw"):
        saboteur_v0.raw_env(rules={"gold_draw": "all"})
    assert saboteur_v0.raw_env(rules=Options(open_hands=True)).rules.open_hands


def test_render_shows_the_public_table_as_text() -> None:
    env = saboteur_v0.env(players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "round 1 · seat 0 to move · draw pile 49" in text
    assert "[?]" in text and "-S-" in text
    hands = env.unwrapped.game.hands
    assert " ".join(hands[1]) not in text
    assert saboteur_v0.env(players=3).unwrapped.render() is None


def test_a_bot_plays_a_seat_through_the_ids() -> None:
    env = saboteur_v0.raw_env(players=5)
    env.reset(seed=9)
    bot = make_bot("heuristic", 1)
    for _ in range(20):
        action = env.bot_action(bot)
        assert env.observe(env.agent_selection)["action_mask"][action] == 1
        env.step(action)
