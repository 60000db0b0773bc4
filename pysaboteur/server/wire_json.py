"""JSON as the server sends it: whatever text a client put in, it always encodes.

JSON's ``"\\ud800"`` escape decodes to a Python string holding a lone surrogate,
which is not Unicode text at all: UTF-8 cannot encode it.  Said back in an error
("unknown rule option(s): …") it made the answer itself fail (a 500 and a
traceback).  Every JSON answer and refusal (:class:`JsonAnswer`, the
application's default) and the socket's own messages (:func:`dumps`) are made
here, so none can fail that way: a lone surrogate goes out as U+FFFD, the
replacement character, as a UTF-8 decoder shows undecodable bytes.  (Views and
talk lines hold no text a client sent unchecked: names and lines with a lone
surrogate are refused.)  What a client sent is also said back at most
:data:`ECHO_LIMIT` characters long (:func:`echo`, ``ApiError``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi.responses import JSONResponse

#: The most characters of a client's text an answer says back.
ECHO_LIMIT = 200
REPLACEMENT = "\ufffd"
#: A surrogate code point: in a Python string, always a lone one (pairs are decoded).
_SURROGATE = re.compile("[\ud800-\udfff]")


def clean(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD: text UTF-8 can encode."""
    return _SURROGATE.sub(REPLACEMENT, text)


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """A client's text, fit to be said back: cleaned, and cut to ``limit`` characters
    (the last one "…") so that a huge value is not sent back whole."""
    text = clean(text)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (a WebSocket message) that UTF-8 always encodes."""
    return clean(json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")))


def encoded(value: Any) -> bytes:
    """``value`` as compact JSON in UTF-8 (an HTTP body)."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # rare: cleaned only then, so that every answer is not scanned
        return clean(text).encode("utf-8")


class JsonAnswer(JSONResponse):
    """Starlette's JSON response, whose body never fails to encode."""

    def render(self, content: Any) -> bytes:
        return encoded(content)
