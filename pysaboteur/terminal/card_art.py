"""Single cards drawn as text: path cards as their tunnels, goal cards, action cards in words.

A card of the maze is ``CELL_WIDTH`` characters wide and three lines high, with
box-drawing tunnels::

      ┃       ┃                ╭───╮
    ━━S━━   ━━■       ━━┓      │ ? │
      ┃       ┃         ┃      ╰───╯
    start    dead end   curve   face-down goal

Saboteur 2's cards keep that drawing and mark what is new on them, so that
every kind can be told apart without colour::

      ┃       ┃       ┃       ╹       ┃
    ━╸┃╺━   ━━╱━━   ━━H     ━━G━━   ━━╋━━
      ┃       ┃                      ◆
    bridge  double  ladder  door     crystal
            curve          (G green, B blue)

A bridge's east-west tunnel stops short of the north-south one it passes
under; the diagonal of a double curve parts its two curves; a ladder or a door
takes the centre of its tunnel, as the start's ``S`` does; a crystal lies in a
corner; a stub beside a tunnel (the ``╹`` above) is only half an arm, since
it leads nowhere but to the neighbour across that side.
"""  # noqa: RUF002 (the diagonal is the drawing's, not a slash)

from __future__ import annotations

from typing import Final

from rich.text import Text

from ..i18n import NP_
from ..rules.cards import DEAD_END, ORIENTATIONS, E, N, S, W, parse_shape, shape_code
from ..rules.editions import find_edition
from ..rules.faces import Face, face_parts
from . import styles
from .words import pgettext

CELL_WIDTH: Final = 5
ACTION_WIDTH: Final = 7
DEAD_END_MARK: Final = "■"
LADDER_MARK: Final = "H"
DOOR_MARK: Final = {"green": "G", "blue": "B"}
CRYSTAL_MARK: Final = "◆"

# Box-drawing centre of a connected card, by its open sides.
_CENTRE: Final = {
    N | S: "┃", E | W: "━", N | E: "┗", N | W: "┛", E | S: "┏", S | W: "┓",
    N | E | S: "┣", N | S | W: "┫", E | S | W: "┳", N | E | W: "┻", N | E | S | W: "╋",
    N: "╹", E: "╺", S: "╻", W: "╸",
}  # fmt: skip
# The centre of a card with two tunnels: a diagonal parts the two curves.
_TWO_TUNNELS: Final = {
    frozenset((N | W, E | S)): "\u2571",
    frozenset((N | E, S | W)): "\u2572",
}
_CROSSED: Final = "\u2573"  # a diagonal cross: two tunnels of a shape no card has yet
_GOAL_FILL: Final = {"gold": "$", "stone": "▒"}
_MIDDLE: Final = CELL_WIDTH // 2  # the column of a card's centre
#: Where a crystal lies: the bottom right corner, free on every card.
_CRYSTAL_LINE: Final = 2
_CRYSTAL_COLUMN: Final = CELL_WIDTH - 1
#: Every tunnel card of every edition, by printed code (Saboteur 2's include the base game's).
_TUNNEL_CARDS: Final = find_edition("saboteur2").orientations


def tunnel_lines(code: str, fill: str = " ", centre: str = "") -> list[str]:
    """The three lines of a card lying as ``code`` (``"xNS"``, ``"NESW"``, ``"NS+EW"``), unstyled.

    A dead end has the block ``■`` in its centre, so its stubs visibly do not meet;
    ``centre`` replaces the centre of a card that is marked (the start's ``S``).
    """
    face = parse_shape(code)
    if face < 32:  # one of the base game's shapes
        return _shape_lines(face, fill, centre)
    return _face_lines(face_parts(face), fill)


def _shape_lines(shape: int, fill: str, centre: str) -> list[str]:
    centre = centre or (DEAD_END_MARK if shape & DEAD_END else _CENTRE[shape & 15])
    blank = fill * _MIDDLE
    vertical = blank + "┃" + blank
    top = vertical if shape & N else fill * CELL_WIDTH
    bottom = vertical if shape & S else fill * CELL_WIDTH
    west = "━" * _MIDDLE if shape & W else blank
    east = "━" * _MIDDLE if shape & E else blank
    return [top, west + centre + east, bottom]


def _face_lines(face: Face, fill: str) -> list[str]:
    """A Saboteur 2 face: its tunnels, its stubs as half arms, its marks."""
    tunnels = face.tunnels
    arms = sum(tunnels)
    bridge = set(tunnels) == {N | S, E | W}
    if not tunnels:
        centre = DEAD_END_MARK  # stubs only: drawn as the base game's dead ends
        arms = face.stubs
    elif face.ladder:
        centre = LADDER_MARK
    elif face.door:
        centre = DOOR_MARK[face.door]
    elif bridge:
        centre = "┃"
    elif len(tunnels) == 2:
        centre = _TWO_TUNNELS.get(frozenset(tunnels), _CROSSED)
    else:
        centre = _CENTRE[tunnels[0]]
    stubs = face.stubs if tunnels else 0
    blank = fill * _MIDDLE

    def vertical(side: int, stub: str) -> str:
        if arms & side:
            return blank + "┃" + blank
        if stubs & side:
            return blank + stub + blank
        return fill * CELL_WIDTH

    west = "━" * _MIDDLE if arms & W else ("╸" + fill) if stubs & W else blank
    east = "━" * _MIDDLE if arms & E else (fill + "╺") if stubs & E else blank
    if bridge:  # the east-west tunnel passes under: its arms stop short of the centre
        west, east = "━╸", "╺━"
    lines = [vertical(N, "╹"), west + centre + east, vertical(S, "╻")]
    if face.crystal:
        line = lines[_CRYSTAL_LINE]
        lines[_CRYSTAL_LINE] = line[:_CRYSTAL_COLUMN] + CRYSTAL_MARK + line[_CRYSTAL_COLUMN + 1 :]
    return lines


def path_card_texts(code: str, back: str) -> list[Text]:
    """A path card lying as ``code`` on a card back styled ``back``; a dead end's block in red.

    A door's tunnels take its colour, and the marks of Saboteur 2 have their own.
    """
    face = parse_shape(code)
    parts = face_parts(face)
    tunnel = styles.DOOR[parts.door] if parts.door else styles.TUNNEL
    texts = [Text(line, style=f"{tunnel} {back}") for line in tunnel_lines(code)]
    if code.startswith("x"):
        texts[1].stylize(styles.DEAD_END, _MIDDLE, _MIDDLE + 1)
    if face >= 32:
        if parts.ladder:
            texts[1].stylize(styles.LADDER, _MIDDLE, _MIDDLE + 1)
        if parts.door:
            texts[1].stylize(styles.DOOR_MARK[parts.door], _MIDDLE, _MIDDLE + 1)
        if parts.crystal:
            texts[_CRYSTAL_LINE].stylize(styles.CRYSTAL, _CRYSTAL_COLUMN, _CRYSTAL_COLUMN + 1)
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


def is_tunnel_card(card: str) -> bool:
    """Whether ``card`` is a path card of some edition (by its printed code)."""
    return card in _TUNNEL_CARDS


def card_picture(card: str) -> list[Text]:
    """A card of a hand drawn small: a path card as it is printed, an action card in words."""
    if is_tunnel_card(card):
        return path_card_texts(card, styles.CARD_BACKS[0])
    style = styles.ACTION_BACK[card.split("-")[0]]
    return [Text(f"{line:^{ACTION_WIDTH}}", style=style) for line in _action_lines(card)]


def _face(first: str, second: str = "", third: str = "") -> tuple[str, str, str]:
    return (first, second, third)


# TRANSLATORS: "card face" words are an action card of the hand drawn in three
# short lines of at most 7 letters each (abbreviate if need be).
#: Every action card in three short lines, as the hand draws them.
_ACTION_LINES: Final = {
    "map": _face(NP_("card face", "MAP"), NP_("card face", "look at"), NP_("card face", "a goal")),
    "rockfall": _face(NP_("card face", "ROCK"), NP_("card face", "FALL")),
    "break-pick": _face(NP_("card face", "BREAK"), NP_("card face", "pick")),
    "break-lamp": _face(NP_("card face", "BREAK"), NP_("card face", "lamp")),
    "break-cart": _face(NP_("card face", "BREAK"), NP_("card face", "cart")),
    "fix-pick": _face(NP_("card face", "FIX"), NP_("card face", "pick")),
    "fix-lamp": _face(NP_("card face", "FIX"), NP_("card face", "lamp")),
    "fix-cart": _face(NP_("card face", "FIX"), NP_("card face", "cart")),
    "fix-pick-lamp": _face(
        NP_("card face", "FIX"), NP_("card face", "pick"), NP_("card face", "or lamp")
    ),
    "fix-pick-cart": _face(
        NP_("card face", "FIX"), NP_("card face", "pick"), NP_("card face", "or cart")
    ),
    "fix-lamp-cart": _face(
        NP_("card face", "FIX"), NP_("card face", "lamp"), NP_("card face", "or cart")
    ),
    # Saboteur 2's action cards.
    "theft": _face(NP_("card face", "THIEF"), NP_("card face", "steals"), NP_("card face", "1 GP")),
    "hands-off": _face(NP_("card face", "STOP"), NP_("card face", "THIEF")),
    "swap-hand": _face(NP_("card face", "SWAP"), NP_("card face", "hands")),
    "inspection": _face(
        NP_("card face", "INSPECT"), NP_("card face", "a dwarf"), NP_("card face", "card")
    ),
    "swap-hats": _face(
        NP_("card face", "NEW HAT"), NP_("card face", "swap a"), NP_("card face", "dwarf")
    ),
    "trapped": _face(NP_("card face", "TRAPPED")),
    "free-at-last": _face(
        NP_("card face", "FREE"), NP_("card face", "from a"), NP_("card face", "trap")
    ),
}


def _action_lines(card: str) -> list[str]:
    return [pgettext("card face", line) if line else "" for line in _ACTION_LINES[card]]


def card_label(card: str) -> str:
    """A card's code, and the shape it lies as when turned if that differs: ``NES/NSW``.

    Saboteur 2's codes hold ``+`` and ``/`` themselves, so they go by their code alone.
    """
    shapes = ORIENTATIONS.get(card, ())
    return f"{card}/{shape_code(shapes[1])}" if len(shapes) > 1 else card
