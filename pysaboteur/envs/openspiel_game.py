"""Saboteur as an OpenSpiel Python game: ``python_saboteur``.

Importing this module registers the game with ``pyspiel``:

>>> import pyspiel
>>> from pysaboteur.envs import openspiel_game
>>> game = pyspiel.load_game("python_saboteur", {"players": 4})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 6049, 27)

Sequential, imperfect information, explicit chance, general sum, rewards at
the end.  Player actions are the ids of :mod:`.actions`.

**Chance.**  Everything chance decides comes first, one card at a time, each
outcome with its probability: the gold deck (28 cards, top first; outcome =
value - 1), then for each of the three rounds the role cards (the seats in
order, then the card set aside; 0 = miner, 1 = saboteur), the goal cards (at
``y = -2, 0, 2``; the index in ``GOAL_CARDS``) and the 67 playing cards (the
hands seat by seat, then the draw pile top first; the index in
``CARD_CODES``).  A card whose kind is the only one left is laid without a
chance node.  Dealing the later rounds before play begins changes nothing:
the engine deals them from chance alone, and no seat sees a round's cards
before it starts.

**Information.**  The information state of a seat is its observation, the one
door of :func:`pysaboteur.rules.seat_observation` (written as JSON): the whole
public history of the game, its hand, role, mapped goals and the gold it has
seen.  It does not recall which cards the seat held at earlier turns, which
changes nothing that can happen next.  The observation tensor is the vector
of :mod:`.tensors`.

**Resampling.**  ``state.resample_from_infostate(player, sampler)`` draws a
state that agrees with everything the player knows, with
:mod:`pysaboteur.rules.determinize`, so that OpenSpiel's ISMCTS bot
(``open_spiel.python.algorithms.ismcts``) can search it.  A resampled state
holds the game at that moment but no action history, and deals its later
rounds from its own generator.

Parameters: ``players`` (3-10, default 4), ``gold_draw``, ``next_round_start``,
``open_hands`` (the rule options) and ``returns``: ``"nuggets"`` (each seat's
nuggets at the end) or ``"win"`` (+1 to the seats with the most nuggets, -1 to
the others).
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..rules import Deal, Game, Options, seat_observation, table_observation
from ..rules.cards import (
    GOAL_CARDS,
    GOLD_CARDS,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MINER,
    PLAYING_CARDS,
    SABOTEUR,
    SABOTEURS_IN_POOL,
)
from ..rules.determinize import Determinizer
from ..rules.game import ROUNDS
from ..rules.observation import Observation
from .actions import CARD_CODES, GOLD_VALUES, ActionSpace
from .tensors import ObservationEncoder
from .text import observation_text, table_text

SHORT_NAME: Final = "python_saboteur"
RETURNS: Final = ("nuggets", "win")
NUGGETS: Final = sum(GOLD_CARDS)
#: The most gold cards a finder can draw (the ``players`` rule, 9 with 10 players).
_MOST_OFFERED: Final = 10
ROLE_CARDS: Final = (MINER, SABOTEUR)

_DEFAULTS: Final[dict[str, Any]] = {
    "players": 4,
    "gold_draw": "players",
    "next_round_start": "after-last",
    "open_hands": False,
    "returns": "nuggets",
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Saboteur",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def max_game_length(players: int) -> int:
    """The most decisions a game can take.

    Each turn plays a card until the draw pile is empty (67 - dealt turns);
    after that a seat with an empty hand passes, but some seat plays a card in
    every ``players`` turns while cards are left (at most the dealt hands'),
    and a round ends within ``players`` turns of the last card.  Gold picks add
    at most ten a round.
    """
    dealt = players * HAND_SIZE[players]
    turns = len(PLAYING_CARDS) - dealt + players * dealt + players
    return ROUNDS * (turns + _MOST_OFFERED)


class SaboteurGame(pyspiel.Game):  # type: ignore[misc]
    """The game for OpenSpiel; its parameters are described in the module's docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        players = settings["players"]
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Saboteur is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if settings["returns"] not in RETURNS:
            raise ValueError(f"returns must be one of {', '.join(RETURNS)}")
        win = settings["returns"] == "win"
        info = pyspiel.GameInfo(
            num_distinct_actions=ActionSpace(players).size,
            max_chance_outcomes=len(CARD_CODES),
            num_players=players,
            min_utility=-1.0 if win else 0.0,
            max_utility=1.0 if win else float(NUGGETS),
            utility_sum=None,
            max_game_length=max_game_length(players),
        )
        super().__init__(GAME_TYPE, info, params or {})
        self.players = players
        self.rules = Options(
            settings["gold_draw"], settings["next_round_start"], bool(settings["open_hands"])
        )
        self.win = win
        self.action_ids = ActionSpace(players)

    def new_initial_state(self) -> SaboteurState:
        return SaboteurState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SaboteurObserver:
        return SaboteurObserver(
            self.players, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class DealBuilder:
    """The chance outcomes so far: the gold deck, then each round's roles, goals, cards."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.gold: list[int] = []
        self.deals: list[tuple[list[str], list[str], list[str]]] = []  # roles, goals, cards
        self._fill_forced()

    def copy(self) -> DealBuilder:
        other = DealBuilder.__new__(DealBuilder)
        other.players = self.players
        other.gold = list(self.gold)
        other.deals = [(list(r), list(g), list(c)) for r, g, c in self.deals]
        return other

    @property
    def done(self) -> bool:
        return len(self.deals) == ROUNDS and self._next() is None

    def _next(self) -> tuple[str, tuple[Any, ...], dict[Any, int]] | None:
        """What is dealt next: the kind, the outcomes by index, and how many of each are
        left; None once all is dealt."""
        if len(self.gold) < len(GOLD_CARDS):
            return "gold", GOLD_VALUES, _left(GOLD_VALUES, GOLD_CARDS, self.gold)
        if not self.deals:
            return None
        roles, goals, cards = self.deals[-1]
        if len(roles) < self.players + 1:
            saboteurs = SABOTEURS_IN_POOL[self.players]
            pool = [SABOTEUR] * saboteurs + [MINER] * (self.players + 1 - saboteurs)
            return "role", ROLE_CARDS, _left(ROLE_CARDS, pool, roles)
        if len(goals) < len(GOAL_CARDS):
            return "goal", GOAL_CARDS, _left(GOAL_CARDS, GOAL_CARDS, goals)
        if len(cards) < len(PLAYING_CARDS):
            return "card", CARD_CODES, _left(CARD_CODES, PLAYING_CARDS, cards)
        return None

    def outcomes(self) -> list[tuple[int, float]]:
        step = self._next()
        assert step is not None
        _, names, left = step
        total = sum(left.values())
        return [(index, left[name] / total) for index, name in enumerate(names) if left[name]]

    def apply(self, outcome: int) -> None:
        step = self._next()
        assert step is not None
        kind, names, left = step
        name = names[outcome]
        if not left[name]:
            raise ValueError(f"no {kind} {name} is left to deal")
        self._lay(kind, name)
        self._fill_forced()

    def describe(self, outcome: int) -> str:
        step = self._next()
        if step is None:
            return f"chance outcome {outcome}"
        kind, names, _ = step
        name = names[outcome]
        if kind == "gold":
            return f"gold deck card {len(self.gold) + 1}: {name}"
        number = len(self.deals)
        roles, goals, cards = self.deals[-1]
        if kind == "role":
            place = "set aside" if len(roles) == self.players else f"seat {len(roles)}"
            return f"round {number} role {place}: {name}"
        if kind == "goal":
            return f"round {number} goal {len(goals) + 1}: {name}"
        return f"round {number} card {len(cards) + 1}: {name}"

    def _lay(self, kind: str, name: Any) -> None:
        if kind == "gold":
            self.gold.append(name)
            return
        roles, goals, cards = self.deals[-1]
        {"role": roles, "goal": goals, "card": cards}[kind].append(name)

    def _fill_forced(self) -> None:
        """Lay every card that is the only kind left, and open the next round's deal."""
        while True:
            step = self._next()
            if step is None:
                if len(self.gold) == len(GOLD_CARDS) and len(self.deals) < ROUNDS:
                    self.deals.append(([], [], []))
                    continue
                return
            kind, names, left = step
            kinds = [name for name in names if left[name]]
            if len(kinds) > 1:
                return
            self._lay(kind, kinds[0])

    def game(self, options: Options) -> Game:
        """The engine's game of the finished deal."""
        size = HAND_SIZE[self.players]
        deals = []
        for roles, goals, cards in self.deals:
            hands = [cards[seat * size : (seat + 1) * size] for seat in range(self.players)]
            deck = cards[self.players * size :]
            deals.append(Deal(0, roles[:-1], roles[-1], goals, hands, deck))
        # The seed only shapes chance the deals leave over, and none is: fixed, for replays.
        return Game(self.players, options, 0, first=0, gold_deck=list(self.gold), deals=deals)


def _left(names: tuple[Any, ...], pool: Any, laid: list[Any]) -> dict[Any, int]:
    left = dict.fromkeys(names, 0)
    for name in pool:
        left[name] += 1
    for name in laid:
        left[name] -= 1
    return left


class _Table:
    """Everything a state holds, copied cheaply when OpenSpiel clones the state (it
    deep-copies a Python state's attributes)."""

    def __init__(self, players: int) -> None:
        self.dealing = DealBuilder(players)
        self.game: Game | None = None
        self.determinizers: dict[int, Determinizer] = {}  # by player, for this moment

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        other = _Table.__new__(_Table)
        other.dealing = self.dealing.copy()
        other.game = None if self.game is None else self.game.copy()
        other.determinizers = {}
        return other


class SaboteurState(pyspiel.State):  # type: ignore[misc]
    """A moment of a game: chance still dealing, a seat to move, or the end."""

    def __init__(self, game: SaboteurGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._win = game.win
        self._action_ids = game.action_ids
        self._table = _Table(game.players)

    # -- the OpenSpiel state API ----------------------------------------------------------

    def current_player(self) -> int:
        game = self._table.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert game.to_move is not None
        return game.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._table.dealing.outcomes()

    def _apply_action(self, action: int) -> None:
        table = self._table
        table.determinizers = {}
        if table.game is None:
            table.dealing.apply(action)
            if table.dealing.done:
                table.game = table.dealing.game(self._rules)
            return
        move = self._legal().get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal now")
        table.game.play(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._table.dealing.describe(action)
        return str(self._action_ids.to_move(action, player))

    def is_terminal(self) -> bool:
        return self._table.game is not None and self._table.game.is_over

    def returns(self) -> list[float]:
        game = self._table.game
        players = self._action_ids.players
        if game is None or not game.is_over:
            return [0.0] * players
        if self._win:
            winners = set(game.winners)
            return [1.0 if seat in winners else -1.0 for seat in range(players)]
        return [float(nuggets) for nuggets in game.nuggets]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SaboteurState:
        """A state drawn from those that agree with everything ``player_id`` knows."""
        table = self._table
        if table.game is None:
            return self.clone()  # type: ignore[no-any-return]  # nobody knows anything yet
        determinizer = table.determinizers.get(player_id)
        if determinizer is None:
            observation = seat_observation(table.game, player_id)
            determinizer = table.determinizers[player_id] = Determinizer(observation)
        rng = random.Random(int(probability_sampler() * 2**52))
        state: SaboteurState = self.get_game().new_initial_state()
        state._table.game = determinizer.sample(rng)
        return state

    def __str__(self) -> str:
        game = self._table.game
        if game is None:
            dealt = self._table.dealing
            cards = sum(len(r) + len(g) + len(c) for r, g, c in dealt.deals)
            return f"dealing: {len(dealt.gold)} gold cards, {cards} role, goal and playing cards"
        everything = table_observation(game)
        hands = " | ".join(" ".join(hand) for hand in everything["hands"] or [])
        return f"{table_text(everything)}\nroles: {' '.join(everything['roles'])}\nhands: {hands}"

    # -- beyond the API ------------------------------------------------------------------

    @property
    def engine_game(self) -> Game | None:
        """The engine's game inside the state (it sees every hidden card), or None while
        chance is still dealing."""
        return self._table.game

    @property
    def dealing(self) -> DealBuilder:
        """The chance outcomes drawn so far."""
        return self._table.dealing

    def _legal(self) -> dict[int, Any]:
        game = self._table.game
        assert game is not None
        return self._action_ids.legal_actions(game.legal_moves())

    def seat_observation(self, player: int) -> Observation | None:
        """The player's observation, or None while chance is still dealing."""
        game = self._table.game
        return None if game is None else seat_observation(game, player)


class SaboteurObserver:
    """OpenSpiel's observer: the seat's observation as a string, and (without perfect
    recall) the tensor of :mod:`.tensors`."""

    def __init__(self, players: int, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("Saboteur's observers are one seat's (private_info=SINGLE_PLAYER)")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self._encoder = ObservationEncoder(players)
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(self._encoder.size, dtype=np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: SaboteurState, player: int) -> None:
        if self.tensor is None:
            return
        observation = state.seat_observation(player)
        if observation is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._encoder.encode(observation)

    def string_from(self, state: SaboteurState, player: int) -> str:
        observation = state.seat_observation(player)
        if observation is None:
            return f"seat {player}: dealing"
        if self.perfect_recall:
            return json.dumps(observation, sort_keys=True, separators=(",", ":"))
        return observation_text(observation)


pyspiel.register_game(GAME_TYPE, SaboteurGame)
