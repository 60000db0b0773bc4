"""The Duel's golden records (``tests/golden/duel/``, written by
``scripts/make_golden_duel.py``, never by the tests): replaying each pins the count
and a digest of the legal moves before every move, and the record itself."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.rules import Deal, Game, Move, Options, game_from_record, game_to_record
from pysaboteur.rules.duel_game import DuelGame

GOLDEN = sorted((Path(__file__).parent / "golden" / "duel").glob("*.json"))
COUNTS = "legal_move_counts"
DIGESTS = "legal_move_digests"


def _digest(legal: list[Move]) -> str:
    return hashlib.sha256("\n".join(sorted(str(m) for m in legal)).encode()).hexdigest()[:16]


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def test_the_duel_golden_games_show_every_kind_of_move_and_round_end() -> None:
    kinds: set[str] = set()
    ends: set[str] = set()
    for path in GOLDEN:
        record = _load(path)
        kinds |= {Move.parse(text).kind for data in record["rounds"] for text in data["moves"]}
        ends |= {data["end"] for data in record["result"]["rounds"]}
    assert {"place", "bribe", "key", "map", "rockfall", "break", "fix", "clear", "discard"} <= kinds
    assert ends == {"goals", "counters", "cards"}


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_duel_golden_game_has_the_same_legal_moves_before_every_move(path: Path) -> None:
    record = _load(path)
    deals = [
        Deal(data["first"], ["green", "blue"], "", data["goals"], data["hands"], data["deck"])
        for data in record["rounds"]
    ]
    game = Game(
        2,
        Options.from_dict(record["options"]),
        record["seed"],
        edition="duel",
        deals=deals,
        deck=record["duel_deck"],
    )
    assert isinstance(game, DuelGame)
    for number, data in enumerate(record["rounds"], start=1):
        assert game.round_number == number
        for index, text in enumerate(data["moves"]):
            legal = game.legal_moves()
            where = f"round {number}, move {index + 1} {text!r}"
            assert len(legal) == data[COUNTS][index], where
            assert _digest(legal) == data[DIGESTS][index], where
            game.play(text)
    assert game.is_over


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_duel_golden_file_is_an_ordinary_record_that_replays(path: Path) -> None:
    record = _load(path)
    game = game_from_record(record)  # its result is checked against the replay
    plain = {
        **record,
        "rounds": [
            {k: v for k, v in data.items() if k not in (COUNTS, DIGESTS)}
            for data in record["rounds"]
        ],
    }
    assert game_to_record(game) == plain
