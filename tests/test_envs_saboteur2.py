"""Saboteur 2's learning environments: the ids, the tensor, PettingZoo and OpenSpiel."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402
from test_envs_pettingzoo import random_play  # noqa: E402

from pysaboteur.bots import make_bot  # noqa: E402
from pysaboteur.envs import actions_saboteur2, saboteur2_v0, tensors_saboteur2  # noqa: E402
from pysaboteur.envs.actions_saboteur2 import (  # noqa: E402
    AIMED,
    AIMED_START,
    CARD_CODES,
    CELLS,
    CLEAR_START,
    DISCARD_SETS,
    DISCARD_START,
    FACES,
    MAP_START,
    PASS_ACTION,
    ROCKFALL_START,
    THEFT_ACTION,
    ActionSpace2,
    action_count,
    cell_index,
    cell_of,
    hand_slots,
)
from pysaboteur.envs.tensors_saboteur2 import (  # noqa: E402
    MAZE_PLANES,
    ROLES,
    ObservationEncoder2,
    layout,
    vector_size,
)
from pysaboteur.rules import Game, Move, Options, seat_observation  # noqa: E402
from pysaboteur.rules.determinize import Determinizer  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dicts


def test_the_module_doctests_hold() -> None:
    for module in (actions_saboteur2, tensors_saboteur2, saboteur2_v0):
        assert doctest.testmod(module).failed == 0


# -- the action ids ------------------------------------------------------------------------


def test_the_layout_of_the_ids_is_pinned() -> None:
    assert len(FACES) == 60 and len(set(FACES)) == 60
    assert len(CARD_CODES) == 54 and len(DISCARD_SETS) == 6 + 15 + 20 and len(AIMED) == 19
    starts = (ROCKFALL_START, MAP_START, DISCARD_START, CLEAR_START, PASS_ACTION, THEFT_ACTION)
    assert starts == (21420, 21777, 21780, 21821, 21896, 21897)
    assert AIMED_START == 21898
    assert [action_count(n) for n in (2, 5, 12)] == [21936, 21993, 22126]
    assert cell_index(-6, -8) == 0 and cell_index(14, 8) == CELLS - 1 == 356
    assert cell_index(-7, 0) is None and cell_index(0, 9) is None
    assert all(cell_index(*cell_of(index)) == index for index in range(CELLS))
    with pytest.raises(ValueError, match="2 to 12"):
        ActionSpace2(13)


HAND = ["NS+EW", "map", "theft", "break-lamp", "NES/crystal", "rockfall"]  # six kinds


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("0 place NESW -6,-8", 0),
        ("0 place NS+EW 0,1", 26 * CELLS + 9 * 21 + 6),
        ("3 rockfall 1,0", ROCKFALL_START + 8 * 21 + 7),
        ("4 map 8,2", MAP_START + 2),
        ("1 pass", PASS_ACTION),
        ("2 theft", THEFT_ACTION),
        ("2 break-pick @2", AIMED_START),  # on itself: +0
        ("2 break-cart @1", AIMED_START + 2 * 5 + 4),  # the seat before: +4 of 5
        ("0 fix-lamp-cart cart @1", AIMED_START + 11 * 5 + 1),
        ("0 hands-off @0", AIMED_START + 12 * 5),
        ("3 swap-hand @4", AIMED_START + 13 * 5 + 1),
        ("3 free-at-last @3", AIMED_START + 17 * 5),
        ("1 steal @0", AIMED_START + 18 * 5 + 4),
    ],
)
def test_pinned_ids_of_a_five_player_game(text: str, action: int) -> None:
    space = ActionSpace2(5)
    move = Move.parse(text)
    assert space.to_action(move) == action
    assert space.to_move(action, move.seat) == move


def test_discards_and_clears_name_slots_of_the_sorted_hand() -> None:
    space = ActionSpace2(4)
    assert hand_slots(HAND) == ["NS+EW", "NES/crystal", "break-lamp", "map", "rockfall", "theft"]
    assert space.to_action(Move.parse("0 discard NS+EW"), HAND) == DISCARD_START
    three = Move.parse("0 discard map rockfall theft")  # slots 3 4 5, the last set of three
    assert space.to_action(three, HAND) == DISCARD_START + 40
    clear = Move.parse("0 clear trapped NS+EW theft")  # front 3, slots (0, 5): pair 4
    assert space.to_action(clear, HAND) == CLEAR_START + 3 * 15 + 4
    assert space.describe(CLEAR_START + 3 * 15 + 4) == "clear trapped slots 0 5"
    with pytest.raises(ValueError, match="hand"):
        space.to_action(Move.parse("0 discard map"))
    with pytest.raises(ValueError, match="slot 5 of a hand of 2"):
        space.to_move(DISCARD_START + 5, 0, ["map", "NS"])


@pytest.mark.parametrize("players", [2, 7, 12])
def test_every_id_is_a_well_formed_move_that_comes_back_to_it(players: int) -> None:
    space = ActionSpace2(players)
    for seat in (0, players - 1):
        moves = [space.to_move(action, seat, HAND) for action in range(space.size)]
        assert all(move.is_well_formed() and move.seat == seat for move in moves)
        assert [space.to_action(move, HAND) for move in moves] == list(range(space.size))
        assert len(set(moves)) == space.size


def test_slot_sets_holding_the_same_cards_come_back_to_one_canonical_id() -> None:
    space = ActionSpace2(3)
    hand = ["NS", "map", "NS", "NS", "map", "theft"]  # slots: NS NS NS map map theft
    canonical = set()
    for action in range(DISCARD_START, PASS_ACTION):
        move = space.to_move(action, 0, hand)
        back = space.to_action(move, hand)
        assert back is not None and back <= action and space.to_move(back, 0, hand) == move
        canonical.add(back)
    # The distinct moves: discards of 1-3 cards of {3 NS, 2 map, 1 theft}, clears of 2.
    discards = 3 + 5 + 6  # sets of one, two and three kinds of card
    assert len(canonical) == discards + 5 * 5
    legal_ids = space.legal_actions(
        [move for action in canonical for move in [space.to_move(action, 0, hand)]], hand
    )
    assert set(legal_ids) == canonical


def random_positions(players: int, games: int, seed: int) -> Any:
    """Every position of seeded random games of Saboteur 2."""
    rng = random.Random(seed)
    for number in range(games):
        options = Options(open_hands=number % 2 == 1)
        game = Game.new(players, options, seed + number, edition="saboteur2")
        while not game.is_over:
            yield game
            game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("players", [2, 5, 12])
def test_every_legal_move_has_exactly_one_id_and_every_id_one_legal_move(players: int) -> None:
    space = ActionSpace2(players)
    kinds: Counter[str] = Counter()
    outside = 0
    for game in random_positions(players, games=4, seed=players):
        seat = game.to_move
        assert seat is not None
        hand = game.hands[seat]
        legal = game.legal_moves()
        ids = space.legal_actions(legal, hand)
        with_ids = [move for move in legal if space.to_action(move, hand) is not None]
        # One id per legal move (none shared), and each id the move it came from.
        assert len(ids) == len(with_ids) == len(set(with_ids))
        for action, move in ids.items():
            assert space.to_action(move, hand) == action
            assert space.to_move(action, seat, hand) == move
            kinds[move.kind] += 1
        for move in set(legal) - set(with_ids):
            assert move.kind in ("place", "rockfall") and cell_index(move.x, move.y) is None
            outside += 1
        assert ids  # a seat always has a move with an id
    for kind in ("place", "rockfall", "map", "discard", "clear", "break", "trapped", "theft"):
        assert kinds[kind], kind  # the games reached every common kind of move
    assert outside < sum(kinds.values()) / 1000


def test_the_rare_moves_have_ids_too() -> None:
    kinds: Counter[str] = Counter()
    for players in (3, 6):
        space = ActionSpace2(players)
        for game in random_positions(players, games=6, seed=20):
            seat = game.to_move
            assert seat is not None
            for action, move in space.legal_actions(game.legal_moves(), game.hands[seat]).items():
                assert space.to_move(action, seat, game.hands[seat]) == move
                kinds[move.kind] += 1
    for kind in ("steal", "hands-off", "free-at-last", "fix", "swap-hand", "swap-hats", "pass"):
        assert kinds[kind], kind


# -- the observation tensor ----------------------------------------------------------------


def test_the_layout_of_the_vector() -> None:
    assert [(b.name, b.offset, b.shape) for b in layout(5)] == [
        ("maze", 0, (17, 17, 21)),
        ("goals", 6069, (3, 4)),
        ("hand", 6081, (54,)),
        ("slots", 6135, (6, 54)),
        ("role", 6459, (6,)),
        ("laid_aside", 6465, (6,)),
        ("seats", 6471, (5, 10)),
        ("looks", 6521, (5, 7)),
        ("swaps", 6556, (5, 54)),
        ("plays", 6826, (5, 60)),
        ("open_hands", 7126, (5, 54)),
        ("table", 7396, (12,)),
    ]
    assert {n: vector_size(n) for n in (2, 5, 12)} == {
        n: 6483 + 140 * n + 9 * n * n for n in (2, 5, 12)
    }


def test_every_face_lights_its_own_set_of_planes() -> None:
    lit = {code: frozenset(i // CELLS for i in tensors_saboteur2._LYING[code][0]) for code in FACES}
    assert len(set(lit.values())) == len(FACES)
    plane = MAZE_PLANES.index
    assert lit["NS+EW"] == {0, 1, 2, 3, plane("two tunnels"), plane("bridge"), plane("card")}
    assert lit["NW+ES"] == {0, 1, 2, 3, plane("two tunnels"), plane("card")}
    assert lit["EW+xS/door-green"] == {1, 2, 3, plane("stub S"), plane("green door"), 14}


def blocks(players: int, vector: Any) -> dict[str, Any]:
    encoder = ObservationEncoder2(players)
    return {block.name: encoder.block(vector, block.name) for block in encoder.blocks}


def test_the_first_position_shows_the_hand_slot_by_slot_and_the_role() -> None:
    game = Game.new(4, seed=3, edition="saboteur2")
    observation = seat_observation(game, 1)
    part = blocks(4, ObservationEncoder2(4).encode(observation))
    slots = hand_slots(observation["hand"])
    assert [CARD_CODES[row.argmax()] for row in part["slots"]] == slots
    assert part["hand"].sum() == pytest.approx(1.0)  # six cards / 6
    assert ROLES[part["role"].argmax()] == observation["role"] and part["role"].sum() == 1
    maze = part["maze"].reshape(len(MAZE_PLANES), -1)
    start = cell_index(0, 0)
    assert maze[:, start].nonzero()[0].tolist() == [0, 1, 2, 3, MAZE_PLANES.index("ladder"), 14]
    assert part["seats"][:, 7].tolist() == [1.0] * 4  # every hand holds 6
    assert part["seats"][3, 8] == 1  # seat 0 to move is +3 from seat 1
    assert part["table"][:4].tolist() == [1, 0, 0, 1]


def play_until(game: Game, kind: str, rng: random.Random) -> Move:
    """Play random moves, preferring ``kind`` whenever it is legal, until one is played."""
    while not game.is_over:
        moves = game.legal_moves()
        wanted = [move for move in moves if move.kind == kind]
        move = rng.choice(wanted or moves)
        game.play(move)
        if wanted:
            return move
    raise AssertionError(f"no {kind} was played")


def test_an_inspection_shows_the_dwarf_card_to_the_inspector_alone() -> None:
    rng = random.Random(2)
    game = Game.new(5, seed=11, edition="saboteur2")
    move = play_until(game, "inspection", rng)
    seer, target = move.seat, move.target
    encoder = ObservationEncoder2(5)
    looks = blocks(5, encoder.encode(seat_observation(game, seer)))["looks"]
    row = looks[(target - seer) % 5]
    assert ROLES[row[:6].argmax()] == game.roles[target] and row.sum() == 1
    other = next(seat for seat in range(5) if seat not in (seer, target))
    assert not blocks(5, encoder.encode(seat_observation(game, other)))["looks"].any()
    plays = blocks(5, encoder.encode(seat_observation(game, other)))["plays"]
    inspection = (
        len(tensors_saboteur2.PLAY_FEATURES)
        + tensors_saboteur2.AIMED_FEATURES.index("inspection / 2") * 5
    )
    assert plays[(seer - other) % 5, inspection + (target - other) % 5] == 0.5


def test_a_swap_shows_what_each_of_the_two_gave_the_other() -> None:
    rng = random.Random(4)
    game = Game.new(3, seed=5, edition="saboteur2")
    while True:
        moves = game.legal_moves()
        swaps = [move for move in moves if move.kind == "swap-hand"]
        move = rng.choice(swaps or moves)
        before = [list(hand) for hand in game.hands]
        game.play(move)
        if swaps:
            break
    seat, other = move.seat, move.target
    gave = Counter(before[seat]) - Counter(["swap-hand"])
    assert sorted(game.hands[seat]) == sorted(before[other])  # the seat got the other's hand
    vector = blocks(3, ObservationEncoder2(3).encode(seat_observation(game, seat)))["swaps"]
    shown = {CARD_CODES[i]: round(v * 6) for i, v in enumerate(vector[(other - seat) % 3]) if v}
    assert shown == dict(gave) and sum(gave.values()) == 5


@pytest.mark.parametrize("players", [2, 6, 12])
def test_every_value_lies_in_zero_one_and_one_encoder_gives_what_fresh_ones_give(
    players: int,
) -> None:
    encoder = ObservationEncoder2(players)
    for number, game in enumerate(random_positions(players, games=8, seed=1)):
        for seat in range(players):
            vector = encoder.encode(seat_observation(game, seat))
            assert vector.shape == (vector_size(players),)
            assert vector.min() >= 0 and vector.max() <= 1, (number, seat)
        if number % 50 == 0:
            fresh = ObservationEncoder2(players).encode(seat_observation(game, number % players))
            assert np.array_equal(encoder.encode(seat_observation(game, number % players)), fresh)


@pytest.mark.parametrize("players", [2, 5, 12])
def test_a_seat_cannot_tell_its_game_from_a_determinized_one(players: int) -> None:
    """Games that agree with all a seat knows (the determinizer's samples) give it the
    same vector and, when it is to move, the same mask: hidden cards never enter."""
    rng = random.Random(players)
    space = ActionSpace2(players)
    differ = checked = 0
    for number, game in enumerate(random_positions(players, games=1, seed=30 + players)):
        if number % 15:
            continue
        seat = game.to_move
        assert seat is not None
        observation = seat_observation(game, seat)
        sample = Determinizer(observation).sample(rng)
        vector = ObservationEncoder2(players).encode(observation)
        twin = ObservationEncoder2(players).encode(seat_observation(sample, seat))
        assert np.array_equal(vector, twin)
        mine = space.legal_actions(game.legal_moves(), game.hands[seat])
        assert space.legal_actions(sample.legal_moves(), sample.hands[seat]).keys() == mine.keys()
        differ += any(sample.hands[s] != game.hands[s] for s in range(players) if s != seat)
        checked += 1
    assert differ >= checked // 2  # what the seat cannot see was drawn anew


# -- PettingZoo ----------------------------------------------------------------------------

CONFIGURATIONS = [
    {"players": 2},
    {"players": 5, "reward": "win", "episode": "round"},
    {"players": 12, "rules": {"open_hands": True, "next_round_start": "rotate"}},
]


@pytest.mark.parametrize("settings", CONFIGURATIONS)
def test_pettingzoo_api_test(settings: dict[str, Any]) -> None:
    api_test(saboteur2_v0.env(**settings), num_cycles=200)


@pytest.mark.parametrize("settings", CONFIGURATIONS)
def test_pettingzoo_seed_test(settings: dict[str, Any]) -> None:
    seed_test(lambda: saboteur2_v0.env(**settings), num_cycles=200)


@pytest.mark.parametrize("players", [2, 5, 12])
def test_random_games_reward_exactly_the_gold_pieces(players: int) -> None:
    env = saboteur2_v0.env(players=players, reward="gold")
    env.reset(seed=players)
    totals = random_play(env, random.Random(players))
    game = env.unwrapped.game
    assert game.is_over
    assert [totals[f"seat_{seat}"] for seat in range(players)] == [
        float(pieces) for pieces in game.gold_pieces
    ]


def test_thefts_reward_the_thief_and_cost_the_victim() -> None:
    env = saboteur2_v0.raw_env(players=3, reward="gold")
    rng = random.Random(0)
    for seed in range(40):
        env.reset(seed=seed)
        while env.agents and not env.terminations[env.agent_selection]:
            legal = env.legal_actions()
            action = rng.choice(sorted(legal))
            agent = env.agent_selection
            env.step(action)
            move = legal[action]
            if move.kind == "steal":
                assert env.rewards[agent] == 1.0
                assert env.rewards[f"seat_{move.target}"] == -1.0
                return
    raise AssertionError("no theft in 40 games")


def test_the_mask_is_exactly_the_legal_moves_in_the_window() -> None:
    env = saboteur2_v0.raw_env(players=4)
    rng = random.Random(3)
    env.reset(seed=3)
    game = env.game
    assert game is not None
    while env.agents and not env.terminations[env.agent_selection]:
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        mask = env.observe(agent)["action_mask"]
        hand = game.hands[seat]
        ids = {env.action_ids.to_action(move, hand) for move in game.legal_moves()}
        expected = {action for action in ids if action is not None}
        assert set(np.flatnonzero(mask).tolist()) == expected
        assert not env.observe(env.possible_agents[(seat + 1) % 4])["action_mask"].any()
        env.step(rng.choice(sorted(expected)))


def test_round_episodes_are_the_rounds_of_a_game_and_rewarded_by_their_winners() -> None:
    env = saboteur2_v0.env(players=5, reward="win", episode="round")
    rng = random.Random(1)
    env.reset(seed=1)
    game = env.unwrapped.game
    for number in (1, 2, 3):
        if number > 1:
            env.reset()
            assert env.unwrapped.game is game  # the same game goes on
        assert game.round_number == number
        totals = random_play(env, rng)
        winners = set(game.rounds[number - 1].result.winners)
        assert totals == {f"seat_{s}": 1.0 if s in winners else -1.0 for s in range(5)}
    assert game.is_over
    env.reset()
    assert env.unwrapped.game is not game and env.unwrapped.game.round_number == 1


def test_win_rewards_the_seats_with_the_most_gold_pieces_once_at_the_end() -> None:
    env = saboteur2_v0.env(players=4, reward="win")
    env.reset(seed=4)
    totals = random_play(env, random.Random(4))
    winners = set(env.unwrapped.game.winners)
    assert totals == {f"seat_{s}": 1.0 if s in winners else -1.0 for s in range(4)}


def test_the_last_observation_of_a_round_shows_it_as_it_ended() -> None:
    env = saboteur2_v0.env(players=4, episode="round", render_mode="ansi")
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
    assert view["role"] == game.rounds[0].final.roles[0]
    assert not env.last()[0]["action_mask"].any()
    observation = env.unwrapped.observe("seat_0")
    part = blocks(4, observation["observation"])
    assert part["table"][:6].tolist() == [1, 0, 0, 0, 0, 1]
    shown = [ROLES[row[:6].argmax()] for row in part["looks"]]  # every dwarf card is shown
    assert shown == [game.rounds[0].final.roles[s % 4] for s in range(4)]
    assert "round 1 · round over" in env.render() and "[?]" not in env.render()


def test_an_illegal_id_raises_in_the_raw_environment_and_ends_the_wrapped_one(
    caplog: pytest.LogCaptureFixture,
) -> None:
    raw = saboteur2_v0.raw_env(players=3)
    raw.reset(seed=0)
    with pytest.raises(ValueError, match="not legal"):
        raw.step(PASS_ACTION)  # no pass with cards in hand
    wrapped = saboteur2_v0.env(players=3)
    wrapped.reset(seed=0)
    offender = wrapped.agent_selection
    wrapped.step(PASS_ACTION)
    assert "Illegal move made" in caplog.text
    assert all(wrapped.terminations.values()) and wrapped.rewards[offender] == -1.0


def test_options_are_checked_and_a_seed_deals_the_same_game() -> None:
    with pytest.raises(ValueError, match="2 to 12"):
        saboteur2_v0.raw_env(players=1)
    with pytest.raises(ValueError, match="reward"):
        saboteur2_v0.raw_env(reward="nuggets")
    with pytest.raises(ValueError, match="episode"):
        saboteur2_v0.raw_env(episode="turn")
    first = []
    for seed in (5, 5, 6):
        env = saboteur2_v0.env(players=6)
        env.reset(seed=seed)
        first.append(env.last()[0]["observation"])
    assert np.array_equal(first[0], first[1]) and not np.array_equal(first[0], first[2])


def test_render_shows_the_public_table_as_text() -> None:
    env = saboteur2_v0.env(players=3, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "round 1 · seat 0 to move · draw pile 83" in text and "[?]" in text
    assert "seat 2: 6 cards, 0 GP" in text
    assert " ".join(env.unwrapped.game.hands[1]) not in text
    assert saboteur2_v0.env(players=3).unwrapped.render() is None


def test_a_bot_plays_a_seat_through_the_ids() -> None:
    env = saboteur2_v0.raw_env(players=5)
    env.reset(seed=9)
    bot = make_bot("random", 1)
    for _ in range(40):
        action = env.bot_action(bot)
        assert env.observe(env.agent_selection)["action_mask"][action] == 1
        env.step(action)


# -- OpenSpiel -----------------------------------------------------------------------------


@pytest.fixture(name="spiel")
def _spiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    from pysaboteur.envs import openspiel_saboteur2

    return pyspiel, openspiel_saboteur2


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
    game = pyspiel.load_game("python_saboteur2", {"players": 12, "returns": "win"})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == ActionSpace2(12).size
    assert game.observation_tensor_size() == vector_size(12)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == 3 * (101 + 12 * 102 + 4)


@pytest.mark.parametrize("players", [2, 12])
def test_pyspiel_random_sim_test(spiel: Any, players: int) -> None:
    pyspiel, _ = spiel
    game = pyspiel.load_game("python_saboteur2", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_pyspiel_random_sim_test_with_win_returns_and_open_hands(spiel: Any) -> None:
    pyspiel, _ = spiel
    game = pyspiel.load_game(
        "python_saboteur2", {"players": 5, "returns": "win", "open_hands": True}
    )
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_chance_deals_the_dwarf_cards_first_then_the_goals_and_cards(spiel: Any) -> None:
    pyspiel, _ = spiel
    state = pyspiel.load_game("python_saboteur2", {"players": 3}).new_initial_state()
    assert state.chance_outcomes() == [(0, 4 / 15), (1, 4 / 15), (2, 1 / 15), (3, 1 / 15),
                                       (4, 2 / 15), (5, 3 / 15)]  # fmt: skip
    state.apply_action(2)  # the boss to seat 0
    assert 2 not in dict(state.chance_outcomes())
    state = dealt(pyspiel.load_game("python_saboteur2", {"players": 3}), seed=1)
    game = state.engine_game
    history = state.history()
    assert game.roles[0] == ROLES[history[0]] and len(game.rounds) == 1
    deal = game.rounds[0].deal
    cards = deal.removed + [card for hand in deal.hands for card in hand] + deal.deck
    assert Counter(cards) == Counter(game.edition.playing_cards)
    assert len(deal.reserve) == 12 and state.dealing.done and len(state.dealing.deals) == 3


def test_openspiel_returns_are_the_gold_pieces(spiel: Any) -> None:
    pyspiel, _ = spiel
    state = dealt(pyspiel.load_game("python_saboteur2", {"players": 4}), seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [float(p) for p in state.engine_game.gold_pieces]


def test_a_resampled_state_agrees_with_all_the_player_knows(spiel: Any) -> None:
    pyspiel, _ = spiel
    state = dealt(pyspiel.load_game("python_saboteur2", {"players": 5}), seed=4)
    rng = random.Random(4)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands_differ = 0
    for _ in range(40):
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.current_player() == player
        assert sample.legal_actions() == state.legal_actions()
        real, drawn = state.engine_game, sample.engine_game
        hands_differ += any(real.hands[s] != drawn.hands[s] for s in range(5) if s != player)
        state.apply_action(rng.choice(state.legal_actions()))
    assert hands_differ >= 30  # what the player cannot see is drawn anew


def test_openspiel_ismcts_plays_with_the_resampler(spiel: Any) -> None:
    pyspiel, _ = spiel
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game("python_saboteur2", {"players": 2})
    state = dealt(game, seed=5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(1)
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
