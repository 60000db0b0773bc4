"""The end of a round and of the game: the table as the round ended, who won, the score."""

from __future__ import annotations

from typing import Any, Final

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import NP_
from ..rules import MINERS, Observation
from . import styles
from .card_art import goal_kind
from .maze_view import cell_of
from .move_sentences import seat_name, who
from .table_panels import goal_word
from .words import _, capitalised, pgettext, styled


def final_board(before: Observation, after: Observation) -> Observation:
    """The table as a round ended, which the next round's observation no longer holds.

    ``before`` is the observation before the round's last move, ``after`` the one
    after it.  The maze is the round's own as it ended, from its summary in
    ``after``: every goal face up, turned as it was reached or lying as printed.
    The roles are shown, and the rest of the table (hands, broken tools, piles)
    is as it stood before the last move.
    """
    number = before["round"]
    summary = after["rounds"][number - 1]
    board = before.copy()
    board["maze"] = summary["maze"]
    board["goals"] = [
        {**goal, "face_up": True, "card": card}
        for goal, card in zip(before["goals"], summary["goals"], strict=True)
    ]
    if "roles" in summary:  # the Duel has colours, not roles
        board["roles"] = summary["roles"]
    if "gold_pieces" in after:  # Saboteur 2: the totals once the round is paid and robbed
        board["gold_pieces"] = after["gold_pieces"]
    board["history"] = after["history"][:number]
    board["to_move"] = None
    return board


def _seat_table(**settings: Any) -> Table:
    """A table of the seats, one a row, opening with their number and name."""
    table = Table(**settings)
    table.add_column(_("seat"), justify="right", style="cyan")
    table.add_column(_("name"))
    return table


def _headline(observation: Observation, summary: dict[str, Any], number: int) -> Text:
    """Who won the base game's round, in one sentence."""
    finder = summary["finder"]
    if summary["winner"] != MINERS:
        sentence = _(
            "Round {number} is over: the saboteurs win — "
            "the cards ran out before anyone reached the gold"
        )
    elif finder is None:
        sentence = _("Round {number} is over: the gold-miners win")
    elif finder == observation.get("seat"):
        sentence = _("Round {number} is over: the gold-miners win — you reached the gold")
    else:
        sentence = _("Round {number} is over: the gold-miners win — {finder} reached the gold")
    finder_name = who(observation, finder) if finder is not None else ""
    return styled(sentence, "bold", number=number, finder=finder_name)


def render_round_end(observation: Observation, summary: dict[str, Any], number: int) -> Group:
    """Who won a round, every role (and the set-aside one), and the goals."""
    if "gold_reached" in summary:
        return _render_round_end_saboteur2(observation, summary, number)
    if observation.get("edition", "base") == "duel":
        from .round_end_duel import render_round_end_duel  # it reads the Duel's panels

        return render_round_end_duel(observation, summary, number)
    headline = _headline(observation, summary, number)
    table = _seat_table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(_("role"))
    if summary["gold"] is not None:
        table.add_column(_("gold"), justify="right")
    for seat, role in enumerate(summary["roles"]):
        cells: list[Text | str] = [str(seat), seat_name(observation, seat), styles.role_text(role)]
        if summary["gold"] is not None:
            cells.append(str(summary["gold"][seat]))
        table.add_row(*cells)
    aside = summary["set_aside"]
    table.add_row("", Text(_("set aside"), style="dim"), Text(styles.role_name(aside), style="dim"))
    return Group(headline, table, _goals_line(observation, summary))


def _goals_line(observation: Observation, summary: dict[str, Any]) -> Text:
    goals = Text(_("Goals:") + " ", style="bold")
    goal_cells = [cell_of(goal) for goal in observation["goals"]]
    goals.append(
        " · ".join(
            f"{x},{y} {goal_word(goal_kind(card))}"
            for (x, y), card in zip(goal_cells, summary["goals"], strict=True)
        )
    )
    return goals


#: The doors' colours, as the round's end names them.
_COLOUR: Final = {"green": NP_("door", "green"), "blue": NP_("door", "blue")}


def _colours(colours: list[str]) -> Text:
    """``green``, ``green and blue`` in their colours."""
    text = Text(pgettext("door", _COLOUR[colours[0]]), style=styles.DOOR[colours[0]])
    for colour in colours[1:]:
        word = Text(pgettext("door", _COLOUR[colour]), style=styles.DOOR[colour])
        text = styled(_("{items} and {item}"), "", items=text, item=word)
    return text


def _headline_saboteur2(observation: Observation, summary: dict[str, Any], number: int) -> Text:
    """Saboteur 2: who found the gold and which colours it was open to, in one sentence."""
    finder = summary["finder"]
    if not summary["gold_reached"]:
        sentence = _(
            "Round {number} is over: the saboteurs win — "
            "the cards ran out before anyone reached the gold"
        )
        return styled(sentence, "bold", number=number)
    open_to = summary["open_to"]
    if finder is None:
        if open_to:
            sentence = _(
                "Round {number} is over: Someone reached the gold — it was open to {colours}"
            )
        else:
            sentence = _(
                "Round {number} is over: Someone reached the gold — it was open to "
                "neither colour (a door of the other colour on every route)"
            )
    elif finder == observation.get("seat"):
        if open_to:
            sentence = _("Round {number} is over: You reached the gold — it was open to {colours}")
        else:
            sentence = _(
                "Round {number} is over: You reached the gold — it was open to "
                "neither colour (a door of the other colour on every route)"
            )
    elif open_to:
        sentence = _("Round {number} is over: {finder} reached the gold — it was open to {colours}")
    else:
        sentence = _(
            "Round {number} is over: {finder} reached the gold — it was open to "
            "neither colour (a door of the other colour on every route)"
        )
    finder_name = capitalised(who(observation, finder)) if finder is not None else ""
    colours = _colours(open_to) if open_to else ""
    return styled(sentence, "bold", number=number, finder=finder_name, colours=colours)


def _theft(observation: Observation, thief: int, victim: int) -> str:
    viewer = observation.get("seat")
    if thief == viewer:
        sentence = _("you stole 1 GP from {victim}")
    elif victim == viewer:
        sentence = _("{thief} stole 1 GP from you")
    else:
        sentence = _("{thief} stole 1 GP from {victim}")
    return sentence.format(thief=who(observation, thief), victim=who(observation, victim))


def _render_round_end_saboteur2(
    observation: Observation, summary: dict[str, Any], number: int
) -> Group:
    """Saboteur 2: who found the gold and which colours it was open to, every dwarf
    card, who was trapped, the winners, the gold pieces and the thefts."""
    headline = _headline_saboteur2(observation, summary, number)
    winners = summary["winners"]
    table = _seat_table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(_("dwarf card"))
    table.add_column(_("trapped"))
    table.add_column(_("won"))
    table.add_column(_("GP this round"), justify="right")
    totals = observation.get("gold_pieces")
    if totals is not None:
        table.add_column(_("GP in all"), justify="right")
    for seat, role in enumerate(summary["roles"]):
        trapped = Text(_("trapped"), style=styles.TRAPPED) if summary["trapped"][seat] else Text("")
        won = Text("★ " + _("winner"), style="bold yellow") if seat in winners else Text("")
        cells: list[Text | str] = [str(seat), seat_name(observation, seat)]
        cells += [styles.role_text(role), trapped, won, f"{summary['gold'][seat]:+d}"]
        if totals is not None:
            cells.append(str(totals[seat]))
        table.add_row(*cells)
    lines: list[RenderableType] = [headline, table]
    names = ", ".join(who(observation, seat) for seat in winners)
    lines.append(Text(_("Winners:") + " ", style="bold") + Text(names or _("nobody")))
    crystals = summary["crystals"]
    lines.append(
        Text(_("Crystals in the maze:") + " ", style="bold")
        + Text(_("{count} (the geologists' pay)").format(count=crystals), style=styles.CRYSTAL)
    )
    thefts = Text(_("Thefts:") + " ", style="bold")
    if summary["thefts"]:
        thefts.append(
            " · ".join(_theft(observation, thief, victim) for thief, victim in summary["thefts"])
        )
    else:
        thefts.append(_("none"), style="dim")
    lines += [thefts, _goals_line(observation, summary)]
    return Group(*lines)


def render_game_end(observation: Observation) -> Group:
    """The nuggets (Saboteur 2: gold pieces) of every seat and the winners."""
    winners = observation["winners"] or []
    table = _seat_table(title=_("Final score"), box=box.ROUNDED, title_justify="left")
    base = observation.get("edition", "base") in ("base", "duel")
    table.add_column(_("nuggets") if base else _("gold pieces"), justify="right")
    for seat, nuggets in enumerate(observation["nuggets"] or []):
        mark = Text(" ★ " + _("winner"), style="bold yellow") if seat in winners else Text("")
        table.add_row(str(seat), Text(seat_name(observation, seat)) + mark, str(nuggets))
    names = capitalised(", ".join(who(observation, seat) for seat in winners))
    if len(winners) > 1:
        verdict = _("{winners} win!")
    elif observation.get("seat") in winners:
        verdict = _("You win!")
    else:
        verdict = _("{winner} wins!")
    return Group(table, Text(verdict.format(winners=names, winner=names), style="bold yellow"))
