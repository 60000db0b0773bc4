"""Which of the six languages a request is served in: the cookie, then Accept-Language.

Self-contained on purpose (the standard library only), so that it can later be pointed
at the package that holds the language list for the whole game.
"""

from __future__ import annotations

#: The languages of the game, English (the source language) first, as the picker lists them.
LANGUAGES: tuple[str, ...] = ("en", "tr", "lt", "el", "sk", "it")
DEFAULT = "en"
#: The cookie a browser's own choice is remembered in.
COOKIE = "lang"
#: Accept-Language entries looked at: a longer header is somebody's mistake or mischief.
MAX_RANGES = 32


def is_language(code: str | None) -> bool:
    return code in LANGUAGES


def _quality(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return value if 0.0 <= value <= 1.0 else 0.0


def _ranges(header: str) -> list[tuple[str, float]]:
    """The header's language ranges with their q-values, in the header's order."""
    ranges: list[tuple[str, float]] = []
    for part in header.split(",")[:MAX_RANGES]:
        tag, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                quality = _quality(value.strip())
        if tag:
            ranges.append((tag.lower(), quality))
    return ranges


def best_match(header: str | None) -> str | None:
    """The supported language an ``Accept-Language`` header likes best (``tr-TR`` counts as
    ``tr``), or None if it names none of them. Among equal q-values the header's order wins."""
    if not header:
        return None
    best: tuple[float, int, str] | None = None
    for order, (tag, quality) in enumerate(_ranges(header)):
        primary = tag.split("-")[0]
        if quality <= 0 or not is_language(primary):
            continue
        ranked = (quality, -order, primary)
        if best is None or ranked > best:
            best = ranked
    return best[2] if best else None


def negotiate(cookie: str | None, accept_language: str | None) -> str:
    """The language to serve: the ``lang`` cookie if it names one of the six, else the
    best match of ``Accept-Language``, else English."""
    if cookie is not None and is_language(cookie.strip().lower()):
        return cookie.strip().lower()
    return best_match(accept_language) or DEFAULT
