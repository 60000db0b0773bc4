"""The PettingZoo AEC environment the editions share (:mod:`.saboteur_v0`,
:mod:`.saboteur2_v0`, :mod:`.saboteur_duel_v0`).

The agent loop, the episode bookkeeping (games or rounds), the cached
observations and masks, the rewards and rendering are the same for both; an
edition's module subclasses :class:`SaboteurAECEnv` with its action ids, its
tensor encoder, the name of its score reward and the few hooks below.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..bots import Bot
from ..rules import Game, Move, Options, seat_observation
from ..rules.editions.edition import Edition
from ..rules.game import PLAY
from ..rules.observation import Observation, public_observation

RENDER_MODES: Final = ("ansi", "human")
EPISODES: Final = ("game", "round")
#: What the TerminateIllegalWrapper of :func:`wrapped` gives a seat that plays an illegal id.
ILLEGAL_REWARD: Final = -1.0

Observations = dict[str, np.ndarray]


class CoreTensors(Protocol):
    """The core's tensors and masks of the round in play, beside the environment's
    game (:mod:`.native_table` for the base game, :mod:`.native_duel` for the Duel)."""

    def start(self, seed: int) -> None: ...
    def observe(self, seat: int) -> np.ndarray: ...
    def observe_game_over(self, seat: int) -> np.ndarray | None: ...
    def mask(self) -> np.ndarray: ...
    def code_of(self, action: int) -> int: ...
    def play(self, code: int) -> None: ...


class ActionIds(Protocol):
    """What the environment needs of an edition's action space."""

    @property
    def size(self) -> int: ...

    def describe(self, action: int) -> str: ...


class Encoder(Protocol):
    """What the environment needs of an edition's observation encoder."""

    @property
    def size(self) -> int: ...

    def reset(self) -> None: ...

    def encode(self, observation: Observation) -> np.ndarray: ...


IdsT = TypeVar("IdsT", bound=ActionIds)
EncoderT = TypeVar("EncoderT", bound=Encoder)


def wrapped(raw_env: Callable[..., Any], **kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers: an illegal action ends the
    episode with reward -1 for the agent that played it; actions outside the space and
    calls out of order raise."""
    environment: Any = raw_env(**kwargs)
    environment = _TerminateIllegal(environment, illegal_reward=ILLEGAL_REWARD)
    environment = _AssertOutOfBounds(environment)
    return _OrderEnforcing(environment)


#: What the wrappers and ``last()`` read at every step: each wrapper finds them on the
#: environment itself rather than through the chain of wrappers' ``__getattr__``, which
#: cost a third of a step (a property wins over ``__getattr__``; nothing else changes).
_READ_EVERY_STEP: Final = (
    "agent_selection",
    "terminations",
    "truncations",
    "rewards",
    "infos",
    "agents",
    "_cumulative_rewards",
)


def _reads_the_environment(wrapper: type[Any], **methods: Any) -> type[Any]:
    """``wrapper`` with :data:`_READ_EVERY_STEP` read from the unwrapped environment (by
    ``attrgetter``, with no Python frame; before ``reset()`` they are not there, and
    reading them raises ``AttributeError`` as the order enforcer's check does), and
    ``methods`` in place of its own."""

    def __init__(self: Any, env: Any, **kwargs: Any) -> None:
        wrapper.__init__(self, env, **kwargs)
        self.unwrapped_env = env.unwrapped

    fields: dict[str, Any] = {
        name: property(attrgetter(f"unwrapped_env.{name}")) for name in _READ_EVERY_STEP
    }
    return type(wrapper.__name__, (wrapper,), {"__init__": __init__, **fields, **methods})


def _step_in_bounds(self: Any, action: Any) -> None:
    """AssertOutOfBoundsWrapper.step, where an ``int`` id of the space passes without
    gymnasium's ``Discrete.contains`` (a tenth of a step): every agent's space is
    ``Discrete(ids)`` from 0, which holds exactly those ints; anything else is checked
    by the wrapper itself."""
    if type(action) is int and 0 <= action < self.unwrapped_env.action_ids.size:
        self.env.step(action)
    else:
        wrappers.AssertOutOfBoundsWrapper.step(self, action)


_TerminateIllegal = _reads_the_environment(wrappers.TerminateIllegalWrapper)
_AssertOutOfBounds = _reads_the_environment(wrappers.AssertOutOfBoundsWrapper, step=_step_in_bounds)
_OrderEnforcing = _reads_the_environment(wrappers.OrderEnforcingWrapper)


class SaboteurAECEnv(AECEnv, Generic[IdsT, EncoderT]):  # type: ignore[misc]
    """One edition's game as an AEC environment (the edition modules' ``raw_env``
    documents the options)."""

    edition: ClassVar[Edition]
    #: The reward that pays each seat's score as it changes (``"nuggets"``, ``"gold"``).
    score_reward: ClassVar[str]
    #: Whether a move of the round's play may change a score; where not (the base game
    #: pays only by the gold picks and at a round's end) the scores are compared only
    #: after the moves outside the play and those that end a round.
    scores_change_in_play: ClassVar[bool] = True

    def __init__(
        self,
        players: int,
        reward: str,
        episode: str,
        rules: Options | dict[str, Any] | None,
        render_mode: str | None,
        action_ids: Callable[[int], IdsT],
        encoder: Callable[[int], EncoderT],
    ) -> None:
        super().__init__()
        self.edition.check_players(players)
        rewards = (self.score_reward, "win")
        if reward not in rewards:
            raise ValueError(f"reward must be one of {', '.join(rewards)}, not {reward!r}")
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
        self.action_ids = action_ids(players)
        self.encoder = encoder(players)
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
        #: The space of :meth:`state`: every seat's observation tensor, seat by seat.
        self.state_space = spaces.Box(0.0, 1.0, (players * self.encoder.size,), np.float32)
        #: The game being played; reading it directly sees hidden cards.
        self.game: Game | None = None
        self._ended_round: int | None = None  # the round a finished episode was
        self._version = 0  # counts moves, to know when cached observations are stale
        self._legal: tuple[int, dict[int, Move]] | None = None
        self._observed: dict[int, tuple[int, Observations]] = {}
        #: The core's game beside :attr:`game`, which builds the tensors and masks of
        #: the round in play (an edition sets it where the core builds them; else None).
        self._native: CoreTensors | None = None

    # -- what an edition fills in ------------------------------------------------------

    def _new_game(self, seed: int) -> Game:
        """A new game of the edition (the Duel's with its deck)."""
        return Game.new(self.players, self.rules, seed, edition=self.edition.name)

    def _ids_of_legal_moves(self, game: Game) -> dict[int, Move]:
        """The ids of the legal moves of the seat to move (see ``legal_actions``)."""
        raise NotImplementedError

    def _id_of(self, move: Move, observation: Observation) -> int | None:
        """The id of a move of the seat whose observation it is."""
        raise NotImplementedError

    def _round_winners(self, game: Game, number: int) -> set[int]:
        """The seats that won finished round ``number``."""
        raise NotImplementedError

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        """An observation as finished round ``number`` ended."""
        raise NotImplementedError

    def _table_text(self, observation: Observation) -> str:
        raise NotImplementedError

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
            self.game = game = self._new_game(game_seed)
            self.encoder.reset()
            if self._native is not None:
                self._native.start(game_seed)
        assert game is not None and game.to_move is not None
        self._ended_round = None
        self._round = game.round_number
        self._scores = game.nuggets  # nuggets, or Saboteur 2's gold pieces
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
        native = self._native
        if native is not None and self._ended_round is None and not game.is_over:
            # The round in play: both built by the core (an episode's last view, by the rules).
            if game.to_move == seat:
                mask = native.mask()
            else:
                mask = np.zeros(self.action_ids.size, dtype=np.int8)
            observed = {"observation": native.observe(seat), "action_mask": mask}
            self._observed[seat] = (self._version, observed)
            return observed
        mask = np.zeros(self.action_ids.size, dtype=np.int8)
        if self._ended_round is None and game.to_move == seat:
            mask[list(self.legal_actions())] = 1
        # The game's end, every seat observed once: by the core where it writes that view
        # (the rules' seat observation and its encoding were a third of a 10-seat step).
        tensor = native.observe_game_over(seat) if native is not None and game.is_over else None
        if tensor is None:
            tensor = self.encoder.encode(self.seat_view(agent))
        observed = {"observation": tensor, "action_mask": mask}
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
        native = self._native
        played: Move | int | None
        if native is not None and self._ended_round is None:
            code = native.code_of(int(action))
            played = None if code < 0 else code
        else:
            played = self.legal_actions().get(int(action))
        if played is None:
            raise ValueError(
                f"action {action} ({self._describe(int(action))}) is not legal for {agent} now"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        in_play = game.phase == PLAY
        game.play(played)
        if native is not None and isinstance(played, int):
            native.play(played)
        self._version += 1
        round_over = game.is_over or game.round_number != self._round
        episode_over = round_over and (self.episode == "round" or game.is_over)
        paid = False
        if self.reward == self.score_reward:
            if self.scores_change_in_play or round_over or not in_play or game.phase != PLAY:
                paid = self._reward_scores(game)
        elif episode_over:
            self._reward_winners(game)
            paid = True
        if round_over:
            self._round = game.round_number
        if episode_over:
            self._ended_round = self._round if game.is_over else self._round - 1
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            assert game.to_move is not None
            self.agent_selection = self.possible_agents[game.to_move]
        if paid:  # else every reward is 0.0, which adds nothing to the sums
            self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self._live_game()
        observation = public_observation(game)
        if self._ended_round is not None and not game.is_over:
            observation = self._round_end_view(observation, self._ended_round)
        return self._table_text(observation)

    def close(self) -> None:
        pass

    # -- beyond the API: moves, and bots playing seats ----------------------------------

    def legal_actions(self) -> dict[int, Move]:
        """The legal moves of the seat to move that have ids, by id (none once the
        episode has ended)."""
        if self._ended_round is not None:
            return {}
        if self._legal is None or self._legal[0] != self._version:
            self._legal = (self._version, self._ids_of_legal_moves(self._live_game()))
        return self._legal[1]

    def state(self) -> np.ndarray:
        """The whole state, for a centralised critic in training: **not for the agents**
        (it shows every hand and every role).

        Every seat's observation tensor, seat by seat (``seat_0`` first, not counted
        from any seat): every hand, role, map look and gold seen, and the public
        table.  The order of the draw pile and the gold deck, which no seat knows
        and no move depends on until they are drawn, is not in it.
        """
        game = self._live_game()
        native = self._native
        if native is not None and self._ended_round is None and not game.is_over:
            return np.concatenate([native.observe(seat) for seat in range(self.players)])
        return np.concatenate(
            [self.encoder.encode(self.seat_view(agent)) for agent in self.possible_agents]
        )

    def seat_view(self, agent: str) -> Observation:
        """The agent's observation, the door its tensor is built through: at the end of a
        round episode, the round as it ended."""
        game = self._live_game()
        observation = seat_observation(game, self._seat_of[agent])
        if self._ended_round is not None and not game.is_over:
            observation = self._round_end_view(observation, self._ended_round)
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
        action = self._id_of(move, observation)
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

    def _reward_scores(self, game: Game) -> bool:
        """Pays the scores that changed (only the engine changes them: a gold pick, a
        round's end, a theft); whether one did."""
        scores = game.nuggets
        if scores == self._scores:
            return False
        for seat, (now, before) in enumerate(zip(scores, self._scores, strict=True)):
            if now != before:
                self.rewards[self.possible_agents[seat]] = float(now - before)
        self._scores = scores
        return True

    def _reward_winners(self, game: Game) -> None:
        if game.is_over and self.episode == "game":
            winners = set(game.winners)
        else:
            winners = self._round_winners(game, self._round)  # the round that just ended
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = 1.0 if seat in winners else -1.0
