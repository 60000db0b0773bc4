"""Storage: tables, seats and every accepted move, in SQLite or PostgreSQL.

A game is stored as what makes it: its seed, names and options, then its moves
one row each, appended and committed before anyone hears of them.  Loading a
table replays those moves through the engine, so a stored game can never
disagree with the rules.  Tokens are stored only as SHA-256 digests.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from .database import Checkpointer, make_engine

LOBBY = "lobby"
PLAYING = "playing"
OVER = "over"

OPEN = "open"
HUMAN = "human"
BOT = "bot"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    created_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(8), index=True)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)  # JSON
    bots: Mapped[str] = mapped_column(String(100))
    spectators: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    bot_pause: Mapped[float | None] = mapped_column(Float, nullable=True)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(120), nullable=True)
    kind: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the first move
    text: Mapped[str] = mapped_column(String(60))
    accepted_at: Mapped[float] = mapped_column(Float)


@dataclass
class StoredSeat:
    seat: int
    name: str | None
    kind: str
    token_hash: str | None = None
    away: bool = False


@dataclass
class StoredTable:
    id: str
    created_at: float
    status: str
    players: int
    options: dict[str, Any]
    bots: str
    spectators: bool
    clock: float | None
    bot_pause: float | None
    seed: int | None = None
    seats: list[StoredSeat] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # full move texts, in order
    last_accepted_at: float | None = None


class Store:
    """Every read and write of the database, each one short and committed at once."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        Base.metadata.create_all(self.engine)
        sqlite = self.engine.url.get_backend_name() == "sqlite"
        # Writes run in these threads, never on the event loop: a commit may wait for
        # a disk or a network.  SQLite has one writer at a time anyway.
        self._writers = ThreadPoolExecutor(1 if sqlite else 4, thread_name_prefix="store")
        self._checkpointer = Checkpointer(self.engine) if sqlite else None

    async def run(self, write: Callable[..., None], *args: Any, **keywords: Any) -> None:
        """Run ``write(*args, **keywords)`` in a writer thread; return once committed."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._writers, partial(write, *args, **keywords))

    def close(self) -> None:
        self._writers.shutdown(wait=True)
        if self._checkpointer is not None:
            self._checkpointer.close()
        self.engine.dispose()

    def describe(self) -> str:
        """The database, fit to print (no password)."""
        if self.engine.url.get_backend_name() == "sqlite":
            return f"SQLite file {self.engine.url.database}"
        return self.engine.url.render_as_string(hide_password=True)

    def create_table(self, table: StoredTable) -> None:
        with self.engine.begin() as db:
            db.execute(
                insert(TableRow).values(
                    id=table.id,
                    created_at=table.created_at,
                    status=table.status,
                    players=table.players,
                    options=json.dumps(table.options),
                    bots=table.bots,
                    spectators=table.spectators,
                    clock=table.clock,
                    bot_pause=table.bot_pause,
                    seed=table.seed,
                )
            )
            db.execute(
                insert(SeatRow),
                [
                    {
                        "table_id": table.id,
                        "seat": seat.seat,
                        "name": seat.name,
                        "kind": seat.kind,
                        "token_hash": seat.token_hash,
                        "away": seat.away,
                    }
                    for seat in table.seats
                ],
            )

    def take_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> None:
        with self.engine.begin() as db:
            result = db.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == OPEN)
                .values(name=name, kind=HUMAN, token_hash=token_hash)
            )
            if result.rowcount != 1:
                raise RuntimeError(f"seat {seat} of table {table_id} is not open")

    def start(self, table_id: str, seed: int, bots: dict[int, str]) -> None:
        """The table starts playing with ``seed``; ``bots`` names the seats bots now fill."""
        with self.engine.begin() as db:
            db.execute(
                update(TableRow).where(TableRow.id == table_id).values(status=PLAYING, seed=seed)
            )
            for seat, name in bots.items():
                db.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                    .values(name=name, kind=BOT)
                )

    def add_move(
        self, table_id: str, number: int, text: str, accepted_at: float, *, back: int | None
    ) -> None:
        """Append move ``number`` (1 for the first); ``back`` is the seat whose person
        it brought back from being away, if any."""
        with self.engine.begin() as db:
            db.execute(
                insert(MoveRow).values(
                    table_id=table_id, number=number, text=text, accepted_at=accepted_at
                )
            )
            if back is not None:
                db.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == back)
                    .values(away=False)
                )

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def set_away(self, table_id: str, seat: int, away: bool) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(away=away)
            )

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            table = session.get(TableRow, table_id)
            if table is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            moves = session.execute(
                select(MoveRow.text, MoveRow.accepted_at)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.number)
            ).all()
            return StoredTable(
                id=table.id,
                created_at=table.created_at,
                status=table.status,
                players=table.players,
                options=json.loads(table.options),
                bots=table.bots,
                spectators=table.spectators,
                clock=table.clock,
                bot_pause=table.bot_pause,
                seed=table.seed,
                seats=[StoredSeat(s.seat, s.name, s.kind, s.token_hash, s.away) for s in seats],
                moves=[text for text, _ in moves],
                last_accepted_at=moves[-1][1] if moves else None,
            )

    def exists(self, table_id: str) -> bool:
        with self.engine.connect() as db:
            found = db.execute(select(TableRow.id).where(TableRow.id == table_id)).first()
            return found is not None

    def live_table_ids(self) -> list[str]:
        """Tables in their lobby or playing: the ones a restart must bring back."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(TableRow.id)
                .where(TableRow.status.in_([LOBBY, PLAYING]))
                .order_by(TableRow.created_at)
            )
            return [table_id for (table_id,) in rows]

    def move_count(self, table_id: str) -> int:
        with self.engine.connect() as db:
            count = db.execute(
                select(func.count()).select_from(MoveRow).where(MoveRow.table_id == table_id)
            ).scalar_one()
            return int(count)
