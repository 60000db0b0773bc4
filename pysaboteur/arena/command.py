"""``saboteur arena``: play a schedule, save every game, report who is stronger."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..bots import make_bot
from ..rules import Options
from .match import ArenaError, GameOutcome
from .provenance import provenance
from .results import (
    OrderedWriter,
    ResultsStore,
    finished_keys,
    read_results,
    read_settings,
    write_settings,
)
from .schedule import BASE, Unit, build_schedule, default_mode, parse_pairs


class RateColumn(ProgressColumn):
    """Games per second since the start (or seconds per game, for slow bots).

    Rich's own speed looks at a short window, which misleads when games finish
    in bursts (one per worker at a time, or all at once under Ray)."""

    def render(self, task: Task) -> Text:
        elapsed = task.finished_time if task.finished else task.elapsed
        speed = task.completed / elapsed if elapsed else 0.0
        if not speed:
            return Text("- games/s", style="progress.data.speed")
        if speed < 1:
            return Text(f"{1 / speed:.1f} s/game", style="progress.data.speed")
        return Text(f"{speed:.1f} games/s", style="progress.data.speed")


def default_out() -> Path:
    return Path("arena-results") / time.strftime("%Y%m%d-%H%M%S")


def run_arena(args: argparse.Namespace, options: Options, console: Console | None = None) -> int:
    console = console or Console()
    try:
        if getattr(args, "plan", None):
            from .plan import print_plan

            pilot = Path(args.pilot) if args.pilot else None
            return print_plan(args.plan, args.power, args.rate, pilot, console)
        check_report_tools()
        if args.report:
            return report(Path(args.report), console)
        return play(args, options, console)
    except (ArenaError, ValueError) as error:
        print(f"saboteur arena: error: {error}", file=sys.stderr)
        return 2


def check_report_tools() -> None:
    """The report needs the ``arena`` extra; say so before playing, not after."""
    missing = [name for name in ("matplotlib", "openskill") if find_spec(name) is None]
    if missing:
        raise ArenaError(
            f"the arena's report needs {' and '.join(missing)}: pip install 'pysaboteur[arena]'"
        )


def check_bots(bots: Sequence[str]) -> None:
    """Make each bot once, so that a typo fails now rather than in a worker."""
    for spec in bots:
        close = getattr(make_bot(spec, 0), "close", None)
        if callable(close):
            close()  # a subprocess bot's program: started to check it, not to play


def play(args: argparse.Namespace, options: Options, console: Console) -> int:
    bots: list[str] = list(args.bots)
    if not bots:
        raise ArenaError("name the bots to compare (e.g. saboteur arena heuristic random)")
    if os.getcwd() not in sys.path:
        # ``module:Class`` bots from the folder the command runs in, as ``python -m`` would
        sys.path.insert(0, os.getcwd())
    check_bots(bots)
    edition = getattr(args, "edition", BASE)
    mode = args.mode or default_mode(edition)
    pairs = parse_pairs(args.pairs, bots) if args.pairs else None
    deck = getattr(args, "deck", None)
    units = build_schedule(
        bots, args.players, args.games, args.seed, options, mode, pairs, edition, deck
    )
    out = Path(args.out) if args.out else default_out()
    settings: dict[str, Any] = {
        "bots": bots, "players": args.players, "games": args.games, "seed": args.seed,
        "mode": mode, "pairs": [list(pair) for pair in pairs] if pairs else None,
        "options": options.to_dict(),
    }  # fmt: skip
    if edition != BASE:
        # Only named when not the base game, so a base run's arena.json stays as it was.
        settings["edition"] = edition
    if deck is not None:
        settings["deck"] = deck
    previous_settings = _check_same_kind_of_run(out, settings)
    # Each time the command plays into the folder (a resumed run) adds what it ran with.
    settings["runs"] = [*(previous_settings or {}).get("runs", []), provenance(bots)]
    store = ResultsStore(out)  # cuts a half-written last line, so the lines below parse
    previous = read_results(out) if store.path.exists() else []
    done = finished_keys(previous)
    todo = [unit for unit in units if unit.key not in done]
    write_settings(out, settings)
    jobs = args.jobs or os.cpu_count() or 1
    where = f"Ray ({args.ray})" if args.ray else f"{jobs} process{'es' if jobs > 1 else ''}"
    skipped = f", {len(units) - len(todo)} already played" if len(todo) < len(units) else ""
    console.print(f"[bold]saboteur arena[/]: {len(todo)} games{skipped}, {where}, results in {out}")
    writer = OrderedWriter(store, todo)
    finished = _play_all(todo, jobs, args.ray, writer, console)
    if not finished:
        console.print(
            f"[yellow]interrupted[/]: kept the finished games in {out}; "
            "the same command with --out there plays the rest"
        )
    if not previous and not writer.written:
        return 130 if not finished else 0
    code = report(out, console)
    return code if finished else 130


def _check_same_kind_of_run(out: Path, settings: dict[str, Any]) -> dict[str, Any] | None:
    """Refuse to resume into a folder that holds another kind of run; the settings
    it holds, if any."""
    previous = read_settings(out)
    if previous is None:
        return None
    was, now = previous.get("edition", BASE), settings.get("edition", BASE)
    if was != now:
        raise ArenaError(f"{out} holds a run of edition {was}, not {now}: choose another --out")
    for name in ("mode", "options"):
        if previous.get(name) != settings[name]:
            raise ArenaError(
                f"{out} holds a run with {name} {previous.get(name)}, not {settings[name]}: "
                "choose another --out"
            )
    return previous


def _play_all(units: list[Unit], jobs: int, ray: str | None, writer: OrderedWriter,
              console: Console) -> bool:  # fmt: skip
    progress = Progress(
        TextColumn("games"), BarColumn(), MofNCompleteColumn(), RateColumn(),
        TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
        console=console,
    )  # fmt: skip
    task = progress.add_task("games", total=len(units))

    def on_outcome(outcome: GameOutcome) -> None:
        writer.add(outcome)
        progress.advance(task)

    def on_interrupt(in_play: int) -> None:
        if in_play:
            progress.console.print(
                f"stopping: finishing the {in_play} game{'s' if in_play > 1 else ''} "
                "already handed to workers (Ctrl-C again to drop them)"
            )

    try:
        if ray:
            from .ray_runner import run_ray

            return run_ray(units, ray, jobs, on_outcome, on_interrupt, progress.start)
        from .runner import run_local

        return run_local(units, jobs, on_outcome, on_interrupt, progress.start)
    finally:
        progress.stop()
        writer.close()


def report(out: Path, console: Console) -> int:
    """Summarise ``out/results.jsonl``: tables, summary.json, summary.md, plots."""
    from .gold_summary import summarise_gold
    from .plots import write_plots
    from .report import print_report, write_report
    from .summary import summarise

    lines = read_results(out)
    editions = {line.get("edition", BASE) for line in lines}  # base lines name none
    if len(editions) > 1:
        raise ArenaError(f"{out} mixes editions ({', '.join(sorted(editions))}): report apart")
    # The Duel's lines are shaped as Saboteur 2's: each seat scored alone by its gold.
    by_gold = editions in ({"saboteur2"}, {"duel"})
    summary = summarise_gold(lines) if by_gold else summarise(lines)
    plots = write_plots(summary, out)
    write_report(out, summary, plots)
    print_report(summary, console)
    console.print(f"summary.json, summary.md and {', '.join(plots)} written to {out}")
    return 0
