"""Whatever text a client sends, what the server says back encodes: lone surrogates
go out as U+FFFD and what is echoed is cut short (pysaboteur/server/wire_json.py),
over HTTP and over the WebSocket, in every field that echoes it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st
from server_helpers import Server, running_server
from websockets.exceptions import ConnectionClosed

from pysaboteur.i18n.validation import field_problem
from pysaboteur.rules.reasons import Reason
from pysaboteur.server.protocol import ApiError, error_message
from pysaboteur.server.wire_json import ECHO_LIMIT, clean, dumps, echo, encoded

#: Any text a Python string can hold, lone surrogates too (Hypothesis leaves them out).
ANY_TEXT = st.text(st.characters(exclude_categories=()))
SURROGATES = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)


def strict_json(body: bytes) -> Any:
    """``body`` read as a strict client would: UTF-8 (no surrogates), then JSON."""
    return json.loads(body.decode("utf-8", errors="strict"))


# -- the encoding itself -----------------------------------------------------------


def test_a_lone_surrogate_becomes_the_replacement_character() -> None:
    assert clean("a\ud800b\udfffc") == "a\ufffdb\ufffdc"
    assert clean("İΩ😀") == "İΩ😀"  # real text, astral too, is left alone
    assert encoded({"k\udc80": ["\ud83d"]}) == '{"k\ufffd":["\ufffd"]}'.encode()
    assert dumps({"type": "x", "v": "\ud800"}) == '{"type":"x","v":"\ufffd"}'


def test_an_echo_is_cut_to_its_limit_with_an_ellipsis() -> None:
    assert echo("k" * ECHO_LIMIT) == "k" * ECHO_LIMIT
    assert echo("k" * (ECHO_LIMIT + 1)) == "k" * (ECHO_LIMIT - 1) + "\u2026"
    assert echo("\ud800" * 3, limit=2) == "\ufffd\u2026"


@given(ANY_TEXT)
def test_any_text_encodes_and_reads_back_cleaned(text: str) -> None:
    assert strict_json(encoded({text: text})) == {clean(text): clean(text)}
    assert json.loads(dumps([text])) == [clean(text)]
    assert dumps([text]).encode("utf-8")  # never raises
    assert (clean(text) == text) == all(not 0xD800 <= ord(c) <= 0xDFFF for c in text)


@given(st.text(), SURROGATES)
def test_only_surrogates_change(text: str, surrogate: str) -> None:
    assert clean(text) == text
    assert clean(text + surrogate + text) == text + "\ufffd" + text


# -- refusals echo what they were sent, cleaned and short ------------------------


def test_a_refusal_cleans_and_cuts_its_values() -> None:
    error = ApiError("unknown_table", "there is no table {table!r}", table="\ud800" + "x" * 500)
    assert error.message == "there is no table " + repr(
        "\ufffd" + "x" * (ECHO_LIMIT - 2) + "\u2026"
    )
    body = error.body()
    assert body == {"error": {"code": "unknown_table", "message": error.message}}
    assert json.loads(error_message(error)) == {"type": "error", **body}


def test_a_refusal_cleans_the_values_of_the_reasons_inside_it() -> None:
    problem = field_problem("\ud800", {"type": "missing", "msg": "Field required"})
    error = ApiError("bad_request", problem)
    assert error.message == "\ufffd: Field required"
    assert error.body("tr")["error"]["message"].startswith("\ufffd: ")


def test_a_counted_refusal_keeps_its_plural_when_cleaned() -> None:
    reason = Reason.counted("{count} seat of {who}", "{count} seats of {who}", 2, who="\ud800")
    error = ApiError("bad_request", reason)
    assert error.message == "2 seats of \ufffd"
    assert (error.message.template, error.message.plural) == (  # type: ignore[attr-defined]
        "{count} seat of {who}",
        "{count} seats of {who}",
    )


def test_a_refusal_with_nothing_to_clean_is_its_reason_itself() -> None:
    reason = Reason("all {players} seats are taken", players=5)
    assert ApiError("table_full", reason).message is reason


# -- over HTTP and the WebSocket ---------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


def refusal(response: httpx.Response) -> tuple[int, str, str]:
    """The status, code and message of a refusal whose body is strict UTF-8 JSON."""
    assert response.headers["content-type"] == "application/json"
    body = strict_json(response.content)
    return response.status_code, body["error"]["code"], body["error"]["message"]


def test_an_unknown_option_named_by_a_lone_surrogate_is_a_clean_400(server: Server) -> None:
    response = server.call("POST", "/api/tables", content='{"name":"a","options":{"\\ud800":1}}')
    assert refusal(response) == (
        400,
        "bad_request",
        "options: unknown rule option(s): \ufffd",
    )


def test_a_huge_unknown_option_is_echoed_cut_short(server: Server) -> None:
    body = json.dumps({"name": "a", "options": {"k" * 1000: 1}})
    status, code, message = refusal(server.call("POST", "/api/tables", content=body))
    said = "unknown rule option(s): " + "k" * 1000
    assert (status, code) == (400, "bad_request")
    assert message == "options: " + said[: ECHO_LIMIT - 1] + "\u2026"


@pytest.mark.parametrize(
    ("body", "status", "code", "message"),
    [
        ('{"name":"a","\\ud800":1}', 400, "bad_request",
         "Input should be a valid string, unable to parse raw data as a unicode string"),
        ('{"name":"\\ud800"}', 400, "bad_request", "name: a name has only printable characters"),
        ('{"name":"a","edition":"\\ud800"}', 400, "bad_request",
         "edition: '\ufffd' is not an edition (choose 'base', 'saboteur2', 'duel')"),
        ('{"name":"a","bots":"\\udfff"}', 400, "bad_request",
         "bots: '\ufffd' is not offered here (offered: random, heuristic)"),
        ('{"name":"a","players":"\\ud800"}', 400, "bad_request",
         "players: Input should be a valid integer"),
    ],
)  # fmt: skip
def test_every_echoed_field_of_a_new_table_encodes(
    server: Server, body: str, status: int, code: str, message: str
) -> None:
    assert refusal(server.call("POST", "/api/tables", content=body)) == (status, code, message)


def test_a_surrogate_table_id_is_echoed_as_replacement_characters(server: Server) -> None:
    # %ED%A0%80 is the surrogate's bytes, which the path decodes to three U+FFFD.
    response = server.call("GET", "/api/tables/%ED%A0%80")
    assert refusal(response) == (404, "unknown_table", "there is no table '\ufffd\ufffd\ufffd'")


def test_a_lone_surrogate_is_said_in_every_language(server: Server) -> None:
    response = server.http.post(
        "/api/tables",
        content='{"name":"a","\\ud800":1}',
        headers={"Content-Type": "application/json", "Accept-Language": "it"},
    )
    assert refusal(response) == (
        400,
        "bad_request",
        "Il valore deve essere una stringa valida: i dati non si possono leggere come stringa "
        "Unicode",
    )


@pytest.mark.parametrize(
    ("message", "code", "said"),
    [
        ('{"type":"\\ud800"}', "bad_request",
         "unknown message type '\ufffd' (known: hello, move, start, back, ping, say, claim, "
         "spectators_talk, remove, hand_to_bot)"),
        ('{"type":"move","move":"\\ud800"}', "bad_request",
         "move: Input should be a valid string, unable to parse raw data as a unicode string"),
        ('{"type":"say","text":"a\\udc00"}', "talk_bad_character",
         "a line is one line of text: the character U+DC00 is refused"),
        ('{"type":"ping","\\ud800":1}', "bad_request",
         "Input should be a valid string, unable to parse raw data as a unicode string"),
    ],
)  # fmt: skip
def test_every_echoed_field_of_a_socket_message_encodes(
    server: Server, message: str, code: str, said: str
) -> None:
    table = server.create(players=3)
    socket = server.socket(table["table"], table["token"])
    assert socket.receive()["type"] == "welcome"
    socket.send(message)
    raw = socket.connection.recv(timeout=20)
    while json.loads(raw)["type"] != "error":
        raw = socket.connection.recv(timeout=20)
    assert isinstance(raw, str) and raw.encode("utf-8")  # sent as text, valid UTF-8
    assert json.loads(raw) == {"type": "error", "error": {"code": code, "message": said}}
    socket.send({"type": "ping"})  # still open
    assert socket.until(lambda m: m["type"] == "pong")


def test_a_hello_with_a_lone_surrogate_token_is_a_wrong_token(server: Server) -> None:
    table = server.create(players=3)["table"]
    socket = server.socket(table, hello=False)
    socket.send('{"type":"hello","token":"a\\udc80b"}')
    assert socket.receive() == {
        "type": "error",
        "error": {"code": "bad_token", "message": "this token owns no seat at this table"},
    }
    with pytest.raises(ConnectionClosed) as closed:
        socket.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
