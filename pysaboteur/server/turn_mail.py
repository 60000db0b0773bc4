"""E-mail a person when it is their turn at a turn-based table and no page of
theirs is open there.

The process that drives a table (``hub.py``) looks after every change it
announces: when the seat to move is a person (not away, no page open) whose
account asked for these e-mails and gave an address, it waits ``mail_delay``
(a page being reloaded comes back meanwhile), looks again, and sends one
e-mail for that turn.  A row of ``turn_mails`` is written before sending, so a
turn is mailed once, whatever process or restart comes after; a failure is
logged, and the table never waits for any of it.  Live tables (a clock under
``TURN_BASED_FROM``, or none) are never mailed about.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .accounts_tables import NotificationRow, OwnedSeatRow, TurnMailRow
from .config import Settings
from .mail import Mailer, YourTurn, your_turn_message
from .store import PLAYING, Store
from .table import Table
from .turn_based import clock_words, is_turn_based

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recipient:
    email: str
    language: str


def recipient_of(engine: Engine, table_id: str, seat: int) -> Recipient | None:
    """Whom to e-mail about ``seat``'s turn: its account, if it asked for e-mails."""
    with engine.connect() as db:
        row = db.execute(
            select(NotificationRow.email, NotificationRow.language)
            .join(OwnedSeatRow, OwnedSeatRow.account_id == NotificationRow.account_id)
            .where(OwnedSeatRow.table_id == table_id, OwnedSeatRow.seat == seat)
            .where(NotificationRow.email_turns, NotificationRow.email.is_not(None))
        ).first()
    return None if row is None else Recipient(row.email, row.language)


def claim_turn(engine: Engine, table_id: str, moves: int, seat: int, now: float) -> bool:
    """Note that the turn after ``moves`` moves is being mailed; False if it was already."""
    try:
        with engine.begin() as db:
            db.execute(
                insert(TurnMailRow).values(table_id=table_id, moves=moves, seat=seat, at=now)
            )
    except IntegrityError:
        return False
    return True


def site_url(settings: Settings) -> str:
    """The address the e-mails' links start with: ``--public-url``, or the server's own."""
    if settings.public_url:
        return settings.public_url.rstrip("/")
    host = settings.host
    if host in ("0.0.0.0", "::", ""):
        host = "localhost"
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.port}"


class TurnMails:
    """The your-turn e-mails of the tables this process drives (none without SMTP)."""

    def __init__(self, settings: Settings, store: Store, wall_clock: Callable[[], float]) -> None:
        self.mailer = Mailer.from_settings(settings)
        self.delay = settings.mail_delay
        self.site = site_url(settings)
        self.store = store
        self.wall_clock = wall_clock
        #: The turn (moves made) each table is waiting to mail about, or mailed.
        self._looked_at: dict[str, int] = {}
        #: Each table's wait before its turn's e-mail (a timer: most turns end first,
        #: and a timer costs far less than a task that would sleep).
        self._waits: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def enabled(self) -> bool:
        return self.mailer is not None

    def consider(self, table: Table) -> None:
        """After a change at ``table``: mail its seat to move, if the turn calls for it."""
        if self.mailer is None:
            return
        if table.status != PLAYING:
            self._forget(table.id)  # over: nothing more to mail about
            return
        if not self._due(table, table.version):
            return
        if self._looked_at.get(table.id) == table.version:
            return  # this turn is being looked after already
        self._forget(table.id)  # an older turn's wait, if any: that turn is over
        self._looked_at[table.id] = table.version
        loop = asyncio.get_running_loop()
        self._waits[table.id] = loop.call_later(self.delay, self._look_again, table, table.version)

    def _forget(self, table_id: str) -> None:
        self._looked_at.pop(table_id, None)
        wait = self._waits.pop(table_id, None)
        if wait is not None:
            wait.cancel()

    def _due(self, table: Table, moves: int) -> bool:
        """Whether the turn after ``moves`` moves is a person's, away from the table."""
        if not is_turn_based(table.clock) or table.status != PLAYING or table.version != moves:
            return False
        game = table.game
        seat = None if game is None else game.to_move
        if seat is None or table.plays_itself(seat):
            return False
        return table.seats[seat].sockets == 0

    def _look_again(self, table: Table, moves: int) -> None:
        """The wait is over: mail the turn if it still stands (else a later change,
        the page closing again, looks afresh)."""
        self._waits.pop(table.id, None)
        if not self._due(table, moves):
            if self._looked_at.get(table.id) == moves:
                del self._looked_at[table.id]
            return
        task = asyncio.get_running_loop().create_task(self._mail_logged(table, moves))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _mail_logged(self, table: Table, moves: int) -> None:
        try:
            await self._mail(table, moves)
        except Exception:
            log.exception("table %s: the your-turn e-mail failed", table.id)

    async def _mail(self, table: Table, moves: int) -> None:
        assert self.mailer is not None and table.game is not None and table.clock is not None
        seat = table.game.to_move
        assert seat is not None
        engine = self.store.engine
        recipient = await self.store.read(recipient_of, engine, table.id, seat)
        if recipient is None:
            return
        claimed = await self.store.run(claim_turn, engine, table.id, moves, seat, self.wall_clock())
        if not claimed:
            return
        message = your_turn_message(
            YourTurn(
                to=recipient.email,
                language=recipient.language,
                table=table.id,
                name=table.seats[seat].name or "",
                time=clock_words(table.clock, recipient.language),
                table_link=f"{self.site}/t/{table.id}",
                account_link=f"{self.site}/account",
            )
        )
        try:
            await asyncio.to_thread(self.mailer.send, message)
        except Exception as error:
            # The address is masked in the log (log_masking.py); the game goes on.
            log.warning(
                "table %s: the your-turn e-mail to seat %d could not be sent: %s",
                table.id,
                seat,
                error,
            )
        else:
            log.info("table %s: seat %d was e-mailed that it is their turn", table.id, seat)

    async def stop(self) -> None:
        for wait in self._waits.values():
            wait.cancel()
        self._waits.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
