"""scripts/load_turn_based.py: its figures, and a small run through a real server
(accounts, turn-based and live tables) with no error, no 500 and no lost move."""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


@pytest.fixture(scope="module")
def load() -> ModuleType:
    sys.path.insert(0, str(SCRIPTS))  # it imports load_web.py beside it
    spec = importlib.util.spec_from_file_location("load_turn_based", SCRIPTS / "load_turn_based.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["load_turn_based"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def arguments() -> argparse.Namespace:
    return argparse.Namespace(
        accounts=4, turn_based=2, players=3, turn_clock=86400.0, come_back=1.0, live=1,
        live_people=2, live_players=3, live_clock=60.0, think=0.1, duration=10.0, warmup=1.0,
    )  # fmt: skip


def test_the_figures_of_each_kind_are_printed(
    load: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    tally = load.Tally()
    tally.times["turn-based move"] = [0.010, 0.030, 0.020]
    tally.times["live move"] = [0.004]
    assert load.report([tally], arguments()) == 0
    printed = capsys.readouterr().out
    assert "turn-based move: 3 (0.3/s), p50 20.0 ms" in printed
    assert "live move: 1 (0.1/s), p50 4.0 ms" in printed
    assert "my games: none" in printed
    assert "errors: 0; answers of 500 or more: 0; moves lost: 0" in printed


@pytest.mark.parametrize(
    "spoil", ["error", "server_error", "lost", "no live move"], ids=lambda spoil: spoil
)
def test_a_run_with_a_failure_fails(load: ModuleType, spoil: str) -> None:
    tally = load.Tally()
    tally.times["turn-based move"] = [0.010]
    tally.times["live move"] = [0.004]
    if spoil == "error":
        tally.error("a table: connection lost")
    elif spoil == "server_error":
        tally.server_errors = 1
    elif spoil == "lost":
        tally.lost = 1
    else:
        tally.times["live move"] = []
    assert load.report([tally], arguments()) == 1


@pytest.mark.slow
def test_a_small_run_plays_every_kind_of_table() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "load_turn_based.py"), "--accounts", "4",
         "--turn-based", "3", "--live", "2", "--live-players", "3", "--come-back", "0.5",
         "--think", "0.1", "--bot-pause", "0.05", "--duration", "6", "--warmup", "1"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tables set up: 5" in done.stdout  # live tables after a finished game: more
    for kind in ("turn-based move", "live move", "my games", "view"):
        assert f"{kind}: " in done.stdout and f"{kind}: none" not in done.stdout
    assert "errors: 0; answers of 500 or more: 0; moves lost: 0" in done.stdout
