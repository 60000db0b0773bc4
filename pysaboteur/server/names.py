"""Names at a table: two names are the same name when people would read them as one.

Names are kept as typed (trimmed); they are compared by a key that folds what
looks alike: Unicode NFKC (full-width letters, ligatures, composed and
decomposed accents) and case (``Ánn``, ``ánn`` and ``ÁNN`` are one name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def name_key(name: str) -> str:
    """What ``name`` is compared by (NFKC applied again after case folding, which
    can undo it: the Unicode "NFKC_Casefold" idea)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded).strip()


def is_taken(name: str, names: Iterable[str | None]) -> bool:
    """Whether ``name`` is one of ``names`` (``None``: an open seat, no name)."""
    key = name_key(name)
    return any(other is not None and name_key(other) == key for other in names)


def unique_bot_names(plain: dict[int, str], people: Iterable[str | None]) -> dict[int, str]:
    """The bots' ``plain`` names (seat -> name), each made unlike every person's
    name and every other bot's: a person may well have called themselves
    "Bot 2 (heuristic)"."""
    taken = [name for name in people if name is not None]
    names: dict[int, str] = {}
    for seat, name in plain.items():
        chosen, again = name, 2
        while is_taken(chosen, taken):
            chosen = f"{name} #{again}"
            again += 1
        names[seat] = chosen
        taken.append(chosen)
    return names
