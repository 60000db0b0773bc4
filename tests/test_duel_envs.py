"""The Duel's PettingZoo environment: its ids, its tensor, the PettingZoo checks,
rewards that are the rounds' nuggets, and a deck file that makes its own space."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402
from scenarios_duel import crosses_deck, duel  # noqa: E402
from test_envs_pettingzoo import random_play  # noqa: E402

from pysaboteur.envs import actions_duel, saboteur_duel_v0  # noqa: E402
from pysaboteur.envs.actions_duel import CELLS, ActionSpaceDuel  # noqa: E402
from pysaboteur.envs.tensors_duel import CELL_FEATURES, ObservationEncoderDuel  # noqa: E402
from pysaboteur.rules import Game, Move, seat_observation  # noqa: E402
from pysaboteur.rules.duel_game import DuelGame  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dicts
CONFIGURATIONS = [{}, {"reward": "win", "episode": "round"}]
BLUE_HAND = ["EW", "ES", "NS", "SW", "break-lamp", "key"]


def test_the_module_doctests_hold() -> None:
    for module in (actions_duel, saboteur_duel_v0):
        assert doctest.testmod(module).failed == 0


def test_the_layout_of_the_ids_is_pinned() -> None:
    space = ActionSpaceDuel()
    assert (len(space.faces), len(space.repairs)) == (47, 9)
    assert space.cell_start == {"rockfall": 47 * CELLS, "key": 48 * CELLS, "bribe": 49 * CELLS}
    assert (space.map_start, space.discard_start, space.clear_start) == (
        50 * CELLS,
        50 * CELLS + 6,
        50 * CELLS + 27,
    )
    assert (space.break_start, space.fix_start, space.pass_action) == (17922, 17925, 17934)
    assert space.to_action(Move.parse("0 place NS 0,0")) == 8 * 21 + 6
    assert str(space.to_move(17922, seat=1)) == "1 break-pick @0"
    assert str(space.to_move(17934, seat=0)) == "0 pass"


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_move_has_one_id_that_comes_back_to_it(seed: int) -> None:
    game = Game.new(2, seed=seed, edition="duel")
    space = ActionSpaceDuel()
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        hand = game.hands[seat]
        legal = game.legal_moves()
        ids = space.legal_actions(legal, hand)
        inside = [move for move in legal if space.to_action(move, hand) is not None]
        assert len(ids) == len(inside)  # no two legal moves share an id
        for action, move in ids.items():
            assert space.to_move(action, seat, hand) == move
        game.play(rng.choice(legal))


def test_the_tensor_shows_the_seats_own_colour_first_and_its_claims() -> None:
    game = duel(["NS+EW/gold1@N", "NS", "SW", "ES", "EW", "map"], BLUE_HAND)
    game.play("0 place NS+EW/gold1@N 0,-2")
    encoder = ObservationEncoderDuel()
    green = encoder.encode(seat_observation(game, 0))
    blue = encoder.encode(seat_observation(game, 1))
    cell = (-2 + 8) * 21 + (0 + 6)
    features = green[: CELLS * CELL_FEATURES].reshape(CELLS, CELL_FEATURES)
    assert features[cell, 24] == pytest.approx(1 / 3)  # one nugget
    assert (features[cell, 25], features[cell, 26]) == (1.0, 0.0)  # claimed by me
    theirs = blue[: CELLS * CELL_FEATURES].reshape(CELLS, CELL_FEATURES)
    assert (theirs[cell, 25], theirs[cell, 26]) == (0.0, 1.0)  # by the other
    start = (-1 + 8) * 21 + 6
    assert (features[start, 22], theirs[start, 23]) == (1.0, 1.0)  # green's start
    assert green.min() >= 0.0 and green.max() <= 1.0


@pytest.mark.parametrize("settings", CONFIGURATIONS)
def test_pettingzoo_api_test(settings: dict[str, Any]) -> None:
    api_test(saboteur_duel_v0.env(**settings), num_cycles=200)


@pytest.mark.parametrize("settings", CONFIGURATIONS)
def test_pettingzoo_seed_test(settings: dict[str, Any]) -> None:
    seed_test(lambda: saboteur_duel_v0.env(**settings), num_cycles=200)


def test_random_games_reward_exactly_the_nuggets() -> None:
    env = saboteur_duel_v0.env(reward="nuggets")
    env.reset(seed=4)
    totals = random_play(env, random.Random(4))
    game = env.unwrapped.game
    assert game.is_over
    assert [totals["seat_0"], totals["seat_1"]] == [float(n) for n in game.nuggets]


def test_a_deck_file_makes_the_space_and_the_games(tmp_path: Path) -> None:
    deck = crosses_deck()
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck.to_dict()), "utf-8")
    env = saboteur_duel_v0.raw_env(deck=str(path))
    env.reset(seed=1)
    assert isinstance(env.game, DuelGame) and env.game.deck == deck
    # Two kinds of path card, each turned too: 4 faces, so far fewer place ids.
    assert len(env.action_ids.faces) == len(set(env.action_ids.faces)) <= 4
    assert env.action_ids.size < ActionSpaceDuel().size
    observation = env.observe("seat_0")
    kinds = 2 + 12  # the crosses, the trolls and the shipped deck's twelve action cards
    assert len(env.encoder.kinds) == kinds
    assert observation["observation"].shape == (CELLS * CELL_FEATURES + kinds + 27,)


@pytest.fixture(name="spiel")
def _spiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    from pysaboteur.envs import openspiel_duel

    return pyspiel, openspiel_duel


def dealt(game: Any, seed: int) -> Any:
    """A state after all chance, each outcome drawn with its probability."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    return state


def test_the_openspiel_game_as_openspiel_sees_it(spiel: Any) -> None:
    pyspiel, module = spiel
    assert doctest.testmod(module).failed == 0
    game = pyspiel.load_game("python_saboteur_duel", {"returns": "win"})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_distinct_actions() == ActionSpaceDuel().size
    assert game.observation_tensor_size() == ObservationEncoderDuel().size
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == 3 * (2 * 52 + 2 * 4)


@pytest.mark.parametrize("params", [{}, {"returns": "win", "episode": "round", "open_hands": True}])
def test_pyspiel_random_sim_test(spiel: Any, params: dict[str, Any]) -> None:
    pyspiel, _ = spiel
    game = pyspiel.load_game("python_saboteur_duel", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_orders_the_18_goals_then_deals_each_rounds_52_cards(spiel: Any) -> None:
    pyspiel, _ = spiel
    state = pyspiel.load_game("python_saboteur_duel").new_initial_state()
    assert state.chance_outcomes() == [(index, 1 / 18) for index in range(18)]
    state = dealt(pyspiel.load_game("python_saboteur_duel"), seed=1)
    game = state.engine_game
    assert isinstance(game, DuelGame)
    goals = [game.deck.goal_cards[action] for action in state.history()[:17]]
    assert list(game.rounds[0].deal.goals) == goals[:6]
    deal = game.rounds[0].deal
    assert sorted([*deal.hands[0], *deal.hands[1], *deal.deck]) == sorted(game.deck.playing_cards)


def test_openspiel_returns_are_the_nuggets(spiel: Any) -> None:
    pyspiel, _ = spiel
    state = dealt(pyspiel.load_game("python_saboteur_duel"), seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [float(n) for n in state.engine_game.nuggets]


def test_an_openspiel_game_plays_a_deck_file(spiel: Any, tmp_path: Path) -> None:
    pyspiel, _ = spiel
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(crosses_deck().to_dict()), "utf-8")
    state = dealt(pyspiel.load_game("python_saboteur_duel", {"deck": str(path)}), seed=3)
    assert state.engine_game.deck == crosses_deck()
