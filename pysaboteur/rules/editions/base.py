"""The base game (docs/rules.md): 3 to 10 players, miners and saboteurs, gold cards."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, ClassVar, Final

from ..cards import GOAL_CARDS, MINER, SABOTEUR
from ..gold import (
    SABOTEUR_PAY,
    finder_draw_count,
    first_picker,
    next_miner_counter_clockwise,
    pay_saboteur,
)
from ..results import MINERS, SABOTEURS, RoundResult
from ..shuffle import shuffle
from .edition import Deal, Edition

if TYPE_CHECKING:
    from ..game import Game

#: The 40 tunnel cards by printed code (docs/rules.md, "Components").
TUNNEL_COUNTS: Final[dict[str, int]] = {
    "NESW": 5, "NES": 5, "NEW": 5, "NS": 4, "EW": 3, "ES": 4, "SW": 5,
    "xNESW": 1, "xNES": 1, "xNEW": 1, "xNS": 1, "xEW": 1, "xES": 1, "xSW": 1, "xN": 1, "xW": 1,
}  # fmt: skip

#: The 27 action cards: broken tools, repairs (one or two tools), map, rockfall.
ACTION_CARDS: Final[dict[str, tuple[str, int]]] = {
    "break-pick": ("break", 3), "break-lamp": ("break", 3), "break-cart": ("break", 3),
    "fix-pick": ("fix", 2), "fix-lamp": ("fix", 2), "fix-cart": ("fix", 2),
    "fix-pick-lamp": ("fix", 1), "fix-pick-cart": ("fix", 1), "fix-lamp-cart": ("fix", 1),
    "map": ("map", 6), "rockfall": ("rockfall", 3),
}  # fmt: skip

#: The 28 gold cards: 16 of 1 nugget, 8 of 2, 4 of 3.
GOLD_CARDS: Final = (1,) * 16 + (2,) * 8 + (3,) * 4

#: Per player count: saboteurs in the role pool, hand size.
SABOTEURS_IN_POOL: Final = {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}
HAND_SIZE: Final = {3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}


class BaseGame(Edition):
    name = "base"
    aliases = ("saboteur", "saboteur1")
    title = "Saboteur"
    min_players = 3
    max_players = 10
    tunnel_counts: ClassVar = TUNNEL_COUNTS
    action_cards: ClassVar = ACTION_CARDS
    turn_kinds = ("discard", "pass", "take")
    role_codes = (MINER, SABOTEUR)
    reach = 64

    def hand_size(self, players: int) -> int:
        return HAND_SIZE[players]

    def role_pool(self, players: int) -> list[str]:
        """One more role card than there are players."""
        saboteurs = SABOTEURS_IN_POOL[players]
        return [SABOTEUR] * saboteurs + [MINER] * (players + 1 - saboteurs)

    def deal(self, rng: random.Random, players: int, first: int) -> Deal:
        roles, goals, cards = self.shuffled(rng, players)
        size = HAND_SIZE[players]
        hands = [cards[seat * size : (seat + 1) * size] for seat in range(players)]
        return Deal(first, roles[:-1], roles[-1], goals, hands, cards[players * size :])

    def deal_error(self, deal: Deal, players: int) -> str | None:
        if len(deal.roles) != players or Counter([*deal.roles, deal.set_aside]) != Counter(
            self.role_pool(players)
        ):
            return f'"roles" and "set_aside" must be exactly the role pool of {players} players'
        if sorted(deal.goals) != sorted(GOAL_CARDS):
            return '"goals" must be gold, stone-NE and stone-NW in some order'
        size = HAND_SIZE[players]
        if len(deal.hands) != players or any(len(hand) != size for hand in deal.hands):
            return f'"hands" must be {players} hands of {size} cards'
        dealt = [card for hand in deal.hands for card in hand] + deal.deck
        if Counter(dealt) != Counter(self.playing_cards):
            return '"hands" and "deck" must be exactly the 67 playing cards'
        return None

    # -- gold -------------------------------------------------------------------------

    def start_game(self, game: Game, rng: random.Random, gold_deck: list[int] | None) -> None:
        """The gold deck is shuffled once, before the first deal."""
        shuffled = list(GOLD_CARDS)
        shuffle(shuffled, rng)
        game.initial_gold_deck = list(gold_deck) if gold_deck is not None else shuffled
        game.gold_deck = list(game.initial_gold_deck)  # top first

    def gold_reached(self, game: Game, finder: int) -> None:
        state = game.state
        state.finder = finder
        count = finder_draw_count(game.options.gold_draw, game.players, state.roles)
        state.offer = game.gold_deck[:count]
        del game.gold_deck[:count]
        if not state.offer:
            game.end_round(RoundResult(MINERS, finder, list(state.round_gold)))
            return
        game.phase = "gold"
        offer_gold(game, first_picker(finder, state.roles))

    def round_exhausted(self, game: Game) -> None:
        state = game.state
        saboteurs = [seat for seat, role in enumerate(state.roles) if role == SABOTEUR]
        if saboteurs:  # else the only saboteur was set aside: nobody gets gold
            amount = SABOTEUR_PAY[len(saboteurs)]
            for seat in saboteurs:
                kept, drawn = pay_saboteur(game.gold_deck, amount)
                game.gold_kept[seat] += kept
                state.round_gold[seat] += sum(kept)
                if drawn:
                    game.gold_seen[seat].append(drawn)
        game.end_round(RoundResult(SABOTEURS, state.finder, list(state.round_gold)))


def offer_gold(game: Game, seat: int) -> None:
    """The gold still on offer goes to ``seat``, who looks at it and picks one."""
    game.state.to_move = seat
    game.gold_seen[seat].append(sorted(game.state.offer, reverse=True))


def next_picker(game: Game, seat: int) -> int:
    return next_miner_counter_clockwise(seat, game.state.roles)
