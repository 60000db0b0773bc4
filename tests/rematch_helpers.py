"""Finished games with people at them, made quickly: the rematch's and the lobby's tests.

Each person's clock is a tenth of a second, so a bot soon plays for everyone and
the game ends without anyone moving; the table still has its people's seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from server_helpers import Server

#: What ``running_server`` needs for :func:`finished_game`'s short clocks.
QUICK_CLOCKS: dict[str, Any] = {"min_clock": 0.1}


@dataclass
class Finished:
    table: str
    tokens: dict[str, str]  # by name: Ana is the host (seat 0), then the others in order


def finished_game(server: Server, *names: str, players: int = 3, **create: Any) -> Finished:
    """A table Ana made, joined by ``names``, played by bots to its end."""
    made = server.create(players=players, bots="random", clock=0.1, away_after=None, **create)
    table = made["table"]
    tokens = {"Ana": made["token"]}
    for name in names:
        tokens[name] = server.ok("POST", f"/api/tables/{table}/join", body={"name": name})["token"]
    server.ok("POST", f"/api/tables/{table}/start", tokens["Ana"])
    server.wait_for(lambda: server.facts(table)["status"] == "over", "the game to end")
    return Finished(table, tokens)


def seats_of(server: Server, table: str) -> list[tuple[str | None, str]]:
    """``(name, kind)`` of every seat of ``table``."""
    return [(seat["name"], seat["kind"]) for seat in server.facts(table)["seats"]]
