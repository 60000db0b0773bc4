"""The tables of accounts, sessions, seats people own, and ratings.

They are made by ``Store`` with the game's own tables (``create_all``), so a
database made by an older server gets them, empty, the first time a newer
one opens it: none of them changes a table that was there before.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .store import Base


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(22), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    #: The name as ``names.look_keys`` compares it: no two accounts may read alike.
    name_key: Mapped[str] = mapped_column(String(480), unique=True)
    #: An argon2id hash (``argon2-cffi``): the password itself is never stored.
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A signed-in browser: its cookie's SHA-256 digest, never the cookie itself."""

    __tablename__ = "sessions"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


class LoginFailureRow(Base):
    """A refused password, counted against the account's name and the address it came
    from (``sessions_limit.py``); kept in the database so that every process counts."""

    __tablename__ = "login_failures"
    __table_args__ = (Index("login_failures_by_key", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(520))
    at: Mapped[float] = mapped_column(Float)


class OwnedSeatRow(Base):
    """A seat an account sat in (signed in when it joined) or claimed after the game."""

    __tablename__ = "owned_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )


class UnratedTableRow(Base):
    """A table its host made unrated: its game changes nobody's rating."""

    __tablename__ = "unrated_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)


class RatedGameRow(Base):
    """A finished game whose results are written: each is written once, by whichever
    process gets there first (the primary key refuses the others)."""

    __tablename__ = "rated_games"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    edition: Mapped[str] = mapped_column(String(16))
    at: Mapped[float] = mapped_column(Float)


class RoundResultRow(Base):
    """What one seat did in one round of a finished game: its role, whether it won,
    its gold (the statistics per edition and role are sums of these)."""

    __tablename__ = "round_results"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    role: Mapped[str] = mapped_column(String(24))
    won: Mapped[bool] = mapped_column(Boolean)
    gold: Mapped[int] = mapped_column(Integer)


class RatingRow(Base):
    """The OpenSkill rating of an account or of a bot kind, in one edition.
    ``player``: ``account:<id>`` or ``bot:<spec>``."""

    __tablename__ = "ratings"

    edition: Mapped[str] = mapped_column(String(16), primary_key=True)
    player: Mapped[str] = mapped_column(String(140), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class NotificationRow(Base):
    """How an account is told it is its turn (``notifications.py``): in the page's
    title, by the browser's notifications, by e-mail (to an address only the
    account itself is ever shown), in its language."""

    __tablename__ = "notification_settings"

    account_id: Mapped[str] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    title: Mapped[bool] = mapped_column(Boolean, default=True)
    browser: Mapped[bool] = mapped_column(Boolean, default=False)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_turns: Mapped[bool] = mapped_column(Boolean, default=False)
    language: Mapped[str] = mapped_column(String(8), default="en")


class TurnMailRow(Base):
    """A your-turn e-mail sent (or being sent): one per turn, the turn being the
    seat to move after ``moves`` moves, whichever process or restart comes again."""

    __tablename__ = "turn_mails"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    moves: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)
