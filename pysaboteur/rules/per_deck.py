"""One value made per Duel deck and kept (its codec, its native engine): decks equal
as data share it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from .duel_deck import DuelDeck

Value = TypeVar("Value")

#: Identities kept at most; past that they are forgotten (the values stay, found by value).
_IDENTITIES_KEPT = 256


class PerDeck(Generic[Value]):
    """``make(deck)`` once per deck, found first by the deck's identity (hashing a deck
    costs more than a game's deal), then by its value; the deck is kept with its
    value so that its identity is not reused while it is here."""

    def __init__(self, make: Callable[[DuelDeck], Value]) -> None:
        self._make = make
        self._by_value: dict[DuelDeck, Value] = {}
        self._by_identity: dict[int, tuple[DuelDeck, Value]] = {}

    def __call__(self, deck: DuelDeck) -> Value:
        known = self._by_identity.get(id(deck))
        if known is not None and known[0] is deck:
            return known[1]
        value = self._by_value.get(deck)
        if value is None:
            value = self._by_value[deck] = self._make(deck)
        if len(self._by_identity) > _IDENTITIES_KEPT:
            self._by_identity.clear()
        self._by_identity[id(deck)] = (deck, value)
        return value
