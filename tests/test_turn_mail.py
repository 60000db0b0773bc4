"""Your-turn e-mails, sent to a local SMTP server the test starts (aiosmtpd): once
per turn at a turn-based table, to an account that asked, in its language, with
a link to the table; never at a live table, never while the person's page is
open, never holding up the table when the mail server fails; the address is
the account's alone, and masked in the log."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from accounts_helpers import (
    browser,
    cheap_hashing,  # noqa: F401  (a fixture, used by every test here)
    database_fixture,  # noqa: F401  (the fixture "database": SQLite, then PostgreSQL)
    ok,
    refused,
    sign_up,
)
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SMTPServer
from aiosmtpd.smtp import Envelope, Session
from server_helpers import Server, View, running_server

from pysaboteur.server.accounts_tables import NotificationRow
from pysaboteur.server.turn_based import DAY

ADDRESS = "ana.mineworker@example.org"


class Inbox:
    """aiosmtpd's handler: every message the server was given, parsed."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: SMTPServer, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        parsed = message_from_bytes(content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        return "250 OK"


class RefusingInbox(Inbox):
    """A mail server that knows nobody: every recipient refused, by address."""

    async def handle_RCPT(
        self, server: SMTPServer, session: Session, envelope: Envelope, address: str, *_: Any
    ) -> str:
        return f"550 5.1.1 <{address}>: no such mailbox"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


def mail_settings(port: int) -> dict[str, Any]:
    return {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_security": "none",
        "mail_delay": 0.0,
        "public_url": "https://saboteur.example.org",
    }


def wants_mail(client: httpx.Client, address: str = ADDRESS, lang: str = "en") -> Any:
    chosen = {"title": True, "browser": False, "email": address, "email_turns": True}
    return ok(
        client.post("/api/account/notifications", json=chosen, headers={"Accept-Language": lang})
    )


def ana_and_bo(
    server: Server, ana: httpx.Client, clock: float | None, *, start: bool = True
) -> tuple[str, str, str]:
    """Ana (signed in, host at seat 0) and Bo (a guest, seat 1), a bot in seat 2,
    started unless not ``start``: ``(table, Ana's token, Bo's token)``."""
    body = {"name": "Ana", "players": 3, "bots": "random", "clock": clock, "away_after": None}
    created = ok(ana.post("/api/tables", json=body))
    table, token = created["table"], created["token"]
    bo = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    if start:
        server.ok("POST", f"/api/tables/{table}/start", token)
    return table, token, bo


def until_anas_turn(server: Server, table: str, ana: str, bo: str) -> View:
    """Bo moves whenever it is his turn, until it is Ana's: her view then."""
    while True:
        server.wait_for(
            lambda: bool(server.view(table, ana)["legal"] or server.view(table, bo)["legal"]),
            "a person's turn",
        )
        mine = server.view(table, ana)
        if mine["legal"]:
            return mine
        his = server.view(table, bo)
        server.ok("POST", f"/api/tables/{table}/moves", bo, {"move": his["legal"][0]["text"]})


def test_an_account_is_mailed_once_when_it_is_its_turn(
    tmp_path: Path, inbox: tuple[Inbox, int], database: dict[str, Any]
) -> None:
    mails, port = inbox
    settings = {**mail_settings(port), **database}
    with running_server(tmp_path, **settings) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        wants_mail(ana, lang="it")
        table, token, bo = ana_and_bo(server, ana, DAY)
        turn = until_anas_turn(server, table, token, bo)
        server.wait_for(lambda: len(mails.messages) == 1, "the e-mail")
        message = mails.messages[0]
        assert message["To"] == ADDRESS
        assert message["Content-Language"] == "it"
        assert table in message["Subject"]
        text = message.get_content()
        assert f"https://saboteur.example.org/t/{table}" in text
        assert "https://saboteur.example.org/account" in text
        assert "1 giorno" in text  # her clock, in Italian
        # The same turn, looked at again (a page that came and went), is not mailed again.
        server.socket(table, token).next_view()
        assert server.view(table, token)["version"] == turn["version"]
    with running_server(tmp_path, **settings) as server:
        # ... nor after a restart: the turn is noted in the store.
        server.facts(table)
        assert len(mails.messages) == 1


def test_a_live_table_and_an_open_page_are_never_mailed(
    tmp_path: Path, inbox: tuple[Inbox, int]
) -> None:
    mails, port = inbox
    with running_server(tmp_path, **mail_settings(port)) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        wants_mail(ana)
        live, token, bo = ana_and_bo(server, ana, 300.0)  # five minutes a move: live play
        until_anas_turn(server, live, token, bo)
        table, token, bo = ana_and_bo(server, ana, DAY, start=False)
        page = server.socket(table, token)
        page.next_view()
        server.ok("POST", f"/api/tables/{table}/start", token)
        until_anas_turn(server, table, token, bo)
        # A turn-based table where Ana's page stays open: the page tells her.
        mine = server.view(table, token)
        server.ok("POST", f"/api/tables/{table}/moves", token, {"move": mine["legal"][0]["text"]})
        until_anas_turn(server, table, token, bo)
        page.close()  # ... until she closes it during her turn: then she is mailed
        server.wait_for(lambda: len(mails.messages) >= 1, "the e-mail")
        assert [table in message["Subject"] for message in mails.messages] == [True]


@pytest.mark.parametrize("refusing", [True, False], ids=["recipient refused", "no server"])
def test_a_failing_mail_server_holds_up_nothing_and_the_log_hides_the_address(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, refusing: bool
) -> None:
    controller = None
    port = free_port()  # nothing listens there, unless a refusing server is started
    if refusing:
        controller = Controller(RefusingInbox(), hostname="127.0.0.1", port=port)
        controller.start()
    caplog.set_level(logging.WARNING, logger="pysaboteur.server.turn_mail")
    with running_server(tmp_path, **mail_settings(port)) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        wants_mail(ana)
        table, token, bo = ana_and_bo(server, ana, DAY)
        turn = until_anas_turn(server, table, token, bo)
        server.wait_for(
            lambda: any("could not be sent" in r.getMessage() for r in caplog.records),
            "the failure in the log",
        )
        view = server.ok(
            "POST", f"/api/tables/{table}/moves", token, {"move": turn["legal"][0]["text"]}
        )
        assert view["version"] == turn["version"] + 1
        assert server.stored_moves(table) == turn["version"] + 1
    if controller is not None:
        controller.stop()
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert ADDRESS not in logged
    if refusing:  # the mail server's refusal named the address: masked
        assert "'[e-mail]': (550, b'5.1.1 <[e-mail]>: no such mailbox')" in logged


def test_the_address_is_the_accounts_alone(tmp_path: Path, inbox: tuple[Inbox, int]) -> None:
    _, port = inbox
    with running_server(tmp_path, **mail_settings(port)) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        answer = wants_mail(ana)
        assert answer == {
            "settings": {
                "title": True,
                "browser": False,
                "email": ADDRESS,
                "email_turns": True,
                "language": "en",
            },
            "email_available": True,
        }
        assert ok(ana.get("/api/account/notifications")) == answer
        table, _, bo = ana_and_bo(server, ana, DAY)
        seen = [
            server.call("GET", f"/api/tables/{table}").text,
            server.call("GET", f"/api/tables/{table}/view", bo).text,
            server.call("GET", f"/api/tables/{table}/view").text,
            server.call("GET", f"/api/tables/{table}/ratings").text,
            server.call("GET", "/api/lobby").text,
        ]
        assert all(ADDRESS not in text for text in seen)
        with browser(server) as stranger:
            assert refused(stranger.get("/api/account/notifications")) == (401, "not_signed_in")
            sign_up(stranger, "Cy")
            assert ok(stranger.get("/api/account/notifications"))["settings"]["email"] is None
        # Deleting the account deletes its address.
        ok(ana.post("/api/account/delete", json={"password": "correct horse battery"}))
        rows = server.read_store(lambda store: _count(store, NotificationRow))
        assert rows == 0  # Cy never chose: the defaults, kept nowhere


def _count(store: Any, row: type) -> int:
    from sqlalchemy import func, select

    with store.engine.connect() as db:
        return int(db.execute(select(func.count()).select_from(row)).scalar_one())


def test_choices_are_checked(tmp_path: Path) -> None:
    with running_server(tmp_path) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        for address in ("ana", "ana@", "@example.org", "ana@example", "a b@example.org",
                        "ana@example.org\r\nBcc: x@y.z", "ana\u200b@example.org"):  # fmt: skip
            body = {"email": address, "email_turns": False}
            response = ana.post("/api/account/notifications", json=body)
            assert refused(response) == (400, "bad_request"), address
            assert response.json()["error"]["message"] == "email: this is not an e-mail address"
        no_address = ana.post("/api/account/notifications", json={"email_turns": True})
        assert no_address.json()["error"]["message"] == (
            "email: give the address to send the e-mails to"
        )
        # This server names no SMTP server: e-mail cannot be chosen; the rest can.
        no_smtp = ana.post(
            "/api/account/notifications", json={"email": ADDRESS, "email_turns": True}
        )
        assert no_smtp.json()["error"]["message"] == "email_turns: this server sends no e-mail"
        kept = ok(ana.post("/api/account/notifications", json={"browser": True, "email": ADDRESS}))
        assert kept["email_available"] is False
        assert kept["settings"]["browser"] is True and kept["settings"]["email"] == ADDRESS
