"""Crafted Saboteur 2 games for the rule-by-rule tests (docs/rules-saboteur2.md).

As in :mod:`scenarios` (the base game), a test states a situation as the moves
that lead to it (its *script*).  The deal is worked out by following the
script card slot by card slot: every seat starts with six empty slots and the
draw pile is a row of empty slots; each card a move plays fills an empty slot
of the hand it leaves (unless the test already put that card there), and the
moves' draws and ``swap-hand`` exchanges move the slots around exactly as the
engine moves cards.  The slots nobody filled take the other playing cards in
their fixed order, so every crafted deal is still exactly the 111 playing
cards, 10 of them removed, and the roles with the reserve are exactly the 15
dwarf cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from pysaboteur.rules import Deal, Game, Move, Options
from pysaboteur.rules.editions.saboteur2 import (
    DWARF_CARDS,
    HAND_SIZE,
    REMOVED_PER_ROUND,
    Saboteur2,
)

EDITION = "saboteur2"
PLAYING_CARDS: tuple[str, ...] = Saboteur2.playing_cards
#: The 15 dwarf cards in a fixed order.
DWARVES: tuple[str, ...] = tuple(role for role, count in DWARF_CARDS.items() for _ in range(count))

#: Goal cards at y = -2, 0, 2 unless a test says otherwise: the gold in the middle.
GOLD_IN_THE_MIDDLE = ("stone-NE", "gold", "stone-NW")

#: Seven cards open east and west, laid at 1,0 .. 7,0 by :func:`to_middle_goal`:
#: none of them carries a door, a ladder or a crystal.
PLAIN_CORRIDOR = ("NEW", "NEW", "NEW", "NEW", "NEW", "NESW", "NESW")


def printed(card: str) -> str:
    """A card's printed code, also when given as a face it lies as (``NSW`` is ``NES``)."""
    found = Saboteur2().card_of(card)
    if found is None:
        raise ValueError(f"Saboteur 2 has no card {card!r}")
    return found


def cards_played(move: Move) -> tuple[str, ...]:
    """The printed cards a move takes from its seat's hand."""
    if move.kind == "place":
        return (printed(move.card),)
    return move.cards_played()


def draws_after(move: Move) -> int:
    """How many cards the acting seat draws after the move (while the pile lasts)."""
    if move.kind in ("steal", "swap-hand"):
        return 0
    if move.kind == "discard":
        return len(move.cards_played())
    return 1


def rest_of_dwarves(roles: Sequence[str]) -> list[str]:
    """The dwarf cards not among ``roles``, in their fixed order: a reserve."""
    left = Counter(DWARVES) - Counter(roles)
    if Counter(roles) - Counter(DWARVES):
        raise ValueError(f"{list(roles)} are not among the 15 dwarf cards")
    return [role for role in dict.fromkeys(DWARVES) for _ in range(left[role])]


def crafted_deal(
    players: int = 3,
    *,
    roles: Sequence[str],
    script: Sequence[str] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    reserve: Sequence[str] | None = None,
    removed: Sequence[str] | None = None,
    goals: Sequence[str] = GOLD_IN_THE_MIDDLE,
    first: int = 0,
) -> Deal:
    """A deal of the exact 111 playing cards and 15 dwarf cards in which
    ``script`` can be played.

    ``hands[seat]`` are cards the seat holds from the start besides those its
    moves play; ``deck_top`` are the top cards of the draw pile;
    ``reserve`` is the role reserve, top first (by default the dwarf cards
    that ``roles`` leave, in a fixed order); ``removed`` the ten cards removed.
    The script is followed only until a move that is not a turn (a steal).
    """
    pile_size = len(PLAYING_CARDS) - REMOVED_PER_ROUND - players * HAND_SIZE
    slots: list[str] = [""] * (players * HAND_SIZE + pile_size)  # hands, then the pile
    held = [list(range(seat * HAND_SIZE, (seat + 1) * HAND_SIZE)) for seat in range(players)]
    for seat, cards in (hands or {}).items():
        if len(cards) > HAND_SIZE:
            raise ValueError(f"seat {seat} would hold {len(cards)} cards, more than {HAND_SIZE}")
        for slot, card in zip(held[seat], cards, strict=False):
            slots[slot] = printed(card)
    pile = list(range(players * HAND_SIZE, len(slots)))  # top first
    for slot, card in zip(pile, deck_top, strict=False):
        slots[slot] = printed(card)
    for text in script:
        move = Move.parse(text)
        if move.kind == "steal":
            break
        hand = held[move.seat]
        for card in cards_played(move):
            # A slot already holding the card, else an empty one.
            found = next((index for index in hand if slots[index] == card), None)
            if found is None:
                found = next((index for index in hand if not slots[index]), None)
            if found is None:
                raise ValueError(f"seat {move.seat}'s hand has no room for {text!r}")
            slots[found] = card
            hand.remove(found)
        if move.kind == "swap-hand":
            held[move.seat], held[move.target] = held[move.target], held[move.seat]
            if pile:
                held[move.target].append(pile.pop(0))
        for _ in range(draws_after(move)):
            if pile:
                hand.append(pile.pop(0))
    left = Counter(PLAYING_CARDS)
    chosen_removed = [printed(card) for card in removed or ()]
    for card in [*filter(None, slots), *chosen_removed]:
        if left[card] <= 0:
            raise ValueError(f"the crafted deal needs one {card} card too many")
        left[card] -= 1
    rest = [card for card in dict.fromkeys(PLAYING_CARDS) for _ in range(left[card])]
    if removed is None:
        # The end of the fixed order is the expansion's action cards: removing
        # those keeps the filler cards of hands and pile plain path cards.
        chosen_removed, rest = rest[-REMOVED_PER_ROUND:], rest[:-REMOVED_PER_ROUND]
    if len(chosen_removed) != REMOVED_PER_ROUND:
        raise ValueError(f"{len(chosen_removed)} cards removed, not {REMOVED_PER_ROUND}")
    for index, card in enumerate(slots):
        if not card:
            slots[index] = rest.pop(0)
    dealt = [slots[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
    chosen_reserve = rest_of_dwarves(roles) if reserve is None else list(reserve)
    if len(roles) != players or Counter([*roles, *chosen_reserve]) != Counter(DWARVES):
        raise ValueError("roles (one a seat) and the reserve must be the 15 dwarf cards")
    return Deal(
        first,
        list(roles),
        "",
        list(goals),
        dealt,
        slots[players * HAND_SIZE :],
        chosen_reserve,
        chosen_removed,
    )


def crafted_game(
    players: int = 3,
    *,
    roles: Sequence[str],
    script: Sequence[str] = (),
    then: Sequence[str] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    reserve: Sequence[str] | None = None,
    removed: Sequence[str] | None = None,
    goals: Sequence[str] = GOLD_IN_THE_MIDDLE,
    first: int = 0,
    options: Options | None = None,
    later_deals: Sequence[Deal] = (),
    seed: int = 0,
) -> Game:
    """A Saboteur 2 game whose first round is dealt by :func:`crafted_deal`
    and whose ``script`` has been played.  The cards of the moves in ``then``
    are dealt too, as if they followed the script, but those moves are left to
    the test."""
    deal = crafted_deal(
        players,
        roles=roles,
        script=[*script, *then],
        hands=hands,
        deck_top=deck_top,
        reserve=reserve,
        removed=removed,
        goals=goals,
        first=first,
    )
    game = Game(players, options, seed, first=first, deals=[deal, *later_deals], edition=EDITION)
    play(game, script)
    return game


def play(game: Game, moves: Iterable[str]) -> None:
    """Play moves given as text; an illegal one raises ``IllegalMove``."""
    for text in moves:
        game.play(text)


def in_turn(notations: Iterable[str], players: int = 3, first: int = 0) -> list[str]:
    """Moves made in turn order from seat ``first``: each notation gets its seat."""
    return [f"{(first + index) % players} {text}" for index, text in enumerate(notations)]


def to_middle_goal(
    players: int = 3, first: int = 0, faces: Sequence[str] = PLAIN_CORRIDOR
) -> list[str]:
    """The seven placements at 1,0 .. 7,0, in turn from ``first``, that reach
    the goal at 8,0 from the west; ``faces`` are the cards as they lie."""
    if len(faces) != 7:
        raise ValueError("the corridor to the middle goal is seven cards long")
    return in_turn((f"place {face} {x},0" for x, face in enumerate(faces, 1)), players, first)


def finder_first(finder: int, players: int = 3) -> int:
    """The seat that must begin for ``finder`` to lay the seventh card of the corridor."""
    return (finder - 6) % players


def discard_some(game: Game, keep: Iterable[str] = ()) -> str:
    """The seat to move discards up to three of its cards not in ``keep`` (or
    passes with an empty hand); the move made."""
    seat = game.to_move
    assert seat is not None
    kept = list(keep)
    hand = sorted(game.hands[seat])
    spare = [card for card in hand if card not in kept][:3]
    if not hand:
        text = f"{seat} pass"
    elif not spare:
        raise ValueError(f"seat {seat} holds only cards to keep: {hand}")
    else:
        text = f"{seat} discard {' '.join(spare)}"
    game.play(text)
    return text


def empty_the_pile(game: Game, keep: Iterable[str] = ()) -> None:
    """Seats discard in turn, keeping the cards in ``keep``, until the draw pile is empty."""
    kept = list(keep)
    while game.draw_pile:
        discard_some(game, kept)


def exhaust_round(game: Game) -> None:
    """Seats discard in turn until the round in play ends without the gold
    (steals, if any, are left to the test)."""
    number = game.round_number
    while game.round_number == number and game.phase == "play" and not game.is_over:
        discard_some(game)
