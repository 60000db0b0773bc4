"""Saboteur: The Duel (docs/rules-duel.md): two players, each with his own start
card and network, six goals in a pyramid, doors and keys, trolls and bribes,
gold on path cards and goals claimed with counters.

Its cards are data: a deck file (:mod:`..duel_deck`), the shipped provisional one
unless a game is given another, so the tables here only name the action codes
(for the readers of moves).  What a Duel game does is in :mod:`..duel_game`.
"""

from __future__ import annotations

from typing import ClassVar

from ..duel_deck import ACTION_KINDS
from ..duel_faces import COLOURS
from .edition import Edition


class Duel(Edition):
    name = "duel"
    aliases = ("the-duel", "saboteur-duel")
    title = "Saboteur: The Duel"
    min_players = 2
    max_players = 2
    #: The path cards come from the game's deck file.
    tunnel_counts: ClassVar = {}
    #: Every action code a Duel deck may hold (how many: the deck file says).
    action_cards: ClassVar = {code: (kind, 1) for code, kind in ACTION_KINDS.items()}
    turn_kinds = ("discard", "pass", "clear", "bribe")
    role_codes = COLOURS
    most_discarded = 2
    reach = 40

    def hand_size(self, players: int) -> int:
        return 6

    def role_pool(self, players: int) -> list[str]:
        """No role cards: seat 0 plays green and seat 1 blue."""
        return list(COLOURS)
