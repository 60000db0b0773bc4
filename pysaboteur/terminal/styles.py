"""The colours of the terminal's drawings, kept together so that every panel agrees.

Colours come from the 256-colour palette, so that they look the same in every terminal.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text

from ..i18n import NP_
from .words import pgettext

TUNNEL: Final = "bold color(222)"
CARD_BACKS: Final = ("on grey19", "on grey23")  # alternate so neighbouring cards stay apart
EMPTY_CELL: Final = "grey42"
START: Final = "bold white on dark_green"
START_CENTRE: Final = "bold bright_green on dark_green"
DEAD_END: Final = "bold bright_red"
GOAL_BACK: Final = "bold white on navy_blue"
GOAL_FACE: Final = {"gold": "bold bright_white on dark_goldenrod", "stone": "grey82 on grey35"}
GOLD: Final = GOAL_FACE["gold"]
HIGHLIGHT: Final = "on color(94)"  # the cells the latest moves changed
ACTION_BACK: Final = {
    "break": "bold white on dark_red",
    "fix": "bold white on dark_green",
    "map": "bold white on navy_blue",
    "rockfall": "bold white on purple4",
    # Saboteur 2's action cards, by the first word of their code.
    "theft": "bold white on dark_orange3",
    "hands": "bold white on dark_orange3",
    "swap": "bold white on deep_sky_blue4",
    "inspection": "bold white on navy_blue",
    "trapped": "bold white on dark_red",
    "free": "bold white on dark_green",
    "key": "bold black on color(178)",  # the Duel's key card
}
TOOL: Final = "bold red"
# The Duel's marks (its doors, ladders and tokens take their player's colour, DOOR).
TROLL: Final = "bold white on color(88)"
NUGGETS: Final = "bold bright_yellow"
BRIBED_BY_BOTH: Final = "bold black on white"

# Saboteur 2's marks: a door's tunnel and letter take its colour.
DOOR: Final = {"green": "bold bright_green", "blue": "bold color(39)"}
DOOR_MARK: Final = {"green": "bold black on bright_green", "blue": "bold white on color(27)"}
LADDER: Final = "bold bright_white"
CRYSTAL: Final = "bold bright_cyan"
TRAPPED: Final = "bold red"
THEFT: Final = "bold color(208)"

ROLE: Final = {
    "miner": "bold yellow",
    "saboteur": "bold magenta",
    "green": "bold bright_green",
    "blue": "bold color(39)",
    "boss": "bold yellow",
    "profiteer": "bold color(208)",
    "geologist": "bold bright_cyan",
}
#: The roles' names in English; :func:`role_name` says them in the person's language.
ROLE_NAME: Final = {
    "miner": NP_("role", "gold-miner"),
    "saboteur": NP_("role", "saboteur"),
    "green": NP_("role", "green digger"),
    "blue": NP_("role", "blue digger"),
    "boss": NP_("role", "boss"),
    "profiteer": NP_("role", "profiteer"),
    "geologist": NP_("role", "geologist"),
}


def role_name(role: str) -> str:
    """A role as the table names it: ``gold-miner``, ``blue digger``..."""
    return pgettext("role", ROLE_NAME[role])


def role_text(role: str) -> Text:
    """A role as the table names it, in its colour: ``gold-miner``, ``blue digger``..."""
    return Text(role_name(role), style=ROLE[role])
