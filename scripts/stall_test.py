"""Stall the web table with half-sent request bodies, and time everybody else.

Starts ``saboteur serve`` on a free port with a new SQLite file, times
``--requests`` ordinary requests (the public facts of a table, the bot list)
one after another, then opens ``--stallers`` connections (from a process of
their own) that each send a request's headers with a ``Content-Length`` and
half the body, then either hang (half of them, until the round ends) or
disconnect and start again (the other half), and times the same ordinary
requests while they do; ``--rounds`` times, quiet and stalled in turn.  The figure is the
latency the stall adds at p99 (< 100 ms passes), and no traceback in the
server's log.

    .venv/bin/python scripts/stall_test.py --stallers 1000
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from audit_common import (
    Progress,
    ServerProcess,
    more_open_files,
    percentile,
    script_parser,
    start_server,
    summary,
)

BODY = b'{"name": "Ann", "players": 5, "options": {}, "spectators": true, "padding": "' + b"x" * 300


@dataclass
class Stall:
    """Counters shared with the stalling process."""

    connected: Any  # stallers holding a half-sent request now
    sent: Any  # half-sent requests in all
    refused: Any  # connections that could not be made
    stop: Any  # set: every staller lets go


def stall_process(port: int, stallers: int, seed: int, stall: Stall) -> None:
    """The stallers, in a process of their own (so that their work does not
    slow the timing client down, only the server)."""
    more_open_files()
    rng = random.Random(seed)

    async def everyone() -> None:
        stop = asyncio.Event()
        tasks = [
            asyncio.create_task(staller(port, index % 2 == 0, stop, stall, rng))
            for index in range(stallers)
        ]
        while not stall.stop.is_set():
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(everyone())


async def timed(http: httpx.AsyncClient, table: str, count: int, gap: float) -> list[float]:
    """``count`` ordinary requests, one after another; each one's seconds."""
    latencies = []
    for number in range(count):
        path = f"/api/tables/{table}" if number % 2 else "/api/bots"
        began = time.perf_counter()
        response = await http.get(path)
        latencies.append(time.perf_counter() - began)
        response.raise_for_status()
        await asyncio.sleep(gap)
    return latencies


async def staller(
    port: int, hang: bool, stop: asyncio.Event, stall: Stall, rng: random.Random
) -> None:
    """Half a request body, then hang until ``stop``, or disconnect and do it again."""
    headers = (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {2 * len(BODY)}\r\n\r\n"
    ).encode()
    while not stop.is_set():
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            with stall.refused.get_lock():
                stall.refused.value += 1
            await asyncio.sleep(0.5)
            continue
        try:
            writer.write(headers + BODY)
            await writer.drain()
            with stall.sent.get_lock():
                stall.sent.value += 1
            with stall.connected.get_lock():
                stall.connected.value += 1
            try:
                if hang:
                    await stop.wait()
                else:
                    await asyncio.wait_for(stop.wait(), rng.uniform(0.2, 2.0))
            except TimeoutError:
                pass
            finally:
                with stall.connected.get_lock():
                    stall.connected.value -= 1
        except OSError:
            pass
        finally:
            writer.close()  # mid-body: the server must shrug


async def stalled_round(
    args: argparse.Namespace, server: ServerProcess, http: httpx.AsyncClient, table: str,
    figures: dict[str, float], progress: Progress, number: int,
) -> list[float]:  # fmt: skip
    """Start the stallers, time the ordinary requests while they hold, let them go."""
    context = multiprocessing.get_context("spawn")
    stall = Stall(context.Value("i", 0), context.Value("i", 0), context.Value("i", 0),
                  context.Event())  # fmt: skip
    seed = args.seed * 100 + number
    process = context.Process(target=stall_process, args=(server.port, args.stallers, seed, stall))
    process.start()
    deadline = time.monotonic() + 60
    while stall.connected.value < args.stallers * 0.95 and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    holding = stall.connected.value
    progress.say(f"round {number}: {holding} stallers holding half-sent bodies; timing")
    latencies = await timed(http, table, args.requests, args.gap)
    figures["fewest stallers holding"] = min(
        figures.get("fewest stallers holding", holding), holding, stall.connected.value
    )
    stall.stop.set()
    await asyncio.to_thread(process.join, 60)
    if process.is_alive():
        process.kill()
    figures["half-sent bodies"] = figures.get("half-sent bodies", 0) + stall.sent.value
    figures["refused connections"] = figures.get("refused connections", 0) + stall.refused.value
    return latencies


async def run(
    args: argparse.Namespace, server: ServerProcess, progress: Progress
) -> dict[str, float]:
    """Rounds of quiet timing and stalled timing in turn: a shared machine's noise
    then falls on both alike."""
    figures: dict[str, float] = {}
    quiet: list[float] = []
    loaded: list[float] = []
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        created = (await http.post("/api/tables", json={"name": "Ann"})).raise_for_status().json()
        table = created["table"]
        await timed(http, table, 50, 0)  # warm up
        for number in range(1, args.rounds + 1):
            progress.say(f"round {number}: timing {args.requests} ordinary requests, no stall")
            quiet += await timed(http, table, args.requests, args.gap)
            loaded += await stalled_round(args, server, http, table, figures, progress, number)
        after = (await http.get(f"/api/tables/{table}")).status_code
        figures["server answers afterwards"] = after == 200
    for name, values in (("quiet", quiet), ("stalled", loaded)):
        ms = [1000 * value for value in values]
        figures[f"{name} p50"] = statistics.median(ms)
        figures[f"{name} p99"] = percentile(ms, 0.99)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument("--stallers", type=int, default=1000, help="(default: 1000)")
    parser.add_argument(
        "--requests", type=int, default=300, help="timed per round, each way (default: 300)"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds of quiet then stalled timing (default: 3)"
    )
    parser.add_argument("--gap", type=float, default=0.01, help="seconds between timed requests")
    parser.add_argument(
        "--limit", type=float, default=100.0, help="ms the p99 may grow (default: 100)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    more_open_files()
    progress = Progress(args.quiet)
    with tempfile.TemporaryDirectory(prefix="stall-") as folder:
        server = start_server(Path(folder))
        progress.say(f"server at {server.url}")
        try:
            figures = asyncio.run(run(args, server, progress))
        finally:
            server.stop()
        tracebacks = server.tracebacks()
        if tracebacks:
            print(server.first_traceback())
    added = figures["stalled p99"] - figures["quiet p99"]
    return summary(
        f"stall test: {args.stallers} half-sent bodies",
        [
            ("rounds (quiet, then stalled)", args.rounds, True),
            ("fewest stallers holding half-sent bodies while timed",
             int(figures["fewest stallers holding"]),
             figures["fewest stallers holding"] >= 0.9 * args.stallers),
            ("connections refused to stallers", int(figures["refused connections"]), True),
            ("half-sent bodies in all (hung or dropped)", int(figures["half-sent bodies"]), True),
            ("ordinary requests without stall: p50 / p99 ms",
             f"{figures['quiet p50']:.1f} / {figures['quiet p99']:.1f}", True),
            ("ordinary requests during the stall: p50 / p99 ms",
             f"{figures['stalled p50']:.1f} / {figures['stalled p99']:.1f}", True),
            (f"p99 added by the stall (limit {args.limit:g} ms)", f"{added:.1f} ms",
             added < args.limit),
            ("server tracebacks", tracebacks, tracebacks == 0),
            ("server answers afterwards", bool(figures["server answers afterwards"]),
             bool(figures["server answers afterwards"])),
        ],
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
