"""What a new Duel table needs checked beyond any table's settings: the deck file
its host may bring (docs/rules-duel.md, "The deck file"), kept with the table so
that its game, its replay and its record all use it."""

from __future__ import annotations

from typing import Any

from ..rules.duel_deck import DeckError, deck_from_dict
from ..rules.editions import Duel
from .protocol import ApiError


def checked_deck(edition: str, deck: dict[str, Any] | None) -> dict[str, Any] | None:
    """The deck file's content of a new table, checked; None for the shipped deck.

    Only the Duel has a deck file.  A refused deck names the card and the rule it
    breaks, as the engine says it (``DeckError``)."""
    if deck is None:
        return None
    if edition != Duel.name:
        raise ApiError("bad_request", "deck: only the Duel is played with a deck file")
    try:
        return deck_from_dict(deck).to_dict()
    except DeckError as error:
        raise ApiError(
            "bad_request", "deck: the deck file is refused: {problem}", problem=str(error)
        ) from None
