"""The Duel's numbers for the How to play page (``GET /api/rules/duel``), read from
the shipped deck file and the engine's own constants (docs/rules-duel.md)."""

from __future__ import annotations

from typing import Any

from ..rules.duel_deck import shipped_deck
from ..rules.duel_game import HAND_SIZE
from ..rules.duel_maze import COUNTERS, GOAL_CELLS, KEY_TOKENS, START_CELLS


def duel_rules() -> dict[str, Any]:
    """The deck by card (provisional, as its file says), hands, counters and keys; the
    edition's name, seats and rounds are added by the caller, as for every edition."""
    deck = shipped_deck()
    paths = {entry.code: entry.count for entry in deck.paths}
    actions = {entry.code: entry.count for entry in deck.actions}
    return {
        "hand": HAND_SIZE,
        "counters": COUNTERS,
        "key_tokens": KEY_TOKENS,
        "provisional": deck.provisional,
        "cards": {
            "path": paths,
            "action": actions,
            "goals": list(deck.goal_cards),
            "path_total": sum(paths.values()),
            "action_total": sum(actions.values()),
            "deck": len(deck.playing_cards),
        },
        "report": deck.report(),
        "starts": [list(cell) for cell in START_CELLS],
        "goal_cells": [list(cell) for cell in GOAL_CELLS],
    }
