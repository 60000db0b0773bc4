"""Discarding face down (docs/rules.md, "A turn"): one card in the base game, then
draw one; in Saboteur 2 one to three cards, then draw as many (its "pass").

Others do not see what was discarded: their histories write each card ``?``,
or ``discard`` alone for a single card (:func:`~pysaboteur.rules.moves.read_seen_move`).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..duel_faces import DUEL_CARDS
from ..moves import DISCARD, UNSEEN, Move, Notation, register_notation
from ..reasons import Reason
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..game import Game


def card_sets(hand: list[str], size: int) -> list[tuple[str, ...]]:
    """Every distinct set of ``size`` cards of the hand, each sorted, in a fixed order."""
    return list(dict.fromkeys(combinations(sorted(hand), size)))


class Discard(Kind):
    name = DISCARD

    def list_turn(self, game: Game, seat: int, hand: list[str], moves: list[Move]) -> None:
        append = moves.append
        new = tuple.__new__  # the named tuple's constructor costs a call more for each
        for card in dict.fromkeys(hand):
            append(new(Move, (seat, DISCARD, card, 0, 0, -1, "", 0, (), "")))
        most = min(game.edition.most_discarded, len(hand))
        if most > 1:
            ordered = sorted(hand)
            for size in range(2, most + 1):
                for cards in dict.fromkeys(combinations(ordered, size)):
                    append(new(Move, (seat, DISCARD, cards[0], 0, 0, -1, "", 0, cards[1:], "")))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        most = game.edition.most_discarded
        if move.also and len(move.also) >= most:
            many = Reason("one card") if most == 1 else Reason("1 to {most} cards", most=most)
            edition = Reason.word(game.edition.title, "edition")
            return Reason("a discard in {edition} takes {many}", edition=edition, many=many)
        return None

    def apply(self, game: Game, move: Move) -> int:
        game.state.discards.extend(move.cards_played())
        return len(move.cards_played())


def written_card(card: str) -> str:
    return card or UNSEEN


def read_card(word: str) -> str:
    """A card's code as a move names it (``?``: a card the viewer did not see)."""
    if word == UNSEEN:
        return ""
    if word not in all_cards() and word not in DUEL_CARDS:  # a Duel deck's own cards
        raise ValueError(Reason("{word!r} is not a card code", word=word))
    return word


def all_cards() -> frozenset[str]:
    """Every card code of every edition."""
    global _ALL_CARDS
    if _ALL_CARDS is None:
        from ..editions import EDITIONS

        _ALL_CARDS = frozenset(
            card for edition in EDITIONS.values() for card in edition.card_counts
        )
    return _ALL_CARDS


_ALL_CARDS: frozenset[str] | None = None


def _write(move: Move) -> str:
    if not move.card and not move.also:
        return DISCARD  # one card the viewer did not see
    return " ".join((DISCARD, *(written_card(card) for card in (move.card, *move.also))))


def _read(seat: int, words: list[str]) -> Move | None:
    if not 2 <= len(words) <= 4:
        return None
    cards = [read_card(word) for word in words[1:]]
    if all(cards):
        cards.sort()
    return Move(seat, DISCARD, cards[0], also=tuple(cards[1:]))


def _well_formed(move: Move) -> bool:
    if not move.also:  # one card, as every discard of the base game
        return bool(move.card)
    cards = (move.card, *move.also)
    return all(cards) and list(cards) == sorted(cards)


register_kind(Discard())
register_notation(
    Notation(DISCARD, (DISCARD,), frozenset({"card", "also"}), _write, _read, _well_formed)
)
