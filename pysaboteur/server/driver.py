"""The table's own moves: bots in their seats, and the clock of people who take too long.

One task per table in play.  It looks at whose turn it is: a bot (or a person
who is away) moves after the table's pause, give or take a quarter; a person
under a clock is marked away when the deadline passes; so is any person offline
for longer than the table's ``away_after`` (``away.py``); otherwise the task
sleeps until the table changes.  It ends with the game: nothing fires after.
A bot's choice is checked and applied like anybody's move, and only if the
game has not moved on while the bot was thinking.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random

from ..rules import Move, seat_observation
from .bot_runner import BotRunner, bot_seed
from .protocol import ApiError
from .store import PLAYING
from .table import Table

log = logging.getLogger(__name__)
#: Bots wait their pause give or take a quarter: it reads more like people, and
#: tables that once moved together (a busy moment) drift apart again instead of
#: moving in step for ever after.  Timing only: the game's chance is elsewhere.
_JITTER = random.Random()


class Driver:
    """Drives one table once enabled (:meth:`enable`): only in the process that owns
    the table (``hub.py``), so that one process moves its bots and runs its clocks."""

    def __init__(self, table: Table, runner: BotRunner) -> None:
        self.table = table
        self.runner = runner
        self.enabled = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        table.on_change = self.wake

    def enable(self) -> None:
        if not self.enabled:
            self.enabled = True
            self.wake()

    def wake(self) -> None:
        """Something changed at the table: look again (and start if it is in play)."""
        self._wake.set()
        if not self.enabled or self.table.status != PLAYING:
            return
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        self.enabled = False
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        table = self.table
        while table.status == PLAYING and self.enabled:
            self._wake.clear()
            try:
                await self._step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: the driver failed; retrying in a second", table.id)
                await asyncio.sleep(1.0)

    async def _step(self) -> None:
        table = self.table
        await table.send_away_the_offline()
        game = table.game
        assert game is not None
        seat = game.to_move
        if seat is None or table.status != PLAYING:
            return
        if table.plays_itself(seat):
            await self._bot_move(seat)
            return
        # Wait for a change, or the first of two moments: the clock of the person to
        # move runs out; a person offline (any seat) has been offline too long.
        deadline, away_at = table.deadline, table.next_away_at()
        if deadline is None and away_at is None:
            await self._wake.wait()
            return
        version = table.version
        soonest = min(moment for moment in (deadline, away_at) if moment is not None)
        if await self._woken_within(soonest - table.wall_clock()):
            return
        if soonest == deadline:
            await table.clock_ran_out(seat, version)
        # else: the next step sends away whoever is offline too long by then

    async def _bot_move(self, seat: int) -> None:
        table = self.table
        game = table.game
        assert game is not None and table.seed is not None
        version = table.version
        # What the people at the table claimed this round (the round began that many moves ago).
        claims = table.talk.claims_since(version - len(game.moves))
        choice = asyncio.ensure_future(
            self.runner.choose(
                table.bots, bot_seed(table.seed, version), seat_observation(game, seat),
                list(game.legal_moves()),  # a plain list: it may travel to another process
                claims,
            )
        )  # fmt: skip
        choice.add_done_callback(_ignore_outcome)
        # The bot thinks during the pause, not after it; a change of turn (the person
        # back, a move) ends the wait and the driver looks again.
        pause = table.bot_pause * _JITTER.uniform(0.75, 1.25)
        if await self._woken_within(table.turn_started_at + pause - table.wall_clock()):
            choice.cancel()
            return
        move = await choice
        if table.version != version or table.status != PLAYING or not table.plays_itself(seat):
            return  # the game moved on, or the person came back
        try:
            await table.play(seat, str(move), version, by_bot=True)
        except ApiError as error:
            log.error("table %s: the bot's move %s was refused: %s", table.id, move, error)
            raise

    async def _woken_within(self, seconds: float) -> bool:
        if seconds <= 0:
            return False
        try:
            await asyncio.wait_for(self._wake.wait(), seconds)
        except TimeoutError:
            return False
        return True


def _ignore_outcome(task: asyncio.Future[Move]) -> None:
    """A choice abandoned when the turn changed: its result or failure no longer matters
    (a failure the driver awaited is raised there)."""
    if not task.cancelled():
        task.exception()
