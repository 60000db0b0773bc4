"""The words people read from the Python side, in six languages (docs/languages.md).

Gettext catalogues, domain ``pysaboteur``, in ``locale/<lang>/LC_MESSAGES/``;
English is the source language.  Only the standard library is used at run time,
so that the terminal game needs nothing but Rich.
"""

from __future__ import annotations

from .casing import capitalised, upper
from .catalogues import DOMAIN, LOCALE_DIR, N_, NP_, gettext, ngettext, pgettext, translator
from .languages import (
    COOKIE,
    LANGUAGES,
    SOURCE,
    Requester,
    from_environment,
    known,
    negotiate,
    requester_language,
)
from .reasons import translate

__all__ = [
    "COOKIE",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "NP_",
    "N_",
    "SOURCE",
    "Requester",
    "capitalised",
    "from_environment",
    "gettext",
    "known",
    "negotiate",
    "ngettext",
    "pgettext",
    "requester_language",
    "translate",
    "translator",
    "upper",
]
