"""Load the web table with accounts: turn-based tables people come back to, live
tables people play, every move's time from sent to acknowledged.

Starts ``saboteur serve`` (as ``load_web.py`` does: a fresh SQLite file, or
``--database URL``), makes ``--accounts`` accounts (each signed in, a browser of
its own with its session cookie), and seats them at ``--turn-based`` tables of
``--players`` people with a clock of ``--turn-clock`` seconds per move (a day:
turn-based) and at ``--live`` tables of ``--live-people`` people and random bots
with a clock of ``--live-clock`` (a minute: live).

Once every table plays, ``--duration`` seconds are measured:

- at a turn-based table, the person to move comes back now and then (every
  ``--come-back`` seconds on average for each table, at random): opens My games
  (``GET /api/account/games``), the table's view (``GET …/view``) and moves
  (``POST …/moves``); the move's time is from sending the ``POST`` to its answer;
- at a live table, each person keeps the table's WebSocket open and, when it is
  their turn, thinks ``--think`` seconds (give or take half) and sends the move
  on the socket; its time is from sending it to the first view of a version past
  it.  A finished live game is followed by a new table of the same people.

It prints p50/p99/max of each kind of move and of the pages, errors, answers of
500 or more and lost moves (a move acknowledged that the server's table no longer
counts, and, at a turn-based table where nobody else moves, every version the
table reached is one acknowledged).

    .venv/bin/python scripts/load_turn_based.py --turn-based 1000 --live 200 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from audit_common import more_open_files, percentile
from load_web import GRACE, cpu_seconds, in_processes, start_stack

T = TypeVar("T")

#: Every account's password (the load does not test passwords: audit_accounts.py does).
PASSWORD = "load-test-password"
#: The kinds of timing kept, in the order printed.
KINDS = ("turn-based move", "live move", "my games", "view")


@dataclass
class Tally:
    """What one client process saw."""

    #: kind -> seconds each request of that kind took, inside the measured window.
    times: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: list[str] = field(default_factory=list)  # the first few, as examples
    error_count: int = 0
    server_errors: int = 0  # answers of 500 or more
    lost: int = 0  # moves acknowledged that the table does not count
    tables: int = 0  # tables set up by this process
    cpu: float = 0.0  # this client process's CPU seconds, while playing
    server_cpu: float | None = None  # the servers' share of a core in the window
    threads: dict[str, float] = field(default_factory=dict)  # the same by kind of thread

    def error(self, text: str) -> None:
        self.error_count += 1
        if len(self.errors) < 20:
            self.errors.append(text)


class Person:
    """An account, signed in from a browser of its own (its own cookies and connections)."""

    def __init__(self, url: str, name: str) -> None:
        # Idle connections are let go before the server's keep-alive (5 s) ends them,
        # so that no request is sent on a connection the server is closing.
        limits = httpx.Limits(keepalive_expiry=3.0)
        self.http = httpx.AsyncClient(base_url=url, timeout=60, limits=limits)
        self.name = name

    async def sign_up(self, tally: Tally) -> None:
        await checked(
            self.http.post("/api/accounts", json={"name": self.name, "password": PASSWORD}), tally
        )

    async def close(self) -> None:
        await self.http.aclose()


class ServerError(Exception):
    """An answer of 500 or more."""


async def checked(request: Awaitable[httpx.Response], tally: Tally) -> Any:
    """The JSON of a request's answer; an answer of 500 or more is counted as such."""
    response = await request
    if response.status_code >= 500:
        tally.server_errors += 1
        raise ServerError(f"{response.status_code} {response.text[:200]}")
    response.raise_for_status()
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Seated:
    """A table and its people, seat by seat, with their seat tokens."""

    table: str
    people: list[Person]
    tokens: list[str]

    async def start(self, tally: Tally) -> None:
        host, token = self.people[0], self.tokens[0]
        await checked(
            host.http.post(f"/api/tables/{self.table}/start", headers=bearer(token)), tally
        )


async def seat_people(people: list[Person], body: dict[str, Any], tally: Tally) -> Seated:
    """A new table of ``body`` hosted by the first person, the others joined (not
    started)."""
    host = people[0]
    made = await checked(host.http.post("/api/tables", json={"name": host.name, **body}), tally)
    table, tokens = made["table"], [made["token"]]
    for person in people[1:]:
        joined = await checked(
            person.http.post(f"/api/tables/{table}/join", json={"name": person.name}), tally
        )
        tokens.append(joined["token"])
    return Seated(table, people, tokens)


class Window:
    """The measured seconds (monotonic): a time is kept when its request was sent
    inside them."""

    def __init__(self, start: float, duration: float) -> None:
        self.start = start
        self.end = start + duration

    def keep(self, tally: Tally, kind: str, sent: float) -> None:
        if self.start <= sent < self.end:
            tally.times[kind].append(time.monotonic() - sent)

    def open(self) -> bool:
        return time.monotonic() < self.end


async def timed(window: Window, tally: Tally, kind: str, request: Awaitable[httpx.Response]) -> Any:
    """:func:`checked`, its time kept as ``kind`` (httpx sends nothing until awaited)."""
    sent = time.monotonic()
    result = await checked(request, tally)
    window.keep(tally, kind, sent)
    return result


async def turn_based_table(
    seated: Seated, args: argparse.Namespace, window: Window, tally: Tally
) -> None:
    """One turn-based table: its person to move comes back now and then and moves."""
    table, people, tokens = seated.table, seated.people, seated.tokens
    acknowledged = 0
    while True:
        pause = random.expovariate(1 / args.come_back)
        await asyncio.sleep(min(pause, max(0.0, window.end - time.monotonic())))
        if not window.open():
            break
        try:
            turn = await turn_of(seated, window, tally)
            if turn is None:
                break  # the game is over
            seat, legal, version = turn
            move = random.choice(legal)["text"]
            answer = await timed(
                window, tally, "turn-based move",
                people[seat].http.post(
                    f"/api/tables/{table}/moves",
                    json={"move": move, "expect": version}, headers=bearer(tokens[seat]),
                ),
            )  # fmt: skip
            if answer["version"] != version + 1:
                tally.error(f"{table}: moved at {version}, answered version {answer['version']}")
            acknowledged = answer["version"]
        except Exception as error:  # one failure is a figure, not the end
            tally.error(f"{table}: {type(error).__name__}: {error}")
    await check_stored(seated, acknowledged, tally, exact=True)


async def turn_of(
    seated: Seated, window: Window, tally: Tally
) -> tuple[int, list[dict[str, Any]], int] | None:
    """The person to move opens My games, finds the table there, opens its view:
    their seat, legal moves and the version they move at (None: the game is over)."""
    table = seated.table
    facts = await checked(seated.people[0].http.get(f"/api/tables/{table}"), tally)
    if facts["status"] != "playing":
        return None
    for seat, (person, token) in enumerate(zip(seated.people, seated.tokens, strict=True)):
        games = await timed(window, tally, "my games", person.http.get("/api/account/games"))
        if not any(game["table"] == table and game["my_turn"] for game in games["games"]):
            continue  # not this person's turn here
        view = await timed(
            window, tally, "view",
            person.http.get(f"/api/tables/{table}/view", headers=bearer(token)),
        )  # fmt: skip
        if not view["legal"]:
            tally.error(f"{table}: My games says it is seat {seat}'s turn, the view has no move")
            return None
        return seat, view["legal"], int(view["version"])
    tally.error(f"{table}: nobody's turn in My games")
    return None


async def check_stored(seated: Seated, acknowledged: int, tally: Tally, exact: bool) -> None:
    """Every move acknowledged is counted by the table (and, where nobody else moves,
    ``exact``, no move is counted that was not acknowledged)."""
    table = seated.table
    try:
        version = (await checked(seated.people[0].http.get(f"/api/tables/{table}"), tally))[
            "version"
        ]
    except Exception as error:
        tally.error(f"{table}: checking the stored version: {type(error).__name__}: {error}")
        return
    if version < acknowledged:
        tally.lost += acknowledged - version
    elif exact and version != acknowledged:
        tally.error(f"{table}: version {version}, {acknowledged} acknowledged")


def live_body(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "players": args.live_players, "clock": args.live_clock, "bots": "random",
        "bot_pause": args.bot_pause,
    }  # fmt: skip


async def live_table(
    seated: Seated, args: argparse.Namespace, window: Window, tally: Tally
) -> None:
    """A live table, then another of the same people when its game ends, until the
    window closes."""
    while True:
        try:
            await seated.start(tally)
            done = await asyncio.gather(
                *(live_seat(seated.table, token, args, window, tally) for token in seated.tokens)
            )
            await check_stored(seated, max(done), tally, exact=False)
            if not window.open():
                return
            seated = await seat_people(seated.people, live_body(args), tally)
            tally.tables += 1
        except Exception as error:
            tally.error(f"a live table: {type(error).__name__}: {error}")
            return


async def live_seat(
    table: str, token: str, args: argparse.Namespace, window: Window, tally: Tally
) -> int:
    """A person at a live table: the socket open, a move on each turn after some
    thought; the last version acknowledged to them."""
    acknowledged = 0
    ws_url = str(args.url).replace("http", "ws", 1)
    while window.open():
        try:
            async with connect(f"{ws_url}/ws/tables/{table}", open_timeout=30) as websocket:
                await websocket.send(json.dumps({"type": "hello", "token": token}))
                sent: tuple[int, float] | None = None  # (version moved at, when)
                while True:
                    async with asyncio.timeout(max(0.0, window.end - time.monotonic())):
                        message = orjson.loads(await websocket.recv())
                    if message["type"] == "error":
                        tally.error(f"{table}: {message['error']}")
                        sent = None
                        continue
                    if message["type"] != "view":
                        continue
                    version = message["version"]
                    if sent is not None and version > sent[0]:
                        window.keep(tally, "live move", sent[1])
                        acknowledged, sent = max(acknowledged, sent[0] + 1), None
                    if message["table"]["status"] == "over":
                        return acknowledged
                    if message["legal"] and sent is None:
                        await asyncio.sleep(args.think * random.uniform(0.5, 1.5))
                        if not window.open():
                            return acknowledged
                        move = random.choice(message["legal"])["text"]
                        sent = (version, time.monotonic())
                        await websocket.send(
                            json.dumps({"type": "move", "move": move, "expect": version})
                        )
        except TimeoutError:
            break
        except (ConnectionClosed, OSError) as error:
            tally.error(f"{table}: connection lost: {error!r}")
            await asyncio.sleep(0.5)
        except Exception as error:
            tally.error(f"{table}: {type(error).__name__}: {error}")
            await asyncio.sleep(0.5)
    return acknowledged


async def run_clients(args: argparse.Namespace, index: int, processes: int) -> Tally:
    """This process's share: its accounts, its tables, its people coming and going.

    Everything is set up first (accounts, then tables, a few at a time); the live
    tables start together, and measuring begins ``--warmup`` seconds later."""
    tally = Tally()
    share = len(range(index, args.accounts, processes))
    people = [Person(args.url, f"Load{index}n{n}") for n in range(share)]
    try:
        async with asyncio.timeout(args.setup_limit):
            turn_tables, live_tables = await set_up(people, args, index, processes, tally)
        tally.tables = len(turn_tables) + len(live_tables)
        window = Window(time.monotonic() + args.warmup, args.duration)
        cpu = time.process_time()
        try:
            async with asyncio.timeout(args.warmup + args.duration + GRACE):
                await asyncio.gather(
                    servers_cpu(args.server_pids if index == 0 else [], window, tally),
                    *(turn_based_table(table, args, window, tally) for table in turn_tables),
                    *(live_table(table, args, window, tally) for table in live_tables),
                )
        except TimeoutError:
            tally.error(f"people still playing {GRACE:g} s after the end were stopped")
        tally.cpu = time.process_time() - cpu
    finally:
        await asyncio.gather(*(person.close() for person in people))
    return tally


async def set_up(
    people: list[Person], args: argparse.Namespace, index: int, processes: int, tally: Tally
) -> tuple[list[Seated], list[Seated]]:
    """This process's accounts signed up, its turn-based tables started and its live
    tables seated (started when the play begins), a few requests at a time."""
    began = time.monotonic()
    await limited(8, [person.sign_up(tally) for person in people])  # hashing takes a while
    said(index, f"{len(people)} accounts made in {time.monotonic() - began:.0f} s")

    def seated(first: int, count: int) -> list[Person]:
        return [people[(first + k) % len(people)] for k in range(count)]

    turn_based = [
        seat_people(seated(n * args.players, args.players), turn_based_body(args), tally)
        for n in range(len(range(index, args.turn_based, processes)))
    ]
    live = [
        seat_people(seated(n * args.live_people, args.live_people), live_body(args), tally)
        for n in range(len(range(index, args.live, processes)))
    ]
    turn_tables = await limited(16, turn_based)
    await limited(16, [table.start(tally) for table in turn_tables])
    said(index, f"{len(turn_tables)} turn-based tables started by {time.monotonic() - began:.0f} s")
    live_tables = await limited(16, live)
    said(index, f"{len(live_tables)} live tables seated by {time.monotonic() - began:.0f} s")
    return turn_tables, live_tables


def said(index: int, text: str) -> None:
    """A line of progress, from the first client process."""
    if index == 0:
        print(text, flush=True)


def threads_cpu(pid: int) -> dict[str, float]:
    """CPU seconds of a process's main thread (the event loop) and of its other
    threads (the store's writer, reads off the loop, password hashing) (Linux);
    threads that ended are not counted."""
    seconds = {"event loop": 0.0, "other threads": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        kind = "event loop" if task.name == str(pid) else "other threads"
        seconds[kind] += (int(fields[11]) + int(fields[12])) / tick
    return seconds


async def servers_cpu(pids: list[int], window: Window, tally: Tally) -> None:
    """The server processes' CPU in the measured window, as a share of one core, and
    the first one's by kind of thread."""
    if not pids:
        return
    await asyncio.sleep(window.start - time.monotonic())
    before, threads = sum(cpu_seconds(pid) for pid in pids), threads_cpu(pids[0])
    await asyncio.sleep(window.end - time.monotonic())
    span = window.end - window.start
    tally.server_cpu = (sum(cpu_seconds(pid) for pid in pids) - before) / span
    tally.threads = {
        kind: (used - threads.get(kind, 0.0)) / span for kind, used in threads_cpu(pids[0]).items()
    }


def turn_based_body(args: argparse.Namespace) -> dict[str, Any]:
    return {"players": args.players, "clock": args.turn_clock, "away_after": None}


async def limited(at_once: int, work: Sequence[Awaitable[T]]) -> list[T]:
    """The results of ``work``, at most ``at_once`` of it under way at a time."""
    gate = asyncio.Semaphore(at_once)

    async def one(job: Awaitable[T]) -> T:
        async with gate:
            return await job

    return await asyncio.gather(*(one(job) for job in work))


def clients(args: argparse.Namespace, index: int, processes: int) -> Tally:
    """This process's people, on uvloop when it is there; a failure (a table that
    could not be set up) is a tally that says so.  Cycles are never collected, as
    in load_web.py: a collection's pause would be counted as the server's."""
    gc.disable()
    try:
        try:
            import uvloop
        except ImportError:
            return asyncio.run(run_clients(args, index, processes))
        tally: Tally = uvloop.run(run_clients(args, index, processes))
        return tally
    except Exception as error:
        tally = Tally()
        tally.error(f"client process {index} failed: {type(error).__name__}: {error}")
        return tally


def client_process(args: argparse.Namespace, index: int, processes: int, out: Any) -> None:
    out.put(clients(args, index, processes))


def report(tallies: list[Tally], args: argparse.Namespace) -> int:
    print(
        f"{args.accounts} accounts; {args.turn_based} turn-based tables of {args.players} people "
        f"(clock {args.turn_clock:g} s, each table's person to move back every "
        f"{args.come_back:g} s on average); {args.live} live tables of {args.live_people} "
        f"people and {args.live_players - args.live_people} random bots (clock "
        f"{args.live_clock:g} s, thinking {args.think:g} s); {args.duration:g} s measured "
        f"after {args.warmup:g} s"
    )
    print(f"tables set up: {sum(t.tables for t in tallies)}")
    ok = True
    for kind in KINDS:
        ms = sorted(1000 * x for tally in tallies for x in tally.times[kind])
        if not ms:
            print(f"{kind}: none")
            ok = ok and kind not in ("turn-based move", "live move")
            continue
        print(
            f"{kind}: {len(ms)} ({len(ms) / args.duration:.1f}/s), p50 "
            f"{statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
            f"max {ms[-1]:.1f} ms"
        )
    playing = args.warmup + args.duration
    print(f"client processes' CPU: {100 * sum(t.cpu for t in tallies) / playing:.0f}% of one core")
    for server_cpu in (t.server_cpu for t in tallies if t.server_cpu is not None):
        print(f"server processes' CPU, measured: {100 * server_cpu:.0f}% of one core (bots apart)")
    for threads in (t.threads for t in tallies if t.threads):
        shares = sorted(threads.items(), key=lambda item: -item[1])
        print("the server's threads:", ", ".join(f"{k} {100 * v:.0f}%" for k, v in shares if v))
    errors = sum(t.error_count for t in tallies)
    server_errors = sum(t.server_errors for t in tallies)
    lost = sum(t.lost for t in tallies)
    print(f"errors: {errors}; answers of 500 or more: {server_errors}; moves lost: {lost}")
    for error in [e for t in tallies for e in t.errors][:10]:
        print("  ", error)
    return 0 if ok and not errors and not server_errors and not lost else 1


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--url", default=None,
        help="a running server, started with --bots random --tables-per-client 0 "
        "--max-connections-per-client 0 (default: start one)",
    )  # fmt: skip
    parser.add_argument("--accounts", type=int, default=300)
    parser.add_argument("--turn-based", type=int, default=1000, help="turn-based tables")
    parser.add_argument("--players", type=int, default=3, help="people at a turn-based table")
    parser.add_argument("--turn-clock", type=float, default=86400.0, help="their clock (s)")
    parser.add_argument(
        "--come-back", type=float, default=100.0,
        help="mean seconds between a turn-based table's moves (default: %(default)s)",
    )  # fmt: skip
    parser.add_argument("--live", type=int, default=200, help="live tables")
    parser.add_argument("--live-players", type=int, default=4, help="seats at a live table")
    parser.add_argument("--live-people", type=int, default=2, help="people among them")
    parser.add_argument("--live-clock", type=float, default=60.0, help="their clock (s)")
    parser.add_argument("--think", type=float, default=2.0, help="a live person's mean thought")
    parser.add_argument(
        "--bot-pause", type=float, default=1.0, help="the live tables' bot pause (s)"
    )
    parser.add_argument("--duration", type=float, default=60.0, help="seconds measured")
    parser.add_argument(
        "--warmup", type=float, default=15.0, help="seconds played before measuring"
    )
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument(
        "--setup-limit", type=float, default=900.0,
        help="seconds the accounts and tables may take to set up (default: %(default)s)",
    )  # fmt: skip
    parser.add_argument(
        "--database", default=None,
        help="the server's database URL, e.g. postgresql://user@host/db (default: a new "
        "SQLite file)",
    )  # fmt: skip
    parser.add_argument("--bot-workers", type=int, default=1, help="the server's --bot-workers")
    args = parser.parse_args()
    if args.players < 2 or args.live_people < 1 or args.live_people > args.live_players:
        parser.error("a turn-based table needs 2 people or more, a live one 1 to its seats")
    if args.accounts < max(args.players, args.live_people):
        parser.error("fewer accounts than the people of a table")
    # What load_web.py's start_stack reads: one server process, no proxy, random bots.
    args.processes, args.workers, args.proxy, args.clients = 1, 1, False, 0
    args.bots, args.server_bot_pause = "random", args.bot_pause
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    more_open_files()
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        args.server_pids = start_stack(args, Path(folder), stack) if args.url is None else []
        if args.client_processes == 1:
            tallies = [clients(args, 0, 1)]
        else:
            seconds = args.setup_limit + args.warmup + args.duration + 2 * GRACE
            tallies = in_processes(args, client_process, seconds, Tally)
    return report(tallies, args)


if __name__ == "__main__":
    sys.exit(main())
