"""The limit on new tables: so many per client in any ten minutes, then HTTP 429
with Retry-After; each client counted apart; the window passing frees them."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from server_helpers import FakeClock, Server, error_of, running_server

from pysaboteur.cli import build_parser
from pysaboteur.server.rate_limit import RateLimit

WINDOW = 600.0


def create_from(server: Server, client: str, **body: object) -> httpx.Response:
    """A new table asked for by ``client``, as a trusted proxy passes it on."""
    return server.http.post(
        "/api/tables",
        json={"name": "Ana", "players": 3, **body},
        headers={"X-Forwarded-For": client},
    )


# -- the limit itself -------------------------------------------------------------------


def test_a_client_has_its_limit_in_any_window() -> None:
    clock = FakeClock(0.0)
    limit = RateLimit(3, WINDOW, clock)
    for now in (0.0, 100.0, 200.0):
        clock.now = now
        assert limit.take("a") is None
    clock.now = 250.0
    assert limit.take("a") == 350  # the event at 0 leaves the window at 600
    assert limit.take("a") == 350  # a refusal is not counted
    assert limit.take("b") is None  # another client has its own count
    clock.now = 450.5
    assert limit.take("a") == 150  # whole seconds, rounded up
    clock.now = 599.9
    assert limit.take("a") == 1
    clock.now = 600.0
    assert limit.take("a") is None
    assert limit.take("a") == 100  # the next to leave is the event at 100


def test_an_event_given_back_is_not_counted() -> None:
    limit = RateLimit(1, WINDOW, FakeClock(0.0))
    assert limit.take("a") is None
    limit.give_back("a")
    assert limit.take("a") is None
    assert limit.take("a") == 600


def test_zero_is_no_limit() -> None:
    limit = RateLimit(0, WINDOW, FakeClock(0.0))
    assert all(limit.take("a") is None for _ in range(1000))


def test_quiet_clients_are_forgotten() -> None:
    clock = FakeClock(0.0)
    limit = RateLimit(3, WINDOW, clock)
    for number in range(100):
        limit.take(f"10.0.0.{number}")
    assert limit.clients == 100
    clock.now = WINDOW - 1
    limit.take("late")
    assert limit.clients == 101  # within the window: all kept
    clock.now = WINDOW
    limit.take("later")
    assert limit.clients == 2  # "late" and "later"


# -- through the API --------------------------------------------------------------------


def test_the_fourth_new_table_in_ten_minutes_is_refused(tmp_path: Path) -> None:
    clock = FakeClock()
    with running_server(
        tmp_path, clock, tables_per_client=3, table_window=WINDOW, forwarded_allow_ips="127.0.0.1"
    ) as server:  # the tests' requests come from 127.0.0.1: a trusted proxy
        for _ in range(3):
            assert create_from(server, "10.0.0.1").status_code == 201
            clock.advance(100)
        clock.advance(-50)  # 250 s after the first
        refused = create_from(server, "10.0.0.1")
        assert error_of(refused) == (429, "rate_limited")
        assert refused.headers["Retry-After"] == "350"
        assert refused.headers["Cache-Control"] == "no-store"
        assert refused.json()["error"]["message"] == (
            "too many new tables from your address (3 in 10 minutes); try again in 350 seconds"
        )
        assert len(server.live_table_ids()) == 3

        assert create_from(server, "10.0.0.2").status_code == 201  # another client

        clock.advance(350)  # the first table leaves the window
        assert create_from(server, "10.0.0.1").status_code == 201
        refused = create_from(server, "10.0.0.1")
        assert error_of(refused) == (429, "rate_limited")
        assert refused.headers["Retry-After"] == "100"


def test_a_refused_creation_does_not_count(tmp_path: Path) -> None:
    with running_server(tmp_path, FakeClock(), tables_per_client=1) as server:
        assert error_of(create_from(server, "10.0.0.1", bots="nope")) == (400, "bad_request")
        assert create_from(server, "10.0.0.1").status_code == 201
        assert error_of(create_from(server, "10.0.0.1")) == (429, "rate_limited")


def test_behind_an_untrusted_proxy_every_client_is_the_proxy(tmp_path: Path) -> None:
    """The tests' requests come from 127.0.0.1; with only 10.9.9.9 trusted, their
    X-Forwarded-For is ignored and they all count for 127.0.0.1."""
    with running_server(
        tmp_path, FakeClock(), tables_per_client=1, forwarded_allow_ips="10.9.9.9"
    ) as server:
        assert create_from(server, "10.0.0.1").status_code == 201
        assert error_of(create_from(server, "10.0.0.2")) == (429, "rate_limited")


def test_zero_turns_the_limit_off(tmp_path: Path) -> None:
    with running_server(tmp_path, FakeClock(), tables_per_client=0) as server:
        for _ in range(31):  # one more than the default limit, all at the same moment
            assert create_from(server, "10.0.0.1").status_code == 201


def test_the_serve_option() -> None:
    parser = build_parser()
    assert parser.parse_args(["serve"]).tables_per_client == 30
    assert parser.parse_args(["serve", "--tables-per-client", "0"]).tables_per_client == 0
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--tables-per-client", "-1"])
