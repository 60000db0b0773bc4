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

from ..i18n import N_, SOURCE, gettext, requester_language
from ..rules import Game, IllegalMove, Move, NotationError, Options
from . import away
from .connections import Connection
from .names import is_taken, unique_bot_names
from .protocol import CLOSE_CODES, ApiError, ClaimMessage, SayMessage, error_message
from .store import BOT, EXPIRED, HUMAN, LOBBY, OPEN, OVER, PLAYING, Store, StoredTable
from .talk import Speaker, Talk
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
    #: Since when no socket of the seat is open (None while one is): see ``away.py``.
    offline_since: float | None = None


#: TRANSLATORS: a bot's name at a table: its seat and which bot it is ("random").
BOT_NAME = N_("Bot {seat} ({bot})")


def bot_name(seat: int, spec: str, lang: str = SOURCE) -> str:
    """A bot's name at a table, in the language of the host who filled the seat with it
    (a name is kept as it was given, in the record too)."""
    return gettext(lang, BOT_NAME).format(seat=seat, bot=spec)


def expired_error() -> ApiError:
    return ApiError(
        "table_expired",
        "this table was closed: its game was never started and nothing happened at it "
        "for too long; create a new table",
    )


def removed_error() -> ApiError:
    return ApiError("removed", "the host removed you from this table; you may join it again")


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
        self.talk = Talk(stored.talk, stored.spectators_talk, wall_clock)
        self.clock = stored.clock
        self.away_after = stored.away_after
        #: The numbers of the moves a bot made for a person who was away.
        self.bot_moves = set(stored.bot_moves)
        #: Digests of the tokens of people the host removed (kept in memory only:
        #: after a restart such a token is just one that owns no seat).
        self.removed_tokens: set[str] = set()
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
        for seat in self.seats:
            seat.offline_since = now  # no socket is open yet: offline from the (re)start
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
        if digest in self.removed_tokens:
            raise removed_error()
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
                raise ApiError("table_full", "all {players} seats are taken", players=self.players)
            if is_taken(name, (each.name for each in self.seats)):
                raise ApiError(
                    "name_taken",
                    "somebody at this table is already called {name}: choose another name",
                    name=name,
                )
            token = new_token()
            digest = hash_token(token)
            await self._store(self.store.take_seat, self.id, seat, name, digest)
            self.seats[seat] = Seat(name, HUMAN, digest, offline_since=self.wall_clock())
            self._announce(move=False)
            return seat, token

    async def start(self, seat: int, lang: str = SOURCE) -> None:
        async with self._lock:
            if seat != HOST:
                raise ApiError("not_host", "only the host (seat 0) may start the game")
            self._check_in_lobby()
            seed = new_seed()
            plain = {
                i: bot_name(i, self.bots, lang) for i, s in enumerate(self.seats) if s.kind == OPEN
            }
            bots = unique_bot_names(plain, (seat.name for seat in self.seats))
            await self._store(self.store.start, self.id, seed, bots)
            for index, name in bots.items():
                self.seats[index] = Seat(name, BOT)
            self.seed = seed
            self.status = PLAYING
            self.game = self._replay()
            self._turn_changed()
            self._announce(move=False)

    async def remove(self, by: int, seat: int) -> None:
        """The host removes the person at ``seat`` in the lobby: their token stops
        working, their sockets are told and closed, and the seat is open again."""
        async with self._lock:
            if by != HOST:
                raise ApiError("not_host", "only the host (seat 0) may remove a seat")
            self._check_in_lobby()
            self._check_seat(seat)
            if seat == HOST:
                raise ApiError("bad_request", "seat: the host's own seat cannot be removed")
            removed = self.seats[seat]
            if removed.kind != HUMAN or removed.token_hash is None:
                raise ApiError(
                    "bad_request", "seat: seat {seat} is open, nobody sits there", seat=seat
                )
            await self._store(self.store.remove_seat, self.id, seat)
            self.removed_tokens.add(removed.token_hash)
            self.seats[seat] = Seat(None, OPEN)
            error = removed_error()
            for connection in [c for c in self.connections if c.seat == seat]:
                # Out of the table's sockets at once: no view reaches it any more, and
                # its closing (``detach``) no longer counts for the seat.
                self.connections.discard(connection)
                connection.push(error_message(error, requester_language(connection.websocket)))
                connection.close(CLOSE_CODES["removed"])
            self._announce(move=False)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise ApiError("bad_request", "seat: a seat from 0 to {last}", last=self.players - 1)

    # -- the game ---------------------------------------------------------------------

    async def play(
        self, seat: int, text: str, expect: int | None = None, *, by_bot: bool = False
    ) -> None:
        """Seat ``seat`` makes the move ``text``; a bot makes it for the seat if ``by_bot``."""
        async with self._lock:
            game = self._game_in_play()
            try:
                move = Move.parse(text)
            except NotationError as error:  # the only error Move.parse raises
                raise ApiError("bad_move", error.reason) from None
            if move.seat != seat:
                raise ApiError(
                    "wrong_seat",
                    "you are seat {seat}, not seat {mover}",
                    seat=seat,
                    mover=move.seat,
                )
            if expect is not None and expect != self.version:
                raise ApiError(
                    "stale",
                    "the game has moved on: version {version}, not {expect}",
                    version=self.version,
                    expect=expect,
                )
            if game.to_move != seat:
                raise ApiError(
                    "not_your_turn", "it is seat {seat}'s turn, not yours", seat=game.to_move
                )
            reason = game.why_illegal(move)
            if reason is not None:
                raise ApiError("illegal_move", reason)
            accepted_at = self.wall_clock()
            text = str(move)
            back = seat if not by_bot and self.seats[seat].away else None
            for_person = by_bot and self.seats[seat].kind == HUMAN  # shown as the bot's
            await self._store(
                self.store.add_move, self.id, self.version + 1, text, accepted_at,
                back=back, by_bot=for_person,
            )  # fmt: skip
            game.play(move)  # cannot fail: the same check passed just above
            self.moves.append(text)
            if for_person:
                self.bot_moves.add(self.version)
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

    # -- table talk (talk.py) ------------------------------------------------------

    async def say(self, speaker: Speaker, message: SayMessage | ClaimMessage) -> None:
        """A line of talk, in the lobby, the game or after it: checked, stored, then
        sent to every socket of the table (talk is not a change of the game's views)."""
        async with self._lock:
            if self.status == EXPIRED:
                raise expired_error()
            name = None if speaker.seat is None else self.seats[speaker.seat].name
            row = self.talk.new_row(
                speaker,
                message,
                name=name,
                move=self.version,
                edition=self.edition,
                players=self.players,
            )
            try:
                await self._store(self.store.add_talk, self.id, row)
            except ApiError:
                self.talk.give_back(speaker)
                raise
            text = self.talk.add(row)
        for connection in list(self.connections):
            connection.push(text)

    async def set_spectators_talk(self, seat: int, allowed: bool) -> None:
        """The host lets spectators talk, or keeps them out (they may still read)."""
        async with self._lock:
            if seat != HOST:
                raise ApiError("not_host", "only the host (seat 0) may let spectators talk")
            if self.status == EXPIRED:
                raise expired_error()
            if self.talk.spectators_talk == allowed:
                return
            await self._store(self.store.set_spectators_talk, self.id, allowed)
            self.talk.spectators_talk = allowed
            self._announce(move=False)

    async def back(self, seat: int) -> bool:
        """The person at ``seat`` is back: no bot plays for them any more.
        Whether anything changed (they may not have been away)."""
        async with self._lock:
            if not self.seats[seat].away:
                return False
            await self._store(self.store.set_away, self.id, seat, False)
            self.seats[seat].away = False
            self._seats_changed([seat])
            return True

    async def hand_to_bot(self, by: int, seat: int) -> None:
        """The host hands a person's seat to a bot at once, until that person is back."""
        async with self._lock:
            if by != HOST:
                raise ApiError("not_host", "only the host (seat 0) may hand a seat to a bot")
            self._game_in_play()
            self._check_seat(seat)
            if seat == HOST:
                raise ApiError("bad_request", "seat: the host cannot hand their own seat to a bot")
            if self.seats[seat].kind != HUMAN:
                raise ApiError("bad_request", "seat: a bot plays seat {seat} already", seat=seat)
            if not self.seats[seat].away:
                await self._send_away([seat])

    async def send_away_the_offline(self) -> None:
        """A bot plays for the people offline longer than the table's ``away_after``."""
        if self.status != PLAYING:
            return  # quick look first: the lock is for when there is something to do
        async with self._lock:
            if self.status != PLAYING:
                return
            due = away.offline_too_long(self.seats, self.away_after, self.wall_clock())
            if due:
                await self._send_away(due)

    def next_away_at(self) -> float | None:
        """When a seat offline now will be played by a bot, if it stays offline."""
        if self.status != PLAYING:
            return None
        return away.next_away_at(self.seats, self.away_after)

    async def _send_away(self, seats: list[int]) -> None:
        """Mark ``seats`` away, a bot playing for them (under the lock)."""
        for seat in seats:
            await self._store(self.store.set_away, self.id, seat, True)
            self.seats[seat].away = True
        self._seats_changed(seats)

    def _seats_changed(self, seats: list[int]) -> None:
        """Who plays ``seats`` changed: the turn starts again if one of them is to move
        (its clock, the bot's pause); the others' turns go on as they were."""
        if self.game is not None and self.game.to_move in seats:
            self._turn_changed()
        else:
            self.on_change()
        self._announce(move=False)

    async def clock_ran_out(self, seat: int, version: int) -> None:
        """The person to move at ``version`` took too long: a bot plays for them."""
        async with self._lock:
            game = self.game
            if self.version != version or game is None or game.to_move != seat:
                return
            if self.plays_itself(seat):
                return
            await self._send_away([seat])

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
        seat.offline_since = None
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
                seat.offline_since = self.wall_clock()
                self._announce(move=False)
                self.on_change()  # the driver: the away timer of this seat starts

    def _announce(self, *, move: bool, at: float | None = None) -> None:
        self.revision += 1
        self.changed_at = self.wall_clock() if at is None else at
        self.last_change_was_move = move
        self.on_announce()
