"""Load the web table: many tables of bots, many WebSocket clients watching them.

Starts ``saboteur serve`` on a fresh SQLite file (or uses ``--url``), keeps
``--tables`` tables of bots only in play (a finished game is replaced by a new
table, its watchers move over), and opens ``--clients`` spectator WebSockets
spread evenly over them.  For every view that carries a move, each client notes
the time from the move's acceptance on the server (``accepted_at``) to its
arrival; it also checks that versions arrive in order with none skipped.  At
the end it reports the delivery latency (p50/p95/p99/max), moves and views per
second, errors, skipped versions, and that every move a client heard was stored.

    .venv/bin/python scripts/load_web.py --tables 200 --clients 500 --duration 60

With ``--database URL`` the server stores in PostgreSQL; ``--processes N`` starts N
server processes on that database, each on a port of its own, and ``--proxy``
puts nginx with the shipped deploy/nginx/pysaboteur.conf in front of them (the
clients then speak HTTPS and WSS to it, each from one of 100 loopback addresses,
as people behind their own routers)::

    .venv/bin/python scripts/load_web.py --database postgresql://… --processes 2 --proxy \
        --tables 1000 --clients 5000 --bots random --client-processes 2

``--bot-pause 0`` makes every table move as fast as the server lets it: the moves
per second are then the server's throughput, to compare between one process and
two (the delivery times of such a run say only how long the queues were).

The clients run in this process (``--client-processes`` spreads them over more);
the server and this script share the machine, so the figures include both.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import queue
import signal
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from audit_common import free_port, more_open_files, percentile
from proxy_stack import (
    SHIPPED,
    certificate,
    machine_values,
    main_config,
    nginx_process,
    with_values,
)

#: Seconds past the measured window that clients, and the client processes, may take
#: to finish (the stored-version checks, a slow close) before they are cut off.
GRACE = 30.0
#: Loopback addresses the clients behind the proxy come from (127.0.0.2 on): the
#: proxy holds each address to 100 connections, as it would one household.
ADDRESSES = 100


def client_address(number: int) -> str:
    return f"127.0.0.{2 + number % ADDRESSES}"


def tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The clients' TLS settings behind the proxy (its throwaway authority trusted)."""
    if args.authority is None:
        return None
    context = ssl.create_default_context(cafile=args.authority)
    return context


@dataclass
class Tally:
    """What one client process saw."""

    #: (arrival, seconds from acceptance to arrival) of each move heard inside the window.
    samples: list[tuple[float, float]] = field(default_factory=list)
    cpu: float = 0.0  # this client process's CPU seconds
    views: int = 0
    moves_heard: int = 0
    errors: list[str] = field(default_factory=list)  # the first few, as examples
    error_count: int = 0  # all of them
    skipped: int = 0  # versions that never arrived
    finished: set[str] = field(default_factory=set)  # tables whose game ended
    heard: dict[str, int] = field(default_factory=dict)  # table -> last version heard
    moves: set[tuple[str, int]] = field(default_factory=set)  # (table, version) in the window

    def error(self, text: str) -> None:
        """Count an error; keep its words if it is among the first (thousands of
        clients failing alike would otherwise fill the memory with one sentence)."""
        self.error_count += 1
        if len(self.errors) < 20:
            self.errors.append(text)


class Pool:
    """This process's tables; a finished one is replaced by a new table, once."""

    def __init__(self, http: httpx.AsyncClient, args: argparse.Namespace) -> None:
        self.http = http
        self.args = args
        self.replacement: dict[str, asyncio.Task[str]] = {}

    async def create(self) -> str:
        body = {"all_bots": True, "players": self.args.players, "bots": self.args.bots}
        if self.args.bot_pause is not None:
            body["bot_pause"] = self.args.bot_pause
        response = await self.http.post("/api/tables", json=body)
        response.raise_for_status()
        table: str = response.json()["table"]
        return table

    async def next_table(self, finished: str) -> str:
        if finished not in self.replacement:
            self.replacement[finished] = asyncio.create_task(self.create())
        try:
            return await self.replacement[finished]
        except BaseException:
            # A failed creation is not remembered: the next client to ask tries again.
            self.replacement.pop(finished, None)
            raise


async def watch(
    ws_url: str,
    table: str,
    pool: Pool,
    tally: Tally,
    window: tuple[float, float],
    way: dict[str, Any],
) -> None:
    """One spectator: watch ``table`` (and its successors) until the window closes;
    ``way`` is how it connects (TLS, its own address)."""
    start, end = window
    while time.time() < end:
        try:
            async with connect(f"{ws_url}/ws/tables/{table}", open_timeout=30, **way) as websocket:
                await websocket.send(json.dumps({"type": "hello"}))
                last: int | None = None
                while True:
                    try:
                        async with asyncio.timeout(max(0.0, end - time.time())):
                            text = await websocket.recv()
                    except TimeoutError:
                        return
                    arrival = time.time()
                    if arrival >= end:
                        return
                    message = orjson.loads(text)
                    kind = message["type"]
                    if kind == "error":
                        tally.error(f"{table}: {message['error']}")
                        continue
                    if kind != "view":
                        continue
                    tally.views += 1
                    version = message["version"]
                    first = last is None
                    if last is not None:
                        if version < last:
                            tally.error(f"{table}: version {version} after {last}")
                        elif version > last + 1:
                            tally.skipped += version - last - 1
                    last = version
                    tally.heard[table] = max(tally.heard.get(table, 0), version)
                    if message["move"] is not None and not first:
                        tally.moves_heard += 1
                        if arrival >= start:
                            tally.samples.append((arrival, arrival - message["accepted_at"]))
                            tally.moves.add((table, version))
                    if message["table"]["status"] == "over":
                        tally.finished.add(table)
                        break
            table = await pool.next_table(table)
        except (ConnectionClosed, OSError) as error:
            tally.error(f"{table}: connection lost: {error!r}")
            await asyncio.sleep(0.5)
        except Exception as error:  # one failure is a figure, not the end
            # Anything else (a read error, a refused or failed table creation, a
            # garbled message): counted, and this client carries on after a pause.
            tally.error(f"{table}: {type(error).__name__}: {error}")
            await asyncio.sleep(0.5)


async def run_clients(args: argparse.Namespace, index: int, processes: int) -> Tally:
    """This process's share of the tables and clients.

    The tables are created evenly over the warm-up, as a real server's tables
    start at different times; each client starts watching when its table exists.
    Measuring starts once they all have.
    """
    tally = Tally()
    context = tls(args)
    behind = context is not None
    transport = httpx.AsyncHTTPTransport(
        verify=context or True, local_address=client_address(index) if behind else None
    )
    async with httpx.AsyncClient(base_url=args.url, timeout=60, transport=transport) as http:
        pool = Pool(http, args)
        count = len(range(index, args.tables, processes))
        began = time.time()
        window = (began + args.warmup, began + args.warmup + args.duration)
        ws_url = args.url.replace("http", "ws", 1)  # https: wss
        tables: list[asyncio.Future[str]] = [asyncio.Future() for _ in range(count)]

        async def create_table(number: int, table: asyncio.Future[str]) -> None:
            await asyncio.sleep(max(0.0, began + number * args.warmup / count - time.time()))
            while time.time() < window[1]:  # a failed creation is counted and tried again
                try:
                    table.set_result(await pool.create())
                    return
                except Exception as error:
                    tally.error(f"creating a table: {type(error).__name__}: {error}")
                    await asyncio.sleep(1.0)
            table.cancel()  # never made: its clients give up

        async def create_tables() -> None:
            await asyncio.gather(*(create_table(n, table) for n, table in enumerate(tables)))

        async def client(number: int) -> None:
            try:
                table = await tables[(number // processes) % count]
            except asyncio.CancelledError:
                return
            way: dict[str, Any] = {}
            if behind:
                way = {"ssl": context, "local_addr": (client_address(number), 0)}
            await watch(ws_url, table, pool, tally, window, way)

        mine = [c for c in range(args.clients) if c % processes == index]
        cpu = time.process_time()
        # Every client stops by the window's end; a client stuck beyond it (an
        # open or a read that never returns) is cut off with the rest after a grace.
        try:
            async with asyncio.timeout(window[1] - time.time() + GRACE):
                results = await asyncio.gather(
                    create_tables(), *(client(c) for c in mine), return_exceptions=True
                )
            for result in results:
                if isinstance(result, BaseException):
                    tally.error(f"a client failed: {type(result).__name__}: {result}")
        except TimeoutError:
            tally.error(f"clients still running {GRACE:g} s after the end were stopped")
        tally.cpu = time.process_time() - cpu
        for table, version in tally.heard.items():  # every move heard was stored
            try:
                response = await http.get(f"/api/tables/{table}")
                if response.json()["version"] < version:
                    tally.error(f"{table}: heard version {version}, server has less")
            except Exception as error:
                tally.error(f"{table}: checking the stored version: {error!r}")
    return tally


def clients(args: argparse.Namespace, index: int, processes: int) -> Tally:
    """Run this process's clients on uvloop when it is there (uvicorn's own loop)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(run_clients(args, index, processes))
    tally: Tally = uvloop.run(run_clients(args, index, processes))
    return tally


def client_process(args: argparse.Namespace, index: int, processes: int, out: Any) -> None:
    """One client process: its tally, or, if it failed, a tally saying so.

    The clients never collect cycles: a collection over thousands of sockets'
    objects paused a client process for up to 0.4 s, and every move arriving
    meanwhile was counted late, as if the server had been slow.  What little
    cyclic garbage a few minutes make stays until the process ends."""
    gc.disable()
    try:
        tally = clients(args, index, processes)
    except BaseException as error:  # the parent waits for a tally
        tally = Tally()
        tally.error(f"client process {index} failed: {type(error).__name__}: {error}")
    out.put(tally)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, its children that ended and (for
    uvicorn's workers) those running (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(value) for value in fields[11:15])
    children = Path(f"/proc/{pid}/task/{pid}/children")
    running = children.read_text().split() if children.exists() else []
    return ticks / os.sysconf("SC_CLK_TCK") + sum(cpu_seconds(int(child)) for child in running)


def start_server(
    args: argparse.Namespace, folder: Path, database: str, port: int
) -> subprocess.Popen[str]:
    """A ``saboteur serve`` process on ``port``, storing in ``database``."""
    command = [
        sys.executable, "-m", "pysaboteur.cli", "serve", "--port", str(port),
        "--database-url", database, "--bots", args.bots, "--workers", str(args.workers),
        "--bot-pause", str(args.server_bot_pause), "--bot-workers", str(args.bot_workers),
        # Every table and every client comes from this one address.
        "--tables-per-client", "0", "--max-connections-per-client", "0",
    ]  # fmt: skip
    if args.proxy:
        command += ["--forwarded-allow-ips", "127.0.0.1"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    print(server.stdout.readline().strip())
    wait_until_serving(f"http://127.0.0.1:{port}", server, None)
    return server


def wait_until_serving(url: str, server: subprocess.Popen[Any], verify: Any) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/api/bots", timeout=1, verify=verify or True).is_success:
                return
        except httpx.TransportError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the server did not start") from None
        time.sleep(0.1)


def start_stack(args: argparse.Namespace, folder: Path, stack: ExitStack) -> list[int]:
    """The servers (and the proxy) this run measures; their process ids. Sets
    ``args.url`` (and ``args.authority`` behind the proxy)."""
    database = args.database or f"sqlite:///{folder / 'load.db'}"
    if database.startswith("postgresql://"):
        database = "postgresql+psycopg://" + database.removeprefix("postgresql://")
    ports = [free_port() for _ in range(args.processes)]
    servers = []
    for port in ports:
        server = start_server(args, folder, database, port)
        stack.callback(stop, server)
        servers.append(server)
    args.url = f"http://127.0.0.1:{ports[0]}"
    if not args.proxy:
        return [server.pid for server in servers]
    prefix = folder / "nginx"
    prefix.mkdir()
    authority, bundle = certificate(prefix)
    authority.cert_pem.write_to_path(prefix / "authority.pem")  # what the clients trust
    args.authority = str(prefix / "authority.pem")
    https_port = free_port()
    values = machine_values(ports, free_port(), https_port, bundle)
    site = prefix / "pysaboteur.conf"
    site.write_text(with_values(SHIPPED.read_text(), values))
    (prefix / "nginx.conf").write_text(main_config(prefix, site, connections=4 * args.clients))
    nginx = stack.enter_context(nginx_process(prefix))
    args.url = f"https://127.0.0.1:{https_port}"
    wait_until_serving(args.url, nginx, ssl.create_default_context(cafile=args.authority))
    print(f"nginx at {args.url} in front of {len(ports)} server process(es)")
    return [server.pid for server in servers] + [nginx.pid]


def stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(30)


def report(tallies: list[Tally], args: argparse.Namespace, server_cpu: float | None) -> int:
    samples = sorted(sample for tally in tallies for sample in tally.samples)
    latencies = [latency for _, latency in samples]
    errors = [e for tally in tallies for e in tally.errors]
    skipped = sum(tally.skipped for tally in tallies)
    views = sum(tally.views for tally in tallies)
    error_count = sum(tally.error_count for tally in tallies)
    print(
        f"{args.tables} tables of {args.players} {args.bots} bots, {args.clients} spectators,"
        f" {args.duration:g} s measured after {args.warmup:g} s of warm-up (tables created over it)"
    )
    if not latencies:
        print("no moves were heard")
        latencies = [float("nan")]  # the figures below still print, as "nan"
    ms = [1000 * x for x in latencies]
    moves = len(set().union(*(tally.moves for tally in tallies)))
    print(
        f"moves: {moves} ({moves / args.duration:.0f}/s); deliveries of a move to a client: "
        f"{len(ms)} ({len(ms) / args.duration:.0f}/s); views received: {views}; "
        f"games finished: {len(set().union(*(tally.finished for tally in tallies)))}"
    )
    print(
        f"move accepted -> arrived at a client: p50 {statistics.median(ms):.1f} ms, "
        f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
        f"max {max(ms):.1f} ms"
    )
    if len(samples) > 100:
        parts = 6 if args.duration >= 120 else 3
        start, span = samples[0][0], (samples[-1][0] - samples[0][0]) / parts
        buckets: list[list[float]] = [[] for _ in range(parts)]
        for arrival, latency in samples:
            buckets[min(parts - 1, int((arrival - start) / span))].append(1000 * latency)
        print("p99 by period:", ", ".join(f"{percentile(b, 0.99):.0f} ms" for b in buckets if b))
    elapsed = args.warmup + args.duration
    client_cpu = sum(tally.cpu for tally in tallies) / elapsed
    print(f"client processes' CPU: {100 * client_cpu:.0f}% of one core")
    if server_cpu is not None:
        print(
            f"server processes' CPU: {100 * server_cpu:.0f}% of one core "
            "(with the proxy's, bot workers apart)"
        )
    print(f"errors: {error_count}; versions skipped (lost moves): {skipped}")
    for error in errors[:10]:
        print("  ", error)
    return 0 if not error_count and not skipped and moves else 1


def in_processes(
    args: argparse.Namespace, target: Callable[..., None], seconds: float, empty: Callable[[], Any]
) -> list[Any]:
    """Each client process's tally: ``target(args, index, processes, queue)`` run in
    ``args.client_processes`` processes, waited for no longer than ``seconds``: a
    process that died or hangs is an ``empty()`` tally with an error, and stopped."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    processes = args.client_processes
    workers = [
        context.Process(target=target, args=(args, i, processes, out)) for i in range(processes)
    ]
    for worker in workers:
        worker.start()
    deadline = time.monotonic() + seconds
    tallies: list[Any] = []
    for _ in workers:
        try:
            tallies.append(out.get(timeout=max(1.0, deadline - time.monotonic())))
        except queue.Empty:
            break
    missing = len(workers) - len(tallies)
    if missing:
        lost = empty()
        for _ in range(missing):
            lost.error("a client process sent no figures (it died or hung); stopped")
        tallies.append(lost)
    for worker in workers:
        worker.join(5)
        if worker.is_alive():
            worker.terminate()
            worker.join(5)
    return tallies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--url", default=None,
        help="a running server, started with --tables-per-client 0 "
        "--max-connections-per-client 0 (default: start one)",
    )  # fmt: skip
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=500)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--bots", default="heuristic", help="the tables' bot spec")
    parser.add_argument(
        "--bot-pause", type=float, default=None, help="each table's bot pause (default: server's)"
    )
    parser.add_argument(
        "--server-bot-pause", type=float, default=1.0, help="the started server's --bot-pause"
    )
    parser.add_argument(
        "--bot-workers", type=int, default=1, help="the started server's --bot-workers"
    )
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument(
        "--warmup", type=float, default=30.0,
        help="seconds over which the tables are created, before measuring (default: %(default)s)",
    )  # fmt: skip
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument(
        "--database", default=None,
        help="the started servers' database URL, e.g. postgresql://user@host/db "
        "(default: a new SQLite file)",
    )  # fmt: skip
    parser.add_argument(
        "--processes", type=int, default=1,
        help="server processes to start, each on a port of its own (PostgreSQL)",
    )  # fmt: skip
    parser.add_argument(
        "--workers", type=int, default=1, help="each started server's --workers (PostgreSQL)"
    )
    parser.add_argument(
        "--proxy", action="store_true",
        help="nginx with deploy/nginx/pysaboteur.conf in front (HTTPS, WSS)",
    )  # fmt: skip
    args = parser.parse_args()
    args.authority = None
    shared = args.processes > 1 or args.workers > 1
    if shared and not (args.database or "").startswith("postgres"):
        parser.error("several server processes need a PostgreSQL --database")
    # Stopped from outside: still stop the servers it started (the ExitStack below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    more_open_files()

    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        pids = start_stack(args, Path(folder), stack) if args.url is None else []
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        began = time.time()
        if args.client_processes == 1:
            tallies = [clients(args, 0, 1)]
        else:
            seconds = args.warmup + args.duration + 2 * GRACE
            tallies = in_processes(args, client_process, seconds, Tally)
        server_cpu = None
        if pids:
            server_cpu = (sum(cpu_seconds(pid) for pid in pids) - cpu_before) / (
                time.time() - began
            )
    return report(tallies, args, server_cpu)


if __name__ == "__main__":
    sys.exit(main())
