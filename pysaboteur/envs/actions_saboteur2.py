"""Saboteur 2's fixed integer action space: every legal move has one id.

The size depends only on the number of players (2 to 12).  As in the base
game's space (:mod:`.actions`), seats that moves aim at are counted from the
acting seat (``+0`` is the actor, ``+1`` the next seat in turn order), and
placements and rockfalls name a cell of a fixed **window**, here the 21 x 17
cells from ``x = -6`` to ``14`` and ``y = -8`` to ``8``: six cells beyond the
start and the goals on every side (ladders let Saboteur 2's maze spread
further than the base game's, so the window is wider than its 17 x 13).

**Hand slots.**  A Saboteur 2 discard takes 1 to 3 cards and a clear two, so
naming the cards would need tens of thousands of ids.  These ids name *hand
slots* instead: the seat's hand sorted in ``CARD_CODES`` order
(:func:`hand_slots`; the observation tensor shows it slot by slot), and a set
of slots.  Two slot sets that hold the same cards are the same move; the one
id a move has is its *canonical* set, which takes each card's first slots
(the hand is sorted, so equal cards sit side by side).  Only canonical ids are
ever legal.  A hand never holds more than 6 cards.

Blocks of ids, in order (``n`` players, ``C = 357`` cells, 60 faces):

========== ============== =====================================================
block      size           id
========== ============== =====================================================
place      60 * C         ``PLACE_START + face * C + cell`` (``FACES`` order)
rockfall   C              ``ROCKFALL_START + cell``
map        3              ``MAP_START + goal`` (goals at ``y = -2, 0, 2``)
discard    41             ``DISCARD_START + set`` (``DISCARD_SETS``: 1, 2 or 3 slots)
clear      5 * 15         ``CLEAR_START + front * 15 + pair`` (``FRONT_CARDS``, ``SLOT_PAIRS``)
pass       1              ``PASS_ACTION``
theft      1              ``THEFT_ACTION`` (always on the actor itself)
aimed      19 * n         ``AIMED_START + row * n + target`` (``AIMED`` rows)
========== ============== =====================================================

with ``cell = (y + 8) * 21 + (x + 6)``.  The aimed rows: the three broken
tools, the nine repairs (a double repair once per tool it mends),
``hands-off``, ``swap-hand``, ``inspection``, ``swap-hats``, ``trapped``,
``free-at-last`` and a thief's ``steal``.

>>> space = ActionSpace2(5)
>>> space.size
21993
>>> action = space.to_action(Move.parse("2 place NS+EW 3,-1"))
>>> action, space.describe(action)
(9438, 'place NS+EW 3,-1')
>>> hand = ["map", "NS", "NS", "theft"]
>>> hand_slots(hand)
['NS', 'NS', 'map', 'theft']
>>> action = space.to_action(Move.parse("1 discard NS map"), hand)
>>> str(space.to_move(action, seat=1, hand=hand)), space.describe(action)
('1 discard NS map', 'discard slots 0 2')
>>> str(space.to_move(space.to_action(Move.parse("2 trapped @0")), seat=2))
'2 trapped @0'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final

import numpy as np

from ..rules.cards import BREAK_TOOL, FIX_TOOLS, GOAL_CELLS
from ..rules.editions import find_edition
from ..rules.kinds.clear import FRONT_CARDS as ENGINE_FRONT_CARDS
from ..rules.moves import (
    BREAK,
    CLEAR,
    DISCARD,
    FIX,
    FREE_AT_LAST,
    HANDS_OFF,
    INSPECTION,
    MAP,
    PASS,
    PLACE,
    ROCKFALL,
    STEAL,
    SWAP_HAND,
    SWAP_HATS,
    THEFT,
    TRAPPED,
    Move,
)
from .encoding import Window, action_mask

EDITION: Final = find_edition("saboteur2")

#: The window of cells that path cards and rockfall can name.
X_MIN: Final = -6
X_MAX: Final = 14
Y_MIN: Final = -8
Y_MAX: Final = 8
WIDTH: Final = X_MAX - X_MIN + 1  # 21 columns
HEIGHT: Final = Y_MAX - Y_MIN + 1  # 17 rows
CELLS: Final = WIDTH * HEIGHT  # 357

#: Every face a tunnel card can lie as, card by card (printed, then turned).
FACES: Final = tuple(
    code for card in EDITION.tunnel_counts for _, code in EDITION.orientations[card]
)
#: Every card code of the edition, in the edition's order: hand slots are sorted so.
CARD_CODES: Final = tuple(EDITION.card_counts)
#: The most cards a hand can hold (dealt 6; no move makes a hand grow beyond).
HAND_SLOTS: Final = 6
#: The slot sets a discard can take: every set of 1, then 2, then 3 slots.
DISCARD_SETS: Final = tuple(
    slots for size in (1, 2, 3) for slots in combinations(range(HAND_SLOTS), size)
)
#: The slot pairs a clear discards.
SLOT_PAIRS: Final = tuple(combinations(range(HAND_SLOTS), 2))
#: What a clear can remove from in front of its seat.
FRONT_CARDS: Final = tuple(ENGINE_FRONT_CARDS)
#: The moves aimed at a seat, one row of ``n`` ids each: (kind, card, tool).
AIMED: Final = (
    *((BREAK, card, tool) for card, tool in BREAK_TOOL.items()),
    *((FIX, card, tool) for card, tools in FIX_TOOLS.items() for tool in tools),
    (HANDS_OFF, HANDS_OFF, ""),
    (SWAP_HAND, SWAP_HAND, ""),
    (INSPECTION, INSPECTION, ""),
    (SWAP_HATS, SWAP_HATS, ""),
    (TRAPPED, TRAPPED, ""),
    (FREE_AT_LAST, FREE_AT_LAST, ""),
    (STEAL, "", ""),
)

PLACE_START: Final = 0
ROCKFALL_START: Final = PLACE_START + len(FACES) * CELLS
MAP_START: Final = ROCKFALL_START + CELLS
DISCARD_START: Final = MAP_START + len(GOAL_CELLS)
CLEAR_START: Final = DISCARD_START + len(DISCARD_SETS)
PASS_ACTION: Final = CLEAR_START + len(FRONT_CARDS) * len(SLOT_PAIRS)
THEFT_ACTION: Final = PASS_ACTION + 1
AIMED_START: Final = THEFT_ACTION + 1


def action_count(players: int) -> int:
    """How many ids a game of ``players`` players has: ``21898 + 19 * players``."""
    return AIMED_START + len(AIMED) * players


#: ``cell_index(x, y)``: a cell's index in the window (row by row), None outside it;
#: ``cell_of(index)``: the ``(x, y)`` of an index.
WINDOW: Final = Window(X_MIN, X_MAX, Y_MIN, Y_MAX)
cell_index: Final = WINDOW.index
cell_of: Final = WINDOW.cell


_CARD_INDEX: Final = {code: index for index, code in enumerate(CARD_CODES)}


def hand_slots(hand: Iterable[str]) -> list[str]:
    """The hand as the slots of the ids see it: sorted in ``CARD_CODES`` order."""
    return sorted(hand, key=_CARD_INDEX.__getitem__)


_PLACE_FIRST: Final = {code: PLACE_START + i * CELLS for i, code in enumerate(FACES)}
_SET_INDEX: Final = {slots: index for index, slots in enumerate(DISCARD_SETS)}
_PAIR_INDEX: Final = {pair: index for index, pair in enumerate(SLOT_PAIRS)}
_FRONT_INDEX: Final = {card: index for index, card in enumerate(FRONT_CARDS)}
_AIMED_INDEX: Final = {row: index for index, row in enumerate(AIMED)}
_GOAL_INDEX: Final = {cell: index for index, cell in enumerate(GOAL_CELLS)}
_WITH_HAND: Final = (DISCARD, CLEAR)


def _canonical_slots(slots: Sequence[str], cards: Sequence[str]) -> tuple[int, ...]:
    """The slots a move's cards take: each card's first free slots, in order."""
    taken: list[int] = []
    for card in cards:
        slot = slots.index(card)  # ValueError: not in the hand
        while slot in taken:
            slot += 1
            if slot >= len(slots) or slots[slot] != card:
                raise ValueError(f"the hand {list(slots)} has too few {card}")
        taken.append(slot)
    return tuple(sorted(taken))


class ActionSpace2:
    """The ids of one player count of Saboteur 2, and the moves they stand for."""

    def __init__(self, players: int) -> None:
        EDITION.check_players(players)
        self.players = players
        self.size = action_count(players)

    def to_action(self, move: Move, hand: Sequence[str] | None = None) -> int | None:
        """The id of a legal move, or None for a cell outside the window.  Discards and
        clears need the mover's hand (in any order)."""
        kind = move.kind
        if kind == PLACE:
            cell = cell_index(move.x, move.y)
            return None if cell is None else _PLACE_FIRST[move.card] + cell
        if kind in _WITH_HAND:
            if hand is None:
                raise ValueError(f"the id of a {kind} depends on the hand: give it")
            slots = self._slots_of(hand)
            taken = _canonical_slots(slots, move.cards_played())
            if kind == DISCARD:
                return DISCARD_START + _SET_INDEX[taken]
            pair = _PAIR_INDEX[taken] if len(taken) == 2 else None
            if pair is None:
                raise ValueError(f"a clear discards two cards, not {len(taken)}")
            return CLEAR_START + _FRONT_INDEX[move.front] * len(SLOT_PAIRS) + pair
        if kind == ROCKFALL:
            cell = cell_index(move.x, move.y)
            return None if cell is None else ROCKFALL_START + cell
        if kind == MAP:
            return MAP_START + _GOAL_INDEX[move.x, move.y]
        if kind == PASS:
            return PASS_ACTION
        if kind == THEFT:
            return THEFT_ACTION
        row = _AIMED_INDEX.get((kind, move.card, move.tool))
        if row is None:
            raise ValueError(f"no action id for a move of kind {kind!r}")
        return AIMED_START + row * self.players + (move.target - move.seat) % self.players

    def to_move(self, action: int, seat: int, hand: Sequence[str] | None = None) -> Move:
        """The move that ``seat`` makes with id ``action`` (legal or not); discards and
        clears need the seat's hand, and slots it holds."""
        players = self.players
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is not an id of a {players}-player game")
        if action < ROCKFALL_START:
            face, cell = divmod(action - PLACE_START, CELLS)
            x, y = cell_of(cell)
            return Move(seat, PLACE, FACES[face], x, y)
        if action < MAP_START:
            x, y = cell_of(action - ROCKFALL_START)
            return Move(seat, ROCKFALL, ROCKFALL, x, y)
        if action < DISCARD_START:
            x, y = GOAL_CELLS[action - MAP_START]
            return Move(seat, MAP, MAP, x, y)
        if action < PASS_ACTION:
            if hand is None:
                raise ValueError(f"id {action} names hand slots: give the hand")
            slots = self._slots_of(hand)
            if action < CLEAR_START:
                taken = DISCARD_SETS[action - DISCARD_START]
                front = ""
            else:
                index, pair = divmod(action - CLEAR_START, len(SLOT_PAIRS))
                taken = SLOT_PAIRS[pair]
                front = FRONT_CARDS[index]
            if taken[-1] >= len(slots):
                raise ValueError(f"id {action} names slot {taken[-1]} of a hand of {len(slots)}")
            cards = sorted(slots[slot] for slot in taken)  # a move writes its cards sorted
            kind = CLEAR if front else DISCARD
            return Move(seat, kind, cards[0], also=tuple(cards[1:]), front=front)
        if action == PASS_ACTION:
            return Move(seat, PASS)
        if action == THEFT_ACTION:
            return Move(seat, THEFT, THEFT)
        row, target = divmod(action - AIMED_START, players)
        kind, card, tool = AIMED[row]
        return Move(seat, kind, card, target=(seat + target) % players, tool=tool)

    def describe(self, action: int) -> str:
        """The move of an id, the target counted from the actor, slots by number."""
        if DISCARD_START <= action < PASS_ACTION:
            if action < CLEAR_START:
                taken = DISCARD_SETS[action - DISCARD_START]
                head = "discard"
            else:
                index, pair = divmod(action - CLEAR_START, len(SLOT_PAIRS))
                taken = SLOT_PAIRS[pair]
                head = f"clear {FRONT_CARDS[index]}"
            return f"{head} slots {' '.join(map(str, taken))}"
        move = self.to_move(action, seat=0)
        if move.target >= 0:
            return move.notation().replace(f"@{move.target}", f"@+{move.target}")
        return move.notation()

    def legal_actions(
        self, legal_moves: Iterable[Move], hand: Sequence[str] | None = None
    ) -> dict[int, Move]:
        """The id of each legal move that has one, in the order of the moves; ``hand``
        is the mover's (needed when it may discard or clear)."""
        actions: dict[int, Move] = {}
        players = self.players
        first_of_face = _PLACE_FIRST
        slots: list[str] | None = None
        first_slot: dict[str, int] = {}
        for move in legal_moves:
            kind = move.kind
            if kind == PLACE:  # most moves, with the discards: worked out here, for speed
                x = move.x
                y = move.y
                if X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX:
                    actions[first_of_face[move.card] + (y - Y_MIN) * WIDTH + (x - X_MIN)] = move
                continue
            if kind in _WITH_HAND:
                if slots is None:
                    if hand is None:
                        raise ValueError("the ids of discards and clears depend on the hand")
                    slots = self._slots_of(hand)
                    for slot in range(len(slots) - 1, -1, -1):
                        first_slot[slots[slot]] = slot
                # A move's cards are sorted, so equal cards follow one another: each
                # takes the slot after the one its twin took.
                taken: list[int] = []
                previous = ""
                for card in (move.card, *move.also):
                    slot = taken[-1] + 1 if card == previous else first_slot[card]
                    taken.append(slot)
                    previous = card
                taken.sort()
                if kind == DISCARD:
                    actions[DISCARD_START + _SET_INDEX[tuple(taken)]] = move
                else:
                    pair = _PAIR_INDEX[taken[0], taken[1]]
                    actions[CLEAR_START + _FRONT_INDEX[move.front] * 15 + pair] = move
                continue
            if move.target >= 0 and kind != MAP:
                row = _AIMED_INDEX[kind, move.card, move.tool]
                actions[AIMED_START + row * players + (move.target - move.seat) % players] = move
                continue
            action = self.to_action(move)
            if action is not None:
                actions[action] = move
        return actions

    def mask(self, actions: Iterable[int]) -> np.ndarray:
        """An int8 vector with 1 at each of ``actions``."""
        return action_mask(self.size, actions)

    @staticmethod
    def _slots_of(hand: Sequence[str]) -> list[str]:
        if len(hand) > HAND_SLOTS:
            raise ValueError(f"a hand of {len(hand)} cards: the ids have {HAND_SLOTS} slots")
        return hand_slots(hand)


assert len(SLOT_PAIRS) == 15  # legal_actions writes the clear block's stride out
