"""The arena for Saboteur 2: seats mode, every seat scored by its gold pieces, the
results lines and records a run writes, resuming, and the report's numbers pinned
on a hand-made result set."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.arena.gold_summary import GOLD_ROLES, summarise_gold
from pysaboteur.arena.ratings import rate_seats_by_gold
from pysaboteur.arena.results import read_results
from pysaboteur.arena.schedule import SEATS, build_schedule
from pysaboteur.arena.summary import OVERALL
from pysaboteur.bots import base
from pysaboteur.cli import main
from pysaboteur.rules import Move, Observation, Options, game_from_record, load_record

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
#: Student t quantiles for a two-sided 95% interval (any statistics table).
T1 = 12.706204736174707
T3 = 3.182446305284263


class FirstMoveBot:
    """Always the first legal move: a second deterministic bot, unlike random."""

    name = "first"

    def choose(self, observation: Observation, legal_moves: list[Move]) -> Move:
        return legal_moves[0]


@pytest.fixture(autouse=True)
def registered_test_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registers the bot above for each test only, unseen by other test modules."""
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    base.register("first", lambda settings, seed: FirstMoveBot())


def arena(out: Path, *args: str) -> int:
    return main(["arena", *args, "--edition", "saboteur2", "--out", str(out)])


def lines_without_times(out: Path) -> list[dict[str, Any]]:
    lines = [json.loads(text) for text in (out / "results.jsonl").read_text().splitlines()]
    for line in lines:
        for timing in line["decision_time"].values():
            del timing["seconds"], timing["cpu_seconds"]
            del timing["per_decision"]["wall"], timing["per_decision"]["cpu"]
    return lines


def test_a_small_run_writes_lines_and_records_that_agree_with_the_engine(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "--players", "2,5", "--games", "3", "--jobs", "1") == 0
    lines = read_results(out)
    assert [(line["players"], line["game_seed"], line["round"]) for line in lines] == [
        (players, seed, number) for players in (2, 5) for seed in range(3) for number in (1, 2, 3)
    ]
    for line in lines:
        assert line["edition"] == "saboteur2"
        assert line["mode"] == SEATS
        assert line["cell"] == {"rotation": 0, "bots": ["random"] * line["players"]}
        game = game_from_record(load_record(out / line["record"]))
        assert game.edition.name == "saboteur2" and game.is_over
        played = game.rounds[line["round"] - 1]
        result, final = played.result, played.final
        assert result is not None and final is not None
        seats = line["seats"]
        assert [seat["role"] for seat in seats] == played.deal.roles
        assert [seat["final_role"] for seat in seats] == final.roles
        assert [seat["gold"] for seat in seats] == line["gold"] == result.gold
        assert [seat["won"] for seat in seats] == [s in result.winners for s in range(len(seats))]
        assert line["winners"] == result.winners
        assert line["winner"] == result.winner
        assert line["gold_reached"] == result.gold_reached
        assert line["thefts"] == result.thefts
        assert len(played.moves) == line["moves"]
        if line["round"] == 3:
            assert line["game"] == {"gold_pieces": game.nuggets, "winners": game.winners}
        else:
            assert "game" not in line
    assert len(list((out / "records").iterdir())) == 6
    assert json.loads((out / "arena.json").read_text())["edition"] == "saboteur2"

    summary = json.loads((out / "summary.json").read_text())
    assert summary["edition"] == "saboteur2"
    assert (summary["games"], summary["rounds"]) == (6, 18)
    played_as = Counter(seat["final_role"] for line in lines for seat in line["seats"])
    assert {role: summary["by_role"][role]["rounds"] for role in GOLD_ROLES} == {
        role: played_as[role] for role in GOLD_ROLES
    }
    assert sum(played_as.values()) == 3 * 3 * (2 + 5)
    overall = summary["per_bot"]["random"]["by_role"][OVERALL]
    assert overall["rounds"] == overall["win"]["trials"] == 3 * 3 * (2 + 5)
    gold = [seat["gold"] for line in lines for seat in line["seats"]]
    assert overall["gold"]["mean"] == pytest.approx(sum(gold) / len(gold))
    assert list(summary["by_players"]) == ["2", "5"]

    report = (out / "summary.md").read_text()
    table = report.split("## Gold pieces and wins per role\n")[1].split("##")[0]
    rows = [row for row in table.splitlines() if row.startswith("| ")][1:]  # below the header
    assert [row.split(" | ")[:2] for row in rows] == [
        [f"| {role}", str(played_as[role])] for role in GOLD_ROLES
    ]
    for name in ("gold-by-role.png", "win-rate-by-role.png", "gold-by-players.png"):
        assert (out / name).read_bytes()[:8] == PNG_MAGIC


def test_two_bots_are_compared_seat_by_seat_on_the_same_deals(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "--players", "3", "--games", "2", "--jobs", "1") == 0
    lines = read_results(out)
    seated = Counter((seat["bot"], n) for line in lines for n, seat in enumerate(line["seats"]))
    assert seated == {(bot, n): 2 * 3 for bot in ("random", "first") for n in range(3)}
    # both rotations of a deal are dealt the same roles
    for seed in range(2):
        dealt = {
            json.dumps([seat["role"] for seat in line["seats"]]) + str(line["round"])
            for line in lines
            if line["game_seed"] == seed
        }
        assert len(dealt) == 3
    summary = json.loads((out / "summary.json").read_text())
    overall = [entry for entry in summary["head_to_head"] if entry["role"] == OVERALL]
    assert [(entry["a"], entry["b"], entry["pairs"]) for entry in overall] == [
        ("random", "first", 3 * 2 * 3)
    ]
    by_role = [entry["pairs"] for entry in summary["head_to_head"] if entry["role"] != OVERALL]
    assert sum(by_role) == 3 * 2 * 3
    assert "Head to head on the same deals" in (out / "summary.md").read_text()


def test_results_do_not_depend_on_the_number_of_jobs(tmp_path: Path) -> None:
    common = ["random", "--players", "2,4", "--games", "2", "--seed", "7"]
    assert arena(tmp_path / "one", *common, "--jobs", "1") == 0
    assert arena(tmp_path / "two", *common, "--jobs", "2") == 0
    assert lines_without_times(tmp_path / "one") == lines_without_times(tmp_path / "two")


def test_a_cut_write_is_dropped_and_the_rerun_plays_the_rest(tmp_path: Path) -> None:
    common = ["random", "--players", "2", "--jobs", "1"]
    whole = tmp_path / "whole"
    assert arena(whole, *common, "--games", "4") == 0
    out = tmp_path / "run"
    assert arena(out, *common, "--games", "2") == 0
    third_game = (whole / "results.jsonl").read_text().splitlines(keepends=True)[6:8]
    with (out / "results.jsonl").open("a") as results:
        results.writelines(third_game)  # rounds 1 and 2 of game 3, not round 3
        results.write('{"game_seed": 2, "players": 2, "edi')  # and half a line
    assert arena(out, *common, "--games", "4") == 0
    assert lines_without_times(out) == lines_without_times(whole)
    assert json.loads((out / "summary.json").read_text())["games"] == 4


def test_report_rebuilds_the_summary_from_the_results_alone(tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert arena(out, "random", "first", "--players", "2", "--games", "2", "--jobs", "1") == 0
    written = (out / "summary.json").read_text()
    for name in ("summary.json", "summary.md", "gold-by-role.png", "arena.json"):
        (out / name).unlink()
    assert main(["arena", "--report", str(out)]) == 0
    assert (out / "summary.json").read_text() == written
    assert (out / "gold-by-role.png").read_bytes()[:8] == PNG_MAGIC


def test_teams_mode_and_folders_of_the_other_edition_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert arena(tmp_path / "a", "random", "--mode", "teams", "--games", "1") == 2
    assert "Saboteur 2 has no two teams" in capsys.readouterr().err
    base_run = tmp_path / "base"
    assert main(["arena", "random", "--players", "3", "--games", "1", "--jobs", "1",
                 "--out", str(base_run)]) == 0  # fmt: skip
    assert arena(base_run, "random", "--players", "3", "--games", "1", "--jobs", "1") == 2
    assert "holds a run of edition base, not saboteur2" in capsys.readouterr().err
    with pytest.raises(ValueError, match="Saboteur 2 is for 2 to 12 players"):
        build_schedule(["random"], [13], 1, 0, Options(), SEATS, edition="saboteur2")


@pytest.mark.parametrize("players", ["1", "13", "2,13"])
def test_player_counts_outside_2_to_12_are_refused(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "random", "--edition", "saboteur2", "--players", players])
    assert "Saboteur 2 is for 2 to 12 players" in capsys.readouterr().err


# -- the numbers, on a hand-made result set -------------------------------------------------


def seat(bot: str, role: str, final_role: str, gold: int, won: bool) -> dict[str, Any]:
    return {"bot": bot, "role": role, "final_role": final_role, "gold": gold, "won": won}


def line(seed: int, rotation: int, *seats: dict[str, Any]) -> dict[str, Any]:
    """A one-round game of two seats; only what the summary reads."""
    return {
        "game_seed": seed, "players": 2, "edition": "saboteur2", "options": {},
        "mode": SEATS, "cell": {"rotation": rotation, "bots": [s["bot"] for s in seats]},
        "round": 1, "seats": list(seats), "gold": [s["gold"] for s in seats],
        "decision_time": {}, "saboteur_probabilities": [None, None], "game": {},
    }  # fmt: skip


# Two deals, each played with a in seat 0 (rotation 0) and with a in seat 1 (rotation 1).
# In the last round swap-hats swapped the two seats' roles: the seats count in the roles
# they ended in, the head-to-head pairs in the roles they were dealt.
HAND_MADE = [
    line(0, 0, seat("a", "green", "green", 3, True), seat("b", "saboteur", "saboteur", 0, False)),
    line(0, 1, seat("b", "green", "green", 1, False), seat("a", "saboteur", "saboteur", 2, True)),
    line(1, 0, seat("a", "saboteur", "saboteur", 4, True),
         seat("b", "geologist", "geologist", 1, False)),
    line(1, 1, seat("b", "saboteur", "geologist", 0, False),
         seat("a", "geologist", "saboteur", 2, False)),
]  # fmt: skip


def test_gold_per_round_by_role_has_t_intervals_and_wilson_win_rates() -> None:
    summary = summarise_gold(HAND_MADE)
    assert (summary.games, summary.rounds, summary.bots) == (4, 4, ["a", "b"])
    # green: 3 and 1 GP, mean 2, sd sqrt(2), half-width t(1) * sqrt(2) / sqrt(2)
    green = summary.by_role["green"]
    assert (green.rounds, green.gold.mean, green.gold.sd) == pytest.approx((2, 2.0, math.sqrt(2)))
    assert (green.gold.low, green.gold.high) == pytest.approx((2 - T1, 2 + T1))
    assert (green.win.wins, green.win.trials) == (1, 2)
    # saboteur (as the rounds ended): 0, 2, 4, 2 GP; sd sqrt(8/3)
    saboteur = summary.by_role["saboteur"]
    half = T3 * math.sqrt(8 / 3) / 2
    assert (saboteur.rounds, saboteur.gold.mean) == (4, 2.0)
    assert (saboteur.gold.low, saboteur.gold.high) == pytest.approx((2 - half, 2 + half))
    assert (saboteur.win.wins, saboteur.win.trials) == (2, 4)
    geologist = summary.by_role["geologist"]
    assert (geologist.rounds, geologist.gold.mean, geologist.win.wins) == (2, 0.5, 0)
    assert geologist.gold.high == pytest.approx(0.5 + T1 * math.sqrt(0.5) / math.sqrt(2))
    for role in ("blue", "boss", "profiteer"):
        assert summary.by_role[role].rounds == 0
        assert math.isnan(summary.by_role[role].gold.mean)


def test_gold_per_round_per_bot_and_role() -> None:
    a, b = (summarise_gold(HAND_MADE).per_bot[bot] for bot in ("a", "b"))
    assert sorted(a.by_role) == ["green", "overall", "saboteur"]
    assert a.by_role["saboteur"].gold.mean == pytest.approx(8 / 3)
    assert (a.by_role[OVERALL].gold.mean, a.by_role[OVERALL].win.wins) == (2.75, 3)
    assert a.gold_per_game == pytest.approx(3 * 2.75)
    one = a.by_role["green"].gold  # a single round: a mean, no interval
    assert (one.n, one.mean) == (1, 3.0) and math.isnan(one.low)
    assert sorted(b.by_role) == ["geologist", "green", "overall", "saboteur"]
    assert (b.by_role[OVERALL].gold.mean, b.by_role[OVERALL].win.wins) == (0.5, 0)
    assert a.rating.mu > 25 > b.rating.mu


def test_head_to_head_pairs_the_same_seat_of_the_same_deal() -> None:
    matches = {m.role: m for m in summarise_gold(HAND_MADE).head_to_head}
    assert sorted(matches) == ["geologist", "green", "overall", "saboteur"]
    # a - b per pair: 3-1, 2-0, 4-0, 2-1 (seed 0 seats 0 and 1, seed 1 seats 0 and 1)
    overall = matches[OVERALL]
    half = T3 * math.sqrt(4.75 / 3) / 2
    assert (overall.a, overall.b, overall.gold.n, overall.gold.mean) == ("a", "b", 4, 2.25)
    assert (overall.gold.low, overall.gold.high) == pytest.approx((2.25 - half, 2.25 + half))
    # Clustered by deal there are two draws, not four: deal sums 4 and 5 give a
    # cluster-robust se of 0.25, below the independent sd / 2, so the interval is
    # t(1) * sqrt(4.75 / 3) / 2 either side: too wide to name a stronger bot.
    assert overall.by_deal is not None and overall.by_deal.deals == 2
    wide = T1 * math.sqrt(4.75 / 3) / 2
    assert (overall.by_deal.low, overall.by_deal.high) == pytest.approx((2.25 - wide, 2.25 + wide))
    assert overall.stronger is None
    assert (overall.win.only_a, overall.win.only_b, overall.win.pairs) == (3, 0, 4)
    # by the dealt role: saboteur pairs 2 and 4, geologist the one pair 1
    assert matches["saboteur"].gold.mean == 3.0 and matches["saboteur"].stronger is None
    assert (matches["geologist"].gold.n, matches["geologist"].stronger) == (1, None)


def test_ratings_rank_the_seats_of_a_round_by_gold() -> None:
    alone = rate_seats_by_gold([line(0, 0, seat("a", "green", "green", 3, True),
                                     seat("a", "blue", "blue", 0, False))], ["a"])  # fmt: skip
    assert alone["a"].mu == pytest.approx(25.0)  # against itself, the changes cancel
    assert alone["a"].sigma < 25 / 3 and alone["a"].rounds == 1
    tie = rate_seats_by_gold([line(0, 0, seat("a", "green", "green", 1, False),
                                   seat("b", "blue", "blue", 1, False))], ["a", "b"])  # fmt: skip
    assert tie["a"].mu == pytest.approx(tie["b"].mu)
