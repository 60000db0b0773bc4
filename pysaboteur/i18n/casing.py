"""Capital letters the way each language writes them.

``str.upper`` follows English: Turkish ``i`` must become ``İ`` (and ``ı`` ``I``), so
"madenci" is "MADENCİ", not "MADENCI"; Greek capitals drop the accent (tonos) but
keep the diaeresis, so "χρυσωρύχος" is "ΧΡΥΣΩΡΥΧΟΣ" and "ϊ" stays "Ϊ", add one where
the accent kept two vowels apart ("ρολόι" is "ΡΟΛΟΪ"), and "ή" (or) stays "Ή".
"""

from __future__ import annotations

import re
import unicodedata

#: Languages whose dotted and dotless i are two letters (Turkish; Azerbaijani alike).
_DOTTED_I = {"tr"}
#: The accents Greek writes on small letters only: acute (tonos) and circumflex.
_GREEK_SMALL_ONLY = dict.fromkeys(map(ord, "\u0301\u0342"))


#: A Greek vowel with its accent before iota or upsilon is not a diphthong with it
#: ("ρολόι", "τσάι"): in capitals, which drop the accent, the second vowel takes a
#: diaeresis to stay apart ("ΡΟΛΟΪ", "ΤΣΑΪ").
_GREEK_APART = re.compile(
    "([\u03b1\u03b5\u03b7\u03bf\u03c5\u0391\u0395\u0397\u039f\u03a5])"  # the first of a pair
    "[\u0301\u0342]([\u03b9\u03c5\u0399\u03a5])(?![\u0308\u0301])"  # accent, then iota or upsilon
)
#: "ή" (or) alone is the one Greek word that keeps its accent in capitals: "Ή".
_GREEK_OR = re.compile("(?<![\\w\u0300-\u036f])[\u03b7\u0397]\u0301(?![\\w\u0300-\u036f])")


def upper(text: str, lang: str) -> str:
    """``text`` in capitals, as ``lang`` writes them."""
    if lang in _DOTTED_I:
        text = text.replace("i", "İ")
    if lang == "el":
        split = unicodedata.normalize("NFD", text)
        split = _GREEK_OR.sub("\u0397\u0000", split)  # its accent kept apart from those dropped
        split = _GREEK_APART.sub("\\1\\2\u0308", split)
        bare = split.translate(_GREEK_SMALL_ONLY).replace("\u0000", "\u0301")
        return unicodedata.normalize("NFC", bare.upper())
    return text.upper()


def capitalised(text: str, lang: str) -> str:
    """The first letter in capitals, as a sentence begins (``seat 1`` -> ``Seat 1``).
    A Greek capital at the start of a word keeps its accent (``Άννα``)."""
    first = text[:1].replace("i", "İ") if lang in _DOTTED_I else text[:1]
    return first.upper() + text[1:]
