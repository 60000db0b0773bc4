"""A fixed integer action space: every move of the engine has an id.

The size depends only on the number of players.  Ids name *moves*, not hand
slots: two identical cards in a hand give the same move, hence the same id.
Seats that moves aim at (broken tools, repairs) are counted from the acting
seat, as the observation tensor counts them: ``+0`` is the actor itself, ``+1``
the next seat in turn order, and so on.

Path cards and rockfall name a cell of the **window**: the 17 x 13 cells from
``x = -4`` to ``12`` and ``y = -6`` to ``6``, four cells beyond the start and
the goals on every side.  A legal move at a cell outside it has no id; bots in
self-play almost never have one (see ``docs/envs.md``), and a seat always keeps
a legal move with an id (a discard, a pass or a take), so a mask is never empty.

Blocks of ids, in order (``n`` players, ``C = 221`` cells):

========== ============== =====================================================
block      size           id
========== ============== =====================================================
place      26 * C         ``PLACE_START + shape * C + cell`` (shape as it lies)
rockfall   C              ``ROCKFALL_START + cell``
map        3              ``MAP_START + goal`` (goals at ``y = -2, 0, 2``)
discard    27             ``DISCARD_START + card`` (card codes in ``CARD_CODES`` order)
take       3              ``TAKE_START + value - 1``
pass       1              ``PASS_ACTION``
break      3 * n          ``BREAK_START + tool * n + target`` (pick, lamp, cart)
fix        9 * n          ``fix_start(n) + repair * n + target``
========== ============== =====================================================

with ``cell = (y + 6) * 17 + (x + 4)``, so that the cells of a block reshape to
``(13, 17)`` rows and columns as the maze is drawn.

>>> space = ActionSpace(5)
>>> space.size
6061
>>> action = space.to_action(Move.parse("2 place NSW 3,-1"))
>>> action, space.describe(action)
(534, 'place NSW 3,-1')
>>> str(space.to_move(action, seat=2))
'2 place NSW 3,-1'
>>> str(space.to_move(space.to_action(Move.parse("2 break-lamp @0")), seat=2))
'2 break-lamp @0'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import numpy as np

from ..rules.cards import (
    BREAK_TOOL,
    CARD_COUNTS,
    FIX_TOOLS,
    GOAL_CELLS,
    ORIENTATIONS,
    TUNNEL_CARDS,
    shape_code,
)
from ..rules.editions import find_edition
from ..rules.moves import BREAK, DISCARD, FIX, MAP, PASS, PLACE, ROCKFALL, TAKE, Move
from .encoding import Window, action_mask

#: The window of cells that path cards and rockfall can name.
X_MIN: Final = -4
X_MAX: Final = 12
Y_MIN: Final = -6
Y_MAX: Final = 6
WIDTH: Final = X_MAX - X_MIN + 1  # 17 columns
HEIGHT: Final = Y_MAX - Y_MIN + 1  # 13 rows
CELLS: Final = WIDTH * HEIGHT  # 221

#: Every shape a tunnel card can lie as, card by card (printed, then turned).
PLACE_SHAPES: Final = tuple(
    shape_code(shape) for card in TUNNEL_CARDS for shape in ORIENTATIONS[card]
)
#: Every card code, for discards and for the hand in the observation.
CARD_CODES: Final = tuple(CARD_COUNTS)
BREAK_CARDS: Final = tuple(BREAK_TOOL)  # break-pick, break-lamp, break-cart
#: Every repair a card can make: (card, tool), a double repair once per tool.
REPAIRS: Final = tuple((card, tool) for card, tools in FIX_TOOLS.items() for tool in tools)
GOLD_VALUES: Final = (1, 2, 3)

PLACE_START: Final = 0
ROCKFALL_START: Final = PLACE_START + len(PLACE_SHAPES) * CELLS
MAP_START: Final = ROCKFALL_START + CELLS
DISCARD_START: Final = MAP_START + len(GOAL_CELLS)
TAKE_START: Final = DISCARD_START + len(CARD_CODES)
PASS_ACTION: Final = TAKE_START + len(GOLD_VALUES)
BREAK_START: Final = PASS_ACTION + 1


def fix_start(players: int) -> int:
    """The first id of the repairs, which follow the broken tools."""
    return BREAK_START + len(BREAK_CARDS) * players


def action_count(players: int) -> int:
    """How many ids a game of ``players`` players has: ``6001 + 12 * players``."""
    return fix_start(players) + len(REPAIRS) * players


#: ``cell_index(x, y)``: a cell's index in the window (row by row), None outside it;
#: ``cell_of(index)``: the ``(x, y)`` of an index.
WINDOW: Final = Window(X_MIN, X_MAX, Y_MIN, Y_MAX)
cell_index: Final = WINDOW.index
cell_of: Final = WINDOW.cell


_SHAPE_INDEX: Final = {code: index for index, code in enumerate(PLACE_SHAPES)}
_PLACE_FIRST: Final = {code: PLACE_START + i * CELLS for i, code in enumerate(PLACE_SHAPES)}
_CARD_INDEX: Final = {code: index for index, code in enumerate(CARD_CODES)}
_BREAK_INDEX: Final = {code: index for index, code in enumerate(BREAK_CARDS)}
_REPAIR_INDEX: Final = {repair: index for index, repair in enumerate(REPAIRS)}
_GOAL_INDEX: Final = {cell: index for index, cell in enumerate(GOAL_CELLS)}


class ActionSpace:
    """The ids of one player count, and the moves they stand for."""

    def __init__(self, players: int) -> None:
        find_edition("base").check_players(players)
        self.players = players
        self.size = action_count(players)
        self.fix_start = fix_start(players)

    def to_action(self, move: Move) -> int | None:
        """The id of a legal move, or None for a cell outside the window."""
        kind = move.kind
        if kind == PLACE:
            cell = cell_index(move.x, move.y)
            return None if cell is None else PLACE_START + _SHAPE_INDEX[move.card] * CELLS + cell
        if kind == DISCARD:
            return DISCARD_START + _CARD_INDEX[move.card]
        if kind == ROCKFALL:
            cell = cell_index(move.x, move.y)
            return None if cell is None else ROCKFALL_START + cell
        if kind == BREAK:
            target = (move.target - move.seat) % self.players
            return BREAK_START + _BREAK_INDEX[move.card] * self.players + target
        if kind == FIX:
            target = (move.target - move.seat) % self.players
            return self.fix_start + _REPAIR_INDEX[move.card, move.tool] * self.players + target
        if kind == MAP:
            return MAP_START + _GOAL_INDEX[move.x, move.y]
        if kind == TAKE:
            return TAKE_START + move.value - 1
        if kind == PASS:
            return PASS_ACTION
        raise ValueError(f"no action id for a move of kind {kind!r}")

    def to_move(self, action: int, seat: int) -> Move:
        """The move that ``seat`` makes with id ``action`` (legal or not)."""
        players = self.players
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is not an id of a {players}-player game")
        if action < ROCKFALL_START:
            shape, cell = divmod(action - PLACE_START, CELLS)
            x, y = cell_of(cell)
            return Move(seat, PLACE, PLACE_SHAPES[shape], x, y)
        if action < MAP_START:
            x, y = cell_of(action - ROCKFALL_START)
            return Move(seat, ROCKFALL, ROCKFALL, x, y)
        if action < DISCARD_START:
            x, y = GOAL_CELLS[action - MAP_START]
            return Move(seat, MAP, MAP, x, y)
        if action < TAKE_START:
            return Move(seat, DISCARD, CARD_CODES[action - DISCARD_START])
        if action < PASS_ACTION:
            return Move(seat, TAKE, value=GOLD_VALUES[action - TAKE_START])
        if action == PASS_ACTION:
            return Move(seat, PASS)
        if action < self.fix_start:
            card, target = divmod(action - BREAK_START, players)
            code = BREAK_CARDS[card]
            return Move(seat, BREAK, code, target=(seat + target) % players, tool=BREAK_TOOL[code])
        repair, target = divmod(action - self.fix_start, players)
        code, tool = REPAIRS[repair]
        return Move(seat, FIX, code, target=(seat + target) % players, tool=tool)

    def describe(self, action: int) -> str:
        """The move of an id in the notation, with the target seat counted from the actor."""
        move = self.to_move(action, seat=0)
        if move.kind in (BREAK, FIX):
            return move.notation().replace(f"@{move.target}", f"@+{move.target}")
        return move.notation()

    def legal_actions(self, legal_moves: Iterable[Move]) -> dict[int, Move]:
        """The id of each legal move that has one, in the order of the moves."""
        actions: dict[int, Move] = {}
        to_action = self.to_action
        first_of_shape = _PLACE_FIRST
        for move in legal_moves:
            if move.kind == PLACE:  # most moves: worked out here, for speed
                x = move.x
                y = move.y
                if X_MIN <= x <= X_MAX and Y_MIN <= y <= Y_MAX:
                    cell = (y - Y_MIN) * WIDTH + (x - X_MIN)
                    actions[first_of_shape[move.card] + cell] = move
                continue
            action = to_action(move)
            if action is not None:
                actions[action] = move
        return actions

    def mask(self, actions: Iterable[int]) -> np.ndarray:
        """An int8 vector with 1 at each of ``actions``."""
        return action_mask(self.size, actions)
