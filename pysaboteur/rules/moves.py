"""Moves: small immutable values with the text form of docs/records.md.

Each kind of move is written and read by the module of its card kind
(:mod:`pysaboteur.rules.kinds`), which registers its notation here.

>>> from pysaboteur.rules import Move
>>> move = Move.parse("2 place NSW 3,-1")
>>> move.seat, move.kind, move.card, (move.x, move.y)
(2, 'place', 'NSW', (3, -1))
>>> str(move)
'2 place NSW 3,-1'
>>> str(Move.parse("0 fix-pick-lamp lamp @3"))
'0 fix-pick-lamp lamp @3'
>>> Move.parse("1 discard NS map").cards_played()
('NS', 'map')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple, TypedDict

from .duel_faces import DUEL_CARD_OF_FACE
from .faces import CARD_OF_FACE, face_of
from .reasons import Reason

PLACE = "place"
BREAK = "break"
FIX = "fix"
ROCKFALL = "rockfall"
MAP = "map"
DISCARD = "discard"
PASS = "pass"
TAKE = "take"
THEFT = "theft"
STEAL = "steal"
HANDS_OFF = "hands-off"
SWAP_HAND = "swap-hand"
INSPECTION = "inspection"
SWAP_HATS = "swap-hats"
TRAPPED = "trapped"
FREE_AT_LAST = "free-at-last"
CLEAR = "clear"

#: How a card nobody else saw is written in their history.
UNSEEN = "?"


class NotationError(ValueError):
    """Text that is not a move. ``detail`` names the part that is wrong (``"'1;0' is
    not a cell (write x,y)"``), or is None when the text has no move's form at all."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail
        #: The message as it was made (a :class:`~pysaboteur.rules.reasons.Reason`,
        #: which the catalogues say in other languages).
        self.reason = message


class Move(NamedTuple):
    """One move of one seat.

    ``card`` is the card played from the hand: for ``place`` the face as it
    lies in the maze (which names the printed card), for a discard the first
    card discarded, for the others the card's code; empty for ``pass``,
    ``take`` and ``steal``, and for a card the viewer did not see.  ``x, y``
    is the cell of ``place``, ``rockfall`` and ``map``; ``target`` the seat an
    action card or a theft is aimed at; ``tool`` the tool a broken tool or a
    repair names; ``value`` the gold card a ``take`` keeps; ``also`` the further
    cards discarded with ``card`` (Saboteur 2); ``front`` the card a ``clear``
    removes from in front of its seat.
    """

    seat: int
    kind: str
    card: str = ""
    x: int = 0
    y: int = 0
    target: int = -1
    tool: str = ""
    value: int = 0
    also: tuple[str, ...] = ()
    front: str = ""

    def __str__(self) -> str:
        return f"{self.seat} {self.notation()}"

    def notation(self) -> str:
        """The move without its seat, as written after the seat in a record."""
        notation = NOTATIONS.get(self.kind)
        if notation is None:
            raise ValueError(f"no kind of move is called {self.kind!r}")
        return notation.write(self)

    def is_well_formed(self) -> bool:
        """Whether the fields fit the kind: the card matches it and unused fields are unset.

        Only well-formed moves have a text form that reads back as the same move.
        """
        notation = NOTATIONS.get(self.kind)
        if notation is None:
            return False
        for index, default in _UNUSED[self.kind]:
            if self[index] != default:
                return False
        return notation.well_formed is None or notation.well_formed(self)

    def cards_played(self) -> tuple[str, ...]:
        """The cards the move takes from the hand, as written (faces for ``place``)."""
        if not self.card:
            return ()
        return (self.card, *self.also)

    def printed_cards(self) -> tuple[str, ...]:
        """The printed cards the move takes from the hand (``place NSW 1,0`` plays a NES).

        >>> Move.parse("0 place NSW 1,0").printed_cards()
        ('NES',)
        """
        if self.kind == PLACE:
            printed = CARD_OF_FACE.get(_known_face(self.card))
            if printed is None:  # a Duel face: its deck says which card it is
                printed = DUEL_CARD_OF_FACE.get(self.card, self.card)
            return (printed,)
        return self.cards_played()

    def view(self) -> MoveView:
        """The move as JSON-ready fields, for clients that should not read its text.

        >>> view = Move.parse("2 place NSW 3,-1").view()
        >>> view["kind"], view["cards"], view["face"], (view["x"], view["y"])
        ('place', ['NES'], 'NSW', (3, -1))
        """
        return {
            "text": str(self),
            "seat": self.seat,
            "kind": self.kind,
            "cards": list(self.printed_cards()),
            "unseen": sum(1 for card in (self.card, *self.also) if not card)
            if self.kind in (DISCARD, CLEAR)
            else 0,
            "face": self.card if self.kind == PLACE else None,
            "x": self.x,
            "y": self.y,
            "target": self.target if self.target >= 0 else None,
            "tool": self.tool or None,
            "value": self.value or None,
            "front": self.front or None,
        }

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its text form; raises ``ValueError`` with the reason."""
        seat_text, _, rest = text.partition(" ")
        if not _INTEGER.fullmatch(seat_text) or seat_text.startswith("-"):
            raise NotationError(
                Reason("not a move: {text!r} (it starts with the acting seat's number)", text=text)
            )
        return cls.parse_notation(int(seat_text), rest)

    @classmethod
    def parse_notation(cls, seat: int, text: str) -> Move:
        """Read the part of a move after the seat, for the given seat."""
        words = text.split(" ")
        notation = HEADS.get(words[0])
        move = None
        if notation is not None:
            try:
                move = notation.read(seat, words)
            except ValueError as error:
                detail = error.args[0] if isinstance(error.args[0], Reason) else str(error)
                raise NotationError(
                    Reason(
                        "not a move: {seat} {text!r}: {detail}", seat=seat, text=text, detail=detail
                    ),
                    detail,
                ) from None
        if move is None:
            raise NotationError(
                Reason(
                    "not a move: '{seat} {text}' (see the move notation in the docs)",
                    seat=seat,
                    text=text,
                )
            )
        return move


class MoveView(TypedDict):
    """A move's fields for clients: :meth:`Move.view`."""

    text: str
    seat: int
    kind: str
    cards: list[str]  # the printed cards it takes from the hand, the viewer saw
    unseen: int  # how many more it takes face down, unseen by the viewer
    face: str | None  # how a placed card lies
    x: int
    y: int
    target: int | None
    tool: str | None
    value: int | None
    front: str | None


class Notation(NamedTuple):
    """How one kind of move is written and read: registered by its card kind's module."""

    kind: str
    heads: tuple[str, ...]  # the first words of its text form
    fields: frozenset[str]  # the fields it uses besides seat and kind
    write: Callable[[Move], str]
    #: The move from its words (``words[0]`` is a head); None if they do not
    #: have its form, ``ValueError`` with the reason for a bad part.
    read: Callable[[int, list[str]], Move | None]
    #: What else a move of this kind must satisfy to be well formed (None: nothing).
    well_formed: Callable[[Move], bool] | None


NOTATIONS: dict[str, Notation] = {}
#: Per kind, the fields (by index) it does not use, with the value they must keep.
_UNUSED: dict[str, tuple[tuple[int, object], ...]] = {}
HEADS: dict[str, Notation] = {}


def register_notation(notation: Notation) -> None:
    NOTATIONS[notation.kind] = notation
    _UNUSED[notation.kind] = tuple(
        (Move._fields.index(name), default)
        for name, default in _UNUSED_DEFAULTS
        if name not in notation.fields
    )
    for head in notation.heads:
        HEADS[head] = notation


def read_seen_move(text: str) -> Move:
    """A move of a seat's history as the seat saw it (its one reader everywhere).

    Cards the seat did not see come back as ``""``: ``"3 discard"`` is one
    unseen discard, ``"3 discard ? ?"`` two; another seat's gold pick
    ``"3 take"`` has no value.
    """
    return _read_seen(text)


def _read_seen(text: str) -> Move:
    known = _SEEN_CACHE.get(text)
    if known is None:
        if len(_SEEN_CACHE) > 65536:
            _SEEN_CACHE.clear()
        seat, _, rest = text.partition(" ")
        if rest == DISCARD:
            known = Move(int(seat), DISCARD)
        elif rest == TAKE:
            known = Move(int(seat), TAKE)
        else:
            known = Move.parse(text)
        _SEEN_CACHE[text] = known
    return known


_SEEN_CACHE: dict[str, Move] = {}

_UNUSED_DEFAULTS = (
    ("card", ""), ("x", 0), ("y", 0), ("target", -1), ("tool", ""), ("value", 0),
    ("also", ()), ("front", ""),
)  # fmt: skip

_INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")
_CELL = re.compile(r"(-?(?:0|[1-9][0-9]*)),(-?(?:0|[1-9][0-9]*))")


def parse_cell(text: str) -> tuple[int, int]:
    match = _CELL.fullmatch(text)
    if not match or text.startswith("-0") or ",-0" in text:
        raise ValueError(Reason("{text!r} is not a cell (write x,y)", text=text))
    return int(match[1]), int(match[2])


def parse_target(text: str) -> int:
    if not text.startswith("@") or not _INTEGER.fullmatch(text[1:]) or text[1] == "-":
        raise ValueError(Reason("{text!r} is not a seat (write @ and the seat number)", text=text))
    return int(text[1:])


def _known_face(code: str) -> int:
    """The id of a face of the other editions, or -1 (a Duel face has none)."""
    try:
        return face_of(code)
    except ValueError:
        return -1


def check_face(code: str) -> None:
    """``ValueError`` unless ``code`` is a face some card can lie as (the Duel's
    faces are those of the decks its games were given)."""
    try:
        face_of(code)
    except ValueError:
        if code not in DUEL_CARD_OF_FACE:
            raise
