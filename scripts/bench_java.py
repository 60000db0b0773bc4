#!/usr/bin/env python
"""Compare the engine with the COMP424 Saboteur engine (Java, a two-player variant of
the base game), interleaved in one run, in CPU time: moves per second of random play
(before every move the legal moves are listed and one is chosen uniformly).

    scripts/bench_java.py /path/to/SaboteurComp424 --repeat 5

The Java engine is a checkout of github.com/PierreOrhan/SaboteurComp424; this script
compiles it with scripts/java/EngineBench.java (our driver, in its package) into a
temporary folder and runs it with the serial collector (its fastest here), after a
warm-up so that the JIT has compiled it; its CPU time is the whole process's. Ours:
the core alone (its own playouts), the public API by code, and the pure engine, the
base game at 3 players (the fewest it has). Needs a JDK (`javac`, `java`).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pysaboteur.bench import Tally, core_playouts, playouts
from pysaboteur.rules.native_engine import pure_engine
from pysaboteur.rules.options import Options

HERE = Path(__file__).resolve().parent
JAVA_RESULT = re.compile(r"moves (\d+) listed (\d+) cpu_ns (\d+) listing_ns (\d+) process_ns (\d+)")


def compile_java(checkout: Path, into: Path) -> None:
    sources = [
        path
        for path in (checkout / "src").rglob("*.java")
        if path.parts[-2] not in ("student_player", "autoplay")
    ]
    if not sources:
        raise SystemExit(f"{checkout}/src has no Java sources: is it the COMP424 engine?")
    driver = HERE / "java" / "EngineBench.java"
    subprocess.run(
        ["javac", "-nowarn", "-d", str(into), *map(str, sources), str(driver)],
        check=True,
        capture_output=True,
    )


def java_rounds(classes: Path, rounds: int, warmup: int) -> tuple[int, float, float]:
    """Moves, CPU seconds and µs of listing per legal move listed."""
    command = ["java", "-XX:+UseSerialGC", "-cp", str(classes), "Saboteur.EngineBench"]
    output = subprocess.run(
        [*command, str(rounds), str(warmup)], check=True, capture_output=True, text=True
    ).stdout
    match = JAVA_RESULT.search(output)
    if match is None:
        raise SystemExit(f"the Java driver printed no result:\n{output}")
    moves, listed, _thread_ns, listing_ns, process_ns = map(int, match.groups())
    return moves, process_ns / 1e9, listing_ns / 1e3 / listed


def ours(engine: str, games: int) -> Tally:
    options = Options()
    if engine == "core alone":
        return core_playouts(3, games * 3, 0, options, "base")
    if engine == "pure":
        with pure_engine():
            return playouts(3, games, 0, options, clock=time.process_time)
    return playouts(3, games, 0, options, by_code=True, clock=time.process_time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout of the COMP424 Saboteur engine")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved runs (default: 5)")
    parser.add_argument("--java-rounds", type=int, default=2000, help="(default: 2000)")
    parser.add_argument("--games", type=int, default=300, help="our games a run (default: 300)")
    args = parser.parse_args()
    speeds: dict[str, list[float]] = {"java": [], "core alone": [], "by code": [], "pure": []}
    listing: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        classes = Path(folder)
        compile_java(args.checkout, classes)
        runs: dict[str, Callable[[], tuple[int, float]]] = {
            "java": lambda: java_rounds(classes, args.java_rounds, args.java_rounds)[:2],
            "core alone": lambda: _moves_seconds(ours("core alone", args.games)),
            "by code": lambda: _moves_seconds(ours("by code", args.games)),
            "pure": lambda: _moves_seconds(ours("pure", args.games // 5)),
        }
        for repeat in range(args.repeat):
            for name, run in runs.items():
                moves, seconds = run()
                speeds[name].append(moves / seconds)
            listing.append(java_rounds(classes, 200, args.java_rounds)[2])
            print(f"run {repeat + 1}/{args.repeat}: " + ", ".join(
                f"{name} {values[-1]:,.0f}" for name, values in speeds.items()
            ))  # fmt: skip
    java = statistics.median(speeds["java"])
    print("\nmedian moves per second (CPU time), and times the Java engine's:")
    for name, values in speeds.items():
        median = statistics.median(values)
        print(f"  {name:<11} {median:>12,.0f}   {median / java:6.2f}×")  # noqa: RUF001
    print(f"Java: {statistics.median(listing):.2f} µs of listing per legal move listed")


def _moves_seconds(tally: Tally) -> tuple[int, float]:
    return tally.moves, tally.seconds


if __name__ == "__main__":
    main()
