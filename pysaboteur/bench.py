"""``saboteur bench``: random playouts that measure the rules engine.

Every move lists the legal moves first (as any bot or simulation must), picks
one at random and plays it through the checking ``Game.play``.  The headline
figures come from an uninstrumented run, the native core and the pure engine
side by side (interleaved, CPU time, the same games on both); the breakdown
comes from a second run that times each step and is slower for it.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from .rules import Game, Options
from .rules.editions import find_edition
from .rules.native_engine import LegalMoves, pure_engine

if TYPE_CHECKING:
    from .bench_editions import Side


@dataclass
class Tally:
    games: int = 0
    rounds: int = 0
    moves: int = 0
    seconds: float = 0.0
    steps: dict[str, float] = field(default_factory=dict)


def playouts(
    players: int,
    games: int,
    seed: int,
    options: Options,
    edition: str = "base",
    deck: str | None = None,
    *,
    by_code: bool = False,
    clock: Callable[[], float] = time.perf_counter,
) -> Tally:
    """Play ``games`` random games of ``edition`` (the Duel with ``deck``, a deck
    file, if given) and time the whole run (``by_code``: play each move by its code,
    where the core lists them)."""
    tally = Tally()
    # A uniform choice by one call of the generator (random.choice costs two Python
    # calls more, as much as the core's move): the chooser is not what is measured.
    uniform = random.Random(seed).random
    start = clock()
    for number in range(games):
        game = Game.new(players, options, seed + number, edition=edition, deck=deck)
        while not game.is_over:
            moves = game.legal_moves()
            if by_code and isinstance(moves, LegalMoves):
                codes = moves.codes
                game.play(codes[int(uniform() * len(codes))])
            else:
                game.play(moves[int(uniform() * len(moves))])
            tally.moves += 1
        tally.rounds += len(game.rounds)
        tally.games += 1
    tally.seconds = clock() - start
    return tally


def core_playouts(
    players: int, games: int, seed: int, options: Options, edition: str, deck: str | None = None
) -> Tally:
    """Rounds played by the core alone (its own loop and random choice, round 1 of
    each game), CPU time: what the core costs without Python around it."""
    tally = Tally()
    for number in range(games):
        game = Game.new(players, options, seed + number, edition=edition, deck=deck)
        core = game._core_round()
        if core is None:
            return tally
        started = time.process_time()
        tally.moves += core.playout(seed + number)
        tally.seconds += time.process_time() - started
        tally.rounds += 1
    return tally


#: The engines ``saboteur bench`` compares: how it makes games for each, and how it plays.
ENGINES: dict[str, tuple[Callable[[], AbstractContextManager[None]], bool]] = {
    "pure": (pure_engine, False),
    "native": (nullcontext, False),
    "native, by code": (nullcontext, True),
}


def compare_engines(
    players: int,
    games: int,
    seed: int,
    options: Options,
    edition: str,
    repeats: int = 3,
    deck: str | None = None,
) -> dict[str, Tally]:
    """The same games on every engine, interleaved ``repeats`` times, in CPU time."""
    totals = {name: Tally() for name in ENGINES}
    for _ in range(repeats):
        for name, (engine, by_code) in ENGINES.items():
            with engine():
                run = playouts(
                    players, games, seed, options, edition, deck,
                    by_code=by_code, clock=time.process_time,
                )  # fmt: skip
            total = totals[name]
            total.moves += run.moves
            total.rounds += run.rounds
            total.games += run.games
            total.seconds += run.seconds
    return totals


def timed_playouts(
    players: int,
    games: int,
    seed: int,
    options: Options,
    edition: str = "base",
    deck: str | None = None,
) -> Tally:
    """The same playouts with each step timed: where the time goes."""
    clock = time.perf_counter
    steps = {"deal and set-up": 0.0, "list legal moves": 0.0, "choose": 0.0,
             "check the move": 0.0, "apply the move": 0.0}  # fmt: skip
    # Dealing rounds 2 and 3 happens inside the move that ends the round before.
    tally = Tally(steps=steps)
    choose = random.Random(seed).choice
    for number in range(games):
        started = clock()
        game = Game.new(players, options, seed + number, edition=edition, deck=deck)
        steps["deal and set-up"] += clock() - started
        while not game.is_over:
            t0 = clock()
            moves = game.legal_moves()
            t1 = clock()
            move = choose(moves)
            t2 = clock()
            reason = game.why_illegal(move)
            t3 = clock()
            game._apply(move)  # what play() does once the check has passed
            t4 = clock()
            assert reason is None
            steps["list legal moves"] += t1 - t0
            steps["choose"] += t2 - t1
            steps["check the move"] += t3 - t2
            steps["apply the move"] += t4 - t3
            tally.moves += 1
        tally.rounds += len(game.rounds)
        tally.games += 1
    tally.seconds = sum(steps.values())
    return tally


def print_profile(
    console: Console, players: int, games: int, seed: int, options: Options, edition: str = "base"
) -> None:
    """The functions that take the most time, from the standard library's profiler."""
    profile = cProfile.Profile()
    profile.runcall(playouts, players, games, seed, options, edition)
    report = io.StringIO()
    pstats.Stats(profile, stream=report).sort_stats("tottime").print_stats(12)
    console.print("[bold]profile[/] (slower than the real run; own time per function):")
    print(report.getvalue().split("\n\n", 1)[-1].strip())


def run_bench(
    players: int,
    games: int,
    seed: int,
    options: Options,
    breakdown: bool = True,
    profile: bool = False,
    edition: str = "base",
    deck: str | None = None,
    beside: Side | None = None,
) -> int:
    """``saboteur bench``: the engines side by side, the headline figures, where the
    time goes; with ``beside``, this edition's moves a second against another's."""
    console = Console()
    title = find_edition(edition).title
    console.print(
        f"[bold]saboteur bench[/]: {games} random games of {title}, {players} players, "
        f"seed {seed}, one core; legal moves listed before every move"
    )
    if plays_natively(players, options, edition, deck):
        _print_comparison(console, players, games, seed, options, edition, deck)
    else:
        console.print("the native core is not in use (not built, PYSABOTEUR_PURE, or this edition)")
    if beside is not None:
        # Imported here: it plays this module's playouts.
        from .bench_editions import Side, print_editions

        print_editions(console, Side(edition, players, deck), beside, games, seed, options)
    tally = playouts(players, games, seed, options, edition, deck)
    summary = Table(show_header=False, box=None)
    summary.add_row("moves per second", f"[bold]{tally.moves / tally.seconds:,.0f}[/]")
    summary.add_row("rounds per second", f"{tally.rounds / tally.seconds:,.1f}")
    summary.add_row("games per second", f"{tally.games / tally.seconds:,.1f}")
    summary.add_row("moves per round", f"{tally.moves / tally.rounds:,.1f}")
    summary.add_row("time", f"{tally.seconds:.2f} s for {tally.moves:,} moves")
    console.print(summary)
    if breakdown:
        timed = timed_playouts(players, games, seed, options, edition, deck)
        table = Table(title="where the time goes (separate, instrumented run)")
        table.add_column("step")
        table.add_column("share", justify="right")
        table.add_column("µs per move", justify="right")
        for step, seconds in timed.steps.items():
            table.add_row(
                step, f"{100 * seconds / timed.seconds:.1f}%", f"{1e6 * seconds / timed.moves:.2f}"
            )
        console.print(table)
    if profile:
        print_profile(console, players, games, seed, options, edition)
    return 0


def plays_natively(players: int, options: Options, edition: str, deck: str | None) -> bool:
    """Whether a game of the edition (the Duel with ``deck``) plays through the core:
    the core lists its moves."""
    game = Game.new(players, options, 0, edition=edition, deck=deck)
    return isinstance(game.legal_moves(), LegalMoves)


def _print_comparison(
    console: Console,
    players: int,
    games: int,
    seed: int,
    options: Options,
    edition: str,
    deck: str | None,
) -> None:
    totals = compare_engines(players, games, seed, options, edition, deck=deck)
    pure = totals["pure"]
    table = Table(title="engines side by side (interleaved, 3 runs each, CPU time)")
    table.add_column("engine")
    table.add_column("moves", justify="right")
    table.add_column("moves per second", justify="right")
    table.add_column("µs per move", justify="right")
    table.add_column("times pure", justify="right")
    core = core_playouts(players, games, seed, options, edition, deck)
    rows = [*totals.items(), ("core alone (its own playouts)", core)]
    for name, tally in rows:
        rate = tally.moves / tally.seconds if tally.seconds else 0.0
        table.add_row(
            name,
            f"{tally.moves:,}",
            f"{rate:,.0f}",
            f"{1e6 / rate:.2f}" if rate else "-",
            f"{rate / (pure.moves / pure.seconds):.1f}" if rate and pure.seconds else "-",
        )
    console.print(table)
    if totals["native"].moves != pure.moves:
        console.print("[bold red]the engines played different games: a bug[/]")
