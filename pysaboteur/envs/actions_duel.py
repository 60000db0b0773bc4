"""The Duel's fixed integer action space: every legal move has one id.

The deck is data (docs/rules-duel.md, "The deck file"), so the space is made
from a deck: its path cards' faces and its repairs.  With the shipped deck it
has 17,935 ids.  Cells are those of a fixed **window**, the 21 x 17 cells from
``x = -6`` to ``14`` and ``y = -8`` to ``8`` (as Saboteur 2's: six cells beyond
the starts and the goals); a move on a cell outside it has no id.

**Hand slots.**  Discards (1 or 2 cards) and clears (2 cards) name *slots* of
the hand sorted in the deck's card order (:meth:`ActionSpaceDuel.hand_slots`),
each move by its canonical slot set (each card's first slots), as Saboteur 2's
space does (:mod:`.actions_saboteur2`).

Blocks of ids, in order (``F`` faces, ``C = 357`` cells, ``R`` repair rows):

========== ========== ==========================================================
block      size       id
========== ========== ==========================================================
place      F * C      ``face * C + cell`` (the deck's faces: printed, then turned)
rockfall   C          a path card removed
key        C          a key laid on a card's doors
bribe      C          a counter laid on a card's troll
map        6          a goal looked at (``GOAL_CELLS`` order)
discard    21         1 or 2 slots
clear      3 * 15     a broken tool removed, two slots discarded
break      3          a tool broken in front of the other player
fix        R          a repair on oneself: (card, tool) rows of the deck's repairs
pass       1
========== ========== ==========================================================

with ``cell = (y + 8) * 21 + (x + 6)``.

>>> space = ActionSpaceDuel()
>>> space.size
17935
>>> action = space.to_action(Move.parse("0 place NESW/troll@S 1,-1"))
>>> space.describe(action)
'place NESW/troll@S 1,-1'
>>> str(space.to_move(space.to_action(Move.parse("1 bribe 3,0")), seat=1))
'1 bribe 3,0'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, Final

import numpy as np

from ..rules.cards import BREAK_TOOL
from ..rules.duel_deck import DuelDeck, load_deck
from ..rules.duel_maze import GOAL_CELLS
from ..rules.kinds.bribe import BRIBE
from ..rules.kinds.key import KEY
from ..rules.moves import BREAK, CLEAR, DISCARD, FIX, MAP, PASS, PLACE, ROCKFALL, Move
from .encoding import Window, action_mask

#: The window of cells that placements, rockfalls, keys and bribes name.
WINDOW: Final = Window(-6, 14, -8, 8)
CELLS: Final = WINDOW.width * WINDOW.height
HAND_SLOTS: Final = 6
DISCARD_SETS: Final = tuple(slots for size in (1, 2) for slots in combinations(range(6), size))
SLOT_PAIRS: Final = tuple(combinations(range(HAND_SLOTS), 2))
#: The broken tools a clear removes, and those a break card lays.
FRONTS: Final = tuple(BREAK_TOOL)
_CELL_KINDS: Final = (ROCKFALL, KEY, BRIBE)


class ActionSpaceDuel:
    """The ids of the Duel played with one deck, and the moves they stand for."""

    def __init__(self, players: int = 2, deck: Any = None) -> None:
        if players != 2:
            raise ValueError(f"Saboteur: The Duel is for 2 players, not {players}")
        self.players = 2
        self.deck: DuelDeck = load_deck(deck)
        #: Every face a path card of the deck can lie as.
        self.faces: tuple[str, ...] = tuple(
            code for entry in self.deck.paths for code in self.deck.orientations[entry.code]
        )
        #: The repairs of the deck, one row per tool each mends.
        self.repairs: tuple[tuple[str, str], ...] = tuple(
            (entry.code, tool)
            for entry in self.deck.actions
            if entry.code.startswith("fix-")
            for tool in entry.code.split("-")[1:]
        )
        self._card_order = {card: index for index, card in enumerate(dict.fromkeys(
            self.deck.playing_cards
        ))}  # fmt: skip
        self._face_index = {face: index for index, face in enumerate(self.faces)}
        self._repair_index = {row: index for index, row in enumerate(self.repairs)}
        self.cell_start = {ROCKFALL: len(self.faces) * CELLS}
        self.cell_start[KEY] = self.cell_start[ROCKFALL] + CELLS
        self.cell_start[BRIBE] = self.cell_start[KEY] + CELLS
        self.map_start = self.cell_start[BRIBE] + CELLS
        self.discard_start = self.map_start + len(GOAL_CELLS)
        self.clear_start = self.discard_start + len(DISCARD_SETS)
        self.break_start = self.clear_start + len(FRONTS) * len(SLOT_PAIRS)
        self.fix_start = self.break_start + len(FRONTS)
        self.pass_action = self.fix_start + len(self.repairs)
        self.size = self.pass_action + 1

    def hand_slots(self, hand: Iterable[str]) -> list[str]:
        """The hand as the slots of the ids see it: sorted in the deck's card order."""
        return sorted(hand, key=self._card_order.__getitem__)

    def to_action(self, move: Move, hand: Sequence[str] | None = None) -> int | None:
        """The id of a move (None for a cell outside the window); discards and clears
        need the mover's hand."""
        kind = move.kind
        if kind in (PLACE, *_CELL_KINDS):
            cell = WINDOW.index(move.x, move.y)
            if cell is None:
                return None
            if kind == PLACE:
                return self._face_index[move.card] * CELLS + cell
            return self.cell_start[kind] + cell
        if kind == MAP:
            return self.map_start + GOAL_CELLS.index(move.cell)
        if kind in (DISCARD, CLEAR):
            if hand is None:
                raise ValueError(f"the id of a {kind} depends on the hand: give it")
            taken = _canonical_slots(self.hand_slots(hand), move.cards_played())
            if kind == DISCARD:
                return self.discard_start + DISCARD_SETS.index(taken)
            front = FRONTS.index(move.front)
            return self.clear_start + front * len(SLOT_PAIRS) + SLOT_PAIRS.index(taken)
        if kind == BREAK:
            return self.break_start + FRONTS.index(move.card)
        if kind == FIX:
            return self.fix_start + self._repair_index[move.card, move.tool]
        if kind == PASS:
            return self.pass_action
        raise ValueError(f"no action id for a move of kind {kind!r}")

    def to_move(self, action: int, seat: int, hand: Sequence[str] | None = None) -> Move:
        """The move ``seat`` makes with id ``action`` (legal or not)."""
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is not an id of this Duel's space")
        if action < self.cell_start[ROCKFALL]:
            face, cell = divmod(action, CELLS)
            x, y = WINDOW.cell(cell)
            return Move(seat, PLACE, self.faces[face], x, y)
        if action < self.map_start:
            for kind in reversed(_CELL_KINDS):
                if action >= self.cell_start[kind]:
                    x, y = WINDOW.cell(action - self.cell_start[kind])
                    return Move(seat, kind, "" if kind == BRIBE else kind, x, y)
        if action < self.discard_start:
            x, y = GOAL_CELLS[action - self.map_start]
            return Move(seat, MAP, MAP, x, y)
        if action < self.break_start:
            if hand is None:
                raise ValueError(f"id {action} names hand slots: give the hand")
            slots = self.hand_slots(hand)
            front = ""
            if action < self.clear_start:
                taken = DISCARD_SETS[action - self.discard_start]
            else:
                index, pair = divmod(action - self.clear_start, len(SLOT_PAIRS))
                taken, front = SLOT_PAIRS[pair], FRONTS[index]
            if taken[-1] >= len(slots):
                raise ValueError(f"id {action} names slot {taken[-1]} of a hand of {len(slots)}")
            cards = sorted(slots[slot] for slot in taken)
            kind = CLEAR if front else DISCARD
            return Move(seat, kind, cards[0], also=tuple(cards[1:]), front=front)
        if action < self.fix_start:
            card = FRONTS[action - self.break_start]
            return Move(seat, BREAK, card, target=1 - seat, tool=BREAK_TOOL[card])
        if action < self.pass_action:
            card, tool = self.repairs[action - self.fix_start]
            return Move(seat, FIX, card, target=seat, tool=tool)
        return Move(seat, PASS)

    def describe(self, action: int) -> str:
        """The move of an id: discards and clears by slot, aimed moves at ``@other``."""
        if self.discard_start <= action < self.break_start:
            if action < self.clear_start:
                return "discard slots " + " ".join(
                    map(str, DISCARD_SETS[action - self.discard_start])
                )
            index, pair = divmod(action - self.clear_start, len(SLOT_PAIRS))
            return f"clear {FRONTS[index]} slots " + " ".join(map(str, SLOT_PAIRS[pair]))
        return self.to_move(action, seat=0).notation()

    def legal_actions(
        self, legal_moves: Iterable[Move], hand: Sequence[str] | None = None
    ) -> dict[int, Move]:
        """The id of each legal move that has one, in the order of the moves."""
        actions: dict[int, Move] = {}
        for move in legal_moves:
            action = self.to_action(move, hand)
            if action is not None:
                actions[action] = move
        return actions

    def mask(self, actions: Iterable[int]) -> np.ndarray:
        return action_mask(self.size, actions)


def _canonical_slots(slots: Sequence[str], cards: Sequence[str]) -> tuple[int, ...]:
    """The slots a move's cards take: each card's first free slots."""
    taken: list[int] = []
    for card in cards:
        slot = slots.index(card)
        while slot in taken:
            slot += 1
            if slot >= len(slots) or slots[slot] != card:
                raise ValueError(f"the hand {list(slots)} has too few {card}")
        taken.append(slot)
    return tuple(sorted(taken))
