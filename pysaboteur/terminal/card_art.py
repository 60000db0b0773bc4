"""Single cards drawn as text: path cards as their tunnels, goal cards, action cards in words.

A card of the maze is ``CELL_WIDTH`` characters wide and three lines high, with
box-drawing tunnels::

      ┃       ┃                ╭───╮
    ━━S━━   ━━■       ━━┓      │ ? │
      ┃       ┃         ┃      ╰───╯
    start    dead end   curve   face-down goal
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from ..rules.cards import DEAD_END, FIX_TOOLS, ORIENTATIONS, E, N, S, W, parse_shape, shape_code
from . import styles

CELL_WIDTH: Final = 5
ACTION_WIDTH: Final = 7
DEAD_END_MARK: Final = "■"

# Box-drawing centre of a connected card, by its open sides.
_CENTRE: Final = {
    N | S: "┃", E | W: "━", N | E: "┗", N | W: "┛", E | S: "┏", S | W: "┓",
    N | E | S: "┣", N | S | W: "┫", E | S | W: "┳", N | E | W: "┻", N | E | S | W: "╋",
    N: "╹", E: "╺", S: "╻", W: "╸",
}  # fmt: skip
_GOAL_FILL: Final = {"gold": "$", "stone": "▒"}
_MIDDLE: Final = CELL_WIDTH // 2  # the column of a card's centre


def tunnel_lines(code: str, fill: str = " ", centre: str = "") -> list[str]:
    """The three lines of a card lying as ``code`` (``"xNS"``, ``"NESW"``), unstyled.

    A dead end has the block ``■`` in its centre, so its stubs visibly do not meet;
    ``centre`` replaces the centre of a card that is marked (the start's ``S``).
    """
    shape = parse_shape(code)
    centre = centre or (DEAD_END_MARK if shape & DEAD_END else _CENTRE[shape & 15])
    blank = fill * _MIDDLE
    vertical = blank + "┃" + blank
    top = vertical if shape & N else fill * CELL_WIDTH
    bottom = vertical if shape & S else fill * CELL_WIDTH
    west = "━" * _MIDDLE if shape & W else blank
    east = "━" * _MIDDLE if shape & E else blank
    return [top, west + centre + east, bottom]


def path_card_texts(code: str, back: str) -> list[Text]:
    """A path card lying as ``code`` on a card back styled ``back``; a dead end's block in red."""
    texts = [Text(line, style=f"{styles.TUNNEL} {back}") for line in tunnel_lines(code)]
    if code.startswith("x"):
        texts[1].stylize(styles.DEAD_END, _MIDDLE, _MIDDLE + 1)
    return texts


def start_card_texts(code: str) -> list[Text]:
    """The start card, an ``S`` in its centre."""
    texts = [Text(line, style=styles.START) for line in tunnel_lines(code, centre="S")]
    texts[1].stylize(styles.START_CENTRE, _MIDDLE, _MIDDLE + 1)
    return texts


def goal_kind(card: str) -> str:
    """``"gold"`` or ``"stone"``: what a goal card (``"gold"``, ``"stone-NE"``, ...) holds."""
    return "gold" if card == "gold" else "stone"


def face_up_goal_texts(card: str, code: str) -> list[Text]:
    """A goal card turned face up, lying as ``code``: its tunnels through ``$`` or ``▒``."""
    kind = goal_kind(card)
    lines = tunnel_lines(code, fill=_GOAL_FILL[kind])
    return [Text(line, style=styles.GOAL_FACE[kind]) for line in lines]


def face_down_goal_texts(card: str | None) -> list[Text]:
    """A face-down goal: a ``?`` on its back, or ``$$$``/``▒▒▒`` for a viewer who knows it."""
    if card is None:
        inner, style = " ? ", styles.GOAL_BACK
    else:
        kind = goal_kind(card)
        inner, style = _GOAL_FILL[kind] * 3, styles.GOAL_FACE[kind]
    return [Text(line, style=style) for line in ("╭───╮", f"│{inner}│", "╰───╯")]


def card_picture(card: str) -> list[Text]:
    """A card of a hand drawn small: a path card as it is printed, an action card in words."""
    if card in ORIENTATIONS:
        return path_card_texts(card, styles.CARD_BACKS[0])
    style = styles.ACTION_BACK[card.split("-")[0]]
    return [Text(f"{line:^{ACTION_WIDTH}}", style=style) for line in _action_lines(card)]


def _action_lines(card: str) -> tuple[str, str, str]:
    if card == "map":
        return ("MAP", "look at", "a goal")
    if card == "rockfall":
        return ("ROCK", "FALL", "")
    if card.startswith("break-"):
        return ("BREAK", card.removeprefix("break-"), "")
    tools = FIX_TOOLS[card]
    return ("FIX", tools[0], "or " + tools[1] if len(tools) == 2 else "")


def card_label(card: str) -> str:
    """A card's code, and the shape it lies as when turned if that differs: ``NES/NSW``."""
    shapes = ORIENTATIONS.get(card, ())
    return f"{card}/{shape_code(shapes[1])}" if len(shapes) > 1 else card
