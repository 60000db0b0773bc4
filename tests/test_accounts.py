"""Accounts over the HTTP API: signing up, in and out, the limit on wrong passwords,
sessions revoked and fixed in advance, one account against another, deletion."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from accounts_helpers import (
    PASSWORD,
    browser,
    cheap_hashing,  # noqa: F401  (a fixture, used by every test here)
    database_fixture,  # noqa: F401  (the fixture "database": SQLite, then PostgreSQL)
    me,
    ok,
    refused,
    sign_in,
    sign_up,
)
from server_helpers import FakeClock, Server, running_server
from sqlalchemy import inspect, text

from pysaboteur.server import accounts
from pysaboteur.server.accounts_tables import AccountRow, OwnedSeatRow, RatingRow, SessionRow
from pysaboteur.server.sessions import COOKIE
from pysaboteur.server.store import Store


@pytest.fixture
def server(database: dict[str, Any], tmp_path: Path) -> Iterator[Server]:
    with running_server(tmp_path, clock=FakeClock(), **database) as running:
        yield running


def plant(client: httpx.Client, session: str) -> None:
    """A session cookie put in the browser as the server would have set it."""
    client.cookies.set(COOKIE, session, domain="127.0.0.1")


def count_rows(server: Server, row: type, **where: str) -> int:
    def read(store: Store) -> int:
        clauses = " AND ".join(f"{column} = :{column}" for column in where) or "1 = 1"
        with store.engine.connect() as db:
            query = text(f"SELECT COUNT(*) FROM {row.__tablename__} WHERE {clauses}")  # type: ignore[attr-defined]
            return int(db.execute(query, where).scalar_one())

    return server.read_store(read)


def test_signing_up_signs_in_with_a_cookie_no_script_reads(server: Server) -> None:
    with browser(server) as ana:
        response = ana.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
        assert response.status_code == 201
        cookie = response.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=")
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
        assert "Secure" not in cookie  # plain HTTP here; HTTPS gets Secure (below)
        account = response.json()["account"]
        assert me(ana) == account == {"id": account["id"], "name": "Ana"}
    stored = server.read_store(
        lambda store: (
            store.engine.connect().execute(text("SELECT password_hash FROM accounts")).scalar_one()
        )
    )
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_a_name_that_reads_like_an_account_s_is_taken(server: Server) -> None:
    with browser(server) as first, browser(server) as second:
        sign_up(first, "Ann")
        response = second.post("/api/accounts", json={"name": "ANN", "password": PASSWORD})
        assert refused(response) == (409, "name_taken")
        assert me(second) is None


def test_a_short_password_is_refused(server: Server) -> None:
    with browser(server) as ana:
        response = ana.post("/api/accounts", json={"name": "Ana", "password": "short"})
        assert refused(response) == (400, "bad_request")


def test_a_wrong_password_and_an_unknown_name_are_refused_alike(server: Server) -> None:
    with browser(server) as ana:
        sign_up(ana, "Ana")
    with browser(server) as someone:
        wrong = sign_in(someone, "Ana", "not the password")
        nobody = sign_in(someone, "Nobody", PASSWORD)
        assert refused(wrong) == refused(nobody) == (401, "bad_login")
        assert wrong.json() == nobody.json()
        assert "set-cookie" not in wrong.headers
        assert me(someone) is None
        assert ok(sign_in(someone, "ana"))["account"]["name"] == "Ana"  # names fold case


def test_wrong_passwords_for_an_account_are_limited(
    tmp_path: Path, database: dict[str, Any]
) -> None:
    clock = FakeClock()
    with running_server(tmp_path, clock=clock, login_failures_per_account=3, **database) as server:
        with browser(server) as ana:
            sign_up(ana, "Ana")
        with browser(server) as guesser:
            for _ in range(3):
                assert refused(sign_in(guesser, "Ana", "guess")) == (401, "bad_login")
            blocked = sign_in(guesser, "Ana")  # even the right password, unchecked
            assert refused(blocked) == (429, "rate_limited")
            assert blocked.headers["retry-after"] == "900"
            clock.advance(600)
            assert sign_in(guesser, "Ana").headers["retry-after"] == "300"
            clock.advance(300)
            assert ok(sign_in(guesser, "Ana"))["account"]["name"] == "Ana"
            # A right password clears the name's failures.
            assert refused(sign_in(guesser, "Ana", "guess")) == (401, "bad_login")
            assert ok(sign_in(guesser, "Ana"))["account"]["name"] == "Ana"


def test_wrong_passwords_from_an_address_are_limited_across_names(tmp_path: Path) -> None:
    with (
        running_server(tmp_path, clock=FakeClock(), login_failures_per_address=4) as server,
        browser(server) as ana,
    ):
        sign_up(ana, "Ana")
        for name in ("Bo", "Cy", "Di", "Ed"):
            assert refused(sign_in(ana, name, "guess")) == (401, "bad_login")
        assert refused(sign_in(ana, "Ana")) == (429, "rate_limited")


def test_signing_out_everywhere_ends_every_session(server: Server) -> None:
    with browser(server) as laptop, browser(server) as phone, browser(server) as other:
        sign_up(laptop, "Ana")
        ok(sign_in(phone, "Ana"))
        sign_up(other, "Bo")
        ended = ok(phone.delete("/api/sessions"))
        assert ended == {"account": None, "sessions_ended": 2}
        assert me(laptop) is None and me(phone) is None
        assert refused(laptop.get("/api/account/games")) == (401, "not_signed_in")
        assert me(other) == {"id": me(other)["id"], "name": "Bo"}  # type: ignore[index]


def test_signing_out_ends_this_session_only(server: Server) -> None:
    with browser(server) as laptop, browser(server) as phone:
        sign_up(laptop, "Ana")
        ok(sign_in(phone, "Ana"))
        stolen = laptop.cookies[COOKIE]
        ok(laptop.delete("/api/session"))
        assert me(laptop) is None
        assert me(phone) is not None
        with browser(server) as thief:
            plant(thief, stolen)
            assert me(thief) is None  # a signed-out session's cookie is worth nothing


def test_a_session_planted_beforehand_is_not_the_one_signed_in(server: Server) -> None:
    with browser(server) as attacker, browser(server) as victim:
        sign_up(attacker, "Mallory")
        planted = attacker.cookies[COOKIE]
        sign_up(victim, "Ana")
        ok(victim.delete("/api/session"))
        plant(victim, planted)  # the attacker's own session, planted
        ok(sign_in(victim, "Ana"))
        fresh = victim.cookies[COOKIE]
        assert fresh != planted
        assert me(victim) == {"id": me(victim)["id"], "name": "Ana"}  # type: ignore[index]
        with browser(server) as again:
            plant(again, planted)
            assert me(again) is None  # the planted session ended with the sign-in
        made_up = "a" * 43
        with browser(server) as third:
            plant(third, made_up)
            assert me(third) is None
            ok(sign_in(third, "Ana"))
            assert third.cookies[COOKIE] != made_up


def test_deleting_an_account_removes_all_it_owns(server: Server) -> None:
    with browser(server) as ana, browser(server) as bo:
        account = sign_up(ana, "Ana")
        sign_up(bo, "Bo")
        table = ok(ana.post("/api/tables", json={"name": "Ana", "players": 3}))["table"]
        ok(sign_in(bo, "Bo"))
        assert count_rows(server, OwnedSeatRow, account_id=account["id"]) == 1
        assert refused(ana.post("/api/account/delete", json={"password": "wrong one"})) == (
            401,
            "bad_login",
        )
        assert ok(ana.post("/api/account/delete", json={"password": PASSWORD})) == {"account": None}
        assert me(ana) is None
        assert refused(sign_in(ana, "Ana")) == (401, "bad_login")
        for row in (OwnedSeatRow, SessionRow):
            assert count_rows(server, row, account_id=account["id"]) == 0
        assert count_rows(server, AccountRow, id=account["id"]) == 0
        assert count_rows(server, RatingRow, player=f"account:{account['id']}") == 0
        assert me(bo) is not None  # the other account stays
        assert server.facts(table)["seats"][0]["name"] == "Ana"  # the table, as played


def test_deleting_needs_a_signed_in_account(server: Server) -> None:
    with browser(server) as someone:
        response = someone.post("/api/account/delete", json={"password": PASSWORD})
        assert refused(response) == (401, "not_signed_in")


def test_an_older_database_gets_the_account_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    Store(url).close()
    store = Store(url)
    with store.engine.begin() as db:
        for name in ("ratings", "round_results", "rated_games", "unrated_tables", "owned_seats",
                     "login_failures", "sessions", "accounts"):  # fmt: skip
            db.execute(text(f"DROP TABLE {name}"))
    store.close()
    store = Store(url)
    try:
        names = set(inspect(store.engine).get_table_names())
        assert {"accounts", "sessions", "owned_seats", "ratings"} <= names
    finally:
        store.close()


def test_a_refusal_is_said_in_the_requester_s_language(server: Server) -> None:
    with browser(server) as someone:
        response = someone.post(
            "/api/session",
            json={"name": "Nobody", "password": PASSWORD},
            headers={"Accept-Language": "tr"},
        )
        assert response.json()["error"]["message"] == "bu ad ve parolayla bir hesap yok"


def test_the_server_hashes_with_argon2id_s_recommended_parameters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()  # the server's own hasher, not the tests' cheap one
    made = accounts.hash_password(PASSWORD)
    assert made.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert accounts.password_matches(made, PASSWORD)
    assert not accounts.password_matches(made, PASSWORD + "!")
    assert not accounts.password_matches(None, PASSWORD)  # no account: never a match
    assert not accounts.password_matches("not a hash", PASSWORD)


def test_behind_a_https_proxy_the_cookie_is_secure(tmp_path: Path) -> None:
    with (
        running_server(tmp_path, forwarded_allow_ips="127.0.0.1") as server,
        browser(server) as ana,
    ):
        response = ana.post(
            "/api/accounts",
            json={"name": "Ana", "password": PASSWORD},
            headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.7"},
        )
        assert response.status_code == 201
        cookie = response.headers["set-cookie"]
        assert "; Secure" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
