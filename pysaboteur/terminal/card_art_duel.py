"""The Duel's cards drawn as text, five characters by three lines like every card
of the maze, so that each kind can be told apart without colour::

      ┃ g     G       ┃ b    ┃     $1┃
    ━━S━━   ━━┫     ━━H━━  ━━┻━T   ━━┛
      ┃       ┃
    start   door    ladder  troll   gold
    (green) (green) (blue)

A door (``G`` green, ``B`` blue) or a troll (``T``) takes the end of the arm it
blocks.  A card's nuggets (``$1`` to ``$3``) lie in the corner next to the side
that owns them (N top left, E top right, S bottom right, W bottom left), so
that a turned card looks turned.  A ladder or a start has its colour's letter
(``g``, ``b``) in a free corner.  The tokens change the mark they lie on, in
their player's colour: a claim turns the ``$`` into the counter ``●``, a key
turns the doors into ``K``, a bribe turns the troll into ``¤``.  Stubs are half
arms and a card of stubs only has the dead end's ``■``, as in the other
editions.  A face-down goal is ``?`` on its back, or its nuggets (``$2?``) for
a player who looked at it.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from ..i18n import NP_
from ..rules.duel_faces import COLOURS, DuelFace, read_face
from ..rules.faces import E, N, S, W
from . import styles
from .card_art import ACTION_WIDTH, CELL_WIDTH, DEAD_END_MARK, card_picture
from .words import N_, pgettext

LADDER_MARK: Final = "H"
DOOR_MARK: Final = {"green": "G", "blue": "B"}
TROLL_MARK: Final = "T"
KEY_MARK: Final = "K"
CLAIM_MARK: Final = "●"
BRIBE_MARK: Final = "¤"
#: A ladder's or a start's colour, in a corner.
COLOUR_MARK: Final = {"green": "g", "blue": "b"}
#: The Duel's marks, in the order the legend lists them.
LEGEND_MARKS_DUEL: Final = (
    ("S", N_("start")),
    ("H", N_("ladder")),
    ("G", N_("green door")),
    ("B", N_("blue door")),
    ("T", N_("troll")),
    ("$2", N_("nuggets")),
    ("●2", N_("claimed")),
    ("¤", N_("bribed troll")),
    ("K", N_("key")),
    ("■", N_("dead end")),
    ("╹", N_("stub")),
    ("?", N_("goal")),
)
_CENTRE: Final = {
    N | S: "┃", E | W: "━", N | E: "┗", N | W: "┛", E | S: "┏", S | W: "┓",
    N | E | S: "┣", N | S | W: "┫", E | S | W: "┳", N | E | W: "┻", N | E | S | W: "╋",
    N: "╹", E: "╺", S: "╻", W: "╸",
}  # fmt: skip
_TWO_TUNNELS: Final = {frozenset((N | W, E | S)): "\u2571", frozenset((N | E, S | W)): "\u2572"}
_MIDDLE: Final = CELL_WIDTH // 2
#: Where each side's barrier is drawn: (line, column), the far end of its arm.
_BARRIER_AT: Final = {N: (0, _MIDDLE), S: (2, _MIDDLE), W: (1, 0), E: (1, CELL_WIDTH - 1)}
#: Where the nuggets owned by each side lie: the corner after it, clockwise.
_GOLD_AT: Final = {N: (0, 0), E: (0, CELL_WIDTH - 2), S: (2, CELL_WIDTH - 2), W: (2, 0)}
#: The corners a colour's letter may take, first free first.
_CORNERS: Final = ((0, CELL_WIDTH - 1), (2, 0), (2, CELL_WIDTH - 1), (0, 0))


def duel_face_lines(face: DuelFace, start: str = "") -> list[str]:
    """The three lines of a Duel face, unstyled; ``start`` is a start card's colour."""
    centre = "S" if start else ""
    arms = sum(face.tunnels)
    stubs = face.stubs
    bridge = set(face.tunnels) == {N | S, E | W}
    if centre:
        pass
    elif not face.tunnels:
        centre = DEAD_END_MARK
    elif face.ladder:
        centre = LADDER_MARK
    elif bridge:
        centre = "┃"
    elif len(face.tunnels) == 2:
        centre = _TWO_TUNNELS.get(frozenset(face.tunnels), "\u2573")
    else:
        centre = _CENTRE[face.tunnels[0]]
    blank = " " * _MIDDLE

    def vertical(side: int, stub: str) -> str:
        if arms & side:
            return blank + "┃" + blank
        if stubs & side:
            return blank + stub + blank
        return " " * CELL_WIDTH

    west = "━━" if arms & W else "╸ " if stubs & W else blank
    east = "━━" if arms & E else " ╺" if stubs & E else blank
    if bridge:  # the east-west tunnel passes under
        west, east = "━╸", "╺━"
    lines = [vertical(N, "╹"), west + centre + east, vertical(S, "╻")]
    for side, colour in face.doors:
        lines = _put(lines, *_BARRIER_AT[side], DOOR_MARK[colour])
    if face.troll:
        lines = _put(lines, *_BARRIER_AT[face.troll], TROLL_MARK)
    for side, nuggets in face.gold:
        lines = _put(lines, *_GOLD_AT[side], f"${nuggets}")
    colour = start or face.ladder
    if colour:
        line, column = colour_corner(face)
        lines = _put(lines, line, column, COLOUR_MARK[colour])
    return lines


def colour_corner(face: DuelFace) -> tuple[int, int]:
    """Where a ladder's or a start's colour letter goes: a corner no nugget takes."""
    taken = {(line, column + offset) for side, _ in face.gold for line, column in (_GOLD_AT[side],)
             for offset in (0, 1)}  # fmt: skip
    return next(corner for corner in _CORNERS if corner not in taken)


def _put(lines: list[str], line: int, column: int, mark: str) -> list[str]:
    text = lines[line]
    lines[line] = text[:column] + mark + text[column + len(mark) :]
    return lines


def duel_card_texts(
    code: str,
    back: str,
    *,
    start: str = "",
    key: int | None = None,
    claim: int | None = None,
    bribes: tuple[int, ...] = (),
    goal: bool = False,
) -> list[Text]:
    """A face-up card lying as ``code`` with the tokens on it, styled on ``back``.

    ``start`` is the colour of a start card; ``goal`` marks a face-up goal (its own
    background, as in the other editions)."""
    face = read_face(code)
    lines = duel_face_lines(face, start)
    if key is not None:
        for side, _ in face.doors:
            lines = _put(lines, *_BARRIER_AT[side], KEY_MARK)
    if claim is not None:
        for side, _ in face.gold:
            line, column = _GOLD_AT[side]
            lines = _put(lines, line, column, CLAIM_MARK)
    if bribes:
        lines = _put(lines, *_BARRIER_AT[face.troll], BRIBE_MARK)
    if start:
        base = styles.DOOR_MARK[start]
    elif goal:
        base = styles.GOAL_FACE["gold" if face.nuggets else "stone"]
    else:
        base = f"{styles.TUNNEL} {back}"
    texts = [Text(line, style=base) for line in lines]
    for side, colour in face.doors:
        line, column = _BARRIER_AT[side]
        mark = styles.DOOR_MARK[COLOURS[key] if key is not None else colour]
        texts[line].stylize(mark, column, column + 1)
    if face.troll:
        line, column = _BARRIER_AT[face.troll]
        troll = styles.TROLL
        if len(bribes) == 1:
            troll = styles.DOOR_MARK[COLOURS[bribes[0]]]
        elif bribes:
            troll = styles.BRIBED_BY_BOTH
        texts[line].stylize(troll, column, column + 1)
    colour = start or face.ladder
    if colour:
        line, column = colour_corner(face)
        texts[line].stylize(styles.DOOR_MARK[colour], column, column + 1)
        if face.ladder and not start:
            texts[1].stylize(styles.DOOR_MARK[colour], _MIDDLE, _MIDDLE + 1)
    for side, _ in face.gold:
        line, column = _GOLD_AT[side]
        owner = styles.DOOR_MARK[COLOURS[claim]] if claim is not None else styles.NUGGETS
        texts[line].stylize(owner, column, column + 2)
    if not face.tunnels:
        texts[1].stylize(styles.DEAD_END, _MIDDLE, _MIDDLE + 1)
    return texts


def duel_goal_back_texts(card: str | None) -> list[Text]:
    """A face-down goal: ``?`` on its back, or its nuggets for a player who looked."""
    if card is None:
        return [Text(line, style=styles.GOAL_BACK) for line in ("╭───╮", "│ ? │", "╰───╯")]
    nuggets = read_face(card).nuggets
    style = styles.GOAL_FACE["gold" if nuggets else "stone"]
    return [Text(line, style=style) for line in ("╭───╮", f"│${nuggets}?│", "╰───╯")]


# TRANSLATORS: "card face" words are an action card of the hand drawn in three
# short lines of at most 7 letters each (abbreviate if need be).
_KEY_LINES: Final = (NP_("card face", "KEY"), NP_("card face", "opens a"), NP_("card face", "door"))


def duel_card_picture(card: str) -> list[Text]:
    """A card of a Duel hand drawn small: a path card as printed, an action in words."""
    if card == "key":
        style = styles.ACTION_BACK["key"]
        return [
            Text(f"{pgettext('card face', line):^{ACTION_WIDTH}}", style=style)
            for line in _KEY_LINES
        ]
    if card.split("-")[0] in ("break", "fix", "map", "rockfall"):
        return card_picture(card)
    return duel_card_texts(card, styles.CARD_BACKS[0])
