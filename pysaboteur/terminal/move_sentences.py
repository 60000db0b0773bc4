"""Seats by name and moves in words, from the viewer's side: ``"You break the lamp of Bo (1)"``."""

from __future__ import annotations

from typing import Literal, overload

from rich.text import Text

from ..rules.moves import read_seen_move
from ..rules.observation import LookView, Observation, SwapView
from . import styles
from .recent_moves import mover

#: How the card a ``clear`` removes is named: ``"You clear your broken pick"``.
_FRONT_NAME = {
    "break-pick": "broken pick",
    "break-lamp": "broken lamp",
    "break-cart": "broken cart",
    "trapped": "trap",
    "theft": "theft",
}


def seat_name(observation: Observation, seat: int) -> str:
    """The name of a seat at the table, ``"Seat 3"`` when the game has no names."""
    names = observation.get("names")
    return str(names[seat]) if names else f"Seat {seat}"


def who(observation: Observation, seat: int) -> str:
    """A seat as moves mention it: ``"Bo (1)"``, ``"seat 1"`` in a game without names,
    or ``"you"`` for the viewer."""
    if seat == observation.get("seat"):
        return "you"
    if not observation.get("names"):
        return f"seat {seat}"
    return f"{seat_name(observation, seat)} ({seat})"


def describe_move(observation: Observation, text: str, index: int | None = None) -> Text:
    """A move of the history (``"1 break-lamp @3"``) in words, from the viewer's side.

    Others' face-down discards and gold picks come as ``"1 discard"`` and
    ``"1 take"`` (``"1 discard ? ?"`` for two cards in Saboteur 2).  ``index``
    is the move's place in the round in play, where the viewer's private
    results of its own inspections and swaps are found; without it they are
    found by the move's text.
    """
    seat = mover(text)
    actor = who(observation, seat)
    you = actor == "you"

    def verb(third_person: str, plain: str) -> str:
        return plain if you else third_person

    def aimed(target: int) -> str:
        """The seat a card is aimed at: ``you``, ``yourself``/``themself``, or its name."""
        if target == seat:
            return "yourself" if you else "themself"
        return who(observation, target)

    def whose(target: int) -> str:
        """Whose card in front: ``your``, ``their own``, or ``the ... of X``'s lead."""
        if target == observation.get("seat"):
            return "your own" if target == seat else "your"
        return "their own" if target == seat else ""

    line = Text(actor[0].upper() + actor[1:] + " ", style="bold" if you else "")
    move = read_seen_move(text)
    kind = move.kind
    if kind == "discard" and not move.card:
        count = 1 + len(move.also)
        many = "a card" if count == 1 else f"{count} cards"
        line.append(verb("discards", "discard") + f" {many} face down", style="dim")
    elif kind == "take" and not move.value:
        line.append(verb("keeps", "keep") + " a gold card")
    elif kind == "place":
        line.append(verb("places", "place") + " ")
        line.append(move.card, style=styles.TUNNEL)
        line.append(f" at {move.x},{move.y}")
    elif kind == "break":
        line.append(verb("breaks", "break") + " ")
        line.append_text(_tool_of(observation, move.tool, move.target, styles.TOOL))
    elif kind == "fix":
        line.append(verb("repairs", "repair") + " ")
        line.append_text(_tool_of(observation, move.tool, move.target, ""))
        line.append(f" ({move.card})", style="dim")
    elif kind == "rockfall":
        line.append(verb("drops", "drop") + " a ")
        line.append("rockfall", style="bold magenta")
        line.append(f" on {move.x},{move.y}")
    elif kind == "map":
        line.append(verb("looks", "look") + f" at the goal at {move.x},{move.y} with a map")
    elif kind == "discard":
        line.append(verb("discards", "discard") + " " + _and(move.cards_played()), style="dim")
    elif kind == "take":
        line.append(verb("keeps", "keep") + " a gold card of ")
        line.append(str(move.value), style=styles.GOLD)
    elif kind == "theft":
        line.append(verb("plays", "play") + " a ")
        line.append("theft", style=styles.THEFT)
        line.append(" (steals 1 gold piece at the end of the round)")
    elif kind == "hands-off":
        line.append(verb("stops", "stop") + " ")
        owner = whose(move.target)
        line.append(f"{owner} theft" if owner else "the theft", style=styles.THEFT)
        if not owner:
            line.append(f" of {who(observation, move.target)}")
        line.append(" (hands-off)", style="dim")
    elif kind == "swap-hand":
        line.append(verb("swaps", "swap") + f" hands with {who(observation, move.target)}")
        swap = _private(observation, "swaps", text, index)
        if swap is not None:
            got = _and(swap["got"]) if swap["got"] else "no cards"
            line.append(f": you get {got}", style="bold")
    elif kind == "inspection":
        target = move.target
        line.append(verb("looks", "look") + " at ")
        line.append("your dwarf card" if target == observation.get("seat") else "the dwarf card")
        if target != observation.get("seat"):
            line.append(f" of {who(observation, target)}")
        line.append(" (inspection)", style="dim")
        look = _private(observation, "looks", text, index)
        if look is not None:
            line.append(": ")
            line.append_text(styles.role_text(look["role"]))
    elif kind == "swap-hats":
        target = move.target
        line.append(verb("gives", "give") + f" {aimed(target)} a new dwarf card from the reserve")
        line.append(" (swap-hats)", style="dim")
        look = _private(observation, "looks", text, index)
        if look is not None and look["seat"] == observation.get("seat"):
            line.append(": you are now ")
            line.append_text(styles.role_text(look["role"]))
    elif kind == "trapped":
        line.append(verb("traps", "trap") + f" {who(observation, move.target)}", style="")
        line.append(" (trapped: no path cards, no share of the gold)", style=styles.TRAPPED)
    elif kind == "free-at-last":
        if move.target == seat:
            line.append(verb("escapes", "escape") + " the trap")
        else:
            line.append(verb("frees", "free") + f" {who(observation, move.target)} from the trap")
        line.append(" (free-at-last)", style="dim")
    elif kind == "clear":
        owner = "your" if you else "their"
        line.append(verb("clears", "clear") + f" {owner} {_FRONT_NAME[move.front]}, ")
        if move.card:
            line.append("discarding " + _and(move.cards_played()), style="dim")
        else:
            line.append(f"discarding {1 + len(move.also)} cards face down", style="dim")
    elif kind == "steal":
        line.append(verb("steals", "steal") + " 1 gold piece from ")
        line.append(who(observation, move.target), style=styles.THEFT)
    else:
        line.append(verb("passes", "pass") + " (no cards left)", style="dim")
    return line


def _and(cards: tuple[str, ...] | list[str]) -> str:
    """``"NS"``, ``"NS and map"``, ``"NS, map and xN"``."""
    cards = list(cards)
    return cards[0] if len(cards) == 1 else ", ".join(cards[:-1]) + " and " + cards[-1]


@overload
def _private(
    observation: Observation, what: Literal["looks"], text: str, index: int | None
) -> LookView | None: ...


@overload
def _private(
    observation: Observation, what: Literal["swaps"], text: str, index: int | None
) -> SwapView | None: ...


def _private(
    observation: Observation, what: Literal["looks", "swaps"], text: str, index: int | None
) -> LookView | SwapView | None:
    """What the viewer alone learnt by the move ``text`` (its ``looks`` or ``swaps`` entry).

    Only the round in play keeps them; a move is found by its place in the
    round, or else by its text (the last such move, when a seat did the same twice).
    """
    entries = observation.get(what) or []
    history = observation["history"][-1] if observation.get("history") else []
    found = None
    for entry in entries:
        number = entry["move"]
        if index is not None:
            if number == index:
                found = entry
        elif number < len(history) and history[number] == text:
            found = entry
    return found


def _tool_of(observation: Observation, tool: str, seat: int, style: str) -> Text:
    """``"your lamp"`` for the viewer's tool, ``"the lamp of Bo (1)"`` for another's."""
    if seat == observation.get("seat"):
        return Text("your ") + Text(tool, style=style)
    return Text("the ") + Text(tool, style=style) + Text(f" of {who(observation, seat)}")
