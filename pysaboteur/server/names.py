"""Names at a table: two names are the same name when people would read them as one.

Names are kept as typed (trimmed); they are compared by a key that folds what
is the same name written otherwise: Unicode NFKC (full-width letters,
ligatures, composed and decomposed accents) and case (``Ánn``, ``ánn`` and
``ÁNN`` are one name).  Names that only look alike are one name too: their
UTS #39 confusable skeletons match ("Ann" with a Cyrillic "A", "ANN" in
Greek capitals, "Iris" with a capital "I" and "lris" with a small "L";
``uts39.py``).  What a name may hold at all is ``name_rules.py``'s.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .uts39 import skeleton


def name_key(name: str, *, turkic: bool = False) -> str:
    """What ``name`` is compared by (NFKC applied again after case folding, which
    can undo it: the Unicode "NFKC_Casefold" idea).  ``turkic``: folded as Turkish
    and Azerbaijani fold case, where the capital of "i" is "İ" and "I" is the
    capital of the dotless "ı" (Unicode's special casing for those languages)."""
    text = unicodedata.normalize("NFKC", name)
    if turkic:
        text = text.replace("I", "ı").replace("İ", "i")
    return unicodedata.normalize("NFKC", text.casefold()).strip()


def look_keys(name: str) -> tuple[str, str]:
    """What ``name`` looks like, twice: the skeleton of its key, so that case
    does not matter ("ann" with a Cyrillic "a" is "ann"), and the skeleton of
    the name as shown, case folded once it reads as the letters it looks like
    ("Iris" with a capital "I" is "lris" with a small "L"; "ANN" in Greek
    capitals is the Latin "ANN", and so "ann")."""
    shown = unicodedata.normalize("NFKC", name).strip()
    return skeleton(name_key(name)), skeleton(name_key(skeleton(shown)))


def is_taken(name: str, names: Iterable[str | None]) -> bool:
    """Whether ``name`` is, or looks like, one of ``names`` (``None``: an open
    seat, no name).  Case is folded as most languages fold it and, apart, as
    Turkish does ("İPEK IŞIL" is "İpek Işıl"); the Turkish keys are compared as
    they are, not by their skeletons, in which "ı" looks like "i" ("İrem" and
    "Irem" are two names)."""
    folded, shown = look_keys(name)
    turkish = name_key(name, turkic=True)
    for other in names:
        if other is not None:
            other_folded, other_shown = look_keys(other)
            if folded == other_folded or shown == other_shown:
                return True
            if turkish == name_key(other, turkic=True):
                return True
    return False


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
