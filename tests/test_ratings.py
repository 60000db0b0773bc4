"""Ratings: a finished game rates its accounts and its bot kind, exactly as OpenSkill's
Plackett-Luce model ranks its seats by gold; an unrated table rates nobody."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from accounts_helpers import (
    browser,
    cheap_hashing,  # noqa: F401  (a fixture, used by every test here)
    database_fixture,  # noqa: F401  (the fixture "database": SQLite, then PostgreSQL)
    ok,
    play_out,
    sign_up,
    wait_for_results,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce
from server_helpers import running_server

from pysaboteur.rules import MINER, Game, game_from_record
from pysaboteur.rules.results import MINERS
from pysaboteur.server.ratings import Rating, new_rating, read_ratings, record_game
from pysaboteur.server.ratings_results import final_scores, round_results
from pysaboteur.server.store import BOT, OVER, Store, StoredSeat, StoredTable


def expected_ratings(nuggets: list[int]) -> tuple[Rating, Rating]:
    """Seat 0 a new account, every other seat the one bot kind, all new players."""
    model = PlackettLuce()
    start = model.rating()
    rated = model.rate([[model.rating()] for _ in nuggets], scores=[float(n) for n in nuggets])
    bot_mu = start.mu + sum(new.mu - start.mu for (new,) in rated[1:])
    bot_sigma = min(new.sigma for (new,) in rated[1:])
    return Rating(rated[0][0].mu, rated[0][0].sigma, 1), Rating(bot_mu, bot_sigma, 1)


def rounded(rating: Rating) -> dict[str, Any]:
    return rating.to_dict()


def test_a_finished_game_rates_the_account_and_the_bot_kind(
    tmp_path: Path, database: dict[str, Any]
) -> None:
    with running_server(tmp_path, bot_pause=0.0, **database) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        created = ok(ana.post("/api/tables", json={"name": "Ana", "players": 3, "bots": "random"}))
        table, token = created["table"], created["token"]
        assert ok(ana.get(f"/api/tables/{table}/ratings")) == {
            "rated": True,
            "seats": [None, None, None],
            "owned": [True, False, False],
            "game_over": False,
        }
        server.ok("POST", f"/api/tables/{table}/start", token)
        play_out(server, table, [token])
        found = wait_for_results(server, ana, 3)
        game = game_from_record(server.ok("GET", f"/api/tables/{table}/record"))
        mine, bots = expected_ratings(game.nuggets)
        assert found["ratings"] == {
            "base": {"mine": rounded(mine), "bots": {"random": rounded(bots)}}
        }
        seats = ok(ana.get(f"/api/tables/{table}/ratings"))["seats"]
        assert seats == [rounded(mine), rounded(bots), rounded(bots)]
        roles = [log.deal.roles[0] for log in game.rounds]
        winners = [log.result.winner for log in game.rounds if log.result is not None]
        won = [
            (role == MINER) == (winner == MINERS)
            for role, winner in zip(roles, winners, strict=True)
        ]
        by_role: dict[str, list[int]] = {}
        for role, win in zip(roles, won, strict=True):
            by_role.setdefault(role, []).append(win)
        assert {line["role"]: (line["rounds"], line["won"]) for line in found["statistics"]} == {
            role: (len(wins), sum(wins)) for role, wins in by_role.items()
        }
        assert sum(line["gold"] for line in found["statistics"]) == game.nuggets[0]


def test_a_second_game_starts_from_the_first_game_s_ratings(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        for played in (1, 2):
            body = {"name": "Ana", "players": 3, "bots": "random"}
            created = ok(ana.post("/api/tables", json=body))
            server.ok("POST", f"/api/tables/{created['table']}/start", created["token"])
            play_out(server, created["table"], [created["token"]])
            found = wait_for_results(server, ana, 3 * played)
        assert found["ratings"]["base"]["mine"]["games"] == 2
        assert found["ratings"]["base"]["bots"]["random"]["games"] == 2
        assert found["ratings"]["base"]["mine"]["sigma"] < new_rating().sigma


def test_an_unrated_table_changes_no_rating_but_counts_its_rounds(
    tmp_path: Path, database: dict[str, Any]
) -> None:
    with running_server(tmp_path, bot_pause=0.0, **database) as server, browser(server) as ana:
        sign_up(ana, "Ana")
        body = {"name": "Ana", "players": 3, "bots": "random", "rated": False}
        created = ok(ana.post("/api/tables", json=body))
        table = created["table"]
        server.ok("POST", f"/api/tables/{table}/start", created["token"])
        play_out(server, table, [created["token"]])
        found = wait_for_results(server, ana, 3)
        assert found["ratings"] == {}
        assert ok(ana.get(f"/api/tables/{table}/ratings")) == {
            "rated": False,
            "seats": [None, None, None],
            "owned": [True, False, False],
            "game_over": True,
        }
        assert ok(ana.get("/api/account/games"))["games"][0]["rated"] is False


@settings(max_examples=10)
@given(st.integers(0, 2**32), st.integers(3, 10), st.sampled_from(["base", "saboteur2"]))
def test_the_rounds_results_add_up_to_the_game_s_gold(
    seed: int, players: int, edition: str
) -> None:
    """Whatever the game, the rounds' gold is each seat's gold of the whole game, and
    a base round is won by exactly one side."""
    game = Game.new(players, seed=seed, edition=edition)
    chooser = random.Random(seed)
    while not game.is_over:
        game.play(chooser.choice(list(game.legal_moves())))
    rows = round_results(game)
    assert final_scores(rows, players) == [float(n) for n in game.nuggets]
    assert [row.round for row in rows] == [n for n in (1, 2, 3) for _ in range(players)]
    if edition == "base":
        for number in (1, 2, 3):
            sides = {row.role: row.won for row in rows if row.round == number}
            assert len(sides) == 1 or sides[MINER] != sides["saboteur"]


def test_a_game_s_results_are_written_once_whoever_writes_them(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'once.db'}")
    try:
        seats = [StoredSeat(seat, f"Bot {seat}", BOT) for seat in range(3)]
        stored = StoredTable("t" * 10, 0.0, OVER, 3, {}, "random", True, None, None, 1, seats=seats)
        store.create_table(stored)
        game = Game.new(3, seed=1)
        chooser = random.Random(1)
        while not game.is_over:
            game.play(chooser.choice(list(game.legal_moves())))
        rows = round_results(game)
        assert record_game(store.engine, stored.id, "base", rows, 1.0) is True
        assert record_game(store.engine, stored.id, "base", rows, 2.0) is False  # a second process
        with store.engine.connect() as db:
            found = read_ratings(db, "base", ["bot:random"])
        assert found["bot:random"].games == 1  # rated once, however many seats it held
    finally:
        store.close()
