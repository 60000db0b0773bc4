"""A table in play: its seats, its game and the rules of the table around the game.

Every change goes the same way, one at a time under the table's lock: check
(raising :class:`ApiError`, changing nothing) and say what changes (a
:data:`~.store.Change`), commit it to the store, apply it to the table in
memory, announce it to the table's sockets.  The commit runs off the event
loop; until it returns the table in memory is untouched, so whoever looks
meanwhile sees the table as it was, and a failed commit leaves nothing to undo.

Several processes may hold the same table (``docs/server.md``, several
processes): a change is stored only if the table's count of stored changes is
still the one this copy knows (:class:`~.store.Conflict` otherwise: another
process was first), so the database orders every table's changes.  A copy that
lost such a race catches up from the store and checks the request again; the
changes other processes store reach it through the bus and are applied by the
same :meth:`Table.apply`, so every copy goes through the same states.
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

from ..i18n import N_, NP_, SOURCE, gettext, requester_language, translator
from ..rules import Game, IllegalMove, Move, NotationError, Options
from . import away
from .connections import Connection
from .names import is_taken, unique_bot_names
from .protocol import CLOSE_CODES, ApiError, ClaimMessage, SayMessage, error_message
from .store import (
    BOT,
    EXPIRED,
    HUMAN,
    INVITED,
    LOBBY,
    OPEN,
    OVER,
    PLAYING,
    Change,
    Conflict,
    Store,
    StoredSeat,
    StoredTable,
)
from .talk import Speaker, Talk
from .tokens import hash_token, new_seed, new_token
from .turn_based import is_turn_based, resumed_turn_start

HOST = 0
log = logging.getLogger(__name__)


@dataclass
class Seat:
    name: str | None
    kind: str  # OPEN, HUMAN, BOT or INVITED (``rematch.py``)
    token_hash: str | None = None
    away: bool = False
    #: Why a bot plays for the person (:data:`AWAY_REASONS`), known in memory only:
    #: None after a restart, and while the seat is not away.
    away_because: str | None = None
    sockets: int = 0  # open WebSockets of this seat, in every process
    #: Since when no socket of the seat is open (None while one is): see ``away.py``.
    offline_since: float | None = None


#: Why a person is away: their clock ran out, they were offline longer than the
#: table's ``away_after``, or the host handed their seat to a bot.
AWAY_REASONS = ("clock", "offline", "host")

#: TRANSLATORS: a bot's name at a table: its seat and which bot it is ("random").
BOT_NAME = N_("Bot {seat} ({bot})")


#: The package's bots by the word each language calls them in a bot's name (English
#: keeps the bot's own name, which is also what a spec says).
BOT_KINDS = {
    #: TRANSLATORS: the bot that plays any legal move, in a bot's name: "Bot 2 (random)".
    "random": NP_("bot", "random"),
    #: TRANSLATORS: the quick, sensible bot, in a bot's name: "Bot 2 (heuristic)".
    "heuristic": NP_("bot", "heuristic"),
    #: TRANSLATORS: the bot that searches (ISMCTS) before each move: "Bot 2 (ismcts)".
    "ismcts": NP_("bot", "ismcts"),
}


def bot_name(seat: int, spec: str, lang: str = SOURCE) -> str:
    """A bot's name at a table, in the language of the host who filled the seat with it
    (a name is kept as it was given, in the record too); the bot's settings, if its
    spec has any, as the spec writes them."""
    kind, colon, settings = spec.partition(":")
    if kind in BOT_KINDS:
        kind = translator(lang).pgettext("bot", BOT_KINDS[kind])
    return gettext(lang, BOT_NAME).format(seat=seat, bot=f"{kind}{colon}{settings}")


def expired_error() -> ApiError:
    return ApiError(
        "table_expired",
        "this table was closed: its game was never started and nothing happened at it "
        "for too long; create a new table",
    )


class Behind(Exception):
    """A request knows of changes this copy of the table has not heard of yet (another
    process stored them a moment ago): catch up with the store, then decide."""


def removed_error() -> ApiError:
    return ApiError("removed", "the host removed you from this table; you may join it again")


def moved_error() -> ApiError:
    return ApiError(
        "seat_moved",
        "your seat is played on another device now, signed in to your account; "
        "sign in here to take it back",
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
        #: A Duel's own deck file (None: the shipped deck); its games and records use it.
        self.deck = stored.deck
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
        #: Digests of the tokens a seat had before its account took it to another
        #: device (``hand_over``; memory only, as ``removed_tokens``).
        self.moved_tokens: set[str] = set()
        self.bot_pause = default_bot_pause if stored.bot_pause is None else stored.bot_pause
        self.status = stored.status
        self.seed = stored.seed
        #: Whether the lobby page lists the table (``lobby.py``), and in which language.
        self.listed = stored.listed
        self.language = stored.language
        #: The next game offered to the seats, and the game this one follows (``rematch.py``).
        self.rematch = stored.rematch
        self.rematch_of = stored.rematch_of
        #: The stored changes this copy has applied (``TableRow.changes``).
        self.serial = stored.changes
        self.seats = [Seat(s.name, s.kind, s.token_hash, s.away) for s in stored.seats]
        self.moves = list(stored.moves)  # every stored move, full text
        self.game = self._replay() if self.seed is not None else None
        #: Whether the store's status lags behind the game (its last write was lost).
        self.status_lags = self.game is not None and self.game.is_over and self.status != OVER
        if self.status_lags:
            self.status = OVER
        self.connections: set[Connection] = set()
        #: Open sockets of each seat held by other processes, by process, and of
        #: their spectators (``presence``): a seat is online if any process has one.
        self._remote_seats: dict[str, dict[int, int]] = {}
        self._remote_watchers: dict[str, int] = {}
        self._lock = asyncio.Lock()
        #: Whether this copy caught up with the store during the change being decided.
        self._fresh = False
        now = self.wall_clock()
        for seat in self.seats:
            seat.offline_since = now  # no socket is open yet: offline from the (re)start
        #: Counts every change announced: moves, seats taken, start, sockets, away and back.
        self.revision = 0
        self.changed_at = stored.last_accepted_at or stored.created_at
        self.last_change_was_move = bool(self.moves)
        #: When the seat to move began its turn (for the bots' pause and the clock):
        #: at a turn-based table, when it began as stored, whatever restarts came since.
        self.turn_started_at = resumed_turn_start(self.clock, stored.turn_started_at, now)
        self.deadline: float | None = None
        self._reset_clock(self.turn_started_at)
        #: Called after every change of the game or the seats (the driver listens).
        self.on_change: Callable[[], None] = lambda: None
        #: Called after every announced change, to send the views.
        self.on_announce: Callable[[], None] = lambda: None
        #: Called when the sockets this process holds change (the bus tells the others).
        self.on_presence: Callable[[], None] = lambda: None

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
        return Game.new(
            self.players, self.options, self.seed, names=names, edition=self.edition, deck=self.deck
        )

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
            if seat.kind == INVITED:
                continue  # not theirs until they accept (``rematch.py``)
            if seat.token_hash is not None and hmac.compare_digest(digest, seat.token_hash):
                return index
        if digest in self.removed_tokens:
            raise removed_error()
        if digest in self.moved_tokens:
            raise moved_error()
        raise ApiError("bad_token", "this token owns no seat at this table")

    async def identify(self, token: str | None) -> int:
        """:meth:`seat_of`, after catching up with the store if the token is unknown
        here: the seat may have been taken through another process a moment ago."""
        try:
            return self.seat_of(token)
        except ApiError as error:
            if error.code != "bad_token":
                raise
        await self.catch_up()
        return self.seat_of(token)

    def held_by_a_person(self, seat: int) -> bool:
        """Whether a person sits at ``seat`` with a token (not a bot, not open)."""
        held = self.seats[seat]
        return held.kind == HUMAN and held.token_hash is not None

    def plays_itself(self, seat: int) -> bool:
        """Whether a bot moves for ``seat``: a bot's seat, or a person who is away."""
        return self.seats[seat].kind == BOT or self.seats[seat].away

    # -- changes ----------------------------------------------------------------------

    async def _change(self, decide: Callable[[], Change | None]) -> Change | None:
        """Under the lock: ``decide`` the change from the table as it is (raising
        :class:`ApiError` to refuse, :class:`Behind` to see the store first; None:
        nothing to change), store it, apply it.

        If another process stored a change first, catch up and decide again — with
        the table's row locked in the database this time, from the catching up to
        the commit, so that a busy table (bots moving at once, through another
        process) cannot keep winning the race."""
        async with self._lock:
            self._fresh = False
            try:
                change = decide()
                if change is None:
                    return None
                self._mark_turn(change)
                await self._store(self.store.commit, self.id, self.serial, change)
            except (Behind, Conflict):
                # Another process changed the table first, or the request knows of
                # a change this copy has not heard of yet.
                change = await self._change_locked(decide)
                if change is None:
                    return None
            else:
                self.serial += 1
                self.apply(change)
            return change

    async def _change_locked(self, decide: Callable[[], Change | None]) -> Change | None:
        """:meth:`_change` with the table's row locked (under the table's lock)."""
        try:
            db, stored = await self.store.run(self.store.lock, self.id)
        except Exception:
            log.exception("table %s: locking its row failed", self.id)
            raise ApiError("server_error", "the table could not be read; try again") from None
        committed = False
        try:
            if stored.changes != self.serial:
                self.serial = stored.changes
                self._take_stored(stored)
            self._fresh = True
            change = decide()
            if change is None:
                return None
            self._mark_turn(change)
            await self._store(self.store.commit_locked, db, self.id, self.serial, change)
            committed = True
        finally:
            if not committed:
                await self.store.run(self.store.unlock, db)
        self.serial += 1
        self.apply(change)
        return change

    def _mark_turn(self, change: Change) -> None:
        """At a turn-based table, a change that begins a turn says when (``turn_at``),
        and the store keeps it: the turn's deadline is the same after a restart."""
        if not is_turn_based(self.clock):
            return
        kind, game = change["kind"], self.game
        to_move = None if game is None else game.to_move
        if kind in ("move", "start") or (kind == "away" and to_move in change["seats"]):
            change["turn_at"] = change["at"]

    async def receive(self, serial: int, change: Change) -> None:
        """A change another process stored, number ``serial``: applied in order; a
        gap (a notice missed) is filled from the store."""
        async with self._lock:
            if serial <= self.serial:
                return  # this copy's own change, or one it caught up with already
            if serial == self.serial + 1:
                self.serial = serial
                self.apply(change)
            else:
                await self._catch_up()

    async def catch_up(self) -> None:
        """Bring this copy up to the store (notices may have been missed)."""
        async with self._lock:
            await self._catch_up()

    async def at_least(self, version: int | None) -> None:
        """Make sure this copy has heard of ``version`` moves, when a client says
        it has (it made a move through another process, whose notice may not have
        arrived yet): the store is read once; a version nobody made is no error."""
        if version is not None and version > self.version:
            await self.catch_up()

    async def _catch_up(self) -> None:
        """Apply what the store holds beyond this copy (under the lock)."""
        try:
            stored = await self.store.read(self.store.load, self.id)
        except Exception:
            log.exception("table %s: catching up with the store failed", self.id)
            raise ApiError("server_error", "the table could not be read; try again") from None
        if stored is None or stored.changes <= self.serial:
            return
        self.serial = stored.changes
        self._take_stored(stored)

    def _take_stored(self, stored: StoredTable) -> None:
        """Become what ``stored`` says, keeping what only memory knows (sockets,
        offline times, removed tokens, the talk's rate limit)."""
        known = self.moves
        game_changed = stored.seed != self.seed or stored.moves != known
        for index, fresh in enumerate(stored.seats):
            self._take_seat(index, fresh)
        self.status = stored.status
        self.listed, self.rematch = stored.listed, stored.rematch
        self.talk.spectators_talk = stored.spectators_talk
        self.bot_moves = set(stored.bot_moves)
        for row in stored.talk[len(self.talk.lines) :]:
            self._push_all(self.talk.add(row))
        if game_changed:
            extends = stored.seed == self.seed and stored.moves[: len(known)] == known
            self.seed = stored.seed
            self.moves = list(stored.moves)
            if self.game is not None and extends:
                for text in stored.moves[len(known) :]:
                    self.game.play(text)
            elif self.seed is not None:
                self.game = self._replay()
            if self.game is not None and self.game.is_over and self.status == PLAYING:
                self.status = OVER
        if self.status == EXPIRED:
            self._tell_expired()
        moved_at = stored.last_accepted_at if game_changed else None
        turn_at = moved_at
        if is_turn_based(self.clock) and stored.turn_started_at is not None:
            turn_at = stored.turn_started_at  # the turn began then, whoever stored it
        self._turn_changed(turn_at)
        self._announce(move=game_changed and bool(self.moves), at=moved_at)

    def _take_seat(self, index: int, fresh: StoredSeat) -> None:
        seat = self.seats[index]
        if seat.token_hash is not None and fresh.token_hash != seat.token_hash:
            # The same person with a new token is a hand-over; anyone else, a removal.
            if fresh.kind == HUMAN and seat.kind == HUMAN and fresh.name == seat.name:
                self._token_moved(index, fresh.token_hash)
            else:
                self.removed_tokens.add(seat.token_hash)
                self._close_seat_sockets(index, removed_error())
        seat.name, seat.kind, seat.token_hash, seat.away = (
            fresh.name,
            fresh.kind,
            fresh.token_hash,
            fresh.away,
        )
        if not seat.away:
            seat.away_because = None

    def apply(self, change: Change) -> None:
        """Apply a stored change to the table in memory (and announce it): the one way
        this copy changes, whichever process stored the change."""
        kind = change["kind"]
        if kind == "move":
            self._apply_move(change)
        elif kind == "join":
            seat = change["seat"]
            self.seats[seat] = Seat(
                change["name"], HUMAN, change["token_hash"], offline_since=self.wall_clock()
            )
            self._announce(move=False)
        elif kind == "start":
            for index, name in change["bots"].items():
                self.seats[int(index)] = Seat(name, BOT)
            self.seed = change["seed"]
            self.status = PLAYING
            self.game = self._replay()
            self._turn_changed(change["at"])
            self._announce(move=False)
        elif kind == "remove":
            seat = change["seat"]
            token_hash = self.seats[seat].token_hash
            if token_hash is not None:
                self.removed_tokens.add(token_hash)
            self._close_seat_sockets(seat, removed_error())
            self.seats[seat] = Seat(None, OPEN)
            self._announce(move=False)
        elif kind == "hand_over":
            self._token_moved(change["seat"], change["token_hash"])
        elif kind == "away":
            for seat in change["seats"]:
                self.seats[seat].away = change["away"]
                self.seats[seat].away_because = change.get("because") if change["away"] else None
            self._seats_changed(change["seats"], change["at"])
        elif kind == "spectators_talk":
            self.talk.spectators_talk = change["allowed"]
            self._announce(move=False)
        elif kind == "talk":
            self._push_all(self.talk.add(change["row"]))
        elif kind == "expire":
            self.status = EXPIRED
            self._tell_expired()
            self._announce(move=False)
        elif kind == "listed":
            self.listed = change["listed"]
            self._announce(move=False)
        elif kind == "rematch":
            self.rematch = {"table": change["table"], "by": change["by"]}
            self._announce(move=False)
        elif kind == "accept":
            self.seats[change["seat"]].kind = HUMAN
            self._announce(move=False)
        elif kind == "decline":
            self.seats[change["seat"]] = Seat(None, OPEN)
            self._announce(move=False)
        else:
            raise ValueError(f"table {self.id}: unknown change {kind!r}")

    def _apply_move(self, change: Change) -> None:
        game = self.game
        assert game is not None
        game.play(change["text"])  # checked before it was stored
        self.moves.append(change["text"])
        if change["by_bot"]:
            self.bot_moves.add(change["number"])
        back = change["back"]
        if back is not None:
            self.seats[back].away = False
            self.seats[back].away_because = None
        if game.is_over:
            self.status = OVER
        self._turn_changed(change["at"])
        self._announce(move=True, at=change["at"])

    def _push_all(self, text: str) -> None:
        for connection in list(self.connections):
            connection.push(text)

    def _token_moved(self, seat: int, token_hash: str | None) -> None:
        """``seat``'s person took it to another device: the old token stops working,
        its sockets are told why and closed."""
        old = self.seats[seat].token_hash
        if old is not None:
            self.moved_tokens.add(old)
        self._close_seat_sockets(seat, moved_error())
        self.seats[seat].token_hash = token_hash

    def _close_seat_sockets(self, seat: int, error: ApiError) -> None:
        """Tell the sockets of ``seat`` why their token stopped working, and close them."""
        for connection in [c for c in self.connections if c.seat == seat]:
            # Out of the table's sockets at once: no view reaches it any more, and
            # its closing (``detach``) no longer counts for the seat.
            self.connections.discard(connection)
            connection.push(error_message(error, requester_language(connection.websocket)))
            connection.close(CLOSE_CODES[error.code])
        self._count_sockets()

    def _tell_expired(self) -> None:
        """The table was closed unstarted: every socket still open is told and closed."""
        for connection in list(self.connections):
            said = requester_language(connection.websocket)
            connection.push(error_message(expired_error(), said))
            connection.close(CLOSE_CODES["table_expired"])

    # -- the lobby ----------------------------------------------------------------------

    def check_in_lobby(self) -> None:
        if self.status == EXPIRED:
            raise expired_error()
        if self.status != LOBBY:
            raise ApiError("already_started", "the game at this table has already started")

    def idle_lobby(self, unchanged_since: float) -> bool:
        """Whether the table is in its lobby, unwatched (no socket open in any
        process), with no change since ``unchanged_since``."""
        return self.status == LOBBY and not self.watched and self.changed_at <= unchanged_since

    async def expire(self, unchanged_since: float) -> bool:
        """Close the table if it is an idle lobby (:meth:`idle_lobby`); whether it was."""

        def decide() -> Change | None:
            return {"kind": "expire"} if self.idle_lobby(unchanged_since) else None

        return await self._change(decide) is not None

    async def join(self, name: str) -> tuple[int, str]:
        """Seat a newcomer at the lowest open seat: ``(seat, token)``."""
        token = new_token()

        def decide() -> Change:
            self.check_in_lobby()
            seat = next((i for i, s in enumerate(self.seats) if s.kind == OPEN), None)
            if seat is None:
                raise ApiError("table_full", "all {players} seats are taken", players=self.players)
            if is_taken(name, (each.name for each in self.seats)):
                raise ApiError(
                    "name_taken",
                    "somebody at this table is already called {name}: choose another name",
                    name=name,
                )
            return {"kind": "join", "seat": seat, "name": name, "token_hash": hash_token(token)}

        change = await self._change(decide)
        assert change is not None
        return change["seat"], token

    async def hand_over(self, seat: int) -> str:
        """The person at ``seat`` takes it to this device (their account proved it is
        theirs): a new token for the seat; the old one stops working."""
        token = new_token()

        def decide() -> Change:
            if self.status == EXPIRED:
                raise expired_error()
            self._check_seat(seat)
            if not self.held_by_a_person(seat):
                raise ApiError("not_your_seat", "nobody sits at seat {seat} now", seat=seat)
            return {"kind": "hand_over", "seat": seat, "token_hash": hash_token(token)}

        await self._change(decide)
        return token

    async def start(self, seat: int, lang: str = SOURCE) -> None:
        if seat != HOST:
            raise ApiError("not_host", "only the host (seat 0) may start the game")
        seed = new_seed()

        def decide() -> Change:
            self.check_in_lobby()
            plain = {
                i: bot_name(i, self.bots, lang)
                for i, s in enumerate(self.seats)
                if s.kind in (OPEN, INVITED)  # an invitation not taken up: a bot plays it
            }
            bots = unique_bot_names(plain, (seat.name for seat in self.seats))
            # JSON keys are strings: the seats' numbers too, as the bus carries them.
            named = {str(index): name for index, name in bots.items()}
            return {"kind": "start", "seed": seed, "bots": named, "at": self.wall_clock()}

        await self._change(decide)

    async def remove(self, by: int, seat: int) -> None:
        """The host removes the person at ``seat`` in the lobby: their token stops
        working, their sockets are told and closed, and the seat is open again."""
        if by != HOST:
            raise ApiError("not_host", "only the host (seat 0) may remove a seat")

        def decide() -> Change:
            self.check_in_lobby()
            self._check_seat(seat)
            if seat == HOST:
                raise ApiError("bad_request", "seat: the host's own seat cannot be removed")
            removed = self.seats[seat]
            if removed.kind != HUMAN or removed.token_hash is None:
                raise ApiError(
                    "bad_request", "seat: seat {seat} is open, nobody sits there", seat=seat
                )
            return {"kind": "remove", "seat": seat}

        await self._change(decide)

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise ApiError("bad_request", "seat: a seat from 0 to {last}", last=self.players - 1)

    # -- the game ---------------------------------------------------------------------

    async def play(
        self, seat: int, text: str, expect: int | None = None, *, by_bot: bool = False
    ) -> None:
        """Seat ``seat`` makes the move ``text``; a bot makes it for the seat if ``by_bot``."""

        def decide() -> Change:
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
            if expect is not None and expect > self.version and not self._fresh:
                raise Behind()  # the client has heard of moves this copy has not yet
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
            return {
                "kind": "move",
                "number": self.version + 1,
                "text": str(move),
                "at": self.wall_clock(),
                "back": seat if not by_bot and self.seats[seat].away else None,
                # A bot's move for a person who is away is shown as the bot's.
                "by_bot": by_bot and self.seats[seat].kind == HUMAN,
            }

        change = await self._change(decide)
        if self.game is not None and self.game.is_over and change is not None:
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
        counted = False

        def decide() -> Change:
            nonlocal counted
            if counted:  # checked again after losing a race: counted once
                self.talk.give_back(speaker)
                counted = False
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
            counted = True
            return {"kind": "talk", "row": row}

        try:
            await self._change(decide)
        except ApiError as error:
            if counted and error.code == "server_error":
                self.talk.give_back(speaker)
            raise

    async def set_spectators_talk(self, seat: int, allowed: bool) -> None:
        """The host lets spectators talk, or keeps them out (they may still read)."""
        if seat != HOST:
            raise ApiError("not_host", "only the host (seat 0) may let spectators talk")

        def decide() -> Change | None:
            if self.status == EXPIRED:
                raise expired_error()
            if self.talk.spectators_talk == allowed:
                return None
            return {"kind": "spectators_talk", "allowed": allowed}

        await self._change(decide)

    async def back(self, seat: int) -> bool:
        """The person at ``seat`` is back: no bot plays for them any more.
        Whether anything changed (they may not have been away)."""

        def decide() -> Change | None:
            if not self.seats[seat].away:
                return None
            return self._away_change([seat], away=False)

        return await self._change(decide) is not None

    async def hand_to_bot(self, by: int, seat: int) -> None:
        """The host hands a person's seat to a bot at once, until that person is back."""
        if by != HOST:
            raise ApiError("not_host", "only the host (seat 0) may hand a seat to a bot")

        def decide() -> Change | None:
            self._game_in_play()
            self._check_seat(seat)
            if seat == HOST:
                raise ApiError("bad_request", "seat: the host cannot hand their own seat to a bot")
            if self.seats[seat].kind != HUMAN:
                raise ApiError("bad_request", "seat: a bot plays seat {seat} already", seat=seat)
            if self.seats[seat].away:
                return None
            return self._away_change([seat], away=True, because="host")

        await self._change(decide)

    async def send_away_the_offline(self) -> None:
        """A bot plays for the people offline longer than the table's ``away_after``."""
        if self.status != PLAYING:
            return  # quick look first: the lock is for when there is something to do

        def decide() -> Change | None:
            if self.status != PLAYING:
                return None
            due = away.offline_too_long(self.seats, self.away_after, self.wall_clock())
            return self._away_change(due, away=True, because="offline") if due else None

        await self._change(decide)

    def next_away_at(self) -> float | None:
        """When a seat offline now will be played by a bot, if it stays offline."""
        if self.status != PLAYING:
            return None
        return away.next_away_at(self.seats, self.away_after)

    def _away_change(self, seats: list[int], *, away: bool, because: str | None = None) -> Change:
        change: Change = {"kind": "away", "seats": seats, "away": away, "at": self.wall_clock()}
        if because is not None:
            change["because"] = because
        return change

    def _seats_changed(self, seats: list[int], at: float) -> None:
        """Who plays ``seats`` changed: the turn starts again if one of them is to move
        (its clock, the bot's pause); the others' turns go on as they were."""
        if self.game is not None and self.game.to_move in seats:
            self._turn_changed(at)
        else:
            self.on_change()
        self._announce(move=False)

    async def clock_ran_out(self, seat: int, version: int) -> None:
        """The person to move at ``version`` took too long: a bot plays for them."""

        def decide() -> Change | None:
            game = self.game
            if self.version != version or game is None or game.to_move != seat:
                return None
            if self.plays_itself(seat):
                return None
            return self._away_change([seat], away=True, because="clock")

        await self._change(decide)

    async def commit(self, decide: Callable[[], Change | None]) -> Change | None:
        """A change decided by another module (``lobby.py``, ``rematch.py``), stored
        and applied as every change is (:meth:`_change`)."""
        return await self._change(decide)

    async def _store(self, write: Callable[..., None], *args: Any, **keywords: Any) -> None:
        """Commit a write; a failure is the server's, and changes nothing at the table."""
        try:
            await self.store.run(write, *args, **keywords)
        except Conflict:
            raise
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

    # -- sockets, here and in other processes --------------------------------------------

    @property
    def watched(self) -> bool:
        """Whether a socket (a seat's or a spectator's) is open on the table anywhere."""
        return (
            bool(self.connections)
            or any(any(counts.values()) for counts in self._remote_seats.values())
            or any(self._remote_watchers.values())
        )

    def local_presence(self) -> tuple[dict[int, int], int]:
        """The sockets this process holds: per seat, and the spectators'."""
        seats: dict[int, int] = {}
        watchers = 0
        for connection in self.connections:
            if connection.seat is None:
                watchers += 1
            else:
                seats[connection.seat] = seats.get(connection.seat, 0) + 1
        return seats, watchers

    def presence(self, process: str, seats: dict[int, int], watchers: int) -> None:
        """The sockets another process holds on the table now (all of them)."""
        if seats or watchers:
            self._remote_seats[process] = seats
            self._remote_watchers[process] = watchers
        else:
            self._remote_seats.pop(process, None)
            self._remote_watchers.pop(process, None)
        self._count_sockets()

    def forget(self, process: str) -> None:
        """Another process is gone: its sockets with it."""
        if process in self._remote_seats or process in self._remote_watchers:
            self.presence(process, {}, 0)

    def attach(self, connection: Connection) -> bool:
        """A socket opens; whether that changed the table's facts (a seat came online)."""
        self.connections.add(connection)
        self.on_presence()
        return self._count_sockets()

    def detach(self, connection: Connection) -> None:
        if connection not in self.connections:
            return
        self.connections.discard(connection)
        self.on_presence()
        self._count_sockets()

    def _count_sockets(self) -> bool:
        """Count each seat's sockets in every process; a seat that came online or went
        offline is announced (and the driver looks again: its away timer). Whether
        anything was announced."""
        local, _ = self.local_presence()
        changed = False
        now = self.wall_clock()
        for index, seat in enumerate(self.seats):
            count = local.get(index, 0) + sum(
                counts.get(index, 0) for counts in self._remote_seats.values()
            )
            if (count > 0) != (seat.sockets > 0):
                changed = True
                seat.offline_since = None if count else now
            seat.sockets = count
        if changed:
            self._announce(move=False)
            self.on_change()
        return changed

    def _announce(self, *, move: bool, at: float | None = None) -> None:
        self.revision += 1
        self.changed_at = self.wall_clock() if at is None else at
        self.last_change_was_move = move
        self.on_announce()
