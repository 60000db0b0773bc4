"""How many wrong passwords an account's name, and an address, may have in a while.

Failures are rows of the database (every process counts them), looked at
before the password is: once an account's name has had ``per_account``
failures in the last ``window`` seconds, or an address ``per_address``, every
attempt is refused unchecked until the oldest of them leaves the window.  A
right password clears the name's failures, not the address's.  Names with no
account are counted like any other, so the answers do not tell them apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine

from .accounts import account_key
from .accounts_tables import LoginFailureRow


@dataclass(frozen=True)
class LoginLimit:
    per_account: int
    per_address: int
    window: float

    def keys(self, name: str, address: str) -> tuple[tuple[str, int], ...]:
        return (
            (f"name:{account_key(name)}", self.per_account),
            (f"address:{address}", self.per_address),
        )

    def wait(self, engine: Engine, name: str, address: str, now: float) -> float | None:
        """Seconds until an attempt may be made, or None: it may now."""
        longest: float | None = None
        with engine.connect() as db:
            for key, limit in self.keys(name, address):
                if limit <= 0:
                    continue
                times = (
                    db.execute(
                        select(LoginFailureRow.at)
                        .where(LoginFailureRow.key == key, LoginFailureRow.at > now - self.window)
                        .order_by(LoginFailureRow.at.desc())
                        .limit(limit)
                    )
                    .scalars()
                    .all()
                )
                if len(times) >= limit:
                    wait = times[-1] + self.window - now
                    longest = wait if longest is None else max(longest, wait)
        return longest

    def failed(self, engine: Engine, name: str, address: str, now: float) -> None:
        with engine.begin() as db:
            db.execute(
                insert(LoginFailureRow),
                [{"key": key, "at": now} for key, _ in self.keys(name, address)],
            )
            # The forgotten: failures out of every window are no longer counted.
            db.execute(delete(LoginFailureRow).where(LoginFailureRow.at <= now - self.window))

    def succeeded(self, engine: Engine, name: str) -> None:
        with engine.begin() as db:
            db.execute(
                delete(LoginFailureRow).where(LoginFailureRow.key == self.keys(name, "")[0][0])
            )
