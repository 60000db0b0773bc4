"""The server's refusals in the requester's language: its ``lang`` cookie, else its
``Accept-Language``, else English, over HTTP and the WebSocket; the error codes
never change.  The Italian here is a tiny catalogue of the test's own (the real
one is the translator's)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from i18n_helpers import compiled
from server_helpers import WAIT, Server, running_server
from websockets.sync.client import connect

from pysaboteur.i18n.catalogues import installed
from pysaboteur.server.protocol import ApiError, error_message
from pysaboteur.server.table import bot_name

ITALIAN = {
    "there is no table {table!r}": "non c'è nessun tavolo {table!r}",
    "{field}: {detail}": "{field}: {detail}",
    "Input should be a valid integer": "Il valore deve essere un numero intero",
    'the first message must be {"type": "hello", ...}': (
        'il primo messaggio deve essere {"type": "hello", ...}'
    ),
    "it is seat {seat}'s turn, not yours": "tocca al posto {seat}, non a te",
    "{edition} has no {card} card": "{edition} non ha la carta {card}",
    "Saboteur": "Il Sabotatore",
    ("{amount} second", "{amount} seconds"): (
        "{amount} secondo",
        "{amount} secondi",
        "{amount} secondi",
    ),
}
CONTEXTS = {"Saboteur": "edition"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    italian = compiled("it", ITALIAN, CONTEXTS)
    with installed("it", italian), running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


def _refusal(server: Server, path: str, **headers: str) -> tuple[str, str]:
    response = server.http.get(path, headers=headers)
    error = response.json()["error"]
    return error["code"], error["message"]


def test_a_refusal_is_said_in_the_cookies_language(server: Server) -> None:
    assert _refusal(server, "/api/tables/nosuch/view", Cookie="lang=it") == (
        "unknown_table",
        "non c'è nessun tavolo 'nosuch'",
    )


def test_without_a_cookie_accept_language_chooses_and_english_is_the_default(
    server: Server,
) -> None:
    path = "/api/tables/nosuch/view"
    italian = ("unknown_table", "non c'è nessun tavolo 'nosuch'")
    english = ("unknown_table", "there is no table 'nosuch'")
    assert _refusal(server, path, **{"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}) == italian
    assert _refusal(server, path, **{"Accept-Language": "de-DE,en;q=0.5"}) == english
    assert _refusal(server, path) == english
    # The cookie is the browser's own choice: it wins over the header.
    both = {"Accept-Language": "it", "Cookie": "lang=en"}
    assert _refusal(server, path, **both) == english
    # A language that is none of the six answers in English.
    assert _refusal(server, path, Cookie="lang=de", **{"Accept-Language": "fr"}) == english


def test_a_field_problem_is_framed_and_worded_in_the_language(server: Server) -> None:
    response = server.http.post(
        "/api/tables", json={"name": "Ana", "players": "five"}, headers={"Cookie": "lang=it"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "bad_request",
        "message": "players: Il valore deve essere un numero intero",
    }
    english = server.http.post("/api/tables", json={"name": "Ana", "players": "five"})
    assert english.json()["error"]["message"] == "players: Input should be a valid integer"


def test_the_engines_reason_is_said_with_its_game_words_translated(server: Server) -> None:
    created = server.create(players=3, bots="random")
    table, host = created["table"], created["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    assert server.view(table, host)["observation"]["to_move"] == 0
    response = server.http.post(
        f"/api/tables/{table}/moves",
        json={"move": "0 discard NS+EW"},  # a card of Saboteur 2 only
        headers={"Authorization": f"Bearer {host}", "Cookie": "lang=it"},
    )
    assert response.status_code == 409
    assert response.json()["error"] == {
        "code": "illegal_move",
        "message": "Il Sabotatore non ha la carta NS+EW",  # the card's code is notation
    }
    english = server.call("POST", f"/api/tables/{table}/moves", host, {"move": "0 discard NS+EW"})
    assert english.json()["error"]["message"] == "Saboteur has no NS+EW card"


def test_an_illegal_move_is_refused_in_the_language_with_its_code(server: Server) -> None:
    created = server.create(players=3, bots="random")
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    assert server.view(table, host)["observation"]["to_move"] == 0
    response = server.http.post(
        f"/api/tables/{table}/moves",
        json={"move": "1 pass"},
        headers={"Authorization": f"Bearer {guest}", "Cookie": "lang=it"},
    )
    assert response.status_code == 409
    assert response.json()["error"] == {
        "code": "not_your_turn",
        "message": "tocca al posto 0, non a te",
    }


def test_the_socket_says_its_errors_in_the_handshakes_language(server: Server) -> None:
    created = server.create(players=3, bots="random")
    url = f"{server.ws_url}ws/tables/{created['table']}"
    with connect(url, open_timeout=WAIT, additional_headers={"Cookie": "lang=it"}) as socket:
        socket.send(json.dumps({"type": "ping"}))
        message = json.loads(socket.recv(timeout=WAIT))
    assert message == {
        "type": "error",
        "error": {
            "code": "bad_request",
            "message": 'il primo messaggio deve essere {"type": "hello", ...}',
        },
    }
    with connect(url, open_timeout=WAIT, additional_headers={"Accept-Language": "de"}) as socket:
        socket.send(json.dumps({"type": "ping"}))
        message = json.loads(socket.recv(timeout=WAIT))
    assert message["error"]["message"] == 'the first message must be {"type": "hello", ...}'


def test_an_error_made_of_engine_words_and_counts_is_translated_whole() -> None:
    reason_error = ApiError("rate_limited", "try again in {wait}", wait=_seconds(5))
    with installed("it", compiled("it", ITALIAN, CONTEXTS)):
        assert reason_error.body("it")["error"]["message"] == "try again in 5 secondi"
        assert json.loads(error_message(reason_error, "it"))["error"]["code"] == "rate_limited"
    assert reason_error.message == "try again in 5 seconds"
    assert str(reason_error) == "try again in 5 seconds"


def _seconds(count: int) -> str:
    from pysaboteur.rules.reasons import Reason

    return Reason.counted("{amount} second", "{amount} seconds", count, amount=str(count))


def test_every_refusal_keeps_its_english_message_for_programs() -> None:
    error = ApiError("table_full", "all {players} seats are taken", players=5)
    assert error.body() == {"error": {"code": "table_full", "message": "all 5 seats are taken"}}


def test_bots_are_named_in_the_language_of_the_host_who_seated_them(server: Server) -> None:
    # Lithuanian writes "Botas", and the random bot "atsitiktinis"; the name is given
    # once, when the seat is filled, and then kept as it is (in every view and in the
    # record), like a person's.
    lithuanian = {"Cookie": "lang=lt"}
    body = {"name": "Ona", "players": 3, "bots": "random"}
    created = server.http.post("/api/tables", json=body, headers=lithuanian).json()
    table, token = created["table"], created["token"]
    started = server.http.post(
        f"/api/tables/{table}/start",
        headers={**lithuanian, "Authorization": f"Bearer {token}"},
        json={},
    )
    assert started.status_code == 200, started.text
    names = [seat["name"] for seat in server.facts(table)["seats"]]
    assert names == ["Ona", "Botas 1 (atsitiktinis)", "Botas 2 (atsitiktinis)"]
    everyone = server.http.post(
        "/api/tables", json={"players": 3, "bots": "random", "all_bots": True}
    ).json()
    names = [seat["name"] for seat in server.facts(everyone["table"])["seats"]]
    assert names == ["Bot 0 (random)", "Bot 1 (random)", "Bot 2 (random)"]  # English by default


def test_a_removed_person_is_told_in_their_own_language(server: Server) -> None:
    # Greek: the shipped catalogue (this module's server stands a tiny Italian in for it).
    created = server.create(name="Ana", players=3)
    table, host = created["table"], created["token"]
    bo = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    url = f"{server.ws_url}ws/tables/{table}"
    with connect(url, open_timeout=WAIT, additional_headers={"Cookie": "lang=el"}) as socket:
        socket.send(json.dumps({"type": "hello", "token": bo}))
        assert json.loads(socket.recv(timeout=WAIT))["type"] == "welcome"
        server.ok("POST", f"/api/tables/{table}/remove", host, {"seat": 1})
        while (message := json.loads(socket.recv(timeout=WAIT)))["type"] != "error":
            pass
    assert message["error"] == {
        "code": "removed",
        "message": "ο οικοδεσπότης σε αφαίρεσε από αυτό το τραπέζι· μπορείς να μπεις ξανά",  # noqa: RUF001
    }


def test_a_bots_name_says_its_kind_in_the_language_and_its_settings_as_written() -> None:
    assert bot_name(2, "heuristic", "tr") == "Bot 2 (sezgisel)"
    assert bot_name(3, "ismcts:seconds=1", "sk") == "Bot 3 (hľadanie:seconds=1)"
    assert bot_name(1, "ismcts:seconds=1") == "Bot 1 (ismcts:seconds=1)"
    assert bot_name(4, "examples.bots:Mine", "sk").endswith("(examples.bots:Mine)")
