"""A tiny gettext catalogue made in memory, for tests that show a translation at work.

The real catalogues (pysaboteur/i18n/locale/) are the translators'; a test that
needs a translated message compiles its own few with Babel and installs them
for a language (:func:`pysaboteur.i18n.catalogues.installed`).
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

#: A message: its id, ``(context, id)``, or ``(singular, plural)`` with a tuple of forms.
Key = str | tuple[str, str]


def compiled(
    lang: str, messages: Mapping[Key, str | tuple[str, ...]], contexts: Mapping[Key, str] = {}
) -> gettext.GNUTranslations:
    """The translations ``messages`` for ``lang``; ``contexts`` gives a message its context."""
    catalog = Catalog(locale=lang, domain="pysaboteur")
    for message, translation in messages.items():
        catalog.add(message, translation, context=contexts.get(message))
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
