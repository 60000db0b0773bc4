"""Exact Duel positions, stated as the moves that lead to them (as tests/scenarios.py
does for the other editions), with decks made for the situation a test needs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from pysaboteur.rules import Deal, Game
from pysaboteur.rules.duel_deck import DuelDeck, deck_from_dict, shipped_deck
from pysaboteur.rules.duel_game import DuelGame

SHIPPED = Path(__file__).parent.parent / "pysaboteur" / "rules" / "editions" / "duel_deck.json"
#: The shipped deck's first six goals: what a round of a scenario lies out.
GOALS = ["xNEW", "xNESW", "xNSW", "NESW", "SW/gold2@S", "ES/gold2@E"]

#: Goals open on all four sides, so that any cross next to one matches it.
OPEN_GOALS = ["xNESW", "NESW", "NS+EW", "NE+SW", "NW+ES", "NESW/gold2@N"]
CROSS = "NESW/gold1@N"
TROLL = "NEW/troll@E"


def crosses_deck() -> DuelDeck:
    """A deck for long tunnels: 30 one-nugget crosses and 4 trolls, with goals that
    are open on every side (and the shipped deck's action cards)."""
    data: dict[str, Any] = json.loads(SHIPPED.read_text("utf-8"))
    data["paths"] = [
        {"code": CROSS, "count": 30, "source": "test"},
        {"code": TROLL, "count": 4, "source": "test"},
    ]
    goals = [
        *OPEN_GOALS,
        "NESW/door-green@N", "NESW/door-green@E", "NESW/door-blue@N", "NESW/door-blue@E",
        "NESW/gold3@N", "NS+EW/gold1@N", "NS+EW/gold1@E", "NE+SW/gold1@N", "NW+ES/gold1@N",
        "NE+SW/gold2@N", "NS+EW/gold2@N", "NW+ES/gold2@N",
    ]  # fmt: skip
    data["goals"] = [{"code": code, "source": "test"} for code in goals]
    return deck_from_dict(data)


def duel(
    green: list[str],
    blue: list[str],
    *,
    goals: list[str] | None = None,
    deck: DuelDeck | None = None,
    pile_top: list[str] | None = None,
) -> DuelGame:
    """A Duel whose first round deals these hands (6 cards each); the draw pile holds
    the other cards, ``pile_top`` first, then the rest in the deck's order."""
    deck = deck or shipped_deck()
    rest = Counter(deck.playing_cards) - Counter(green) - Counter(blue)
    top = list(pile_top or [])
    rest -= Counter(top)
    pile = top + [card for card in deck.playing_cards if rest[card] and not _take(rest, card)]
    deal = Deal(0, ["green", "blue"], "", list(goals or GOALS), [green, blue], pile)
    game = Game(2, None, 0, edition="duel", deals=[deal], deck=deck)
    assert isinstance(game, DuelGame)
    return game


def _take(rest: Counter[str], card: str) -> bool:
    rest[card] -= 1
    return False


def blue_discards(game: DuelGame) -> None:
    """Blue's turn, spent discarding the first card of the hand."""
    game.play(f"1 discard {game.hands[1][0]}")


def empty_hand_beside_a_troll() -> DuelGame:
    """Green to move with an empty hand, the pile out and blue holding map and
    rockfall, while green's troll at 1,-1 is not bribed yet: the pass of an empty
    hand and the bribe are both legal."""
    game = duel(
        [TROLL, "EW", "NS", "SW", "map", "rockfall"], ["NS", "EW", "ES", "SW", "map", "rockfall"]
    )
    game.play(f"0 place {TROLL} 1,-1")
    while game.hands[0] or game.to_move != 0:  # green discards two at a time, blue one
        seat = game.to_move
        assert seat is not None
        hand = sorted(game.hands[seat])
        game.play(f"{seat} discard {' '.join(hand[:2] if seat == 0 else hand[:1])}")
    return game
