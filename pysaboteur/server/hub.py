"""All the tables the server holds in memory, and their drivers.

At startup every table still in its lobby or in play is loaded from the store
(its game replayed move by move) and its bots resume.  Finished tables are
loaded when someone asks for them, and let go when their last socket closes.
Lobbies left idle too long are closed (``expired``): at startup, and every few
minutes while the server runs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable

from ..bots import make_bot
from ..i18n import SOURCE, requester_language
from ..rules import Options
from ..rules.editions import find_edition
from ..rules.reasons import Reason
from .away import check_away_after
from .bot_runner import BotRunner
from .config import EDITIONS, Settings
from .connections import Connection
from .driver import Driver
from .protocol import CLOSE_CODES, CLOSE_RESTART, ApiError, CreateTable, error_message
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
from .views import Views

log = logging.getLogger(__name__)
#: Finished tables kept in memory (for their replays) beyond those someone watches.
KEEP_FINISHED = 64


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

    def replay(self) -> Replay:
        if self.table.status != OVER:
            raise ApiError("not_over", "the game is still being played")
        if self._replay is None:
            self._replay = Replay(self.table)
        return self._replay


class Hub:
    """``wall_clock`` tells the time (seconds): of tables' changes, of lobbies' idleness."""

    def __init__(
        self, settings: Settings, store: Store, wall_clock: Callable[[], float] = time.time
    ) -> None:
        self.settings = settings
        self.store = store
        self.wall_clock = wall_clock
        self.runner = BotRunner(settings.bot_workers)
        self.tables: dict[str, LiveTable] = {}
        self._finished: OrderedDict[str, LiveTable] = OrderedDict()  # oldest first
        for spec in settings.bots:
            make_bot(spec)  # a bad spec stops the server at once, not at some table's start

    def start(self) -> None:
        """Close the lobbies idle too long; bring back every other table in its
        lobby or in play; their bots resume."""
        if self.settings.lobby_expiry > 0:
            closed = self.store.expire_lobbies(self.wall_clock() - self.settings.lobby_expiry)
            log.info("%d idle lobbies closed", closed)
        for table_id in self.store.live_table_ids():
            try:
                self._load(table_id)
            except Exception:
                log.exception("table %s could not be loaded; it stays stored as it is", table_id)
        log.info("%d tables resumed", len(self.tables))

    async def stop(self) -> None:
        for live in list(self.tables.values()):
            await live.driver.stop()
            for connection in list(live.table.connections):
                connection.close(CLOSE_RESTART)
        self.runner.close()

    async def expire_idle_lobbies(self) -> int:
        """Close the tables in their lobby, unwatched and unchanged for the last
        ``lobby_expiry`` seconds (none if that is 0); how many were closed."""
        if self.settings.lobby_expiry <= 0:
            return 0
        unchanged_since = self.wall_clock() - self.settings.lobby_expiry
        idle = [live for live in self.tables.values() if live.table.idle_lobby(unchanged_since)]
        closed = 0
        for live in idle:
            try:
                if not await live.table.expire(unchanged_since):
                    continue  # it changed meanwhile
            except ApiError:
                continue  # the store failed (logged); the next look tries again
            self.tables.pop(live.table.id, None)
            closed += 1
            # A socket that opened while the closing was being stored is told and closed.
            for connection in list(live.table.connections):
                said = requester_language(connection.websocket)
                connection.push(error_message(expired_error(), said))
                connection.close(CLOSE_CODES["table_expired"])
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

    async def create(
        self, request: CreateTable, lang: str = SOURCE
    ) -> tuple[LiveTable, str | None]:
        """A new table; the host's token (None for a table of bots only)."""
        edition = check_edition(request.edition, request.players)
        spec = request.bots or self.settings.default_bot
        if spec not in self.settings.bots:
            allowed = ", ".join(self.settings.bots)
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
        if request.clock is not None and request.clock < self.settings.min_clock:
            raise ApiError(
                "bad_request",
                "clock: at least {seconds} seconds per move",
                seconds=f"{self.settings.min_clock:g}",
            )
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
            id=self._free_id(),
            created_at=self.wall_clock(),
            status=PLAYING if token is None else LOBBY,
            players=request.players,
            edition=edition,
            options=options,
            bots=spec,
            spectators=request.spectators,
            spectators_talk=request.spectators_talk,
            clock=request.clock,
            bot_pause=request.bot_pause,
            away_after=check_away_after(request.away_after),
            seed=new_seed() if token is None else None,
            seats=seats,
        )
        await self.store.run(self.store.create_table, stored)
        live = self._add(self._table(stored))
        return live, token

    def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``, loading it from the store if need be."""
        live = self.tables.get(table_id)
        if live is None and TABLE_ID.fullmatch(table_id):
            live = self._load(table_id)
        if live is None:
            raise ApiError("unknown_table", "there is no table {table!r}", table=table_id)
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
        self.release(live)

    def _load(self, table_id: str) -> LiveTable | None:
        stored = self.store.load(table_id)
        if stored is None:
            return None
        if stored.status == EXPIRED:
            raise expired_error()
        return self._add(self._table(stored))

    def _table(self, stored: StoredTable) -> Table:
        return Table(stored, self.store, self.settings.bot_pause, self.wall_clock)

    def _add(self, table: Table) -> LiveTable:
        if table.status_lags:
            self.store.set_status(table.id, OVER)
        live = LiveTable(table, self.runner)

        def announce() -> None:
            live.views.broadcast()
            if table.status == OVER:
                self.release(live)

        table.on_announce = announce
        self.tables[table.id] = live
        if table.status == PLAYING:
            live.driver.wake()
        return live

    def _free_id(self) -> str:
        while True:
            table_id = new_table_id()
            if table_id not in self.tables and not self.store.exists(table_id):
                return table_id
