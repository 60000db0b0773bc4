"""The kinds of cards and moves, each in the module named after it.

A kind lists its legal moves, says why one is refused, applies it and writes
it down (its :class:`~pysaboteur.rules.moves.Notation`).  The game checks what
every move shares (whose turn it is, that the cards are in the hand, that the
kind belongs to the edition) and leaves the rest to the kind.  Adding a card
kind is a new module here, its line in :data:`KINDS` and its cards in an
edition's table (docs/engine.md, "Adding a card kind").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..moves import Move

if TYPE_CHECKING:
    from ..game import Game


class Kind:
    """One kind of move. Subclasses fill in what their kind needs."""

    name: ClassVar[str]
    #: The phase of the round in which this kind is played.
    phase: ClassVar[str] = "play"
    #: Whether it is a turn: the mover's last turn, its cards leave the hand,
    #: it draws afterwards and the turn passes on.  Gold picks and thefts at a
    #: round's end are not turns.
    is_turn: ClassVar[bool] = True
    #: Whether a move of this kind may name a cell (checked against the reach).
    has_cell: ClassVar[bool] = False
    #: Whether a move of this kind names a seat (checked to exist).
    has_target: ClassVar[bool] = False

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        """Append every legal move of ``seat`` that plays ``card`` (a card of this kind)."""

    def list_turn(self, game: Game, seat: int, hand: list[str], moves: list[Move]) -> None:
        """Append every legal move of this kind that is not played with one card."""

    def why_illegal(self, game: Game, move: Move) -> str | None:
        """The rule the move breaks, once the game's own checks have passed."""
        return None

    def apply(self, game: Game, move: Move) -> int:
        """Carry the move out (its cards already left the hand); the cards to draw after."""
        return 1


KINDS: dict[str, Kind] = {}


def register_kind(kind: Kind) -> Kind:
    KINDS[kind.name] = kind
    return kind


def load_kinds() -> None:
    """Import every kind's module so that each registers itself."""
    from . import (  # noqa: F401
        break_tool,
        bribe,
        clear,
        discard,
        fix_tool,
        free_at_last,
        hands_off,
        inspection,
        key,
        map,
        pass_turn,
        place,
        rockfall,
        swap_hand,
        swap_hats,
        take,
        theft,
        trapped,
    )
