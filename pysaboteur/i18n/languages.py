"""The six languages, and choosing one: from a browser's cookie and
``Accept-Language``, or from a terminal's environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final, Protocol

#: Every language, by code, with its name in itself; English (the source) first.
LANGUAGES: Final = {
    "en": "English",
    "tr": "Türkçe",
    "lt": "Lietuvių",
    "el": "Ελληνικά",
    "sk": "Slovenčina",
    "it": "Italiano",
}
SOURCE: Final = "en"


def known(tag: str | None) -> str | None:
    """The language of a tag (``"tr"``, ``"tr-TR"``, ``"el_GR.UTF-8"``) if it is one of ours."""
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].split(".")[0].lower()
    return primary if primary in LANGUAGES else None


def negotiate(cookie: str | None, accept_language: str | None) -> str:
    """The language to answer in: the cookie's if it names one of ours, else the
    best match of ``Accept-Language`` by its q-values, else English."""
    chosen = known(cookie)
    if chosen is not None:
        return chosen
    for tag in _by_preference(accept_language or ""):
        chosen = known(tag)
        if chosen is not None:
            return chosen
    return SOURCE


def _by_preference(header: str) -> list[str]:
    """The tags of an ``Accept-Language`` header, most wanted first (q=0: not wanted)."""
    weighed: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):  # a longer list is not a person's
        tag, *settings = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for setting in settings:
            name, _, value = setting.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # a malformed weight counts as not wanted
        if tag and 0 < quality <= 1:
            weighed.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(weighed)]


#: Where a terminal says its language, in the order gettext reads them.
_LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: the first of ours in ``LANGUAGE`` (a list, ``tr:en``),
    else the locale that ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` sets (the first set
    one decides, as in gettext); English when it is none of ours (``C``, ``de_DE``)."""
    environ = os.environ if environ is None else environ
    for tag in environ.get("LANGUAGE", "").split(":"):
        chosen = known(tag)
        if chosen is not None:
            return chosen
    for name in _LOCALE_VARIABLES:
        value = environ.get(name)
        if value:
            return known(value) or SOURCE
    return SOURCE


class Requester(Protocol):
    """What a request or a WebSocket handshake tells of its language (Starlette's
    ``Request`` and ``WebSocket`` both have these)."""

    @property
    def cookies(self) -> Mapping[str, str]: ...

    @property
    def headers(self) -> Mapping[str, str]: ...


#: The cookie that remembers a browser's choice (path /, a year, SameSite=Lax).
COOKIE: Final = "lang"


def requester_language(requester: Requester) -> str:
    """The language to answer a request (or a socket) in: :func:`negotiate` over its
    ``lang`` cookie and ``Accept-Language`` header."""
    return negotiate(requester.cookies.get(COOKIE), requester.headers.get("accept-language"))
