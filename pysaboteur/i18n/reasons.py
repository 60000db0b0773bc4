"""Saying the engine's refusal reasons (and the server's messages) in a language."""

from __future__ import annotations

from typing import Any

from ..rules.reasons import Reason
from .catalogues import translator


def translate(text: str, lang: str) -> str:
    """``text`` in ``lang``: a :class:`Reason` from its template, its word values
    said in ``lang`` too; plain text as the catalogue has it (or as it is)."""
    catalogue = translator(lang)
    if not isinstance(text, Reason):
        return catalogue.gettext(text) if text else text
    if text.context is not None:
        return catalogue.pgettext(text.context, text.template)
    if text.plural is not None and text.number is not None:
        template = catalogue.ngettext(text.template, text.plural, text.number)
    else:
        template = catalogue.gettext(text.template)
    if not text.params:
        return template
    params: dict[str, Any] = {
        name: translate(value, lang) if isinstance(value, Reason) else value
        for name, value in text.params.items()
    }
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        # A translation whose placeholders went wrong (scripts/catalogues check
        # refuses them): the English sentence, rather than no message at all.
        return text.template.format(**params) if text.plural is None else str(text)
