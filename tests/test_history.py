"""My games: seats taken signed in, guest seats claimed after the game with (and
without) their token, the tables where it is my turn, one account against another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from accounts_helpers import (
    browser,
    cheap_hashing,  # noqa: F401  (a fixture, used by every test here)
    database_fixture,  # noqa: F401  (the fixture "database": SQLite, then PostgreSQL)
    ok,
    play_out,
    refused,
    sign_up,
    wait_for_results,
)
from server_helpers import running_server
from test_server_restart import host_to_move

from pysaboteur.rules import game_from_record


def test_a_guest_claims_their_seat_after_the_game_with_its_token(
    tmp_path: Path, database: dict[str, Any]
) -> None:
    with (
        running_server(tmp_path, bot_pause=0.0, **database) as server,
        browser(server) as ana,
        browser(server) as bo,
        browser(server) as cy,
    ):
        sign_up(ana, "Ana")
        created = ok(ana.post("/api/tables", json={"name": "Ana", "players": 3, "bots": "random"}))
        table, host = created["table"], created["token"]
        guest = ok(bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}))["token"]  # a guest
        server.ok("POST", f"/api/tables/{table}/start", host)
        sign_up(bo, "Bo")  # signs up during the game
        sign_up(cy, "Cy")
        claim = f"/api/tables/{table}/claim"
        bearer = {"Authorization": f"Bearer {guest}"}
        assert refused(bo.post(claim, headers=bearer)) == (409, "not_over")
        play_out(server, table, [host, guest])
        wait_for_results(server, ana, 3)
        assert refused(server.call("POST", claim, guest)) == (401, "not_signed_in")
        assert refused(bo.post(claim)) == (401, "no_token")
        assert refused(bo.post(claim, headers={"Authorization": "Bearer nope"})) == (
            403,
            "bad_token",
        )
        # Ana's seat is hers: her token does not give it to Bo.
        assert refused(bo.post(claim, headers={"Authorization": f"Bearer {host}"})) == (
            409,
            "seat_claimed",
        )
        assert ok(bo.post(claim, headers=bearer))["seat"] == 1
        assert ok(bo.post(claim, headers=bearer))["seat"] == 1  # claimed once, however often
        # Another account holding the token (it was shared, or stolen) cannot take it now.
        assert refused(cy.post(claim, headers=bearer)) == (409, "seat_claimed")
        found = wait_for_results(server, bo, 3)
        game = game_from_record(server.ok("GET", f"/api/tables/{table}/record"))
        assert sum(line["gold"] for line in found["statistics"]) == game.nuggets[1]
        assert found["ratings"]["base"]["mine"]["games"] == 1
        games = ok(bo.get("/api/account/games"))["games"]
        assert games == [
            {
                "table": table,
                "seat": 1,
                "name": "Bo",
                "edition": "base",
                "status": "over",
                "players": 3,
                "created_at": games[0]["created_at"],
                "rated": True,
                "my_turn": False,
                "link": f"/t/{table}",
                "replay": f"/replay/{table}",
                "record": f"/api/tables/{table}/record",
            }
        ]
        assert [entry["seat"] for entry in ok(ana.get("/api/account/games"))["games"]] == [0]
        assert ok(cy.get("/api/account/games")) == {"games": []}
        cy_found = ok(cy.get("/api/account/statistics"))
        assert cy_found == {"statistics": [], "ratings": cy_found["ratings"]}
        assert all(entry["mine"] is None for entry in cy_found["ratings"].values())


def test_my_games_say_where_it_is_my_turn(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        body = {"name": "Ana", "players": 3, "bots": "random"}
        waiting = ok(ana.post("/api/tables", json=body))
        playing = ok(ana.post("/api/tables", json=body))
        server.ok("POST", f"/api/tables/{playing['table']}/start", playing["token"])
        host_to_move(server, playing["table"], playing["token"])
        games = {entry["table"]: entry for entry in ok(ana.get("/api/account/games"))["games"]}
        assert games[playing["table"]]["status"] == "playing"
        assert games[playing["table"]]["my_turn"] is True
        assert games[waiting["table"]]["status"] == "lobby"
        assert games[waiting["table"]]["my_turn"] is False
        assert "replay" not in games[playing["table"]]


def test_my_games_need_an_account(tmp_path: Path) -> None:
    with running_server(tmp_path) as server, browser(server) as guest:
        for path in ("/api/account/games", "/api/account/statistics"):
            assert refused(guest.get(path)) == (401, "not_signed_in")
