"""scripts/load_web.py survives its clients' failures: each is counted, the run
ends on time, and the figures are printed whatever happened."""

from __future__ import annotations

import argparse
import importlib.util
import socket
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "load_web.py"


@pytest.fixture(scope="module")
def load_web() -> ModuleType:
    spec = importlib.util.spec_from_file_location("load_web", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["load_web"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def nobody_listening() -> str:
    """The address of a port nothing listens on (just freed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def arguments(url: str) -> argparse.Namespace:
    return argparse.Namespace(
        url=url, tables=3, clients=6, players=3, bots="random", bot_pause=None,
        duration=1.0, warmup=0.5, client_processes=1, authority=None,
    )  # fmt: skip


def test_failing_clients_are_counted_and_the_run_ends(
    load_web: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    args = arguments(nobody_listening())
    started = time.monotonic()
    tally = load_web.clients(args, 0, 1)  # every table creation fails
    assert time.monotonic() - started < 10
    assert tally.error_count > 0 and tally.errors
    assert load_web.report([tally], args, None) == 1
    printed = capsys.readouterr().out
    assert "no moves were heard" in printed and f"errors: {tally.error_count}" in printed
