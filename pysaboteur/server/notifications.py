"""An account's your-turn settings: the page's title, the browser's notifications,
e-mail at turn-based tables, and the language its e-mails are written in.

A guest's page keeps the first two in the browser (``web/js/settings.js``); an
account keeps all of them here, so that the server knows whom to e-mail.  The
e-mail address is private: only its own account is ever told it (``GET
/api/account/notifications``); no view, seat panel, record, lobby or log has it
(``log_masking.py`` masks addresses).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection, Engine

from ..i18n import LANGUAGES, SOURCE
from .accounts_tables import NotificationRow
from .protocol import ApiError

#: The longest address SMTP carries (RFC 5321: a path of 256 octets, its brackets aside).
LONGEST_EMAIL = 254
#: An address as people type it: something, one @, a domain with a dot; nothing
#: blank or invisible anywhere (a header cannot be smuggled in with a newline).
_EMAIL = re.compile(r"[^\s@<>()\[\],;:\"\\]+@[^\s@<>()\[\],;:\"\\]+\.[^\s@<>()\[\],;:\"\\.]+")


@dataclass(frozen=True)
class NotificationSettings:
    title: bool = True
    browser: bool = False
    email: str | None = None
    email_turns: bool = False
    language: str = SOURCE

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def checked_email(address: str | None) -> str | None:
    """The address trimmed, or None for none; ``bad_request`` if it is no address."""
    if address is None or not address.strip():
        return None
    address = address.strip()
    invisible = any(unicodedata.category(character)[0] in "CZ" for character in address)
    if len(address) > LONGEST_EMAIL or invisible or not _EMAIL.fullmatch(address):
        raise ApiError("bad_request", "email: this is not an e-mail address")
    return address


def checked_language(language: str) -> str:
    return language if language in LANGUAGES else SOURCE


def settings_of(engine: Engine, account_id: str) -> NotificationSettings:
    """The account's settings (the defaults if it never chose)."""
    with engine.connect() as db:
        return _settings_in(db, account_id)


def _settings_in(db: Connection, account_id: str) -> NotificationSettings:
    row = db.execute(
        select(
            NotificationRow.title,
            NotificationRow.browser,
            NotificationRow.email,
            NotificationRow.email_turns,
            NotificationRow.language,
        ).where(NotificationRow.account_id == account_id)
    ).first()
    if row is None:
        return NotificationSettings()
    return NotificationSettings(
        title=row.title,
        browser=row.browser,
        email=row.email,
        email_turns=row.email_turns,
        language=row.language,
    )


def choose(engine: Engine, account_id: str, chosen: NotificationSettings) -> None:
    """Keep ``chosen`` as the account's settings."""
    values = chosen.to_dict()
    with engine.begin() as db:
        found = db.execute(
            update(NotificationRow).where(NotificationRow.account_id == account_id).values(values)
        )
        if found.rowcount == 0:
            db.execute(insert(NotificationRow).values(account_id=account_id, **values))


def forget(db: Connection, account_id: str) -> None:
    """The account's settings deleted with it (``accounts.delete_account``)."""
    db.execute(delete(NotificationRow).where(NotificationRow.account_id == account_id))
