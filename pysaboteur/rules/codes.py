"""Move codes: one integer for a move of the seat to move (docs/engine.md, "Move codes").

``Game.play`` takes a code as well as a :class:`~.moves.Move` or its text, and the
native core lists its moves as codes, so that a program can list the legal moves
and play one without a ``Move`` ever being built. A code leaves out the seat (it
is always the seat to move) and packs the rest into bit fields:

=========  ==============================================================
bits       field
=========  ==============================================================
0-4        the kind (:data:`KIND_IDS`)
5-11       the card played: its index in the edition's card list
           (``tuple(edition.card_counts)``)
12-19      ``place``, ``rockfall``, ``map``: ``x + 128``;
           ``break``, ``fix``: the target seat (12-15) and the tool
           (16-17, an index into ``TOOLS``); ``take``: the value (12-13);
           Saboteur 2's cards aimed at a seat and ``steal``: the target
           seat (12-15); ``discard``, ``clear``: a second card's index + 1
           (12-18)
20-27      ``place``, ``rockfall``, ``map``: ``y + 128``;
           ``discard``: a third card's index + 1 (19-25);
           ``clear``: the card it removes (19-21, an index into
           :data:`~.kinds.clear.FRONT_CARDS`)
28         ``place``: which of the card's faces it lies as (0: as printed)
=========  ==============================================================

core/codes.hpp packs the same fields; the lockstep tests hold the two together.

>>> from pysaboteur.rules import Game
>>> codec = codec_of(Game.new(players=5, seed=7).edition)
>>> move = codec.decode(codec.encode(Move.parse("0 place NSW 3,-1")) or 0, 0)
>>> str(move)
'0 place NSW 3,-1'
"""

from __future__ import annotations

from typing import Any, Final

from .cards import TOOLS
from .editions import Edition
from .kinds.clear import FRONT_CARDS
from .moves import (
    BREAK,
    CLEAR,
    DISCARD,
    FIX,
    FREE_AT_LAST,
    HANDS_OFF,
    INSPECTION,
    MAP,
    PASS,
    PLACE,
    ROCKFALL,
    STEAL,
    SWAP_HAND,
    SWAP_HATS,
    TAKE,
    THEFT,
    TRAPPED,
    Move,
)

#: The kinds a code can name, by their number in bits 0-4.
KIND_IDS: Final = {
    PLACE: 0, BREAK: 1, FIX: 2, ROCKFALL: 3, MAP: 4, DISCARD: 5, PASS: 6, TAKE: 7,
    THEFT: 8, TRAPPED: 9, FREE_AT_LAST: 10, HANDS_OFF: 11, INSPECTION: 12, SWAP_HAND: 13,
    SWAP_HATS: 14, CLEAR: 15, STEAL: 16,
}  # fmt: skip
_KIND_OF_ID: Final = {ident: kind for kind, ident in KIND_IDS.items()}
_CELL_KINDS: Final = frozenset((PLACE, ROCKFALL, MAP))
_TOOL_KINDS: Final = frozenset((BREAK, FIX))
#: Saboteur 2's cards played in front of a seat: the card and the seat.
_AIMED_KINDS: Final = frozenset(
    (TRAPPED, FREE_AT_LAST, HANDS_OFF, INSPECTION, SWAP_HAND, SWAP_HATS)
)
#: Cells are packed as ``x + 128`` and ``y + 128`` in a byte each.
_OFFSET: Final = 128
#: A named tuple made from its fields as they are (what ``Move._make`` does).
_new_tuple: Final = tuple.__new__
#: A code not decoded yet (a move's fields after its seat are never empty).
_NOT_MET: Final[tuple[Any, ...]] = ()


class Codec:
    """Codes to moves and back for one edition (each answer kept: a game asks the same
    few hundred again and again)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        #: The edition's cards in code order: a code's bits 5-11 index this.
        self.cards: tuple[str, ...] = tuple(edition.card_counts)
        self.index: dict[str, int] = {card: index for index, card in enumerate(self.cards)}
        #: For each face code a tunnel card lies as: (the card's index, which face).
        self._faces: dict[str, tuple[int, int]] = {}
        for card, ways in edition.orientations.items():
            for which, (_, text) in enumerate(ways):
                self._faces[text] = (self.index[card], which)
        #: The moves decoded so far, by ``code | seat << 32`` (a look-up the hot path makes itself).
        self.known: dict[int, Move | None] = {}
        #: Each code decoded so far, its move's fields after the seat (None: no move).
        self._fields: dict[int, tuple[Any, ...] | None] = {}
        self._codes: dict[Move, int | None] = {}

    def decode(self, code: int, seat: int) -> Move | None:
        """The move of ``seat`` that ``code`` names, or None if it names none."""
        key = code | seat << 32
        known = self.known.get(key, False)
        if known is False:
            # Another seat's move of a code met before is made from its fields, not
            # decoded again: with ten seats most first meetings are of a code met.
            fields = self._fields.get(code, _NOT_MET)
            if fields is _NOT_MET:
                known = self._decode(code, seat)
                self._fields[code] = None if known is None else known[1:]
            else:
                known = None if fields is None else _new_tuple(Move, (seat, *fields))
            self.known[key] = known
        return known  # type: ignore[return-value]

    def encode(self, move: Move) -> int | None:
        """The code of ``move`` (its seat left out), or None if no code names it."""
        known: int | bool | None = self._codes.get(move, False)
        if known is False:
            code = self._encode(move)
            if code is not None and self.decode(code, move.seat) != move:
                code = None  # a field the code cannot hold, or a move of no form
            if len(self._codes) > 65536:
                self._codes.clear()
            known = self._codes[move] = code
        return known

    def _decode(self, code: int, seat: int) -> Move | None:
        # The commonest moves are made field by field (Move's defaults written out):
        # a named tuple's keyword constructor costs three times as much.
        kind = _KIND_OF_ID.get(code & 31)
        card_index = code >> 5 & 127
        if kind is None or card_index >= len(self.cards) or code >> 29:
            return None
        card = self.cards[card_index]
        if kind in _CELL_KINDS:
            x, y = (code >> 12 & 255) - _OFFSET, (code >> 20 & 255) - _OFFSET
            if kind == PLACE:
                ways = self.edition.orientations.get(card, ())
                which = code >> 28 & 1
                if which >= len(ways):
                    return None
                return _new_tuple(Move, (seat, PLACE, ways[which][1], x, y, -1, "", 0, (), ""))
            return _new_tuple(Move, (seat, kind, card, x, y, -1, "", 0, (), ""))
        if kind in _TOOL_KINDS:
            tool = code >> 16 & 3
            if tool >= len(TOOLS):
                return None
            target = code >> 12 & 15
            return _new_tuple(Move, (seat, kind, card, 0, 0, target, TOOLS[tool], 0, (), ""))
        if kind in _AIMED_KINDS:
            return Move(seat, kind, card, target=code >> 12 & 15)
        if kind == DISCARD:
            also = []
            for shift in (12, 19):
                more = code >> shift & 127
                if more:
                    if more > len(self.cards):
                        return None
                    also.append(self.cards[more - 1])
            return _new_tuple(Move, (seat, DISCARD, card, 0, 0, -1, "", 0, tuple(also), ""))
        if kind == CLEAR:
            second, front = code >> 12 & 127, code >> 19 & 7
            if not 0 < second <= len(self.cards) or front >= len(FRONT_CARDS):
                return None
            return Move(seat, CLEAR, card, also=(self.cards[second - 1],), front=FRONT_CARDS[front])
        if kind == THEFT:
            return Move(seat, THEFT, card)
        if kind == TAKE:
            return Move(seat, TAKE, value=code >> 12 & 3)
        if kind == STEAL:
            return Move(seat, STEAL, target=code >> 12 & 15)
        return Move(seat, PASS)

    def _encode(self, move: Move) -> int | None:
        kind = KIND_IDS.get(move.kind)
        if kind is None:
            return None
        if move.kind == PLACE:
            face = self._faces.get(move.card)
            if face is None:
                return None
            placed, which = face
            return _with_cell(kind | placed << 5 | which << 28, move.x, move.y)
        if move.kind in (PASS, TAKE):
            return kind | (move.value & 3) << 12 if move.kind == TAKE else kind
        if move.kind == STEAL:
            return kind | (move.target & 15) << 12 if 0 <= move.target < 16 else None
        card = self.index.get(move.card)
        if card is None:
            return None
        code = kind | card << 5
        if move.kind in _CELL_KINDS:
            return _with_cell(code, move.x, move.y)
        if move.kind in _TOOL_KINDS:
            if move.tool not in TOOLS or not 0 <= move.target < 16:
                return None
            return code | move.target << 12 | TOOLS.index(move.tool) << 16
        if move.kind in _AIMED_KINDS:
            return code | move.target << 12 if 0 <= move.target < 16 else None
        if move.kind == CLEAR:
            if move.front not in FRONT_CARDS:
                return None
            code |= FRONT_CARDS.index(move.front) << 19
        if len(move.also) > 2:
            return None
        for shift, more in zip((12, 19), move.also, strict=False):
            index = self.index.get(more)
            if index is None:
                return None
            code |= (index + 1) << shift
        return code


def _with_cell(code: int, x: int, y: int) -> int | None:
    if not (-_OFFSET <= x < _OFFSET and -_OFFSET <= y < _OFFSET):
        return None
    return code | (x + _OFFSET) << 12 | (y + _OFFSET) << 20


_CODECS: dict[str, Codec] = {}


def codec_of(edition: Edition) -> Codec:
    """The one codec of an edition."""
    codec = _CODECS.get(edition.name)
    if codec is None:
        codec = _CODECS[edition.name] = Codec(edition)
    return codec
