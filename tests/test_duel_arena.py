"""The arena for the Duel: seats mode only, every seat scored by its round's nuggets
(trolls paid), a round won by the player with more, and a deck file that reaches
every game of the run."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from scenarios_duel import crosses_deck

from pysaboteur.arena.results import read_results
from pysaboteur.arena.schedule import SEATS, build_schedule
from pysaboteur.arena.summary import OVERALL
from pysaboteur.bots import base
from pysaboteur.cli import main
from pysaboteur.rules import Move, Observation, Options, game_from_record, load_record
from pysaboteur.rules.duel_game import DuelGame


class FirstMoveBot:
    """Always the first legal move: a second deterministic bot, unlike random."""

    name = "first"

    def choose(self, observation: Observation, legal_moves: list[Move]) -> Move:
        return legal_moves[0]


@pytest.fixture(autouse=True)
def registered_test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    base.register("first", lambda settings, seed: FirstMoveBot())


def arena(out: Path, *args: str) -> int:
    return main(["arena", *args, "--edition", "duel", "--out", str(out), "--jobs", "1"])


def test_a_duel_run_scores_each_seat_by_its_round_nuggets_as_the_records_say(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "--games", "2") == 0
    lines = read_results(out)
    # 2 deals x 2 rotations x 3 rounds; the players default to the Duel's two.
    assert len(lines) == 12 and {line["players"] for line in lines} == {2}
    for line in lines:
        assert line["edition"] == "duel" and line["mode"] == SEATS
        game = game_from_record(load_record(out / line["record"]))
        assert isinstance(game, DuelGame) and game.is_over
        result = game.rounds[line["round"] - 1].result
        assert result is not None
        nuggets = result.nuggets
        assert [seat["gold"] for seat in line["seats"]] == nuggets == line["gold"]
        assert [seat["role"] for seat in line["seats"]] == ["green", "blue"]
        assert [seat["won"] for seat in line["seats"]] == [
            nuggets[0] > nuggets[1],
            nuggets[1] > nuggets[0],
        ]
        assert line["end"] == result.end and line["paid"] == result.paid
        if line["round"] == 3:
            assert line["game"] == {"gold_pieces": game.nuggets, "winners": game.winners}
    seated = Counter((seat["bot"], n) for line in lines for n, seat in enumerate(line["seats"]))
    assert seated == {(bot, n): 6 for bot in ("random", "first") for n in (0, 1)}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["edition"] == "duel"
    overall = [entry for entry in summary["head_to_head"] if entry["role"] == OVERALL]
    assert [(entry["a"], entry["b"], entry["pairs"]) for entry in overall] == [
        ("random", "first", 12)
    ]
    assert "Saboteur: The Duel, 4 games, 12 rounds, 2 players" in (out / "summary.md").read_text()


def test_a_deck_file_is_played_in_every_game_and_kept_in_the_run(tmp_path: Path) -> None:
    deck = crosses_deck()
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck.to_dict()), "utf-8")
    out = tmp_path / "run"
    assert arena(out, "random", "--games", "1", "--deck", str(path)) == 0
    assert json.loads((out / "arena.json").read_text())["deck"] == str(path)
    for line in read_results(out):
        game = game_from_record(load_record(out / line["record"]))
        assert isinstance(game, DuelGame) and game.deck == deck


def test_the_duel_has_no_teams_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert arena(tmp_path / "a", "random", "--mode", "teams", "--games", "1") == 2
    assert "the Duel has no teams" in capsys.readouterr().err
    with pytest.raises(ValueError, match="is for 2 to 2 players"):
        build_schedule(["random"], [3], 1, 0, Options(), SEATS, edition="duel")
