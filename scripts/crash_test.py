"""Crash the web table: ``kill -9`` the server at random moments while games are
played, restart it on the same database, and check that nothing acknowledged
was lost.

Starts ``saboteur serve`` (on a new SQLite file, or ``--database URL`` for
PostgreSQL) and keeps ``--tables`` tables in play, each with client seats of
this script (moving over the WebSocket and, one move in three, over HTTP) and
bot seats; a finished game is replaced by a new table.  At seeded random
moments the server and its bot workers are killed with SIGKILL and started
again on the same port and database.  After every restart:

- every move the clients were told of (a view of that version, or the answer
  to their move) is still stored, and stored as they heard it;
- every table whose creation or join was answered is still there;
- every stored game replays through the engine (no game is broken) and the
  server serves it;
- play goes on: every unfinished table gets new moves.

With ``--workers 2`` (PostgreSQL only) the server runs as two processes on one
port, and each kill is ``kill -9`` of one of them (with its bot workers), at
random, while the other goes on serving: the clients of the one killed
reconnect (to whichever process the port gives them), and each must be back —
its next view received — within ``--back-within`` seconds of losing its socket.

    .venv/bin/python scripts/crash_test.py --kills 25
    .venv/bin/python scripts/crash_test.py --kills 20 --database postgresql://user@host/db
    .venv/bin/python scripts/crash_test.py --kills 20 --workers 2 --database postgresql://…
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from audit_common import (
    Progress,
    ServerProcess,
    load_stored,
    percentile,
    replay,
    script_parser,
    start_server,
    summary,
)
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from pysaboteur.rules import IllegalMove

#: Seconds every live table has, after a restart, to show a new move.
PROGRESS_WAIT = 30.0
#: What uvicorn logs when a process has started serving (at --log-level info).
STARTED = "Application startup complete."


@dataclass
class LiveTable:
    id: str
    tokens: dict[int, str]
    #: version -> the move that made it, as a client heard it (acknowledged moves).
    heard: dict[int, str] = field(default_factory=dict)
    started: bool = False  # the start was answered: its clients play it
    over: bool = False

    @property
    def acknowledged(self) -> int:
        return max(self.heard, default=0)


@dataclass
class Figures:
    kills: int = 0
    acknowledged_moves: int = 0
    lost_moves: list[str] = field(default_factory=list)
    lost_tables: list[str] = field(default_factory=list)
    broken_games: list[str] = field(default_factory=list)
    stalled: list[str] = field(default_factory=list)
    games_finished: int = 0
    moves_stored: int = 0
    client_errors: list[str] = field(default_factory=list)
    #: Seconds from a client losing its socket to its next view (--workers).
    back_after: list[float] = field(default_factory=list)
    #: What was found already (each finding is counted and printed once).
    found: set[str] = field(default_factory=set)


def heard_as_stored(heard: str, stored: str) -> bool:
    """Whether a move as a client heard it is the stored move: the same, or with
    what that client may not see left out (another seat's discard ``2 discard``
    or ``2 discard ? ?``, another's gold pick ``2 take``)."""
    seen, full = heard.split(), stored.split()
    if len(seen) > len(full):
        return False
    return all(word in (truth, "?") for word, truth in zip(seen, full, strict=False))


def found(figures: Figures, into: list[str], key: str, text: str) -> None:
    """A finding: counted in ``into`` and printed at once (standard error), the
    first time it is found (the checks after each kill look at everything again)."""
    if key in figures.found:
        return
    figures.found.add(key)
    into.append(text)
    print(f"FINDING: {text}", file=sys.stderr, flush=True)


def client_sockets(pid: int, port: int) -> int:
    """How many established TCP connections to ``port`` process ``pid`` holds (Linux)."""
    inodes = set()
    try:
        descriptors = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return 0  # gone, or not ours to read
    for fd in descriptors:
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue  # closed meanwhile
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    held = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            if local_port == port and fields[3] == "01" and fields[9] in inodes:  # 01: ESTABLISHED
                held += 1
    return held


class Crasher:
    def __init__(self, args: argparse.Namespace, server: ServerProcess, progress: Progress):
        self.args = args
        self.server = server
        self.progress = progress
        self.rng = random.Random(args.seed)
        self.tables: list[LiveTable] = []
        self.figures = Figures()
        self.stopping = False
        self.up = asyncio.Event()
        self.up.set()

    # -- clients --------------------------------------------------------------

    async def new_table(self, http: httpx.AsyncClient) -> LiveTable:
        """A table with client seats and bot seats, started; retried while the server is down."""
        while True:
            await self.up.wait()
            try:
                body = {"name": "Ann", "players": self.args.players, "bots": "random",
                        "bot_pause": 0, "spectators": True}  # fmt: skip
                created = (await http.post("/api/tables", json=body)).raise_for_status().json()
                table = LiveTable(created["table"], {0: created["token"]})
                self.tables.append(table)  # answered: it must survive any crash from now on
                for number in range(1, self.args.people):
                    joined = await http.post(
                        f"/api/tables/{table.id}/join", json={"name": f"P{number}"}
                    )
                    answer = joined.raise_for_status().json()
                    table.tokens[answer["seat"]] = answer["token"]
                headers = {"Authorization": f"Bearer {table.tokens[0]}"}
                (
                    await http.post(f"/api/tables/{table.id}/start", headers=headers)
                ).raise_for_status()
                table.started = True
                return table
            except (httpx.HTTPError, KeyError, ValueError):
                # The server died in the middle: a table answered already stays in
                # the list (it must be there after the restart); try a new one.
                await asyncio.sleep(0.2)

    async def keep_playing(self, http: httpx.AsyncClient, slot: int) -> None:
        """Keep one table in play, game after game, until the test stops."""
        while not self.stopping:
            table = await self.new_table(http)
            seats = [self.seat(http, table, seat, token) for seat, token in table.tokens.items()]
            await asyncio.gather(*seats)
            if table.over:
                self.figures.games_finished += 1

    async def seat(self, http: httpx.AsyncClient, table: LiveTable, seat: int, token: str) -> None:
        """One seat's client: play from its views, reconnecting after every crash."""
        rng = random.Random(self.rng.random())
        lost_at: float | None = None  # when this seat's socket was lost, till it is back
        while not self.stopping and not table.over:
            await self.up.wait()
            # Versions answered on this connection: after a crash, a move sent but
            # never stored is chosen again from the new view.
            answered: set[int] = set()
            try:
                async with connect(
                    f"{self.server.ws_url}/ws/tables/{table.id}", open_timeout=5
                ) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    async for text in ws:
                        message = json.loads(text)
                        if message.get("type") == "error":
                            code = message["error"]["code"]
                            if code not in ("stale", "not_your_turn"):
                                text = f"{table.id} seat {seat}: refused {code}"
                                found(self.figures, self.figures.client_errors, text, text)
                            continue
                        if message.get("type") != "view":
                            continue
                        if lost_at is not None:
                            self.figures.back_after.append(time.monotonic() - lost_at)
                            lost_at = None
                        self.hear(table, message)
                        if message["table"]["status"] == "over":
                            table.over = True
                            return
                        version = message["version"]
                        if message["legal"] and version not in answered and not self.stopping:
                            answered.add(version)
                            move = rng.choice(message["legal"])["text"]
                            by_http = rng.random() < 1 / 3
                            if not by_http or not await self.move_by_http(
                                http, table, token, move, version
                            ):
                                # Over the socket (also when the HTTP request's process
                                # died: with --workers this socket may well be alive).
                                await ws.send(
                                    json.dumps({"type": "move", "move": move, "expect": version})
                                )
            except (ConnectionClosed, OSError, InvalidHandshake, InvalidStatus, TimeoutError):
                if lost_at is None and not self.stopping:
                    lost_at = time.monotonic()
                await asyncio.sleep(0.1)

    async def move_by_http(
        self, http: httpx.AsyncClient, table: LiveTable, token: str, move: str, version: int
    ) -> bool:
        """Whether the server answered the move (accepted or refused)."""
        try:
            response = await http.post(
                f"/api/tables/{table.id}/moves",
                json={"move": move, "expect": version},
                headers={"Authorization": f"Bearer {token}"},
            )
        except httpx.HTTPError:
            return False  # the server died: not acknowledged
        if response.status_code == 200:
            self.hear(table, response.json())
        return True

    def hear(self, table: LiveTable, view: dict[str, Any]) -> None:
        """A view the server sent: its version is acknowledged, with its move."""
        version, move = view["version"], view["move"]
        if move is not None and version > 0:
            table.heard.setdefault(version, move)

    # -- the crashes ----------------------------------------------------------

    async def run(self) -> None:
        async with httpx.AsyncClient(base_url=self.server.url, timeout=10) as http:
            players = [
                asyncio.create_task(self.keep_playing(http, slot))
                for slot in range(self.args.tables)
            ]
            await asyncio.sleep(1.0)
            for kill in range(1, self.args.kills + 1):
                await asyncio.sleep(self.rng.uniform(self.args.min_wait, self.args.max_wait))
                if self.args.workers > 1:
                    # One of the processes dies; the other serves on meanwhile, and
                    # uvicorn's supervisor starts a new one in its place.
                    await asyncio.to_thread(self.kill_one_worker)
                    self.figures.kills += 1
                    await asyncio.to_thread(self.check, f"after kill {kill}")
                else:
                    self.up.clear()
                    self.server.kill()
                    self.figures.kills += 1
                    await asyncio.to_thread(self.server.start)
                    await asyncio.to_thread(self.check, f"after kill {kill}")
                    self.up.set()
                await self.wait_for_progress(http, kill)
                figures = self.figures
                self.progress.say(
                    f"kill {kill}/{self.args.kills}: {figures.acknowledged_moves} moves "
                    f"acknowledged so far, lost {len(figures.lost_moves)}, "
                    f"broken {len(figures.broken_games)}, games finished {figures.games_finished}"
                )
            self.stopping = True
            for task in players:
                task.cancel()
            await asyncio.gather(*players, return_exceptions=True)
        self.check("at the end")

    def workers(self) -> list[int]:
        """The server's worker processes: the supervisor's children that serve
        (not multiprocessing's resource tracker)."""
        assert self.server.process is not None
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                status = Path(f"/proc/{entry}/stat").read_text()
                command = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            parent = int(status.rsplit(")", 1)[1].split()[1])
            if parent == self.server.process.pid and b"spawn_main" in command:
                found.append(int(entry))
        return sorted(found)

    def serving(self) -> int:
        """How many worker processes have started serving (uvicorn says so in the log)."""
        return self.server.log_text().count(STARTED)

    def kill_one_worker(self) -> None:
        """``kill -9`` one of the server's processes, once all of them serve: the one
        started after the last kill too (the other must not be killed while it starts)."""
        deadline = time.monotonic() + 60
        while (
            len(workers := self.workers()) < self.args.workers
            or self.serving() < self.args.workers + self.figures.kills
        ):
            if time.monotonic() > deadline:
                raise SystemExit("the server's processes did not come back")
            time.sleep(0.1)
        # A process holding clients' sockets: killing one that holds none (the port
        # may have given them all to the other) would test nobody's way back.
        holding = [pid for pid in workers if client_sockets(pid, self.server.port)]
        victim = self.rng.choice(holding or workers)
        os.kill(victim, signal.SIGKILL)
        # Its bot workers follow it within a second (they watch their parent).
        while victim in self.workers():
            time.sleep(0.05)

    async def wait_for_progress(self, http: httpx.AsyncClient, kill: int) -> None:
        """Every unfinished table moves on after the restart."""
        live = [table for table in self.tables if table.started and not table.over]
        stored = {table.id: await self.stored_version(http, table) for table in live}
        deadline = time.monotonic() + PROGRESS_WAIT
        waiting = set(stored)
        while waiting and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            for table in live:
                if table.id in waiting and (table.over or table.acknowledged > stored[table.id]):
                    waiting.discard(table.id)
        for table_id in sorted(waiting):
            text = f"{table_id} did not go on after kill {kill}"
            found(self.figures, self.figures.stalled, text, text)

    async def stored_version(self, http: httpx.AsyncClient, table: LiveTable) -> int:
        try:
            return int((await http.get(f"/api/tables/{table.id}")).json()["version"])
        except (httpx.HTTPError, KeyError, ValueError):
            return table.acknowledged

    def check(self, when: str) -> None:
        """Everything acknowledged is stored; every stored game replays and is served."""
        acknowledged = 0
        stored_moves = 0
        for table in list(self.tables):
            # What was heard before the store is read: with --workers the clients play
            # on meanwhile, and a move heard after the reading is checked next time.
            heard = dict(table.heard)
            stored = load_stored(self.server.database_url, table.id)
            if stored is None:
                text = f"table {table.id} lost {when}"
                found(self.figures, self.figures.lost_tables, f"table {table.id}", text)
                continue
            stored_moves += len(stored.moves)
            for version, move in sorted(heard.items()):
                acknowledged += 1
                if version > len(stored.moves):
                    text = f"{table.id} move {version} ({move!r}) not stored {when}"
                    found(self.figures, self.figures.lost_moves, f"{table.id}/{version}", text)
                elif not heard_as_stored(move, stored.moves[version - 1]):
                    text = (
                        f"{table.id} move {version}: heard {move!r}, stored "
                        f"{stored.moves[version - 1]!r} {when}"
                    )
                    found(self.figures, self.figures.lost_moves, f"{table.id}/{version}", text)
            if stored.seed is None:
                continue  # the start was not answered: nothing to replay yet
            try:
                replay(stored)
            except (IllegalMove, RuntimeError, ValueError) as error:
                text = f"{table.id} does not replay {when}: {error}"
                found(self.figures, self.figures.broken_games, f"broken {table.id}", text)
                continue
            if self.server.process is not None:
                response = httpx.get(f"{self.server.url}/api/tables/{table.id}", timeout=10)
                if response.status_code != 200:
                    text = f"{table.id} {when}: served as HTTP {response.status_code}"
                    found(self.figures, self.figures.broken_games, f"served {table.id}", text)
        self.figures.acknowledged_moves = acknowledged
        self.figures.moves_stored = stored_moves


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument(
        "--kills", type=int, default=25, help="kill -9 this many times (default: 25)"
    )
    parser.add_argument(
        "--database", default="sqlite",
        help="sqlite (a new file, default) or a database URL such as postgresql://user@host/db",
    )  # fmt: skip
    parser.add_argument("--tables", type=int, default=3, help="tables in play at once (default: 3)")
    parser.add_argument("--players", type=int, default=4, help="seats per table (default: 4)")
    parser.add_argument("--people", type=int, default=2, help="client seats per table (default: 2)")
    parser.add_argument(
        "--seed", type=int, default=1, help="the kill moments and moves (default: 1)"
    )
    parser.add_argument(
        "--min-wait", type=float, default=0.05, help="shortest time between restart and kill"
    )
    parser.add_argument(
        "--max-wait", type=float, default=2.0, help="longest time between restart and kill"
    )
    parser.add_argument(
        "--workers", type=int, default=1,
        help="server processes on one port (PostgreSQL); each kill is then one of them",
    )  # fmt: skip
    parser.add_argument(
        "--back-within", type=float, default=5.0,
        help="with --workers: seconds a client may take to be back after a kill (default: 5)",
    )  # fmt: skip
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.workers > 1 and args.database == "sqlite":
        parser.error("--workers needs a PostgreSQL --database")
    progress = Progress(args.quiet)
    extra = ["--bots", "random", "--workers", str(args.workers)]
    if args.workers > 1:
        extra += ["--log-level", "info"]  # to see each process start serving
    with tempfile.TemporaryDirectory(prefix="crash-test-") as folder:
        server = start_server(Path(folder), args.database, extra)
        progress.say(f"server at {server.url} on {server.database_url.split('@')[-1]}")
        crasher = Crasher(args, server, progress)
        try:
            asyncio.run(crasher.run())
        finally:
            server.stop()
    figures = crasher.figures
    findings = figures.lost_moves + figures.lost_tables + figures.broken_games
    for line in (findings + figures.stalled + figures.client_errors)[:20]:
        print("  ", line)
    database = "SQLite" if args.database == "sqlite" else "PostgreSQL"
    if args.workers > 1:
        database += f", {args.workers} processes"
    return summary(
        f"crash test on {database}",
        [
            ("kill -9", figures.kills, figures.kills == args.kills),
            ("tables played", len(crasher.tables), True),
            ("games finished", figures.games_finished, True),
            ("moves stored", figures.moves_stored, figures.moves_stored > 0),
            (
                "acknowledged moves checked",
                figures.acknowledged_moves,
                figures.acknowledged_moves > 0,
            ),
            ("acknowledged moves lost", len(figures.lost_moves), not figures.lost_moves),
            ("acknowledged tables lost", len(figures.lost_tables), not figures.lost_tables),
            ("broken games", len(figures.broken_games), not figures.broken_games),
            (
                "tables that did not go on after a restart",
                len(figures.stalled),
                not figures.stalled,
            ),
            ("unexpected refusals", len(figures.client_errors), not figures.client_errors),
            *back_figures(figures, args),
        ],
    )


def back_figures(figures: Figures, args: argparse.Namespace) -> list[tuple[str, Any, bool]]:
    """With --workers: how long the clients of a killed process took to be back."""
    if args.workers <= 1:
        return []
    times = figures.back_after
    slowest = max(times, default=0.0)
    return [
        ("clients reconnected after a kill", len(times), len(times) > 0),
        ("back within: p50 / p99 / max seconds",
         f"{percentile(times, 0.5):.2f} / {percentile(times, 0.99):.2f} / {slowest:.2f}",
         slowest <= args.back_within),
    ]  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
