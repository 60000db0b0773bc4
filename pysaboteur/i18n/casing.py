"""Capital letters the way each language writes them.

``str.upper`` follows English: Turkish ``i`` must become ``İ`` (and ``ı`` ``I``), so
"madenci" is "MADENCİ", not "MADENCI".
"""

from __future__ import annotations

#: Languages whose dotted and dotless i are two letters (Turkish; Azerbaijani alike).
_DOTTED_I = {"tr"}


def upper(text: str, lang: str) -> str:
    """``text`` in capitals, as ``lang`` writes them."""
    if lang in _DOTTED_I:
        text = text.replace("i", "İ")
    return text.upper()


def capitalised(text: str, lang: str) -> str:
    """The first letter in capitals, as a sentence begins (``seat 1`` -> ``Seat 1``)."""
    return upper(text[:1], lang) + text[1:]
