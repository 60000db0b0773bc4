"""The OpenSpiel game, state and observer both editions share
(:mod:`.openspiel_game`, :mod:`.openspiel_saboteur2`).

A state deals every card by explicit chance first, then plays the engine's
game; what differs between the editions is only how the cards are dealt (the
edition's deal builder), how ids map to moves, and the tensor and text of an
observation, which the edition's module plugs into the classes here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, Protocol, Self

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..rules import Game, Move, Options, seat_observation, table_observation
from ..rules.cards import MINER, SABOTEUR
from ..rules.determinize import Determinizer
from ..rules.observation import Observation
from ..rules.results import SABOTEURS, GoldPiecesResult
from .aec import EPISODES, Encoder


class Dealing(Protocol):
    """An edition's chance outcomes so far, and what may come next."""

    @property
    def done(self) -> bool: ...

    def copy(self) -> Self: ...

    def outcomes(self) -> list[tuple[int, float]]: ...

    def apply(self, outcome: int) -> None: ...

    def describe(self, outcome: int) -> str: ...

    def progress(self) -> str:
        """What has been dealt, for the state's string while chance deals."""
        ...

    def game(self, options: Options) -> Game: ...


def read_settings(
    defaults: dict[str, Any],
    params: dict[str, Any] | None,
    returns: tuple[str, ...],
    check_players: Callable[[int], None],
) -> tuple[dict[str, Any], int, bool]:
    """The parameters with their defaults, the player count, and whether the returns
    are ``"win"`` (+1 / -1) rather than the score."""
    settings = {**defaults, **(params or {})}
    players = settings["players"]
    check_players(players)
    if settings["returns"] not in returns:
        raise ValueError(f"returns must be one of {', '.join(returns)}")
    if settings.get("episode", "game") not in EPISODES:
        raise ValueError(f"episode must be one of {', '.join(EPISODES)}")
    return settings, players, settings["returns"] == "win"


def game_info(
    players: int, actions: int, chance_outcomes: int, win: bool, most_score: float, length: int
) -> Any:
    """OpenSpiel's game info: utilities are +-1 with ``win``, else 0 to ``most_score``."""
    return pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=chance_outcomes,
        num_players=players,
        min_utility=-1.0 if win else 0.0,
        max_utility=1.0 if win else most_score,
        utility_sum=None,
        max_game_length=length,
    )


class SaboteurGameCore(pyspiel.Game):  # type: ignore[misc]
    """An edition's game for OpenSpiel: the rules, the returns, the action ids, and the
    edition's state and observer classes."""

    def __init__(
        self,
        game_type: Any,
        info: Any,
        params: dict[str, Any] | None,
        rules: Options,
        win: bool,
        action_ids: Any,
        state: Callable[[Any], SaboteurStateCore],
        observer: Callable[[int, Any, dict[str, Any] | None], SeatObserver],
        episode: str = "game",
    ) -> None:
        super().__init__(game_type, info, params or {})
        #: With ``"round"`` a state is terminal once the first round is over.
        self.episode = episode
        self.players: int = info.num_players
        self.rules = rules
        self.win = win
        self.action_ids = action_ids
        self._new_state = state
        self._new_observer = observer

    def new_initial_state(self) -> SaboteurStateCore:
        return self._new_state(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SeatObserver:
        return self._new_observer(
            self.players, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Table:
    """Everything a state holds, copied cheaply when OpenSpiel clones the state (it
    deep-copies a Python state's attributes)."""

    def __init__(self, dealing: Dealing) -> None:
        self.dealing = dealing
        self.game: Game | None = None
        self.determinizers: dict[int, Determinizer] = {}  # by player, for this moment

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        other = _Table.__new__(_Table)
        other.dealing = self.dealing.copy()
        other.game = None if self.game is None else self.game.copy()
        other.determinizers = {}
        return other

    # OpenSpiel pickles a Python state's attributes to clone, serialize and copy it.
    # The determinizers are a cache of this moment (and cannot be pickled): leave them.
    def __getstate__(self) -> dict[str, Any]:
        return {"dealing": self.dealing, "game": self.game}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.dealing = state["dealing"]
        self.game = state["game"]
        self.determinizers = {}


class SaboteurStateCore(pyspiel.State):  # type: ignore[misc]
    """A moment of a game: chance still dealing, a seat to move, or the end."""

    def __init__(self, game: SaboteurGameCore, dealing: Dealing) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._win = game.win
        self._one_round = game.episode == "round"
        self._action_ids = game.action_ids
        self._table = _Table(dealing)

    # -- what an edition fills in ------------------------------------------------------

    def _legal_of(self, game: Game) -> dict[int, Move]:
        """The ids of the legal moves of the seat to move."""
        raise NotImplementedError

    def _move_string(self, player: int, action: int) -> str:
        """A player's action as OpenSpiel shows it."""
        raise NotImplementedError

    def _table_text(self, observation: Observation) -> str:
        raise NotImplementedError

    def _round_end_view(self, observation: Observation, number: int) -> Observation:
        """An observation as finished round ``number`` ended (a round episode's end)."""
        raise NotImplementedError

    def _over(self, game: Game) -> bool:
        """Whether the episode is over: the game, or with round episodes the first round."""
        return game.is_over or (self._one_round and game.round_number > 1)

    # -- the OpenSpiel state API ----------------------------------------------------------

    def current_player(self) -> int:
        game = self._table.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._over(game):
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
        if self._over(table.game):
            raise ValueError("the episode is over: no action is legal")
        move = self._legal().get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal now")
        table.game.play(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._table.dealing.describe(action)
        return self._move_string(player, action)

    def is_terminal(self) -> bool:
        return self._table.game is not None and self._over(self._table.game)

    def returns(self) -> list[float]:
        game = self._table.game
        players = self._action_ids.players
        if game is None or not self._over(game):
            return [0.0] * players
        if self._one_round:
            return self._first_round_returns(game)
        if self._win:
            winners = set(game.winners)
            return [1.0 if seat in winners else -1.0 for seat in range(players)]
        return [float(score) for score in game.nuggets]  # nuggets, or gold pieces

    def _first_round_returns(self, game: Game) -> list[float]:
        """A round episode's returns: what the first round paid each seat, or with
        ``returns="win"`` +1 to the seats that won it and -1 to the others."""
        log = game.rounds[0]
        result = log.result
        assert result is not None  # the first round is over
        if not self._win:
            return [float(gold) for gold in result.gold]
        if isinstance(result, GoldPiecesResult):
            winners = set(result.winners)
        else:
            side = SABOTEUR if result.winner == SABOTEURS else MINER
            winners = {seat for seat, role in enumerate(log.deal.roles) if role == side}
        return [1.0 if seat in winners else -1.0 for seat in range(self._action_ids.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Self:
        """A state drawn from those that agree with everything ``player_id`` knows."""
        table = self._table
        if table.game is None:
            return self.clone()  # type: ignore[no-any-return]  # nobody knows anything yet
        determinizer = table.determinizers.get(player_id)
        if determinizer is None:
            observation = seat_observation(table.game, player_id)
            determinizer = table.determinizers[player_id] = Determinizer(observation)
        rng = random.Random(int(probability_sampler() * 2**52))
        state: Self = self.get_game().new_initial_state()
        state._table.game = determinizer.sample(rng)
        return state

    def __str__(self) -> str:
        game = self._table.game
        if game is None:
            return self._table.dealing.progress()
        everything = table_observation(game)
        hands = " | ".join(" ".join(hand) for hand in everything["hands"] or [])
        text = self._table_text(everything)
        return f"{text}\nroles: {' '.join(everything['roles'])}\nhands: {hands}"

    # -- beyond the API ------------------------------------------------------------------

    @property
    def engine_game(self) -> Game | None:
        """The engine's game inside the state (it sees every hidden card), or None while
        chance is still dealing."""
        return self._table.game

    @property
    def dealing(self) -> Dealing:
        """The chance outcomes drawn so far."""
        return self._table.dealing

    def legal_moves_by_action(self) -> dict[int, Move]:
        """The legal moves of the seat to move, by action id (for bots that choose
        moves, like :class:`~.openspiel_bots.PackageBot`)."""
        return dict(self._legal())

    def _legal(self) -> dict[int, Move]:
        game = self._table.game
        assert game is not None
        return self._legal_of(game)

    def seat_observation(self, player: int) -> Observation | None:
        """The player's observation, or None while chance is still dealing; at the end
        of a round episode, the round as it ended (not the next round's deal)."""
        game = self._table.game
        if game is None:
            return None
        observation = seat_observation(game, player)
        if self._one_round and game.round_number > 1:
            return self._round_end_view(observation, 1)
        return observation


class NativeEncoder(Protocol):
    """An observation tensor built by the native core (:mod:`.openspiel_native`)."""

    def encode(self, game: Game, seat: int, out: np.ndarray) -> bool:
        """Write ``seat``'s tensor into ``out``; False where the core cannot."""
        ...


class SeatObserver:
    """OpenSpiel's observer: the seat's observation as a string (``text``, or JSON with
    perfect recall), and the tensor of ``encoder`` (the observation tensor), or with
    perfect recall that of ``info_encoder`` (the information-state tensor,
    :mod:`.info_state`); ``native`` and ``native_info`` build the same in the core
    where they can."""

    def __init__(
        self,
        encoder: Encoder,
        text: Callable[[Observation], str],
        iig_obs_type: Any,
        params: dict[str, Any] | None,
        info_encoder: Encoder | None = None,
        native: NativeEncoder | None = None,
        native_info: NativeEncoder | None = None,
    ) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("Saboteur's observers are one seat's (private_info=SINGLE_PLAYER)")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        chosen = info_encoder if self.perfect_recall else encoder
        self._encoder: Encoder | None = chosen
        self._text = text
        #: The core's tensor (while a round is in play), if it is built.
        self._native = native_info if self.perfect_recall else native
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if chosen is not None:
            self.tensor = np.zeros(chosen.size, dtype=np.float32)
            name = "info_state" if self.perfect_recall else "observation"
            self.dict = {name: self.tensor}

    def set_from(self, state: SaboteurStateCore, player: int) -> None:
        if self.tensor is None or self._encoder is None:
            return
        native = self._native
        if native is not None and not state.is_terminal():
            game = state.engine_game
            if game is not None and native.encode(game, player, self.tensor):
                return
        observation = state.seat_observation(player)
        if observation is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self._encoder.encode(observation)

    def string_from(self, state: SaboteurStateCore, player: int) -> str:
        observation = state.seat_observation(player)
        if observation is None:
            return f"seat {player}: dealing"
        if self.perfect_recall:
            return json.dumps(observation, sort_keys=True, separators=(",", ":"))
        return self._text(observation)
