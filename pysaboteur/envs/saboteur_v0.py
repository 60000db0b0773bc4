"""Saboteur as a PettingZoo AEC environment: ``saboteur_v0``.

>>> from pysaboteur.envs import saboteur_v0
>>> env = saboteur_v0.env(players=4, reward="win", episode="round")
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((2016,), (6049,))

Agents are ``seat_0`` ... ``seat_{n-1}``; the agent to act is the seat to move,
gold picks included.  Each observation is ``{"observation": float32 vector,
"action_mask": int8 vector}`` (:mod:`.tensors`, :mod:`.actions`); an agent
that is not to move gets an all-zero mask.  ``docs/envs.md`` describes the
options, rewards and episodes.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules import Game, Move, Options
from ..rules.cards import MINER, SABOTEUR
from ..rules.editions import find_edition
from ..rules.game import SABOTEURS
from ..rules.observation import Observation
from .actions import ActionSpace
from .aec import EPISODES, ILLEGAL_REWARD, RENDER_MODES, SaboteurAECEnv, wrapped
from .native_table import native_table
from .tensors import ObservationEncoder, round_end_observation
from .text import table_text

__all__ = ["EPISODES", "ILLEGAL_REWARD", "REWARDS", "env", "raw_env"]

REWARDS: Final = ("nuggets", "win")


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` with PettingZoo's usual wrappers (see :func:`.aec.wrapped`)."""
    return wrapped(raw_env, **kwargs)


class raw_env(SaboteurAECEnv[ActionSpace, ObservationEncoder]):  # (lower case: PettingZoo's way)
    """Saboteur for 3 to 10 seats, without wrappers (an illegal action raises ValueError).

    - ``players``: 3 to 10.
    - ``reward``: ``"nuggets"`` (each seat's nuggets as it wins them) or ``"win"``
      (+1 to the winners and -1 to the others when the episode ends: the seats with
      the most nuggets of the game, or the team that won the round).
    - ``episode``: ``"game"`` (three rounds) or ``"round"``: each episode is one
      round, and ``reset()`` without a seed goes on with the next round of the game.
    - ``rules``: the rule options, an :class:`~pysaboteur.rules.Options` or its dict.
    - ``render_mode``: ``"ansi"`` (``render()`` returns the table as text) or
      ``"human"`` (it prints it after every step).
    """

    metadata: Final = {
        "name": "saboteur_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }
    edition = find_edition("base")
    score_reward = REWARDS[0]
    scores_change_in_play = False  # nuggets are won by the gold picks and at a round's end

    def __init__(
        self,
        players: int = 5,
        reward: str = "nuggets",
        episode: str = "game",
        rules: Options | dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__(
            players, reward, episode, rules, render_mode, ActionSpace, ObservationEncoder
        )
        self._native = native_table(players, self.rules)

    def _ids_of_legal_moves(self, game: Game) -> dict[int, Move]:
        return self.action_ids.legal_actions(game.legal_moves())

    def _id_of(self, move: Move, observation: Observation) -> int | None:
        return self.action_ids.to_action(move)

    def _round_winners(self, game: Game, number: int) -> set[int]:
        log = game.rounds[number - 1]
        assert log.result is not None
        side = SABOTEUR if log.result.winner == SABOTEURS else MINER
        return {seat for seat, role in enumerate(log.deal.roles) if role == side}

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        return round_end_observation(observation, number)

    def _table_text(self, observation: Observation) -> str:
        return table_text(observation)
