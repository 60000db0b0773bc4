"""Golden records: the perft of Saboteur, for both editions.

Each file in ``tests/golden/`` is a whole game record plus, per round, the
number of legal moves before every move and a digest of those moves (written
by ``scripts/make_golden.py``, never by the tests).  Replaying it pins move
generation move by move: a change that adds, drops, merges or alters a legal
move anywhere fails here with the round, the move and both values.
"""

from __future__ import annotations

import hashlib
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
from pysaboteur.rules.records import FORMAT, FORMAT_1, result_of

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*.json"))
COUNTS = "legal_move_counts"
DIGESTS = "legal_move_digests"
#: The Saboteur 2 moves the random bot plays only now and then (make_golden.RARE_KINDS).
RARE_KINDS = ("steal", "swap-hand", "swap-hats", "inspection")


def _digest(legal: list[Move]) -> str:
    # Written out here rather than imported from the script, so that a change
    # to the script's digest cannot pass unnoticed.
    return hashlib.sha256("\n".join(sorted(str(m) for m in legal)).encode()).hexdigest()[:16]


def _edition(record: dict[str, Any]) -> str:
    return str(record.get("edition", "base"))


def _as_written(record: dict[str, Any]) -> dict[str, Any]:
    """The golden record as pysaboteur writes it now: without the golden keys, and a
    ``saboteur-record/1`` record in the current format with its edition named."""
    rounds = [
        {k: v for k, v in data.items() if k not in (COUNTS, DIGESTS)} for data in record["rounds"]
    ]
    rest = {k: v for k, v in record.items() if k not in ("format", "edition", "rounds")}
    return {"format": FORMAT, "edition": _edition(record), **rest, "rounds": rounds}


def _game_at_start(record: dict[str, Any]) -> Game:
    """The recorded game before its first move, every round's deal taken from the record."""
    deals = [
        Deal(
            data["first"],
            data["roles"],
            data.get("set_aside", ""),
            data["goals"],
            data["hands"],
            data["deck"],
            reserve=data.get("reserve", []),
            removed=data.get("removed", []),
        )
        for data in record["rounds"]
    ]
    return Game(
        record["players"],
        Options.from_dict(record["options"]),
        record["seed"],
        first=deals[0].first,
        names=record.get("names"),
        gold_deck=record.get("gold_deck"),
        deals=deals,
        edition=_edition(record),
    )


def _moves(records: list[dict[str, Any]]) -> list[str]:
    return [move for record in records for data in record["rounds"] for move in data["moves"]]


def test_the_base_golden_games_cover_every_player_count_and_rule_option() -> None:
    records = [load_record(path) for path in GOLDEN_FILES]
    records = [record for record in records if _edition(record) == "base"]
    assert {record["players"] for record in records} >= {3, 4, 5, 7, 10}
    options = [record["options"] for record in records]
    assert {o["gold_draw"] for o in options} == {"players", "miners"}
    assert {o["next_round_start"] for o in options} == {"after-last", "rotate", "last-path"}
    assert {o["open_hands"] for o in options} == {False, True}
    assert {record["rounds"][0]["first"] for record in records} != {0}
    winners = {r["winner"] for record in records for r in record["result"]["rounds"]}
    assert winners == {MINERS, SABOTEURS}
    assert any(" take " in move for move in _moves(records))
    # The first format stays pinned: every saboteur-record/1 record must still replay.
    assert FORMAT_1 in {record["format"] for record in records}


def test_the_saboteur2_golden_games_cover_the_player_counts_options_and_rare_moves() -> None:
    records = [load_record(path) for path in GOLDEN_FILES]
    records = [record for record in records if _edition(record) == "saboteur2"]
    assert {record["players"] for record in records} == {2, 5, 12}
    assert {record["format"] for record in records} == {FORMAT}
    options = [record["options"] for record in records]
    assert {o["next_round_start"] for o in options} == {"after-last", "rotate", "last-path"}
    assert {o["open_hands"] for o in options} == {False, True}
    assert {record["rounds"][0]["first"] for record in records} != {0}
    assert all(len(record["rounds"]) == 3 for record in records)
    results = [r for record in records for r in record["result"]["rounds"]]
    assert {r["gold_reached"] for r in results} == {True, False}
    assert any(r["thefts"] for r in results)
    played = {move.split(" ")[1] for move in _moves(records)}
    assert played >= set(RARE_KINDS)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_game_has_the_same_legal_moves_before_every_move(path: Path) -> None:
    record = load_record(path)
    game = _game_at_start(record)
    for number, data in enumerate(record["rounds"], start=1):
        counts, digests = data[COUNTS], data[DIGESTS]
        assert len(counts) == len(data["moves"]), f"{path.name}: round {number} is miscounted"
        assert len(digests) == len(data["moves"]), f"{path.name}: round {number} lacks digests"
        for index, (text, golden, digest) in enumerate(
            zip(data["moves"], counts, digests, strict=True), start=1
        ):
            assert game.round_number == number, f"round {number} ended before move {index}"
            legal = game.legal_moves()
            if len(legal) != golden:
                pytest.fail(
                    f"{path.name}: round {number}, move {index} ({text!r}): the golden record "
                    f"counts {golden} legal moves, the engine now generates {len(legal)}"
                )
            if _digest(legal) != digest:
                pytest.fail(
                    f"{path.name}: round {number}, move {index} ({text!r}): as many legal moves "
                    f"as the golden record ({golden}), but not the same ones"
                )
            move = Move.parse(text)
            if move not in legal:
                pytest.fail(
                    f"{path.name}: round {number}, move {index}: {text!r} is no longer generated"
                )
            game.play(move)
    assert game.is_over, f"{path.name}: the game no longer ends with its last move"
    assert result_of(game) == record["result"]
    assert game_to_record(game) == _as_written(record)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=[path.stem for path in GOLDEN_FILES])
def test_golden_file_is_an_ordinary_record_that_replays(path: Path) -> None:
    # game_from_record must ignore the extra per-round keys and check the result itself.
    record = load_record(path)
    game = game_from_record(record)
    assert game.is_over
    assert game.edition.name == _edition(record)
    assert game_to_record(game) == _as_written(record)
