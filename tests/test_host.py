"""A host who keeps the game going: seats offline too long played by a bot until
their person returns, seats handed to a bot by the host, seats removed in the
lobby, names unique at a table, and the moves a bot made for a person marked.

Time is a :class:`FakeClock` the tests move; the driver's look for seats
offline too long is made at once (``look_for_away``) instead of waiting for it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_helpers import (
    FakeClock,
    Server,
    Socket,
    View,
    error_of,
    play_to_the_end,
    running_server,
)
from websockets.exceptions import ConnectionClosed

from pysaboteur.server.hub import Hub
from pysaboteur.server.names import is_taken, name_key, unique_bot_names

DAY = 24 * 3600.0


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(tmp_path: Path, clock: FakeClock) -> Any:
    with running_server(tmp_path, clock, min_clock=0.1) as running:
        yield running


def look_for_away(server: Server) -> None:
    """The driver's look for people offline too long, made now (and finished)."""

    async def look(hub: Hub) -> None:
        for live in list(hub.tables.values()):
            await live.table.send_away_the_offline()

    server.in_server(look)


def away(server: Server, table: str) -> list[bool]:
    return [seat["away"] for seat in server.facts(table)["seats"]]


def join(server: Server, table: str, name: str) -> str:
    token: str = server.ok("POST", f"/api/tables/{table}/join", body={"name": name})["token"]
    return token


def host_table(server: Server, players: int = 3, **create: Any) -> tuple[str, str, str]:
    """A table of Ana (host, seat 0), Bo (seat 1, no page open) and bots, not started:
    ``(table, Ana's token, Bo's token)``."""
    created = server.create(players=players, bots="random", bot_pause=0.0, **create)
    table = created["table"]
    return table, created["token"], join(server, table, "Bo")


def play_until(socket: Socket, seat: int, done: Callable[[View], bool]) -> View:
    """Play the first legal move for ``seat`` on each of its turns until a view passes ``done``."""
    answered: set[int] = set()
    while True:
        view = socket.next_view()
        if done(view):
            return view
        assert view["table"]["status"] != "over", "the game ended first"
        if view["legal"] and view["version"] not in answered:
            answered.add(view["version"])
            socket.send(
                {"type": "move", "move": view["legal"][0]["text"], "expect": view["version"]}
            )


def moves_of(view: View) -> list[str]:
    return [text for moves in view["observation"]["history"] for text in moves]


# -- away after the table's setting -----------------------------------------------------


def test_a_seat_offline_longer_than_the_setting_is_played_by_a_bot_until_it_returns(
    server: Server, clock: FakeClock
) -> None:
    table, ana, bo = host_table(server, away_after=60)
    host = server.socket(table, ana)
    server.ok("POST", f"/api/tables/{table}/start", ana)
    clock.advance(59)
    look_for_away(server)
    assert away(server, table) == [False, False, False]
    clock.advance(1)  # Bo's page was never open: offline since he joined, 60 s ago
    look_for_away(server)
    assert away(server, table) == [False, True, False]
    assert server.facts(table)["seats"][1]["away_because"] == "offline"

    # The bot plays Bo's turns; the view marks them as the bot's.
    view = play_until(host, 0, lambda v: bool(v["bot_moves"]))
    (number,) = view["bot_moves"]
    assert moves_of(view)[number - 1].startswith("1 ")
    assert all(not text.startswith("1 ") for text in moves_of(view)[: number - 1])

    # Bo opens the page: his seat is his again at once, and his own move is his.
    guest = server.socket(table, bo)
    play_until(host, 0, lambda v: not v["table"]["seats"][1]["away"])
    assert away(server, table) == [False, False, False]
    mine = play_until(host, 0, lambda v: v["observation"]["to_move"] == 1)
    his = guest.until(
        lambda m: m["type"] == "view" and m["version"] == mine["version"] and m["legal"]
    )
    guest.send({"type": "move", "move": his["legal"][0]["text"], "expect": his["version"]})
    after = guest.until(lambda m: m["type"] == "view" and m["version"] == his["version"] + 1)
    assert moves_of(after)[-1].startswith("1 ")
    assert after["bot_moves"] == [number]  # his own move is not marked


def test_the_driver_sends_a_seat_away_by_itself(server: Server, clock: FakeClock) -> None:
    table, ana, _ = host_table(server, away_after=30)
    server.socket(table, ana)
    server.ok("POST", f"/api/tables/{table}/start", ana)
    clock.advance(30)

    async def wake(hub: Hub) -> None:
        hub.tables[table].driver.wake()  # the driver would have woken at the moment itself

    server.in_server(wake)
    server.wait_for(lambda: away(server, table)[1], "the driver to send Bo away")


def test_a_closed_page_starts_the_time_and_a_clock_does_not_stop_it(
    server: Server, clock: FakeClock
) -> None:
    table, ana, bo = host_table(server, away_after=30, clock=600)
    server.socket(table, ana)
    guest = server.socket(table, bo)
    guest.next_view()
    server.ok("POST", f"/api/tables/{table}/start", ana)
    guest.close()
    server.wait_for(lambda: not server.facts(table)["seats"][1]["connected"], "Bo offline")
    clock.advance(29)
    look_for_away(server)
    assert away(server, table) == [False, False, False]
    clock.advance(1)
    look_for_away(server)
    assert away(server, table) == [False, True, False]
    # `back` gives the seat back as well as a page opening again.
    back = server.ok("POST", f"/api/tables/{table}/back", bo)["seats"][1]
    assert back["away"] is False and back["away_because"] is None


def test_nobody_online_nor_at_a_table_with_it_off_nor_in_a_lobby_is_sent_away(
    server: Server, clock: FakeClock
) -> None:
    lobby, _, _ = host_table(server, away_after=30)
    off, ana, _ = host_table(server, away_after=None)
    server.ok("POST", f"/api/tables/{off}/start", ana)
    online, ana, bo = host_table(server, away_after=30)
    server.socket(online, ana)
    server.socket(online, bo).next_view()
    server.ok("POST", f"/api/tables/{online}/start", ana)
    clock.advance(DAY)
    look_for_away(server)
    for table in (lobby, off, online):
        assert away(server, table) == [False, False, False]
    assert server.facts(off)["away_after"] is None


def test_away_after_is_one_of_the_hosts_choices(server: Server) -> None:
    assert server.facts(server.create(players=3)["table"])["away_after"] == 120
    for choice in (None, 30, 60, 120, 300):
        assert server.facts(server.create(away_after=choice)["table"])["away_after"] == choice
    for wrong in (45, 0, -30, "60"):
        refused = server.call("POST", "/api/tables", body={"name": "Ana", "away_after": wrong})
        assert error_of(refused) == (400, "bad_request")


def test_after_a_restart_offline_counts_from_the_restart(tmp_path: Path, clock: FakeClock) -> None:
    with running_server(tmp_path, clock) as server:
        table, ana, _ = host_table(server, away_after=120)
        server.ok("POST", f"/api/tables/{table}/start", ana)
        clock.advance(100)
        look_for_away(server)
        assert away(server, table) == [False, False, False]
    with running_server(tmp_path, clock) as server:
        clock.advance(100)  # 200 s since Bo joined, 100 s since the restart
        look_for_away(server)
        assert away(server, table) == [False, False, False]
        clock.advance(20)
        look_for_away(server)
        assert away(server, table) == [True, True, False]  # neither had a page open


# -- handing a seat to a bot --------------------------------------------------------------


def test_only_the_host_hands_a_seat_to_a_bot_and_only_a_persons_in_the_game(
    server: Server,
) -> None:
    table, ana, bo = host_table(server, players=4, away_after=None)
    cy = join(server, table, "Cy")
    path = f"/api/tables/{table}/hand_to_bot"
    assert error_of(server.call("POST", path, ana, {"seat": 1})) == (409, "not_started")
    server.ok("POST", f"/api/tables/{table}/start", ana)
    assert error_of(server.call("POST", path, bo, {"seat": 2})) == (403, "not_host")
    assert error_of(server.call("POST", path, None, {"seat": 2})) == (401, "no_token")
    assert error_of(server.call("POST", path, ana, {"seat": 0})) == (400, "bad_request")
    assert error_of(server.call("POST", path, ana, {"seat": 3})) == (400, "bad_request")  # a bot
    assert error_of(server.call("POST", path, ana, {"seat": 4})) == (400, "bad_request")
    assert away(server, table) == [False, False, False, False]
    handed = server.ok("POST", path, ana, {"seat": 2})["seats"][2]
    assert handed["away"] is True and handed["away_because"] == "host"
    # The host's socket may say it too; a seat handed already stays so.
    host = server.socket(table, ana)
    host.send({"type": "hand_to_bot", "seat": 1})
    server.wait_for(lambda: away(server, table) == [False, True, True, False], "Bo handed")
    assert server.ok("POST", path, ana, {"seat": 1})["seats"][1]["away"] is True
    # A guest's socket is refused.
    guest = server.socket(table, cy)
    guest.send({"type": "hand_to_bot", "seat": 1})
    refusal = guest.until(lambda m: m["type"] == "error")
    assert refusal["error"]["code"] == "not_host"
    # Cy's page opened (a return): her seat was given back at once.
    assert away(server, table) == [False, True, False, False]


def test_nothing_is_handed_nor_sent_away_after_the_game(server: Server, clock: FakeClock) -> None:
    table, ana, bo = host_table(server, away_after=30)
    host, guest = server.socket(table, ana), server.socket(table, bo)
    server.ok("POST", f"/api/tables/{table}/start", ana)
    # Both people play, each their first legal move.
    over = play_to_the_end({0: host, 1: guest}, lambda seat, view: view["legal"][0]["text"])
    guest.until(lambda m: m["type"] == "view" and m["table"]["status"] == "over")
    assert over["table"]["status"] == "over"
    guest.close()
    server.wait_for(lambda: not server.facts(table)["seats"][1]["connected"], "Bo offline")
    clock.advance(DAY)
    look_for_away(server)
    assert away(server, table) == [False, False, False]
    refused = server.call("POST", f"/api/tables/{table}/hand_to_bot", ana, {"seat": 1})
    assert error_of(refused) == (409, "game_over")
    assert over["bot_moves"] == []


# -- the moves a bot made for a person ----------------------------------------------------


def test_the_bots_moves_for_a_person_are_marked_in_view_and_replay_and_kept(
    tmp_path: Path, clock: FakeClock
) -> None:
    with running_server(tmp_path, clock) as server:
        table, ana, _ = host_table(server, players=4, away_after=None)
        host = server.socket(table, ana)
        server.ok("POST", f"/api/tables/{table}/start", ana)
        server.ok("POST", f"/api/tables/{table}/hand_to_bot", ana, {"seat": 1})
        last = play_until(host, 0, lambda v: v["table"]["status"] == "over")
        moves = moves_of(last)
        bos = [n for n, text in enumerate(moves, start=1) if text.startswith("1 ")]
        assert bos and last["bot_moves"] == bos  # Bo's, and not the bots' own seats'
        record = server.ok("GET", f"/api/tables/{table}/record")
        assert record["format"] == "saboteur-record/2"
        middle = len(moves) // 2
        replayed = server.ok("GET", f"/api/tables/{table}/replay/{middle}")
        assert replayed["bot_moves"] == [n for n in bos if n <= middle]
    with running_server(tmp_path, clock) as server:
        assert server.view(table, ana)["bot_moves"] == bos
        assert server.ok("GET", f"/api/tables/{table}/replay/{len(moves)}")["bot_moves"] == bos
        assert server.ok("GET", f"/api/tables/{table}/record") == record


# -- removing a seat in the lobby ---------------------------------------------------------


def test_the_host_removes_a_seat_in_the_lobby_and_its_token_stops_working(server: Server) -> None:
    table, ana, bo = host_table(server, players=4)
    cy = join(server, table, "Cy")
    guest = server.socket(table, bo)
    guest.next_view()
    path = f"/api/tables/{table}/remove"
    assert error_of(server.call("POST", path, cy, {"seat": 1})) == (403, "not_host")
    assert error_of(server.call("POST", path, ana, {"seat": 0})) == (400, "bad_request")
    assert error_of(server.call("POST", path, ana, {"seat": 3})) == (400, "bad_request")  # open
    facts = server.ok("POST", path, ana, {"seat": 1})
    assert [(s["name"], s["kind"]) for s in facts["seats"]] == [
        ("Ana", "human"), (None, "open"), ("Cy", "human"), (None, "open"),
    ]  # fmt: skip
    # Bo's open page is told, then closed as a token that no longer works.
    told = guest.until(lambda m: m["type"] == "error")
    assert told["error"]["code"] == "removed"
    with pytest.raises(ConnectionClosed) as closed:
        guest.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    assert error_of(server.call("GET", f"/api/tables/{table}/view", bo)) == (403, "removed")
    again = server.socket(table, bo)
    assert again.receive()["error"]["code"] == "removed"
    # He may join again, as anybody may: the lowest open seat, his name free again.
    assert server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["seat"] == 1
    # By the host's socket too; not once the game has started.
    host = server.socket(table, ana)
    host.send({"type": "remove", "seat": 2})
    server.wait_for(lambda: server.facts(table)["seats"][2]["kind"] == "open", "Cy removed")
    server.ok("POST", f"/api/tables/{table}/start", ana)
    assert error_of(server.call("POST", path, ana, {"seat": 1})) == (409, "already_started")


# -- names -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "taken",
    [
        "ánn",
        " ÁNN ",
        "A\u0301nn",
        "\uff21\u0301\uff4e\uff4e",
    ],  # lower, trimmed, decomposed, full-width
)
def test_a_name_already_at_the_table_is_refused(server: Server, taken: str) -> None:
    table = server.create(name="Ánn", players=4)["table"]
    refused = server.call("POST", f"/api/tables/{table}/join", body={"name": taken})
    assert error_of(refused) == (409, "name_taken")
    assert taken.strip() in refused.json()["error"]["message"]  # says which name
    assert join(server, table, "Anna")
    assert [s["name"] for s in server.facts(table)["seats"]] == ["Ánn", "Anna", None, None]


def test_people_cannot_take_a_bots_name(server: Server) -> None:
    # A bot's name has brackets, which a person's may not have (server/name_rules.py);
    # unique_bot_names still keeps a bot unlike any name (test_name_keys).
    refused = server.call("POST", "/api/tables", body={"name": "Bot 1 (random)"})
    assert error_of(refused) == (400, "bad_request")
    created = server.create(name="Bot 1", players=4, bots="random")
    table = created["table"]
    join(server, table, "bot 3 RANDOM")  # seat 1
    server.ok("POST", f"/api/tables/{table}/start", created["token"])
    names = [s["name"] for s in server.facts(table)["seats"]]
    assert names == ["Bot 1", "bot 3 RANDOM", "Bot 2 (random)", "Bot 3 (random)"]


def test_name_keys() -> None:
    assert name_key(" Ánn ") == name_key("A\u0301NN") == "ánn"
    assert name_key("ﬁona") == name_key("FIONA")  # a ligature
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Σοφία") == name_key("ΣΟΦΊΑ")
    assert name_key("İpek") != name_key("Ipek")  # different letters stay different
    assert name_key("ŞAHİN", turkic=True) == name_key("Şahin", turkic=True) == "şahin"
    assert name_key("IŞIL", turkic=True) == name_key("Işıl", turkic=True) == "ışıl"
    assert name_key("IŞIL") != name_key("Işıl")  # folded as English, "I" is "i"
    assert is_taken("İPEK IŞIL ŞAHİN", ["İpek Işıl Şahin"])
    assert is_taken("ipek ışıl şahin", ["İPEK IŞIL ŞAHİN"])
    assert not is_taken("İpek Işık", ["İpek Işıl"])
    assert is_taken("ANA", ["Bo", None, "ana"]) and not is_taken("Ana", ["Anna", None])
    plain = {1: "Bot 1 (x)", 2: "Bot 2 (x)"}
    assert unique_bot_names(plain, ["bot 1 (X)", "Bot 1 (x) #2"]) == {
        1: "Bot 1 (x) #3",
        2: "Bot 2 (x)",
    }
