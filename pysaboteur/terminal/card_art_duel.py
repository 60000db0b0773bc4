"""The Duel's cards drawn as text, five characters by three lines like every card
of the maze, so that each kind can be told apart without colour::

      ┃      G┃      ┃        ┃     $2┃
    ━━S━━   ━━┫    ━━H━━    ━━┻━T   ━━┛  ●
      ┃       ┃                      ¤
    start   door    ladder    troll   gold, a claim, a bribe

A door (``G`` green, ``B`` blue) or a troll (``T``) takes the end of the arm it
blocks; a card's nuggets (``$1`` to ``$3``) lie in its top left corner; the
tokens on a card take the other corners: a key (``K``) top right, a claim (the
counter ``●``) bottom right, bribes (``¤``, one per player) bottom left, each in
its player's colour.  Stubs are half arms and a card of stubs only has the
dead end's ``■``, as in the other editions.  A face-down goal is ``?`` on its
back, or its nuggets (``$2``, ``$0``) for a player who looked at it.
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
#: The Duel's marks, in the order the legend lists them.
LEGEND_MARKS_DUEL: Final = (
    ("S", N_("start")),
    ("H", N_("ladder")),
    ("G", N_("green door")),
    ("B", N_("blue door")),
    ("T", N_("troll")),
    ("$2", N_("nuggets")),
    ("●", N_("claim")),
    ("¤", N_("bribe")),
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


def duel_face_lines(face: DuelFace, centre: str = "") -> list[str]:
    """The three lines of a Duel face, unstyled; ``centre`` marks a start (``S``)."""
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
    if face.nuggets:
        lines = _put(lines, 0, 0, f"${face.nuggets}")
    return lines


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
    lines = duel_face_lines(face, "S" if start else "")
    if key is not None:
        lines = _put(lines, 0, CELL_WIDTH - 1, KEY_MARK)
    if claim is not None:
        lines = _put(lines, 2, CELL_WIDTH - 1, CLAIM_MARK)
    for index, _seat in enumerate(bribes[:2]):
        lines = _put(lines, 2, index, BRIBE_MARK)
    if start:
        base = styles.DOOR_MARK[start]
    elif goal:
        base = styles.GOAL_FACE["gold" if face.nuggets else "stone"]
    else:
        base = f"{styles.TUNNEL} {back}"
    texts = [Text(line, style=base) for line in lines]
    for side, colour in face.doors:
        line, column = _BARRIER_AT[side]
        texts[line].stylize(styles.DOOR_MARK[colour], column, column + 1)
    if face.troll:
        line, column = _BARRIER_AT[face.troll]
        texts[line].stylize(styles.TROLL, column, column + 1)
    if face.ladder and not start:
        texts[1].stylize(styles.DOOR_MARK[face.ladder], _MIDDLE, _MIDDLE + 1)
    if face.nuggets:
        texts[0].stylize(styles.NUGGETS, 0, 2)
    if not face.tunnels:
        texts[1].stylize(styles.DEAD_END, _MIDDLE, _MIDDLE + 1)
    if key is not None:
        texts[0].stylize(styles.DOOR_MARK[COLOURS[key]], CELL_WIDTH - 1, CELL_WIDTH)
    if claim is not None:
        texts[2].stylize(styles.DOOR[COLOURS[claim]], CELL_WIDTH - 1, CELL_WIDTH)
    for index, seat in enumerate(bribes[:2]):
        texts[2].stylize(styles.DOOR[COLOURS[seat]], index, index + 1)
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
