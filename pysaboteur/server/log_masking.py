"""Seat tokens never reach the log, at any level.

A token is a secret: whoever reads it takes the seat.  Clients send tokens in
the ``Authorization`` header and in the WebSocket's hello, and a careless one
may put a token in a path or a query string; uvicorn logs request lines (the
access log, ``info``) and, at ``trace``, every request's headers.  Rather than
chase each logger, every log record is masked as it is made: a token-shaped
word (32 or more URL-safe characters, as :func:`tokens.new_token` makes) and
whatever follows ``Bearer``, ``token=`` or a JSON ``"token":`` become
``[token]``, in the message, its arguments and any traceback.  E-mail
addresses are private too (``notifications.py``): each becomes ``[e-mail]``,
whether a mail server's refusal or a careless message says it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

MASK = "[token]"
#: What an e-mail address becomes in the log: addresses are private (notifications.py).
EMAIL_MASK = "[e-mail]"
_EMAIL = re.compile(r"[^\s@<>()\[\],;:\"'\\]+@[^\s@<>()\[\],;:\"'\\]+\.[A-Za-z0-9-]+")
_SECRET = re.compile(
    r"""(?i)(bearer\s+|token=|["']token["']\s*:\s*["'])[^\s"'&;,\\]+"""
    r"|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}"
)


def mask(text: str) -> str:
    """``text`` with every token in it replaced by ``[token]``, every e-mail address
    by ``[e-mail]``."""
    text = _EMAIL.sub(EMAIL_MASK, text)
    return _SECRET.sub(lambda match: (match.group(1) or "") + MASK, text)


def _masked(value: Any) -> Any:
    """A log argument, masked; numbers (for ``%d``) and clean values as they are."""
    if value is None or isinstance(value, int | float):
        return value
    text = value if isinstance(value, str) else str(value)
    masked = mask(text)
    return value if masked == text else masked


class _MaskingFactory:
    """A log record factory that masks what the one before it makes."""

    def __init__(self, previous: Any) -> None:
        self.previous = previous

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        record: logging.LogRecord = self.previous(*args, **kwargs)
        record.msg = _masked(record.msg)
        if isinstance(record.args, Mapping):
            record.args = {key: _masked(value) for key, value in record.args.items()}
        elif isinstance(record.args, tuple):
            record.args = tuple(_masked(value) for value in record.args)
        if record.exc_info and record.exc_info[1] is not None:
            # Formatters print exc_text when it is set: the masked traceback.
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info))
        if record.stack_info:
            record.stack_info = mask(record.stack_info)
        return record


def mask_tokens_in_logs() -> None:
    """Mask tokens in every log record of this process from now on (once is enough)."""
    if not isinstance(logging.getLogRecordFactory(), _MaskingFactory):
        logging.setLogRecordFactory(_MaskingFactory(logging.getLogRecordFactory()))
