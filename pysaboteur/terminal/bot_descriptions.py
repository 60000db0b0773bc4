"""What each of the package's bots is, in one line, for the terminal's start of a game.

The same words as the web lobby's list of bots (web/locales/*/lobby.json), so a
person meets one description of a bot wherever they play.
"""

from __future__ import annotations

from .words import N_, _

#: A bot's name (its spec before any settings) and its line.
DESCRIPTIONS = {
    # TRANSLATORS: the heuristic bot, as the web lobby describes it.
    "heuristic": N_("Heuristic: quick and sensible"),
    # TRANSLATORS: the random bot, as the web lobby describes it.
    "random": N_("Random: plays any legal move"),
    # TRANSLATORS: the ISMCTS bot, as the web lobby describes it.
    "ismcts": N_("Search (ISMCTS): thinks before each move"),
}


def describe_bot(spec: str) -> str | None:
    """The line of the bot that ``spec`` names (settings, if any, follow it as given),
    or None for a bot from outside the package."""
    name, _colon, settings = spec.partition(":")
    line = DESCRIPTIONS.get(name)
    if line is None:
        return None
    return f"{_(line)} ({settings})" if settings else _(line)
