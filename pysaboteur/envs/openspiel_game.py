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
``open_hands`` (the rule options), ``episode``: ``"game"`` (three rounds, the
default) or ``"round"`` (the state is terminal when the first round ends, and its
returns are that round's), and ``returns``: ``"nuggets"`` (each seat's nuggets at
the end) or ``"win"`` (+1 to the seats with the most nuggets, or with
``episode="round"`` to the team that won the round; -1 to the others).
"""

from __future__ import annotations

from typing import Any, Final

import pyspiel  # type: ignore[import-not-found]

from ..rules import Deal, Game, Move, Options
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
from ..rules.game import ROUNDS
from ..rules.observation import Observation
from .actions import CARD_CODES, GOLD_VALUES, X_MAX, X_MIN, Y_MAX, Y_MIN, ActionSpace
from .info_state import InfoStateEncoder
from .openspiel_core import (
    SaboteurGameCore,
    SaboteurStateCore,
    SeatObserver,
    game_info,
    read_settings,
)
from .openspiel_native import native_info_state, native_observation
from .tensors import ObservationEncoder, round_end_observation
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
    "episode": "game",
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
    provides_information_state_tensor=True,
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


class SaboteurGame(SaboteurGameCore):
    """The game for OpenSpiel; its parameters are described in the module's docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings, players, win = read_settings(_DEFAULTS, params, RETURNS, _check_players)
        actions = ActionSpace(players)
        info = game_info(
            players, actions.size, len(CARD_CODES), win, float(NUGGETS), max_game_length(players)
        )
        rules = Options(
            settings["gold_draw"], settings["next_round_start"], bool(settings["open_hands"])
        )
        super().__init__(
            GAME_TYPE,
            info,
            params,
            rules,
            win,
            actions,
            SaboteurState,
            SaboteurObserver,
            episode=settings["episode"],
        )


def _check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Saboteur is for {MIN_PLAYERS} to {MAX_PLAYERS} players")


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

    def progress(self) -> str:
        cards = sum(len(r) + len(g) + len(c) for r, g, c in self.deals)
        return f"dealing: {len(self.gold)} gold cards, {cards} role, goal and playing cards"

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


class SaboteurState(SaboteurStateCore):
    """A moment of a game: chance still dealing, a seat to move, or the end."""

    def __init__(self, game: SaboteurGame) -> None:
        super().__init__(game, DealBuilder(game.players))

    def _legal_of(self, game: Game) -> dict[int, Move]:
        return self._action_ids.legal_actions(game.legal_moves())  # type: ignore[no-any-return]

    def _move_string(self, player: int, action: int) -> str:
        return str(self._action_ids.to_move(action, player))

    def _table_text(self, observation: Observation) -> str:
        return table_text(observation)

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        return round_end_observation(observation, number)


class SaboteurObserver(SeatObserver):
    """OpenSpiel's observer: the seat's observation as a string, and the tensor of
    :mod:`.tensors` (with perfect recall, that of :mod:`.info_state`), built by the
    core where it is (:mod:`.openspiel_native`)."""

    def __init__(self, players: int, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        info = InfoStateEncoder(
            ObservationEncoder(players), players, CARD_CODES, (X_MIN, X_MAX, Y_MIN, Y_MAX)
        )
        super().__init__(
            ObservationEncoder(players),
            observation_text,
            iig_obs_type,
            params,
            info,
            native_observation(players),
            native_info_state(info),
        )


pyspiel.register_game(GAME_TYPE, SaboteurGame)
