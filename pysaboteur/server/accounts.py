"""Accounts: a name and a password, for people who want their games kept.

Nobody needs one: a guest plays with a name, as before.  The password is kept
only as an argon2id hash (``argon2-cffi``, its recommended parameters); it is
never stored, logged nor said back.  Hashing takes tens of milliseconds of a
processor on purpose, so it runs in a thread of its own, never on the event
loop nor in the store's writer threads (where it would hold up moves).

Deleting an account deletes everything it owns: its sessions, its claim on
every seat it sat in, its ratings, its notification settings and e-mail
address.  The games stay, as the other players played them, with the name the
seat had at the table.
"""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .accounts_tables import AccountRow, OwnedSeatRow, RatingRow, SessionRow
from .names import look_keys
from .notifications import forget as forget_notifications
from .protocol import ApiError

HASHER = PasswordHasher()
SHORTEST_PASSWORD = 8
LONGEST_PASSWORD = 200


@dataclass(frozen=True)
class Account:
    id: str
    name: str


def account_key(name: str) -> str:
    """What account names are compared by: two names that read alike are one."""
    return look_keys(name)[0]


def rating_player(account_id: str) -> str:
    """The ``ratings.player`` of an account."""
    return f"account:{account_id}"


def hash_password(password: str) -> str:
    return HASHER.hash(password)


@functools.cache
def _nobody() -> str:
    """Checked against when the name is nobody's, so that a wrong name takes as long
    as a wrong password (the time does not tell which names have accounts); made at
    the first need, not at start-up (a hash takes a processor's tenth of a second)."""
    return HASHER.hash(secrets.token_urlsafe(16))


def password_matches(password_hash: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``password_hash`` was made from (None: no
    such account; checked against a hash of nothing anyway)."""
    try:
        return HASHER.verify(password_hash or _nobody(), password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def create_account(engine: Engine, name: str, password_hash: str, now: float) -> Account:
    """A new account; ``name_taken`` if one reads like ``name`` already."""
    account = Account(secrets.token_urlsafe(16), name)
    try:
        with engine.begin() as db:
            db.execute(
                insert(AccountRow).values(
                    id=account.id,
                    name=name,
                    name_key=account_key(name),
                    password_hash=password_hash,
                    created_at=now,
                )
            )
    except IntegrityError:
        raise ApiError(
            "name_taken", "an account named {name!r} exists already", name=name
        ) from None
    return account


def find_account(engine: Engine, name: str) -> tuple[Account, str] | None:
    """The account of ``name`` and its password hash, if there is one."""
    with engine.connect() as db:
        row = db.execute(
            select(AccountRow.id, AccountRow.name, AccountRow.password_hash).where(
                AccountRow.name_key == account_key(name)
            )
        ).first()
    return None if row is None else (Account(row.id, row.name), row.password_hash)


def password_hash_of(engine: Engine, account_id: str) -> str | None:
    with engine.connect() as db:
        found = db.execute(
            select(AccountRow.password_hash).where(AccountRow.id == account_id)
        ).scalar_one_or_none()
    return None if found is None else str(found)


def delete_account(engine: Engine, account_id: str) -> None:
    """The account and everything it owns, in one transaction."""
    with engine.begin() as db:
        db.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        db.execute(delete(OwnedSeatRow).where(OwnedSeatRow.account_id == account_id))
        db.execute(delete(RatingRow).where(RatingRow.player == rating_player(account_id)))
        forget_notifications(db, account_id)  # its e-mail address with it
        db.execute(delete(AccountRow).where(AccountRow.id == account_id))
