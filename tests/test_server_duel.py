"""Duel tables on the server: exactly two seats, a person against a friend or the
bots that play the Duel, an optional deck file checked (refused with the engine's
words), stored with the table and carried by its record; replays of a Duel; and
no message telling a seat what it may not know."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, View, error_of, legal_moves, running_server, watched_game
from test_server_leaks import leaves
from test_server_leaks_saboteur2 import _string_lists_at
from test_server_restart import host_to_move
from test_server_saboteur2 import host_moves

from pysaboteur.rules import (
    Game,
    game_from_record,
    public_observation,
    seat_observation,
    table_observation,
)
from pysaboteur.rules.duel_deck import DeckError, deck_from_dict, shipped_deck
from pysaboteur.rules.duel_maze import GOAL_CELLS
from pysaboteur.server import hub as server_hub
from pysaboteur.server import table as server_table

SEED = 20261202


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running_server(tmp_path, bots=("random", "heuristic")) as running:
        yield running


def corrected_deck() -> dict[str, Any]:
    """The shipped deck as an owner might correct it: one plain straight fewer and
    one more, a map fewer and a rockfall more (the totals stay 34 and 18)."""
    deck = shipped_deck().to_dict()
    counts = {entry["code"]: entry for entry in (*deck["paths"], *deck["actions"])}
    counts["NS"]["count"] -= 1
    counts["EW"]["count"] += 1
    counts["map"]["count"] -= 1
    counts["rockfall"]["count"] += 1
    deck["provisional"] = False
    return deck


def test_a_duel_table_is_played_through_the_server_and_recorded(server: Server) -> None:
    created = server.create(edition="duel", players=2)
    table, token = created["table"], created["token"]
    facts = server.facts(table)
    assert (facts["edition"], facts["players"], facts["bots"]) == ("duel", 2, "random")
    server.ok("POST", f"/api/tables/{table}/start", token)
    view = server.view(table, token)
    observation = view["observation"]
    assert observation["edition"] == "duel" and observation["role"] == "green"
    assert len(observation["hand"]) == 6 and observation["draw_pile"] == 40
    assert [(goal["x"], goal["y"]) for goal in observation["goals"]] == list(GOAL_CELLS)
    assert observation["duel"]["counters_left"] == [4, 4]
    end = host_moves(server, table, token, None)
    record = server.ok("GET", f"/api/tables/{table}/record")
    assert record["edition"] == "duel" and "seed" not in record
    assert record["duel_deck"] == shipped_deck().to_dict()
    game = game_from_record(record)
    assert game.is_over and game.nuggets == end["observation"]["nuggets"]
    assert [data["first"] for data in record["rounds"]] == [0, 1, 0]


def test_a_duel_replay_is_the_game_move_by_move(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_hub, "new_seed", lambda: SEED)  # a table of bots starts at once
    body = {"all_bots": True, "edition": "duel", "players": 2, "bots": "random"}
    table = server.ok("POST", "/api/tables", body=body)["table"]
    server.wait_for(lambda: server.facts(table)["status"] == "over", "the bots' Duel to end")
    record = server.ok("GET", f"/api/tables/{table}/record")
    moves = [text for data in record["rounds"] for text in data["moves"]]
    assert game_from_record(record).nuggets == record["result"]["nuggets"]  # no seed needed
    game = Game.new(2, None, SEED, names=record["names"], edition="duel")
    positions = sorted({0, 1, 2, 17, len(moves) // 2, len(moves) - 1, len(moves)})
    at = 0
    for n in positions:
        while at < n:
            game.play(moves[at])
            at += 1
        answer = server.ok("GET", f"/api/tables/{table}/replay/{n}")
        assert answer["n"] == n and answer["moves"] == len(moves)
        assert answer["move"] == (moves[n - 1] if n else None)
        assert answer["observation"] == table_observation(game)
    assert answer["observation"]["phase"] == "over"


@pytest.mark.parametrize("players", [1, 3, 5])
def test_the_duel_is_for_two(server: Server, players: int) -> None:
    response = server.call(
        "POST", "/api/tables", body={"name": "Ana", "edition": "duel", "players": players}
    )
    assert error_of(response) == (400, "bad_request")
    assert "2 to 2 players" in response.json()["error"]["message"]
    assert server.live_table_ids() == []


def test_the_bots_that_play_the_duel_are_offered_and_play_it_to_the_end(server: Server) -> None:
    offered = server.ok("GET", "/api/bots")
    assert offered["editions"]["duel"] == ["random", "heuristic"]
    assert offered["editions"]["base"] == offered["bots"] == ["random", "heuristic"]
    body = {"all_bots": True, "edition": "duel", "players": 2, "bots": "heuristic"}
    table = server.ok("POST", "/api/tables", body=body)["table"]
    assert server.facts(table)["bots"] == "heuristic"
    server.wait_for(lambda: server.facts(table)["status"] == "over", "the heuristic Duel to end")
    record = server.ok("GET", f"/api/tables/{table}/record")
    assert game_from_record(record).nuggets == record["result"]["nuggets"]
    assert len(record["rounds"]) == 3


def test_a_corrected_deck_is_stored_used_and_recorded(tmp_path: Path) -> None:
    deck = corrected_deck()
    with running_server(tmp_path) as server:
        created = server.create(edition="duel", players=2, deck=deck)
        table, token = created["table"], created["token"]
        server.ok("POST", f"/api/tables/{table}/start", token)
        host_moves(server, table, token, 4)
        # The host's turn: nothing moves until it plays (the bot may still be thinking
        # when the host's fourth move is in, and would move on either side of the restart).
        before = host_to_move(server, table, token)
    with running_server(tmp_path) as server:  # after a restart: the same deck, the same game
        assert server.view(table, token)["observation"] == before["observation"]
        host_moves(server, table, token, None)
        record = server.ok("GET", f"/api/tables/{table}/record")
    assert record["duel_deck"] == deck_from_dict(deck).to_dict()
    dealt = record["rounds"][0]
    cards = [card for hand in dealt["hands"] for card in hand] + dealt["deck"]
    assert cards.count("NS") == 2 and cards.count("EW") == 3
    assert cards.count("map") == 1 and cards.count("rockfall") == 3
    assert game_from_record(record).is_over


def _broken(change: str) -> dict[str, Any]:
    deck = copy.deepcopy(shipped_deck().to_dict())
    if change == "counts":
        deck["paths"][0]["count"] += 1
    elif change == "code":
        deck["paths"][0]["code"] = "NS/door-red@N"
    elif change == "shared face":
        deck["paths"][0]["code"] = "EW"
    elif change == "format":
        deck["format"] = "saboteur-duel-deck/9"
    return deck


@pytest.mark.parametrize("change", ["counts", "code", "shared face", "format"])
def test_a_refused_deck_says_what_the_engine_says(server: Server, change: str) -> None:
    deck = _broken(change)
    with pytest.raises(DeckError) as refused:
        deck_from_dict(deck)
    body = {"name": "Ana", "edition": "duel", "players": 2, "deck": deck}
    response = server.call("POST", "/api/tables", body=body)
    assert error_of(response) == (400, "bad_request")
    message = response.json()["error"]["message"]
    assert message == f"deck: the deck file is refused: {refused.value}"[: len(message)]
    assert server.live_table_ids() == []


def test_a_deck_file_is_for_the_duel_only(server: Server) -> None:
    body = {"name": "Ana", "edition": "base", "players": 3, "deck": shipped_deck().to_dict()}
    response = server.call("POST", "/api/tables", body=body)
    assert error_of(response) == (400, "bad_request")
    assert response.json()["error"]["message"] == "deck: only the Duel is played with a deck file"


def test_a_deck_refusal_speaks_the_requester_s_language(server: Server) -> None:
    body = {"name": "Ana", "edition": "duel", "players": 2, "deck": _broken("counts")}
    response = server.http.post("/api/tables", json=body, headers={"Accept-Language": "sk"})
    # The engine's reason too, not only the server's frame (issue 19).
    message = response.json()["error"]["message"]
    assert message == "deck: súbor balíčka je odmietnutý: paths: spolu 34 kariet, nie 35"


# ---- no leaks ------------------------------------------------------------------------


def person(seat: int, view: View) -> str:
    """A person's move: a map on a goal it has not looked at when it can, else any."""
    legal = legal_moves(view)
    known = {(g["x"], g["y"]) for g in view["observation"]["goals"] if g["card"] is not None}
    maps = [move for move in legal if move.kind == "map" and move.cell not in known]
    if maps:
        return str(maps[0])
    return str(random.Random(view["version"] * 2 + seat).choice(legal))


def check_view(
    message: dict[str, Any], game: Game, viewer: int | None, seen: dict[str, int]
) -> None:
    observation = message["observation"]
    expected = public_observation(game) if viewer is None else seat_observation(game, viewer)
    assert observation == expected
    over = game.is_over
    # Hands: the viewer's own only; the draw pile by its size only.
    assert observation["hands"] is None and isinstance(observation["draw_pile"], int)
    others = [sorted(hand) for seat, hand in enumerate(game.hands) if seat != viewer and hand]
    for path, strings in _string_lists_at(message):
        if path[:2] == ("observation", "hand") or path[:1] == ("legal",):
            continue
        assert sorted(strings) not in others, f"another seat's hand at {path}"
    assert not any(path[-1] == "duel_deck" for path, _ in leaves(message))
    # Face-down goals: known only to the seat that mapped them, until the round ends.
    round_moves = observation["history"][-1]
    mine = {
        tuple(map(int, text.split()[2].split(",")))
        for text in round_moves
        if viewer is not None and text.startswith(f"{viewer} map ")
    }
    theirs = {
        tuple(map(int, text.split()[2].split(",")))
        for text in round_moves
        if text.split()[1] == "map" and not text.startswith(f"{viewer} ")
    }
    for goal in observation["goals"]:
        cell = (goal["x"], goal["y"])
        if goal["face_up"] or over:
            continue
        if goal["card"] is not None:
            assert cell in mine, f"a face-down goal at {cell} the viewer never mapped"
            seen["own looks"] += 1
        elif cell in theirs:
            seen["others' looks hidden"] += 1
    # Only cells are said of the other's map looks, never the card.
    for looks in observation["duel"]["mapped"]:
        assert all(len(cell) == 2 and all(isinstance(n, int) for n in cell) for cell in looks)


def test_no_duel_message_carries_what_its_viewer_may_not_know(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_table, "new_seed", lambda: SEED)
    with running_server(tmp_path, bots=("random",)) as server:
        played = watched_game(server, person, edition="duel", players=2)
    record = played.record
    moves = [text for data in record["rounds"] for text in data["moves"]]
    seen = {"own looks": 0, "others' looks hidden": 0}
    watchers = [(0, played.people[0]), (1, played.people[1]), (None, played.spectator)]
    for viewer, socket in watchers:
        game = Game.new(2, None, SEED, names=record["names"], edition="duel")
        views = [m for m in socket.received if m["type"] == "view" and m["observation"]]
        assert views[-1]["version"] == len(moves)
        for message in views:
            while sum(len(log.moves) for log in game.rounds) < message["version"]:
                game.play(moves[sum(len(log.moves) for log in game.rounds)])
            check_view(message, game, viewer, seen)
    assert seen["own looks"] > 0 and seen["others' looks hidden"] > 0  # not vacuous


def test_the_how_to_play_numbers_of_the_duel_are_its_deck_file_s(server: Server) -> None:
    numbers = server.ok("GET", "/api/rules/duel")
    deck = shipped_deck()
    assert (numbers["min_players"], numbers["max_players"], numbers["rounds"]) == (2, 2, 3)
    assert numbers["cards"]["path"] == {entry.code: entry.count for entry in deck.paths}
    assert numbers["cards"]["goals"] == list(deck.goal_cards)
    assert (numbers["cards"]["path_total"], numbers["cards"]["action_total"]) == (34, 18)
    assert numbers["report"] == deck.report() and numbers["provisional"] is True
    assert (numbers["hand"], numbers["counters"], numbers["key_tokens"]) == (6, 4, 2)
    assert numbers["goal_cells"] == [list(cell) for cell in GOAL_CELLS]
