"""Helpers for the tests of accounts: browsers of their own, signed in or not."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from server_helpers import WAIT, Server, error_of, new_postgres_database

from pysaboteur.server import accounts

PASSWORD = "correct horse battery"


def browser(server: Server) -> httpx.Client:
    """A client with a cookie jar of its own, as another person's browser."""
    return httpx.Client(base_url=server.url, timeout=WAIT)


def sign_up(client: httpx.Client, name: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    account: dict[str, Any] = response.json()["account"]
    return account


def sign_in(client: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return client.post("/api/session", json={"name": name, "password": password})


def refused(response: httpx.Response) -> tuple[int, str]:
    return error_of(response)


def ok(response: httpx.Response) -> Any:
    assert response.status_code in (200, 201), (response.status_code, response.text)
    return response.json()


def me(client: httpx.Client) -> dict[str, Any] | None:
    account: dict[str, Any] | None = ok(client.get("/api/session"))["account"]
    return account


@pytest.fixture(autouse=True)
def cheap_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords hashed with argon2id's least work: the tests sign in by the dozen
    (the hashes the server makes with its own parameters are tested apart)."""
    monkeypatch.setattr(
        accounts, "HASHER", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    )


def play_out(server: Server, table: str, tokens: list[str]) -> dict[str, Any]:
    """Move for every person of ``tokens`` (their last legal move) until the game is
    over, bots moving between; the first token's last view."""
    deadline = time.monotonic() + 10 * WAIT
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        moved = False
        for token in tokens:
            view = server.view(table, token)
            if view["table"]["status"] == "over":
                return server.view(table, tokens[0])
            if view["legal"]:
                body = {"move": view["legal"][-1]["text"], "expect": view["version"]}
                server.call("POST", f"/api/tables/{table}/moves", token, body)
                moved = True
        if not moved:
            time.sleep(0.005)


def wait_for_results(server: Server, client: httpx.Client, rounds: int) -> dict[str, Any]:
    """The account's statistics once they count ``rounds`` rounds (written in the
    background when the game ends)."""
    found: dict[str, Any] = {}

    def counted() -> bool:
        found.update(ok(client.get("/api/account/statistics")))
        counted_rounds: int = sum(line["rounds"] for line in found["statistics"])
        return counted_rounds == rounds

    server.wait_for(counted, f"{rounds} rounds in the statistics")
    return found


POSTGRES = os.environ.get("PYSABOTEUR_TEST_POSTGRES")
DATABASES = ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(
    not POSTGRES, reason="set PYSABOTEUR_TEST_POSTGRES to a PostgreSQL server's URL"))]  # fmt: skip


@pytest.fixture(params=DATABASES, name="database")
def database_fixture(request: pytest.FixtureRequest) -> Iterator[dict[str, Any]]:
    """The server settings of a test run on SQLite, then on a new PostgreSQL database
    (where ``PYSABOTEUR_TEST_POSTGRES`` names a server)."""
    if request.param == "sqlite":
        yield {}
        return
    assert POSTGRES is not None
    with new_postgres_database(POSTGRES) as url:
        yield {"database_url": url}
