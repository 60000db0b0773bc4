#!/usr/bin/env python3
"""What the heuristic bot's decisions cost with the maze questions answered by the
core (core/maze_query.cpp, core/routes_saboteur2.cpp, the Duel's core/duel_query.cpp)
and in Python (bots/maze_view.py, bots/maze_saboteur2.py, bots/duel_prospects.py, as
under ``PYSABOTEUR_PURE=1``).

    nice .venv/bin/python scripts/bench_heuristic.py --players 5 --games 20
    nice .venv/bin/python scripts/bench_heuristic.py --edition saboteur2 --games 4
    nice .venv/bin/python scripts/bench_heuristic.py --edition duel --games 20
    .venv/bin/python scripts/bench_heuristic.py --instructions --games 2

Every arena game of ``heuristic`` against itself is played twice, once each way and
in turn (the order alternating from game to game), and the arena's own clock times
each decision in CPU time; the two ways choose the same moves
(tests/test_maze_query.py, tests/test_duel_query.py), so they time the same
decisions (the Duel's are two players': ``--players`` is 2 there unless given).
``--instructions`` counts instead, under valgrind's callgrind, the instructions
inside ``HeuristicBot.choose`` per decision, one run each way
(scripts/count-instructions ``--inside`` does the counting).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import statistics
import subprocess
import sys
import tempfile
from importlib.machinery import SourceFileLoader
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysaboteur.arena.match import play_unit  # noqa: E402
from pysaboteur.arena.schedule import SEATS, build_schedule  # noqa: E402
from pysaboteur.rules import Options  # noqa: E402

WAYS = ("core", "python")
CHOOSE = "pysaboteur.bots.heuristic:HeuristicBot.choose"


def count_instructions() -> Any:
    """scripts/count-instructions as a module: its callgrind switch serves here too."""
    loader = SourceFileLoader("count_instructions", str(ROOT / "scripts/count-instructions"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def units(players: int, games: int, edition: str) -> list[Any]:
    return build_schedule(["heuristic"], [players], games, 1, Options(), SEATS, edition=edition)


def set_way(way: str) -> None:
    """The core answers unless PYSABOTEUR_PURE is set (read at every question)."""
    if way == "python":
        os.environ["PYSABOTEUR_PURE"] = "1"
    else:
        os.environ.pop("PYSABOTEUR_PURE", None)


def decision_times(players: int, games: int, edition: str) -> dict[str, list[float]]:
    """Each way's CPU seconds of every decision, the games interleaved."""
    times: dict[str, list[float]] = {way: [] for way in WAYS}
    for number, unit in enumerate(units(players, games, edition)):
        for way in WAYS if number % 2 == 0 else WAYS[::-1]:
            set_way(way)
            for line in play_unit(unit).rounds:
                for timing in line["decision_time"].values():
                    times[way] += timing["per_decision"]["cpu"]
    set_way("core")
    return times


def inner(tally: str, toggles: str, players: int, games: int, edition: str) -> None:
    """Under callgrind: play the games, counting only inside the bot's choose()."""
    calls = count_instructions().wrap_with_toggles(CHOOSE, toggles)
    for unit in units(players, games, edition):
        play_unit(unit)
    Path(tally).write_text(str(calls[0]))


def instructions(way: str, players: int, games: int, edition: str) -> tuple[int, int]:
    """(instructions inside choose(), its calls) of one run under callgrind."""
    toggle_source = count_instructions().TOGGLE_SOURCE
    with tempfile.TemporaryDirectory() as folder:
        source, library = Path(folder) / "toggle.c", Path(folder) / "toggle.so"
        source.write_text(toggle_source)
        subprocess.run(
            ["cc", "-O2", "-shared", "-fPIC", str(source), "-o", str(library)], check=True
        )
        out, tally = Path(folder) / "callgrind.out", Path(folder) / "tally"
        set_way(way)
        command = [
            "valgrind", "--tool=callgrind", "--collect-atstart=no", f"--callgrind-out-file={out}",
            sys.executable, __file__, "--inner", str(tally), "--toggles", str(library),
            "--players", str(players), "--games", str(games), "--edition", edition,
        ]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True)
        set_way("core")
        totals = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
        assert totals is not None, "callgrind wrote no totals"
        return int(totals[1]), int(tally.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, help="5 (the Duel: 2)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--edition", choices=("base", "saboteur2", "duel"), default="base")
    parser.add_argument("--instructions", action="store_true", help="count them (callgrind)")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    parser.add_argument("--toggles", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.players is None:
        args.players = 2 if args.edition == "duel" else 5
    if args.inner:
        inner(args.inner, args.toggles, args.players, args.games, args.edition)
        return 0
    where = f"{args.players} players, {args.games} games, {args.edition}"
    if args.instructions:
        counted = {way: instructions(way, args.players, args.games, args.edition) for way in WAYS}
        for way, (total, calls) in counted.items():
            per = total / calls
            print(f"{way:>6}: {per:,.0f} instructions per decision ({calls:,} decisions, {where})")
        core, python = (total / calls for total, calls in counted.values())
        print(f"python / core: {python / core:.2f}")
        return 0
    times = decision_times(args.players, args.games, args.edition)
    for way, seconds in times.items():
        print(
            f"{way:>6}: mean {1e3 * statistics.fmean(seconds):.3f} ms, median "
            f"{1e3 * statistics.median(seconds):.3f} ms CPU per decision "
            f"({len(seconds):,} decisions, {where})"
        )
    core, python = (statistics.fmean(seconds) for seconds in times.values())
    print(f"python / core (means): {python / core:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
