"""The web table through its HTTP API and WebSocket: tables, seats, a whole game,
the record, the replay, the client's pages."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, View, error_of, legal_moves, running_server

from pysaboteur.bots import make_bot
from pysaboteur.rules import game_from_record, seat_observation, table_observation
from pysaboteur.server import Settings
from pysaboteur.server.config import database_url
from pysaboteur.server.serve import address


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running_server(tmp_path) as running:
        yield running


def test_create_join_and_start(server: Server) -> None:
    created = server.create(name="  Ana  ", players=4, bots="random", spectators=False)
    table = created["table"]
    assert created["seat"] == 0 and created["invite"] == f"/t/{table}"
    assert len(table) == 10 and len(created["token"]) == 32
    joined = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})
    assert (joined["table"], joined["seat"]) == (table, 1)
    assert len(joined["token"]) == 32 and joined["token"] != created["token"]

    facts = server.facts(table)
    assert facts["status"] == "lobby" and facts["version"] == 0 and facts["host"] == 0
    assert (facts["players"], facts["bots"], facts["spectators"]) == (4, "random", False)
    assert facts["options"] == {
        "gold_draw": "players",
        "next_round_start": "after-last",
        "open_hands": False,
    }
    assert [(s["name"], s["kind"]) for s in facts["seats"]] == [
        ("Ana", "human"),
        ("Bo", "human"),
        (None, "open"),
        (None, "open"),
    ]
    lobby = server.view(table, created["token"])
    assert lobby["observation"] is None and lobby["legal"] == [] and lobby["move"] is None

    started = server.ok("POST", f"/api/tables/{table}/start", created["token"])
    assert started["status"] == "playing"
    assert [(s["name"], s["kind"]) for s in started["seats"]] == [
        ("Ana", "human"),
        ("Bo", "human"),
        ("Bot 2 (random)", "bot"),
        ("Bot 3 (random)", "bot"),
    ]
    view = server.view(table, joined["token"])
    assert view["observation"]["seat"] == 1
    assert view["observation"]["names"] == ["Ana", "Bo", "Bot 2 (random)", "Bot 3 (random)"]


def test_table_of_bots_only_plays_itself_to_the_end(server: Server) -> None:
    created = server.ok(
        "POST", "/api/tables", body={"all_bots": True, "players": 3, "bots": "random"}
    )
    assert created["seat"] is None and created["token"] is None
    table = created["table"]
    server.wait_for(lambda: server.facts(table)["status"] == "over", "the bots' game to end")
    facts = server.facts(table)
    assert facts["host"] is None
    assert [s["kind"] for s in facts["seats"]] == ["bot"] * 3
    assert facts["version"] == server.stored_moves(table) > 0
    view = server.view(table)
    assert view["observation"]["phase"] == "over" and len(view["observation"]["winners"]) >= 1


def choose(seat: int, view: View) -> str:
    """A sensible move for a person: the heuristic bot's choice, seeded by the position."""
    legal = legal_moves(view)
    bot = make_bot("heuristic", seed=view["version"] * 10 + seat)
    return str(bot.choose(view["observation"], legal))


def test_a_whole_game_by_http_and_websocket(server: Server) -> None:
    """Seat 0 moves over HTTP, seat 1 over its WebSocket, seat 2 is a bot."""
    created = server.create(players=3, bots="random")
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    sockets = {0: server.socket(table, host), 1: server.socket(table, guest)}
    spectator = server.socket(table)
    assert sockets[0].receive() == {"type": "welcome", "seat": 0}
    assert sockets[1].receive() == {"type": "welcome", "seat": 1}
    assert spectator.receive() == {"type": "welcome", "seat": None}
    sockets[0].send({"type": "start"})
    moves_by_http = moves_by_socket = 0
    while True:
        view = sockets[0].next_view()
        if view["table"]["status"] == "over":
            break
        if view["observation"] is None:
            continue
        to_move = view["observation"]["to_move"]
        if to_move == 0 and view["legal"]:
            answer = server.ok(
                "POST",
                f"/api/tables/{table}/moves",
                host,
                {"move": choose(0, view), "expect": view["version"]},
            )
            assert answer["version"] == view["version"] + 1
            assert answer["move"] is not None and answer["move"].startswith("0 ")
            moves_by_http += 1
        elif to_move == 1:
            version = view["version"]
            mine = sockets[1].until(
                lambda m, version=version: (
                    m["type"] == "view" and m["version"] == version and bool(m["legal"])
                )
            )
            sockets[1].send({"type": "move", "move": choose(1, mine), "expect": mine["version"]})
            moves_by_socket += 1
    assert moves_by_http > 10 and moves_by_socket > 10
    assert view["observation"]["phase"] == "over" and view["legal"] == []
    sockets[1].until(lambda m: m["type"] == "view" and m["table"]["status"] == "over")
    spectator.until(lambda m: m["type"] == "view" and m["table"]["status"] == "over")
    for seen in (sockets[0], sockets[1], spectator):
        check_versions_in_order(seen.received)
        seen.close()

    total = view["version"]
    assert server.stored_moves(table) == total
    response = server.call("GET", f"/api/tables/{table}/record")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == (
        f'attachment; filename="saboteur-{table}.json"'
    )
    record = response.json()
    game = game_from_record(record)  # replays and checks every move and the result
    assert game.is_over and game.names == ["Ana", "Bo", "Bot 2 (random)"]
    assert sum(len(log.moves) for log in game.rounds) == total
    assert view["observation"] == seat_observation(game, 0)
    assert record["result"]["nuggets"] == view["observation"]["nuggets"]

    replay = server.ok("GET", f"/api/tables/{table}/replay/{total}")
    assert replay["n"] == total and replay["moves"] == total
    assert replay["move"] == str(game.rounds[-1].moves[-1])
    assert replay["observation"] == table_observation(game)
    for n in (1, 0, 5):  # forwards, back to the deal, forwards again
        position = server.ok("GET", f"/api/tables/{table}/replay/{n}")
        first_round = record["rounds"][0]
        assert position["move"] == (first_round["moves"][n - 1] if n else None)
        opening = {**first_round, "moves": first_round["moves"][:n]}
        early = game_from_record(
            {key: value for key, value in record.items() if key != "result"} | {"rounds": [opening]}
        )
        assert position["observation"] == table_observation(early)
    response = server.call("GET", f"/api/tables/{table}/replay/{total + 1}")
    assert error_of(response) == (400, "bad_request")


def check_versions_in_order(messages: list[dict[str, Any]]) -> None:
    """Every version reaches a socket in order, none skipped, each move once."""
    views = [m for m in messages if m["type"] == "view"]
    for before, after in itertools.pairwise(views):
        assert after["version"] in (before["version"], before["version"] + 1), (before, after)
        if after["move"] is not None and after is not views[0]:
            assert after["version"] == before["version"] + 1


def test_reconnecting_brings_back_the_whole_view(server: Server) -> None:
    created = server.create(players=3, bots="random")
    table, token = created["table"], created["token"]
    server.ok("POST", f"/api/tables/{table}/start", token)
    first = server.socket(table, token)
    first.receive()
    before = first.next_view()
    assert before["table"]["seats"][0]["connected"] is True
    first.close()
    server.wait_for(
        lambda: not server.facts(table)["seats"][0]["connected"], "the seat to show offline"
    )
    again = server.socket(table, token)
    assert again.receive() == {"type": "welcome", "seat": 0}
    after = again.next_view()
    assert after["observation"] == before["observation"]
    assert after["legal"] == before["legal"] and after["version"] == before["version"]
    assert after["table"]["seats"][0]["connected"] is True


def test_pages_and_static_files(server: Server, tmp_path: Path) -> None:
    assert server.call("GET", "/").status_code == 404  # the client's files are not there yet
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    for name in ("index.html", "table.html", "replay.html"):
        (web / name).write_text(f"<title>{name}</title>")
    (web / "js" / "app.js").write_text("let x = 1;")
    (tmp_path / "secret.txt").write_text("not for browsers")
    assert server.call("GET", "/").text == "<title>index.html</title>"
    assert server.call("GET", "/t/abcdefghij").text == "<title>table.html</title>"
    assert server.call("GET", "/replay/abcdefghij").text == "<title>replay.html</title>"
    script = server.call("GET", "/static/js/app.js")
    assert script.text == "let x = 1;" and "javascript" in script.headers["content-type"]
    assert server.call("GET", "/static/js/missing.js").status_code == 404
    assert server.call("GET", "/static/../secret.txt").status_code == 404
    assert server.call("GET", "/static/%2e%2e/secret.txt").status_code == 404


def test_offered_bots_and_no_caching(server: Server) -> None:
    response = server.call("GET", "/api/bots")
    offered = ["random", "heuristic"]
    editions = {"base": offered, "saboteur2": offered, "duel": offered}  # both play the Duel
    assert response.json() == {"bots": offered, "default": "random", "editions": editions}
    assert response.headers["cache-control"] == "no-store"


def test_options_reach_the_game(server: Server) -> None:
    created = server.create(
        players=4, bots="heuristic", options={"open_hands": True, "gold_draw": "miners"}
    )
    server.ok("POST", f"/api/tables/{created['table']}/start", created["token"])
    view = server.view(created["table"], created["token"])
    assert view["observation"]["options"] == {
        "gold_draw": "miners",
        "next_round_start": "after-last",
        "open_hands": True,
    }
    assert len(view["observation"]["hands"]) == 4  # open hands: every hand shows
    assert json.dumps(view)  # plain JSON all through


def test_database_urls_and_the_address_printed() -> None:
    assert database_url("games/x.db", None) == f"sqlite:///{Path('games/x.db').resolve()}"
    assert database_url("x.db", "postgresql://a:b@h/db") == "postgresql+psycopg://a:b@h/db"
    assert database_url(None, "postgres://h/db") == "postgresql+psycopg://h/db"
    assert database_url(None, "sqlite:////tmp/y.db") == "sqlite:////tmp/y.db"
    assert address(Settings(host="0.0.0.0", port=9000)) == "http://localhost:9000/"
    assert address(Settings(host="::1", port=80)) == "http://[::1]:80/"
    assert address(Settings()) == "http://127.0.0.1:8000/"
