"""Saboteur 2 (docs/rules-saboteur2.md): 2 to 12 players, two gold-digger teams,
the boss, the profiteer, geologists and saboteurs, new path and action cards,
and gold pieces instead of gold cards."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, ClassVar, Final

from ..cards import BLUE, BOSS, GEOLOGIST, GOAL_CARDS, GREEN, PROFITEER, SABOTEUR
from ..gold_pieces import payout, round_winners, theft_order, winning_teams
from ..results import GoldPiecesResult
from .base import ACTION_CARDS as BASE_ACTION_CARDS
from .base import TUNNEL_COUNTS as BASE_TUNNEL_COUNTS
from .edition import Deal, Edition

if TYPE_CHECKING:
    from ..game import Game

#: The 24 expansion path cards whose faces are known (the 6 no source shows
#: are left out: docs/rules-saboteur2.md, "The deck").
EXPANSION_TUNNELS: Final[dict[str, int]] = {
    "NS+EW": 2,  # bridge
    "NW+ES": 2,  # double curve
    "N/ladder": 1, "E/ladder": 1, "NE/ladder": 1, "NW/ladder": 1,
    "EW/door-blue": 1, "NS/door-blue": 1, "NW/door-blue": 1,
    "EW+xN/door-green": 1, "NS/door-green": 1, "NE/door-green": 1,
    "xE/crystal": 1, "xN/crystal": 1, "NESW/crystal": 1, "NES/crystal": 3, "ESW/crystal": 1,
    "ESW+xN/crystal": 1, "NES+xW/crystal": 1, "NS+xE/crystal": 1,
}  # fmt: skip

#: The 20 expansion action cards the rulebook's list counts.
EXPANSION_ACTIONS: Final[dict[str, tuple[str, int]]] = {
    "theft": ("theft", 4),
    "hands-off": ("hands-off", 3),
    "swap-hand": ("swap-hand", 2),
    "inspection": ("inspection", 2),
    "swap-hats": ("swap-hats", 2),
    "trapped": ("trapped", 3),
    "free-at-last": ("free-at-last", 4),
}

#: The 15 dwarf cards.
DWARF_CARDS: Final = {GREEN: 4, BLUE: 4, BOSS: 1, PROFITEER: 1, GEOLOGIST: 2, SABOTEUR: 3}
HAND_SIZE: Final = 6
REMOVED_PER_ROUND: Final = 10


class Saboteur2(Edition):
    name = "saboteur2"
    aliases = ("sab2", "saboteur-2")
    title = "Saboteur 2"
    min_players = 2
    max_players = 12
    tunnel_counts: ClassVar = {**BASE_TUNNEL_COUNTS, **EXPANSION_TUNNELS}
    action_cards: ClassVar = {**BASE_ACTION_CARDS, **EXPANSION_ACTIONS}
    turn_kinds = ("discard", "clear", "pass", "steal")
    role_codes = tuple(DWARF_CARDS)
    most_discarded = 3
    reach = 88

    def hand_size(self, players: int) -> int:
        return HAND_SIZE

    def role_pool(self, players: int) -> list[str]:
        """All 15 dwarf cards, whatever the number of players."""
        return [role for role, count in DWARF_CARDS.items() for _ in range(count)]

    def deal(self, rng: random.Random, players: int, first: int) -> Deal:
        roles, goals, cards = self.shuffled(rng, players)
        removed = cards[:REMOVED_PER_ROUND]
        hands = [
            cards[REMOVED_PER_ROUND + seat * HAND_SIZE : REMOVED_PER_ROUND + (seat + 1) * HAND_SIZE]
            for seat in range(players)
        ]
        deck = cards[REMOVED_PER_ROUND + players * HAND_SIZE :]
        return Deal(first, roles[:players], "", goals, hands, deck, roles[players:], removed)

    def deal_error(self, deal: Deal, players: int) -> str | None:
        if len(deal.roles) != players or Counter([*deal.roles, *deal.reserve]) != Counter(
            self.role_pool(players)
        ):
            return '"roles" and "reserve" must be exactly the 15 dwarf cards'
        if deal.set_aside:
            return 'Saboteur 2 has no "set_aside" role: the dwarf cards not dealt are the "reserve"'
        if sorted(deal.goals) != sorted(GOAL_CARDS):
            return '"goals" must be gold, stone-NE and stone-NW in some order'
        if len(deal.hands) != players or any(len(hand) != HAND_SIZE for hand in deal.hands):
            return f'"hands" must be {players} hands of {HAND_SIZE} cards'
        if len(deal.removed) != REMOVED_PER_ROUND:
            return f'"removed" must hold the {REMOVED_PER_ROUND} cards removed for the round'
        dealt = [card for hand in deal.hands for card in hand] + deal.deck + deal.removed
        if Counter(dealt) != Counter(self.playing_cards):
            return (
                f'"hands", "deck" and "removed" must be exactly the {len(self.playing_cards)} '
                "playing cards"
            )
        return None

    # -- the end of a round -------------------------------------------------------------

    def start_game(self, game: Game, rng: random.Random, gold_deck: list[int] | None) -> None:
        game.initial_gold_deck = []
        game.gold_deck = []

    def gold_reached(self, game: Game, finder: int) -> None:
        state = game.state
        state.finder = finder
        open_to = [colour for colour in (GREEN, BLUE) if state.maze.gold_open_to(colour)]
        teams = winning_teams(state.roles[finder], open_to)
        self._pay(game, True, open_to, round_winners(state.roles, state.trapped, teams, True))

    def round_exhausted(self, game: Game) -> None:
        state = game.state
        self._pay(game, False, [], round_winners(state.roles, state.trapped, [], False))

    def _pay(self, game: Game, reached: bool, open_to: list[str], winners: list[int]) -> None:
        state = game.state
        paid = payout(state.roles, winners, state.trapped, state.maze.crystals())
        for seat, pieces in enumerate(paid):
            state.round_gold[seat] += pieces
            game.gold_pieces[seat] += pieces
        state.result = GoldPiecesResult(reached, state.finder, open_to, winners, [])
        state.stealing = theft_order(state.thieves, state.trapped)
        next_thief(game)


def next_thief(game: Game) -> None:
    """Hand the turn to the next thief who has someone to rob, or end the round."""
    state = game.state
    while state.stealing:
        thief = state.stealing[0]
        if any(pieces for seat, pieces in enumerate(game.gold_pieces) if seat != thief):
            game.phase = "steal"
            state.to_move = thief
            return
        state.stealing.pop(0)  # nobody to rob: it steals nothing
    result = state.result
    assert isinstance(result, GoldPiecesResult)
    result.gold = list(state.round_gold)
    game.end_round(result)
