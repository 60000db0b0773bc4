"""Greek and Turkish letters survive everywhere a name goes: the table's views,
the downloaded record, the record file, the replay and the terminal."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, View, legal_texts, play_to_the_end, running_server

from pysaboteur.rules import Game, game_from_record, load_record, save_record
from pysaboteur.rules.records import dumps_record, game_to_record
from pysaboteur.terminal.replay import run_replay

#: Letters that break naive handling: Greek with tonos and final sigma, Turkish
#: dotless/dotted i (whose case mapping differs from English), ğ, ş, ç.
HOST = "Άννα Σωκράτους"
GUEST = "Işıl İğdeci"


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running_server(tmp_path) as running:
        yield running


def test_names_in_greek_and_turkish_letters_survive_a_whole_game(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    created = server.create(name=HOST, players=3, bots="random")
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": GUEST})["token"]
    assert [seat["name"] for seat in server.facts(table)["seats"][:2]] == [HOST, GUEST]
    sockets = {0: server.socket(table, host), 1: server.socket(table, guest)}
    for socket in sockets.values():
        socket.until(lambda message: message["type"] == "welcome")
    sockets[0].send({"type": "start"})
    chance = random.Random(7)

    def choose(seat: int, view: View) -> str:
        return chance.choice(legal_texts(view))

    last = play_to_the_end(sockets, choose)
    assert last["observation"]["names"][:2] == [HOST, GUEST]

    response = server.call("GET", f"/api/tables/{table}/record")
    assert response.status_code == 200
    assert HOST.encode() in response.content and GUEST.encode() in response.content
    game = game_from_record(response.json())
    assert game.names[:2] == [HOST, GUEST]

    total = last["version"]
    replay = server.ok("GET", f"/api/tables/{table}/replay/{total}")
    assert replay["observation"]["names"][:2] == [HOST, GUEST]

    path = tmp_path / "game.json"
    save_record(game, path)
    assert HOST.encode() in path.read_bytes()  # the letters themselves, in UTF-8
    again = game_from_record(load_record(path))
    assert again.names == game.names
    assert dumps_record(game_to_record(again)) == dumps_record(game_to_record(game))

    capsys.readouterr()
    args = argparse.Namespace(record=str(path), seat=None, public=False, all=True)
    assert run_replay(args) == 0
    shown = capsys.readouterr().out
    assert HOST in shown and GUEST in shown


def test_a_record_file_is_utf8_whatever_the_locale(tmp_path: Path) -> None:
    game = Game.new(3, seed=3, names=["Ελένη", "Şule", "Çağan"])
    path = tmp_path / "names.json"
    save_record(game, path)
    text = path.read_bytes().decode("utf-8")
    assert '"Ελένη"' in text and '"Şule"' in text and "\\u" not in text
    assert game_from_record(load_record(path)).names == ["Ελένη", "Şule", "Çağan"]
