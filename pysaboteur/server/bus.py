"""How the processes that serve one database hear of each other.

One process alone (SQLite, or a single PostgreSQL process) has nobody to tell:
:class:`LocalBus`.  Several processes on one PostgreSQL database talk through
PostgreSQL's own ``LISTEN``/``NOTIFY`` (:class:`PostgresBus`):

- every stored change of a table is announced by a ``NOTIFY`` sent in the very
  transaction that stores it (``Store.notify``), so it is heard only once it is
  committed, and in the order the changes were committed;
- each process says which sockets it holds on a table (``presence``), asks the
  others when it loads a table (``who``), and says it is alive once a second
  (``beat``); a process not heard for :data:`LOST_AFTER` seconds is taken for
  dead, and its sockets with it.

Why not a broker such as Redis: the database already orders every table's
changes, and a notice sent in the transaction that stores a change can neither
arrive before it is committed nor be lost while the change is kept; a broker
would be a second system to run, with its own way to fail between the commit
and the publish.  Notices are small (a move, a seat, a talk line) and a table
moves a few times a second at most: far below what ``NOTIFY`` carries.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

from .store import Change, Store

log = logging.getLogger(__name__)
CHANNEL = "pysaboteur"
#: Seconds between two "I am alive" notices of a process.
BEAT = 1.0
#: Seconds of silence after which another process is taken for dead.
LOST_AFTER = 3.0
#: PostgreSQL refuses notices of 8,000 bytes or more: a change too long to carry
#: (none is, in practice) is announced by its number alone, and read from the store.
LONGEST_NOTICE = 7900
#: Notices sent in one statement when many wait (a process's sockets reconnecting).
BATCH = 50

#: The notice of a change, sent in the transaction that stores it.
NOTIFY = text("SELECT pg_notify(:channel, :payload)")

Message = dict[str, Any]
Receiver = Callable[[Message], Awaitable[None]]


def new_process_id() -> str:
    return secrets.token_hex(6)


class LocalBus:
    """One process, alone with its database: nobody else to tell or hear."""

    alone = True

    def __init__(self) -> None:
        self.process = new_process_id()

    def peers(self) -> frozenset[str]:
        return frozenset({self.process})

    def publish(self, message: Message) -> None:
        pass

    async def start(self, receive: Receiver) -> None:
        pass

    async def stop(self) -> None:
        pass


class PostgresBus:
    """The processes on one PostgreSQL database, through ``LISTEN``/``NOTIFY``.

    ``receive`` is called, in order, with every message of the other processes:
    ``{"k": "change", "p": process, "t": table, "s": serial, "c": change}`` (``c``
    missing when too long to carry), ``presence``, ``who``, ``created``; and with
    ``{"k": "joined", "p": process}`` when a process is first heard,
    ``{"k": "gone", "p": process}`` when one falls silent, ``{"k": "resync"}``
    after this process's own connection to the notices was lost.
    """

    alone = False

    def __init__(self, store: Store) -> None:
        self.process = new_process_id()
        url = make_url(store.url).set(drivername="postgresql")
        self._conninfo = url.render_as_string(hide_password=False)
        self._seen: dict[str, float] = {}  # other processes: when last heard
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._receive: Receiver | None = None
        store.notify = self._notify_in_transaction

    def peers(self) -> frozenset[str]:
        """The processes alive, this one among them."""
        return frozenset({self.process, *self._seen})

    def publish(self, message: Message) -> None:
        """Send ``message`` to the other processes; never waits."""
        self._outbox.put_nowait(self._payload(message))

    async def start(self, receive: Receiver) -> None:
        self._receive = receive
        listening = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._listen(listening)),
            asyncio.create_task(self._send()),
            asyncio.create_task(self._beat()),
        ]
        await listening.wait()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _payload(self, message: Message) -> str:
        return json.dumps({**message, "p": self.process}, separators=(",", ":"))

    def _notify_in_transaction(
        self, db: Connection, table_id: str, serial: int, change: Change
    ) -> None:
        notice = {"k": "change", "t": table_id, "s": serial, "c": change}
        payload = self._payload(notice)
        if len(payload.encode()) > LONGEST_NOTICE:
            payload = self._payload({"k": "change", "t": table_id, "s": serial})
        db.execute(NOTIFY, {"channel": CHANNEL, "payload": payload})

    async def _connect(self) -> Any:
        import psycopg  # the postgres extra: only a server on PostgreSQL needs it

        return await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True)

    async def _listen(self, listening: asyncio.Event) -> None:
        """Hear the notices, for ever: a lost connection is opened again, and the
        tables held catch up with the store (notices may have been missed)."""
        lost = False
        while True:
            try:
                connection = await self._connect()
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    listening.set()
                    if lost:
                        await self._deliver({"k": "resync"})
                    async for notice in connection.notifies():
                        await self._heard(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the connection to the other processes' notices failed")
            lost = True
            await asyncio.sleep(0.5)

    async def _heard(self, payload: str) -> None:
        message = json.loads(payload)
        sender = message.get("p")
        if sender == self.process:
            return  # this process's own change or notice: applied already
        joined = sender not in self._seen
        self._seen[sender] = time.monotonic()
        if joined:
            # New, or back after being taken for dead (a long pause): either way
            # it has to learn who holds which sockets, and we what it holds.
            log.info("process %s joined", sender)
            await self._deliver({"k": "joined", "p": sender})
        if message["k"] != "beat":
            await self._deliver(message)

    async def _deliver(self, message: Message) -> None:
        assert self._receive is not None
        try:
            await self._receive(message)
        except Exception:
            log.exception("a notice could not be handled: %s", message.get("k"))

    async def _send(self) -> None:
        """Send the notices waiting, several in one statement when many wait."""
        while True:
            try:
                connection = await self._connect()
                async with connection:
                    while True:
                        batch = [await self._outbox.get()]
                        while len(batch) < BATCH and not self._outbox.empty():
                            batch.append(self._outbox.get_nowait())
                        calls = ", ".join(["pg_notify(%s, %s)"] * len(batch))
                        values = [part for payload in batch for part in (CHANNEL, payload)]
                        await connection.execute(f"SELECT {calls}", values)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("sending notices to the other processes failed")
                await asyncio.sleep(0.5)

    async def _beat(self) -> None:
        """Say this process is alive; take the silent ones for dead."""
        while True:
            self.publish({"k": "beat"})
            await asyncio.sleep(BEAT)
            now = time.monotonic()
            for process, seen in list(self._seen.items()):
                if now - seen > LOST_AFTER:
                    del self._seen[process]
                    log.warning("process %s fell silent: taken for dead", process)
                    await self._deliver({"k": "gone", "p": process})
