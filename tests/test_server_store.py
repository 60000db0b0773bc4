"""The store: a table's row and its seats' rows written and read back as they were."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from pysaboteur.server.store import (
    BOT,
    EXPIRED,
    HUMAN,
    LOBBY,
    OPEN,
    PLAYING,
    SEAT_COLUMNS,
    TABLE_COLUMNS,
    Conflict,
    SeatRow,
    Store,
    StoredSeat,
    StoredTable,
)


def a_table(table_id: str, status: str = PLAYING, created_at: float = 1000.25) -> StoredTable:
    """A table whose every field differs from its default."""
    return StoredTable(
        id=table_id,
        created_at=created_at,
        status=status,
        players=4,
        options={"gold_draw": "players", "open_hands": True},
        bots="random",
        spectators=False,
        clock=30.0,
        bot_pause=0.5,
        away_after=30.0,
        seed=2**62 + 1,
        edition="saboteur2",
        seats=[
            StoredSeat(0, "Ana", HUMAN, "ab" * 32, away=True),
            StoredSeat(1, None, OPEN),
            StoredSeat(2, "Bot 2 (random)", BOT),
            StoredSeat(3, "Bo", HUMAN, "cd" * 32),
        ],
    )


def test_the_columns_are_the_dataclasses_fields() -> None:
    loaded_apart = {"seats", "moves", "last_accepted_at", "talk", "bot_moves"}
    assert set(TABLE_COLUMNS) == {f.name for f in fields(StoredTable)} - loaded_apart
    seat_columns = {column.key for column in inspect(SeatRow).column_attrs}
    assert seat_columns == {*SEAT_COLUMNS, "table_id"}


def test_a_table_comes_back_as_it_was_stored(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'saboteur.db'}")
    try:
        table = a_table("k3Jd8_xQpa")
        store.create_table(table)
        assert store.load(table.id) == table
        with store.engine.connect() as db:
            options = db.execute(text("SELECT options FROM tables")).scalar_one()
        assert options == json.dumps(table.options)  # the text column as before
        move = {"kind": "move", "number": 1, "text": "0 discard 3", "at": 2000.5}
        store.commit(table.id, 0, {**move, "back": 0, "by_bot": False})
        loaded = store.load(table.id)
        assert loaded is not None
        assert (loaded.moves, loaded.last_accepted_at) == (["0 discard 3"], 2000.5)
        assert not loaded.seats[0].away
        assert loaded.changes == 1
    finally:
        store.close()


def test_a_change_is_stored_only_by_who_saw_the_changes_before_it(tmp_path: Path) -> None:
    # Two processes that both saw change 0 both try to store the first move: the
    # second finds the table changed, and nothing of its move is written.
    store = Store(f"sqlite:///{tmp_path / 'saboteur.db'}")
    try:
        table = a_table("k3Jd8_xQpa")
        store.create_table(table)
        first = {"kind": "move", "number": 1, "at": 1.0, "back": None, "by_bot": False}
        store.commit(table.id, 0, {**first, "text": "0 discard 3"})
        with pytest.raises(Conflict):
            store.commit(table.id, 0, {**first, "text": "0 discard 4"})
        store.commit(table.id, 1, {"kind": "away", "seats": [0], "away": True, "at": 2.0})
        loaded = store.load(table.id)
        assert loaded is not None
        assert (loaded.moves, loaded.changes, loaded.seats[0].away) == (["0 discard 3"], 2, True)
    finally:
        store.close()


def test_expiring_lobbies_touches_only_old_lobbies(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'saboteur.db'}")
    try:
        store.create_table(a_table("old_lobby1", LOBBY, created_at=100.0))
        store.create_table(a_table("new_lobby1", LOBBY, created_at=100.5))
        store.create_table(a_table("old_game01", PLAYING, created_at=50.0))
        assert store.expire_lobbies(unchanged_since=100.0) == 1
        statuses = {}
        for table_id in ("old_lobby1", "new_lobby1", "old_game01"):
            loaded = store.load(table_id)
            assert loaded is not None
            statuses[table_id] = loaded.status
        assert statuses == {"old_lobby1": EXPIRED, "new_lobby1": LOBBY, "old_game01": PLAYING}
        assert store.live_table_ids() == ["old_game01", "new_lobby1"]
    finally:
        store.close()
