"""A finished game's replay gives every position exactly as replaying it from the
deal does, in any order it is asked, in both editions; and no answer plays more
than a kept copy's few moves (pysaboteur/server/replay.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import Server, running_server

from pysaboteur.rules import Game, table_observation
from pysaboteur.server.hub import Hub
from pysaboteur.server.replay import EVERY, Replay
from pysaboteur.server.table import Table

EDITIONS = ("base", "saboteur2")


@dataclass
class Finished:
    """A finished all-bot table and what replaying it from the deal gives."""

    id: str
    table: Table
    moves: list[str]
    #: ``table_observation`` after each number of moves, from 0 to all of them.
    truth: list[Any]


def from_the_deal(table: Table) -> list[Any]:
    game = table.new_game()
    truth = [table_observation(game)]
    for text in table.moves:
        game.play(text)
        truth.append(table_observation(game))
    return truth


def finished_table(server: Server, edition: str) -> Finished:
    body = {"all_bots": True, "players": 4, "edition": edition, "bots": "random"}
    table_id = server.ok("POST", "/api/tables", body=body)["table"]
    server.wait_for(lambda: server.facts(table_id)["status"] == "over", "the game to end")

    async def table_of(hub: Hub) -> Table:
        return (await hub.get(table_id)).table

    table = server.in_server(table_of)
    return Finished(table_id, table, list(table.moves), from_the_deal(table))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


@pytest.fixture(scope="module")
def games(server: Server) -> dict[str, Finished]:
    return {edition: finished_table(server, edition) for edition in EDITIONS}


def test_the_games_are_long_enough_to_start_from_several_copies(
    games: dict[str, Finished],
) -> None:
    for game in games.values():
        assert len(game.moves) > 3 * EVERY
        assert game.truth[-1]["phase"] == "over"


@pytest.mark.parametrize("edition", EDITIONS)
def test_walking_back_gives_the_positions_walking_forward_gave(
    games: dict[str, Finished], edition: str
) -> None:
    game = games[edition]
    total = len(game.moves)
    forwards, backwards = Replay(game.table), Replay(game.table)
    onwards = [forwards.position(n) for n in range(total + 1)]
    back = [backwards.position(n) for n in range(total, -1, -1)][::-1]
    assert back == onwards
    for n, answer in enumerate(back):
        assert answer["observation"] == game.truth[n], n
        assert answer["move"] == (game.moves[n - 1] if n else None)
        assert (answer["n"], answer["moves"]) == (n, total)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_fresh_game_from_the_deal_agrees(games: dict[str, Finished], edition: str) -> None:
    """The truth above observes one game as it goes; a game replayed afresh to each
    position (as the replay once did) is observed the same."""
    game = games[edition]
    replay = Replay(game.table)
    for n in range(len(game.moves), -1, -7):
        fresh = game.table.new_game()
        for text in game.moves[:n]:
            fresh.play(text)
        assert replay.position(n)["observation"] == table_observation(fresh) == game.truth[n]


@settings(max_examples=40, deadline=None)
@given(edition=st.sampled_from(EDITIONS), asked=st.lists(st.integers(0, 10_000), max_size=30))
def test_positions_asked_in_any_order_are_those_of_the_deal(
    games: dict[str, Finished], edition: str, asked: list[int]
) -> None:
    game = games[edition]
    replay = Replay(game.table)
    for number in asked:
        n = number % (len(game.moves) + 1)
        assert replay.position(n)["observation"] == game.truth[n], n


def test_no_answer_plays_more_than_a_kept_copys_moves(
    games: dict[str, Finished], monkeypatch: pytest.MonkeyPatch
) -> None:
    plays = 0
    play = Game.play

    def counted(game: Game, move: Any) -> None:
        nonlocal plays
        plays += 1
        play(game, move)

    monkeypatch.setattr(Game, "play", counted)
    for game in games.values():
        total = len(game.moves)
        plays = 0
        replay = Replay(game.table)
        assert plays == total  # played through once, when first asked for
        for n in [*range(total, -1, -1), 0, total, total // 2, 1, total - 1]:
            plays = 0
            replay.position(n)
            assert plays < EVERY, (n, plays)


def test_the_replay_over_http_walks_back_as_the_deal_goes(
    server: Server, games: dict[str, Finished]
) -> None:
    for game in games.values():
        for n in range(len(game.moves), -1, -1):
            answer = server.ok("GET", f"/api/tables/{game.id}/replay/{n}")
            assert answer["observation"] == game.truth[n], n
