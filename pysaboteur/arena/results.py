"""Where a run's games go: records under ``DIR/records/``, one JSON line per round
in ``DIR/results.jsonl``, and the run's settings in ``DIR/arena.json``.

Games finish in any order when several run at once; they are written in
schedule order (a finished game waits for those before it), so the files of a
run do not depend on how many jobs played it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..rules import dumps_record
from .match import ArenaError, GameOutcome
from .schedule import TEAMS, Unit, unit_key

RESULTS = "results.jsonl"
SETTINGS = "arena.json"
RECORDS = "records"

Line = dict[str, Any]


def record_name(unit: Unit) -> str:
    """``p5-seed12-heuristic-vs-random.json`` (teams) or ``p5-seed12-seats-b-c-a.json``
    (seats: the bots of the first seats, which fix every seat's bot)."""
    cell = unit.cell
    if cell.mode == TEAMS:
        who = f"{cell.miners}-vs-{cell.saboteurs}"
    else:
        who = "seats-" + "-".join(cell.bots[: len(set(cell.bots))])
    return f"p{unit.players}-seed{unit.seed}-{re.sub(r'[^A-Za-z0-9.=_-]+', '_', who)}.json"


class ResultsStore:
    """Appends finished games to a run's folder."""

    def __init__(self, out: Path) -> None:
        self.out = out
        (out / RECORDS).mkdir(parents=True, exist_ok=True)
        self.path = out / RESULTS
        _drop_unfinished_game(self.path)

    def write(self, outcome: GameOutcome) -> None:
        relative = f"{RECORDS}/{record_name(outcome.unit)}"
        (self.out / relative).write_text(dumps_record(outcome.record))
        text = "".join(
            json.dumps({**line, "record": relative}, sort_keys=False) + "\n"
            for line in outcome.rounds
        )
        with self.path.open("a") as results:
            results.write(text)  # one write per game: a game's lines stay together


class OrderedWriter:
    """Writes outcomes in schedule order, holding back those that finish early."""

    def __init__(self, store: ResultsStore, units: Iterable[Unit]) -> None:
        self.store = store
        self._order = [unit.index for unit in units]
        self._next = 0
        self._waiting: dict[int, GameOutcome] = {}
        self.written = 0  # games written: tells the caller whether there is anything to report

    def add(self, outcome: GameOutcome) -> None:
        self._waiting[outcome.unit.index] = outcome
        while self._next < len(self._order) and self._order[self._next] in self._waiting:
            self._write(self._waiting.pop(self._order[self._next]))
            self._next += 1

    def close(self) -> None:
        """Write what finished out of order (after an interruption)."""
        for index in sorted(self._waiting):
            self._write(self._waiting.pop(index))

    def _write(self, outcome: GameOutcome) -> None:
        self.store.write(outcome)
        self.written += 1


def _drop_unfinished_game(path: Path) -> None:
    """Cut what a run killed mid-write left of its last game, so appending stays valid.

    A game's lines end with the one that carries its ``"game"`` result; anything
    after the last such line (half a line, or the first rounds of a game whose
    write was cut) is dropped, and that game is played again.
    """
    if not path.exists():
        return
    text = path.read_text()
    keep = 0
    start = 0
    for line in text.splitlines(keepends=True):
        start += len(line)
        if line.endswith("\n") and "game" in _parsed(line):
            keep = start
    if keep != len(text):
        path.write_text(text[:keep])


def _parsed(line: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def read_results(out: Path) -> list[Line]:
    """Every round line of a run, in the order of the file."""
    path = out / RESULTS
    if not path.exists():
        raise ArenaError(f"{path} does not exist: no results to report")
    lines = []
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        if not text.strip():
            continue
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError as error:
            raise ArenaError(f"{path}, line {number}: not JSON ({error})") from None
    return lines


def line_order(line: Line) -> tuple[int, int, str, int]:
    """A canonical order of round lines (player count, seed, cell, round), whatever
    order a file holds them in (files joined by hand, resumed runs)."""
    return (line["players"], line["game_seed"], json.dumps(line["cell"]), line["round"])


def finished_keys(lines: Iterable[Line]) -> set[str]:
    """The games whose results are all written (their last round carries the game result)."""
    return {
        unit_key(line["players"], line["game_seed"], line["cell"])
        for line in lines
        if "game" in line
    }


def write_settings(out: Path, settings: dict[str, Any]) -> None:
    (out / SETTINGS).write_text(json.dumps(settings, indent=1) + "\n")


def read_settings(out: Path) -> dict[str, Any] | None:
    path = out / SETTINGS
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    return data if isinstance(data, dict) else None
