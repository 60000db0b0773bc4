"""The game words that refusal reasons name, listed here for the catalogues.

The engine names them by their code (``Reason.word("lamp", "tool")``), which
the extraction cannot find; so each is written out here, with its context.
``tests/test_i18n_catalogues.py`` checks that every tool, card, edition and
kind of move of the engine is here.
"""

from __future__ import annotations

from typing import Final

from .catalogues import NP_

# TRANSLATORS: "tool" words are the three tools a broken-tool card breaks, as in
# "seat 2 already has a broken lamp".
TOOLS: Final = (NP_("tool", "pick"), NP_("tool", "lamp"), NP_("tool", "cart"))

# TRANSLATORS: "card" words are the codes of action cards, as in "seat 1 has no
# map card in hand"; give the card's name as your rules text spells it.
CARDS: Final = (
    NP_("card", "map"),
    NP_("card", "rockfall"),
    NP_("card", "break-pick"),
    NP_("card", "break-lamp"),
    NP_("card", "break-cart"),
    NP_("card", "fix-pick"),
    NP_("card", "fix-lamp"),
    NP_("card", "fix-cart"),
    NP_("card", "fix-pick-lamp"),
    NP_("card", "fix-pick-cart"),
    NP_("card", "fix-lamp-cart"),
    NP_("card", "theft"),
    NP_("card", "hands-off"),
    NP_("card", "swap-hand"),
    NP_("card", "inspection"),
    NP_("card", "swap-hats"),
    NP_("card", "trapped"),
    NP_("card", "free-at-last"),
    NP_("card", "key"),
)

# TRANSLATORS: "colour" words are the Duel's two colours (of the players, their
# doors and ladders), as in "the card at 5,0 has no blue door".
COLOURS: Final = (NP_("colour", "green"), NP_("colour", "blue"))

# TRANSLATORS: the editions' titles, as the box prints them in your language.
EDITIONS: Final = (
    NP_("edition", "Saboteur"),
    NP_("edition", "Saboteur 2"),
    NP_("edition", "Saboteur: The Duel"),
)

# TRANSLATORS: "move" words are kinds of moves, as in "Saboteur has no steal moves".
MOVES: Final = (
    NP_("move", "place"),
    NP_("move", "break"),
    NP_("move", "fix"),
    NP_("move", "rockfall"),
    NP_("move", "map"),
    NP_("move", "discard"),
    NP_("move", "take"),
    NP_("move", "pass"),
    NP_("move", "theft"),
    NP_("move", "steal"),
    NP_("move", "hands-off"),
    NP_("move", "swap-hand"),
    NP_("move", "inspection"),
    NP_("move", "swap-hats"),
    NP_("move", "trapped"),
    NP_("move", "free-at-last"),
    NP_("move", "clear"),
    NP_("move", "key"),
    NP_("move", "bribe"),
)
