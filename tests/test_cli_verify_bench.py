"""`saboteur verify` accepts what the engine writes and pins the message for a
corrupted record; `saboteur bench` reports its figures."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pysaboteur.cli import main
from pysaboteur.native import core
from pysaboteur.rules import Game, Options, dumps_record, game_to_record


def _random_game(players: int, seed: int, options: Options | None = None) -> Game:
    game = Game.new(players, options, seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def _swap_into_hand(deal: dict[str, list[list[str]]], seat: int, card: str) -> None:
    """Make ``card`` the first card of ``seat``'s hand by swapping, so the deal stays exact."""
    hand = deal["hands"][seat]
    if card in hand:
        index = hand.index(card)
        hand[0], hand[index] = hand[index], hand[0]
        return
    for other in [*deal["hands"], deal["deck"]]:
        if card in other:
            index = other.index(card)
            other[index], hand[0] = hand[0], card
            return


def _write(path: Path, record: dict[str, object]) -> str:
    path.write_text(dumps_record(record))
    return str(path)


@pytest.mark.parametrize("players", [3, 5, 10])
def test_verify_accepts_every_record_the_engine_writes(
    tmp_path: Path, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [
        _write(tmp_path / f"game-{seed}.json", game_to_record(_random_game(players, seed)))
        for seed in range(3)
    ]
    assert main(["verify", *paths]) == 0
    output = capsys.readouterr().out
    assert output.count("ok   ") == 3
    assert "3 of 3 records verified" in output


def test_verify_accepts_a_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.new(4, seed=11)
    for _ in range(10):
        game.play(game.legal_moves()[0])
    path = _write(tmp_path / "partial.json", game_to_record(game))
    assert main(["verify", path]) == 0
    assert "10 moves, stops in round 1" in capsys.readouterr().out


def test_verify_names_round_move_text_and_rule_of_the_first_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seat 0 opens with a cross east of the start; then seat 1 "places" a card
    # whose west side is a wall against the cross's open east side.
    record = game_to_record(Game.new(5, seed=3))
    _swap_into_hand(record["rounds"][0], seat=0, card="NESW")
    _swap_into_hand(record["rounds"][0], seat=1, card="NS")
    record["rounds"][0]["moves"] = ["0 place NESW 1,0", "1 place NS 2,0"]
    path = _write(tmp_path / "bad.json", record)
    assert main(["verify", path]) == 1
    assert capsys.readouterr().out.strip() == (
        f'FAIL {path}: round 1, move 2 "1 place NS 2,0": '
        "side W is a wall against an open side of the card at 1,0"
    )


def test_verify_rejects_a_result_that_the_replay_does_not_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = game_to_record(_random_game(5, 8))
    record["result"]["nuggets"][0] += 1
    path = _write(tmp_path / "lying.json", record)
    assert main(["verify", path]) == 1
    assert "the result does not match the replay" in capsys.readouterr().out


def test_verify_rejects_a_deal_that_is_not_the_component_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = game_to_record(Game.new(5, seed=4))
    record["rounds"][0]["deck"][0] = "NESW" if record["rounds"][0]["deck"][0] != "NESW" else "NS"
    path = _write(tmp_path / "extra-card.json", record)
    assert main(["verify", path]) == 1
    assert capsys.readouterr().out.strip() == (
        f'FAIL {path}: round 1: "hands" and "deck" must be exactly the 67 playing cards'
    )


def test_verify_reports_unreadable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    missing = tmp_path / "missing.json"
    assert main(["verify", str(broken), str(missing)]) == 1
    output = capsys.readouterr().out
    assert f"FAIL {broken}: not JSON" in output
    assert f"FAIL {missing}: cannot read it" in output
    assert "0 of 2 records verified" in output


def test_bench_reports_moves_and_rounds_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--players", "3", "--games", "2", "--seed", "5"]) == 0
    output = capsys.readouterr().out
    for figure in ("moves per second", "rounds per second", "list legal moves", "apply the move"):
        assert figure in output


# -- editions ------------------------------------------------------------------------------------


def _random_saboteur2_game(players: int, seed: int) -> Game:
    game = Game.new(players, seed=seed, edition="saboteur2")
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("players", [2, 12])
def test_bench_measures_saboteur2_at_its_player_counts(
    players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bench", "--edition", "saboteur2", "--players", str(players), "--games", "2"]
    assert main(argv) == 0
    output = capsys.readouterr().out
    assert f"2 random games of Saboteur 2, {players} players" in output
    for figure in ("moves per second", "rounds per second", "list legal moves", "apply the move"):
        assert figure in output


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bench", "--players", "2"], "Saboteur is for 3 to 10 players, not 2 (Saboteur 2, "
         "--edition saboteur2, is for 2 to 12)"),
        (["bench", "--players", "11"], "Saboteur is for 3 to 10 players, not 11 (Saboteur 2, "),
        (["bench", "--players", "13"], "Saboteur is for 3 to 10 players, not 13\n"),
        (["bench", "--edition", "saboteur2", "--players", "13"],
         "Saboteur 2 is for 2 to 12 players, not 13"),
        (["play", "--edition", "saboteur2", "--players", "1"],
         "Saboteur 2 is for 2 to 12 players, not 1"),
        (["play", "--players", "12"], "Saboteur is for 3 to 10 players, not 12"),
        (["play", "--edition", "saboteur3"], "argument --edition: invalid choice: 'saboteur3'"),
        (["bench", "--beside", "base", "--beside-players", "2"],
         "argument --beside-players: Saboteur is for 3 to 10 players, not 2"),
        (["bench", "--beside", "duel", "--beside-players", "3"],
         "argument --beside-players: Saboteur: The Duel is for 2 to 2 players, not 3"),
        (["bench", "--beside-players", "4"], "argument --beside-players: give --beside EDITION"),
    ],
)  # fmt: skip
def test_a_player_count_the_edition_is_not_for_is_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"saboteur {argv[0]}: error: " in err
    assert message in err


def test_the_help_names_every_edition_and_the_default_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("play", "bench", "arena"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "--edition {base,saboteur2,duel}" in text
        assert "--deck FILE" in text
        assert "2 to 12 with --edition saboteur2, 2 with --edition duel" in text
        if command == "play":
            assert "(default: heuristic, in every edition)" in text


def test_verify_reads_the_edition_from_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [
        _write(tmp_path / f"s2-{players}.json", game_to_record(_random_saboteur2_game(players, 1)))
        for players in (2, 12)
    ]
    assert main(["verify", *paths]) == 0
    output = capsys.readouterr().out
    assert output.count("ok   ") == 2 and "game over, result matches" in output


def test_bench_measures_the_duel_with_two_players_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--edition", "duel", "--games", "2", "--no-breakdown"]) == 0
    output = " ".join(capsys.readouterr().out.split())
    assert "random games of Saboteur: The Duel, 2 players" in output
    # The Duel plays through the core where it is built: the engines side by side.
    assert ("engines side by side" in output) == (core is not None)


def test_bench_sets_two_editions_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--edition", "duel", "--beside", "base", "--beside-players", "4"]
    assert main([*argv, "--games", "1", "--no-breakdown"]) == 0
    output = capsys.readouterr().out
    table = output[output.index("editions side by side") :]
    assert "interleaved, 5 runs each, CPU time" in table
    for name in ("Saboteur: The Duel, 2 players", "Saboteur, 4 players"):
        assert name in " ".join(table.split())
    rows = [line for line in table.splitlines() if line.startswith("│ by ")]
    assert [row.split("│")[1].strip() for row in rows] == ["by Move", "by code"]
    for row in rows:
        assert row.count("moves/s") == 2


def test_a_deck_file_is_only_for_the_duel(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--deck", "deck.json", "--games", "1"])
    assert "only the Duel (--edition duel) has a deck file" in capsys.readouterr().err
