"""Audit the web table for hidden information: play whole games over the real
WebSocket protocol and check every message every seat and spectator received.

Starts ``saboteur serve`` on a free port with a new SQLite file (or uses
``--database URL``), then plays ``--games`` whole games, base game at 3-10
players and Saboteur 2 at 2-12 (``--editions`` and ``--players`` choose
fewer): some seats are clients of this script that pick legal moves from their
own views (at random, leaning to the cards that make secrets: maps,
inspections, swaps, thefts) and send one move in four over HTTP, the others
are the server's bots; a spectator watches from the start, a second one joins
mid-game, and one seat drops its socket and comes back.  Where the server
offers table talk, the clients talk too.

After each game the truth is read from the server's database (the seed and
every move) and the game replayed with the engine; then every message is
checked against the game at its version (scripts/leak_checks.py): no other
seat's hand, no role or dwarf card the viewer may not know, no face-down goal
it did not map, no deck order, no laid-aside or reserve card before the end,
no other seat's gold, inspections or swaps, no seed, no seat token; and each
view's observation must be exactly the engine's observation for that viewer.

Nothing fails silently: a leak, a socket the server closed, a refusal, an HTTP
error, a watcher that failed or a game not over within ``--game-timeout`` is
printed at once (``FOUND …``) and makes the exit code 1.

    .venv/bin/python scripts/audit_leaks.py --games 19 --jobs 2
    .venv/bin/python scripts/audit_leaks.py --editions saboteur2 --players 9 --games 20
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audit_common import (
    Findings,
    Progress,
    ServerProcess,
    add_database_options,
    load_stored,
    new_game,
    parse_arguments,
    script_parser,
    start_server,
    summary,
    version_of,
)
from audit_http import AuditHttp, HttpFailed, answered
from audit_open_tables import OpenTableAnswers, check_answers, look_at_the_lobby, play_again
from leak_checks import Json, Secrets, find_leaks, said_key, secrets_met
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pysaboteur.rules import EDITIONS, GOAL_CELLS, find_edition

#: Seconds a whole game may take before the audit reports it (alone, a game
#: takes 5-30 s on a busy machine).
GAME_TIMEOUT = 300.0
#: The moves clients play first when they can: those that make a secret for one seat.
EAGER = ("map", "inspection", "swap-hand", "swap-hats", "theft", "trapped")
#: The share of a client's moves sent over HTTP (the rest go on its socket).
HTTP_MOVES = 0.25
#: Leaks printed for one game: past them, a systematic leak is only counted.
SHOWN_LEAKS = 50


# -- what is played -----------------------------------------------------------------


@dataclass
class GameSpec:
    number: int
    edition: str
    players: int
    people: int  # seats played by this script's clients (the rest: the server's bots)
    bots: str


#: Every edition and player count the audit plays, in the order a short run meets
#: them: both editions in turn (so that two games have both), then the rest.
EVERY_COUNT: tuple[tuple[str, int], ...] = tuple(
    pair
    for pairs in itertools.zip_longest(
        [("base", n) for n in range(3, 11)], [("saboteur2", n) for n in range(2, 13)]
    )
    for pair in pairs
    if pair is not None
)


def game_plan(
    games: int, first_seed: int, counts: Sequence[tuple[str, int]] = EVERY_COUNT
) -> list[GameSpec]:
    """``games`` games over ``counts`` (edition, players): each once in order, then
    chosen at random; some seats bots, always at least one client seat."""
    rng = random.Random(first_seed)
    plan = []
    for number in range(games):
        edition, players = counts[number] if number < len(counts) else rng.choice(counts)
        bots_seats = number % 3 if players > 2 else 0
        people = max(1, players - bots_seats)
        bots = "heuristic" if edition == "base" and number // 2 % 2 else "random"
        plan.append(GameSpec(number, edition, players, people, bots))
    return plan


def chosen_counts(editions: str, players: str) -> list[tuple[str, int]]:
    """The (edition, players) pairs of ``--editions`` and ``--players`` (``all``, or
    comma-separated names and counts, ``3-5`` for a range)."""
    wanted_editions = set(EDITIONS) if editions == "all" else set(editions.split(","))
    unknown = wanted_editions - set(EDITIONS)
    if unknown:
        raise SystemExit(f"no edition {sorted(unknown)}: choose among {sorted(EDITIONS)}")
    wanted_players: set[int] | None = None
    if players != "all":
        wanted_players = set()
        for part in players.split(","):
            low, _, high = part.partition("-")
            wanted_players.update(range(int(low), int(high or low) + 1))
    counts = [
        (edition, count)
        for edition, count in EVERY_COUNT
        if edition in wanted_editions and (wanted_players is None or count in wanted_players)
    ]
    if not counts:
        raise SystemExit("no edition is played at those player counts")
    return counts


# -- the players: clients of the real server ---------------------------------------


@dataclass
class Watcher:
    """One socket's owner: a seat (its token) or a spectator, and all it received."""

    who: str  # "seat 3", "the spectator", "the late spectator"
    seat: int | None
    token: str | None
    rng: random.Random
    #: Every message its sockets received, in order.
    received: list[Json] = field(default_factory=list)
    #: The views the server answered over HTTP (to its moves, and at the end).
    answers: list[Json] = field(default_factory=list)
    answered: set[int] = field(default_factory=set)
    version: int = 0  # of the latest view received
    http_moves: int = 0
    over: bool = False
    said: list[str] = field(default_factory=list)  # said_key of each line sent
    talked_at: float = 0.0
    players: int = 0
    roles: tuple[str, ...] = ()


@dataclass
class Room:
    """What the clients of one game share: the server, its HTTP client, the table."""

    server: ServerProcess
    http: AuditHttp
    table: str
    talk: bool


@dataclass
class Played:
    spec: GameSpec
    table: str = ""
    tokens: set[str] = field(default_factory=set)
    over: bool = False
    messages: int = 0
    leaks: int = 0
    moves: int = 0
    http_moves: int = 0
    talk_lines: int = 0
    seconds: float = 0.0
    #: How many checked views held each kind of secret of someone (so that a clean
    #: run is known to have met them).
    met: Counter[str] = field(default_factory=Counter)
    #: What the lobby and the next game's requests answered (audit_open_tables.py).
    open_tables: OpenTableAnswers = field(default_factory=OpenTableAnswers)

    @property
    def where(self) -> str:
        spec = self.spec
        return (
            f"game {spec.number + 1} ({spec.edition}, {spec.players} players, table {self.table})"
        )


class SocketClosed(Exception):
    """A socket closed before its game was over."""


class Refused(Exception):
    """The server refused what a client sent, which it should not have."""


class NotOver(Exception):
    """A game not over within the time allowed."""


def choose(watcher: Watcher, legal: list[Json]) -> str:
    """A legal move, leaning towards those that make secrets."""
    eager = [move for move in legal if move["kind"] in EAGER]
    if eager and watcher.rng.random() < 0.6:
        return str(watcher.rng.choice(eager)["text"])
    return str(watcher.rng.choice(legal)["text"])


class Talk:
    """Whether the server offers table talk (``say`` and ``claim`` messages)."""

    offered: bool | None = None  # unknown until a first line was tried


#: Refusals a talking client may get without anything being wrong.
TALK_REFUSALS = ("talk_too_fast", "talk_full", "talk_closed")


def talk_content(watcher: Watcher, version: int) -> dict[str, Any]:
    """Something to say or claim: true or false, as people do (claims are talk)."""
    rng = watcher.rng
    if watcher.seat is None or rng.random() < 0.5:
        return {"type": "say", "text": f"at move {version} I think the left one is stone"}
    others = [seat for seat in range(watcher.players) if seat != watcher.seat]
    kind = rng.choice(["goal", "role", "accuse", "trust"])
    if kind == "goal":
        x, y = rng.choice(GOAL_CELLS)
        return {
            "type": "claim",
            "claim": "goal",
            "x": x,
            "y": y,
            "card": rng.choice(["gold", "stone"]),
        }
    if kind == "role":
        return {"type": "claim", "claim": "role", "role": rng.choice(watcher.roles)}
    return {"type": "claim", "claim": kind, "target": rng.choice(others)}


async def maybe_talk(socket: ClientConnection, watcher: Watcher, version: int) -> None:
    """Now and then (no faster than the server's limit), say or claim something."""
    if Talk.offered is False or time.monotonic() - watcher.talked_at < 2.5:
        return
    if watcher.rng.random() > 0.3:
        return
    watcher.talked_at = time.monotonic()
    message = talk_content(watcher, version)
    content = {key: value for key, value in message.items() if key != "type"}
    if message["type"] == "say":
        content = {"text": message["text"]}
    watcher.said.append(said_key(watcher.seat, content))
    await socket.send(json.dumps(message))


def refusal(watcher: Watcher, message: Json) -> None:
    """An ``error`` on the socket: :class:`Refused` unless talk may get it."""
    code, text = message["error"]["code"], message["error"]["message"]
    if code in TALK_REFUSALS:
        return
    if code == "bad_request" and ("'say'" in text or "'claim'" in text):
        Talk.offered = False  # an older server: no table talk
        return
    raise Refused(f"{watcher.who} was refused at version {watcher.version}: {code}: {text}")


async def watch(room: Room, watcher: Watcher, stop_after: int | None = None) -> None:
    """Read ``watcher``'s socket until the game is over (or ``stop_after`` views),
    playing its seat's moves from its own views; :class:`SocketClosed` if the
    socket closes first."""
    url = f"{room.server.ws_url}/ws/tables/{room.table}"
    async with connect(url, open_timeout=30) as socket:
        hello: dict[str, Any] = {"type": "hello"}
        if watcher.token is not None:
            hello["token"] = watcher.token
        try:
            await socket.send(json.dumps(hello))
            views = 0
            while True:
                message = json.loads(await socket.recv())
                watcher.received.append(message)
                if message.get("type") == "error":
                    refusal(watcher, message)
                if message.get("type") != "view":
                    continue
                views += 1
                watcher.version = message["version"]
                if message["table"]["status"] == "over":
                    watcher.over = True
                    return
                if stop_after is not None and views >= stop_after:
                    return  # leaving the block closes the socket: the client's doing
                if room.talk and watcher.seat is None:
                    await maybe_talk(socket, watcher, message["version"])
                await _act(room, socket, watcher, message)
        except ConnectionClosed as closed:
            raise SocketClosed(
                f"{watcher.who}'s socket closed at version {watcher.version}, "
                f"before the game's end: {closed}"
            ) from None


async def _act(room: Room, socket: ClientConnection, watcher: Watcher, view: Json) -> None:
    version = view["version"]
    if not view["legal"] or version in watcher.answered:
        return
    watcher.answered.add(version)
    if room.talk:
        await maybe_talk(socket, watcher, version)
    move = choose(watcher, view["legal"])
    if watcher.token is not None and watcher.rng.random() < HTTP_MOVES:
        watcher.answers.append(await room.http.move(room.table, watcher.token, move, version))
        watcher.http_moves += 1
        return
    await socket.send(json.dumps({"type": "move", "move": move, "expect": version}))


async def play_game(
    spec: GameSpec,
    server: ServerProcess,
    http: AuditHttp,
    args: argparse.Namespace,
    findings: Findings,
) -> Played:
    """Play one game; report at once whatever went wrong, then check what every
    socket received (in a thread of its own: the checks take seconds, and the
    other game's sockets must be read meanwhile)."""
    played = Played(spec)
    began = time.monotonic()
    watchers: list[Watcher] = []
    try:
        await _play(played, server, http, args, watchers, findings)
    except NotOver as error:
        findings.report("game not over", f"{played.where}: {error}")
    except HttpFailed as error:
        findings.report("HTTP error", f"{played.where}: {error}")
    except Exception as error:  # the audit's own failure: reported, and the run goes on
        findings.report("audit failed", f"{played.where}: {error!r}")
    played.seconds = time.monotonic() - began
    if played.table:
        leaks = await asyncio.to_thread(check_game, played, server, watchers)
        for line in leaks[:SHOWN_LEAKS]:
            findings.report("leak", line)
        if len(leaks) > SHOWN_LEAKS:
            findings.report("leak", f"{played.where}: {len(leaks) - SHOWN_LEAKS} more leaks")
        played.leaks += len(leaks)
    return played


async def _play(
    played: Played,
    server: ServerProcess,
    http: AuditHttp,
    args: argparse.Namespace,
    watchers: list[Watcher],
    findings: Findings,
) -> None:
    spec = played.spec
    rng = random.Random(args.seed * 1000 + spec.number)
    body = {"name": "Ann", "edition": spec.edition, "players": spec.players, "bots": spec.bots,
            "spectators": True, "bot_pause": 0, "listed": True}  # fmt: skip
    created = answered(await http.post_once("/api/tables", body))
    table = played.table = created["table"]
    tokens = {0: created["token"]}
    for _ in range(1, spec.people):
        joined = answered(
            await http.post_once(f"/api/tables/{table}/join", {"name": f"P{len(tokens)}"})
        )
        tokens[joined["seat"]] = joined["token"]
    played.tokens = set(tokens.values())
    seats = [
        Watcher(f"seat {seat}", seat, token, random.Random(rng.random()))
        for seat, token in tokens.items()
    ]
    spectator = Watcher("the spectator", None, None, random.Random(rng.random()))
    late = Watcher("the late spectator", None, None, random.Random(rng.random()))
    roles = tuple(find_edition(spec.edition).role_codes)
    watchers += [*seats, spectator, late]
    for watcher in watchers:
        watcher.players, watcher.roles = spec.players, roles
    room = Room(server, http, table, not args.no_talk)
    # One seat's socket goes away after a few views and comes back: its new hello
    # gets the table as it is now.
    dropper = seats[-1]

    async def life(watcher: Watcher) -> None:
        if watcher is dropper:
            await watch(room, watcher, stop_after=15)
            if watcher.over:
                return
        elif watcher is late:
            await asyncio.sleep(0.5)
        await watch(room, watcher)

    tasks = [asyncio.create_task(life(w)) for w in (*seats, spectator)]
    lobby = asyncio.create_task(look_at_the_lobby(http, played.open_tables))
    try:
        await asyncio.sleep(0.2)  # every socket has said hello before the start
        await http.start(table, tokens[0])
        tasks.append(asyncio.create_task(life(late)))
        done, pending = await asyncio.wait(
            tasks, timeout=args.game_timeout, return_when=asyncio.FIRST_EXCEPTION
        )
    finally:
        for task in (*tasks, lobby):
            task.cancel()
        await asyncio.gather(*tasks, lobby, return_exceptions=True)
    failed = [error for task in done if (error := task.exception()) is not None]
    for error in failed:
        findings.report(*_finding(error, played))
    if failed:
        return
    if pending:
        waiting = [w.who for w in watchers if not w.over]
        raise NotOver(
            f"not over within {args.game_timeout:g} s: at version {spectator.version}, "
            f"{', '.join(waiting)} still waiting"
        )
    played.over = True
    # The HTTP view of each seat and of a spectator, once over, is checked too.
    for watcher in (*seats, spectator):
        headers = {"Authorization": f"Bearer {watcher.token}"} if watcher.token else None
        watcher.answers.append(answered(await http.get(f"/api/tables/{table}/view", headers)))
    await play_again(http, table, tokens, played.open_tables)
    record = answered(await http.get(f"/api/tables/{table}/record"))
    if "seed" in record:
        findings.report("leak", f"{played.where}: the downloaded record holds the seed")
        played.leaks += 1


def _finding(error: BaseException, played: Played) -> tuple[str, str]:
    """The kind and text of a watcher's failure."""
    kinds: dict[type[BaseException], str] = {
        SocketClosed: "socket closed",
        Refused: "refusal",
        HttpFailed: "HTTP error",
    }
    kind = kinds.get(type(error), "watcher failed")
    text = str(error) if type(error) in kinds else repr(error)
    return kind, f"{played.where}: {text}"


# -- the check: every message against the stored game ------------------------------


def check_game(played: Played, server: ServerProcess, watchers: list[Watcher]) -> list[str]:
    """Every message of every watcher, checked against the stored game at its
    version: one line per leak (game, viewer, version, message, field, value)."""
    stored = load_stored(server.database_url, played.table)
    if stored is None or stored.seed is None:
        return [f"{played.where}: not in the database, nothing could be checked"]
    played.moves = len(stored.moves)
    secrets = Secrets(stored.seed, played.tokens)
    said = frozenset(line for watcher in watchers for line in watcher.said)
    found: list[str] = []
    for watcher in watchers:
        played.http_moves += watcher.http_moves
        # Socket messages and HTTP answers each come in version order, not mixed.
        for source, inbox in (("socket message", watcher.received), ("HTTP view", watcher.answers)):
            game = new_game(stored)
            for number, message in enumerate(inbox, 1):
                played.messages += 1
                kind = message.get("type", "view") if isinstance(message, dict) else None
                if kind == "talk":
                    played.talk_lines += 1
                version = message.get("version") if isinstance(message, dict) else None
                if isinstance(version, int):
                    while version_of(game) < min(version, len(stored.moves)):
                        game.play(stored.moves[version_of(game)])
                if kind == "view" and message.get("observation") is not None:
                    played.met.update(secrets_met(game, watcher.seat))
                for leak in find_leaks(message, game, watcher.seat, secrets, said):
                    found.append(
                        f"{played.where} {watcher.who}, version {version_of(game)}, "
                        f"{source} {number} ({kind!r}): {leak}"
                    )
    game = new_game(stored)
    for text in stored.moves:
        game.play(text)
    found += [f"{played.where} {line}" for line in check_answers(played.open_tables, game, secrets)]
    played.messages += len(played.open_tables.lobby) + len(played.open_tables.rematch)
    return found


async def run(
    args: argparse.Namespace, server: ServerProcess, progress: Progress, findings: Findings
) -> tuple[list[Played], int]:
    """The games played, and how many HTTP requests were sent again."""
    plan = game_plan(args.games, args.seed, chosen_counts(args.editions, args.players))
    results: list[Played] = []
    limit = asyncio.Semaphore(args.jobs)
    async with AuditHttp(server.url) as http:

        async def one(spec: GameSpec) -> None:
            async with limit:
                progress.say(
                    f"game {spec.number + 1}/{len(plan)}: {spec.edition}, {spec.players} players"
                    f" ({spec.people} clients, {spec.bots} bots)"
                )
                played = await play_game(spec, server, http, args, findings)
                results.append(played)
                progress.say(
                    f"game {spec.number + 1} done in {played.seconds:.0f} s: {played.moves} moves, "
                    f"{played.messages} messages checked, leaks {played.leaks}"
                )

        await asyncio.gather(*(one(spec) for spec in plan))
        return results, http.resent


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument(
        "--games", type=int, default=len(EVERY_COUNT), help="whole games (default: 19)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="games played at once (default: 2)")
    parser.add_argument("--seed", type=int, default=1, help="the clients' choices (default: 1)")
    parser.add_argument(
        "--editions", default="all", help="all (default), base, saboteur2, or both by a comma"
    )
    parser.add_argument(
        "--players", default="all", help="the player counts: all (default), or e.g. 9 or 2-4,9"
    )
    parser.add_argument(
        "--game-timeout",
        type=float,
        default=GAME_TIMEOUT,
        help=f"seconds a game may take before it is reported (default: {GAME_TIMEOUT:g})",
    )
    add_database_options(
        parser,
        "server processes on one port (PostgreSQL): the sockets of one game then "
        "land on different processes, each hearing the others' changes (default: 1)",
    )
    parser.add_argument("--no-talk", action="store_true", help="do not try table talk")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parse_arguments(parser, argv)
    progress = Progress(args.quiet)
    findings = Findings()
    with tempfile.TemporaryDirectory(prefix="audit-leaks-") as folder:
        extra = ["--bots", "random,heuristic", "--workers", str(args.workers)]
        server = start_server(Path(folder), args.database, extra)
        progress.say(f"server at {server.url}, log {server.log_path}")
        try:
            results, resent = asyncio.run(run(args, server, progress, findings))
        finally:
            server.stop()
        tracebacks = server.tracebacks()
        if tracebacks:
            findings.report("server traceback", server.first_traceback())
    return report(args, results, resent, findings, tracebacks)


def report(
    args: argparse.Namespace,
    results: list[Played],
    resent: int,
    findings: Findings,
    tracebacks: int,
) -> int:
    """The summary of the run, and its exit code."""
    base = sorted({p.spec.players for p in results if p.spec.edition == "base"})
    second = sorted({p.spec.players for p in results if p.spec.edition != "base"})
    talk = sum(p.talk_lines for p in results)
    met: Counter[str] = sum((p.met for p in results), Counter())
    print("views checked while the game held each kind of secret:")
    for kind, count in sorted(met.items()):
        print(f"   {kind}: {count}")
    over = sum(p.over for p in results)
    others = findings.count() - findings.count("leak", "server traceback")
    return summary(
        "leak audit",
        [
            ("whole games", over, over == args.games),
            ("base game player counts", base or "-", True),
            ("Saboteur 2 player counts", second or "-", True),
            ("moves played", sum(p.moves for p in results), True),
            ("moves sent over HTTP", sum(p.http_moves for p in results), True),
            ("messages checked", sum(p.messages for p in results), True),
            ("talk lines checked", talk if Talk.offered is not False else "talk not offered", True),
            ("lobby answers checked", sum(len(p.open_tables.lobby) for p in results), True),
            (
                "next games proposed and answered",
                sum(bool(p.open_tables.rematch) for p in results),
                True,
            ),
            ("HTTP requests sent again after a dropped connection", resent, True),
            ("sockets closed, refusals, HTTP errors, games not over", others, not others),
            ("server tracebacks", tracebacks, tracebacks == 0),
            ("leaks", sum(p.leaks for p in results), not findings.count("leak")),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())
