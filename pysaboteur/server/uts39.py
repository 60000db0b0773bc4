"""Unicode's security mechanisms for identifiers (UTS #39) as ICU implements them.

ICU's SpoofChecker is the reference implementation of UTS #39: confusable
skeletons from Unicode's ``confusables.txt``, restriction levels over scripts,
digits of mixed numbering systems, and the recommended identifier characters
(``Identifier_Status=Allowed``).  The data comes inside the ``pyicu-wheels``
wheel (ICU's own, of ICU's Unicode version): nothing is downloaded.  This module
is the one place that talks to ICU, so the rest of the server sees typed
functions of plain strings.
"""

from __future__ import annotations

from typing import Any, Final

import icu  # type: ignore[import-untyped]  # PyICU has no type hints

#: A checker for a whole name: digits of two numbering systems ("1" and the
#: Arabic-Indic one, U+0661, look alike in places), and a combining mark repeated on one
#: letter (ICU's INVISIBLE: the second acute of "á́" hides in the first).
_WHOLE: Final = icu.SpoofChecker()
_WHOLE.setChecks(icu.USpoofChecks.MIXED_NUMBERS | icu.USpoofChecks.INVISIBLE)

#: A checker for one word: UTS #39's "Highly Restrictive" level, a word in one
#: script, or in Latin with Han and kana (Japanese), Han and Bopomofo
#: (Chinese) or Han and Hangul (Korean), as people write those languages.
_WORD: Final = icu.SpoofChecker()
_WORD.setChecks(icu.USpoofChecks.RESTRICTION_LEVEL)
_WORD.setRestrictionLevel(icu.URestrictionLevel.HIGHLY_RESTRICTIVE)


def _frozen(pattern: str, *, within: Any = None) -> Any:
    """ICU's set of the characters ``pattern`` names (and in ``within``), fixed."""
    chosen = icu.UnicodeSet(pattern)
    if within is not None:
        chosen.retainAll(within)
    chosen.freeze()
    return chosen


#: Letters, marks and digits that UTS #39 recommends for identifiers: the
#: scripts in everyday use, without historic, technical or compatibility ones.
_NAME_LETTERS: Final = _frozen("[[:L:][:M:][:Nd:]]", within=_WHOLE.getRecommendedUnicodeSet())

#: What shows as nothing, or as a gap that is not one plain space: Unicode's
#: default-ignorable characters (joiners, variation selectors, the Hangul
#: fillers, tag characters, bidi controls...), the spaces and line breaks other
#: than U+0020, and the two characters whose glyph is blank although they are
#: neither: the Braille pattern with no dots and a musical null notehead.
_INVISIBLE: Final = _frozen(
    "[[:Default_Ignorable_Code_Point:][:White_Space:][\\u2800\\U0001D159]-[\\u0020]]"
)


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: two strings that look alike have the same
    one (the Cyrillic and Latin "A", "rn" and "m", "l", "I" and "1")."""
    return str(_WHOLE.getSkeleton(0, text))


def is_name_letter(char: str) -> bool:
    """Whether ``char`` is a letter, mark or digit recommended for identifiers."""
    return bool(_NAME_LETTERS.contains(char))


def is_invisible(char: str) -> bool:
    """Whether ``char`` shows as nothing, or as a gap other than a plain space."""
    return bool(_INVISIBLE.contains(char))


def mixes_scripts(word: str) -> bool:
    """Whether ``word`` mixes scripts beyond UTS #39's Highly Restrictive level
    (Latin with Cyrillic or Greek, as in a Cyrillic "A" before a Latin "nn")."""
    return bool(_WORD.check(word) & icu.USpoofChecks.RESTRICTION_LEVEL)


def mixes_numbers(text: str) -> bool:
    """Whether ``text`` has decimal digits of more than one numbering system."""
    return bool(_WHOLE.check(text) & icu.USpoofChecks.MIXED_NUMBERS)


def repeats_a_mark(text: str) -> bool:
    """Whether one letter of ``text`` carries the same combining mark twice."""
    return bool(_WHOLE.check(text) & icu.USpoofChecks.INVISIBLE)
