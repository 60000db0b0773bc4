"""Moves: small immutable values with the text form of ``spec/records.md``.

>>> move = Move.parse("2 place NSW 3,-1")
>>> move.seat, move.kind, move.card, (move.x, move.y)
(2, 'place', 'NSW', (3, -1))
>>> str(move)
'2 place NSW 3,-1'
>>> str(Move.parse("0 fix-pick-lamp lamp @3"))
'0 fix-pick-lamp lamp @3'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .cards import ACTION_COUNTS, BREAK_TOOL, CARD_COUNTS, FIX_TOOLS, parse_shape

PLACE = "place"
BREAK = "break"
FIX = "fix"
ROCKFALL = "rockfall"
MAP = "map"
DISCARD = "discard"
PASS = "pass"
TAKE = "take"


class Move(NamedTuple):
    """One move of one seat.

    ``card`` is the card played: for ``place`` the shape as it lies in the maze
    (which names the printed card), for the others the card's code; empty for
    ``pass`` and ``take``.  ``x, y`` is the cell of ``place``, ``rockfall`` and
    ``map``; ``target`` the seat of ``break`` and ``fix``; ``tool`` the tool a
    repair mends; ``value`` the gold card a ``take`` keeps.
    """

    seat: int
    kind: str
    card: str = ""
    x: int = 0
    y: int = 0
    target: int = -1
    tool: str = ""
    value: int = 0

    def __str__(self) -> str:
        return f"{self.seat} {self.notation()}"

    def notation(self) -> str:
        """The move without its seat, as written after the seat in a record."""
        kind = self.kind
        if kind == PLACE:
            return f"place {self.card} {self.x},{self.y}"
        if kind == BREAK:
            return f"{self.card} @{self.target}"
        if kind == FIX:
            if len(FIX_TOOLS.get(self.card, ())) == 1:
                return f"{self.card} @{self.target}"
            return f"{self.card} {self.tool} @{self.target}"
        if kind in (ROCKFALL, MAP):
            return f"{kind} {self.x},{self.y}"
        if kind == DISCARD:
            return f"discard {self.card}"
        if kind == TAKE:
            return f"take {self.value}"
        return "pass"

    def is_well_formed(self) -> bool:
        """Whether the fields fit the kind: the card matches it and unused fields are unset.

        Only well-formed moves have a text form that reads back as the same move.
        """
        kind = self.kind
        uses = _FIELDS_USED.get(kind)
        if uses is None:
            return False
        for name, default in _UNUSED_DEFAULTS:
            if name not in uses and getattr(self, name) != default:
                return False
        if kind == BREAK:
            return BREAK_TOOL.get(self.card) == self.tool
        if kind == FIX:
            return self.tool in FIX_TOOLS.get(self.card, ())
        if kind in (ROCKFALL, MAP):
            return self.card == kind
        if kind == DISCARD:
            return self.card in CARD_COUNTS
        if kind == TAKE:
            return self.value in (1, 2, 3)
        return True  # place (its shape is checked by the game) and pass

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its text form; raises ``ValueError`` with the reason."""
        seat_text, _, rest = text.partition(" ")
        if not _INTEGER.fullmatch(seat_text) or seat_text.startswith("-"):
            raise ValueError(f"not a move: {text!r} (it starts with the acting seat's number)")
        return cls.parse_notation(int(seat_text), rest)

    @classmethod
    def parse_notation(cls, seat: int, text: str) -> Move:
        """Read the part of a move after the seat, for the given seat."""
        words = text.split(" ")
        head = words[0]
        try:
            if head == PLACE and len(words) == 3:
                parse_shape(words[1])
                x, y = _parse_cell(words[2])
                return cls(seat, PLACE, words[1], x, y)
            if head in (ROCKFALL, MAP) and len(words) == 2:
                x, y = _parse_cell(words[1])
                return cls(seat, head, head, x, y)
            if head in BREAK_TOOL and len(words) == 2:
                return cls(seat, BREAK, head, target=_parse_target(words[1]), tool=BREAK_TOOL[head])
            if head in FIX_TOOLS and len(words) in (2, 3):
                shown = FIX_TOOLS[head]
                if len(words) == 3:
                    tool = words[1]
                    if tool not in shown:
                        raise ValueError(f"{head} shows {' and '.join(shown)}, not {tool!r}")
                elif len(shown) == 1:
                    tool = shown[0]
                else:
                    raise ValueError(f"{head} repairs one of {' or '.join(shown)}: name which")
                return cls(seat, FIX, head, target=_parse_target(words[-1]), tool=tool)
            if head == DISCARD and len(words) == 2:
                if words[1] not in CARD_COUNTS:
                    raise ValueError(f"{words[1]!r} is not a card code")
                return cls(seat, DISCARD, words[1])
            if head == TAKE and len(words) == 2:
                if words[1] not in ("1", "2", "3"):
                    raise ValueError("a gold card's value is 1, 2 or 3")
                return cls(seat, TAKE, value=int(words[1]))
            if head == PASS and len(words) == 1:
                return cls(seat, PASS)
        except ValueError as error:
            raise ValueError(f"not a move: {seat} {text!r}: {error}") from None
        raise ValueError(f"not a move: '{seat} {text}' (see the move notation in the docs)")


#: The fields each kind of move uses besides ``seat`` and ``kind``.
_FIELDS_USED: dict[str, frozenset[str]] = {
    PLACE: frozenset({"card", "x", "y"}),
    BREAK: frozenset({"card", "target", "tool"}),
    FIX: frozenset({"card", "target", "tool"}),
    ROCKFALL: frozenset({"card", "x", "y"}),
    MAP: frozenset({"card", "x", "y"}),
    DISCARD: frozenset({"card"}),
    PASS: frozenset(),
    TAKE: frozenset({"value"}),
}
_UNUSED_DEFAULTS = (("card", ""), ("x", 0), ("y", 0), ("target", -1), ("tool", ""), ("value", 0))

_INTEGER = re.compile(r"-?(0|[1-9][0-9]*)")
_CELL = re.compile(r"(-?(?:0|[1-9][0-9]*)),(-?(?:0|[1-9][0-9]*))")


def _parse_cell(text: str) -> tuple[int, int]:
    match = _CELL.fullmatch(text)
    if not match or text.startswith("-0") or ",-0" in text:
        raise ValueError(f"{text!r} is not a cell (write x,y)")
    return int(match[1]), int(match[2])


def _parse_target(text: str) -> int:
    if not text.startswith("@") or not _INTEGER.fullmatch(text[1:]) or text[1] == "-":
        raise ValueError(f"{text!r} is not a seat (write @ and the seat number)")
    return int(text[1:])


assert set(ACTION_COUNTS) == set(BREAK_TOOL) | set(FIX_TOOLS) | {MAP, ROCKFALL}
