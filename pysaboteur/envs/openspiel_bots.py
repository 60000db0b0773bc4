"""The package's bots as OpenSpiel bots: :class:`PackageBot` seats a bot spec
(``"heuristic"``, ``"ismcts:iterations=50"``, an outside bot) in an OpenSpiel state
of ``python_saboteur`` or ``python_saboteur2``, so it can play with and against
OpenSpiel's own bots (``evaluate_bots``, ISMCTS, a learned policy).

>>> import pyspiel
>>> from pysaboteur.envs import openspiel_game
>>> from pysaboteur.envs.openspiel_bots import PackageBot
>>> game = pyspiel.load_game("python_saboteur", {"players": 3})
>>> bot = PackageBot(game, 0, "heuristic", seed=1)
>>> bot.spec
'heuristic'
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from ..bots import Bot, make_bot
from .openspiel_core import SaboteurStateCore


class PackageBot(pyspiel.Bot):  # type: ignore[misc]
    """One seat played by ``make_bot(spec)``: it sees only that seat's observation and
    the legal moves, as everywhere else.

    A fresh bot is made for each round (bots may remember within a round, never
    across deals, as in the arena), seeded from ``seed`` and the round.
    """

    def __init__(self, game: Any, player_id: int, spec: str, seed: int | None = None) -> None:
        pyspiel.Bot.__init__(self)
        make_bot(spec, seed)  # a bad spec fails here, not in the middle of a game
        self.game = game
        self.player_id = player_id
        self.spec = spec
        self.seed = seed
        self._bot: Bot | None = None
        self._round: int | None = None

    def step(self, state: SaboteurStateCore) -> int:
        if state.current_player() != self.player_id:
            raise ValueError(f"seat {self.player_id} is not to move")
        observation = state.seat_observation(self.player_id)
        assert observation is not None  # a seat is to move: the deal is done
        if self._bot is None or self._round != observation["round"]:
            self._round = observation["round"]
            seed = (
                None
                if self.seed is None
                else random.Random(f"{self.seed}:{self._round}:{self.player_id}").getrandbits(63)
            )
            self._bot = make_bot(self.spec, seed)
        legal = state.legal_moves_by_action()
        move = self._bot.choose(observation, list(legal.values()))
        for action, candidate in legal.items():
            if candidate == move:
                return action
        raise ValueError(f"bot {self.spec} chose {move}, which has no legal action id")

    def _bot_seed(self, round_number: int) -> int | None:
        """The seed of this seat's bot in a round: from ``seed``, the round and the seat."""
        if self.seed is None:
            return None
        return random.Random(f"{self.seed}:{round_number}:{self.player_id}").getrandbits(63)

    def restart_at(self, state: SaboteurStateCore) -> None:
        self._bot, self._round = None, None

    def inform_action(self, state: SaboteurStateCore, player_id: int, action: int) -> None:
        pass  # the bot reads what happened from its next observation

    def provides_policy(self) -> bool:
        return False
