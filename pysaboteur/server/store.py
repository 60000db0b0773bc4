"""Storage: tables, seats and every accepted move, in SQLite or PostgreSQL.

A game is stored as what makes it: its seed, names and options, then its moves
one row each, appended and committed before anyone hears of them.  Loading a
table replays those moves through the engine, so a stored game can never
disagree with the rules.  Tokens are stored only as SHA-256 digests.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    false,
    func,
    insert,
    inspect,
    select,
    true,
    update,
)
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.types import TypeDecorator

from .database import WRITERS, Checkpointer, make_engine

LOBBY = "lobby"
PLAYING = "playing"
OVER = "over"
#: A table closed unstarted, after too long in its lobby without a change.
EXPIRED = "expired"

T = TypeVar("T")
log = logging.getLogger(__name__)

OPEN = "open"
HUMAN = "human"
BOT = "bot"
#: A seat kept for a player of the game before, asked to play again (``rematch.py``):
#: their token, their name, and no stranger may take it until they answer.
INVITED = "invited"


class Base(DeclarativeBase):
    pass


class JsonText(TypeDecorator[dict[str, Any]]):
    """A JSON object kept in a text column: written with ``json.dumps``, read back."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: dict[str, Any] | None, dialect: Dialect) -> str | None:
        return None if value is None else json.dumps(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> dict[str, Any] | None:
        return None if value is None else dict(json.loads(value))


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    created_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(8), index=True)
    players: Mapped[int] = mapped_column(Integer)
    #: Added after the first release: databases made before it get the column,
    #: filled with "base", when a store opens them (``_add_missing_columns``).
    edition: Mapped[str] = mapped_column(String(16), default="base", server_default="base")
    options: Mapped[dict[str, Any]] = mapped_column(JsonText)
    bots: Mapped[str] = mapped_column(String(100))
    spectators: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)
    bot_pause: Mapped[float | None] = mapped_column(Float, nullable=True)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: Whether spectators may talk at the table (added with table talk, like ``edition``).
    spectators_talk: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: Seconds a person may stay offline before a bot plays their seat (``away.py``);
    #: None: never (so are the tables of older databases, made before it).
    away_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: How many changes were stored since the table's creation: every change is
    #: stored only if this is still what its writer last saw, so two processes
    #: can never both store "the next move" (``Store.commit``).
    changes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: Whether the lobby page lists the table (``lobby.py``); added like ``edition``.
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
    #: The language of the host who made it, as the lobby page shows it.
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    #: The next game offered to its seats once it is over: ``{"table": id, "by": seat}``.
    rematch: Mapped[dict[str, Any] | None] = mapped_column(JsonText, nullable=True)
    #: The table whose seats were asked to play this one (``rematch.py``).
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: A Duel's deck file, if its host brought one (None: the shipped deck).
    deck: Mapped[dict[str, Any] | None] = mapped_column(JsonText, nullable=True)
    #: When the turn under way began, at a turn-based table (``turn_based.py``): its
    #: deadline survives a restart.  None at live tables, whose clocks start afresh.
    turn_started_at: Mapped[float | None] = mapped_column(Float, nullable=True)


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


class BotMoveRow(Base):
    """A move a bot made for a person who was away (``away.py``): the record keeps
    the move as anyone's, this row says whose hand was on it."""

    __tablename__ = "bot_moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # the move's number


class TalkRow(Base):
    """One line of table talk (``talk.py``): what was said or claimed, by whom, when."""

    __tablename__ = "talk"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the first line
    said_at: Mapped[float] = mapped_column(Float)
    move: Mapped[int] = mapped_column(Integer)  # moves accepted when it was said
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    name: Mapped[str | None] = mapped_column(String(120), nullable=True)
    #: The line's own words: ``{"text": ...}`` or ``{"claim": kind, ...its fields}``.
    said: Mapped[dict[str, Any]] = mapped_column(JsonText)


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
    edition: str = "base"
    seats: list[StoredSeat] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # full move texts, in order
    last_accepted_at: float | None = None
    spectators_talk: bool = True
    #: Its talk lines, in order, as ``talk.line_of`` reads them from their rows.
    talk: list[dict[str, Any]] = field(default_factory=list)
    away_after: float | None = None
    #: The numbers of the moves a bot made for a person who was away, in order.
    bot_moves: list[int] = field(default_factory=list)
    #: How many changes the table had when it was read (``TableRow.changes``).
    changes: int = 0
    listed: bool = False
    language: str = "en"
    rematch: dict[str, Any] | None = None
    rematch_of: str | None = None
    #: A Duel's deck file's content (None: the shipped deck).
    deck: dict[str, Any] | None = None
    #: When the turn under way began, at a turn-based table (None elsewhere).
    turn_started_at: float | None = None


#: The columns of a table's row and of a seat's, each named after the
#: StoredTable's or StoredSeat's field it holds: rows are written from and read
#: into those dataclasses by these names, so a new column is declared in its row
#: class and its dataclass, and nowhere else.
TABLE_COLUMNS = tuple(column.key for column in inspect(TableRow).column_attrs)
SEAT_COLUMNS = tuple(declared.name for declared in fields(StoredSeat))
TALK_COLUMNS = tuple(
    column.key for column in inspect(TalkRow).column_attrs if column.key != "table_id"
)


def _values(source: object, columns: tuple[str, ...]) -> dict[str, Any]:
    """The attributes ``columns`` of ``source``: a row's values from a dataclass,
    or a dataclass's fields from a row."""
    return {column: getattr(source, column) for column in columns}


#: Columns added to the ``tables`` table since the first release, with the SQL
#: that adds each to an older database (its default is what those tables were).
ADDED_COLUMNS = {
    "edition": "VARCHAR(16) NOT NULL DEFAULT 'base'",
    "spectators_talk": "BOOLEAN NOT NULL DEFAULT TRUE",
    "away_after": "FLOAT",
    "changes": "INTEGER NOT NULL DEFAULT 0",
    "listed": "BOOLEAN NOT NULL DEFAULT FALSE",
    "language": "VARCHAR(8) NOT NULL DEFAULT 'en'",
    "rematch": "TEXT",
    "rematch_of": "VARCHAR(16)",
    "deck": "TEXT",
    "turn_started_at": "FLOAT",
}


def _add_missing_columns(engine: Engine) -> None:
    """Bring a database made by an older server up to date: ``create_all`` makes
    missing tables but never changes an existing one."""
    present = {column["name"] for column in inspect(engine).get_columns(TableRow.__tablename__)}
    missing = [name for name in ADDED_COLUMNS if name not in present]
    if missing:
        with engine.begin() as db:
            for name in missing:
                db.exec_driver_sql(f"ALTER TABLE tables ADD COLUMN {name} {ADDED_COLUMNS[name]}")


#: A change of a table, as a JSON-ready dict: ``{"kind": ..., its fields}``.  The
#: same value is written to the database (:data:`WRITES`), sent to the other
#: processes, and applied to every copy of the table in memory (``Table.apply``).
Change = dict[str, Any]


class Conflict(Exception):
    """Another process stored a change of the table first: nothing was written."""


def _write_join(db: Connection, table_id: str, change: Change) -> None:
    result = db.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == change["seat"], SeatRow.kind == OPEN)
        .values(name=change["name"], kind=HUMAN, token_hash=change["token_hash"])
    )
    if result.rowcount != 1:
        raise RuntimeError(f"seat {change['seat']} of table {table_id} is not open")


def _write_start(db: Connection, table_id: str, change: Change) -> None:
    db.execute(
        update(TableRow).where(TableRow.id == table_id).values(status=PLAYING, seed=change["seed"])
    )
    for seat, name in change["bots"].items():
        db.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == int(seat))
            .values(name=name, kind=BOT, token_hash=None)
        )


def _write_remove(db: Connection, table_id: str, change: Change) -> None:
    result = db.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == change["seat"], SeatRow.kind == HUMAN)
        .values(name=None, kind=OPEN, token_hash=None, away=False)
    )
    if result.rowcount != 1:
        raise RuntimeError(f"seat {change['seat']} of table {table_id} has nobody to remove")


def _write_hand_over(db: Connection, table_id: str, change: Change) -> None:
    result = db.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == change["seat"], SeatRow.kind == HUMAN)
        .values(token_hash=change["token_hash"])
    )
    if result.rowcount != 1:
        raise RuntimeError(f"seat {change['seat']} of table {table_id} has nobody to hand over")


def _write_move(db: Connection, table_id: str, change: Change) -> None:
    """Move ``number`` (1 for the first); ``back``: the seat whose person it brought
    back from being away, if any; ``by_bot``: a bot made it for a person who was away."""
    number = change["number"]
    row = {"table_id": table_id, "number": number, "text": change["text"]}
    db.execute(ADD_MOVE, {**row, "accepted_at": change["at"]})
    if change["by_bot"]:
        db.execute(insert(BotMoveRow).values(table_id=table_id, number=number))
    if change["back"] is not None:
        db.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == change["back"])
            .values(away=False)
        )


def _write_away(db: Connection, table_id: str, change: Change) -> None:
    db.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat.in_(change["seats"]))
        .values(away=change["away"])
    )


def _write_spectators_talk(db: Connection, table_id: str, change: Change) -> None:
    db.execute(
        update(TableRow).where(TableRow.id == table_id).values(spectators_talk=change["allowed"])
    )


def _write_talk(db: Connection, table_id: str, change: Change) -> None:
    """A talk line (``Talk.new_row`` gives its columns)."""
    db.execute(insert(TalkRow).values(table_id=table_id, **change["row"]))


def _write_expire(db: Connection, table_id: str, change: Change) -> None:
    db.execute(
        update(TableRow)
        .where(TableRow.id == table_id, TableRow.status == LOBBY)
        .values(status=EXPIRED)
    )


def _write_listed(db: Connection, table_id: str, change: Change) -> None:
    db.execute(update(TableRow).where(TableRow.id == table_id).values(listed=change["listed"]))


def _write_rematch(db: Connection, table_id: str, change: Change) -> None:
    """The next game offered to the table's seats (``rematch.py``)."""
    link = {"table": change["table"], "by": change["by"]}
    db.execute(update(TableRow).where(TableRow.id == table_id).values(rematch=link))


def _write_answer(db: Connection, table_id: str, change: Change) -> None:
    """An invited seat's answer: taken again (``accept``) or left open (``decline``)."""
    values: dict[str, Any] = {"kind": HUMAN}
    if change["kind"] == "decline":
        values = {"kind": OPEN, "name": None, "token_hash": None}
    result = db.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == change["seat"])
        .where(SeatRow.kind == INVITED)
        .values(**values)
    )
    if result.rowcount != 1:
        raise RuntimeError(f"seat {change['seat']} of table {table_id} is not invited")


#: How each kind of change is written, in the transaction that counts it.
WRITES: dict[str, Callable[[Connection, str, Change], None]] = {
    "join": _write_join,
    "start": _write_start,
    "remove": _write_remove,
    "hand_over": _write_hand_over,
    "move": _write_move,
    "away": _write_away,
    "spectators_talk": _write_spectators_talk,
    "talk": _write_talk,
    "expire": _write_expire,
    "listed": _write_listed,
    "rematch": _write_rematch,
    "accept": _write_answer,
    "decline": _write_answer,
}


#: The two statements of every move, made once (their SQL compiled once too): a
#: statement built afresh for each move costs more than the database's work.
COUNT_CHANGE = (
    update(TableRow)
    .where(TableRow.id == bindparam("table"), TableRow.changes == bindparam("serial"))
    .values(changes=bindparam("next"))
)
#: The same, for a change that begins a turn at a turn-based table (its ``turn_at``).
COUNT_CHANGE_TURN = COUNT_CHANGE.values(turn_started_at=bindparam("turn_at"))
ADD_MOVE = insert(MoveRow)


def _commit_in(
    db: Connection, table_id: str, serial: int, change: Change, notify: Notify | None
) -> None:
    counted = {"table": table_id, "serial": serial, "next": serial + 1}
    turn_at = change.get("turn_at")
    if turn_at is None:
        bumped = db.execute(COUNT_CHANGE, counted)
    else:
        bumped = db.execute(COUNT_CHANGE_TURN, {**counted, "turn_at": turn_at})
    if bumped.rowcount != 1:
        raise Conflict(table_id)
    WRITES[change["kind"]](db, table_id, change)
    if notify is not None:
        notify(db, table_id, serial + 1, change)


def _read_table(db: Connection, table_id: str) -> StoredTable | None:
    session = Session(db)
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
    talk = session.scalars(
        select(TalkRow).where(TalkRow.table_id == table_id).order_by(TalkRow.number)
    ).all()
    bot_moves = session.scalars(
        select(BotMoveRow.number).where(BotMoveRow.table_id == table_id).order_by(BotMoveRow.number)
    )
    return StoredTable(
        **_values(table, TABLE_COLUMNS),
        seats=[StoredSeat(**_values(seat, SEAT_COLUMNS)) for seat in seats],
        moves=[text for text, _ in moves],
        last_accepted_at=moves[-1][1] if moves else None,
        talk=[_values(row, TALK_COLUMNS) for row in talk],
        bot_moves=list(bot_moves),
    )


#: Tells the other processes of a change stored in the transaction ``db``:
#: ``notify(db, table_id, serial, change)`` (``bus.PostgresBus``).
Notify = Callable[[Connection, str, int, Change], None]


class Store:
    """Every read and write of the database, each one short and committed at once."""

    def __init__(self, url: str) -> None:
        self.url = url
        #: Set by a bus that tells other processes of every change (PostgreSQL).
        self.notify: Notify | None = None
        self.engine = make_engine(url)
        from . import accounts_tables  # noqa: F401  (their tables are made with these)

        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        sqlite = self.is_sqlite
        # Writes run in these threads, never on the event loop: a commit may wait for
        # a disk or a network.  SQLite has one writer at a time anyway.
        self._writers = ThreadPoolExecutor(1 if sqlite else WRITERS, thread_name_prefix="store")
        self._checkpointer = Checkpointer(self.engine) if sqlite else None

    @property
    def is_sqlite(self) -> bool:
        return self.engine.url.get_backend_name() == "sqlite"

    async def run(self, write: Callable[..., T], *args: Any, **keywords: Any) -> T:
        """Run ``write(*args, **keywords)`` in a writer thread; return once committed.

        A connection the database closed (it restarted) is replaced and the write
        tried once more: had the first try been committed after all, the second
        finds the table changed (:class:`Conflict`), as after any lost race."""
        loop = asyncio.get_running_loop()
        work = partial(write, *args, **keywords)
        try:
            return await loop.run_in_executor(self._writers, work)
        except DBAPIError as error:
            if not error.connection_invalidated or write.__name__ == "commit_locked":
                raise
            log.warning("a database connection was lost; trying again on a new one")
            return await loop.run_in_executor(self._writers, work)

    async def read(self, read: Callable[..., T], *args: Any) -> T:
        """Run ``read(*args)`` in a thread of its own, off the event loop (and not
        behind the writes waiting for the writer threads)."""
        return await asyncio.to_thread(read, *args)

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
            db.execute(insert(TableRow).values(_values(table, TABLE_COLUMNS)))
            db.execute(
                insert(SeatRow),
                [{"table_id": table.id, **_values(seat, SEAT_COLUMNS)} for seat in table.seats],
            )

    def commit(self, table_id: str, serial: int, change: Change) -> None:
        """Store ``change`` as the table's change number ``serial + 1``, and tell the
        other processes (``notify``), in one transaction; :class:`Conflict` if the
        table's stored changes are no longer ``serial`` (another process stored
        one first: nothing is written)."""
        with self.engine.begin() as db:
            _commit_in(db, table_id, serial, change, self.notify)

    def set_status(self, table_id: str, status: str) -> None:
        """Write a status the moves already decide (``over``): not a change of its own."""
        with self.engine.begin() as db:
            db.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def expire_lobbies(self, unchanged_since: float) -> int:
        """Close every table still in its lobby that was created at ``unchanged_since``
        or earlier (a lobby's only stored time is its creation); how many were."""
        with self.engine.begin() as db:
            result = db.execute(
                update(TableRow)
                .where(TableRow.status == LOBBY, TableRow.created_at <= unchanged_since)
                .values(status=EXPIRED, changes=TableRow.changes + 1)
            )
            return int(result.rowcount)

    def load(self, table_id: str) -> StoredTable | None:
        """The table as stored, read in one snapshot: its moves and talk are those its
        ``changes`` counts, even while another process writes."""
        snapshot = {} if self.is_sqlite else {"isolation_level": "REPEATABLE READ"}
        with self.engine.connect().execution_options(**snapshot) as db:
            return _read_table(db, table_id)

    def lock(self, table_id: str) -> tuple[Connection, StoredTable]:
        """The table as stored, with its row locked against every other writer until
        :meth:`commit_locked` or :meth:`unlock`: a process that keeps losing the race
        to store a change of a busy table (its bots moving at once, through another
        process) waits its turn instead."""
        db = self.engine.connect()
        try:
            db.begin()
            locked = select(TableRow.changes).where(TableRow.id == table_id).with_for_update()
            db.execute(locked).scalar_one()
            stored = _read_table(db, table_id)
            assert stored is not None
        except BaseException:
            db.close()
            raise
        return db, stored

    def commit_locked(self, db: Connection, table_id: str, serial: int, change: Change) -> None:
        """:meth:`commit` in the transaction of :meth:`lock` (which it ends)."""
        try:
            _commit_in(db, table_id, serial, change, self.notify)
            db.commit()
        finally:
            db.close()

    def unlock(self, db: Connection) -> None:
        """End the transaction of :meth:`lock` without a change (if it is not over)."""
        if db.closed:
            return
        try:
            db.rollback()
        finally:
            db.close()

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
