"""Time the replay's answers (``pysaboteur/server/replay.py``): finished games
walked backwards and forwards, position by position.

Plays ``--games`` games of each edition with ``--players`` random bots (seeds
1, 2, …), then asks a new replay of each for every position in turn, from the
last back to the deal and from the deal on to the end, as the replay page's
buttons do; each walk on a replay not asked before, so no answer was kept.
What is timed is the server's own work for an answer (the position rebuilt and
said as JSON), without HTTP, in milliseconds of CPU time (the work done, which
other processes of a shared machine disturb less than they do the clock): the
mean, p50, p99 and max of each walk, and of the first answer, which plays the
game through once.  Last, the most memory a game's replay holds after a walk
backwards (its copies of the game and its kept answers, measured with
tracemalloc outside the timed walks).

    .venv/bin/python scripts/bench_replay.py --games 3 --players 10
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Iterable
from typing import Any

from audit_common import percentile, script_parser, summary

from pysaboteur.bots import make_bot
from pysaboteur.rules import Game, Options, seat_observation
from pysaboteur.rules.editions import find_edition
from pysaboteur.server.replay import Replay

EDITIONS = ("base", "saboteur2")


class NoTalk:
    def at_position(self, move: int) -> list[dict[str, Any]]:
        return []


class FinishedTable:
    """What a replay reads of a finished table: its deal and its moves."""

    def __init__(self, players: int, seed: int, edition: str) -> None:
        self.players, self.seed, self.edition = players, seed, edition
        self.bot_moves: set[int] = set()
        self.talk = NoTalk()
        game, bots = self.new_game(), [make_bot("random", seed + seat) for seat in range(players)]
        self.moves: list[str] = []
        while not game.is_over:
            seen = seat_observation(game, game.to_move)
            move = bots[game.to_move].choose(seen, game.legal_moves())
            game.play(move)
            self.moves.append(str(move))

    def new_game(self) -> Game:
        return Game.new(self.players, Options(), self.seed, edition=self.edition)


def walk(replay: Replay, positions: Iterable[int]) -> list[float]:
    """Milliseconds of each position's answer, asked in order."""
    times = []
    for n in positions:
        began = time.process_time()
        json.dumps(replay.position(n))
        times.append((time.process_time() - began) * 1000)
    return times


def kept_kib(table: FinishedTable) -> float:
    """KiB a new replay of ``table`` holds once walked from the end back to the deal."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        replay = Replay(table)  # type: ignore[arg-type]
        for n in range(len(table.moves), -1, -1):
            replay.position(n)
        return (tracemalloc.get_traced_memory()[0] - before) / 1024
    finally:
        tracemalloc.stop()


def line(times: list[float]) -> str:
    return (
        f"mean {statistics.fmean(times):.3f}, p50 {percentile(times, 0.5):.3f}, "
        f"p99 {percentile(times, 0.99):.3f}, max {max(times):.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument("--games", type=int, default=3, help="games of each edition (default: 3)")
    parser.add_argument("--players", type=int, default=10, help="seats at each (default: 10)")
    args = parser.parse_args(argv)
    first: list[float] = []
    backwards: list[float] = []
    forwards: list[float] = []
    longest, memory = 0, 0.0
    for edition in EDITIONS:
        players = min(args.players, find_edition(edition).max_players)
        for seed in range(1, args.games + 1):
            table = FinishedTable(players, seed, edition)
            total = len(table.moves)
            longest = max(longest, total)
            began = time.process_time()
            back = Replay(table)  # type: ignore[arg-type]  # reads only what FinishedTable has
            json.dumps(back.position(total))
            first.append((time.process_time() - began) * 1000)
            backwards += walk(back, range(total - 1, -1, -1))
            forwards += walk(Replay(table), range(total + 1))  # type: ignore[arg-type]
            memory = max(memory, kept_kib(table))
    return summary(
        "replay",
        [
            ("games of each edition", args.games, True),
            ("most moves in a game", longest, True),
            ("first answer (the replay made), ms", line(first), True),
            ("backwards, ms an answer", line(backwards), True),
            ("forwards, ms an answer", line(forwards), True),
            ("most memory a replay kept, KiB", f"{memory:.0f}", True),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())
