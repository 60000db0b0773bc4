"""Saboteur 2 as an OpenSpiel Python game: ``python_saboteur2``.

Importing this module registers the game with ``pyspiel``:

>>> import pyspiel
>>> from pysaboteur.envs import openspiel_saboteur2
>>> game = pyspiel.load_game("python_saboteur2", {"players": 5})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(5, 21993, 54)

Sequential, imperfect information, explicit chance, general sum, rewards at
the end.  Player actions are the ids of :mod:`.actions_saboteur2`.

**Chance** is explicit, one card at a time, each outcome with its
probability, as in ``python_saboteur``: for each of the three rounds the 15
dwarf cards (the seats in order, then the role reserve top first; the index
in ``tensors_saboteur2.ROLES``), the goal cards (at ``y = -2, 0, 2``; the index in
``GOAL_CARDS``) and the 111 playing cards (the 10 removed unseen, then the
hands seat by seat, then the draw pile top first; the index in
``actions_saboteur2.CARD_CODES``).  A card whose kind is the only one left is laid
without a chance node.  That is all the chance there is: ``swap-hats`` draws
the reserve's top card, dealt here, and thefts are the thieves' choices.
Dealing the later rounds before play begins changes nothing: the engine deals
them from chance alone, and no seat sees a round's cards before it starts.

**Information.**  The information state of a seat is its observation
(:func:`pysaboteur.rules.seat_observation`, as JSON): the whole public history
of the game, its hand, its dwarf card, the dwarf cards it inspected, the hands
it swapped and the goals it mapped.  The observation tensor is the vector of
:mod:`.tensors_saboteur2`, built by the native core where it is, as the
information-state tensor is (:mod:`.openspiel_native_saboteur2`).

**Resampling.**  ``state.resample_from_infostate(player, sampler)`` draws a
state that agrees with everything the player knows, with
:class:`pysaboteur.rules.determinize.Determinizer` (which determinizes
Saboteur 2 observations: hands followed through swaps, dwarf cards with the
reserve and the cards laid aside, the removed cards), so that OpenSpiel's
ISMCTS bot can search it.  A resampled state holds the game at that moment
but no action history, and deals its later rounds from its own generator.

Parameters: ``players`` (2-12, default 5), ``next_round_start``,
``open_hands`` (the rule options) and ``returns``: ``"gold"`` (each seat's
gold pieces at the end) or ``"win"`` (+1 to the seats with the most gold
pieces, -1 to the others).
"""

from __future__ import annotations

from typing import Any, Final

import pyspiel  # type: ignore[import-not-found]

from ..rules import Deal, Game, Move, Options
from ..rules.cards import GOAL_CARDS
from ..rules.editions.saboteur2 import DWARF_CARDS, HAND_SIZE, REMOVED_PER_ROUND
from ..rules.observation import Observation
from .actions_saboteur2 import CARD_CODES, EDITION, X_MAX, X_MIN, Y_MAX, Y_MIN, ActionSpace2
from .info_state import InfoStateEncoder
from .openspiel_core import (
    SaboteurGameCore,
    SaboteurStateCore,
    SeatObserver,
    game_info,
    read_settings,
)
from .openspiel_native_saboteur2 import (
    native_info_state_saboteur2,
    native_observation_saboteur2,
)
from .tensors_saboteur2 import (
    ROLES,
    ObservationEncoder2,
    observation_text,
    round_end_observation,
    table_text,
)

SHORT_NAME: Final = "python_saboteur2"
RETURNS: Final = ("gold", "win")
ROUNDS: Final = EDITION.rounds
#: The most gold pieces a seat can win in a round: a winner's 5 or a lone
#: geologist's crystals, and one theft.
_MOST_A_ROUND: Final = (
    max(5, sum(c for code, c in EDITION.card_counts.items() if "crystal" in code)) + 1
)
_ROLE_POOL: Final = [role for role, count in DWARF_CARDS.items() for _ in range(count)]

_DEFAULTS: Final[dict[str, Any]] = {
    "players": 5,
    "next_round_start": "after-last",
    "open_hands": False,
    "episode": "game",
    "returns": "gold",
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Saboteur 2",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=EDITION.max_players,
    min_num_players=EDITION.min_players,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def max_game_length(players: int) -> int:
    """The most decisions a game can take.

    Every turn that plays cards takes at least one card out of the hands and
    the draw pile together (a swap-hand's draw makes up for the other seat's
    lost card only), and a round holds ``111 - 10`` of them; between two such
    turns at most ``players`` seats pass; a round ends with at most 4 thefts.
    """
    in_play = len(EDITION.playing_cards) - REMOVED_PER_ROUND
    return ROUNDS * (in_play + players * (in_play + 1) + 4)


class Saboteur2Game(SaboteurGameCore):
    """The game for OpenSpiel; its parameters are described in the module's docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings, players, win = read_settings(_DEFAULTS, params, RETURNS, EDITION.check_players)
        actions = ActionSpace2(players)
        most = float(ROUNDS * _MOST_A_ROUND)
        info = game_info(
            players, actions.size, len(CARD_CODES), win, most, max_game_length(players)
        )
        rules = Options(
            next_round_start=settings["next_round_start"], open_hands=bool(settings["open_hands"])
        )
        super().__init__(
            GAME_TYPE,
            info,
            params,
            rules,
            win,
            actions,
            Saboteur2State,
            Saboteur2Observer,
            episode=settings["episode"],
        )


#: What each round deals, in order: (kind, the outcomes by index, the pool).
_STAGES: Final = (
    ("dwarf card", ROLES, _ROLE_POOL),
    ("goal", GOAL_CARDS, list(GOAL_CARDS)),
    ("card", CARD_CODES, list(EDITION.playing_cards)),
)


class DealBuilder2:
    """The chance outcomes so far: each round's dwarf cards, goals and playing cards."""

    def __init__(self, players: int) -> None:
        self.players = players
        #: Per round, per stage (dwarf cards, goals, cards), what has been dealt.
        self.deals: list[list[list[str]]] = [[[], [], []]]
        self._fill_forced()

    def copy(self) -> DealBuilder2:
        other = DealBuilder2.__new__(DealBuilder2)
        other.players = self.players
        other.deals = [[list(stage) for stage in deal] for deal in self.deals]
        return other

    @property
    def done(self) -> bool:
        return self._next() is None

    def _next(self) -> tuple[int, dict[str, int]] | None:
        """The stage dealt next and how many of each outcome are left; None when done."""
        deal = self.deals[-1]
        for stage, (_, names, pool) in enumerate(_STAGES):
            if len(deal[stage]) < len(pool):
                left = dict.fromkeys(names, 0)
                for name in pool:
                    left[name] += 1
                for name in deal[stage]:
                    left[name] -= 1
                return stage, left
        return None

    def outcomes(self) -> list[tuple[int, float]]:
        step = self._next()
        assert step is not None
        stage, left = step
        total = sum(left.values())
        names = _STAGES[stage][1]
        return [(index, left[name] / total) for index, name in enumerate(names) if left[name]]

    def apply(self, outcome: int) -> None:
        step = self._next()
        assert step is not None
        stage, left = step
        kind, names, _ = _STAGES[stage]
        if not 0 <= outcome < len(names) or not left[names[outcome]]:
            raise ValueError(f"no {kind} {outcome} is left to deal")
        self.deals[-1][stage].append(names[outcome])
        self._fill_forced()

    def describe(self, outcome: int) -> str:
        step = self._next()
        if step is None:
            return f"chance outcome {outcome}"
        stage, _ = step
        kind, names, _ = _STAGES[stage]
        dealt = self.deals[-1][stage]
        return f"round {len(self.deals)} {kind} {len(dealt) + 1}: {names[outcome]}"

    def progress(self) -> str:
        dealt = sum(len(stage) for deal in self.deals for stage in deal)
        return f"dealing: {dealt} dwarf, goal and playing cards"

    def _fill_forced(self) -> None:
        """Lay every card that is the only kind left, and open the next round's deal."""
        while True:
            step = self._next()
            if step is None:
                if len(self.deals) < ROUNDS:
                    self.deals.append([[], [], []])
                    continue
                return
            stage, left = step
            kinds = [name for name, count in left.items() if count]
            if len(kinds) > 1:
                return
            self.deals[-1][stage].append(kinds[0])

    def game(self, options: Options) -> Game:
        """The engine's game of the finished deal."""
        players = self.players
        deals = []
        for roles, goals, cards in self.deals:
            removed = cards[:REMOVED_PER_ROUND]
            dealt = cards[REMOVED_PER_ROUND:]
            hands = [dealt[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
            deck = dealt[players * HAND_SIZE :]
            deals.append(Deal(0, roles[:players], "", goals, hands, deck, roles[players:], removed))
        # The seed only shapes chance the deals leave over, and none is: fixed, for replays.
        return Game(players, options, 0, first=0, deals=deals, edition=EDITION.name)


class Saboteur2State(SaboteurStateCore):
    """A moment of a game: chance still dealing, a seat to move, or the end."""

    def __init__(self, game: Saboteur2Game) -> None:
        super().__init__(game, DealBuilder2(game.players))

    def _legal_of(self, game: Game) -> dict[int, Move]:
        assert game.to_move is not None
        hand = game.hands[game.to_move]
        return self._action_ids.legal_actions(game.legal_moves(), hand)  # type: ignore[no-any-return]

    def _move_string(self, player: int, action: int) -> str:
        game = self._table.game
        hand = None if game is None else game.hands[player]
        try:
            return str(self._action_ids.to_move(action, player, hand))
        except ValueError:  # slots the hand does not hold now
            return f"{player} {self._action_ids.describe(action)}"

    def _table_text(self, observation: Observation) -> str:
        return table_text(observation)

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        return round_end_observation(observation, number)


class Saboteur2Observer(SeatObserver):
    """OpenSpiel's observer: the seat's observation as a string, and the tensor of
    :mod:`.tensors_saboteur2` (with perfect recall, that of :mod:`.info_state`), built
    by the core where it is (:mod:`.openspiel_native_saboteur2`)."""

    def __init__(self, players: int, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        info = InfoStateEncoder(
            ObservationEncoder2(players), players, CARD_CODES, (X_MIN, X_MAX, Y_MIN, Y_MAX)
        )
        super().__init__(
            ObservationEncoder2(players),
            observation_text,
            iig_obs_type,
            params,
            info,
            native_observation_saboteur2(players),
            native_info_state_saboteur2(info),
        )


pyspiel.register_game(GAME_TYPE, Saboteur2Game)
