"""Playing arena schedules: common random numbers, determinism across jobs and
runners, the files a run writes, interruptions and resuming, and the report."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.arena import runner
from pysaboteur.arena.match import ArenaError, GameOutcome, play_unit
from pysaboteur.arena.results import read_results
from pysaboteur.arena.schedule import SEATS, build_schedule
from pysaboteur.arena.summary import summarise, trials_of
from pysaboteur.bots import base
from pysaboteur.cli import main
from pysaboteur.rules import Move, Observation, Options, game_from_record, load_record

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class FirstMoveBot:
    """Always the first legal move: a second deterministic bot that plays unlike random."""

    name = "first"

    def choose(self, observation: Observation, legal_moves: list[Move]) -> Move:
        return legal_moves[0]


class BelieverBot(FirstMoveBot):
    """Says seat ``s`` is a saboteur with probability ``s / 10``, and checks it is only
    asked with an observation from the round's play."""

    name = "believer"

    def saboteur_probabilities(self, observation: Observation) -> list[float]:
        assert observation["phase"] == "play"
        return [seat / 10 for seat in range(observation["players"])]


class CheaterBot(FirstMoveBot):
    name = "cheater"

    def choose(self, observation: Observation, legal_moves: list[Move]) -> Move:
        return Move(observation["seat"], "pass")  # with a full hand: illegal


@pytest.fixture(autouse=True)
def registered_test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registers the bots above for each test and removes them after it, so that no
    other test module sees them among the known bots."""
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    base.register("first", lambda settings, seed: FirstMoveBot())
    base.register("believer", lambda settings, seed: BelieverBot())
    base.register("cheater", lambda settings, seed: CheaterBot())


def arena(out: Path, *args: str) -> int:
    return main(["arena", *args, "--out", str(out)])


def lines_without_times(out: Path) -> list[dict[str, Any]]:
    """The results lines as written, with the measured times (which vary) taken out."""
    lines = [json.loads(text) for text in (out / "results.jsonl").read_text().splitlines()]
    for line in lines:
        for timing in line["decision_time"].values():
            del timing["seconds"], timing["cpu_seconds"]
            del timing["per_decision"]["wall"], timing["per_decision"]["cpu"]
    return lines


def records_of(out: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted((out / "records").iterdir())}


def test_a_small_random_run_writes_results_records_summary_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "--players", "3", "--games", "3", "--jobs", "1") == 0
    lines = [json.loads(text) for text in (out / "results.jsonl").read_text().splitlines()]
    assert [(line["game_seed"], line["round"]) for line in lines] == [
        (seed, number) for seed in range(3) for number in (1, 2, 3)
    ]
    first = lines[0]
    assert first["players"] == 3
    assert first["options"] == Options().to_dict()
    assert first["cell"] == {"miners": "random", "saboteurs": "random"}
    assert [seat["bot"] for seat in first["seats"]] == ["random"] * 3
    assert first["winner"] in ("miners", "saboteurs")
    assert first["decision_time"]["random"]["decisions"] == first["moves"]
    assert first["saboteur_probabilities"] == [None, None, None]
    assert "game" not in first
    for line in lines:
        record = load_record(out / line["record"])
        game = game_from_record(record)
        played = game.rounds[line["round"] - 1]
        assert game.is_over
        assert len(played.moves) == line["moves"]
        assert played.result is not None
        assert line["gold"] == played.result.gold
        assert line["winner"] == played.result.winner
        assert [seat["role"] for seat in line["seats"]] == played.deal.roles
        if line["round"] == 3:
            assert line["game"] == {"nuggets": game.nuggets, "winners": game.winners}
    assert len(list((out / "records").iterdir())) == 3
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 3 and summary["rounds"] == 9
    assert summary["per_bot"]["random"]["win"]["miner"]["trials"] == 9
    assert "# Arena results" in (out / "summary.md").read_text()
    for name in ("win-rate-by-role.png", "miners-win-by-cell.png"):
        assert (out / name).read_bytes()[:8] == PNG_MAGIC


def test_report_rebuilds_the_summary_from_the_results_alone(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "--players", "3", "--games", "2", "--jobs", "1") == 0
    written = (out / "summary.json").read_text()
    for name in ("summary.json", "summary.md", "win-rate-by-role.png", "arena.json"):
        (out / name).unlink()
    assert main(["arena", "--report", str(out)]) == 0
    assert (out / "summary.json").read_text() == written
    assert (out / "win-rate-by-role.png").exists()


def test_every_cell_replays_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "--players", "4", "--games", "2", "--jobs", "1") == 0
    records = {
        (line["game_seed"], line["cell"]["miners"], line["cell"]["saboteurs"]): load_record(
            out / line["record"]
        )
        for line in read_results(out)
    }
    for seed in range(2):
        cells = [records[key] for key in records if key[0] == seed]
        assert len(cells) == 4
        for record in cells[1:]:
            assert record["gold_deck"] == cells[0]["gold_deck"]
            for number in range(3):
                for part in ("roles", "set_aside", "goals", "hands", "deck"):
                    assert record["rounds"][number][part] == cells[0]["rounds"][number][part]
        # the deals are shared, the play is not
        assert len({json.dumps(record["rounds"][0]["moves"]) for record in cells}) > 1


def test_results_do_not_depend_on_the_number_of_jobs(tmp_path: Path) -> None:
    common = ["random", "--players", "3,4", "--games", "3", "--seed", "5"]
    assert arena(tmp_path / "one", *common, "--jobs", "1") == 0
    assert arena(tmp_path / "two", *common, "--jobs", "2") == 0
    assert lines_without_times(tmp_path / "one") == lines_without_times(tmp_path / "two")
    assert records_of(tmp_path / "one") == records_of(tmp_path / "two")
    assert (tmp_path / "two" / "win-rate-by-players.png").read_bytes()[:8] == PNG_MAGIC


def test_teams_mode_gives_each_bot_each_role_equally(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "believer", "--players", "3", "--games", "2",
                 "--jobs", "1") == 0  # fmt: skip
    trials = Counter(
        (bot, role) for line in read_results(out) for bot, role, _, _ in trials_of(line)
    )
    miner_trials = {trials[bot, "miner"] for bot in ("random", "first", "believer")}
    saboteur_trials = {trials[bot, "saboteur"] for bot in ("random", "first", "believer")}
    assert miner_trials == {3 * 2 * 3}  # 3 cells as miners, 2 deals, 3 rounds
    assert len(saboteur_trials) == 1  # rounds with the only saboteur set aside have none


def test_seats_mode_gives_each_bot_every_seat_and_role_equally(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "--mode", "seats", "--players", "5", "--games", "2",
                 "--jobs", "1") == 0  # fmt: skip
    lines = read_results(out)
    seats = Counter(
        (seat["bot"], number) for line in lines for number, seat in enumerate(line["seats"])
    )
    roles = Counter((seat["bot"], seat["role"]) for line in lines for seat in line["seats"])
    assert seats == {(bot, number): 2 * 3 for bot in ("random", "first") for number in range(5)}
    assert roles["random", "miner"] == roles["first", "miner"]
    assert roles["random", "saboteur"] == roles["first", "saboteur"]
    head_to_head = json.loads((out / "summary.json").read_text())["head_to_head"]
    assert [entry["pairs"] for entry in head_to_head if entry["role"] == "overall"] == [5 * 2 * 3]


def test_beliefs_are_recorded_and_scored(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "believer", "random", "--players", "5", "--games", "2", "--jobs", "1") == 0
    lines = read_results(out)
    scores = []
    for line in lines:
        roles = [seat["role"] for seat in line["seats"]]
        for seat, probabilities in enumerate(line["saboteur_probabilities"]):
            if line["seats"][seat]["bot"] == "random":
                assert probabilities is None
                continue
            assert probabilities == [0.0, 0.1, 0.2, 0.3, 0.4]
            # the believer ranks seats by number, so its AUC is the share of
            # (saboteur, miner) pairs of other seats where the saboteur sits later
            pairs = [(s, m) for s in range(5) for m in range(5) if seat not in (s, m)
                     and roles[s] == "saboteur" and roles[m] == "miner"]  # fmt: skip
            if pairs:
                scores.append(sum(s > m for s, m in pairs) / len(pairs))
    summary = json.loads((out / "summary.json").read_text())["per_bot"]
    assert summary["believer"]["belief_rounds"] == len(scores) > 0
    assert summary["believer"]["belief_auc"] == pytest.approx(sum(scores) / len(scores))
    assert summary["random"]["belief_auc"] is None


def test_pairs_limit_the_cells(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "first", "random", "--pairs", "first/random", "--players", "3",
                 "--games", "2", "--jobs", "1") == 0  # fmt: skip
    cells = {json.dumps(line["cell"]) for line in read_results(out)}
    assert cells == {json.dumps({"miners": "first", "saboteurs": "random"})}


def test_an_unknown_bot_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena(tmp_path / "run", "random", "nobody", "--games", "1") == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_a_bot_that_breaks_a_rule_stops_the_run_with_a_clear_message() -> None:
    unit = build_schedule(["cheater"], [3], 1, 0, Options())[0]
    with pytest.raises(ArenaError, match=r"bot cheater in seat 0 \(game seed 0, 3 players, "
                       r"cheater vs cheater, round 1\) chose an illegal move"):  # fmt: skip
        play_unit(unit)


def test_ctrl_c_keeps_the_finished_games_and_a_rerun_plays_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run"
    common = ["random", "--players", "3", "--games", "4", "--jobs", "1"]
    played: list[int] = []

    def interrupted_on_the_third_game(unit: Any) -> GameOutcome:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(unit.seed)
        return play_unit(unit)

    monkeypatch.setattr(runner, "play_unit", interrupted_on_the_third_game)
    assert arena(out, *common) == 130
    assert {line["game_seed"] for line in read_results(out)} == {0, 1}
    assert json.loads((out / "summary.json").read_text())["games"] == 2
    monkeypatch.undo()
    assert arena(out, *common) == 0
    assert arena(tmp_path / "whole", *common) == 0
    assert lines_without_times(out) == lines_without_times(tmp_path / "whole")


def test_a_half_written_last_line_is_cut_and_the_rerun_plays_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "run"
    common = ["random", "--players", "3", "--jobs", "1"]
    assert arena(out, *common, "--games", "2") == 0
    with (out / "results.jsonl").open("a") as results:
        results.write('{"players": 3, "game_se')  # a run killed while writing
    assert arena(out, *common, "--games", "3") == 0
    assert arena(tmp_path / "whole", *common, "--games", "3") == 0
    assert lines_without_times(out) == lines_without_times(tmp_path / "whole")


def test_the_first_rounds_of_a_game_whose_write_was_cut_are_dropped_and_replayed(
    tmp_path: Path,
) -> None:
    common = ["random", "--players", "3", "--jobs", "1"]
    whole = tmp_path / "whole"
    assert arena(whole, *common, "--games", "3") == 0
    out = tmp_path / "run"
    assert arena(out, *common, "--games", "2") == 0
    third_game = (whole / "results.jsonl").read_text().splitlines(keepends=True)[6:8]
    with (out / "results.jsonl").open("a") as results:
        results.writelines(third_game)  # rounds 1 and 2 of game 3, not round 3
    assert arena(out, *common, "--games", "3") == 0
    assert lines_without_times(out) == lines_without_times(whole)


def test_ctrl_c_in_a_process_pool_hands_on_only_whole_games() -> None:
    units = build_schedule(["random"], [3], 6, 0, Options())
    outcomes: list[GameOutcome] = []

    def on_outcome(outcome: GameOutcome) -> None:
        outcomes.append(outcome)
        if len(outcomes) == 1:
            raise KeyboardInterrupt

    assert runner.run_local(units, 2, on_outcome) is False
    assert len({outcome.unit.index for outcome in outcomes}) == len(outcomes)
    for outcome in outcomes:
        assert [line["round"] for line in outcome.rounds] == [1, 2, 3]
        assert outcome.record["result"]["rounds"]


def test_a_folder_of_another_kind_of_run_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "--players", "3", "--games", "1", "--jobs", "1") == 0
    assert arena(out, "random", "--players", "3", "--games", "1", "--mode", "seats") == 2
    assert "holds a run with mode teams, not seats" in capsys.readouterr().err


def test_ray_runner_plays_the_same_games_as_local_processes() -> None:
    pytest.importorskip("ray")
    from pysaboteur.arena.ray_runner import run_ray

    units = build_schedule(["random"], [3, 4], 2, 3, Options(), SEATS)
    local: list[GameOutcome] = []
    remote: list[GameOutcome] = []
    assert runner.run_local(units, 1, local.append)
    assert run_ray(units, "local", 2, remote.append)
    assert len(remote) == len(units)

    def comparable(outcome: GameOutcome) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
        rounds = [{**line, "decision_time": None} for line in outcome.rounds]
        return outcome.unit.index, outcome.record, rounds

    assert sorted(map(comparable, remote), key=lambda item: item[0]) == [
        comparable(outcome) for outcome in local
    ]
    summary = summarise([line for outcome in remote for line in outcome.rounds])
    assert summary.games == len(units)


@pytest.mark.parametrize("players", ["2", "3,3", "4,11", ","])
def test_player_counts_must_be_distinct_and_playable(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "random", "--players", players])
    assert "--players" in capsys.readouterr().err


def test_arena_without_bots_or_with_pairs_in_seats_mode_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena(tmp_path / "a", "--games", "1") == 2
    assert "name the bots to compare" in capsys.readouterr().err
    assert arena(tmp_path / "b", "random", "--mode", "seats", "--pairs", "random/random") == 2
    assert "pairs are for teams mode" in capsys.readouterr().err
    assert main(["arena", "--report", str(tmp_path / "nothing")]) == 2
    assert "no results to report" in capsys.readouterr().err
