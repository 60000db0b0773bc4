"""Golden records: the perft of Saboteur.

Each file in ``tests/golden/`` is a whole game record plus, per round, the
number of legal moves before every move (written by ``scripts/make_golden.py``,
never by the tests).  Replaying it pins move generation move by move: a change
that adds, drops or merges a legal move anywhere fails here with the round,
the move and both counts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pysaboteur.rules import (
    MINERS,
    SABOTEURS,
    Deal,
    Game,
    Move,
    Options,
    game_from_record,
    game_to_record,
    load_record,
)
from pysaboteur.rules.records import result_of

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))
COUNTS = "legal_move_counts"


def _without_counts(record: dict[str, Any]) -> dict[str, Any]:
    rounds = [{k: v for k, v in data.items() if k != COUNTS} for data in record["rounds"]]
    return {**record, "rounds": rounds}


def _game_at_start(record: dict[str, Any]) -> Game:
    """The recorded game before its first move, every round's deal taken from the record."""
    deals = [
        Deal(
            data["first"],
            data["roles"],
            data["set_aside"],
            data["goals"],
            data["hands"],
            data["deck"],
        )
        for data in record["rounds"]
    ]
    return Game(
        record["players"],
        Options.from_dict(record["options"]),
        record["seed"],
        first=deals[0].first,
        names=record.get("names"),
        gold_deck=record["gold_deck"],
        deals=deals,
    )


def test_the_golden_games_cover_every_player_count_and_rule_option() -> None:
    records = [load_record(path) for path in GOLDEN_FILES]
    assert {record["players"] for record in records} >= {3, 4, 5, 7, 10}
    options = [record["options"] for record in records]
    assert {o["gold_draw"] for o in options} == {"players", "miners"}
    assert {o["next_round_start"] for o in options} == {"after-last", "rotate", "last-path"}
    assert {o["open_hands"] for o in options} == {False, True}
    assert {record["rounds"][0]["first"] for record in records} != {0}
    winners = {r["winner"] for record in records for r in record["result"]["rounds"]}
    assert winners == {MINERS, SABOTEURS}
    takes = [move for record in records for data in record["rounds"] for move in data["moves"]]
    assert any(" take " in move for move in takes)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_game_has_the_same_legal_move_count_before_every_move(path: Path) -> None:
    record = load_record(path)
    game = _game_at_start(record)
    for number, data in enumerate(record["rounds"], start=1):
        counts = data[COUNTS]
        assert len(counts) == len(data["moves"]), f"{path.name}: round {number} is miscounted"
        for index, (text, golden) in enumerate(zip(data["moves"], counts, strict=True), start=1):
            assert game.round_number == number, f"round {number} ended before move {index}"
            legal = game.legal_moves()
            if len(legal) != golden:
                pytest.fail(
                    f"{path.name}: round {number}, move {index} ({text!r}): the golden record "
                    f"counts {golden} legal moves, the engine now generates {len(legal)}"
                )
            move = Move.parse(text)
            if move not in legal:
                pytest.fail(
                    f"{path.name}: round {number}, move {index}: {text!r} is no longer generated"
                )
            game.play(move)
    assert game.is_over, f"{path.name}: the game no longer ends with its last move"
    assert result_of(game) == record["result"]
    assert game_to_record(game) == _without_counts(record)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_file_is_an_ordinary_record_that_replays(path: Path) -> None:
    # game_from_record must ignore the extra per-round key and check the result itself.
    record = load_record(path)
    game = game_from_record(record)
    assert game.is_over
    assert game_to_record(game) == _without_counts(record)
