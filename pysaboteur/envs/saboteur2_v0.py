"""Saboteur 2 as a PettingZoo AEC environment: ``saboteur2_v0``.

>>> from pysaboteur.envs import saboteur2_v0
>>> env = saboteur2_v0.env(players=5, reward="win", episode="round")
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((7408,), (21993,))

Agents are ``seat_0`` ... ``seat_{n-1}`` (2 to 12 seats); the agent to act is
the seat to move, thieves choosing their victims at a round's end included.
Each observation is ``{"observation": float32 vector, "action_mask": int8
vector}`` (:mod:`.tensors2`, :mod:`.actions2`); an agent that is not to move
gets an all-zero mask.  ``docs/envs.md`` describes the options, rewards and
episodes.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..bots import Bot
from ..rules import Game, Move, Options, seat_observation
from ..rules.moves import STEAL
from ..rules.observation import Observation, public_observation
from ..rules.results import GoldPiecesResult
from .actions2 import EDITION, ActionSpace2
from .tensors2 import ObservationEncoder2, round_end_observation, table_text

REWARDS: Final = ("gold", "win")
RENDER_MODES: Final = ("ansi", "human")
EPISODES: Final = ("game", "round")
#: What the TerminateIllegalWrapper of :func:`env` gives a seat that plays an illegal id.
ILLEGAL_REWARD: Final = -1.0

Observations = dict[str, np.ndarray]


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers: an illegal action ends the
    episode with reward -1 for the agent that played it; actions outside the space and
    calls out of order raise."""
    environment: Any = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=ILLEGAL_REWARD)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv):  # type: ignore[misc]  # (lower case: the PettingZoo convention)
    """Saboteur 2 for 2 to 12 seats, without wrappers (an illegal action raises ValueError).

    - ``players``: 2 to 12.
    - ``reward``: ``"gold"`` (each seat's gold pieces as it wins or loses them: a
      round's pay, and each theft, +1 to the thief and -1 to its victim) or
      ``"win"`` (+1 to the winners and -1 to the others when the episode ends: the
      seats with the most gold pieces of the game, or the round's winners).
    - ``episode``: ``"game"`` (three rounds) or ``"round"``: each episode is one
      round, and ``reset()`` without a seed goes on with the next round of the game.
    - ``rules``: the rule options, an :class:`~pysaboteur.rules.Options` or its dict
      (``next_round_start`` and ``open_hands`` apply to Saboteur 2).
    - ``render_mode``: ``"ansi"`` (``render()`` returns the table as text) or
      ``"human"`` (it prints it after every step).
    """

    metadata: Final = {
        "name": "saboteur2_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 5,
        reward: str = "gold",
        episode: str = "game",
        rules: Options | dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        EDITION.check_players(players)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be ansi, human or None, not {render_mode!r}")
        self.players = players
        self.reward = reward
        self.episode = episode
        self.rules = rules if isinstance(rules, Options) else Options.from_dict(rules or {})
        self.render_mode = render_mode
        #: The action ids of this player count, and the moves they stand for.
        self.action_ids = ActionSpace2(players)
        self.encoder = ObservationEncoder2(players)
        self.possible_agents = [f"seat_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # One space object per agent, so that each can be seeded on its own.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.action_ids.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.action_ids.size) for agent in self.possible_agents
        }
        #: The game being played; reading it directly sees hidden cards.
        self.game: Game | None = None
        self._ended_round: int | None = None  # the round a finished episode was
        self._version = 0  # counts moves, to know when cached observations are stale
        self._legal: tuple[int, dict[int, Move]] | None = None
        self._observed: dict[int, tuple[int, Observations]] = {}

    # -- PettingZoo API ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: a new game, or with ``episode="round"`` and no seed, the next
        round of the game if the last episode finished one and the game goes on."""
        if seed is not None or not hasattr(self, "np_random"):
            self.np_random, _ = seeding.np_random(seed)
        game = self.game
        next_round = (
            seed is None
            and self.episode == "round"
            and game is not None
            and self._ended_round is not None
            and not game.is_over
        )
        if not next_round:
            game_seed = int(self.np_random.integers(2**63 - 1))
            self.game = game = Game.new(self.players, self.rules, game_seed, edition=EDITION.name)
            self.encoder.reset()
        assert game is not None and game.to_move is not None
        self._ended_round = None
        self._round = game.round_number
        self._pieces = list(game.gold_pieces)
        self._version += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[game.to_move]

    def observe(self, agent: str) -> Observations:
        seat = self._seat_of[agent]
        cached = self._observed.get(seat)
        if cached is not None and cached[0] == self._version:
            return cached[1]
        game = self._live_game()
        mask = np.zeros(self.action_ids.size, dtype=np.int8)
        if self._ended_round is None and game.to_move == seat:
            mask[list(self.legal_actions())] = 1
        observed = {"observation": self.encoder.encode(self.seat_view(agent)), "action_mask": mask}
        self._observed[seat] = (self._version, observed)
        return observed

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for agents whose episode ended")
        game = self._live_game()
        move = self.legal_actions().get(int(action))
        if move is None:
            raise ValueError(
                f"action {action} ({self._describe(int(action))}) is not legal for {agent} now"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        game.play(move)
        self._version += 1
        round_over = game.is_over or game.round_number != self._round
        episode_over = round_over and (self.episode == "round" or game.is_over)
        if self.reward == "gold":
            # Gold pieces change when a round is paid (the move that ends play, which
            # may be followed by thefts) and with each theft.
            if move.kind == STEAL or game.gold_pieces != self._pieces:
                self._reward_gold(game)
        elif episode_over:
            self._reward_winners(game)
        if round_over:
            self._round = game.round_number
        if episode_over:
            self._ended_round = self._round if game.is_over else self._round - 1
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            assert game.to_move is not None
            self.agent_selection = self.possible_agents[game.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self._live_game()
        observation = public_observation(game)
        if self._ended_round is not None and not game.is_over:
            observation = round_end_observation(observation, self._ended_round)
        return table_text(observation)

    def close(self) -> None:
        pass

    # -- beyond the API: moves, and bots playing seats ----------------------------------

    def legal_actions(self) -> dict[int, Move]:
        """The legal moves of the seat to move that have ids, by id (none once the
        episode has ended)."""
        if self._ended_round is not None:
            return {}
        if self._legal is None or self._legal[0] != self._version:
            game = self._live_game()
            assert game.to_move is not None
            hand = game.hands[game.to_move]  # the mover's own: its slots name its discards
            self._legal = (self._version, self.action_ids.legal_actions(game.legal_moves(), hand))
        return self._legal[1]

    def seat_view(self, agent: str) -> Observation:
        """The agent's observation, the door its tensor is built through: at the end of a
        round episode, the round as it ended."""
        game = self._live_game()
        observation = seat_observation(game, self._seat_of[agent])
        if self._ended_round is not None and not game.is_over:
            observation = round_end_observation(observation, self._ended_round)
        return observation

    def bot_action(self, bot: Bot) -> int:
        """The id of the move ``bot`` chooses for the agent to move, from that seat's
        observation and the legal moves that have ids."""
        legal = self.legal_actions()
        if not legal:
            raise ValueError("the episode has ended: no agent is to move")
        game = self._live_game()
        assert game.to_move is not None
        observation = seat_observation(game, game.to_move)
        move = bot.choose(observation, list(legal.values()))
        action = self.action_ids.to_action(move, observation["hand"])
        if action is None or action not in legal:
            raise ValueError(f"bot {bot.name} chose {move}, which is not a legal id")
        return action

    def _live_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def _describe(self, action: int) -> str:
        try:
            return self.action_ids.describe(action)
        except ValueError:
            return "no such id"

    def _reward_gold(self, game: Game) -> None:
        pieces = list(game.gold_pieces)
        for seat, (now, before) in enumerate(zip(pieces, self._pieces, strict=True)):
            if now != before:
                self.rewards[self.possible_agents[seat]] = float(now - before)
        self._pieces = pieces

    def _reward_winners(self, game: Game) -> None:
        if game.is_over and self.episode == "game":
            winners = set(game.winners)
        else:
            result = game.rounds[self._round - 1].result  # the round that just ended
            assert isinstance(result, GoldPiecesResult)
            winners = set(result.winners)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = 1.0 if seat in winners else -1.0
