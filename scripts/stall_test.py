"""Attack the web table at the connection layer, and time a new visitor's requests.

The release check of the server's own defences (docs/server.md, "A server that
defends itself").  Starts ``saboteur serve`` on a free port with a new SQLite
file and runs phases: quiet, then each attack alone, then all three together.
The attacks, each from its own few source addresses (127.0.0.2 and on: the
whole of 127/8 is this machine), so that the cap on one address's connections
meets them and not the visitor on 127.0.0.1:

- holders (``--holders``, 1,100): a ``POST``'s headers and half its body, then
  nothing, until the server cuts the body off; then again;
- churners (``--churners``, 1,000): half a body, drop after 0.2-2 s, reconnect;
- slow headers (``--slow``, 1,000): a request's headers a byte a second.

A client refused (the server's 429) or cut off tries again after 0.1-1 s.  The
attacks run in processes of their own at a lower priority (``--attack-nice``):
on one machine their own work would otherwise be counted as the server's.
During each phase, for ``--seconds``, ordinary requests (a table's facts, the
bot list) are timed one after another, each on a NEW connection, as a new
visitor's.  A phase passes when every ordinary request succeeds, their p99 is
under ``--limit`` ms and the attack was really there (the server's open files,
read from /proc, grew by at least half the connections it should hold: all its
clients, or its addresses' share of the cap); the whole when every phase
passes, the server's log has no traceback and it answers afterwards.

    .venv/bin/python scripts/stall_test.py
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from audit_common import Progress, ServerProcess, more_open_files, percentile, script_parser
from audit_common import start_server as start_audit_server

from pysaboteur.server import Settings

BODY = b'{"name": "Ann", "players": 5, "options": {}, "spectators": true, "padding": "' + b"x" * 300
#: Linux's IP_BIND_ADDRESS_NO_PORT: a source address bound without taking a port
#: until the connection is made (else thousands of binds run out of ports).
BIND_ADDRESS_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)
#: Seconds each phase's attackers have to connect before the timing begins.
RAMP = 3.0


@dataclass
class Counts:
    """One attack's counters, shared with its process."""

    opened: Any  # connections the server took
    refused: Any  # connections refused (429)
    cut_off: Any  # connections taken, and closed by the server before the attacker left
    failed: Any  # connections that could not be made at all
    ready: Any  # set: the attack's process has started its clients
    stop: Any  # set: every attacker lets go

    @classmethod
    def new(cls, context: Any) -> Counts:
        opened, refused, cut_off, failed = (context.Value("i", 0) for _ in range(4))
        return cls(opened, refused, cut_off, failed, context.Event(), context.Event())

    def add(self, name: str, amount: int = 1) -> None:
        value = getattr(self, name)
        with value.get_lock():
            value.value += amount


async def connect(source: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to the server from ``source`` (one of 127/8)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_IP, BIND_ADDRESS_NO_PORT, 1)
        sock.setblocking(False)
        sock.bind((source, 0))
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    except BaseException:
        sock.close()
        raise
    return await asyncio.open_connection(sock=sock)


def post_head(port: int) -> bytes:
    return (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {2 * len(BODY)}\r\n\r\n"
    ).encode()


async def first_answer(reader: asyncio.StreamReader, seconds: float | None) -> bytes | None:
    """What the server sends first, b"" if it closes, None if it says nothing in time."""
    try:
        return await asyncio.wait_for(reader.read(4096), seconds)
    except TimeoutError:
        return None
    except OSError:
        return b""


async def hold(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int
) -> bytes | None:
    """Half a body, then wait for the server to give up."""
    writer.write(post_head(port) + BODY)
    return await first_answer(reader, None)


async def churn(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int
) -> bytes | None:
    """Half a body, then drop the connection after a while."""
    writer.write(post_head(port) + BODY)
    return await first_answer(reader, random.uniform(0.2, 2.0))


async def slow_headers(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int
) -> bytes | None:
    """A request's headers, a byte a second, until the server closes."""
    for byte in f"GET /api/bots HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode():
        writer.write(bytes([byte]))
        answer = await first_answer(reader, 1.0)
        if answer is not None:
            return answer
    return await first_answer(reader, None)


Attack = Callable[
    [asyncio.StreamReader, asyncio.StreamWriter, int], Coroutine[Any, Any, bytes | None]
]
#: What one client of each attack does with a connection: the server's first
#: answer, or None when the client left first (a churner does).
ATTACKS: dict[str, Attack] = {"holders": hold, "churners": churn, "slow headers": slow_headers}


async def attacker(
    attack: str, source: str, port: int, counts: Counts, stop: asyncio.Event
) -> None:
    """One attacking client: its attack, again and again, until ``stop``."""
    stopped = asyncio.create_task(stop.wait())
    while not stop.is_set():
        try:
            reader, writer = await connect(source, port)
        except OSError:
            counts.add("failed")
            await asyncio.sleep(random.uniform(0.1, 1.0))
            continue
        try:
            # The server refuses a connection over the cap at once: look first.
            answer = await first_answer(reader, 0.05)
            if answer is None:
                task = asyncio.create_task(ATTACKS[attack](reader, writer, port))
                await asyncio.wait([task, stopped], return_when=asyncio.FIRST_COMPLETED)
                task.cancel()
                answer = task.result() if task.done() and not task.cancelled() else None
        except OSError:
            answer = b""
        finally:
            writer.close()
        if answer is not None and answer.startswith(b"HTTP/1.1 429 "):
            counts.add("refused")
        else:
            counts.add("opened")
            if answer is None:
                continue  # left of its own accord: straight back
            counts.add("cut_off")
        await asyncio.sleep(random.uniform(0.1, 1.0))
    stopped.cancel()


def attack_process(
    attack: str, port: int, clients: int, sources: list[str], seed: int, nice: int, counts: Counts
) -> None:
    """An attack's clients, in a process of their own (so that their work does
    not slow the timing client down, only the server)."""
    more_open_files()
    os.nice(nice)
    random.seed(seed)

    async def everyone() -> None:
        stop = asyncio.Event()
        tasks = [
            asyncio.create_task(attacker(attack, sources[index % len(sources)], port, counts, stop))
            for index in range(clients)
        ]
        counts.ready.set()
        while not counts.stop.is_set():
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.wait(tasks, timeout=10)

    asyncio.run(everyone())


async def visit(port: int, path: str, timeout: float) -> tuple[float, int]:
    """One ordinary request on a new connection: its seconds and its status (0: failed)."""
    began = time.perf_counter()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Connection: close\r\n\r\n".encode())  # fmt: skip
            answer = await asyncio.wait_for(reader.read(), timeout)
        finally:
            writer.close()
        status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0
    except (OSError, TimeoutError, ValueError):
        status = 0
    return time.perf_counter() - began, status


async def timed(port: int, table: str, seconds: float, gap: float) -> tuple[list[float], int]:
    """Ordinary requests one after another for ``seconds``: each one's seconds, and
    how many failed (no 200)."""
    latencies: list[float] = []
    failed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        path = f"/api/tables/{table}" if len(latencies) % 2 else "/api/bots"
        took, status = await visit(port, path, timeout=10)
        latencies.append(took)
        failed += status != 200
        await asyncio.sleep(gap)
    return latencies, failed


def sources_of(args: argparse.Namespace, attack: str) -> list[str]:
    """The attack's own source addresses: 127.0.0.2 and on, ``--addresses`` each."""
    first = 2 + list(ATTACKS).index(attack) * args.addresses
    return [f"127.0.0.{first + index}" for index in range(args.addresses)]


def clients_of(args: argparse.Namespace, attack: str) -> int:
    return int({"holders": args.holders, "churners": args.churners,
                "slow headers": args.slow}[attack])  # fmt: skip


@dataclass
class Phase:
    name: str
    latencies: list[float]
    failed: int
    counts: dict[str, dict[str, int]]  # attack -> counter -> value
    #: The server's open files before the attack, and the most while timed
    #: (None where /proc does not tell).
    files: tuple[int, int] | None
    findings: list[str]

    @property
    def passed(self) -> bool:
        return not self.findings


def open_files(server: ServerProcess) -> int | None:
    """How many files the server's process has open (each connection is one)."""
    assert server.process is not None
    with contextlib.suppress(OSError):
        return len(os.listdir(f"/proc/{server.process.pid}/fd"))
    return None


def expected_holding(args: argparse.Namespace, attack: str) -> int:
    """The connections an attack should hold at once: all its clients, or its
    addresses' share of the cap."""
    clients = clients_of(args, attack)
    cap = args.max_connections_per_client
    return clients if cap == 0 else min(clients, cap * args.addresses)


Running = list[tuple[str, Any, Counts]]  # (attack, its process, its counts)


async def start_attacks(args: argparse.Namespace, port: int, attacks: list[str]) -> Running:
    """The attacks' processes, once their clients run (starting a process takes
    seconds on a busy machine) and have had ``RAMP`` seconds to connect."""
    context = multiprocessing.get_context("spawn")
    running = []
    for number, attack in enumerate(attacks):
        counts = Counts.new(context)
        process = context.Process(target=attack_process, args=(
            attack, port, clients_of(args, attack), sources_of(args, attack),
            args.seed * 10 + number, args.attack_nice, counts))  # fmt: skip
        process.start()
        running.append((attack, process, counts))
    if running:
        deadline = time.monotonic() + 60
        while not all(counts.ready.is_set() for _, _, counts in running):
            dead = [attack for attack, process, _ in running if process.exitcode is not None]
            if dead or time.monotonic() > deadline:
                raise SystemExit(f"the attacks did not start ({', '.join(dead) or 'in 60 s'})")
            await asyncio.sleep(0.05)
        await asyncio.sleep(RAMP)
    return running


async def stop_attacks(running: Running) -> dict[str, dict[str, int]]:
    """Stop the attacks; what each counted."""
    for _, _, counts in running:
        counts.stop.set()
    for _, process, _ in running:
        await asyncio.to_thread(process.join, 30)
        if process.is_alive():
            process.kill()
    names = ("opened", "refused", "cut_off", "failed")
    return {
        attack: {name: getattr(counts, name).value for name in names}
        for attack, _, counts in running
    }


async def phase(
    args: argparse.Namespace, server: ServerProcess, table: str, name: str, attacks: list[str],
    progress: Progress,
) -> Phase:  # fmt: skip
    """Start ``attacks``, time ordinary requests while they go on (and watch
    the server's open files), stop them; the phase's figures and findings."""
    before = open_files(server)
    running = await start_attacks(args, server.port, attacks)
    progress.say(f"{name}: the server has {open_files(server)} files open; timing")
    sampled: list[int] = []

    async def sample() -> None:
        while True:
            sampled.append(open_files(server) or 0)
            await asyncio.sleep(0.2)

    sampler = asyncio.create_task(sample())
    latencies, failed = await timed(server.port, table, args.seconds, args.gap)
    sampler.cancel()
    counts = await stop_attacks(running)
    files = None if before is None else (before, max(sampled))
    findings = []
    if failed:
        findings.append(f"{failed} of {len(latencies)} ordinary requests failed")
    p99 = 1000 * percentile(latencies, 0.99)
    if not p99 < args.limit:
        findings.append(f"ordinary requests' p99 {p99:.1f} ms is not under {args.limit:g} ms")
    expected = sum(expected_holding(args, attack) for attack in attacks)
    if files is not None and files[1] - files[0] < expected / 2:
        findings.append(f"the server held only {files[1] - files[0]} more files at most, "
                        f"not {expected}: the attack was not really there")  # fmt: skip
    done = Phase(name, latencies, failed, counts, files, findings)
    report(done)
    for finding in findings:
        print(f"finding: {name}: {finding}", flush=True)
    return done


def report(done: Phase) -> None:
    """A phase's figures, printed as soon as it ends."""
    ms = [1000 * value for value in done.latencies]
    print(f"== phase: {done.name} ==")
    print(f"ordinary requests on new connections: {len(ms)}, failed {done.failed}")
    print(f"ordinary requests p50 / p99 / max ms: {statistics.median(ms):.1f} / "
          f"{percentile(ms, 0.99):.1f} / {max(ms):.1f}")  # fmt: skip
    if done.files is not None:
        print(f"server's open files: {done.files[0]} before, at most {done.files[1]} while timed")
    for attack, counted in done.counts.items():
        print(f"{attack}: connections opened {counted['opened']}, refused {counted['refused']}, "
              f"cut off by the server {counted['cut_off']}, "
              f"could not connect {counted['failed']}")  # fmt: skip
    print(f"phase result: {'PASS' if done.passed else 'FAIL'}", flush=True)


async def run(args: argparse.Namespace, server: ServerProcess, progress: Progress) -> list[Phase]:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    body = b'{"name": "Ann"}'
    writer.write(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                 b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                 % (len(body), body))  # fmt: skip
    created = await reader.read()
    writer.close()
    table = created.rsplit(b'"table":"', 1)[1].split(b'"', 1)[0].decode()
    await timed(server.port, table, 1.0, 0)  # warm up
    plan = [("quiet", []), *((attack, [attack]) for attack in ATTACKS),
            ("all together", list(ATTACKS))]  # fmt: skip
    phases = []
    for name, attacks in plan:
        progress.say(f"{name}: {', '.join(attacks) or 'no attack'}")
        phases.append(await phase(args, server, table, name, attacks, progress))
    return phases


def main(argv: list[str] | None = None) -> int:
    defaults = Settings()
    parser = script_parser(__doc__)
    parser.add_argument("--holders", type=int, default=1100, help="(default: 1100)")
    parser.add_argument("--churners", type=int, default=1000, help="(default: 1000)")
    parser.add_argument(
        "--slow", type=int, default=1000, help="slow-header clients (default: 1000)"
    )
    parser.add_argument(
        "--addresses", type=int, default=4, help="source addresses of each attack (default: 4)"
    )
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="timed in each phase (default: 20)"
    )
    parser.add_argument("--gap", type=float, default=0.01, help="seconds between timed requests")
    parser.add_argument(
        "--limit", type=float, default=200.0, help="ms the p99 must stay under (default: 200)"
    )
    parser.add_argument(
        "--attack-nice", type=int, default=10, help="the attackers' niceness (default: 10)"
    )
    parser.add_argument("--seed", type=int, default=1)
    server_options = parser.add_argument_group("the server's limits (default: its own)")
    server_options.add_argument("--body-timeout", type=float, default=defaults.body_timeout)
    server_options.add_argument("--header-timeout", type=float, default=defaults.header_timeout)
    server_options.add_argument(
        "--max-connections-per-client", type=int, default=defaults.max_connections_per_client
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    more_open_files()
    progress = Progress(args.quiet)
    limits = ["--body-timeout", str(args.body_timeout), "--header-timeout",
              str(args.header_timeout), "--max-connections-per-client",
              str(args.max_connections_per_client)]  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="stall-") as folder:
        server = start_audit_server(Path(folder), extra=limits)
        progress.say(f"server at {server.url}")
        try:
            phases = asyncio.run(run(args, server, progress))
            _, status = asyncio.run(visit(server.port, "/api/bots", 10))
        finally:
            server.stop()
        tracebacks = server.tracebacks()
        if tracebacks:
            print(server.first_traceback())
    return summary(args, phases, tracebacks, status == 200)


def summary(args: argparse.Namespace, phases: list[Phase], tracebacks: int, answers: bool) -> int:
    from audit_common import summary as print_summary

    figures: list[tuple[str, Any, bool]] = []
    for done in phases:
        ms = [1000 * value for value in done.latencies]
        figures.append((f"{done.name}: ordinary requests failed / p50 / p99 ms",
                        f"{done.failed} / {statistics.median(ms):.1f} / "
                        f"{percentile(ms, 0.99):.1f}", done.passed))  # fmt: skip
    figures += [
        ("server tracebacks", tracebacks, tracebacks == 0),
        ("server answers afterwards", answers, answers),
    ]
    title = (f"stall test: {args.holders} holders, {args.churners} churners, "
             f"{args.slow} slow headers, {args.addresses} addresses each")  # fmt: skip
    return print_summary(title, figures)


if __name__ == "__main__":
    sys.exit(main())
