"""The terminal's words in the person's language: gettext through :mod:`pysaboteur.i18n`.

``saboteur play --lang el`` (or the environment) chooses the language once, with
:func:`use_language`; every drawing then asks :func:`_`, :func:`ngettext` and
:func:`pgettext` here.  The language is a context variable, so that tests can
draw in another language (:func:`speaking`) and leave the rest English.
Whole sentences are messages, never glued from pieces: :func:`styled` fills
a translated sentence's placeholders with coloured values.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from rich.text import Text

from ..i18n import N_, SOURCE, casing, translator

__all__ = ["N_", "_", "ngettext", "pgettext", "speaking", "styled", "upper", "use_language"]

_ENGLISH = gettext.NullTranslations()  # the messages as written
_TRANSLATIONS: ContextVar[gettext.NullTranslations | None] = ContextVar(
    "terminal_translations", default=None
)
_LANGUAGE: ContextVar[str] = ContextVar("terminal_language", default=SOURCE)


def use_language(lang: str) -> None:
    """Draw everything from now on in ``lang`` (one of :data:`pysaboteur.i18n.LANGUAGES`)."""
    _TRANSLATIONS.set(translator(lang))
    _LANGUAGE.set(lang)


def language() -> str:
    return _LANGUAGE.get()


@contextmanager
def speaking(translations: gettext.NullTranslations | str) -> Iterator[None]:
    """Within the block, draw in a language (a code) or with given translations."""
    if isinstance(translations, str):
        lang, translations = translations, translator(translations)
    else:
        lang = _LANGUAGE.get()
    token = _TRANSLATIONS.set(translations)
    lang_token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _TRANSLATIONS.reset(token)
        _LANGUAGE.reset(lang_token)


def _current() -> gettext.NullTranslations:
    return _TRANSLATIONS.get() or _ENGLISH


def _(message: str) -> str:
    return _current().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _current().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _current().pgettext(context, message)


def styled(template: str, style: str = "", /, **params: str | int | Text) -> Text:
    """A translated sentence with its placeholders filled, each value keeping its own
    style (a :class:`~rich.text.Text`) and the rest of the sentence in ``style``."""
    line = Text(style=style)
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if literal:
            line.append(literal)
        if field is None:
            continue
        value = params[field]
        if isinstance(value, Text):
            line.append_text(value)
        else:
            shown = repr(value) if conversion == "r" else value
            line.append(format(shown, spec or ""))
    return line


def capitalised(text: str) -> str:
    """The first letter in capitals, as a sentence begins (``seat 1`` -> ``Seat 1``)."""
    return casing.capitalised(text, language())


def upper(text: str) -> str:
    """``text`` in capitals, as the terminal's language writes them (Turkish ``İ``)."""
    return casing.upper(text, language())
