"""``saboteur bench``: random playouts that measure the rules engine.

Every move lists the legal moves first (as any bot or simulation must), picks
one at random and plays it through the checking ``Game.play``.  The headline
figures come from an uninstrumented run; the breakdown comes from a second run
that times each step and is slower for it.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

from .rules import Game, Options
from .rules.editions import find_edition


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
) -> Tally:
    """Play ``games`` random games of ``edition`` (the Duel with ``deck``, a deck
    file, if given) and time the whole run."""
    tally = Tally()
    choose = random.Random(seed).choice
    start = time.perf_counter()
    for number in range(games):
        game = Game.new(players, options, seed + number, edition=edition, deck=deck)
        while not game.is_over:
            game.play(choose(game.legal_moves()))
            tally.moves += 1
        tally.rounds += len(game.rounds)
        tally.games += 1
    tally.seconds = time.perf_counter() - start
    return tally


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
) -> int:
    console = Console()
    title = find_edition(edition).title
    console.print(
        f"[bold]saboteur bench[/]: {games} random games of {title}, {players} players, "
        f"seed {seed}, one core; legal moves listed before every move"
    )
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
