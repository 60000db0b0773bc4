"""Table ids (public) and seat tokens (secret, stored only as digests)."""

from __future__ import annotations

import hashlib
import re
import secrets

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{10}")


def new_table_id() -> str:
    return secrets.token_urlsafe(7)  # 56 random bits in 10 characters


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits in 32 characters


def hash_token(token: str) -> str:
    # A client's token may hold a lone surrogate ("\ud800" in a hello), which UTF-8
    # refuses to encode; passed through, it hashes like any other wrong token.
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_seed() -> int:
    """A game's seed: 63 random bits, so that it fits a signed 64-bit column."""
    return secrets.randbits(63)
