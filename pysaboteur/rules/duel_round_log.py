"""A Duel round's record that keeps the codes the core played until it is read.

Most moves of a game are never read back as :class:`Move` values (a random or
searching player plays codes; a record is written once a game), and a code met for
the first time costs far more to decode than the core's whole move: so the round
keeps each code played with its seat, and decodes them all the first time its
``moves`` are read, in order (docs/engine.md, "The Duel"). Every reader of a
round's moves (records, observations, the rules replaying a move) reads them
through ``moves`` and sees the same list as if each had been decoded at once.

A round the core ended keeps its final state the same way: made from the core's
round when ``final`` is first read (a game played through keeps three, and reads
at most the last).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .codes import Codec
from .game import RoundLog
from .moves import Move
from .round_state import RoundState

#: A pending code's seat lies above its 32 bits (as ``Codec.known``'s keys).
_LOW: int = (1 << 32) - 1


class DuelRoundLog(RoundLog):
    """:class:`RoundLog` with ``codes``: ``code | seat << 32`` of the moves played
    since its ``moves`` were last read, decoded by ``codec`` when they are."""

    codes: list[int]
    codec: Codec | None
    _final: RoundState | None
    #: What makes the final state when it is first read, while it is not made yet.
    _final_from: Callable[[], RoundState] | None

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

    @property  # RoundLog's field, made when read
    def final(self) -> RoundState | None:
        make = self._final_from
        if make is not None:
            self._final = make()
            self._final_from = None
        return self._final

    @final.setter
    def final(self, final: RoundState | None) -> None:
        self._final = final
        self._final_from = None

    def final_when_read(self, make: Callable[[], RoundState]) -> None:
        """``final`` is ``make()``, called when it is first read."""
        self._final_from = make

    def copy(self) -> DuelRoundLog:
        """A copy whose moves and pending codes are its own (deal, result and final
        state are never changed once made, and are shared: a final state not made
        yet is made into the same state by either log)."""
        other = DuelRoundLog(self.deal, list(self._moves), self.result, self.final_cells)
        other._final = self._final
        other._final_from = self._final_from
        other.codes = list(self.codes)
        other.codec = self.codec
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Pickled as decoded moves and a made final state, without the codec (the
        game gives it back)."""
        self.moves  # noqa: B018  # decodes what is pending
        self.final  # noqa: B018  # makes the final state, if it is pending
        fields = dict(vars(self))
        fields["codec"] = None
        return fields
