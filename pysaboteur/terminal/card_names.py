"""Action cards by name in the terminal's sentences, in the person's language:
"Seat 1 discards NS, repair pick / cart and stop thief".

Path cards keep their codes in sentences: the hand and the maze show them by
code (``card_art.card_label``), so a sentence names the card as it is seen. An
action card's picture says its name, and a sentence says the same words; its
code is only the notation a move is typed in (``hands-off @2``).
"""

from __future__ import annotations

from typing import Final

from ..i18n import NP_
from .words import pgettext

#: Each action card's name as a sentence holds it (the table's ``cards.name_*``).
_NAMES: Final = {
    "break-pick": NP_("card name", "break pick"),
    "break-lamp": NP_("card name", "break lamp"),
    "break-cart": NP_("card name", "break cart"),
    "fix-pick": NP_("card name", "repair pick"),
    "fix-lamp": NP_("card name", "repair lamp"),
    "fix-cart": NP_("card name", "repair cart"),
    "fix-pick-lamp": NP_("card name", "repair pick / lamp"),
    "fix-pick-cart": NP_("card name", "repair pick / cart"),
    "fix-lamp-cart": NP_("card name", "repair lamp / cart"),
    "map": NP_("card name", "map"),
    "rockfall": NP_("card name", "rockfall"),
    "theft": NP_("card name", "theft"),
    "hands-off": NP_("card name", "stop thief"),
    "swap-hand": NP_("card name", "swap hands"),
    "inspection": NP_("card name", "inspection"),
    "swap-hats": NP_("card name", "new hat"),
    "trapped": NP_("card name", "trapped"),
    "free-at-last": NP_("card name", "free at last"),
    "key": NP_("card name", "key"),
}


def card_name(code: str) -> str:
    """An action card's name in the person's language; any other card's code."""
    name = _NAMES.get(code)
    return code if name is None else pgettext("card name", name)


def card_names(codes: list[str] | tuple[str, ...]) -> list[str]:
    return [card_name(code) for code in codes]
