"""Crafted games for the rule-by-rule tests.

A test states a situation as the moves that lead to it (its *script*); the
helpers here deal the round so that each seat holds exactly the cards its
moves need when it makes them, and fill the rest of the deal with the other
playing cards, so that every crafted deal is still the exact 67-card set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

from pysaboteur.rules import (
    Deal,
    Game,
    IllegalMove,
    Move,
    Options,
    game_to_record,
    public_observation,
    seat_observation,
)
from pysaboteur.rules.cards import (
    CARD_COUNTS,
    CARD_OF_SHAPE,
    GOLD_CARDS,
    HAND_SIZE,
    PLAYING_CARDS,
    parse_shape,
    role_pool,
)

#: Goal cards at y = -2, 0, 2 unless a test says otherwise: the gold in the middle.
GOLD_IN_THE_MIDDLE = ("stone-NE", "gold", "stone-NW")

#: The gold deck of crafted games unless a test says otherwise (top first).
PLAIN_GOLD_DECK = tuple(GOLD_CARDS)


def card_played_by(move: Move) -> str | None:
    """The printed card a move takes from its seat's hand, or None (pass, take)."""
    if move.kind == "place":
        return CARD_OF_SHAPE[parse_shape(move.card)]
    if move.kind in ("pass", "take"):
        return None
    return move.card


def printed(card: str) -> str:
    """A card's printed code, also when given as a shape it lies as (``NSW`` is ``NES``)."""
    if card in CARD_COUNTS:
        return card
    return CARD_OF_SHAPE[parse_shape(card)]


def default_roles(players: int) -> tuple[list[str], str]:
    """Miners in the low seats, saboteurs in the high ones, a saboteur set aside."""
    pool = sorted(role_pool(players))  # "miner" sorts before "saboteur"
    return pool[:-1], pool[-1]


def crafted_deal(
    players: int = 3,
    *,
    script: Sequence[str] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    roles: Sequence[str] | None = None,
    set_aside: str | None = None,
    goals: Sequence[str] = GOLD_IN_THE_MIDDLE,
    first: int = 0,
) -> Deal:
    """A deal of the exact 67 playing cards in which ``script`` can be played.

    Each seat's hand starts with ``hands[seat]``, then the cards its moves in
    ``script`` play, in order; a seat that plays more cards than its hand holds
    gets the rest from the draw pile, placed where it will draw them.  The
    other places of the draw pile take ``deck_top`` from the top, then the
    remaining cards in their fixed order (``cards.PLAYING_CARDS``).
    """
    size = HAND_SIZE[players]
    extra = [[printed(card) for card in (hands or {}).get(seat, ())] for seat in range(players)]
    needed: list[list[str]] = [[] for _ in range(players)]
    from_pile: dict[int, str] = {}  # draw-pile index (top = 0) -> card
    plays_by_seat: list[list[int]] = [[] for _ in range(players)]  # draw index of each play
    draws = 0
    for text in script:
        move = Move.parse(text)
        if move.kind == "take":
            continue  # gold picks neither play a card nor draw one
        card = card_played_by(move)
        if card is not None:
            seat = move.seat
            room = size - len(extra[seat])  # cards of the script the dealt hand holds
            plays = plays_by_seat[seat]
            if len(plays) < room:
                needed[seat].append(card)
            elif room > 0:
                # After each play the seat draws one card, so the card for its
                # k-th play can be the one it draws after its (k - room)-th.
                from_pile[plays[len(plays) - room]] = card
            else:
                raise ValueError(f"seat {seat}'s hand has no room for the cards it plays")
            plays.append(draws)
        draws += 1
    wanted = [extra[seat] + needed[seat] for seat in range(players)]
    top = [printed(card) for card in deck_top]
    pool = Counter(PLAYING_CARDS)
    for card in [*(c for hand in wanted for c in hand), *from_pile.values(), *top]:
        if pool[card] <= 0:
            raise ValueError(f"the crafted deal needs one {card} card too many")
        pool[card] -= 1
    rest = []
    for card in PLAYING_CARDS:
        if pool[card] > 0:
            pool[card] -= 1
            rest.append(card)
    dealt_hands = []
    for seat in range(players):
        hand = wanted[seat]
        if len(hand) > size:
            raise ValueError(f"seat {seat} would hold {len(hand)} cards, more than {size}")
        missing = size - len(hand)
        dealt_hands.append(hand + rest[:missing])
        del rest[:missing]
    deck: list[str] = []
    for index in range(len(PLAYING_CARDS) - players * size):
        if index in from_pile:
            deck.append(from_pile[index])
        elif top:
            deck.append(top.pop(0))
        else:
            deck.append(rest.pop(0))
    if roles is None:
        chosen_roles, chosen_aside = default_roles(players)
    else:
        chosen_roles = list(roles)
        chosen_aside = set_aside if set_aside is not None else _left_over_role(players, roles)
    if Counter([*chosen_roles, chosen_aside]) != Counter(role_pool(players)):
        raise ValueError("roles and the set-aside card must be the role pool")
    return Deal(first, chosen_roles, chosen_aside, list(goals), dealt_hands, deck)


def _left_over_role(players: int, roles: Sequence[str]) -> str:
    left = Counter(role_pool(players)) - Counter(roles)
    if sum(left.values()) != 1:
        raise ValueError("roles must leave exactly one card of the role pool")
    return next(iter(left))


def crafted_game(
    players: int = 3,
    *,
    script: Sequence[str] = (),
    then: Sequence[str] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    roles: Sequence[str] | None = None,
    set_aside: str | None = None,
    goals: Sequence[str] = GOLD_IN_THE_MIDDLE,
    first: int = 0,
    options: Options | None = None,
    gold_deck: Sequence[int] = PLAIN_GOLD_DECK,
    later_deals: Sequence[Deal] = (),
    seed: int = 0,
) -> Game:
    """A game whose first round is dealt by :func:`crafted_deal` and whose
    ``script`` has been played.  The cards of the moves in ``then`` are dealt
    too, as if they followed the script, but those moves are left to the test.
    """
    deal = crafted_deal(
        players,
        script=[*script, *then],
        hands=hands,
        deck_top=deck_top,
        roles=roles,
        set_aside=set_aside,
        goals=goals,
        first=first,
    )
    game = Game(
        players,
        options,
        seed,
        first=first,
        gold_deck=list(gold_deck),
        deals=[deal, *later_deals],
    )
    play(game, script)
    return game


def play(game: Game, moves: Iterable[str]) -> None:
    """Play moves given as text; an illegal one raises ``IllegalMove``."""
    for text in moves:
        game.play(text)


def discard_until_round_ends(game: Game) -> None:
    """Every seat discards its first card (or passes) until the round in play ends."""
    number = game.round_number
    while game.round_number == number and not game.is_over:
        seat = game.to_move
        assert seat is not None
        hand = game.hands[seat]
        game.play(f"{seat} discard {hand[0]}" if hand else f"{seat} pass")


#: Cards that lie open east and west, in the order :func:`corridor` uses them:
#: 5 NEW, 5 NESW, then the scarce EW cards (13 in all).
CORRIDOR_SHAPES = ("NEW",) * 5 + ("NESW",) * 5 + ("EW",) * 3


def corridor(
    cells: Iterable[tuple[int, int]], shapes: Sequence[str] = CORRIDOR_SHAPES
) -> list[str]:
    """``place`` notations (without seats) laying cards open east and west at ``cells``."""
    cells = list(cells)
    if len(cells) > len(shapes):
        raise ValueError(f"{len(cells)} cells but only {len(shapes)} cards")
    return [f"place {shape} {x},{y}" for shape, (x, y) in zip(shapes, cells, strict=False)]


def in_turn(notations: Iterable[str], players: int = 3, first: int = 0) -> list[str]:
    """Moves made in turn order from seat ``first``: each notation gets its seat."""
    return [f"{(first + index) % players} {text}" for index, text in enumerate(notations)]


def to_middle_goal(players: int = 3, first: int = 0) -> list[str]:
    """The seven placements, in turn from ``first``, that reach the goal at 8,0 from the west."""
    return in_turn(corridor((x, 0) for x in range(1, 8)), players, first)


def snapshot(game: Game) -> dict[str, Any]:
    """Everything about a game that a move could change, for before/after checks."""
    return {
        "record": game_to_record(game),
        "public": public_observation(game),
        "seats": [seat_observation(game, seat) for seat in range(game.players)],
        "hands": [list(hand) for hand in game.hands],
        "draw_pile": list(game.draw_pile),
        "cells": dict(game.maze.cells),
        "network": set(game.maze.network),
        "revealed": list(game.maze.revealed),
        "broken": list(game.broken),
        "maps": [dict(known) for known in game.maps],
        "discards": list(game.discards),
        "phase": game.phase,
        "to_move": game.to_move,
        "offer": list(game.offer),
        "gold_deck": list(game.gold_deck),
        "gold_kept": [list(kept) for kept in game.gold_kept],
        "gold_seen": [[list(look) for look in looks] for looks in game.gold_seen],
        "turns": (game.last_turn, game.last_path, game.finder, game.round_number),
    }


def check_accepted_iff_generated(
    game: Game,
    moves: Sequence[Move] | Sequence[str],
    picture: Callable[[Game], Any] = snapshot,
) -> None:
    """Each move is accepted if and only if it is generated; rejected moves change
    nothing (``picture`` is what "nothing" compares: :func:`snapshot` by default)."""
    legal = game.legal_moves()
    before = picture(game)
    for move in moves:
        try:
            parsed = Move.parse(move) if isinstance(move, str) else move
        except ValueError:
            parsed = None
        reason = None if parsed is None else game.why_illegal(parsed)
        if parsed is not None and reason is None:
            assert parsed in legal, f"{parsed!r} is accepted but not generated"
            game.copy().play(move)
            continue
        assert parsed not in legal, f"{parsed!r} is generated but rejected: {reason}"
        with pytest.raises(IllegalMove):
            game.play(move)
    # Comparing after each move would cost most of the test's time; a change by any
    # of them shows here, and hypothesis then shrinks the moves to the one that did it.
    assert picture(game) == before, f"one of the rejected moves {moves} changed the game"


def refusal(game: Game, text: str) -> str:
    """The reason ``game`` refuses the move ``text``; fails if it is accepted or
    if refusing it changed anything (legal-move list included)."""
    before = snapshot(game)
    legal_before = game.legal_moves()
    try:
        game.play(text)
    except IllegalMove as error:
        assert snapshot(game) == before, f"refusing {text!r} changed the game"
        assert game.legal_moves() == legal_before
        assert text not in {str(move) for move in legal_before}
        return error.reason
    raise AssertionError(f"{text!r} was accepted")
