"""What a table tells its sockets: its public facts and each viewer's ``view``.

A view holds the viewer's observation (a seat's own, ``public_observation``
for spectators), the viewer's legal moves when it is to move, and the table's
public facts: nothing else about the game reaches a browser.  Legal moves go
out as :meth:`Move.view` fields (the printed cards each takes from the hand, its
cell, target, face…) so that a client needs no card geometry to tell which
hand card a move plays; a client still sends a move back as its ``text``.  Each change is
built once per kind of viewer and serialised once, however many sockets watch.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from ..rules import Observation, public_observation, seat_observation
from ..rules.moves import MoveView
from .store import PLAYING
from .table import HOST, Table

Viewer = int | None  # a seat, or None for a spectator


def serialised(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text.  orjson writes a view twenty times faster
    than the standard library, the same text (but for letters beyond ASCII, which
    it writes as themselves, not escaped); the standard library takes what orjson
    refuses, such as a lone surrogate kept from an old name."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


def table_facts(table: Table) -> dict[str, Any]:
    return {
        "table": table.id,
        "status": table.status,
        "edition": table.edition,
        "players": table.players,
        "options": table.options.to_dict(),
        "bots": table.bots,
        "spectators": table.spectators,
        "spectators_talk": table.talk.spectators_talk,
        "clock": table.clock,
        "away_after": table.away_after,
        # The lobby page (``lobby.py``) and the next game (``rematch.py``).
        "listed": table.listed,
        "language": table.language,
        "rematch": table.rematch,
        "rematch_of": table.rematch_of,
        "host": None if table.all_bots else HOST,
        "version": table.version,
        "seats": [
            {
                "seat": index,
                "name": seat.name,
                "kind": seat.kind,
                "connected": seat.sockets > 0,
                "away": seat.away,
                "away_because": seat.away_because,
            }
            for index, seat in enumerate(table.seats)
        ],
    }


def last_move_seen(observation: Observation) -> str | None:
    """The latest move as the observation's viewer saw it (from its own history)."""
    for moves in reversed(observation["history"]):
        if moves:
            return str(moves[-1])
    return None


class Views:
    """The current views of one table, cached until its next change."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._revision = -1
        self._state: tuple[int, str] | None = None
        self._facts: dict[str, Any] | None = None
        self._observations: dict[Viewer, Observation | None] = {}
        self._views: dict[Viewer, dict[str, Any]] = {}
        self._texts: dict[Viewer, str] = {}

    def facts(self) -> dict[str, Any]:
        self._refresh()
        if self._facts is None:
            self._facts = table_facts(self.table)
        return self._facts

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """The ``view`` message for ``viewer``, without its ``type``."""
        self._refresh()
        if viewer not in self._views:
            self._views[viewer] = self._build(viewer)
        return self._views[viewer]

    def text(self, viewer: Viewer) -> str:
        """The ``view`` message for ``viewer``, serialised."""
        self._refresh()
        if viewer not in self._texts:
            message = {"type": "view", **self.view(viewer)}
            self._texts[viewer] = serialised(message)
        return self._texts[viewer]

    def broadcast(self) -> None:
        """Queue the current view on every socket of the table."""
        for connection in list(self.table.connections):
            connection.push(self.text(connection.seat))

    def _refresh(self) -> None:
        table = self.table
        if table.revision != self._revision:
            self._revision = table.revision
            self._facts = None
            self._views.clear()
            self._texts.clear()
        # Observations change only with the game: a move, or the start.
        state = (table.version, table.status)
        if state != self._state:
            self._state = state
            self._observations.clear()

    def _observation(self, viewer: Viewer) -> Observation | None:
        if viewer not in self._observations:
            game = self.table.game
            if game is None:
                self._observations[viewer] = None
            elif viewer is None:
                self._observations[viewer] = public_observation(game)
            else:
                self._observations[viewer] = seat_observation(game, viewer)
        return self._observations[viewer]

    def _build(self, viewer: Viewer) -> dict[str, Any]:
        table = self.table
        game = table.game
        observation = self._observation(viewer)
        legal: list[MoveView] = []
        if (
            game is not None
            and viewer is not None
            and table.status == PLAYING
            and game.to_move == viewer
            and not table.plays_itself(viewer)
        ):
            legal = [move.view() for move in game.legal_moves()]
        clock = None
        if table.deadline is not None and game is not None:
            clock = {"seat": game.to_move, "deadline": table.deadline}
        move = None
        if table.last_change_was_move and observation is not None:
            move = last_move_seen(observation)
        return {
            "version": table.version,
            "accepted_at": table.changed_at,
            "move": move,
            "table": self.facts(),
            "observation": observation,
            "legal": legal,
            "clock": clock,
            # The numbers of the moves a bot made for a person who was away (1: the first).
            "bot_moves": sorted(table.bot_moves),
        }
