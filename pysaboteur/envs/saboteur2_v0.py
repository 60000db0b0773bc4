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
vector}`` (:mod:`.tensors_saboteur2`, :mod:`.actions_saboteur2`); an agent that is not to move
gets an all-zero mask.  ``docs/envs.md`` describes the options, rewards and
episodes.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules import Game, Move, Options
from ..rules.observation import Observation
from ..rules.results import GoldPiecesResult
from .actions_saboteur2 import EDITION, ActionSpace2
from .aec import EPISODES, ILLEGAL_REWARD, RENDER_MODES, SaboteurAECEnv, wrapped
from .native_table import native_table_saboteur2
from .tensors_saboteur2 import ObservationEncoder2, round_end_observation, table_text

__all__ = ["EPISODES", "ILLEGAL_REWARD", "REWARDS", "env", "raw_env"]

REWARDS: Final = ("gold", "win")


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` with PettingZoo's usual wrappers (see :func:`.aec.wrapped`)."""
    return wrapped(raw_env, **kwargs)


class raw_env(SaboteurAECEnv[ActionSpace2, ObservationEncoder2]):  # (lower case: PettingZoo's)
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
    edition = EDITION
    score_reward = REWARDS[0]

    def __init__(
        self,
        players: int = 5,
        reward: str = "gold",
        episode: str = "game",
        rules: Options | dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__(
            players, reward, episode, rules, render_mode, ActionSpace2, ObservationEncoder2
        )
        self._native = native_table_saboteur2(players, self.rules)

    def _ids_of_legal_moves(self, game: Game) -> dict[int, Move]:
        assert game.to_move is not None
        hand = game.hands[game.to_move]  # the mover's own: its slots name its discards
        return self.action_ids.legal_actions(game.legal_moves(), hand)

    def _id_of(self, move: Move, observation: Observation) -> int | None:
        return self.action_ids.to_action(move, observation["hand"])

    def _round_winners(self, game: Game, number: int) -> set[int]:
        result = game.rounds[number - 1].result
        assert isinstance(result, GoldPiecesResult)
        return set(result.winners)

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        return round_end_observation(observation, number)

    def _table_text(self, observation: Observation) -> str:
        return table_text(observation)
