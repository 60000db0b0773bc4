"""Play again (server/rematch.py): the next game offered to a finished game's seats."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from rematch_helpers import QUICK_CLOCKS, finished_game, seats_of
from server_helpers import Server, error_of, running_server

from pysaboteur.server.rematch import next_table
from pysaboteur.server.store import BOT, HUMAN, INVITED, OPEN, OVER, StoredSeat, StoredTable
from pysaboteur.server.table import Table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("rematch"), **QUICK_CLOCKS) as running:
        yield running


def test_play_again_makes_a_table_with_the_same_rules_and_seats_kept_for_the_players(
    server: Server,
) -> None:
    old = finished_game(server, "Bo", "Cy", players=4, options={"open_hands": True})
    proposed = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Bo"])
    new = proposed["table"]
    assert proposed == {"table": new, "by": 1} and new != old.table
    assert server.facts(old.table)["rematch"] == {"table": new, "by": 1}
    before, after = server.facts(old.table), server.facts(new)
    assert after["status"] == "lobby" and after["rematch_of"] == old.table
    for same in ("edition", "players", "options", "bots", "clock", "away_after", "spectators"):
        assert after[same] == before[same], same
    # The proposer hosts it; the others are invited in their order; the bot's seat is open.
    assert seats_of(server, new) == [("Bo", HUMAN), ("Ana", INVITED), ("Cy", INVITED), (None, OPEN)]
    # The proposer's own token is their seat there: no new join.
    assert server.ok("GET", f"/api/tables/{new}/view", old.tokens["Bo"])["table"]["table"] == new


def test_a_second_proposal_finds_the_first(server: Server) -> None:
    old = finished_game(server, "Bo")
    first = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])
    second = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Bo"])
    assert second == first == {"table": first["table"], "by": 0}


def test_play_again_is_refused_before_the_end_and_to_spectators(server: Server) -> None:
    made = server.create(players=3, bots="random")
    table = made["table"]
    response = server.call("POST", f"/api/tables/{table}/rematch", made["token"])
    assert error_of(response) == (409, "not_over")
    old = finished_game(server, "Bo")
    assert error_of(server.call("POST", f"/api/tables/{old.table}/rematch")) == (401, "no_token")
    assert server.facts(old.table)["rematch"] is None


def test_an_invited_seat_is_nobodys_until_accepted(server: Server) -> None:
    old = finished_game(server, "Bo")
    new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    # Not theirs yet: no view, no socket, no talk.
    refused = server.call("GET", f"/api/tables/{new}/view", old.tokens["Bo"])
    assert error_of(refused) == (403, "bad_token")
    accepted = server.ok("POST", f"/api/tables/{new}/accept", old.tokens["Bo"])
    assert accepted == {"table": new, "seat": 1}
    assert seats_of(server, new)[1] == ("Bo", HUMAN)
    assert server.ok("GET", f"/api/tables/{new}/view", old.tokens["Bo"])["table"]["table"] == new
    # Accepting twice is accepting once; declining a seat taken is refused.
    assert server.ok("POST", f"/api/tables/{new}/accept", old.tokens["Bo"]) == accepted
    declined = server.call("POST", f"/api/tables/{new}/decline", old.tokens["Bo"])
    assert error_of(declined) == (403, "not_invited")


def test_declining_opens_the_seat_to_anyone(server: Server) -> None:
    old = finished_game(server, "Bo")
    new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    assert server.ok("POST", f"/api/tables/{new}/decline", old.tokens["Bo"])["seat"] == 1
    assert seats_of(server, new) == [("Ana", HUMAN), (None, OPEN), (None, OPEN)]
    joined = server.ok("POST", f"/api/tables/{new}/join", body={"name": "Di"})
    assert joined["seat"] == 1
    # Bo's old token no longer has a seat kept there.
    again = server.call("POST", f"/api/tables/{new}/accept", old.tokens["Bo"])
    assert error_of(again) == (403, "not_invited")


def test_a_stranger_cannot_answer_for_an_invited_seat(server: Server) -> None:
    old = finished_game(server, "Bo")
    other = finished_game(server, "Bo")
    new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    # The same name at another table, with that table's token: not invited here.
    for path in ("accept", "decline"):
        response = server.call("POST", f"/api/tables/{new}/{path}", other.tokens["Bo"])
        assert error_of(response) == (403, "not_invited")
    assert error_of(server.call("POST", f"/api/tables/{new}/accept")) == (401, "no_token")
    assert seats_of(server, new)[1] == ("Bo", INVITED)


def test_the_host_starts_and_bots_take_the_seats_not_taken_up(server: Server) -> None:
    old = finished_game(server, "Bo", "Cy", players=4)
    new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    server.ok("POST", f"/api/tables/{new}/accept", old.tokens["Cy"])
    server.ok("POST", f"/api/tables/{new}/start", old.tokens["Ana"])
    kinds = [kind for _, kind in seats_of(server, new)]
    assert kinds == [HUMAN, BOT, HUMAN, BOT]
    # Bo never accepted: his token owns nothing there, in memory and in the store.
    assert error_of(server.call("GET", f"/api/tables/{new}/view", old.tokens["Bo"])) == (
        403,
        "bad_token",
    )
    stored = server.read_store(lambda store: store.load(new))
    assert stored is not None and stored.seats[1].token_hash is None
    late = server.call("POST", f"/api/tables/{new}/accept", old.tokens["Bo"])
    assert error_of(late) == (403, "not_invited")


def test_every_socket_of_the_finished_table_hears_where_the_next_game_is(server: Server) -> None:
    old = finished_game(server, "Bo")
    spectator = server.socket(old.table)
    assert spectator.receive()["type"] == "welcome"
    player = server.socket(old.table, old.tokens["Bo"])
    assert player.receive()["type"] == "welcome"
    new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    for watcher in (spectator, player):
        heard = watcher.until(lambda m: m["type"] == "view" and m["table"]["rematch"] is not None)
        assert heard["table"]["rematch"] == {"table": new, "by": 0}


def test_the_next_game_and_its_invitations_survive_a_restart(tmp_path: Path) -> None:
    with running_server(tmp_path, **QUICK_CLOCKS) as server:
        old = finished_game(server, "Bo")
        new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    with running_server(tmp_path, **QUICK_CLOCKS) as server:
        assert server.facts(old.table)["rematch"] == {"table": new, "by": 0}
        assert server.facts(new)["rematch_of"] == old.table
        assert seats_of(server, new)[1] == ("Bo", INVITED)
        assert server.ok("POST", f"/api/tables/{new}/accept", old.tokens["Bo"])["seat"] == 1


class NoStore:
    """A table made from a stored one needs no store until it changes."""


def finished(kinds: list[str]) -> Table:
    seats = [
        StoredSeat(index, f"P{index}" if kind != BOT else f"Bot {index}", kind, f"{index:064x}")
        for index, kind in enumerate(kinds)
    ]
    stored = StoredTable(
        id="old", created_at=0.0, status=OVER, players=len(kinds), options={}, bots="random",
        spectators=True, clock=None, bot_pause=None, seats=seats,
    )  # fmt: skip
    return Table(stored, NoStore(), 0.0)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from([HUMAN, BOT]), min_size=3, max_size=10), st.data())
def test_the_next_table_keeps_every_person_and_opens_every_bots_seat(
    kinds: list[str], data: st.DataObject
) -> None:
    people = [index for index, kind in enumerate(kinds) if kind == HUMAN]
    assume(people)
    proposer = data.draw(st.sampled_from(people))
    old = finished(kinds)
    seats = next_table(old, proposer, "new", 1.0).seats
    assert [seat.seat for seat in seats] == list(range(len(kinds)))
    assert (seats[0].name, seats[0].kind) == (f"P{proposer}", HUMAN)
    invited = [seat for seat in seats if seat.kind == INVITED]
    assert [seat.name for seat in invited] == [f"P{i}" for i in people if i != proposer]
    # Each keeps the digest of the token they hold: accepting needs no new join.
    holders = {seat.name: seat.token_hash for seat in seats if seat.kind != OPEN}
    assert holders == {f"P{i}": f"{i:064x}" for i in people}
    assert all(seat.name is None for seat in seats if seat.kind == OPEN)
    assert len([seat for seat in seats if seat.kind == OPEN]) == len(kinds) - len(people)
