"""A seat taken to another device by its account: a person who follows their
your-turn e-mail on a new device (or opens the table in another browser) signs
in and takes their seat back; the page that had it is told and stops acting for
it; nobody else's account, and no guest, can take it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from accounts_helpers import (
    browser,
    cheap_hashing,  # noqa: F401  (a fixture, used by every test here)
    database_fixture,  # noqa: F401  (the fixture "database": SQLite, then PostgreSQL)
    ok,
    refused,
    sign_in,
    sign_up,
)
from server_helpers import running_server
from test_server_restart import host_to_move
from websockets.exceptions import ConnectionClosed


def _table_of_ana_and_bo(server: Any, ana: Any, bo: Any) -> tuple[str, str, str]:
    """A started table of three: Ana (host) and Bo, both signed in, and a bot."""
    body = {"name": "Ana", "players": 3, "bots": "random"}
    created = ok(ana.post("/api/tables", json=body))
    table, host = created["table"], created["token"]
    bo_token = ok(bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}))["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    return table, host, bo_token


def test_an_account_takes_its_seat_to_a_new_device_and_the_old_page_is_told(
    tmp_path: Path, database: dict[str, Any]
) -> None:
    with (
        running_server(tmp_path, bot_pause=0.0, **database) as server,
        browser(server) as ana,
        browser(server) as bo,
        browser(server) as bo_phone,
        browser(server) as cy,
        browser(server) as guest,
    ):
        sign_up(ana, "Ana")
        sign_up(bo, "Bo")
        sign_up(cy, "Cy")
        table, host, old = _table_of_ana_and_bo(server, ana, bo)
        old_page = server.socket(table, old)
        assert old_page.until(lambda m: m["type"] == "welcome")["seat"] == 1
        my_seat, take = f"/api/tables/{table}/my_seat", f"/api/tables/{table}/take_seat"

        # Nobody signed in, another account, an unknown table: no seat to take.
        assert refused(guest.get(my_seat)) == (401, "not_signed_in")
        assert refused(guest.post(take)) == (401, "not_signed_in")
        assert ok(cy.get(my_seat)) == {"seat": None}
        assert refused(cy.post(take)) == (404, "no_owned_seat")
        assert refused(bo.get("/api/tables/AAAAAAAAAA/my_seat"))[1] == "unknown_table"

        # Bo's phone has no token; signed in, it learns his seat and takes it.
        assert ok(sign_in(bo_phone, "Bo"))["account"]["name"] == "Bo"
        assert ok(bo_phone.get(my_seat)) == {"seat": 1}
        taken = ok(bo_phone.post(take))
        assert (taken["table"], taken["seat"]) == (table, 1)
        new = taken["token"]
        assert new != old

        # The old page is told why, then closed as a token that no longer works.
        told = old_page.until(lambda m: m["type"] == "error")
        assert told["error"]["code"] == "seat_moved"
        with pytest.raises(ConnectionClosed) as closed:
            old_page.receive()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
        assert refused(server.call("GET", f"/api/tables/{table}/view", old)) == (403, "seat_moved")
        assert server.socket(table, old).receive()["error"]["code"] == "seat_moved"

        # The new token is Bo's seat, with his hand; the host's is untouched.
        assert server.view(table, new)["observation"]["seat"] == 1
        assert server.view(table, host)["observation"]["seat"] == 0
        assert server.facts(table)["seats"][1]["name"] == "Bo"

        # Taken back on the first device (signed in there too): the phone's stops.
        again = ok(bo.post(take))["token"]
        assert refused(server.call("GET", f"/api/tables/{table}/view", new)) == (403, "seat_moved")
        assert server.view(table, again)["observation"]["seat"] == 1

    # The hand-over is stored: after a restart the last token is the seat's.
    with running_server(tmp_path, bot_pause=0.0, **database) as server:
        assert server.view(table, again)["observation"]["seat"] == 1
        host_to_move(server, table, host)
        # What a restart forgets (as for removed seats) is why the old token stopped.
        assert refused(server.call("GET", f"/api/tables/{table}/view", old)) == (403, "bad_token")


def test_a_removed_accounts_seat_is_not_its_to_take_back(
    tmp_path: Path, database: dict[str, Any]
) -> None:
    """The host removes Bo (signed in) from the lobby; a guest, then Cy (signed in),
    sit where he sat: Bo's account no longer has that seat."""
    with (
        running_server(tmp_path, bot_pause=0.0, **database) as server,
        browser(server) as ana,
        browser(server) as bo,
        browser(server) as cy,
        browser(server) as dee,
    ):
        sign_up(ana, "Ana")
        sign_up(bo, "Bo")
        sign_up(cy, "Cy")
        created = ok(ana.post("/api/tables", json={"name": "Ana", "players": 3}))
        table, host = created["table"], created["token"]
        ok(bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}))
        server.ok("POST", f"/api/tables/{table}/remove", host, {"seat": 1})
        assert ok(bo.get(f"/api/tables/{table}/my_seat")) == {"seat": None}
        assert refused(bo.post(f"/api/tables/{table}/take_seat")) == (404, "no_owned_seat")
        assert ok(dee.post(f"/api/tables/{table}/join", json={"name": "Dee"}))["seat"] == 1
        assert refused(bo.post(f"/api/tables/{table}/take_seat")) == (404, "no_owned_seat")
        # Dee removed, Cy (signed in) sits there: the seat is Cy's, not Bo's.
        server.ok("POST", f"/api/tables/{table}/remove", host, {"seat": 1})
        cy_joined = ok(cy.post(f"/api/tables/{table}/join", json={"name": "Cy"}))
        assert cy_joined["seat"] == 1
        assert ok(cy.get(f"/api/tables/{table}/my_seat")) == {"seat": 1}
        assert ok(bo.get(f"/api/tables/{table}/my_seat")) == {"seat": None}
        server.ok("POST", f"/api/tables/{table}/start", host)
        assert server.view(table, cy_joined["token"])["observation"]["seat"] == 1


def test_a_signed_in_person_removed_and_back_has_the_seat_again(tmp_path: Path) -> None:
    """Removed, Bo joins again signed in, at the seat he had: it is his account's."""
    with (
        running_server(tmp_path, bot_pause=0.0) as server,
        browser(server) as ana,
        browser(server) as bo,
    ):
        sign_up(ana, "Ana")
        sign_up(bo, "Bo")
        created = ok(ana.post("/api/tables", json={"name": "Ana", "players": 4}))
        table, host = created["table"], created["token"]
        ok(bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}))
        server.ok("POST", f"/api/tables/{table}/remove", host, {"seat": 1})
        assert ok(bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}))["seat"] == 1
        assert ok(bo.get(f"/api/tables/{table}/my_seat")) == {"seat": 1}
        assert ok(ana.get(f"/api/tables/{table}/my_seat")) == {"seat": 0}
