"""Refusal reasons that can be said in any language, with no dependency of the engine.

A :class:`Reason` is the English sentence itself (a ``str``: every caller that
prints, compares or stores it keeps working) and also remembers the template
and the values it was made of, so that :mod:`pysaboteur.i18n` can say it again
in another language.  A value that is itself a :class:`Reason` is said again
too: game words (a tool, a card, an edition) are made with :meth:`Reason.word`,
and lists of them with :func:`joined`.

The template is filled with :meth:`str.format` only when it has values, so a
template without any may hold braces as they are.  The templates are found by
the catalogues' extraction (``scripts/catalogues``): they are written out in
the call, never built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Reason(str):
    """An English sentence (or a game word) with what it was made of."""

    template: str
    params: Mapping[str, Any]
    #: The catalogue's context of a game word (``"tool"``, ``"card"``): a word
    #: alone may mean different things, so each kind of word has its own.
    context: str | None
    #: For a sentence that depends on a count: its plural template and the count.
    plural: str | None
    number: int | None

    def __new__(cls, template: str, /, **params: Any) -> Reason:
        text = template.format(**params) if params else template
        reason = super().__new__(cls, text)
        reason.template = template
        reason.params = params
        reason.context = None
        reason.plural = None
        reason.number = None
        return reason

    @classmethod
    def word(cls, word: str, context: str) -> Reason:
        """A game word that is translated by itself (the catalogue lists each one)."""
        reason = cls(word)
        reason.context = context
        return reason

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, /, **params: Any) -> Reason:
        """A sentence whose words depend on ``count`` (a value of it as ``{count}``)."""
        reason = cls(singular if count == 1 else plural, count=count, **params)
        reason.template = singular
        reason.plural = plural
        reason.number = count
        return reason

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled with what it was made of (bots in other processes, Ray), not as bare text.
        return (_rebuild, (str(self), dict(self.__dict__)))


def _rebuild(text: str, fields: dict[str, Any]) -> Reason:
    reason = str.__new__(Reason, text)
    reason.__dict__.update(fields)
    return reason


def joined(words: Sequence[str]) -> str:
    """``"pick"``, ``"pick and lamp"``, ``"pick and lamp and cart"``: each pair a Reason."""
    text = words[0]
    for word in words[1:]:
        text = Reason("{first} and {second}", first=text, second=word)
    return text
