"""Audit the web table's accounts: guess passwords, plant and steal sessions, and
try one account's requests on another's games; nothing may leak, nothing crash.

Starts ``saboteur serve`` on a free port with a new SQLite file (or uses
``--database URL``) and its default limits (5 wrong passwords per account
name and 20 per address in 15 minutes), then, as several browsers with
cookie jars of their own:

- guessing: ``--guesses`` wrong passwords for one account; only the first 5
  may be checked (401), every later one, the right password too, refused
  unchecked (429 with Retry-After);
- fixation: an attacker's own session cookie planted in a victim's browser
  before the victim signs in; the victim must get a new session, the planted
  one must be dead;
- theft: a victim's cookie copied to another browser, then "sign out
  everywhere"; the copy must sign nobody in, nor a made-up cookie;
- cross-account: two accounts, each with a table and a finished game; each
  may see only its own games and figures, claim no seat of the other's (even
  with its token) nor take one to its own device, and delete nothing of the
  other's (its password is asked);
- addresses: wrong passwords for many names from one address end in 429.

Every answer is read for what must never appear in one: a password, a
password hash, a session cookie's value (but in the Set-Cookie that gives it
out) or another account's id; the server's log too.  Any answer of 500 or more
and any traceback in the log is a finding; the exit code is 1 if there is one.

    .venv/bin/python scripts/audit_accounts.py
    .venv/bin/python scripts/audit_accounts.py --database postgresql://… --workers 2
"""

from __future__ import annotations

import secrets
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from audit_common import (
    Findings,
    Progress,
    ServerProcess,
    add_database_options,
    parse_arguments,
    script_parser,
    start_server,
    summary,
)

COOKIE = "saboteur_session"
PER_ACCOUNT = 5
PER_ADDRESS = 20


class Browser:
    """One person's browser: a cookie jar, every answer read for what must not be in it."""

    def __init__(self, audit: Audit, name: str) -> None:
        self.audit = audit
        self.name = name
        self.password = secrets.token_urlsafe(12)
        self.http = httpx.Client(base_url=audit.server.url, timeout=60.0)
        self.account: str | None = None

    def call(
        self, method: str, path: str, *, token: str | None = None, **kwargs: Any
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.request(method, path, headers=headers, **kwargs)
        self.audit.read(self, response)
        return response

    @property
    def session(self) -> str | None:
        return next((c.value for c in self.http.cookies.jar if c.name == COOKIE), None)

    def plant(self, session: str) -> None:
        self.http.cookies.clear()
        self.http.cookies.set(COOKIE, session, domain="127.0.0.1")

    def sign_up(self) -> None:
        body = {"name": self.name, "password": self.password}
        answer = self.call("POST", "/api/accounts", json=body)
        self.account = answer.json()["account"]["id"]
        self.audit.passwords.append(self.password)

    def sign_in(self, password: str | None = None) -> httpx.Response:
        body = {"name": self.name, "password": password or self.password}
        return self.call("POST", "/api/session", json=body)

    def me(self) -> str | None:
        account = self.call("GET", "/api/session").json()["account"]
        return None if account is None else str(account["id"])


class Audit:
    def __init__(self, server: ServerProcess, findings: Findings, progress: Progress) -> None:
        self.server = server
        self.findings = findings
        self.progress = progress
        self.statuses: Counter[int] = Counter()
        self.passwords: list[str] = []
        self.answers = 0

    def read(self, browser: Browser, response: httpx.Response) -> None:
        self.answers += 1
        self.statuses[response.status_code] += 1
        where = f"{response.request.method} {response.request.url.path} for {browser.name}"
        if response.status_code >= 500:
            self.findings.report(
                "server error", f"{where}: {response.status_code} {response.text[:200]}"
            )
        body = response.text
        for password in self.passwords:
            if password in body:
                self.findings.report("leak", f"{where}: a password in the answer")
        if "$argon2" in body:
            self.findings.report("leak", f"{where}: a password hash in the answer")
        for cookie in browser.http.cookies.jar:
            if cookie.name == COOKIE and cookie.value and cookie.value in body:
                self.findings.report("leak", f"{where}: a session cookie in the answer")

    def expect(
        self, what: str, response: httpx.Response, status: int, code: str | None = None
    ) -> None:
        found = response.json().get("error", {}).get("code") if status >= 400 else None
        if response.status_code != status or found != code:
            self.findings.report(
                "wrong answer", f"{what}: {response.status_code} {found}, not {status} {code}"
            )

    def check(self, what: str, holds: bool) -> None:
        if not holds:
            self.findings.report("wrong answer", what)


def guessing(audit: Audit, guesses: int) -> dict[str, int]:
    victim = Browser(audit, "Victim")
    victim.sign_up()
    guesser = Browser(audit, "Victim")
    checked = refused = 0
    for _ in range(guesses):
        status = guesser.sign_in(secrets.token_urlsafe(9)).status_code
        checked += status == 401
        refused += status == 429
    right = guesser.sign_in(victim.password)
    audit.expect("the right password after the guesses", right, 429, "rate_limited")
    audit.check("a 429 says when to try again", right.headers.get("retry-after", "").isdigit())
    audit.check(
        f"{checked} guesses checked, not {PER_ACCOUNT}", checked == min(guesses, PER_ACCOUNT)
    )
    return {"checked": checked, "refused": refused}


def fixation_and_theft(audit: Audit) -> None:
    attacker, victim = Browser(audit, "Mallory"), Browser(audit, "Alice")
    attacker.sign_up()
    victim.sign_up()
    planted = attacker.session
    assert planted is not None
    victim.plant(planted)
    audit.expect("the victim signs in", victim.sign_in(), 200)
    audit.check("signing in made a new session", victim.session not in (None, planted))
    attacker.plant(planted)
    audit.check("the planted session is dead", attacker.me() is None)
    thief = Browser(audit, "Thief")
    stolen = victim.session
    assert stolen is not None
    thief.plant(stolen)
    audit.check("a copied cookie works until revoked", thief.me() == victim.account)
    audit.expect("sign out everywhere", victim.call("DELETE", "/api/sessions"), 200)
    audit.check("the stolen cookie is dead", thief.me() is None)
    thief.plant(secrets.token_urlsafe(32))
    audit.check("a made-up cookie signs nobody in", thief.me() is None)
    audit.expect(
        "a stolen cookie's games", thief.call("GET", "/api/account/games"), 401, "not_signed_in"
    )


def finished_table(browser: Browser) -> tuple[str, str]:
    """A table of ``browser``'s account and bots, played to its end; its id and token."""
    created = browser.call(
        "POST", "/api/tables", json={"name": browser.name, "players": 3, "bots": "random"}
    ).json()
    table, token = created["table"], created["token"]
    browser.call("POST", f"/api/tables/{table}/start", token=token, json={})
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        view = browser.call("GET", f"/api/tables/{table}/view", token=token).json()
        if view["table"]["status"] == "over":
            return table, token
        if view["legal"]:
            body = {"move": view["legal"][-1]["text"], "expect": view["version"]}
            browser.call("POST", f"/api/tables/{table}/moves", token=token, json=body)
        else:
            time.sleep(0.01)
    raise SystemExit(f"table {table} did not end")


def cross_account(audit: Audit) -> None:
    ana, bo = Browser(audit, "Ana"), Browser(audit, "Bo")
    ana.sign_up()
    bo.sign_up()
    # Each gives an address for the your-turn e-mails: private to its own account.
    address = {browser.name: f"{browser.name.lower()}.audit@example.org" for browser in (ana, bo)}
    for browser in (ana, bo):
        chosen = {"email": address[browser.name], "email_turns": False}
        audit.expect(
            f"{browser.name} gives an address",
            browser.call("POST", "/api/account/notifications", json=chosen),
            200,
        )
    table, token = finished_table(ana)
    bo_table, _ = finished_table(bo)
    time.sleep(1.0)  # the results are written a moment after the last move
    for browser, own, other in ((ana, table, bo_table), (bo, bo_table, table)):
        games = browser.call("GET", "/api/account/games").json()["games"]
        audit.check(f"{browser.name} sees their own game", [g["table"] for g in games] == [own])
        other_browser = bo if browser is ana else ana
        paths = ("/api/account/games", "/api/account/statistics", "/api/account/notifications")
        for path in (*paths, f"/api/tables/{other}", f"/api/tables/{other}/view"):
            text = browser.call("GET", path).text
            audit.check(
                f"{path} of {browser.name} names no other account",
                str(other_browser.account) not in text,
            )
            audit.check(
                f"{path} of {browser.name} tells no other address",
                address[other_browser.name] not in text,
            )
            if path in paths:
                audit.check(f"{path} of {browser.name} names no other table", other not in text)
        mine = browser.call("GET", "/api/account/notifications").json()["settings"]["email"]
        audit.check(f"{browser.name} is told their own address", mine == address[browser.name])
    claim = bo.call("POST", f"/api/tables/{table}/claim", token=token)
    audit.expect("Bo claims Ana's seat with her token", claim, 409, "seat_claimed")
    # Nor can he take her seat to his device: it is her account's, not his.
    audit.expect(
        "Bo takes Ana's seat",
        bo.call("POST", f"/api/tables/{table}/take_seat"),
        404,
        "no_owned_seat",
    )
    my_seat = bo.call("GET", f"/api/tables/{table}/my_seat")
    audit.expect("Bo asks for his seat at Ana's table", my_seat, 200)
    audit.check("Bo has no seat at Ana's table", my_seat.json() == {"seat": None})
    view = ana.call("GET", f"/api/tables/{table}/view", token=token)
    audit.expect("Ana's token after Bo tried her seat", view, 200)
    audit.expect(
        "Bo deletes his account with Ana's password",
        bo.call("POST", "/api/account/delete", json={"password": ana.password}),
        401,
        "bad_login",
    )
    audit.check("Ana's account is still there", ana.me() == ana.account)
    audit.expect(
        "Ana deletes her account",
        ana.call("POST", "/api/account/delete", json={"password": ana.password}),
        200,
    )
    audit.check("Bo's account is still there", bo.me() == bo.account)
    audit.expect("Ana's name and password", ana.sign_in(), 401, "bad_login")


def addresses(audit: Audit) -> int:
    """Wrong passwords for new names from this one address, until refused; how many."""
    guesser = Browser(audit, "Guesser")
    for tried in range(1, PER_ADDRESS + 2):
        guesser.name = f"Nobody{tried}"
        if guesser.sign_in("wrong password").status_code == 429:
            return tried - 1
    return PER_ADDRESS + 1


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument(
        "--guesses", type=int, default=50, help="wrong passwords tried (default: 50)"
    )
    add_database_options(
        parser,
        "server processes on one port (PostgreSQL): a browser's requests then land on "
        "different processes, which must all know its session and its wrong passwords",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parse_arguments(parser, argv)
    progress = Progress(args.quiet)
    findings = Findings()
    with tempfile.TemporaryDirectory(prefix="audit-accounts-") as folder:
        server = start_server(
            Path(folder), args.database, ["--bots", "random", "--workers", str(args.workers)]
        )
        progress.say(f"server at {server.url}, log {server.log_path}")
        audit = Audit(server, findings, progress)
        try:
            progress.say("guessing passwords")
            guessed = guessing(audit, args.guesses)
            progress.say("planting and stealing sessions")
            fixation_and_theft(audit)
            progress.say("one account against another")
            cross_account(audit)
            progress.say("wrong passwords from one address")
            before_refused = addresses(audit)
        finally:
            server.stop()
        log = server.log_text()
        for password in audit.passwords:
            if password in log:
                findings.report("leak", "a password in the server's log")
        tracebacks = server.tracebacks()
        if tracebacks:
            findings.report("server traceback", server.first_traceback())
    errors = sum(count for status, count in audit.statuses.items() if status >= 500)
    leaks = findings.count("leak")
    checked = guessed["checked"]
    return summary(
        "accounts audit",
        [
            ("answers read", audit.answers, True),
            ("answers by status", dict(sorted(audit.statuses.items())), True),
            (f"wrong passwords checked of {args.guesses}", checked,
             checked == min(args.guesses, PER_ACCOUNT)),
            ("wrong passwords refused unchecked", guessed["refused"], True),
            ("more wrong passwords from one address before 429", before_refused,
             before_refused <= PER_ADDRESS),
            ("leaks", leaks, leaks == 0),
            ("answers of 500 or more", errors, errors == 0),
            ("server tracebacks", tracebacks, tracebacks == 0),
            ("wrong answers", findings.count("wrong answer"), findings.count("wrong answer") == 0),
        ],
    )  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
