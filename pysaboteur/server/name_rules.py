"""What a name at a table may hold, so that nobody can pass for somebody else.

A name is letters and digits of the scripts in everyday use (UTS #39's
recommended identifier characters), with the few marks people put between the
parts of a name: one space, a hyphen, an apostrophe (typed ``'`` or, as phones
type it, U+2019) and a period ("Mary-Jane", "O'Brien", "J. R.").  Nothing
invisible, and no word that mixes scripts ("nn" after a Cyrillic U+0410 "A").
The rules read the name after NFKC, as names are compared (``names.py``):
full-width letters are letters.  Two names that look alike are refused as the
same name by ``names.is_taken``, not here.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from ..rules.reasons import Reason
from . import uts39

#: The marks allowed between the parts of a name: UTS #39's Identifier_Type
#: "Inclusion" characters that European names use, and the space.
SEPARATORS: Final = frozenset(" -'\u2019.")
_SEPARATOR_RUN: Final = re.compile("[" + re.escape("".join(sorted(SEPARATORS))) + "]+")


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def name_problem(name: str) -> Reason | None:
    """Why ``name`` (trimmed) may not be a name at a table, or ``None``."""
    hidden = next((char for char in name if uts39.is_invisible(char)), None)
    if hidden is not None:
        return Reason(
            "a name has no invisible characters (this one has {code})", code=_code(hidden)
        )
    if not name.isprintable():
        return Reason("a name has only printable characters")
    shown = unicodedata.normalize("NFKC", name)
    odd = next(
        (char for char in shown if char not in SEPARATORS and not uts39.is_name_letter(char)),
        None,
    )
    if odd is not None:
        return Reason(
            "a name has only letters and digits in common use, spaces, hyphens, apostrophes"
            " and periods (not “{char}”, {code})",
            char=odd,
            code=_code(odd),
        )
    if shown[0] in SEPARATORS:
        return Reason("a name begins with a letter or a digit")
    if "  " in shown:
        return Reason("a name has one space between words")
    if uts39.mixes_numbers(shown):
        return Reason("a name has digits of one kind")
    mixed = next((word for word in _SEPARATOR_RUN.split(shown) if uts39.mixes_scripts(word)), None)
    if mixed is not None:
        return Reason("a name does not mix alphabets in one word ({word})", word=mixed)
    if uts39.repeats_a_mark(shown):
        return Reason("a name does not carry the same accent twice on one letter")
    return None
