"""Saboteur: The Duel as a PettingZoo AEC environment: ``saboteur_duel_v0``.

>>> from pysaboteur.envs import saboteur_duel_v0
>>> env = saboteur_duel_v0.env(reward="win", episode="round")
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((11847,), (17935,))

Agents are ``seat_0`` (green) and ``seat_1`` (blue); the agent to act is the
seat to move, and after a bribe it is the same seat again (a bribe keeps the
turn).  Each observation is ``{"observation": float32 vector, "action_mask":
int8 vector}`` (:mod:`.tensors_duel`, :mod:`.actions_duel`); an agent that is
not to move gets an all-zero mask.  ``deck`` is a deck file (or its dict): the
action space and the tensor are made from it (docs/rules-duel.md).
"""

from __future__ import annotations

from typing import Any, Final

from ..rules import Game, Move, Options
from ..rules.duel_results import DuelRoundResult
from ..rules.editions import find_edition
from ..rules.observation import Observation
from .actions_duel import ActionSpaceDuel
from .aec import EPISODES, ILLEGAL_REWARD, RENDER_MODES, SaboteurAECEnv, wrapped
from .native_duel import native_duel
from .tensors_duel import ObservationEncoderDuel, round_end_observation, table_text

__all__ = ["EPISODES", "ILLEGAL_REWARD", "REWARDS", "env", "raw_env"]

REWARDS: Final = ("nuggets", "win")


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` with PettingZoo's usual wrappers (see :func:`.aec.wrapped`)."""
    return wrapped(raw_env, **kwargs)


class raw_env(SaboteurAECEnv[ActionSpaceDuel, ObservationEncoderDuel]):  # (PettingZoo's case)
    """The Duel for its two seats, without wrappers (an illegal action raises ValueError).

    - ``reward``: ``"nuggets"`` (each seat's nuggets as a round's end pays them,
      trolls paid) or ``"win"`` (+1 to the winners, -1 to the other, when the
      episode ends: more nuggets in the game, or in the round; a tie wins both).
    - ``episode``: ``"game"`` (three rounds) or ``"round"``.
    - ``rules``: the rule options (only ``open_hands`` applies to the Duel).
    - ``deck``: a deck file's path or dict (default: the shipped provisional deck).
    - ``render_mode``: ``"ansi"`` or ``"human"``.
    """

    metadata: Final = {
        "name": "saboteur_duel_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }
    edition = find_edition("duel")
    score_reward = REWARDS[0]

    def __init__(
        self,
        players: int = 2,
        reward: str = "nuggets",
        episode: str = "game",
        rules: Options | dict[str, Any] | None = None,
        render_mode: str | None = None,
        deck: Any = None,
    ) -> None:
        self.deck = deck
        super().__init__(
            players,
            reward,
            episode,
            rules,
            render_mode,
            lambda players: ActionSpaceDuel(players, deck),
            lambda players: ObservationEncoderDuel(players, deck),
        )
        self._native = native_duel(lambda: self.game, self.action_ids, self.encoder)

    def _new_game(self, seed: int) -> Game:
        return Game.new(2, self.rules, seed, edition="duel", deck=self.action_ids.deck)

    def _ids_of_legal_moves(self, game: Game) -> dict[int, Move]:
        assert game.to_move is not None
        return self.action_ids.legal_actions(game.legal_moves(), game.hands[game.to_move])

    def _id_of(self, move: Move, observation: Observation) -> int | None:
        return self.action_ids.to_action(move, observation["hand"])

    def _round_winners(self, game: Game, number: int) -> set[int]:
        result = game.rounds[number - 1].result
        assert isinstance(result, DuelRoundResult)
        best = max(result.nuggets)
        return {seat for seat in (0, 1) if result.nuggets[seat] == best}

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        return round_end_observation(observation, number)

    def _table_text(self, observation: Observation) -> str:
        return table_text(observation)
