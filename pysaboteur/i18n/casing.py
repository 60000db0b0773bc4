"""Capital letters the way each language writes them.

``str.upper`` follows English: Turkish ``i`` must become ``İ`` (and ``ı`` ``I``), so
"madenci" is "MADENCİ", not "MADENCI"; Greek capitals drop the accent (tonos) but
keep the diaeresis, so "χρυσωρύχος" is "ΧΡΥΣΩΡΥΧΟΣ" and "ϊ" stays "Ϊ".
"""

from __future__ import annotations

import unicodedata

#: Languages whose dotted and dotless i are two letters (Turkish; Azerbaijani alike).
_DOTTED_I = {"tr"}
#: The accents Greek writes on small letters only: acute (tonos) and circumflex.
_GREEK_SMALL_ONLY = dict.fromkeys(map(ord, "\u0301\u0342"))


def upper(text: str, lang: str) -> str:
    """``text`` in capitals, as ``lang`` writes them."""
    if lang in _DOTTED_I:
        text = text.replace("i", "İ")
    if lang == "el":
        bare = unicodedata.normalize("NFD", text).translate(_GREEK_SMALL_ONLY)
        return unicodedata.normalize("NFC", bare.upper())
    return text.upper()


def capitalised(text: str, lang: str) -> str:
    """The first letter in capitals, as a sentence begins (``seat 1`` -> ``Seat 1``).
    A Greek capital at the start of a word keeps its accent (``Άννα``)."""
    first = text[:1].replace("i", "İ") if lang in _DOTTED_I else text[:1]
    return first.upper() + text[1:]
