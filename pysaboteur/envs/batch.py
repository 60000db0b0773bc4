"""Many games stepped in one call, for learning: ``BatchEnv``.

The native core plays ``num_envs`` games of the base game (or of Saboteur 2,
``edition="saboteur2"``) side by side, on one core, and writes into arrays made
once (as EnvPool does), for each game, the seat to move's observation tensor
(:mod:`.tensors`, :mod:`.tensors_saboteur2`) and action mask (:mod:`.actions`,
:mod:`.actions_saboteur2`), the rewards of the step and whether it ended an
episode; a game whose episode ended goes on at once with the next one
(automatic reset).

>>> from pysaboteur.envs.batch import BatchEnv
>>> env = BatchEnv(8, players=4, seed=1)
>>> observations, masks, seats = env.reset()
>>> observations.shape, masks.shape, seats.shape
((8, 2016), (8, 6049), (8,))
>>> actions = env.sample_actions()
>>> observations, masks, rewards, done, seats = env.step(actions)
>>> rewards.shape, done.dtype
((8, 4), dtype('bool'))

Game ``i`` of ``BatchEnv(n, seed=s)`` plays exactly the games that
``saboteur_v0.raw_env`` (``saboteur2_v0.raw_env``) plays after ``reset(seed=s + i)``
and then ``reset()`` at each episode's end, with the same observations, masks and
rewards for the same actions (``tests/test_batch_env.py``,
``tests/test_batch_env_saboteur2.py`` step both side by side).
``docs/envs.md`` ("The batched environment") describes the arrays.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium.utils import seeding

from ..native import core
from ..native.engine import engine_for
from ..native.playout import saboteur2_tables
from ..rules.editions import find_edition
from ..rules.options import Options
from . import saboteur2_v0, saboteur_v0
from .aec import EPISODES
from .native_tensors import deal_spec, tensor_spec
from .native_tensors_saboteur2 import deal_spec_saboteur2, tensor_spec_saboteur2

#: The editions the batch plays (those the native core builds tensors for), with the
#: rewards of each: its score's, first, and ``"win"``.
BATCH_EDITIONS: Final = {"base": saboteur_v0.REWARDS, "saboteur2": saboteur2_v0.REWARDS}


class BatchEnv:
    """``num_envs`` games of one edition, stepped together (the module says how).

    - ``edition``: ``"saboteur"`` (the base game) or ``"saboteur2"``;
    - ``players``, ``reward`` (``"nuggets"``, Saboteur 2's ``"gold"``, or ``"win"``;
      None: the edition's score), ``episode`` (``"game"`` or ``"round"``) and
      ``rules`` as for ``saboteur_v0.env`` (``saboteur2_v0.env``);
    - ``seed``: game ``i`` draws its games from ``seed + i`` as
      ``saboteur_v0`` does from ``reset(seed=seed + i)`` (None: from the system).

    The arrays that :meth:`reset` and :meth:`step` return are the batch's own,
    written again by the next step: copy what must be kept.
    """

    def __init__(
        self,
        num_envs: int,
        players: int = 5,
        edition: str = "saboteur",
        seed: int | None = None,
        reward: str | None = None,
        episode: str = "game",
        rules: Options | dict[str, Any] | None = None,
    ) -> None:
        found = find_edition(edition)
        if found.name not in BATCH_EDITIONS:
            raise ValueError(
                f"the batched environment plays the base game and Saboteur 2, not {found.title}"
            )
        native = engine_for(found)
        if core is None or native is None:
            raise RuntimeError(
                "the batched environment needs the native core, which is not built here "
                "(docs/engine.md); saboteur_v0 and saboteur2_v0 run without it"
            )
        found.check_players(players)
        rewards = BATCH_EDITIONS[found.name]
        reward = rewards[0] if reward is None else reward
        if reward not in rewards:
            raise ValueError(f"reward must be one of {', '.join(rewards)}, not {reward!r}")
        if episode not in EPISODES:
            raise ValueError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if num_envs < 1:
            raise ValueError("a batch holds at least one game")
        options = rules if isinstance(rules, Options) else Options.from_dict(rules or {})
        self.num_envs = num_envs
        self.players = players
        self.edition = found
        self.reward = reward
        self.episode = episode
        self.rules = options
        ends = {"round_episodes": episode == "round", "win_rewards": reward == "win"}
        if found.name == "saboteur2":
            spec = tensor_spec_saboteur2(players)
            self._batch: Any = core.make_batch_saboteur2(
                native.tables,
                saboteur2_tables(found),
                spec,
                deal_spec_saboteur2(players, options),
                num_envs,
                **ends,
            )
        else:
            spec = tensor_spec(players)
            self._batch = core.make_batch(
                native.tables, spec, deal_spec(found, players, options), num_envs, **ends
            )
        self.observation_size: int = spec["size"]
        self.action_count: int = spec["action_count"]
        self.observations = np.zeros((num_envs, self.observation_size), np.float32)
        self.masks = np.zeros((num_envs, self.action_count), np.int8)
        self.rewards = np.zeros((num_envs, players), np.float32)
        self._done = np.zeros(num_envs, np.uint8)
        self.done = self._done.view(np.bool_)
        self.seats = np.zeros(num_envs, np.int32)
        self._next_seeds = np.zeros(num_envs, np.uint64)
        self._wants_seed = np.zeros(num_envs, np.uint8)
        self._batch.attach(
            self.observations,
            self.masks,
            self.rewards,
            self._done,
            self.seats,
            self._next_seeds,
            self._wants_seed,
        )
        self._seed = seed
        self._generators: list[np.random.Generator] = []
        self._chosen = np.empty(num_envs, np.int64)
        self._batch.seed_sampler(int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0]))

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """A new game in every slot: ``(observations, masks, seats)``, a row per game."""
        if seed is not None:
            self._seed = seed
        start = self._seed
        self._generators = [
            seeding.np_random(None if start is None else start + index)[0]
            for index in range(self.num_envs)
        ]
        seeds = np.array([self._game_seed(index) for index in range(self.num_envs)], np.uint64)
        for index in range(self.num_envs):
            self._next_seeds[index] = self._game_seed(index)
        self._batch.reset(seeds)
        return self.observations, self.masks, self.seats

    def step(
        self, actions: np.ndarray | list[int]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Plays one action id in every game: ``(observations, masks, rewards, done,
        seats)``. ``rewards[i, s]`` is what seat ``s`` of game ``i`` got from this step;
        ``done[i]``: the step ended game ``i``'s episode, and the rows hold the first
        position of its next one. ``ValueError`` (and nothing played) if an id is not
        legal in its game."""
        if not self._generators:
            raise RuntimeError("call reset() first")
        if type(actions) is not np.ndarray or actions.dtype != np.int64:
            actions = np.ascontiguousarray(actions, dtype=np.int64)
        if self._batch.step(actions):
            wants = self._wants_seed
            for index in np.flatnonzero(wants):
                self._next_seeds[index] = self._game_seed(int(index))
            wants[:] = 0
        return self.observations, self.masks, self.rewards, self.done, self.seats

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal id per game, among the ones of its mask (drawn from
        the batch's own generator, seeded by ``seed``): a random policy's actions
        without reading thousands of mask entries per game in NumPy."""
        chosen = self._chosen
        self._batch.sample(chosen)
        return chosen

    def round_number(self, index: int) -> int:
        """The round game ``index`` is playing: 1, 2 or 3."""
        return int(self._batch.round_number(index))

    def _game_seed(self, index: int) -> int:
        # The PettingZoo env's reset: each new game's seed from the slot's generator.
        return int(self._generators[index].integers(2**63 - 1))
