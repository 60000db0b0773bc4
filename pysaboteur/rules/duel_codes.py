"""The Duel's move codes (docs/engine.md, "Move codes"): the other editions' layout,
with the Duel's cards and two kinds of its own.

A Duel game's cards come from its deck, so each deck has its codec: bits 5-11 index
the deck's distinct playing cards in the deck file's order, and a ``place`` code's
bit 28 says which of the card's faces (:attr:`.DuelDeck.orientations`) it lies as.
``key`` (17) and ``bribe`` (18) name a cell in bits 12-27 as ``map`` does; a bribe
plays no card (its card bits are 0).

>>> from .duel_deck import shipped_deck
>>> codec = duel_codec(shipped_deck())
>>> str(codec.decode(codec.encode(Move.parse("1 bribe 2,-1")) or 0, 1))
'1 bribe 2,-1'
"""

from __future__ import annotations

from typing import Final

from .codes import _CELL_KINDS, _OFFSET, KIND_IDS, Codec
from .duel_deck import DuelDeck
from .editions import find_edition
from .kinds.bribe import BRIBE
from .kinds.key import KEY
from .moves import PLACE, Move
from .per_deck import PerDeck

#: The kinds a Duel code can name: the other editions' and the Duel's own.
DUEL_KIND_IDS: Final = {**KIND_IDS, KEY: 17, BRIBE: 18}
_DUEL_KIND_OF_ID: Final = {ident: kind for kind, ident in DUEL_KIND_IDS.items()}


class DuelCodec(Codec):
    """Codes to moves and back for one Duel deck."""

    def __init__(self, deck: DuelDeck) -> None:
        self.edition = find_edition("duel")
        self.deck = deck
        self.cards = tuple(dict.fromkeys(deck.playing_cards))
        self.index = {card: index for index, card in enumerate(self.cards)}
        self._faces = {}
        for card, ways in deck.orientations.items():
            for which, face in enumerate(ways):
                self._faces[face] = (self.index[card], which)
        self._ways = deck.orientations
        self.known = {}
        self._fields = {}
        self._codes = {}

    def _decode(self, code: int, seat: int) -> Move | None:
        kind = _DUEL_KIND_OF_ID.get(code & 31)
        card_index = code >> 5 & 127
        if kind is None or code >> 29 or (card_index >= len(self.cards) and kind != BRIBE):
            return None
        x, y = (code >> 12 & 255) - _OFFSET, (code >> 20 & 255) - _OFFSET
        if kind == BRIBE:
            return Move(seat, BRIBE, "", x, y) if card_index == 0 and not code >> 28 else None
        if kind == PLACE:
            ways = self._ways.get(self.cards[card_index], ())
            which = code >> 28 & 1
            if which >= len(ways):
                return None
            # Built as the tuple it is (most moves of a game are placements, each
            # code decoded once): the named tuple's constructor costs a call more.
            return tuple.__new__(Move, (seat, PLACE, ways[which], x, y, -1, "", 0, (), ""))
        if kind == KEY:
            return Move(seat, KEY, self.cards[card_index], x, y) if not code >> 28 else None
        if kind in _CELL_KINDS and code >> 28:
            return None
        return super()._decode(code, seat)

    def _encode(self, move: Move) -> int | None:
        if move.kind == BRIBE:
            return _at_cell(DUEL_KIND_IDS[BRIBE], move.x, move.y)
        if move.kind == PLACE:
            face = self._faces.get(move.card)
            if face is None:
                return None
            placed, which = face
            return _at_cell(DUEL_KIND_IDS[PLACE] | placed << 5 | which << 28, move.x, move.y)
        if move.kind == KEY:
            card = self.index.get(move.card)
            return (
                None if card is None else _at_cell(DUEL_KIND_IDS[KEY] | card << 5, move.x, move.y)
            )
        return super()._encode(move)


def _at_cell(code: int, x: int, y: int) -> int | None:
    if not (-_OFFSET <= x < _OFFSET and -_OFFSET <= y < _OFFSET):
        return None
    return code | (x + _OFFSET) << 12 | (y + _OFFSET) << 20


_CODECS: PerDeck[DuelCodec] = PerDeck(DuelCodec)


def duel_codec(deck: DuelDeck) -> DuelCodec:
    """The one codec of a deck (decks equal as data share it)."""
    return _CODECS(deck)
