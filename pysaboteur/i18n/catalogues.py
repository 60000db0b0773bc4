"""The gettext catalogues of the Python side: one translator per language.

The catalogues are ``locale/<lang>/LC_MESSAGES/pysaboteur.mo`` beside this
module, compiled from their ``.po`` files by ``scripts/catalogues compile``.
Only the standard library reads them: Babel is needed to extract and
compile, never to run.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Final

from .languages import LANGUAGES, SOURCE

DOMAIN: Final = "pysaboteur"
LOCALE_DIR: Final = Path(__file__).with_name("locale")


#: Catalogues put in place of a language's own (tests, a translator trying a .po).
_INSTALLED: dict[str, _gettext.NullTranslations] = {}


def translator(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang``; English (the messages as written) for any
    other code, or while a language has no compiled catalogue."""
    return _INSTALLED.get(lang) or _on_disk(lang)


@lru_cache(maxsize=len(LANGUAGES) + 1)
def _on_disk(lang: str) -> _gettext.NullTranslations:
    if lang not in LANGUAGES or lang == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


@contextmanager
def installed(lang: str, translations: _gettext.NullTranslations) -> Iterator[None]:
    """Within the block, ``lang`` is said with ``translations`` (a catalogue compiled
    elsewhere), wherever the game asks for ``lang``."""
    before = _INSTALLED.get(lang)
    _INSTALLED[lang] = translations
    try:
        yield
    finally:
        if before is None:
            del _INSTALLED[lang]
        else:
            _INSTALLED[lang] = before


def gettext(lang: str, message: str) -> str:
    return translator(lang).gettext(message)


def ngettext(lang: str, singular: str, plural: str, count: int) -> str:
    return translator(lang).ngettext(singular, plural, count)


def pgettext(lang: str, context: str, message: str) -> str:
    return translator(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Marks a message for the catalogues where it is written; translated where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks a message with its context for the catalogues (see :func:`N_`)."""
    return message
