"""Whose seats are whose: the seats an account sat in or claimed, its games, its figures.

A seat becomes an account's when someone signed in takes it (creating the
table or joining it), or after the game, when the account claims it with the
seat's token: the token is what proves the seat was theirs, as it was during
the game.  A seat is one account's at most.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Integer, cast, delete, func, insert, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .accounts_tables import OwnedSeatRow, RoundResultRow, UnratedTableRow
from .protocol import ApiError
from .ratings import TRIES, rate_claimed_seat
from .store import SeatRow, TableRow


@dataclass(frozen=True)
class OwnedGame:
    table: str
    seat: int
    edition: str
    status: str
    players: int
    created_at: float
    name: str | None  # the seat's name at the table
    rated: bool


def take_seat(engine: Engine, table_id: str, seat: int, account_id: str) -> None:
    """The seat someone signed in has just taken: theirs, whoever had it before the
    host removed them."""
    with engine.begin() as db:
        _release_in(db, table_id, seat)
        db.execute(insert(OwnedSeatRow).values(table_id=table_id, seat=seat, account_id=account_id))


def release_seat(engine: Engine, table_id: str, seat: int) -> None:
    """The host removed the person at ``seat``: no account has it any more (the next
    person there, a guest perhaps, is not the account's to take back)."""
    with engine.begin() as db:
        _release_in(db, table_id, seat)


def _release_in(db: Connection, table_id: str, seat: int) -> None:
    db.execute(
        delete(OwnedSeatRow).where(OwnedSeatRow.table_id == table_id, OwnedSeatRow.seat == seat)
    )


def seat_of_account(engine: Engine, table_id: str, account_id: str) -> int | None:
    """The account's seat at the table, if it has one (the lowest, if it joined its
    own table twice from two pages)."""
    with engine.connect() as db:
        seat: int | None = db.execute(
            select(func.min(OwnedSeatRow.seat)).where(
                OwnedSeatRow.table_id == table_id, OwnedSeatRow.account_id == account_id
            )
        ).scalar()
        return seat


def claim_seat(engine: Engine, table_id: str, seat: int, account_id: str) -> None:
    """``account_id`` claims ``seat`` (its token checked already): rated now if the
    game was; ``seat_claimed`` if another account has it."""
    for _ in range(TRIES):
        try:
            with engine.begin() as db:
                _claim_in(db, table_id, seat, account_id)
            return
        except IntegrityError:
            # Claimed through another process a moment ago (the next try says so), or
            # the account's first rating made by a game ending at the same moment.
            continue
    raise _claimed()


def _claim_in(db: Connection, table_id: str, seat: int, account_id: str) -> None:
    owner = db.execute(
        select(OwnedSeatRow.account_id).where(
            OwnedSeatRow.table_id == table_id, OwnedSeatRow.seat == seat
        )
    ).scalar_one_or_none()
    if owner == account_id:
        return
    if owner is not None:
        raise _claimed()
    mine = db.execute(
        select(OwnedSeatRow.seat).where(
            OwnedSeatRow.table_id == table_id, OwnedSeatRow.account_id == account_id
        )
    ).first()
    if mine is not None:
        raise ApiError(
            "seat_claimed", "your account has seat {seat} of this table already", seat=mine[0]
        )
    db.execute(insert(OwnedSeatRow).values(table_id=table_id, seat=seat, account_id=account_id))
    rate_claimed_seat(db, table_id, seat)


def _claimed() -> ApiError:
    return ApiError("seat_claimed", "another account has claimed this seat")


def owners_of(engine: Engine, table_id: str) -> dict[int, str]:
    with engine.connect() as db:
        rows = db.execute(
            select(OwnedSeatRow.seat, OwnedSeatRow.account_id).where(
                OwnedSeatRow.table_id == table_id
            )
        )
        return {seat: account for seat, account in rows}


def games_of(engine: Engine, account_id: str) -> list[OwnedGame]:
    """Every game of the account, the newest first."""
    unrated = select(UnratedTableRow.table_id).where(UnratedTableRow.table_id == TableRow.id)
    query = (
        select(
            TableRow.id,
            OwnedSeatRow.seat,
            TableRow.edition,
            TableRow.status,
            TableRow.players,
            TableRow.created_at,
            SeatRow.name,
            ~unrated.exists(),
        )
        .join(OwnedSeatRow, OwnedSeatRow.table_id == TableRow.id)
        .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == OwnedSeatRow.seat))
        .where(OwnedSeatRow.account_id == account_id)
        .order_by(TableRow.created_at.desc(), TableRow.id)
    )
    with engine.connect() as db:
        return [OwnedGame(*row) for row in db.execute(query)]


def statistics_of(engine: Engine, account_id: str) -> list[dict[str, Any]]:
    """Per edition and role: rounds played and won, gold won and per round."""
    query = (
        select(
            TableRow.edition,
            RoundResultRow.role,
            func.count(),
            func.sum(cast(RoundResultRow.won, Integer)),
            func.sum(RoundResultRow.gold),
        )
        .join(OwnedSeatRow, OwnedSeatRow.table_id == TableRow.id)
        .join(
            RoundResultRow,
            (RoundResultRow.table_id == TableRow.id) & (RoundResultRow.seat == OwnedSeatRow.seat),
        )
        .where(OwnedSeatRow.account_id == account_id)
        .group_by(TableRow.edition, RoundResultRow.role)
        .order_by(TableRow.edition, RoundResultRow.role)
    )
    with engine.connect() as db:
        return [
            {
                "edition": edition,
                "role": role,
                "rounds": int(rounds),
                "won": int(won or 0),
                "gold": int(gold or 0),
                "gold_per_round": round(int(gold or 0) / int(rounds), 2),
            }
            for edition, role, rounds, won, gold in db.execute(query)
        ]
