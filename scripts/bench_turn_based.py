#!/usr/bin/env python3
"""What a move costs at a turn-based table, against a live one: moves played
through the server's own tables (store, apply, announce; no HTTP, no bots), on a
fresh SQLite file.

    .venv/bin/python scripts/bench_turn_based.py --clock 86400 --moves 200

Run it under callgrind twice, with two numbers of moves, and divide the
difference of the instruction counts by the difference of moves: what one move
costs, whatever the start-up (docs/server.md, "Turn-based play"):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python scripts/bench_turn_based.py --clock 86400 --moves 50
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from pysaboteur.server import table as table_module
from pysaboteur.server.config import Settings
from pysaboteur.server.hub import Hub
from pysaboteur.server.protocol import CreateTable
from pysaboteur.server.store import Store

#: The game's seed: every run plays the same deal and the same moves, so that two
#: runs differ only in what they are asked to differ in.
SEED = 20261202


async def play(folder: Path, clock: float | None, moves: int, mail: bool) -> int:
    table_module.new_seed = lambda: SEED  # type: ignore[attr-defined]
    settings = Settings(
        database_url=f"sqlite:///{folder / 'bench.db'}",
        bot_workers=0,
        bots=("random",),
        smtp_host="127.0.0.1" if mail else "",  # never reached: nobody asked for e-mail
    )
    store = Store(settings.database_url)
    hub = Hub(settings, store)
    await hub.start()
    try:
        request = CreateTable(name="Ana", players=3, bots="random", clock=clock, away_after=None)
        live, _ = await hub.create(request)
        table = live.table
        await table.join("Bo")
        await table.join("Cy")
        await table.start(0)
        made = 0
        while made < moves and table.game is not None and not table.game.is_over:
            seat = table.game.to_move
            assert seat is not None
            move = next(iter(table.game.legal_moves()))
            await table.play(seat, str(move), table.version)
            made += 1
        return made
    finally:
        await hub.stop()
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clock", type=float, default=None, help="seconds per move")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--mail", action="store_true", help="with an SMTP server named")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        made = asyncio.run(play(Path(folder), args.clock, args.moves, args.mail))
    print(f"{made} moves")


if __name__ == "__main__":
    main()
