"""What the audit scripts share: a real ``saboteur serve`` process, the truth of a
stored game, progress lines and figures.

The scripts talk to the server only through its public protocol
(docs/web-protocol.md); the truth they check against is read from the server's
own database after the fact (the seed and the moves), never from the server's
memory.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from pysaboteur.rules import Game, Options
from pysaboteur.server.config import database_url
from pysaboteur.server.store import Store, StoredTable

#: The marker of a Python traceback in the server's log.
TRACEBACK = "Traceback (most recent call last)"


def script_parser(doc: str | None) -> argparse.ArgumentParser:
    """A script's argument parser: its docstring's first paragraph as the description,
    the rest (how it works, what it prints) after the options in ``--help``."""
    text = doc or ""
    first, _, rest = text.partition("\n\n")
    return argparse.ArgumentParser(
        description=first, epilog=rest, formatter_class=argparse.RawDescriptionHelpFormatter
    )


def add_database_options(parser: argparse.ArgumentParser, workers_help: str) -> None:
    """``--database`` (sqlite, or a URL) and ``--workers`` (server processes on one port)."""
    parser.add_argument(
        "--database", default="sqlite", help="sqlite (a new file, default) or a database URL"
    )
    parser.add_argument("--workers", type=int, default=1, help=workers_help)


def parse_arguments(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """The arguments, ``--workers`` refused on SQLite (one process serves it)."""
    args = parser.parse_args(argv)
    if args.workers > 1 and args.database == "sqlite":
        parser.error("--workers needs a PostgreSQL --database")
    return args


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def more_open_files() -> None:
    """Raise the limit of open files to the most allowed (each client is a socket;
    a started server, a child, inherits the limit)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def store_url(database: str, folder: Path) -> str:
    """The SQLAlchemy URL for ``--database``: ``sqlite`` (a new file in ``folder``)
    or a database URL (``postgresql://…``)."""
    if database == "sqlite":
        return database_url(str(folder / "audit.db"), None)
    return database_url(None, database)


class ServerProcess:
    """``saboteur serve`` in a process (and process group) of its own, on a free port.

    Its output goes to ``server.log`` in ``folder``; :meth:`kill` is ``kill -9``
    of the whole group (the server and its bot workers), :meth:`start` again
    brings it back on the same port and database.
    """

    def __init__(self, folder: Path, url: str, extra: Sequence[str] = ()) -> None:
        self.folder = folder
        self.database_url = url
        self.port = free_port()
        self.extra = list(extra)
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [
            sys.executable, "-m", "pysaboteur.cli", "serve", "--port", str(self.port),
            "--database-url", self.database_url, *self.extra,
        ]  # fmt: skip

    def start(self, timeout: float = 60.0) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.command(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.starts += 1
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(f"{self.url}/api/bots", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the server did not start; its log: {self.log_path}")
            time.sleep(0.05)

    def kill(self) -> None:
        """``kill -9`` the server and every process it started."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(30)
        self.process = None

    def stop(self) -> None:
        """Stop the server as Ctrl-C would (it stops its own bot workers); ``kill -9``
        whatever is left after a while."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(30)
        self.kill()

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def tracebacks(self) -> int:
        return self.log_text().count(TRACEBACK)

    def first_traceback(self, lines: int = 30) -> str:
        """The log from its first traceback on (a few lines), to show what failed."""
        text = self.log_text()
        where = text.find(TRACEBACK)
        if where < 0:
            return ""
        start = text.rfind("\n", 0, where) + 1
        return "\n".join(text[start:].splitlines()[:lines])


def start_server(
    folder: Path, database: str = "sqlite", extra: Sequence[str] = ()
) -> ServerProcess:
    """A started server with the audit's usual settings: bots at once, no limit on
    tables from this one address."""
    settings = ["--bot-pause", "0", "--tables-per-client", "0", *extra]
    server = ServerProcess(folder, store_url(database, folder), settings)
    server.start()
    return server


def load_stored(url: str, table: str) -> StoredTable | None:
    """What the database holds for ``table`` (read with a store of its own)."""
    store = Store(url)
    try:
        return store.load(table)
    finally:
        store.close()


def new_game(stored: StoredTable) -> Game:
    """The stored game as dealt, exactly as the server deals it (same seed, names)."""
    assert stored.seed is not None, "the table has not started"
    names = [seat.name or f"Seat {index}" for index, seat in enumerate(stored.seats)]
    options = Options.from_dict(stored.options)
    return Game.new(stored.players, options, stored.seed, names=names, edition=stored.edition)


def replay(stored: StoredTable) -> Game:
    """The stored game after all its stored moves (``IllegalMove`` if one is wrong)."""
    game = new_game(stored)
    for text in stored.moves:
        game.play(text)
    return game


def version_of(game: Game) -> int:
    return sum(len(log.moves) for log in game.rounds)


def percentile(values: Sequence[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Progress:
    """Progress lines on standard error while a script runs (the figures go to
    standard output at the end)."""

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet
        self.began = time.monotonic()

    def say(self, text: str) -> None:
        if not self.quiet:
            elapsed = time.monotonic() - self.began
            print(f"[{elapsed:6.1f}s] {text}", file=sys.stderr, flush=True)


class Findings:
    """What an audit found wrong, each printed on standard output the moment it is
    found (so that a run cut short still shows it), and kept for the summary."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def report(self, kind: str, text: str) -> None:
        self.found.append((kind, text))
        print(f"FOUND {kind}: {text}", flush=True)

    def count(self, *kinds: str) -> int:
        """How many findings of these kinds (of every kind when none is named)."""
        return sum(1 for kind, _ in self.found if not kinds or kind in kinds)


def summary(title: str, figures: Sequence[tuple[str, Any, bool]]) -> int:
    """Print the figures (name, value, passed) and the exit code: 0 when all passed."""
    print(f"== {title} ==")
    for name, value, passed in figures:
        print(f"{name}: {value}{'' if passed else '   <-- FAILED'}")
    failed = [name for name, _, passed in figures if not passed]
    print("result: " + ("PASS" if not failed else "FAIL (" + ", ".join(failed) + ")"))
    return 0 if not failed else 1
