"""Where the bots think: threads of the server's process, or worker processes.

A bot is made afresh for every move from its spec and a seed drawn from the
game's seed and the move's number, so its choice depends only on the position:
it is the same after a restart, and any worker can make it.  Worker processes
run at a lower priority than the server, so that bots thinking never delay the
delivery of moves to the browsers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..bots import make_bot
from ..bots.claims import Claim, Listener
from ..rules import Move, Observation

log = logging.getLogger(__name__)
_SEED_MASK = (1 << 63) - 1
#: Bots that choose in microseconds, right on the event loop.
INSTANT_BOTS = frozenset({"random"})


def bot_seed(game_seed: int, version: int) -> int:
    """The seed of the bot choosing move ``version + 1`` of the game seeded ``game_seed``."""
    return (game_seed * 1_000_003 + version) & _SEED_MASK


def choose_move(
    spec: str,
    seed: int,
    observation: Observation,
    legal: Sequence[Move],
    claims: Sequence[Claim] = (),
) -> Move:
    """A fresh bot's choice, having heard the round's ``claims`` in table talk if it
    listens; a random legal move if the bot fails (the table must go on)."""
    try:
        bot = make_bot(spec, seed)
        if claims and isinstance(bot, Listener):
            bot.hear(claims)
        return bot.choose(observation, legal)
    except Exception:
        log.exception("bot %s failed; playing a random legal move instead", spec)
        return random.Random(seed).choice(legal)


def _start_worker() -> None:
    """A worker's start: low priority, and an end when the server's process ends,
    however it ends (a killed server cannot tell its workers to stop)."""
    with contextlib.suppress(OSError):
        os.nice(10)
    parent = os.getppid()

    def watch_parent() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()


class BotRunner:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: Executor | None = self._new_pool()

    def _new_pool(self) -> Executor | None:
        if self.workers <= 0:
            return None
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker)

    async def choose(
        self,
        spec: str,
        seed: int,
        observation: Observation,
        legal: list[Move],
        claims: Sequence[Claim] = (),
    ) -> Move:
        if len(legal) == 1:
            return legal[0]
        if spec in INSTANT_BOTS:  # microseconds: not worth a trip to another thread
            return choose_move(spec, seed, observation, legal, claims)
        pool = self._pool
        if pool is not None:
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(
                    pool, choose_move, spec, seed, observation, legal, claims
                )
            except BrokenProcessPool:
                # A worker died (killed, out of memory): start new ones for the next
                # moves, and choose this one here so that the table goes on.
                log.error("a bot worker died; starting new workers")
                if self._pool is pool:
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = self._new_pool()
        return await asyncio.to_thread(choose_move, spec, seed, observation, legal, claims)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
