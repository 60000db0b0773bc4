"""Turn-based play: clocks from seconds to days per move, checked at the table's
creation; a turn-based table's deadline kept across restarts, a live one's
started afresh; a turn-based clock that runs out does what any clock does.

Time is a :class:`FakeClock`: a day passes when the test says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from accounts_helpers import database_fixture  # noqa: F401  (SQLite, then PostgreSQL)
from server_helpers import FakeClock, Server, View, error_of, running_server

from pysaboteur.server.protocol import ApiError
from pysaboteur.server.store import StoredTable
from pysaboteur.server.turn_based import (
    DAY,
    HOUR,
    MAX_CLOCK,
    checked_clock,
    clock_words,
    is_turn_based,
    resumed_turn_start,
)


def three_seats(server: Server, clock: float) -> tuple[str, str, str]:
    """Ana (host, seat 0), Bo (seat 1) and a bot, started, no page open, nobody ever
    sent away for being offline: ``(table, Ana's token, Bo's token)``."""
    created = server.create(players=3, bots="random", bot_pause=0.0, clock=clock, away_after=None)
    table, ana = created["table"], created["token"]
    bo = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    server.ok("POST", f"/api/tables/{table}/start", ana)
    return table, ana, bo


def person_to_move(server: Server, table: str, tokens: list[str]) -> tuple[str, View]:
    """The token of the person whose turn it is (bots moved first), and their view."""
    found: list[tuple[str, View]] = []

    def someone() -> bool:
        found.clear()
        found.extend(
            (token, view) for token in tokens if (view := server.view(table, token))["legal"]
        )
        return bool(found)

    server.wait_for(someone, "a person's turn")
    return found[0]


@pytest.mark.parametrize(
    ("clock", "turn_based"),
    [(None, False), (30.0, False), (300.0, False), (599.0, False), (600.0, True), (3 * DAY, True)],
)
def test_a_clock_of_ten_minutes_or_more_is_turn_based(
    clock: float | None, turn_based: bool
) -> None:
    assert is_turn_based(clock) is turn_based


def test_clocks_are_checked_from_the_servers_shortest_to_a_week() -> None:
    assert checked_clock(None, 10.0) is None
    assert checked_clock(10.0, 10.0) == 10.0
    assert checked_clock(MAX_CLOCK, 10.0) == 7 * DAY
    with pytest.raises(ApiError) as short:
        checked_clock(9.5, 10.0)
    assert str(short.value) == "clock: at least 10 seconds per move"
    with pytest.raises(ApiError) as long:
        checked_clock(MAX_CLOCK + 1, 10.0)
    assert str(long.value) == "clock: at most 7 days per move (604800 seconds)"


def test_clocks_are_said_in_the_readers_language() -> None:
    assert clock_words(3 * DAY, "en") == "3 days"
    assert clock_words(DAY, "en") == "1 day"
    assert clock_words(12 * HOUR, "en") == "12 hours"
    assert clock_words(90.0, "en") == "90 seconds"
    assert clock_words(3 * DAY, "sk") == "3 dni"
    assert clock_words(HOUR, "it") == "1 ora"


def test_a_turn_based_turn_keeps_its_start_a_live_one_starts_afresh() -> None:
    assert resumed_turn_start(DAY, 1000.0, 5000.0) == 1000.0
    assert resumed_turn_start(DAY, None, 5000.0) == 5000.0  # stored before the column
    assert resumed_turn_start(60.0, 1000.0, 5000.0) == 5000.0


def test_the_api_takes_days_per_move_and_refuses_more_than_a_week(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        created = server.create(players=3, clock=3 * DAY)
        assert server.facts(created["table"])["clock"] == 3 * DAY
        too_long = server.call("POST", "/api/tables", body={"name": "Ana", "clock": 8 * DAY})
        assert error_of(too_long) == (400, "bad_request")
        assert (
            too_long.json()["error"]["message"] == "clock: at most 7 days per move (604800 seconds)"
        )
        too_short = server.call("POST", "/api/tables", body={"name": "Ana", "clock": 5})
        assert too_short.json()["error"]["message"] == "clock: at least 10 seconds per move"
        said = server.http.post(
            "/api/tables", json={"name": "Ana", "clock": 8 * DAY}, headers={"Accept-Language": "sk"}
        )
        assert said.json()["error"]["message"].startswith("clock: ")
        assert (
            said.json()["error"]["message"] != too_long.json()["error"]["message"]
        )  # said in Slovak


def test_a_turn_based_deadline_survives_a_restart(tmp_path: Path, database: dict[str, Any]) -> None:
    clock = FakeClock()
    with running_server(tmp_path, clock, **database) as server:
        table, ana, bo = three_seats(server, DAY)
        token, view = person_to_move(server, table, [ana, bo])
        server.ok("POST", f"/api/tables/{table}/moves", token, {"move": view["legal"][0]["text"]})
        clock.advance(5 * HOUR)
        waiting, before = person_to_move(server, table, [ana, bo])
        deadline = before["clock"]["deadline"]
        assert deadline == clock.now - 5 * HOUR + DAY
        stored = server.read_store(lambda store: store.load(table))
        assert isinstance(stored, StoredTable)
        assert stored.turn_started_at == deadline - DAY
    clock.advance(3 * HOUR)  # the server was down three hours
    with running_server(tmp_path, clock, **database) as server:
        after = server.view(table, waiting)
        assert after["version"] == before["version"]
        assert after["clock"]["deadline"] == deadline  # not a fresh day from the restart


def test_a_live_clock_starts_afresh_after_a_restart(tmp_path: Path) -> None:
    clock = FakeClock()
    with running_server(tmp_path, clock) as server:
        table, ana, bo = three_seats(server, 60.0)
        waiting, _ = person_to_move(server, table, [ana, bo])
        stored = server.read_store(lambda store: store.load(table))
        assert stored is not None and stored.turn_started_at is None  # live: nothing kept
    clock.advance(40.0)
    with running_server(tmp_path, clock) as server:
        assert server.view(table, waiting)["clock"]["deadline"] == clock.now + 60.0


def test_a_turn_based_clock_that_ran_out_while_the_server_was_down_sends_the_seat_away(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    with running_server(tmp_path, clock) as server:
        table, ana, bo = three_seats(server, HOUR)
        _, before = person_to_move(server, table, [ana, bo])
        seat = before["observation"]["to_move"]
    clock.advance(2 * HOUR)
    with running_server(tmp_path, clock) as server:
        server.wait_for(lambda: server.facts(table)["seats"][seat]["away"], "the seat to be away")
        facts = server.facts(table)
        assert facts["seats"][seat]["away_because"] == "clock"
        # ... and the table's bot plays for them, as when any clock runs out.
        server.wait_for(lambda: server.stored_moves(table) > before["version"], "the bot's move")


def test_a_person_back_at_their_turn_starts_it_again_and_the_store_keeps_when(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    with running_server(tmp_path, clock) as server:
        created = server.create(
            players=3, bots="random", bot_pause=30.0, clock=DAY, away_after=None
        )
        table, ana = created["table"], created["token"]
        bo = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
        cy = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Cy"})["token"]
        server.ok("POST", f"/api/tables/{table}/start", ana)
        token, view = person_to_move(server, table, [ana, bo, cy])
        seat = view["observation"]["to_move"]
        other = ana if token != ana else bo
        if seat == 0:  # the host cannot hand their own seat: Ana moves first
            server.ok("POST", f"/api/tables/{table}/moves", ana, {"move": view["legal"][0]["text"]})
            token, view = person_to_move(server, table, [bo, cy])
            seat, other = view["observation"]["to_move"], ana
        clock.advance(HOUR)
        server.ok("POST", f"/api/tables/{table}/hand_to_bot", other, {"seat": seat})
        # Less than the bot's pause (30 s, give or take a quarter) later, whenever the
        # driver looks: the bot is still waiting to move for them.
        clock.advance(10.0)
        server.ok("POST", f"/api/tables/{table}/back", token)
        back = server.view(table, token)
        assert back["version"] == view["version"]
        assert back["clock"]["deadline"] == clock.now + DAY
        stored = server.read_store(lambda store: store.load(table))
        assert stored is not None and stored.turn_started_at == clock.now
