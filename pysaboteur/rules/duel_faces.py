"""The Duel's card faces (docs/rules-duel.md, "Card codes"): groups of sides joined
by ``+``, stubs in one ``x`` group, and markers that name the side they sit on
(``/door-green@S``, ``/troll@E``, ``/ladder-blue``, ``/gold2@N``).

Every face has exactly one spelling: :func:`read_face` refuses any other and
says how to spell it.  Turning a face (180°) swaps N with S and E with W, in
the groups and after every ``@``, and spells the result canonically.

The Duel's faces are its own values (not the small integers of :mod:`.faces`):
the Duel's reference engine reads them as tuples of side masks.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final, NamedTuple

from .faces import OPPOSITE, SIDE_NAMES, SIDES, E, N, S, W
from .reasons import Reason

GREEN: Final = "green"
BLUE: Final = "blue"
#: The colour of each seat: seat 0 plays green, seat 1 blue.
COLOURS: Final = (GREEN, BLUE)
_SIDE_OF: Final = {"N": N, "E": E, "S": S, "W": W}
_MARKER: Final = re.compile(
    r"(?:(door-(?:green|blue))@([NESW])|(troll)@([NESW])|(ladder-(?:green|blue))"
    r"|gold([0-9]+)@([NESW]))"
)
#: Every code is one token of these characters, so it fits in a move's text.
CODE_CHARACTERS: Final = re.compile(r"[NESWx+/@a-z0-9-]+")


class FaceError(ValueError):
    """A code that is not a Duel face; ``problem`` says why, a :class:`Reason` that
    can be said in the owner's language (the deck file's refusals quote it)."""

    def __init__(self, code: str, problem: Reason) -> None:
        self.code = code
        self.problem = problem
        self.reason = Reason("{code!r}: {problem}", code=code, problem=problem)
        super().__init__(self.reason)

    def __str__(self) -> str:
        return self.reason


class DuelFace(NamedTuple):
    """What one face of a Duel card is made of, sides as bit masks (``N E S W``)."""

    code: str
    tunnels: tuple[int, ...]  # the connected groups, ordered by their first side
    stubs: int  # sides that lead only to the neighbour across them
    doors: tuple[tuple[int, str], ...]  # (side, colour), by side
    troll: int  # the side of its troll, or 0
    ladder: str  # "", "green" or "blue"
    gold: tuple[tuple[int, int], ...]  # (side, nuggets), by side
    #: Every open side, of a tunnel or a stub (worked out once: placement tests it).
    sides: int = 0
    #: The sides where a barrier lies (a door or the troll).
    barred: int = 0

    @property
    def nuggets(self) -> int:
        return sum(count for _, count in self.gold)

    def tunnel_at(self, side: int) -> int:
        """The tunnel (its sides) that owns ``side``; 0 for a stub or a wall."""
        for tunnel in self.tunnels:
            if tunnel & side:
                return tunnel
        return 0

    def barrier_at(self, side: int) -> str:
        """``"door-green"``, ``"door-blue"``, ``"troll"`` or ``""``: what sits on ``side``."""
        if self.troll == side:
            return "troll"
        for door_side, colour in self.doors:
            if door_side == side:
                return "door-" + colour
        return ""

    def door_colour(self) -> str:
        """The colour of its doors (all of a card's doors have one colour), or ""."""
        return self.doors[0][1] if self.doors else ""


def letters(sides: int) -> str:
    return "".join(SIDE_NAMES[side] for side in SIDES if sides & side)


def _first_side(sides: int) -> int:
    return sides & -sides


def spell(face: DuelFace) -> str:
    """The canonical spelling of a face's parts."""
    groups = [letters(tunnel) for tunnel in sorted(face.tunnels, key=_first_side)]
    if face.stubs:
        groups.append("x" + letters(face.stubs))
    markers = [f"door-{colour}@{SIDE_NAMES[side]}" for side, colour in sorted(face.doors)]
    if face.troll:
        markers.append(f"troll@{SIDE_NAMES[face.troll]}")
    if face.ladder:
        markers.append("ladder-" + face.ladder)
    markers += [f"gold{count}@{SIDE_NAMES[side]}" for side, count in sorted(face.gold)]
    return "+".join(groups) + "".join("/" + marker for marker in markers)


@cache
def read_face(code: str) -> DuelFace:
    """The face a code names; :class:`FaceError` says what is wrong with it."""
    if not CODE_CHARACTERS.fullmatch(code):
        raise FaceError(
            code, Reason("a code is one word of the letters NESW, x, +, /, @, -, a-z, 0-9")
        )
    head, *markers = code.split("/")
    tunnels: list[int] = []
    stubs = seen = 0
    for group in head.split("+") if head else []:
        stub = group.startswith("x")
        sides_text = group[1:] if stub else group
        sides = sum(_SIDE_OF.get(letter, 0) for letter in sides_text)
        if not sides_text or letters(sides) != sides_text:
            raise FaceError(
                code, Reason("the group {group!r} is not sides in N E S W order", group=group)
            )
        if sides & seen:
            raise FaceError(
                code,
                Reason("the group {group!r} shares a side with another group", group=group),
            )
        seen |= sides
        if stub:
            if stubs:
                raise FaceError(code, Reason("all the stubs go in one x group"))
            stubs = sides
        else:
            tunnels.append(sides)
    if not seen:
        raise FaceError(code, Reason("a face opens at least one side"))
    doors: list[tuple[int, str]] = []
    troll = 0
    ladder = ""
    gold: list[tuple[int, int]] = []
    barred = 0
    for marker in markers:
        match = _MARKER.fullmatch(marker)
        if match is None:
            raise FaceError(code, Reason("{marker!r} is not a marker of the Duel", marker=marker))
        door, door_side, troll_word, troll_side, ladder_word, count, gold_side = match.groups()
        side_text = door_side or troll_side or gold_side
        side = _SIDE_OF[side_text] if side_text else 0
        if side and not side & seen:
            raise FaceError(
                code,
                Reason(
                    "{marker!r} sits on side {side}, which the card does not open",
                    marker=marker,
                    side=side_text,
                ),
            )
        if door or troll_word:
            if not any(tunnel & side for tunnel in tunnels):
                raise FaceError(
                    code,
                    Reason("{marker!r} must sit on a side of a connected group", marker=marker),
                )
            if side & barred:
                raise FaceError(
                    code, Reason("side {side} carries two doors or trolls", side=side_text)
                )
            barred |= side
            if door:
                doors.append((side, door.removeprefix("door-")))
            elif troll:
                raise FaceError(code, Reason("a card has at most one troll"))
            else:
                troll = side
        elif ladder_word:
            if ladder:
                raise FaceError(code, Reason("a card has at most one ladder"))
            ladder = ladder_word.removeprefix("ladder-")
        else:
            nuggets = int(count)
            if not 1 <= nuggets <= 3 or count != str(nuggets):
                raise FaceError(code, Reason("{marker!r}: gold is 1 to 3 nuggets", marker=marker))
            tunnel = next((tunnel for tunnel in tunnels if tunnel & side), 0)
            if tunnel and _first_side(tunnel) != side:
                raise FaceError(
                    code,
                    Reason(
                        "{marker!r}: gold on a tunnel is written at its first side, {side}",
                        marker=marker,
                        side=SIDE_NAMES[_first_side(tunnel)],
                    ),
                )
            if any(other == side for other, _ in gold):
                raise FaceError(
                    code,
                    Reason("{marker!r}: a group carries at most one gold marker", marker=marker),
                )
            gold.append((side, nuggets))
    if len({colour for _, colour in doors}) > 1:
        raise FaceError(
            code, Reason("all the doors of a card have one colour (a key opens a whole card)")
        )
    if ladder and (len(tunnels) != 1 or stubs):
        raise FaceError(
            code, Reason("a ladder sits only on a card whose one group is a connected tunnel")
        )
    face = DuelFace(
        code, tuple(tunnels), stubs, tuple(doors), troll, ladder, tuple(gold), seen, barred
    )
    canonical = spell(face)
    if canonical != code:
        raise FaceError(
            code,
            Reason("it is not spelled canonically (spell it {canonical!r})", canonical=canonical),
        )
    return face


def _turn_sides(sides: int) -> int:
    return ((sides << 2) | (sides >> 2)) & 15


@cache
def turned(face: DuelFace) -> DuelFace:
    """The face after a 180° turn, spelled canonically."""
    tunnels = tuple(sorted((_turn_sides(tunnel) for tunnel in face.tunnels), key=_first_side))
    gold = []
    for side, count in face.gold:
        tunnel = face.tunnel_at(side)
        # Gold lies on its group: after the turn it is written at that group's first side.
        where = _first_side(_turn_sides(tunnel)) if tunnel else _turn_sides(side)
        gold.append((where, count))
    parts = DuelFace(
        "",
        tunnels,
        _turn_sides(face.stubs),
        tuple(sorted((_turn_sides(side), colour) for side, colour in face.doors)),
        _turn_sides(face.troll),
        face.ladder,
        tuple(sorted(gold)),
        _turn_sides(face.sides),
        _turn_sides(face.barred),
    )
    return parts._replace(code=spell(parts))


def turned_code(code: str) -> str:
    return turned(read_face(code)).code


#: The printed card of every face of the Duel decks in use (each game's deck adds its
#: own: a face names one card in a deck), for readers of a move that lack its game.
DUEL_CARD_OF_FACE: Final[dict[str, str]] = {}
#: The printed cards of those decks.
DUEL_CARDS: Final[set[str]] = set()


def register_deck_faces(card_of_face: dict[str, str]) -> None:
    """Make a deck's faces and cards known to the readers of moves (once a deck: every
    game of the deck asks again)."""
    if _REGISTERED.get(id(card_of_face)) is card_of_face:
        return
    DUEL_CARD_OF_FACE.update(card_of_face)
    DUEL_CARDS.update(card_of_face.values())
    if len(_REGISTERED) > 256:
        _REGISTERED.clear()
    _REGISTERED[id(card_of_face)] = card_of_face


#: The faces registered, by the identity of the deck's dictionary (kept, so that an
#: identity is not reused while it is here).
_REGISTERED: Final[dict[int, dict[str, str]]] = {}


def is_face_code(code: str) -> bool:
    """Whether ``code`` is a canonically spelled Duel face."""
    try:
        read_face(code)
    except FaceError:
        return False
    return True


__all__ = ["BLUE", "COLOURS", "GREEN", "OPPOSITE", "DuelFace", "FaceError", "read_face", "turned"]
