"""Table talk: lines and one-tap claims said over the table's WebSocket, sent to
every socket of the table, stored with the game, back after a restart and in
the replay; every limit refused with its code, changing nothing; nothing of the
game's hidden information in any line."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import FakeClock, Server, Socket, error_of, play_to_the_end, running_server

from pysaboteur.server import talk
from pysaboteur.server.store import Store

#: Every field a line may have: public facts, and what its sender wrote or chose.
PUBLIC_FIELDS = {"n", "at", "move", "seat", "name", "spectator"}
SAID_FIELDS = {"text", "claim", "x", "y", "card", "role", "target"}


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(tmp_path: Path, clock: FakeClock) -> Iterator[Server]:
    with running_server(tmp_path, clock=clock) as running:
        yield running


def seated(server: Server, **create: Any) -> tuple[str, str, str]:
    """A lobby of three seats, Ana (host) and Bo seated: (table, Ana's token, Bo's)."""
    created = server.create(name="Ana", players=3, bots="random", **create)
    table = created["table"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    return table, created["token"], guest


def opened(server: Server, table: str, token: str | None = None) -> Socket:
    """A socket that said hello and got its welcome and the talk so far."""
    socket = server.socket(table, token)
    assert socket.receive()["type"] == "welcome"
    assert socket.receive()["type"] == "talk_history"
    return socket


def heard(socket: Socket) -> dict[str, Any]:
    """The next talk line ``socket`` receives (views between are skipped)."""
    message = socket.until(lambda m: m["type"] in ("talk", "error"))
    assert message["type"] == "talk", message
    line: dict[str, Any] = message["line"]
    return line


def line_number(socket: Socket, n: int) -> dict[str, Any]:
    """The talk line numbered ``n``, as ``socket`` receives it (earlier ones skipped)."""
    message = socket.until(lambda m: m["type"] == "error" or m.get("line", {}).get("n") == n)
    assert message["type"] == "talk", message
    line: dict[str, Any] = message["line"]
    return line


def refused(socket: Socket, message: dict[str, Any] | str) -> str:
    """Send ``message``; the code of the error it gets (lines said before it are
    skipped: the tests count the stored lines to see that it changed nothing)."""
    socket.send(message)
    answer = socket.until(lambda m: m["type"] == "error")
    socket.send({"type": "ping"})
    assert socket.until(lambda m: m["type"] not in ("view", "talk")) == {"type": "pong"}
    code: str = answer["error"]["code"]
    return code


def stored_lines(server: Server, table: str) -> list[dict[str, Any]]:
    loaded = server.read_store(lambda store: store.load(table))
    assert loaded is not None
    return loaded.talk


def test_a_seats_line_reaches_every_socket_as_said(server: Server, clock: FakeClock) -> None:
    table, host, guest = seated(server)
    ana, bo, watcher = (
        opened(server, table, host),
        opened(server, table, guest),
        opened(server, table),
    )
    ana.send({"type": "say", "text": "  Καλημέρα, Bo! ğüş  "})
    expected = {
        "n": 1,
        "at": clock.now,
        "move": 0,
        "seat": 0,
        "name": "Ana",
        "spectator": False,
        "text": "Καλημέρα, Bo! ğüş",  # trimmed, letters kept
    }
    for socket in (ana, bo, watcher):
        assert heard(socket) == expected
    assert stored_lines(server, table) == [
        {
            "number": 1,
            "said_at": clock.now,
            "move": 0,
            "seat": 0,
            "name": "Ana",
            "said": {"text": "Καλημέρα, Bo! ğüş"},
        }
    ]


def test_a_spectators_line_is_marked_and_has_no_name(server: Server) -> None:
    table, host, _guest = seated(server)
    ana, watcher = opened(server, table, host), opened(server, table)
    watcher.send({"type": "say", "text": "good luck"})
    line = heard(ana)
    assert (line["seat"], line["name"], line["spectator"]) == (None, None, True)
    assert heard(watcher) == line


def test_seats_talk_in_the_lobby_the_game_and_after_it(server: Server, clock: FakeClock) -> None:
    table, host, guest = seated(server)
    ana, bo = opened(server, table, host), opened(server, table, guest)
    ana.send({"type": "say", "text": "ready?"})
    assert heard(bo)["move"] == 0
    ana.send({"type": "start"})
    bo.send({"type": "say", "text": "go"})
    assert heard(ana)["move"] == 0
    last = play_to_the_end({0: ana, 1: bo}, lambda seat, view: view["legal"][0]["text"])
    clock.advance(60)
    bo.send({"type": "say", "text": "well played"})
    line = heard(ana)
    assert (line["n"], line["move"], line["text"]) == (3, last["version"], "well played")
    replay = server.ok("GET", f"/api/tables/{table}/replay/{last['version']}")
    assert replay["talk"] == [line]
    everything = server.ok("GET", f"/api/tables/{table}/talk")["lines"]
    assert [line["text"] for line in everything] == ["ready?", "go", "well played"]
    assert server.ok("GET", f"/api/tables/{table}/replay/0")["talk"] == everything[:2]
    assert server.ok("GET", f"/api/tables/{table}/replay/1")["talk"] == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "talk_empty"),
        (" \t\n ", "talk_empty"),
        ("x" * 301, "talk_too_long"),
        ("  " + "é" * 301 + "  ", "talk_too_long"),
        ("two\nlines", "talk_bad_character"),
        ("a\ttab", "talk_bad_character"),
        ("nul\x00", "talk_bad_character"),
        ("bell\x07", "talk_bad_character"),
        ("next\x85line", "talk_bad_character"),
        ("abc\u202eevil", "talk_bad_character"),  # right-to-left override
        ("isolate\u2066x", "talk_bad_character"),
        ("line\u2028separator", "talk_bad_character"),
        ("lone \ud800 surrogate", "talk_bad_character"),
    ],
)
def test_a_bad_line_is_refused_and_changes_nothing(server: Server, text: str, code: str) -> None:
    table, host, guest = seated(server)
    ana, bo = opened(server, table, host), opened(server, table, guest)
    assert refused(ana, {"type": "say", "text": text}) == code
    bo.send({"type": "ping"})
    assert bo.until(lambda m: m["type"] != "view") == {"type": "pong"}  # nothing reached Bo
    assert stored_lines(server, table) == []
    ana.send({"type": "say", "text": "ok"})
    assert heard(bo)["n"] == 1  # the refusal took no number


def test_the_longest_line_and_emoji_pass(server: Server) -> None:
    table, host, _guest = seated(server)
    ana = opened(server, table, host)
    longest = "ş" * 299 + "👍"
    ana.send({"type": "say", "text": longest})
    assert heard(ana)["text"] == longest
    family = "👨\u200d👩\u200d👧 zero-width joiners are fine"
    ana.send({"type": "say", "text": family})
    assert heard(ana)["text"] == family


@pytest.mark.parametrize(
    "message",
    [
        {"type": "say"},
        {"type": "say", "text": 5},
        {"type": "say", "text": "hi", "seat": 1},
        {"type": "say", "text": "hi", "name": "Cy"},
        {"type": "claim", "claim": "weather"},
        {"type": "spectators_talk", "allowed": "yes"},
    ],
)
def test_malformed_talk_messages_are_bad_requests(server: Server, message: dict[str, Any]) -> None:
    table, host, _guest = seated(server)
    assert refused(opened(server, table, host), message) == "bad_request"


def test_each_sender_says_five_lines_in_ten_seconds(server: Server, clock: FakeClock) -> None:
    table, host, guest = seated(server)
    ana, ana_again, bo = (
        opened(server, table, host),
        opened(server, table, host),
        opened(server, table, guest),
    )
    for number in range(5):  # a burst, from two sockets of the same seat
        (ana if number % 2 else ana_again).send({"type": "say", "text": f"line {number}"})
        assert heard(bo)["text"] == f"line {number}"
    assert refused(ana, {"type": "say", "text": "one more"}) == "talk_too_fast"
    assert refused(ana_again, {"type": "claim", "claim": "role", "role": "miner"}) == (
        "talk_too_fast"
    )
    bo.send({"type": "say", "text": "Bo has his own five"})
    assert line_number(ana, 6)["seat"] == 1
    clock.advance(9.5)
    assert refused(ana, {"type": "say", "text": "not yet"}) == "talk_too_fast"
    clock.advance(0.5)
    ana.send({"type": "say", "text": "now"})
    assert line_number(bo, 7)["text"] == "now"
    assert len(stored_lines(server, table)) == 7


def test_spectators_count_by_address(server: Server) -> None:
    table, _host, _guest = seated(server)
    first, second = opened(server, table), opened(server, table)
    for number in range(5):
        (first if number < 3 else second).send({"type": "say", "text": f"line {number}"})
        heard(first)
    assert refused(second, {"type": "say", "text": "a sixth"}) == "talk_too_fast"


def test_a_tables_talk_is_capped(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(talk, "MAX_LINES", 3)
    table, host, guest = seated(server)
    ana, bo = opened(server, table, host), opened(server, table, guest)
    for number in range(3):
        (ana if number % 2 else bo).send({"type": "say", "text": "x"})
        heard(ana)
    assert refused(bo, {"type": "say", "text": "a fourth"}) == "talk_full"
    assert len(stored_lines(server, table)) == 3


def test_the_host_keeps_spectators_out_and_lets_them_back(server: Server) -> None:
    table, host, guest = seated(server, spectators_talk=False)
    assert server.facts(table)["spectators_talk"] is False
    ana, bo, watcher = (
        opened(server, table, host),
        opened(server, table, guest),
        opened(server, table),
    )
    assert refused(watcher, {"type": "say", "text": "let me in"}) == "talk_closed"
    ana.send({"type": "say", "text": "spectators still read"})
    assert heard(watcher)["text"] == "spectators still read"
    assert refused(bo, {"type": "spectators_talk", "allowed": True}) == "not_host"
    assert refused(watcher, {"type": "spectators_talk", "allowed": True}) == "no_token"
    ana.send({"type": "spectators_talk", "allowed": True})
    view = watcher.until(lambda m: m["type"] == "view" and m["table"]["spectators_talk"])
    assert view["table"]["spectators_talk"] is True
    watcher.send({"type": "say", "text": "thanks"})
    assert heard(bo)["spectator"] is True
    ana.send({"type": "spectators_talk", "allowed": False})
    watcher.until(lambda m: m["type"] == "view" and not m["table"]["spectators_talk"])
    assert refused(watcher, {"type": "say", "text": "again?"}) == "talk_closed"
    stored = server.read_store(lambda store: store.load(table))
    assert stored is not None and stored.spectators_talk is False


def test_claims_are_checked_for_form_only(server: Server) -> None:
    table, host, guest = seated(server)
    ana, bo = opened(server, table, host), opened(server, table, guest)
    claims: list[dict[str, Any]] = [
        {"claim": "goal", "x": 8, "y": -2, "card": "stone"},
        {"claim": "goal", "x": 8, "y": 2, "card": "gold"},
        {"claim": "role", "role": "miner"},
        {"claim": "role", "role": "saboteur"},
        {"claim": "accuse", "target": 1},
        {"claim": "trust", "target": 2},
    ]
    for claim in claims[:5]:  # Ana's five lines of the window
        ana.send({"type": "claim", **claim})
        line = heard(bo)
        assert {key: line[key] for key in claim} == claim
        assert set(line) == PUBLIC_FIELDS | set(claim)
    bo.send({"type": "claim", **claims[5]})
    assert line_number(ana, 6)["target"] == 2
    bad: list[dict[str, Any]] = [
        {"claim": "goal", "x": 8, "y": 1, "card": "stone"},  # no goal there
        {"claim": "goal", "x": 8, "y": 0},  # no card
        {"claim": "goal", "x": 8, "y": 0, "card": "coal"},
        {"claim": "goal", "x": 8, "y": 0, "card": "gold", "target": 1},  # a field too many
        {"claim": "role", "role": "geologist"},  # not a role of the base game
        {"claim": "role"},
        {"claim": "accuse", "target": 1},  # Bo accusing himself
        {"claim": "trust", "target": 3},  # three seats: 0 to 2
        {"claim": "trust", "target": -1},
        {"claim": "trust", "target": True},  # not a number
    ]
    for claim in bad:
        code = refused(bo, {"type": "claim", **claim})
        assert code in ("talk_bad_claim", "bad_request"), claim
    assert len(stored_lines(server, table)) == 6
    watcher = opened(server, table)
    assert refused(watcher, {"type": "claim", "claim": "role", "role": "miner"}) == (
        "talk_bad_claim"
    )


def test_saboteur2_claims_name_its_dwarf_cards(server: Server) -> None:
    created = server.create(name="Ana", players=3, bots="random", edition="saboteur2")
    ana = opened(server, created["table"], created["token"])
    for role in ("green", "blue", "boss", "profiteer", "geologist"):
        ana.send({"type": "claim", "claim": "role", "role": role})
        assert heard(ana)["role"] == role
    assert refused(ana, {"type": "claim", "claim": "role", "role": "miner"}) == "talk_bad_claim"


def test_a_false_claim_is_said_as_claimed_and_no_line_holds_hidden_information(
    server: Server,
) -> None:
    table, host, guest = seated(server)
    ana, bo = opened(server, table, host), opened(server, table, guest)
    ana.send({"type": "start"})
    view = ana.until(lambda m: m["type"] == "view" and m["observation"] is not None)
    role = view["observation"]["role"]
    false_role = "saboteur" if role == "miner" else "miner"
    ana.send({"type": "claim", "claim": "role", "role": false_role})
    ana.send({"type": "claim", "claim": "goal", "x": 8, "y": 0, "card": "gold"})
    ana.send({"type": "say", "text": "trust me"})
    lines = [heard(bo) for _ in range(3)]
    assert lines[0]["role"] == false_role  # talk, not facts: never checked
    for line in lines:
        assert set(line) <= PUBLIC_FIELDS | SAID_FIELDS
        assert set(line) - PUBLIC_FIELDS in (
            {"text"},
            {"claim", "role"},
            {"claim", "x", "y", "card"},
        )
    # The same lines in the same words, whoever reads them: nothing per reader.
    for token in (None, guest):
        again = server.socket(table, token)
        assert again.receive()["type"] == "welcome"
        history = again.receive()
        assert history["type"] == "talk_history" and history["lines"] == lines
    assert server.ok("GET", f"/api/tables/{table}/talk")["lines"] == lines


def test_talk_comes_back_after_a_restart(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        table, host, guest = seated(server)
        ana = opened(server, table, host)
        for text in ("one", "two", "three"):
            ana.send({"type": "say", "text": text})
        lines = [heard(ana) for _ in range(3)]
    with running_server(tmp_path) as server:
        socket = server.socket(table, guest)
        assert socket.receive()["type"] == "welcome"
        history = socket.receive()
        assert history == {
            "type": "talk_history",
            "lines": lines,
            "total": 3,
            "spectators_talk": True,
        }
        socket.send({"type": "say", "text": "four"})
        assert heard(socket)["n"] == 4
        assert server.ok("GET", f"/api/tables/{table}/talk", guest)["lines"][:3] == lines


def test_hello_sends_only_the_latest_lines(
    server: Server, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(talk, "HISTORY", 2)
    table, host, _guest = seated(server)
    ana = opened(server, table, host)
    for text in ("one", "two", "three"):
        ana.send({"type": "say", "text": text})
        heard(ana)
    socket = server.socket(table)
    socket.receive()
    history = socket.receive()
    assert [line["text"] for line in history["lines"]] == ["two", "three"]
    assert history["total"] == 3


def test_reading_the_talk_over_http_needs_what_watching_needs(server: Server) -> None:
    table, host, _guest = seated(server, spectators=False)
    ana = opened(server, table, host)
    ana.send({"type": "say", "text": "private table"})
    heard(ana)
    assert error_of(server.call("GET", f"/api/tables/{table}/talk")) == (403, "no_spectators")
    assert error_of(server.call("GET", f"/api/tables/{table}/talk", "x" * 32)) == (
        403,
        "bad_token",
    )
    lines = server.ok("GET", f"/api/tables/{table}/talk", host)["lines"]
    assert [line["text"] for line in lines] == ["private table"]


def test_a_database_from_before_talk_still_loads(tmp_path: Path) -> None:
    """A database written before table talk: the talk table and the
    ``spectators_talk`` column are added, and its tables talk."""
    with running_server(tmp_path) as server:
        table, host, _guest = seated(server)
    database = tmp_path / "saboteur.db"
    with sqlite3.connect(database) as db:
        db.execute("DROP TABLE talk")
        db.execute("ALTER TABLE tables DROP COLUMN spectators_talk")
    with running_server(tmp_path) as server:
        assert server.facts(table)["spectators_talk"] is True
        ana = opened(server, table, host)
        ana.send({"type": "say", "text": "still here"})
        assert heard(ana)["n"] == 1
    store = Store(f"sqlite:///{database}")
    try:
        loaded = store.load(table)
        assert loaded is not None and [row["said"] for row in loaded.talk] == [
            {"text": "still here"}
        ]
    finally:
        store.close()


def test_talk_messages_are_small_json(server: Server) -> None:
    table, host, _guest = seated(server)
    ana = opened(server, table, host)
    ana.send(json.dumps({"type": "say", "text": "x" * 300}))
    assert len(heard(ana)["text"]) == 300


POSTGRES = os.environ.get("PYSABOTEUR_TEST_POSTGRES")


@pytest.mark.skipif(not POSTGRES, reason="set PYSABOTEUR_TEST_POSTGRES to a database URL")
def test_talk_on_postgresql_survives_a_restart_and_an_older_schema(tmp_path: Path) -> None:
    with running_server(tmp_path, database_url=POSTGRES) as server:
        table, host, guest = seated(server, spectators_talk=False)
        ana = opened(server, table, host)
        ana.send({"type": "say", "text": "Καλημέρα, Türkçe ğ"})
        ana.send({"type": "claim", "claim": "trust", "target": 1})
        lines = [heard(ana), heard(ana)]
    with running_server(tmp_path, database_url=POSTGRES) as server:
        socket = server.socket(table, guest)
        socket.receive()
        assert socket.receive() == {
            "type": "talk_history",
            "lines": lines,
            "total": 2,
            "spectators_talk": False,
        }
    store = Store(str(POSTGRES))
    try:  # back to the schema before table talk: the server brings it up to date
        with store.engine.begin() as db:
            db.exec_driver_sql("DROP TABLE talk")
            db.exec_driver_sql("ALTER TABLE tables DROP COLUMN spectators_talk")
    finally:
        store.close()
    with running_server(tmp_path, database_url=POSTGRES) as server:
        assert server.facts(table)["spectators_talk"] is True  # the column's default
        bo = opened(server, table, guest)
        bo.send({"type": "say", "text": "after the upgrade"})
        assert heard(bo)["n"] == 1
