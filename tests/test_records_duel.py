"""Duel records (docs/rules-duel.md, "Checking a record"): the deck travels inside,
a replay needs nothing else, and each broken rule of a record is refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.rules import RecordError, game_from_record, game_to_record
from pysaboteur.verify import run_verify

GOLDEN = Path(__file__).parent / "golden" / "duel" / "duel-keys-bribes.json"


def _record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text("utf-8"))
    for item in data["rounds"]:
        item.pop("legal_move_counts")
        item.pop("legal_move_digests")
    return data


def _refusal(record: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as refused:
        game_from_record(record)
    return str(refused.value)


def test_a_duel_record_names_its_edition_and_carries_its_deck() -> None:
    record = _record()
    assert (record["format"], record["edition"], record["players"]) == (
        "saboteur-record/2",
        "duel",
        2,
    )
    assert record["options"] == {"open_hands": False}
    assert record["duel_deck"]["format"] == "saboteur-duel-deck/1"
    assert [data["first"] for data in record["rounds"]] == [0, 1, 0]
    assert game_to_record(game_from_record(record)) == record


def test_a_duel_record_without_its_seed_replays_from_its_deals() -> None:
    record = _record()
    del record["seed"]
    assert game_from_record(record).nuggets == record["result"]["nuggets"]


def test_saboteur_verify_checks_duel_records(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_verify([str(GOLDEN)]) == 0
    assert "game over, result matches" in capsys.readouterr().out


def _broken(change: Any) -> dict[str, Any]:
    record = copy.deepcopy(_record())
    change(record)
    return record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda r: r["rounds"][1].update(first=0),
            'round 2: "first" must be 1 (blue starts round 2)',
        ),
        (
            lambda r: r["rounds"][1]["goals"].__setitem__(0, r["rounds"][0]["goals"][0]),
            '"goals": the rounds together hold each goal card once',
        ),
        (
            lambda r: r["rounds"][0]["goals"].__setitem__(0, "gold"),
            'round 1: "goals" must be 6 distinct goal cards of the deck',
        ),
        (
            lambda r: r["rounds"][0]["deck"].pop(),
            'round 1: "hands" and "deck" must be exactly the 52 playing cards',
        ),
        (
            lambda r: r["rounds"][0]["hands"][0].pop(),
            'round 1: "hands" must be 2 hands of 6 cards',
        ),
        (lambda r: r.update(players=3), '"players" must be 2 in the Duel'),
        (
            lambda r: r["duel_deck"]["paths"][0].update(count=9),
            '"duel_deck": paths: 34 cards in all, not 40',
        ),
        (
            lambda r: r["result"]["nuggets"].__setitem__(0, 9),
            "the result does not match the replay",
        ),
        (
            lambda r: r["rounds"][0]["moves"].__setitem__(0, "1 pass"),
            "round 1, move 1 \"1 pass\": it is seat 0's turn, not seat 1's",
        ),
    ],
)
def test_a_broken_duel_record_is_refused(change: Any, message: str) -> None:
    assert message in _refusal(_broken(change))


def test_a_move_after_a_bribe_is_the_bribers_own() -> None:
    record = _record()
    moves = record["rounds"][0]["moves"]
    index = next(i for i, text in enumerate(moves) if " bribe " in text)
    seat = moves[index].split(" ")[0]
    assert moves[index + 1].split(" ")[0] == seat
    record["rounds"][0]["moves"] = [*moves[: index + 1], f"{1 - int(seat)} pass"]
    record.pop("result")
    assert "turn" in _refusal(record)
