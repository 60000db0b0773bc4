"""Many games stepped in one call, for learning: ``BatchEnv``.

The native core plays ``num_envs`` games of the base game side by side, on one
core, and writes into arrays made once (as EnvPool does), for each game, the
seat to move's observation tensor (:mod:`.tensors`) and action mask
(:mod:`.actions`), the rewards of the step and whether it ended an episode;
a game whose episode ended goes on at once with the next one (automatic reset).

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
``saboteur_v0.raw_env`` plays after ``reset(seed=s + i)`` and then ``reset()``
at each episode's end, with the same observations, masks and rewards for the
same actions (``tests/test_batch_env.py`` steps both side by side).
``docs/envs.md`` ("The batched environment") describes the arrays.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium.utils import seeding

from ..native import core
from ..native.engine import engine_for
from ..rules.editions import find_edition
from ..rules.options import Options
from .aec import EPISODES
from .native_tensors import deal_spec, tensor_spec
from .saboteur_v0 import REWARDS

#: The editions the batch plays: those the native core builds tensors for.
BATCH_EDITIONS: Final = ("base",)


class BatchEnv:
    """``num_envs`` games of one edition, stepped together (the module says how).

    - ``players``, ``reward`` (``"nuggets"`` or ``"win"``), ``episode`` (``"game"``
      or ``"round"``) and ``rules`` as for ``saboteur_v0.env``;
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
        reward: str = "nuggets",
        episode: str = "game",
        rules: Options | dict[str, Any] | None = None,
    ) -> None:
        found = find_edition(edition)
        if found.name not in BATCH_EDITIONS:
            raise ValueError(
                f"the batched environment plays the base game only, not {found.title}: "
                "the native core does not build its tensors yet (use saboteur2_v0)"
            )
        native = engine_for(found)
        if core is None or native is None:
            raise RuntimeError(
                "the batched environment needs the native core, which is not built here "
                "(docs/engine.md); saboteur_v0 runs without it"
            )
        found.check_players(players)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
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
        spec = tensor_spec(players)
        self.observation_size: int = spec["size"]
        self.action_count: int = spec["action_count"]
        self._batch = core.make_batch(
            native.tables,
            spec,
            deal_spec(found, players, options),
            num_envs,
            round_episodes=episode == "round",
            win_rewards=reward == "win",
        )
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
        without reading 6,000 mask entries per game in NumPy."""
        chosen = self._chosen
        self._batch.sample(chosen)
        return chosen

    def round_number(self, index: int) -> int:
        """The round game ``index`` is playing: 1, 2 or 3."""
        return int(self._batch.round_number(index))

    def _game_seed(self, index: int) -> int:
        # saboteur_v0's reset: each new game's seed from the slot's generator.
        return int(self._generators[index].integers(2**63 - 1))
