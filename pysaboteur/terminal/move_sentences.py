"""Seats by name and moves in words, from the viewer's side: ``"You break the lamp of Bo (1)"``.

Every sentence is one message of the catalogues, whole, for each case: the
viewer moved or another seat did; the card was aimed at the viewer, at the
mover itself or at another seat; which tool it names.  So each language
orders its own words and agrees them with the tool.  Seat names, cells and
cards are placeholders: action cards by name, path cards by code, as the hand
shows them (:mod:`.card_names`).
"""

from __future__ import annotations

from typing import Final, Literal, overload

from rich.text import Text

from ..rules.moves import read_seen_move
from ..rules.observation import LookView, Observation, SwapView
from . import styles
from .card_names import card_name, card_names
from .recent_moves import mover
from .words import N_, _, capitalised, ngettext, pgettext, styled

#: How the card a ``clear`` removes is named: ``"You clear your broken pick"``.
_FRONT_NAME: Final = {
    "break-pick": N_("broken pick"),
    "break-lamp": N_("broken lamp"),
    "break-cart": N_("broken cart"),
    "trapped": N_("trap"),
    "theft": N_("theft"),
}

# The sentences of a broken tool and of a repair, for each tool: the viewer
# breaks its own / another's; another seat breaks the viewer's / another's.
_BREAK: Final = {
    "pick": (
        N_("You break your pick"),
        N_("You break the pick of {target}"),
        N_("{actor} breaks your pick"),
        N_("{actor} breaks the pick of {target}"),
    ),
    "lamp": (
        N_("You break your lamp"),
        N_("You break the lamp of {target}"),
        N_("{actor} breaks your lamp"),
        N_("{actor} breaks the lamp of {target}"),
    ),
    "cart": (
        N_("You break your cart"),
        N_("You break the cart of {target}"),
        N_("{actor} breaks your cart"),
        N_("{actor} breaks the cart of {target}"),
    ),
}
_FIX: Final = {
    "pick": (
        N_("You repair your pick ({card})"),
        N_("You repair the pick of {target} ({card})"),
        N_("{actor} repairs your pick ({card})"),
        N_("{actor} repairs the pick of {target} ({card})"),
    ),
    "lamp": (
        N_("You repair your lamp ({card})"),
        N_("You repair the lamp of {target} ({card})"),
        N_("{actor} repairs your lamp ({card})"),
        N_("{actor} repairs the lamp of {target} ({card})"),
    ),
    "cart": (
        N_("You repair your cart ({card})"),
        N_("You repair the cart of {target} ({card})"),
        N_("{actor} repairs your cart ({card})"),
        N_("{actor} repairs the cart of {target} ({card})"),
    ),
}


def seat_name(observation: Observation, seat: int) -> str:
    """The name of a seat at the table, ``"Seat 3"`` when the game has no names."""
    names = observation.get("names")
    return str(names[seat]) if names else _("Seat {seat}").format(seat=seat)


def who(observation: Observation, seat: int) -> str:
    """A seat as moves mention it: ``"Bo (1)"``, ``"seat 1"`` in a game without names,
    or ``"you"`` for the viewer."""
    if seat == observation.get("seat"):
        return _("you")
    if not observation.get("names"):
        return _("seat {seat}").format(seat=seat)
    return f"{seat_name(observation, seat)} ({seat})"


def listed(items: list[str] | tuple[str, ...]) -> str:
    """``"NS"``, ``"NS and map"``, ``"NS, map and xN"``, in the language's own way."""
    text = items[0]
    for index, item in enumerate(items[1:], start=2):
        last = index == len(items)
        text = (_("{items} and {item}") if last else _("{items}, {item}")).format(
            items=text, item=item
        )
    return text


class _Sentence:
    """What the sentences of one move are made of: who moved, at whom, from whose side."""

    def __init__(self, observation: Observation, seat: int, target: int, kind: str) -> None:
        self.observation = observation
        #: The card the move plays, by name, for the sentences that name it.
        self.card = card_name(kind)
        self.seat = seat
        self.target = target
        self.viewer = observation.get("seat")
        self.you = seat == self.viewer
        self.actor = capitalised(who(observation, seat))

    def say(self, mine: str, theirs: str, style: str = "", **params: str | int | Text) -> Text:
        """The viewer's sentence or another seat's, translated and filled."""
        params.setdefault("card", self.card)
        return styled(_(mine if self.you else theirs), style, actor=self.actor, **params)

    def aimed(self, four: tuple[str, str, str, str], **params: str | int | Text) -> Text:
        """One of four sentences: by the viewer at itself / at another seat; by
        another seat at the viewer / at a seat that is not the viewer."""
        at_viewer = self.target == self.viewer
        if self.you:
            chosen = four[0] if at_viewer else four[1]
        else:
            chosen = four[2] if at_viewer else four[3]
        target = who(self.observation, self.target)
        params.setdefault("card", self.card)
        return styled(_(chosen), "", actor=self.actor, target=target, **params)


#: The moves on a cell, said by the mover and by the others.
_ON_A_CELL: Final = {
    "rockfall": (N_("You drop a rockfall on {x},{y}"), N_("{actor} drops a rockfall on {x},{y}")),
    "map": (
        N_("You look at the goal at {x},{y} with a map"),
        N_("{actor} looks at the goal at {x},{y} with a map"),
    ),
    # The Duel's.
    "key": (
        N_("You lay a key on the doors at {x},{y}"),
        N_("{actor} lays a key on the doors at {x},{y}"),
    ),
    "bribe": (
        N_("You bribe the troll at {x},{y} with a counter"),
        N_("{actor} bribes the troll at {x},{y} with a counter"),
    ),
}


def describe_move(observation: Observation, text: str, index: int | None = None) -> Text:
    """A move of the history (``"1 break-lamp @3"``) in words, from the viewer's side.

    Others' face-down discards and gold picks come as ``"1 discard"`` and
    ``"1 take"`` (``"1 discard ? ?"`` for two cards in Saboteur 2).  ``index``
    is the move's place in the round in play, where the viewer's private
    results of its own inspections and swaps are found; without it they are
    found by the move's text.
    """
    move = read_seen_move(text)
    kind = move.kind
    sentence = _Sentence(observation, mover(text), move.target, kind)
    say, aimed = sentence.say, sentence.aimed
    if kind == "discard" and not move.card:
        count = 1 + len(move.also)
        if sentence.you:
            words = ngettext(
                "You discard a card face down", "You discard {count} cards face down", count
            )
        else:
            words = ngettext(
                "{actor} discards a card face down",
                "{actor} discards {count} cards face down",
                count,
            )
        return styled(words, "dim", actor=sentence.actor, count=count)
    if kind == "take" and not move.value:
        return say(N_("You keep a gold card"), N_("{actor} keeps a gold card"))
    if kind == "place":
        card = Text(move.card, style=styles.TUNNEL)
        return say(
            N_("You place {card} at {x},{y}"),
            N_("{actor} places {card} at {x},{y}"),
            card=card,
            x=move.x,
            y=move.y,
        )
    if kind == "break":
        return aimed(_BREAK[move.tool])
    if kind == "fix":
        return aimed(_FIX[move.tool], card=card_name(move.card))
    if kind in _ON_A_CELL:
        return say(*_ON_A_CELL[kind], x=move.x, y=move.y)
    if kind == "discard":
        cards = listed(card_names(move.cards_played()))
        return say(N_("You discard {cards}"), N_("{actor} discards {cards}"), "dim", cards=cards)
    if kind == "take":
        value = Text(str(move.value), style=styles.GOLD)
        return say(
            N_("You keep a gold card of {value}"),
            N_("{actor} keeps a gold card of {value}"),
            value=value,
        )
    if kind == "theft":
        return say(
            N_("You play a theft (steals 1 gold piece at the end of the round)"),
            N_("{actor} plays a theft (steals 1 gold piece at the end of the round)"),
        )
    if kind == "hands-off":
        if not sentence.you and move.target == sentence.seat:
            return say("", N_("{actor} stops their own theft ({card})"))
        return aimed(
            (
                N_("You stop your own theft ({card})"),
                N_("You stop the theft of {target} ({card})"),
                N_("{actor} stops your theft ({card})"),
                N_("{actor} stops the theft of {target} ({card})"),
            )
        )
    if kind == "swap-hand":
        return _swap_hand(sentence, _private(observation, "swaps", text, index))
    if kind == "inspection":
        return _inspection(sentence, _private(observation, "looks", text, index))
    if kind == "swap-hats":
        return _swap_hats(sentence, _private(observation, "looks", text, index))
    if kind == "trapped":
        return aimed(
            (
                N_("You trap yourself ({card}: no path cards, no share of the gold)"),
                N_("You trap {target} ({card}: no path cards, no share of the gold)"),
                N_("{actor} traps you ({card}: no path cards, no share of the gold)"),
                N_("{actor} traps {target} ({card}: no path cards, no share of the gold)"),
            )
        )
    if kind == "free-at-last":
        if move.target == sentence.seat:
            return say(
                N_("You escape the trap ({card})"),
                N_("{actor} escapes the trap ({card})"),
            )
        return aimed(
            (
                N_("You escape the trap ({card})"),
                N_("You free {target} from the trap ({card})"),
                N_("{actor} frees you from the trap ({card})"),
                N_("{actor} frees {target} from the trap ({card})"),
            )
        )
    if kind == "clear":
        front = _(_FRONT_NAME[move.front])
        if move.card:
            return say(
                N_("You clear your {front}, discarding {cards}"),
                N_("{actor} clears their {front}, discarding {cards}"),
                front=front,
                cards=listed(card_names(move.cards_played())),
            )
        return say(
            N_("You clear your {front}, discarding {count} cards face down"),
            N_("{actor} clears their {front}, discarding {count} cards face down"),
            front=front,
            count=1 + len(move.also),
        )
    if kind == "steal":
        return aimed(
            (
                N_("You steal 1 gold piece from yourself"),
                N_("You steal 1 gold piece from {target}"),
                N_("{actor} steals 1 gold piece from you"),
                N_("{actor} steals 1 gold piece from {target}"),
            )
        )
    return say(N_("You pass (no cards left)"), N_("{actor} passes (no cards left)"), "dim")


def _swap_hand(sentence: _Sentence, swap: SwapView | None) -> Text:
    """Everyone sees who swapped with whom; the two seats see what they got."""
    if swap is None:
        return sentence.aimed(
            (
                N_("You swap hands with yourself"),
                N_("You swap hands with {target}"),
                N_("{actor} swaps hands with you"),
                N_("{actor} swaps hands with {target}"),
            )
        )
    if not swap["got"]:
        return sentence.aimed(
            (
                N_("You swap hands with yourself: you get no cards"),
                N_("You swap hands with {target}: you get no cards"),
                N_("{actor} swaps hands with you: you get no cards"),
                N_("{actor} swaps hands with {target}: you get no cards"),
            )
        )
    return sentence.aimed(
        (
            N_("You swap hands with yourself: you get {cards}"),
            N_("You swap hands with {target}: you get {cards}"),
            N_("{actor} swaps hands with you: you get {cards}"),
            N_("{actor} swaps hands with {target}: you get {cards}"),
        ),
        cards=listed(card_names(swap["got"])),
    )


def _inspection(sentence: _Sentence, look: LookView | None) -> Text:
    """Everyone sees whose dwarf card was looked at; the inspector also sees it."""
    if look is None:
        return sentence.aimed(
            (
                N_("You look at your dwarf card ({card})"),
                N_("You look at the dwarf card of {target} ({card})"),
                N_("{actor} looks at your dwarf card ({card})"),
                N_("{actor} looks at the dwarf card of {target} ({card})"),
            )
        )
    return sentence.aimed(
        (
            N_("You look at your dwarf card ({card}): {role}"),
            N_("You look at the dwarf card of {target} ({card}): {role}"),
            N_("{actor} looks at your dwarf card ({card}): {role}"),
            N_("{actor} looks at the dwarf card of {target} ({card}): {role}"),
        ),
        role=styles.role_text(look["role"]),
    )


def _swap_hats(sentence: _Sentence, look: LookView | None) -> Text:
    """Everyone sees who got a new dwarf card; that seat alone sees which."""
    if look is not None and look["seat"] == sentence.viewer:
        # The viewer's own new card: it gave itself one, or another seat gave it one.
        return sentence.aimed(
            (
                N_(
                    "You give yourself a new dwarf card from the reserve ({card}): "
                    "you are now {role}"
                ),
                N_("You give {target} a new dwarf card from the reserve ({card})"),
                N_(
                    "{actor} gives you a new dwarf card from the reserve ({card}): "
                    "you are now {role}"
                ),
                N_("{actor} gives {target} a new dwarf card from the reserve ({card})"),
            ),
            role=styles.role_text(look["role"]),
        )
    if not sentence.you and sentence.target == sentence.seat:
        return sentence.say(
            "", N_("{actor} gives themself a new dwarf card from the reserve ({card})")
        )
    return sentence.aimed(
        (
            N_("You give yourself a new dwarf card from the reserve ({card})"),
            N_("You give {target} a new dwarf card from the reserve ({card})"),
            N_("{actor} gives you a new dwarf card from the reserve ({card})"),
            N_("{actor} gives {target} a new dwarf card from the reserve ({card})"),
        )
    )


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


def tool_name(tool: str) -> str:
    """A tool's name in the person's language (``pick``, ``lamp``, ``cart``)."""
    return pgettext("tool", tool)
