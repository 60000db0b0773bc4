"""Bots from outside the package in the arena: ``module:Class``, the ``pysaboteur.bots``
entry points, bots registered by hand under Ray, and a Node.js program speaking the
subprocess protocol; and what a run records about how it was played."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.arena.match import play_unit
from pysaboteur.arena.schedule import SEATS, build_schedule
from pysaboteur.bots import base, make_bot
from pysaboteur.bots.plugins import bot_parameters, outside_factory, split_spec
from pysaboteur.bots.process_bot import ProcessBot, ProtocolError
from pysaboteur.cli import main
from pysaboteur.rules import Game, Options, seat_observation

ROOT = Path(__file__).resolve().parent.parent
NODE_BOT = ROOT / "examples" / "bots" / "first_legal.js"


def arena(out: Path, *args: str) -> int:
    return main(["arena", *args, "--out", str(out)])


def results(out: Path) -> list[dict[str, Any]]:
    return [json.loads(text) for text in (out / "results.jsonl").read_text().splitlines()]


@pytest.mark.parametrize(
    ("spec", "name", "settings"),
    [
        ("random", "random", ""),
        ("ismcts:iterations=5,c=1", "ismcts", "iterations=5,c=1"),
        ("plugin_bots:FirstLegal", "plugin_bots:FirstLegal", ""),
        ("plugin_bots:FirstLegal:pick=last", "plugin_bots:FirstLegal", "pick=last"),
        ("a.b.c:Outer.Inner:x=1", "a.b.c:Outer.Inner", "x=1"),
        ("process:command=node bot.js", "process", "command=node bot.js"),
    ],
)
def test_a_spec_names_an_outside_bot_by_module_and_class(
    spec: str, name: str, settings: str
) -> None:
    assert split_spec(spec) == (name, settings)


def test_module_class_bots_are_made_with_their_settings_and_seed() -> None:
    bot = make_bot("plugin_bots:FirstLegal:pick=last", 3)
    assert (type(bot).__name__, bot_parameters(bot)) == ("FirstLegal", {"pick": "last"})
    with pytest.raises(ValueError, match="cannot import no_such_module"):
        make_bot("no_such_module:Bot")
    with pytest.raises(ValueError, match="plugin_bots has no Missing"):
        make_bot("plugin_bots:Missing")


def test_an_entry_point_of_the_group_is_a_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An installed distribution, as pip leaves it: metadata with an entry point.
    info = tmp_path / "outside_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: outside-bots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[pysaboteur.bots]\nfirst-legal = plugin_bots:FirstLegal\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    outside_factory.cache_clear()
    try:
        assert "first-legal" in base.available_bots()
        assert type(make_bot("first-legal:pick=last", 1)).__name__ == "FirstLegal"
    finally:
        outside_factory.cache_clear()


def test_bot_parameters_include_the_defaults() -> None:
    assert bot_parameters(make_bot("ismcts:iterations=5")) == {
        "iterations": 5, "seconds": None, "candidates": 6, "horizon": None, "exploration": 0.7,
        "playout": "native", "playouts": 1, "saboteur_iterations": None, "evidence": 1.0,
    }  # fmt: skip
    assert bot_parameters(make_bot("random")) == {}


def test_a_run_records_the_package_the_commit_the_dependencies_and_every_parameter(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    bots = ["plugin_bots:FirstLegal", "ismcts:iterations=2"]
    assert arena(out, *bots, "--players", "3", "--games", "1", "--jobs", "1",
                 "--pairs", "1/2") == 0  # fmt: skip
    settings = json.loads((out / "arena.json").read_text())
    [run] = settings["runs"]
    assert run["package"]["name"] == "pysaboteur" and run["package"]["version"]
    git = run["package"]["git"]
    assert git is None or len(git["commit"]) == 40  # None outside a git checkout
    assert {"rich", "numpy"} <= set(run["dependencies"])
    assert run["bots"]["plugin_bots:FirstLegal"]["parameters"] == {"pick": "first"}
    assert run["bots"]["ismcts:iterations=2"]["parameters"]["candidates"] == 6
    assert run["python"] == ".".join(map(str, sys.version_info[:3]))
    # Resuming into the folder keeps the first run's record and adds its own.
    assert arena(out, *bots, "--players", "3", "--games", "2", "--jobs", "1",
                 "--pairs", "1/2") == 0  # fmt: skip
    assert len(json.loads((out / "arena.json").read_text())["runs"]) == 2


def test_every_decision_has_its_wall_time_cpu_time_and_iterations() -> None:
    [unit] = build_schedule(["plugin_bots:FirstLegal", "random"], [3], 1, 4, Options(), SEATS)[:1]
    outcome = play_unit(unit)
    for line in outcome.rounds:
        assert sum(t["decisions"] for t in line["decision_time"].values()) == line["moves"]
        mine = line["decision_time"]["plugin_bots:FirstLegal"]
        other = line["decision_time"]["random"]
        for timing in (mine, other):
            per = timing["per_decision"]
            assert len(per["wall"]) == len(per["cpu"]) == len(per["iterations"])
            assert len(per["wall"]) == timing["decisions"]
            assert all(value >= 0 for value in per["wall"] + per["cpu"])
        assert mine["per_decision"]["iterations"] == [7] * mine["decisions"]
        assert mine["iterations"] == 7 * mine["decisions"]
        assert other["iterations"] is None  # the random bot does not say


def test_outside_and_hand_registered_bots_play_under_local_ray(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("ray")
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    # Registered in this process only: the worker learns it from the task.
    base.register("by-hand", lambda settings, seed: make_bot("plugin_bots:FirstLegal:pick=last"))
    common = ["plugin_bots:FirstLegal", "by-hand", "--players", "3", "--games", "1"]
    assert arena(tmp_path / "local", *common, "--jobs", "1") == 0
    assert arena(tmp_path / "ray", *common, "--jobs", "1", "--ray", "local") == 0
    local, ray = results(tmp_path / "local"), results(tmp_path / "ray")
    assert [line["winner"] for line in ray] == [line["winner"] for line in local]
    assert (tmp_path / "ray" / "records").iterdir()


node = pytest.mark.skipif(
    shutil.which("node") is None, reason="node is missing (scripts/test installs nodejs)"
)


@node
def test_the_node_bot_speaks_the_protocol() -> None:
    game = Game.new(3, Options(), 5)
    bot = ProcessBot(f"node {NODE_BOT}", seed=9)
    try:
        assert bot.name == "first-legal-js"
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        move = bot.choose(seat_observation(game, seat), legal)
        places = [m for m in legal if m.kind == "place"]
        assert move == (places[0] if places else move)
        assert bot.last_iterations == 1
    finally:
        bot.close()
    assert bot._process.returncode == 0  # it left when told the round was over


def test_a_program_that_breaks_the_protocol_is_named() -> None:
    lying = f'{sys.executable} -c "print(\'{{\\"type\\": \\"ready\\", \\"version\\": 9}}\')"'
    with pytest.raises(ProtocolError, match="speaks version 9, not 1"):
        ProcessBot(lying)
    silent = f'{sys.executable} -c "import sys; sys.stdin.read()"'
    with pytest.raises(ProtocolError, match=r"did not answer within 0\.5 s"):
        ProcessBot(silent, timeout=0.5)
    with pytest.raises(ValueError, match="cannot start 'no-such-program-here'"):
        make_bot("process:command=no-such-program-here")


@node
def test_a_node_bot_plays_a_whole_arena_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    spec = f"process:command=node {NODE_BOT}"
    assert arena(out, "random", spec, "--players", "3", "--games", "1", "--jobs", "1") == 0
    lines = results(out)
    assert len(lines) == 4 * 3  # four cells (miner bot, saboteur bot) of one three-round game
    assert {seat["bot"] for line in lines for seat in line["seats"]} == {"random", spec}
    assert all(line["decision_time"][spec]["decisions"] > 0
               for line in lines if spec in line["decision_time"])  # fmt: skip
    summary = json.loads((out / "summary.json").read_text())
    assert summary["per_bot"][spec]["decisions"] > 0
    # One deal: clustered by deal, its pairs are worth one independent pair.
    assert {entry["by_deal"]["deals"] for entry in summary["head_to_head"]} == {1}
    assert {entry["by_deal"]["effective_n"] for entry in summary["head_to_head"]} == {1.0}
    run = json.loads((out / "arena.json").read_text())["runs"][0]
    assert run["bots"][spec]["parameters"] == {"command": f"node {NODE_BOT}", "timeout": 30.0}
