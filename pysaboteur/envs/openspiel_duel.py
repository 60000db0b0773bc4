"""Saboteur: The Duel as an OpenSpiel Python game: ``python_saboteur_duel``.

Importing this module registers the game with ``pyspiel``:

>>> import pyspiel
>>> from pysaboteur.envs import openspiel_duel
>>> game = pyspiel.load_game("python_saboteur_duel")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 17935, 39)

Sequential, imperfect information, explicit chance, general sum, rewards at
the end.  Player actions are the ids of :mod:`.actions_duel`; a bribe keeps the
turn, so a player may act twice or more in a row.

**Chance** is explicit, one card at a time, each outcome with its probability:
first the order of the 18 goals (once for the game: round 1 lays out the first
six, and so on; the index in the deck's goal list), then for each round the 52
playing cards (the hands, green's first, then the draw pile; the index in the
deck's order of kinds).  A card whose kind is the only one left is laid
without a chance node.

**Information.**  The information state of a seat is its observation as JSON
(:func:`pysaboteur.rules.seat_observation`); the observation tensor is the
vector of :mod:`.tensors_duel`.  There is no information-state tensor, and no
resampling yet (the determinizer does not read Duel observations).

Parameters: ``open_hands``, ``episode`` (``"game"`` or ``"round"``),
``returns`` (``"nuggets"``: each seat's nuggets at the end, trolls paid; or
``"win"``: +1 to the seats with the most, -1 to the other) and ``deck`` (a
deck file's path; empty: the shipped provisional deck).
"""

from __future__ import annotations

import json
from typing import Any, Final

import pyspiel  # type: ignore[import-not-found]

from ..rules import Deal, Game, Options
from ..rules.duel_deck import DuelDeck, load_deck
from ..rules.duel_faces import COLOURS, read_face
from ..rules.duel_results import DuelRoundResult
from ..rules.editions import find_edition
from ..rules.observation import Observation
from .actions_duel import ActionSpaceDuel
from .native_duel import native_duel_observation
from .openspiel_core import (
    SaboteurGameCore,
    SaboteurStateCore,
    SeatObserver,
    game_info,
    read_settings,
)
from .openspiel_saboteur2 import Saboteur2State
from .tensors_duel import ObservationEncoderDuel, round_end_observation, table_text

SHORT_NAME: Final = "python_saboteur_duel"
RETURNS: Final = ("nuggets", "win")
EDITION: Final = find_edition("duel")
ROUNDS: Final = 3
HAND_SIZE: Final = 6
GOALS_PER_ROUND: Final = 6
#: Counters per player a round: what bounds the claims and the bribes.
COUNTERS: Final = 4
_DEFAULTS: Final[dict[str, Any]] = {
    "players": 2,
    "open_hands": False,
    "episode": "game",
    "returns": "nuggets",
    "deck": "",
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Saboteur: The Duel",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def max_game_length(deck: DuelDeck) -> int:
    """The most decisions a game can take: in a round every main move but a pass
    takes a card out of the hands and the pile together, a player passes only while
    the other still plays, and bribes are paid with the 2 x 4 counters."""
    cards = len(deck.playing_cards)
    return ROUNDS * (2 * cards + 2 * COUNTERS)


class DuelGameForSpiel(SaboteurGameCore):
    """The game for OpenSpiel; its parameters are described in the module's docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings, players, win = read_settings(_DEFAULTS, params, RETURNS, EDITION.check_players)
        self.deck = load_deck(settings["deck"] or None)
        actions = ActionSpaceDuel(players, self.deck)
        kinds = len(dict.fromkeys(self.deck.playing_cards))
        most_on_a_card = max(
            read_face(code).nuggets for code in (*self.deck.path_codes, *self.deck.goal_cards)
        )
        most = float(ROUNDS * COUNTERS * most_on_a_card)
        info = game_info(
            players,
            actions.size,
            max(kinds, len(self.deck.goal_cards)),
            win,
            most,
            max_game_length(self.deck),
        )
        rules = Options(open_hands=bool(settings["open_hands"]))
        super().__init__(
            GAME_TYPE,
            info,
            params,
            rules,
            win,
            actions,
            DuelState,
            self._observer,
            episode=settings["episode"],
        )

    def _observer(self, players: int, iig_obs_type: Any, params: Any) -> SeatObserver:
        return SeatObserver(
            ObservationEncoderDuel(players, self.deck),
            _observation_text,
            iig_obs_type,
            params,
            native=native_duel_observation(self.deck),
        )


class DuelDealing:
    """The chance outcomes so far: the goals' order, then each round's playing cards."""

    def __init__(self, deck: DuelDeck) -> None:
        self.deck = deck
        self.goal_names: tuple[str, ...] = deck.goal_cards
        self.kinds: tuple[str, ...] = tuple(dict.fromkeys(deck.playing_cards))
        self.goals: list[str] = []
        self.rounds: list[list[str]] = []
        self._fill_forced()

    def copy(self) -> DuelDealing:
        other = DuelDealing.__new__(DuelDealing)
        other.deck, other.goal_names, other.kinds = self.deck, self.goal_names, self.kinds
        other.goals = list(self.goals)
        other.rounds = [list(cards) for cards in self.rounds]
        return other

    @property
    def done(self) -> bool:
        return self._left() is None

    def _left(self) -> tuple[tuple[str, ...], dict[str, int]] | None:
        """The outcomes of the next chance node and how many of each are left."""
        if len(self.goals) < len(self.goal_names):
            left = dict.fromkeys(self.goal_names, 1)
            for goal in self.goals:
                left[goal] = 0
            return self.goal_names, left
        if not self.rounds or len(self.rounds[-1]) == len(self.deck.playing_cards):
            if len(self.rounds) == ROUNDS:
                return None
            self.rounds.append([])
        left = dict.fromkeys(self.kinds, 0)
        for card in self.deck.playing_cards:
            left[card] += 1
        for card in self.rounds[-1]:
            left[card] -= 1
        return self.kinds, left

    def outcomes(self) -> list[tuple[int, float]]:
        step = self._left()
        assert step is not None
        names, left = step
        total = sum(left.values())
        return [(index, left[name] / total) for index, name in enumerate(names) if left[name]]

    def apply(self, outcome: int) -> None:
        step = self._left()
        assert step is not None
        names, left = step
        if not 0 <= outcome < len(names) or not left[names[outcome]]:
            raise ValueError(f"no card {outcome} is left to deal")
        (self.goals if names is self.goal_names else self.rounds[-1]).append(names[outcome])
        self._fill_forced()

    def describe(self, outcome: int) -> str:
        step = self._left()
        if step is None:
            return f"chance outcome {outcome}"
        names, _ = step
        if names is self.goal_names:
            return f"goal {len(self.goals) + 1}: {names[outcome]}"
        return f"round {len(self.rounds)} card {len(self.rounds[-1]) + 1}: {names[outcome]}"

    def progress(self) -> str:
        dealt = len(self.goals) + sum(len(cards) for cards in self.rounds)
        return f"dealing: {dealt} goal and playing cards"

    def _fill_forced(self) -> None:
        """Lay every card that is the only kind left."""
        while True:
            step = self._left()
            if step is None:
                return
            names, left = step
            kinds = [name for name in names if left[name]]
            if len(kinds) > 1:
                return
            (self.goals if names is self.goal_names else self.rounds[-1]).append(kinds[0])

    def game(self, options: Options) -> Game:
        """The engine's game of the finished deal."""
        deals = []
        for number, cards in enumerate(self.rounds):
            goals = self.goals[number * GOALS_PER_ROUND : (number + 1) * GOALS_PER_ROUND]
            hands = [cards[:HAND_SIZE], cards[HAND_SIZE : 2 * HAND_SIZE]]
            deals.append(Deal(0, list(COLOURS), "", goals, hands, cards[2 * HAND_SIZE :]))
        # The seed shapes only chance the deals leave over, and none is: fixed.
        return Game(2, options, 0, deals=deals, edition="duel", deck=self.deck)


class DuelState(Saboteur2State):
    """A moment of a Duel: chance still dealing, a seat to move, or the end.  Its ids
    name hand slots as Saboteur 2's do, so it reads its moves as Saboteur 2's state
    does (:class:`~.openspiel_saboteur2.Saboteur2State`)."""

    def __init__(self, game: DuelGameForSpiel) -> None:
        # Saboteur 2's own __init__ would deal Saboteur 2's cards: the core's, with the Duel's.
        SaboteurStateCore.__init__(self, game, DuelDealing(game.deck))

    def _table_text(self, observation: Observation) -> str:
        return table_text(observation)

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        return round_end_observation(observation, number)

    def _first_round_returns(self, game: Game) -> list[float]:
        result = game.rounds[0].result
        assert isinstance(result, DuelRoundResult)
        if not self._win:
            return [float(nuggets) for nuggets in result.nuggets]
        best = max(result.nuggets)
        return [1.0 if nuggets == best else -1.0 for nuggets in result.nuggets]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        raise NotImplementedError("the Duel's states cannot be resampled yet")


def _observation_text(observation: Observation) -> str:
    return json.dumps(observation, sort_keys=True, separators=(",", ":"))


pyspiel.register_game(GAME_TYPE, DuelGameForSpiel)
