"""A table in play: its seats, its game and the rules of the table around the game.

Every change goes the same way, one at a time under the table's lock: check
(raising :class:`ApiError`, changing nothing), commit to the store, change the
game in memory, announce it to the table's sockets.  The commit runs off the
event loop; until it returns the game in memory is untouched, so whoever looks
meanwhile sees the table as it was, and a failed commit leaves nothing to undo.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import Game, IllegalMove, Move, Options
from .connections import Connection
from .protocol import ApiError
from .store import BOT, EXPIRED, HUMAN, LOBBY, OPEN, OVER, PLAYING, Store, StoredTable
from .tokens import hash_token, new_seed, new_token

HOST = 0
log = logging.getLogger(__name__)


@dataclass
class Seat:
    name: str | None
    kind: str  # OPEN, HUMAN or BOT
    token_hash: str | None = None
    away: bool = False
    sockets: int = 0  # open WebSockets of this seat


def bot_name(seat: int, spec: str) -> str:
    return f"Bot {seat} ({spec})"


def expired_error() -> ApiError:
    return ApiError(
        "table_expired",
        "this table was closed: its game was never started and nothing happened at it "
        "for too long; create a new table",
    )


class Table:
    """One table in memory, made from what the store holds for it (its game replayed).

    ``wall_clock`` tells the time (seconds) of every change and deadline.
    """

    def __init__(
        self,
        stored: StoredTable,
        store: Store,
        default_bot_pause: float,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.id = stored.id
        self.wall_clock = wall_clock
        self.store = store
        self.players = stored.players
        self.edition = stored.edition
        self.options = Options.from_dict(stored.options)
        self.bots = stored.bots
        self.spectators = stored.spectators
        self.clock = stored.clock
        self.bot_pause = default_bot_pause if stored.bot_pause is None else stored.bot_pause
        self.status = stored.status
        self.seed = stored.seed
        self.seats = [Seat(s.name, s.kind, s.token_hash, s.away) for s in stored.seats]
        self.moves = list(stored.moves)  # every stored move, full text
        self.game = self._replay() if self.seed is not None else None
        #: Whether the store's status lags behind the game (its last write was lost).
        self.status_lags = self.game is not None and self.game.is_over and self.status != OVER
        if self.status_lags:
            self.status = OVER
        self.connections: set[Connection] = set()
        self._lock = asyncio.Lock()
        now = self.wall_clock()
        #: Counts every change announced: moves, seats taken, start, sockets, away and back.
        self.revision = 0
        self.changed_at = stored.last_accepted_at or stored.created_at
        self.last_change_was_move = bool(self.moves)
        #: When the seat to move began its turn (for the bots' pause and the clock).
        self.turn_started_at = now
        self.deadline: float | None = None
        self._reset_clock(now)
        #: Called after every change of the game or the seats (the driver listens).
        self.on_change: Callable[[], None] = lambda: None
        #: Called after every announced change, to send the views.
        self.on_announce: Callable[[], None] = lambda: None

    @property
    def version(self) -> int:
        """Moves accepted so far in the whole game."""
        return len(self.moves)

    @property
    def all_bots(self) -> bool:
        return all(seat.kind == BOT for seat in self.seats)

    def new_game(self) -> Game:
        """The game as it was dealt, before any move."""
        names = [seat.name or f"Seat {index}" for index, seat in enumerate(self.seats)]
        return Game.new(self.players, self.options, self.seed, names=names, edition=self.edition)

    def _replay(self) -> Game:
        game = self.new_game()
        for number, text in enumerate(self.moves, start=1):
            try:
                game.play(text)
            except IllegalMove as error:
                raise RuntimeError(
                    f"table {self.id}: stored move {number} {text!r} is refused: {error.reason}"
                ) from None
        return game

    # -- who is who -------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat ``token`` owns at this table."""
        if not token:
            raise ApiError("no_token", "this needs your seat's token")
        digest = hash_token(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(digest, seat.token_hash):
                return index
        raise ApiError("bad_token", "this token owns no seat at this table")

    def plays_itself(self, seat: int) -> bool:
        """Whether a bot moves for ``seat``: a bot's seat, or a person who is away."""
        return self.seats[seat].kind == BOT or self.seats[seat].away

    # -- the lobby ----------------------------------------------------------------------

    def _check_in_lobby(self) -> None:
        if self.status == EXPIRED:
            raise expired_error()
        if self.status != LOBBY:
            raise ApiError("already_started", "the game at this table has already started")

    def idle_lobby(self, unchanged_since: float) -> bool:
        """Whether the table is in its lobby, unwatched (no socket open), with no
        change since ``unchanged_since``."""
        return self.status == LOBBY and not self.connections and self.changed_at <= unchanged_since

    async def expire(self, unchanged_since: float) -> bool:
        """Close the table if it is an idle lobby (:meth:`idle_lobby`); whether it was."""
        async with self._lock:
            if not self.idle_lobby(unchanged_since):
                return False
            await self._store(self.store.expire, self.id)
            self.status = EXPIRED
            return True

    async def join(self, name: str) -> tuple[int, str]:
        """Seat a newcomer at the lowest open seat: ``(seat, token)``."""
        async with self._lock:
            self._check_in_lobby()
            seat = next((i for i, s in enumerate(self.seats) if s.kind == OPEN), None)
            if seat is None:
                raise ApiError("table_full", f"all {self.players} seats are taken")
            token = new_token()
            digest = hash_token(token)
            await self._store(self.store.take_seat, self.id, seat, name, digest)
            self.seats[seat] = Seat(name, HUMAN, digest)
            self._announce(move=False)
            return seat, token

    async def start(self, seat: int) -> None:
        async with self._lock:
            if seat != HOST:
                raise ApiError("not_host", "only the host (seat 0) may start the game")
            self._check_in_lobby()
            seed = new_seed()
            bots = {i: bot_name(i, self.bots) for i, s in enumerate(self.seats) if s.kind == OPEN}
            await self._store(self.store.start, self.id, seed, bots)
            for index, name in bots.items():
                self.seats[index] = Seat(name, BOT)
            self.seed = seed
            self.status = PLAYING
            self.game = self._replay()
            self._turn_changed()
            self._announce(move=False)

    # -- the game ---------------------------------------------------------------------

    async def play(
        self, seat: int, text: str, expect: int | None = None, *, by_bot: bool = False
    ) -> None:
        """Seat ``seat`` makes the move ``text``; a bot makes it for the seat if ``by_bot``."""
        async with self._lock:
            game = self._game_in_play()
            try:
                move = Move.parse(text)
            except ValueError as error:
                raise ApiError("bad_move", str(error)) from None
            if move.seat != seat:
                raise ApiError("wrong_seat", f"you are seat {seat}, not seat {move.seat}")
            if expect is not None and expect != self.version:
                raise ApiError(
                    "stale", f"the game has moved on: version {self.version}, not {expect}"
                )
            if game.to_move != seat:
                raise ApiError("not_your_turn", f"it is seat {game.to_move}'s turn, not yours")
            reason = game.why_illegal(move)
            if reason is not None:
                raise ApiError("illegal_move", reason)
            accepted_at = self.wall_clock()
            text = str(move)
            back = seat if not by_bot and self.seats[seat].away else None
            await self._store(
                self.store.add_move, self.id, self.version + 1, text, accepted_at, back=back
            )
            game.play(move)  # cannot fail: the same check passed just above
            self.moves.append(text)
            if back is not None:
                self.seats[seat].away = False
            if game.is_over:
                self.status = OVER
            self._turn_changed(accepted_at)
            self._announce(move=True, at=accepted_at)
        if game.is_over:
            # After the announcement: if this write is lost, loading the table
            # replays the moves, finds the game over and writes it again.
            with contextlib.suppress(ApiError):
                await self._store(self.store.set_status, self.id, OVER)

    def _game_in_play(self) -> Game:
        if self.status == EXPIRED:
            raise expired_error()
        if self.status == LOBBY or self.game is None:
            raise ApiError("not_started", "the game has not started yet")
        if self.status == OVER:
            raise ApiError("game_over", "the game is over")
        return self.game

    async def back(self, seat: int) -> bool:
        """The person at ``seat`` is back: no bot plays for them any more.
        Whether anything changed (they may not have been away)."""
        async with self._lock:
            if not self.seats[seat].away:
                return False
            await self._store(self.store.set_away, self.id, seat, False)
            self.seats[seat].away = False
            self._turn_changed()
            self._announce(move=False)
            return True

    async def clock_ran_out(self, seat: int, version: int) -> None:
        """The person to move at ``version`` took too long: a bot plays for them."""
        async with self._lock:
            game = self.game
            if self.version != version or game is None or game.to_move != seat:
                return
            if self.plays_itself(seat):
                return
            await self._store(self.store.set_away, self.id, seat, True)
            self.seats[seat].away = True
            self._turn_changed()
            self._announce(move=False)

    async def _store(self, write: Callable[..., None], *args: Any, **keywords: Any) -> None:
        """Commit a write; a failure is the server's, and changes nothing at the table."""
        try:
            await self.store.run(write, *args, **keywords)
        except Exception:
            log.exception("table %s: %s failed", self.id, write.__name__)
            raise ApiError("server_error", "the change could not be stored; try again") from None

    def _turn_changed(self, now: float | None = None) -> None:
        self.turn_started_at = self.wall_clock() if now is None else now
        self._reset_clock(self.turn_started_at)
        self.on_change()

    def _reset_clock(self, now: float) -> None:
        game = self.game
        self.deadline = None
        if self.clock is None or self.status != PLAYING or game is None:
            return
        seat = game.to_move
        if seat is not None and not self.plays_itself(seat):
            self.deadline = now + self.clock

    # -- sockets ------------------------------------------------------------------------

    def attach(self, connection: Connection) -> bool:
        """A socket opens; whether that changed the table's facts (a seat came online)."""
        self.connections.add(connection)
        if connection.seat is None:
            return False
        seat = self.seats[connection.seat]
        seat.sockets += 1
        if seat.sockets > 1:
            return False
        self._announce(move=False)
        return True

    def detach(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        self.connections.discard(connection)
        if connection.seat is not None:
            seat = self.seats[connection.seat]
            seat.sockets -= 1
            if seat.sockets == 0:
                self._announce(move=False)

    def _announce(self, *, move: bool, at: float | None = None) -> None:
        self.revision += 1
        self.changed_at = self.wall_clock() if at is None else at
        self.last_change_was_move = move
        self.on_announce()
