"""The database engine: SQLite tuned for a server, or any SQLAlchemy URL.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit has reached the
operating system when it returns, so a killed process loses nothing (only a
power cut may lose the last moves), and no commit waits for the disk.  The
disk is only waited for when the write-ahead log is copied back into the
database (a checkpoint); that is done by a thread of its own every second,
never by a commit, so moves are not held up behind it.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

log = logging.getLogger(__name__)
CHECKPOINT_EVERY = 1.0  # seconds
#: Threads writing to a database other than SQLite (each with a connection of its
#: own): a commit waits for the database's answers, not for the processor, so
#: several in flight keep many tables' moves going.
WRITERS = 16
#: A log grown past this (writes too busy for the passive checkpoints to finish)
#: is copied back and cut short even if writers must wait for it.
LARGEST_LOG = 64 * 1024 * 1024


def make_engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        # No ping before each use (a round trip of its own, before every move's
        # commit): a connection found dead is replaced, and the write tried again
        # once on a new one (``Store.run``).
        return create_engine(url, pool_size=WRITERS, max_overflow=WRITERS)
    engine = create_engine(url, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA wal_autocheckpoint=0")  # the Checkpointer's job
        cursor.execute("PRAGMA journal_size_limit=16777216")  # a log restarted shrinks
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    return engine


class Checkpointer:
    """Copies SQLite's write-ahead log into the database every second, off the commit path."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.log_file = Path(f"{engine.url.database}-wal")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="checkpoint", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self._checkpoint("TRUNCATE")  # leave a small log behind

    def _run(self) -> None:
        while not self._stop.wait(CHECKPOINT_EVERY):
            self._checkpoint("PASSIVE")  # never waits for writers, nor they for it
            with contextlib.suppress(OSError):
                if self.log_file.stat().st_size > LARGEST_LOG:
                    self._checkpoint("TRUNCATE")

    def _checkpoint(self, mode: str) -> None:
        try:
            with self.engine.connect() as db:
                db.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")
        except Exception:  # a busy moment: the next one will do
            log.warning("SQLite checkpoint (%s) failed", mode, exc_info=True)
