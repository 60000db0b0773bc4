"""The end of a Duel round: why it ended, each player's claims, the trolls he
paid and the nuggets he keeps (docs/rules-duel.md, "Scoring a round")."""

from __future__ import annotations

from typing import Any, Final

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..rules import Observation
from .move_sentences import seat_name
from .table_panels_duel import colour_text
from .words import N_, _, styled

#: Why a round of the Duel ends, as the round's end says it.
END_REASONS: Final = {
    "goals": N_("Round {number} is over: all six goals are face up"),
    "counters": N_("Round {number} is over: all eight counters are placed"),
    "cards": N_("Round {number} is over: the cards ran out"),
}


def render_round_end_duel(observation: Observation, summary: dict[str, Any], number: int) -> Group:
    """Why the round ended, and per player the claims, the trolls paid and the nuggets."""
    headline = styled(_(END_REASONS[summary["end"]]), "bold", number=number)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(_("seat"), justify="right", style="cyan")
    table.add_column(_("name"))
    table.add_column(_("colour"))
    # TRANSLATORS: the cells of the cards a player's counters claimed, e.g. "3,1 5,0".
    table.add_column(_("claims"))
    table.add_column(_("gold"), justify="right")
    # TRANSLATORS: how many trolls the player bribed this round (each takes a claimed card).
    table.add_column(_("trolls"), justify="right")
    table.add_column(_("paid"), justify="right")
    table.add_column(_("nuggets"), justify="right", style="bold yellow")
    for seat in (0, 1):
        table.add_row(
            str(seat),
            seat_name(observation, seat),
            colour_text(seat),
            " ".join(summary["claims"][seat]) or Text("-", style="dim"),
            str(summary["gold"][seat]),
            str(len(summary["bribes"][seat])),
            str(summary["paid"][seat]),
            str(summary["nuggets"][seat]),
        )
    return Group(headline, table)
