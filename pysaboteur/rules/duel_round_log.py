"""A Duel round's record that keeps the codes the core played until it is read.

Most moves of a game are never read back as :class:`Move` values (a random or
searching player plays codes; a record is written once a game), and a code met for
the first time costs far more to decode than the core's whole move: so the round
keeps each code played with its seat, and decodes them all the first time its
``moves`` are read, in order (docs/engine.md, "The Duel"). Every reader of a
round's moves (records, observations, the rules replaying a move) reads them
through ``moves`` and sees the same list as if each had been decoded at once.

A round the core ended keeps its result and final state the same way: made from
the core's round when ``result`` and ``final`` are first read (a game played
through keeps three, and reads at most the last); and a round the core dealt keeps
its ``deal`` as the numbers of its cards until it is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

from .codes import Codec
from .duel_results import DuelRoundResult
from .editions import Deal
from .game import RoundLog
from .moves import Move
from .round_state import RoundState

Value = TypeVar("Value")

#: A pending code's seat lies above its 32 bits (as ``Codec.known``'s keys).
_LOW: int = (1 << 32) - 1


class MadeWhenRead(Generic[Value]):
    """A field of a log made by a function the first time it is read, and then kept
    (set, it is as any field): its value and its maker live in the log as
    ``_<name>`` and ``_<name>_from``."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._value, self._maker = f"_{name}", f"_{name}_from"

    @overload
    def __get__(self, log: None, owner: type) -> MadeWhenRead[Value]: ...
    @overload
    def __get__(self, log: object, owner: type) -> Value: ...
    def __get__(self, log: object, owner: type) -> MadeWhenRead[Value] | Value:
        if log is None:
            return self
        fields = vars(log)
        make = fields.get(self._maker)
        if make is not None:
            fields[self._value] = make()
            fields[self._maker] = None
        value: Value = fields[self._value]
        return value

    def __set__(self, log: object, value: Value) -> None:
        fields = vars(log)
        fields[self._value] = value
        fields[self._maker] = None

    def when_read(self, log: object, make: Callable[[], Value]) -> None:
        """The field is ``make()``, called when it is first read."""
        vars(log)[self._maker] = make

    def maker(self, log: object) -> Callable[[], Value]:
        """What gives the field, without making it now (nor keeping ``log`` alive)."""
        fields = vars(log)
        make: Callable[[], Value] | None = fields.get(self._maker)
        if make is not None:
            return make
        value: Value = fields[self._value]
        return lambda: value


#: Where a log keeps its fields made when read, and their makers.
_MADE_WHEN_READ: tuple[str, ...] = tuple(
    f"_{name}{maker}" for name in ("deal", "result", "final") for maker in ("", "_from")
)


class DuelRoundLog(RoundLog):
    """:class:`RoundLog` with ``codes``: ``code | seat << 32`` of the moves played
    since its ``moves`` were last read, decoded by ``codec`` when they are; and its
    deal, result and final state made when read, where the core holds them."""

    codes: list[int]
    codec: Codec | None
    # RoundLog's fields (its result names the other editions' results).
    deal = MadeWhenRead[Deal]()
    result = MadeWhenRead[Any]()  # a DuelRoundResult
    final = MadeWhenRead[RoundState | None]()

    @classmethod
    def dealt_when_read(cls, make: Callable[[], Deal]) -> DuelRoundLog:
        """A round whose ``deal`` is ``make()``, called when it is first read."""
        # Made field by field, not by RoundLog's __init__ (a round of a playout
        # starts this way, and the dataclass's __init__ cost twelve times as much);
        # tests/test_native_duel_deal.py holds its fields to those __init__ gives.
        log = object.__new__(cls)
        vars(log).update(
            _deal=None, _deal_from=make, _moves=[], codes=[], codec=None,
            _result=None, _result_from=None, final_cells=None, texts=[], seen={},
            shown={}, _final=None, _final_from=None,
        )  # fmt: skip
        return log

    def deal_maker(self) -> Callable[[], Deal]:
        """What gives the deal, without making it now (nor keeping this log alive)."""
        return DuelRoundLog.deal.maker(self)

    def result_when_read(self, make: Callable[[], DuelRoundResult]) -> None:
        """``result`` is ``make()``, called when it is first read."""
        DuelRoundLog.result.when_read(self, make)

    @property
    def moves(self) -> list[Move]:
        if self.codes:
            self._decode_codes()
        return self._moves

    @moves.setter
    def moves(self, moves: list[Move]) -> None:
        # RoundLog's __init__ sets the field: the codes start empty with it.
        self._moves = moves
        self.codes = []
        self.codec = getattr(self, "codec", None)

    def _decode_codes(self) -> None:
        # Apart from ``moves``: the comprehension's closure would make two cells at
        # every read of it, codes pending or not.
        codec = self.codec
        assert codec is not None, "codes are kept only with the codec that names them"
        known = codec.known
        decode = codec.decode
        found = [known.get(key) or decode(key & _LOW, key >> 32) for key in self.codes]
        self.codes.clear()
        assert None not in found, "the core plays only codes that name moves"
        self._moves.extend(found)  # type: ignore[arg-type]

    def final_when_read(self, make: Callable[[], RoundState]) -> None:
        """``final`` is ``make()``, called when it is first read."""
        DuelRoundLog.final.when_read(self, make)

    def copy(self) -> DuelRoundLog:
        """A copy whose moves and pending codes are its own (deal, result and final
        state are never changed once made, and are shared: a final state not made
        yet is made into the same state by either log)."""
        other = DuelRoundLog(None, list(self._moves), None, self.final_cells)  # type: ignore[arg-type]
        fields = vars(self)
        vars(other).update({name: fields.get(name) for name in _MADE_WHEN_READ})
        other.codes = list(self.codes)
        other.codec = self.codec
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as decoded moves and a made final state, without the codec (the
        game gives it back)."""
        self.moves  # noqa: B018  # decodes what is pending
        self.final  # noqa: B018  # makes the final state, if it is pending
        self.deal  # noqa: B018  # and the deal and the result
        self.result  # noqa: B018
        fields = dict(vars(self))
        fields["codec"] = None
        return fields
