"""Path card faces: a card's tunnels, stubs and markers, as it lies in the maze.

A *face* is a small integer naming one way a path card can lie.  Its low four
bits are always its open sides (``N E S W``), so ``face & side`` tells whether
a side is open, as the hot path of the maze needs.  The base game's faces are
exactly its shapes: one tunnel through the centre, or (bit ``DEAD_END``) a dead
end whose sides are stubs.  Saboteur 2 adds faces that need more than one
group of sides (a bridge ``NS+EW`` holds two tunnels that do not meet) or a
marker (``/door-blue``, ``/door-green``, ``/ladder``, ``/crystal``); those get
ids above 31, registered once from the editions' card tables.

The text form (docs/rules-saboteur2.md, "Card codes") is
``<group>[+<group>...][/<marker>...]``: each connected group's sides in
``NESW`` order, the groups ordered by their first side, then all stubs as one
``x`` group; the door or ladder first among the markers, then ``/crystal``.

>>> face = face_of("NS+EW")
>>> tunnel_at(face, N) == N | S, tunnel_at(face, E) == E | W
(True, True)
>>> face_code(turned_face(face_of("EW+xN/door-green")))
'EW+xS/door-green'
>>> face_of("xNES") == N | E | S | DEAD_END
True
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .reasons import Reason

N: Final = 1
E: Final = 2
S: Final = 4
W: Final = 8
DEAD_END: Final = 16
SIDES: Final = (N, E, S, W)
SIDE_NAMES: Final = {N: "N", E: "E", S: "S", W: "W"}
OPPOSITE: Final = {N: S, E: W, S: N, W: E}
DOOR_COLOURS: Final = ("blue", "green")
_MARKERS: Final = ("door-blue", "door-green", "ladder", "crystal")


class Face(NamedTuple):
    """What a face is made of."""

    code: str
    sides: int  # every open side
    tunnels: tuple[int, ...]  # the connected groups, each a mask of sides
    stubs: int  # sides that lead nowhere but to the neighbour across them
    door: str  # "", "blue" or "green": the colour of the door on its tunnel
    ladder: bool  # its tunnels are always in the start network
    crystal: bool


def _turn_sides(sides: int) -> int:
    return ((sides << 2) | (sides >> 2)) & 15


def _letters(sides: int) -> str:
    return "".join(SIDE_NAMES[side] for side in SIDES if sides & side)


def _lowest_side(sides: int) -> int:
    return sides & -sides


def _spell(tunnels: tuple[int, ...], stubs: int, markers: tuple[str, ...]) -> str:
    groups = [_letters(group) for group in sorted(tunnels, key=_lowest_side)]
    if stubs:
        groups.append("x" + _letters(stubs))
    return "+".join(groups) + "".join("/" + marker for marker in markers)


def _read(code: str) -> Face:
    """A face from its code; ``ValueError`` unless the code is spelled canonically."""
    head, *markers = code.split("/")
    tunnels: list[int] = []
    stubs = 0
    seen = 0
    for group in head.split("+") if head else []:
        dead = group.startswith("x")
        letters = group[1:] if dead else group
        sides = sum(side for side in SIDES if SIDE_NAMES[side] in letters)
        if not letters or _letters(sides) != letters or sides & seen:
            raise ValueError(Reason("{code!r} is not a card code", code=code))
        seen |= sides
        if dead:
            stubs |= sides
        else:
            tunnels.append(sides)
    doors = [marker for marker in markers if marker.startswith("door-")]
    if (
        not seen
        or any(marker not in _MARKERS for marker in markers)
        or len(set(markers)) != len(markers)
        or len(doors) + markers.count("ladder") > 1
        or (markers and len(tunnels) != 1 and (doors or "ladder" in markers))
    ):
        raise ValueError(Reason("{code!r} is not a card code", code=code))
    ordered = tuple(marker for marker in _MARKERS if marker in markers)
    face = Face(
        code,
        seen,
        tuple(tunnels),
        stubs,
        doors[0].removeprefix("door-") if doors else "",
        "ladder" in markers,
        "crystal" in markers,
    )
    if _spell(face.tunnels, stubs, ordered) != code:
        spelled = _spell(face.tunnels, stubs, ordered)
        raise ValueError(
            Reason("{code!r} is not a card code (spell it {spelled!r})", code=code, spelled=spelled)
        )
    return face


def _base_id(face: Face) -> int | None:
    """The base game's shape for a face that has one (one tunnel, or stubs only)."""
    if face.door or face.ladder or face.crystal:
        return None
    if face.tunnels == (face.sides,) and not face.stubs:
        return face.sides
    if not face.tunnels:
        return face.sides | DEAD_END
    return None


# -- the registry ----------------------------------------------------------------------

#: Every registered face by id (``None`` where no face has that id).
FACES: Final[list[Face | None]] = []
_ID_OF_CODE: Final[dict[str, int]] = {}
#: ``TUNNEL_AT[face << 4 | side]``: the sides of the tunnel that owns open side
#: ``side`` of ``face``; 0 for a stub or a wall.  The maze's spread reads it.
TUNNEL_AT: Final[list[int]] = []
#: The sides of a face that are always in the start network (ladders).
LADDER_SIDES: Final[list[int]] = []
#: The face after a 180° turn.
TURNED: Final[list[int]] = []
#: The printed card of every face any edition's cards can lie as (filled in as
#: the editions are loaded; a face names one card in every edition).
CARD_OF_FACE: Final[dict[int, str]] = {}
_next_extra = 1  # ids above 31: sides | (n << 5) for the n-th face that needs one


def _grow(size: int) -> None:
    while len(FACES) < size:
        FACES.append(None)
        LADDER_SIDES.append(0)
        TURNED.append(len(TURNED))
        TUNNEL_AT.extend([0] * 16)


def _store(face: Face) -> int:
    global _next_extra
    known = _ID_OF_CODE.get(face.code)
    if known is not None:
        return known
    ident = _base_id(face)
    if ident is None:
        ident = face.sides | _next_extra << 5
        _next_extra += 1
    _grow(ident + 1)
    FACES[ident] = face
    _ID_OF_CODE[face.code] = ident
    for tunnel in face.tunnels:
        for side in SIDES:
            if tunnel & side:
                TUNNEL_AT[ident << 4 | side] = tunnel
    LADDER_SIDES[ident] = sum(face.tunnels) if face.ladder else 0
    return ident


def register(code: str) -> int:
    """The id of a face (and of its turn), registering both the first time."""
    known = _ID_OF_CODE.get(code)
    if known is not None:
        return known
    face = _read(code)
    markers = tuple(marker for marker in _MARKERS if "/" + marker in code)
    turn = _spell(
        tuple(_turn_sides(group) for group in face.tunnels), _turn_sides(face.stubs), markers
    )
    ident = _store(face)
    other = _store(_read(turn))
    TURNED[ident] = other
    TURNED[other] = ident
    return ident


def face_of(code: str) -> int:
    """The id of the face with this code; ``ValueError`` says why a code has none.

    The base game's shapes and every face of the editions' cards are known
    (registered as the editions are loaded); a code no card can lie as is not.
    """
    ident = _ID_OF_CODE.get(code)
    if ident is not None:
        return ident
    if "+" not in code and "/" not in code:
        raise ValueError(
            Reason(
                "{code!r} is not a card shape (open sides in NESW order, x for a dead end)",
                code=code,
            )
        )
    _read(code)  # raises for a code that is not spelled as the docs say
    raise ValueError(Reason("{code!r} is not the face of any card", code=code))


def face_code(face: int) -> str:
    known = FACES[face] if 0 <= face < len(FACES) else None
    if known is None:
        raise ValueError(f"no face has id {face}")
    return known.code


def face_parts(face: int) -> Face:
    known = FACES[face]
    assert known is not None
    return known


def turned_face(face: int) -> int:
    return TURNED[face]


def tunnel_at(face: int, side: int) -> int:
    return TUNNEL_AT[face << 4 | side]


def door_of(face: int) -> str:
    return face_parts(face).door


def crystals_of(face: int) -> int:
    return int(face_parts(face).crystal)


# The base game's shapes, 1 to 31 (16 alone is no shape), at their own ids.
for _shape in range(1, 32):
    if _shape != DEAD_END:
        register(("x" + _letters(_shape & 15)) if _shape & DEAD_END else _letters(_shape))
