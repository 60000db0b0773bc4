"""Cards, their codes and their geometry (docs/rules.md, "Components").

A path card lies in the maze as a *face* (:mod:`.faces`): a small integer whose
low four bits are its open sides (``N E S W``).  The base game's faces are its
*shapes*, the fifth bit marking a dead end; their text form is the open sides
in ``NESW`` order, prefixed with ``x`` for a dead end (``"xNS"``).  Every face
names exactly one printed card of an edition (:attr:`Edition.card_of_face`).

The base game's card tables live with its edition (:mod:`.editions.base`);
they are named here too, for the code that only ever plays the base game.
"""

from __future__ import annotations

from typing import Final

from .faces import DEAD_END as DEAD_END
from .faces import OPPOSITE as OPPOSITE
from .faces import SIDE_NAMES as SIDE_NAMES
from .faces import SIDES as SIDES
from .faces import E as E
from .faces import N as N
from .faces import S as S
from .faces import W as W
from .faces import face_code, face_of, turned_face

#: Cell keys pack ``(x, y)`` into one int so that neighbours are additions.
_OFFSET: Final = 128
_ROW: Final = 256
STEP: Final = {N: -1, S: 1, E: _ROW, W: -_ROW}


def cell_key(x: int, y: int) -> int:
    """Pack a cell's coordinates into one integer key."""
    return (x + _OFFSET) * _ROW + (y + _OFFSET)


#: No card of the base game can lie further than this from the start (40
#: tunnel cards and the goals); beyond it packed keys would alias nearer cells,
#: so moves that name a cell further out are refused before any key is made.
#: Each edition has its own reach (:attr:`Edition.reach`), never over 120.
REACH: Final = 64


def within_reach(x: int, y: int, reach: int = REACH) -> bool:
    """Whether a cell is near enough to the start for a card to lie there."""
    return -reach <= x <= reach and -reach <= y <= reach


def cell_xy(key: int) -> tuple[int, int]:
    """Unpack a cell key into ``(x, y)``."""
    column, row = divmod(key, _ROW)
    return column - _OFFSET, row - _OFFSET


def turned(shape: int) -> int:
    """The face after a 180° turn: N<->S and E<->W."""
    return turned_face(shape)


def shape_code(shape: int) -> str:
    """``"xNS"`` for a dead end open north and south, ``"NESW"`` for a cross."""
    return face_code(shape)


def parse_shape(code: str) -> int:
    """The face a code names; ``ValueError`` for a code no card can lie as."""
    return face_of(code)


TOOLS: Final = ("pick", "lamp", "cart")
TOOL_BIT: Final = {"pick": 1, "lamp": 2, "cart": 4}
BREAK_TOOL: Final = {f"break-{tool}": tool for tool in TOOLS}
FIX_TOOLS: Final[dict[str, tuple[str, ...]]] = {
    "fix-pick": ("pick",), "fix-lamp": ("lamp",), "fix-cart": ("cart",),
    "fix-pick-lamp": ("pick", "lamp"), "fix-pick-cart": ("pick", "cart"),
    "fix-lamp-cart": ("lamp", "cart"),
}  # fmt: skip

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

#: Roles of the base game.
MINER: Final = "miner"
SABOTEUR: Final = "saboteur"
#: Roles of Saboteur 2 (a saboteur is a saboteur in both).
GREEN: Final = "green"
BLUE: Final = "blue"
BOSS: Final = "boss"
PROFITEER: Final = "profiteer"
GEOLOGIST: Final = "geologist"
#: The gold-digger teams of Saboteur 2, named by their colour (and door colour).
TEAMS: Final = (BLUE, GREEN)

# The base game's tables, named here for the code that only plays the base game.
from .editions.base import ACTION_CARDS, TUNNEL_COUNTS, BaseGame  # noqa: E402
from .editions.base import GOLD_CARDS as GOLD_CARDS  # noqa: E402
from .editions.base import HAND_SIZE as HAND_SIZE  # noqa: E402
from .editions.base import SABOTEURS_IN_POOL as SABOTEURS_IN_POOL  # noqa: E402
from .editions.edition import EDITIONS, Edition  # noqa: E402

# Read through the Edition type: BaseGame's own attributes are not yet inferred
# while the import cycle between this module and the editions is being checked.
_BASE: Final[Edition] = EDITIONS["base"]
MIN_PLAYERS: Final = _BASE.min_players
MAX_PLAYERS: Final = _BASE.max_players
TUNNEL_CARDS: Final = tuple(TUNNEL_COUNTS)
TUNNEL_SHAPE: Final[dict[str, int]] = {code: face_of(code) for code in TUNNEL_CARDS}
#: Each shape a base tunnel card can lie as, to the printed code of that card.
CARD_OF_SHAPE: Final[dict[int, str]] = BaseGame.card_of_face
#: The shapes (one or two) each base tunnel card can lie as.
ORIENTATIONS: Final[dict[str, tuple[int, ...]]] = {
    code: tuple(face for face, _ in faces) for code, faces in BaseGame.orientations.items()
}
ACTION_COUNTS: Final[dict[str, int]] = {code: count for code, (_, count) in ACTION_CARDS.items()}
CARD_COUNTS: Final[dict[str, int]] = BaseGame.card_counts
#: The 67 playing cards in a fixed order; each round shuffles a copy.
PLAYING_CARDS: Final = BaseGame.playing_cards


def role_pool(players: int) -> list[str]:
    """The base game's role cards for a player count: one more than there are players."""
    return _BASE.role_pool(players)


def is_path_card(code: str) -> bool:
    return code in TUNNEL_SHAPE
