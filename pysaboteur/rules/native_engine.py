"""Which engine a game plays with: the native core (:mod:`pysaboteur.native`) when
it is built and plays the edition, else this package's own code, the reference.

The core is optional and this module is the only one of ``rules`` that knows of it:
a :class:`~.game.Game` asks :func:`native_engine` once, and with an engine it keeps
a round of the core in step with its own round state, lists the legal moves there
(as codes, :mod:`.codes`) and decides legality there. Refusal reasons, notation,
records and every state readers see stay here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, overload

from .codes import Codec
from .moves import Move

if TYPE_CHECKING:
    from .duel_deck import DuelDeck
    from .duel_results import DuelRoundResult
    from .editions import Deal, Edition
    from .round_state import RoundState


class CoreCodes(Protocol):
    """Move codes as the core lists them: a sequence of ints kept on the C++ side."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> int: ...
    def __contains__(self, code: object) -> bool: ...
    def tolist(self) -> list[int]: ...


class CoreRound(Protocol):
    """A round of the core (pysaboteur/native/_core.pyi)."""

    def legal(self) -> CoreCodes: ...
    def listing(self) -> tuple[int, CoreCodes]: ...
    def is_legal(self, code: int) -> bool: ...
    def play(self, code: int) -> bool: ...
    def advance(self, code: int) -> int: ...
    def previous(self) -> CoreRound: ...
    def copy(self) -> CoreRound: ...
    def playout(self, seed: int) -> int: ...
    @property
    def to_move(self) -> int: ...


class Engine(Protocol):
    """The core's side of one edition (pysaboteur/native/engine.py)."""

    codec: Codec

    def load(self, game: Any) -> CoreRound | None: ...
    def restore(self, game: Any, core_round: CoreRound) -> None: ...


class DuelEngine(Engine, Protocol):
    """The core's side of one Duel deck (pysaboteur/native/duel.py): it ends the play,
    says why, and scores the round it ended."""

    #: The deck's playing cards by number (``codec.cards``), in the deck's order.
    playing_numbers: tuple[int, ...]

    def deal(self, deal: Deal) -> CoreRound | None: ...
    def deal_numbers(
        self, first: int, hands: list[list[int]], pile: list[int], goals: list[str]
    ) -> CoreRound | None: ...
    def nuggets(self, core_round: CoreRound) -> tuple[int, int]: ...
    def end_of(self, core_round: CoreRound) -> str: ...
    def score(self, core_round: CoreRound) -> DuelRoundResult: ...
    def restore_state(self, state: RoundState, core_round: CoreRound) -> None: ...


_pure_only = False


@contextmanager
def pure_engine() -> Iterator[None]:
    """Games made inside play with the pure engine, the core built or not (what
    ``saboteur bench`` and the lockstep tests compare the core with)."""
    global _pure_only
    was, _pure_only = _pure_only, True
    try:
        yield
    finally:
        _pure_only = was


def native_engine(edition: Edition) -> Engine | None:
    """The core for ``edition``; None when the pure engine plays it."""
    global _engine_for
    if _pure_only:
        return None
    if _engine_for is None:
        # Imported when the first game is made, not with this module: the native
        # room reads the editions, which must be whole by then.
        from ..native.engine import engine_for

        _engine_for = engine_for
    return _engine_for(edition)


_engine_for: Callable[[Edition], Engine | None] | None = None


def native_duel_engine(deck: DuelDeck) -> DuelEngine | None:
    """The core for a Duel game of ``deck``; None when the pure engine plays it."""
    global _duel_engine_for
    if _pure_only:
        return None
    if _duel_engine_for is None:
        from ..native.duel import duel_engine_for

        _duel_engine_for = duel_engine_for
    return _duel_engine_for(deck)


_duel_engine_for: Callable[[DuelDeck], DuelEngine | None] | None = None


class LegalMoves(Sequence[Move]):
    """The legal moves of the seat to move, as the core listed them: a ``Move`` is
    built only when read (:attr:`codes` gives the moves' codes, for ``Game.play``)."""

    __slots__ = ("_codec", "_seat", "codes")

    def __init__(self, codes: CoreCodes, seat: int, codec: Codec) -> None:
        #: Each move's code, in the order of the moves.
        self.codes = codes
        self._seat = seat
        self._codec = codec

    def __len__(self) -> int:
        return len(self.codes)

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if type(index) is int:
            # A move read before is the codec's (what decode() would look up, two
            # calls fewer: reading one move is what a random player does every turn).
            code = self.codes[index]
            move = self._codec.known.get(code | self._seat << 32)
            return move if move is not None else self._move(code)
        if isinstance(index, slice):
            return [self._move(code) for code in self.codes.tolist()[index]]
        return self._move(self.codes[index])

    def __iter__(self) -> Iterator[Move]:
        move = self._move
        return (move(code) for code in self.codes.tolist())

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.seat != self._seat:
            return False
        code = self._codec.encode(move)
        return code is not None and code in self.codes

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves):
            return self._seat == other._seat and self.codes.tolist() == other.codes.tolist()
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == len(self.codes) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list of moves, as before

    def __reduce__(self) -> tuple[type[list[Move]], tuple[list[Move]]]:
        # Copied or pickled as the list of moves it stands for: its codes live in the core.
        return (list, (list(self),))

    def __repr__(self) -> str:
        return repr(list(self))

    def _move(self, code: int) -> Move:
        move = self._codec.decode(code, self._seat)
        assert move is not None, "the core lists only codes that name moves"
        return move
