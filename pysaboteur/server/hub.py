"""All the tables the server holds in memory, and their drivers.

Each table in its lobby or in play is *owned* by one of the processes serving
the database — the one its id ranks first among the processes alive
(rendezvous hashing: when a process comes or goes, only its own tables move).
The owner keeps the table in memory and runs its driver (bots, clocks, away
seats); any process may serve any table (loading it when asked, and keeping it
while its sockets are open), and hears every change through the bus.  A lone
process owns every table: at startup it loads them all and their bots resume.
Finished tables are loaded when someone asks for them, off the event loop, and
let go when unused.  Lobbies left idle too long are closed (``expired``) by
their owner: at startup, and every few minutes while the server runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import Any

from ..bots import make_bot
from ..i18n import SOURCE
from ..rules import Options
from ..rules.editions import find_edition
from ..rules.reasons import Reason
from .away import check_away_after
from .bot_runner import BotRunner
from .bus import BEAT, LocalBus, Message, PostgresBus
from .config import EDITIONS, Settings
from .connections import Connection
from .create_duel import checked_deck
from .driver import Driver
from .protocol import CLOSE_RESTART, ApiError, CreateTable
from .ratings_record import record_finished
from .replay import Replay
from .store import (
    BOT,
    EXPIRED,
    HUMAN,
    LOBBY,
    OPEN,
    OVER,
    PLAYING,
    Store,
    StoredSeat,
    StoredTable,
)
from .table import Table, bot_name, expired_error
from .tokens import TABLE_ID, hash_token, new_seed, new_table_id, new_token
from .turn_based import checked_clock
from .turn_mail import TurnMails
from .views import Views

log = logging.getLogger(__name__)
#: Finished tables kept in memory (for their replays) beyond those someone watches.
KEEP_FINISHED = 64
#: Seconds between two looks, with other processes, at which tables this one owns.
SWEEP_EVERY = 1.0
#: Seconds a table another process owns stays in memory here after its last use.
KEEP_UNOWNED = 60.0
#: Tables loaded at the same time when a process takes tables over.
LOADING_AT_ONCE = 4


def check_edition(name: str, players: int) -> str:
    """The edition ``name`` of a new table, checked with its number of seats."""
    if name not in EDITIONS:
        offered = ", ".join(repr(each) for each in EDITIONS)  # no word: said in any language
        raise ApiError(
            "bad_request",
            "edition: {name!r} is not an edition (choose {offered})",
            name=name,
            offered=offered,
        )
    edition = find_edition(name)
    if not edition.min_players <= players <= edition.max_players:
        raise ApiError(
            "bad_request",
            "players: {edition} is played by {least} to {most} players, not {players}",
            edition=Reason.word(edition.title, "edition"),
            least=edition.min_players,
            most=edition.max_players,
            players=players,
        )
    return name


class LiveTable:
    """A table with what serves it: its views, its driver, its replay once it is over."""

    def __init__(self, table: Table, runner: BotRunner) -> None:
        self.table = table
        self.views = Views(table)
        self.driver = Driver(table, runner)
        self._replay: Replay | None = None
        #: Whether its game's results are still to be written when it ends (ratings.py).
        self.results_due = True
        #: When this process last served the table (monotonic seconds).
        self.used_at = time.monotonic()

    def replay(self) -> Replay:
        if self.table.status != OVER:
            raise ApiError("not_over", "the game is still being played")
        if self._replay is None:
            self._replay = Replay(self.table)
        return self._replay


def rank(process: str, table_id: str) -> bytes:
    """How high ``process`` ranks for owning ``table_id`` (the highest owns it)."""
    return hashlib.blake2b(f"{process}/{table_id}".encode(), digest_size=8).digest()


class Hub:
    """``wall_clock`` tells the time (seconds): of tables' changes, of lobbies' idleness."""

    def __init__(
        self, settings: Settings, store: Store, wall_clock: Callable[[], float] = time.time
    ) -> None:
        self.settings = settings
        self.store = store
        self.wall_clock = wall_clock
        self.bus: LocalBus | PostgresBus = LocalBus() if store.is_sqlite else PostgresBus(store)
        self.runner = BotRunner(settings.bot_workers)
        #: The your-turn e-mails of the tables this process drives (``turn_mail.py``).
        self.mails = TurnMails(settings, store, wall_clock)
        self.tables: dict[str, LiveTable] = {}
        self._finished: OrderedDict[str, LiveTable] = OrderedDict()  # oldest first
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._presence_due: set[str] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        self._taking = asyncio.Lock()
        for spec in settings.bots:
            make_bot(spec)  # a bad spec stops the server at once, not at some table's start

    @property
    def process(self) -> str:
        return self.bus.process

    def owns(self, table_id: str) -> bool:
        """Whether this process drives ``table_id`` (its bots, clocks and away seats)."""
        peers = self.bus.peers()
        return len(peers) == 1 or max(peers, key=lambda p: rank(p, table_id)) == self.process

    async def start(self) -> None:
        """Close the lobbies idle too long; bring back every other table in its
        lobby or in play that this process owns; their bots resume.

        A process among others starts serving at once, and chooses its tables in
        the background once it has heard the others (their first beats): its
        sockets need not wait for that."""
        await self.bus.start(self._heard)
        if self.bus.alone:
            await self._expire_lobbies_if_alone()
            await self._take_owned()
            log.info("%d tables resumed", len(self.tables))
        else:
            self._sweeper = asyncio.create_task(self._sweep_regularly())

    async def _expire_lobbies_if_alone(self) -> None:
        # Only a process alone: others may have sockets open on those lobbies.
        if self.settings.lobby_expiry > 0 and self.bus.peers() == {self.process}:
            unchanged_since = self.wall_clock() - self.settings.lobby_expiry
            closed = await self.store.run(self.store.expire_lobbies, unchanged_since)
            log.info("%d idle lobbies closed", closed)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for live in list(self.tables.values()):
            await live.driver.stop()
            for connection in list(live.table.connections):
                connection.close(CLOSE_RESTART)
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        await self.mails.stop()
        await self.bus.stop()
        self.runner.close()

    # -- which tables this process holds and drives -------------------------------------

    async def _take_owned(self) -> None:
        """Load the live tables this process owns and drive them; stop driving those
        it no longer owns, and let go of those unused here.  One look at a time (the
        beats' and the sweep's): the notices are never kept waiting behind one."""
        if self._taking.locked():
            return  # a look is under way; the sweep looks again within a second
        async with self._taking:
            await self._take_owned_now()

    async def _load_created(self, table_id: str) -> None:
        with contextlib.suppress(ApiError):
            await self._load_once(table_id)

    async def _take_owned_now(self) -> None:
        try:
            live_ids = await self.store.read(self.store.live_table_ids)
        except Exception:
            log.exception("the tables in play could not be listed; trying again later")
            return
        missing = [t for t in live_ids if self.owns(t) and t not in self.tables]
        # A few at a time: the reads and replays run in threads, and a process taking
        # over another's tables brings them back sooner in parallel.
        loading = asyncio.Semaphore(LOADING_AT_ONCE)

        async def load(table_id: str) -> None:
            async with loading:
                try:
                    await self._load_once(table_id)
                except Exception:
                    log.exception("table %s could not be loaded; it stays stored", table_id)

        await asyncio.gather(*(load(table_id) for table_id in missing))
        now = time.monotonic()
        for live in list(self.tables.values()):
            owned = self.owns(live.table.id)
            if owned:
                live.driver.enable()
                continue
            await live.driver.stop()
            idle = now - live.used_at > KEEP_UNOWNED
            if idle and not live.table.connections and live.table.status != OVER:
                self.tables.pop(live.table.id, None)

    async def _sweep_regularly(self) -> None:
        await asyncio.sleep(1.5 * BEAT)  # hear the others before choosing tables
        await self._expire_lobbies_if_alone()
        while True:
            await self._take_owned()
            await asyncio.sleep(SWEEP_EVERY)

    # -- what the other processes say -----------------------------------------------------

    async def _heard(self, message: Message) -> None:
        kind = message["k"]
        table_id = message.get("t")
        live = self.tables.get(table_id) if table_id is not None else None
        if kind == "change":
            if live is not None:
                # Applied under the table's lock, by a task of its own: the notices of
                # other tables (and the processes' beats) need not wait for the lock.
                # The tasks take the lock in the order they were made, the notices'.
                if "c" in message:
                    self._in_background(live.table.receive(message["s"], message["c"]))
                else:
                    self._in_background(live.table.catch_up())
        elif kind == "presence":
            if live is not None:
                seats = {int(seat): count for seat, count in message["seats"].items()}
                live.table.presence(message["p"], seats, message["watchers"])
        elif kind == "who":
            if table_id is None:
                for each in list(self.tables.values()):
                    self._say_presence(each.table)
            elif live is not None:
                self._say_presence(live.table)
        elif kind == "created":
            if table_id is not None and live is None and self.owns(table_id):
                self._in_background(self._load_created(table_id))
        elif kind == "joined":
            self.bus.publish({"k": "who"})  # it may hold sockets this process forgot
            self._in_background(self._take_owned())
        elif kind == "gone":
            for each in list(self.tables.values()):
                each.table.forget(message["p"])
            self._in_background(self._take_owned())
        elif kind == "resync":
            for each in list(self.tables.values()):
                self._in_background(each.table.catch_up())

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_log_failure)

    def _say_presence(self, table: Table) -> None:
        seats, watchers = table.local_presence()
        if seats or watchers:
            self._publish_presence(table.id, seats, watchers)

    def _publish_presence(self, table_id: str, seats: dict[int, int], watchers: int) -> None:
        named = {str(seat): count for seat, count in seats.items()}
        self.bus.publish({"k": "presence", "t": table_id, "seats": named, "watchers": watchers})

    def _presence_changed(self, table: Table) -> None:
        """This process's sockets on ``table`` changed: tell the others, once per
        turn of the event loop however many sockets came and went."""
        if self.bus.alone:
            return
        if not self._presence_due:
            asyncio.get_running_loop().call_soon(self._send_presence)
        self._presence_due.add(table.id)

    def _send_presence(self) -> None:
        due, self._presence_due = self._presence_due, set()
        for table_id in due:
            live = self.tables.get(table_id)
            if live is not None:
                self._publish_presence(table_id, *live.table.local_presence())

    # -- lobbies ------------------------------------------------------------------------

    async def expire_idle_lobbies(self) -> int:
        """Close the tables in their lobby this process owns, unwatched and unchanged
        for the last ``lobby_expiry`` seconds (none if that is 0); how many were closed."""
        if self.settings.lobby_expiry <= 0:
            return 0
        unchanged_since = self.wall_clock() - self.settings.lobby_expiry
        idle = [
            live
            for live in self.tables.values()
            if live.table.idle_lobby(unchanged_since) and self.owns(live.table.id)
        ]
        closed = 0
        for live in idle:
            try:
                if await live.table.expire(unchanged_since):
                    closed += 1
            except ApiError:
                continue  # the store failed (logged); the next look tries again
        return closed

    async def expire_lobbies_regularly(self) -> None:
        """Close the idle lobbies every ``expiry_check_every`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(self.settings.expiry_check_every)
            try:
                closed = await self.expire_idle_lobbies()
            except Exception:
                log.exception("closing the idle lobbies failed; trying again later")
            else:
                if closed:
                    log.info("%d idle lobbies closed", closed)

    # -- tables ---------------------------------------------------------------------------

    async def create(
        self, request: CreateTable, lang: str = SOURCE
    ) -> tuple[LiveTable, str | None]:
        """A new table; the host's token (None for a table of bots only)."""
        edition = check_edition(request.edition, request.players)
        deck = checked_deck(edition, request.deck)
        offered = self.settings.bots_for(edition)
        spec = request.bots or offered[0]
        if spec not in offered:
            allowed = ", ".join(offered)
            raise ApiError(
                "bad_request",
                "bots: {spec!r} is not offered here (offered: {allowed})",
                spec=spec,
                allowed=allowed,
            )
        try:
            options = Options.from_dict(request.options).to_dict()
        except (TypeError, ValueError) as error:
            raise ApiError("bad_request", "options: {error}", error=str(error)) from None
        clock = checked_clock(request.clock, self.settings.min_clock)
        if request.name is None and not request.all_bots:
            raise ApiError("bad_request", "name: the host's name is missing")
        token = None if request.all_bots else new_token()
        if token is None:
            seats = [
                StoredSeat(seat, bot_name(seat, spec, lang), BOT) for seat in range(request.players)
            ]
        else:
            seats = [StoredSeat(0, request.name, HUMAN, hash_token(token))]
            seats += [StoredSeat(seat, None, OPEN) for seat in range(1, request.players)]
        stored = StoredTable(
            id=await self.free_id(),
            created_at=self.wall_clock(),
            status=PLAYING if token is None else LOBBY,
            players=request.players,
            edition=edition,
            deck=deck,
            options=options,
            bots=spec,
            spectators=request.spectators,
            spectators_talk=request.spectators_talk,
            clock=clock,
            bot_pause=request.bot_pause,
            away_after=check_away_after(request.away_after),
            seed=new_seed() if token is None else None,
            seats=seats,
            listed=request.listed,
            language=lang,
        )
        return await self.add_stored(stored), token

    async def add_stored(self, stored: StoredTable) -> LiveTable:
        """Store a new table, hold it, and tell the others (its owner loads it at once)."""
        await self.store.run(self.store.create_table, stored)
        live = self._add(self._table(stored))
        self.bus.publish({"k": "created", "t": stored.id})
        return live

    async def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``, loading it from the store (off the event loop) if
        need be."""
        live = self.tables.get(table_id)
        if live is None and TABLE_ID.fullmatch(table_id):
            live = await self._load_once(table_id)
        if live is None:
            raise ApiError("unknown_table", "there is no table {table!r}", table=table_id)
        live.used_at = time.monotonic()
        self.release(live)  # a finished table asked for is a recently used one
        return live

    def release(self, live: LiveTable) -> None:
        """A finished table stays in memory among the most recently used, or while
        someone watches it; the others are let go (and loaded again if asked for)."""
        if live.table.status != OVER:
            return
        self._finished[live.table.id] = live
        self._finished.move_to_end(live.table.id)
        oldest = list(self._finished)[: max(0, len(self._finished) - KEEP_FINISHED)]
        for table_id in oldest:
            if not self._finished[table_id].table.connections:
                del self._finished[table_id]
                self.tables.pop(table_id, None)

    def attach(self, live: LiveTable, connection: Connection) -> None:
        connection.push(live.table.talk.history())  # before the view, which may follow at once
        if not live.table.attach(connection):
            connection.push(live.views.text(connection.seat))

    def detach(self, live: LiveTable, connection: Connection) -> None:
        live.table.detach(connection)
        live.used_at = time.monotonic()
        self.release(live)

    async def _load_once(self, table_id: str) -> LiveTable | None:
        """Load ``table_id`` (once, however many ask at the same moment)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        loading = self._loading.get(table_id)
        if loading is not None:
            return await asyncio.shield(loading)
        loading = asyncio.get_running_loop().create_future()
        self._loading[table_id] = loading
        try:
            live = await self._load(table_id)
        except BaseException as error:
            loading.set_exception(error)
            loading.exception()  # retrieved: those waiting get it, nobody else need
            raise
        finally:
            del self._loading[table_id]
        loading.set_result(live)
        return live

    async def _load(self, table_id: str) -> LiveTable | None:
        # Reading and replaying take milliseconds: in a thread, so that every other
        # table's moves go out meanwhile.
        stored = await self.store.read(self.store.load, table_id)
        if stored is None:
            return None
        if stored.status == EXPIRED:
            raise expired_error()
        table = await asyncio.to_thread(self._table, stored)
        already = self.tables.get(table_id)
        if already is not None:
            return already  # made meanwhile (its creation, on this process)
        live = self._add(table)
        if not self.bus.alone:
            self.bus.publish({"k": "who", "t": table_id})  # whose sockets are open on it
            # Changes stored between the reading and now were announced while the
            # table was not here to hear them.
            await table.catch_up()
        return live

    def _table(self, stored: StoredTable) -> Table:
        return Table(stored, self.store, self.settings.bot_pause, self.wall_clock)

    def _add(self, table: Table) -> LiveTable:
        if table.status_lags:
            task = asyncio.ensure_future(self.store.run(self.store.set_status, table.id, OVER))
            task.add_done_callback(_log_failure)
        live = LiveTable(table, self.runner)
        # A game seen ending here (or found ended without its status written) has
        # its results and ratings written; whichever process comes first writes them.
        live.results_due = table.status != OVER or table.status_lags
        if table.status_lags:
            self._write_results(live)

        def announce() -> None:
            live.views.broadcast()
            if self.mails.enabled and self.owns(table.id):
                self.mails.consider(table)
            if table.status == OVER:
                self._write_results(live)
                self.release(live)
            elif table.status == EXPIRED:
                self.tables.pop(table.id, None)

        table.on_announce = announce
        table.on_presence = lambda: self._presence_changed(table)
        self.tables[table.id] = live
        if self.owns(table.id):
            live.driver.enable()
            if self.mails.enabled:
                self.mails.consider(table)  # a turn begun before a restart is mailed too
        return live

    def _write_results(self, live: LiveTable) -> None:
        if live.results_due:
            live.results_due = False
            self._in_background(record_finished(live.table))

    async def free_id(self) -> str:
        while True:
            table_id = new_table_id()
            if table_id not in self.tables and not await self.store.read(
                self.store.exists, table_id
            ):
                return table_id


def _log_failure(task: asyncio.Future[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's change failed in the background", exc_info=task.exception())
