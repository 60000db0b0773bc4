"""Cards, their codes and their geometry (rules sections 1 and 2).

A path card lies in the maze as a *shape*: a small integer whose low four bits
are its open sides (``N E S W``) and whose fifth bit marks a dead end.  The
text form of a shape is its open sides in ``NESW`` order, prefixed with ``x``
for a dead end (``"xNS"``).  Every lying shape names exactly one card type, so
a card in a hand is its printed code and a card in the maze is its shape.
"""

from __future__ import annotations

from typing import Final

N: Final = 1
E: Final = 2
S: Final = 4
W: Final = 8
DEAD_END: Final = 16
SIDES: Final = (N, E, S, W)
SIDE_NAMES: Final = {N: "N", E: "E", S: "S", W: "W"}
OPPOSITE: Final = {N: S, E: W, S: N, W: E}

#: Cell keys pack ``(x, y)`` into one int so that neighbours are additions.
#: The maze cannot reach further than the 40 tunnel cards from the start.
_OFFSET: Final = 128
_ROW: Final = 256
STEP: Final = {N: -1, S: 1, E: _ROW, W: -_ROW}


def cell_key(x: int, y: int) -> int:
    """Pack a cell's coordinates into one integer key."""
    return (x + _OFFSET) * _ROW + (y + _OFFSET)


#: No card can lie further than this from the start (40 tunnel cards and the
#: goals); beyond it packed keys would alias nearer cells, so moves that name
#: a cell further out are refused before any key is made.
REACH: Final = 64


def within_reach(x: int, y: int) -> bool:
    """Whether a cell is near enough to the start for a card to lie there."""
    return -REACH <= x <= REACH and -REACH <= y <= REACH


def cell_xy(key: int) -> tuple[int, int]:
    """Unpack a cell key into ``(x, y)``."""
    column, row = divmod(key, _ROW)
    return column - _OFFSET, row - _OFFSET


def turned(shape: int) -> int:
    """The shape after a 180° turn: N<->S and E<->W."""
    sides = shape & 15
    return (shape & DEAD_END) | ((sides << 2) | (sides >> 2)) & 15


def shape_code(shape: int) -> str:
    """``"xNS"`` for a dead end open north and south, ``"NESW"`` for a cross."""
    return _CODE_OF_SHAPE[shape]


def _spell(shape: int) -> str:
    letters = "".join(SIDE_NAMES[side] for side in SIDES if shape & side)
    return "x" + letters if shape & DEAD_END else letters


_CODE_OF_SHAPE: Final = tuple(_spell(shape) for shape in range(32))


def parse_shape(code: str) -> int:
    """The inverse of :func:`shape_code`; raises ``ValueError`` for a bad code."""
    shape = _SHAPE_OF_CODE.get(code)
    return _parse_shape(code) if shape is None else shape


def _parse_shape(code: str) -> int:
    dead = code.startswith("x")
    letters = code[1:] if dead else code
    shape = 0
    for side in SIDES:
        if SIDE_NAMES[side] in letters:
            shape |= side
    if not letters or shape_code(shape | (DEAD_END if dead else 0)) != code:
        raise ValueError(
            f"{code!r} is not a card shape (open sides in NESW order, x for a dead end)"
        )
    return shape | (DEAD_END if dead else 0)


_SHAPE_OF_CODE: Final = {_spell(shape): shape for shape in range(1, 32) if shape != DEAD_END}

#: The 40 tunnel cards by printed code (rules section 1).
TUNNEL_COUNTS: Final[dict[str, int]] = {
    "NESW": 5, "NES": 5, "NEW": 5, "NS": 4, "EW": 3, "ES": 4, "SW": 5,
    "xNESW": 1, "xNES": 1, "xNEW": 1, "xNS": 1, "xEW": 1, "xES": 1, "xSW": 1, "xN": 1, "xW": 1,
}  # fmt: skip
TUNNEL_CARDS: Final = tuple(TUNNEL_COUNTS)
TUNNEL_SHAPE: Final[dict[str, int]] = {code: parse_shape(code) for code in TUNNEL_CARDS}

#: Each shape a tunnel card can lie as, to the printed code of that card.
CARD_OF_SHAPE: Final[dict[int, str]] = {}
for _code, _shape in TUNNEL_SHAPE.items():
    CARD_OF_SHAPE[_shape] = _code
    CARD_OF_SHAPE[turned(_shape)] = _code

#: The shapes (one or two) each tunnel card can lie as.
ORIENTATIONS: Final[dict[str, tuple[int, ...]]] = {
    code: tuple(dict.fromkeys((shape, turned(shape)))) for code, shape in TUNNEL_SHAPE.items()
}

TOOLS: Final = ("pick", "lamp", "cart")
TOOL_BIT: Final = {"pick": 1, "lamp": 2, "cart": 4}

#: Action cards by code: broken tools, repairs (one or two tools), map, rockfall.
ACTION_COUNTS: Final[dict[str, int]] = {
    "break-pick": 3, "break-lamp": 3, "break-cart": 3,
    "fix-pick": 2, "fix-lamp": 2, "fix-cart": 2,
    "fix-pick-lamp": 1, "fix-pick-cart": 1, "fix-lamp-cart": 1,
    "map": 6, "rockfall": 3,
}  # fmt: skip
BREAK_TOOL: Final = {f"break-{tool}": tool for tool in TOOLS}
FIX_TOOLS: Final[dict[str, tuple[str, ...]]] = {
    code: tuple(code.split("-")[1:]) for code in ACTION_COUNTS if code.startswith("fix-")
}

CARD_COUNTS: Final[dict[str, int]] = {**TUNNEL_COUNTS, **ACTION_COUNTS}
#: The 67 playing cards in a fixed order; each round shuffles a copy.
PLAYING_CARDS: Final = tuple(code for code, count in CARD_COUNTS.items() for _ in range(count))

START_SHAPE: Final = N | E | S | W
GOAL_CARDS: Final = ("gold", "stone-NE", "stone-NW")
#: The two shapes each goal card can lie as once revealed.
GOAL_SHAPES: Final[dict[str, tuple[int, int]]] = {
    "gold": (START_SHAPE, START_SHAPE),
    "stone-NE": (N | E, S | W),
    "stone-NW": (N | W, S | E),
}
START_CELL: Final = (0, 0)
GOAL_CELLS: Final = ((8, -2), (8, 0), (8, 2))

GOLD_CARDS: Final = (1,) * 16 + (2,) * 8 + (3,) * 4

#: Per player count: saboteurs in the role pool, hand size (rules section 2).
SABOTEURS_IN_POOL: Final = {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4}
HAND_SIZE: Final = {3: 6, 4: 6, 5: 6, 6: 5, 7: 5, 8: 4, 9: 4, 10: 4}
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 10
MINER: Final = "miner"
SABOTEUR: Final = "saboteur"


def role_pool(players: int) -> list[str]:
    """The role cards for a player count: one more than there are players."""
    saboteurs = SABOTEURS_IN_POOL[players]
    return [SABOTEUR] * saboteurs + [MINER] * (players + 1 - saboteurs)


def is_path_card(code: str) -> bool:
    return code in TUNNEL_SHAPE
