"""The audit scripts of scripts/ (docs/audit.md): each runs against a real server
in a tiny configuration, exits 0 and prints its figures; the leak checker is
shown to catch leaks planted in otherwise clean messages, and the crash test's
comparison of heard and stored moves to tell a lost move from a hidden one."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pysaboteur.rules import Game, Options, seat_observation

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
sys.path.insert(0, str(SCRIPTS))

import audit_leaks  # noqa: E402
import crash_test  # noqa: E402

SEED = 20251201


def run_script(name: str, *arguments: str, timeout: float = 240) -> str:
    """Run ``scripts/name`` to its end; its standard output (it must exit 0)."""
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / name), *arguments],
        capture_output=True, text=True, timeout=timeout, cwd=SCRIPTS.parent,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "result: PASS" in done.stdout
    return done.stdout


def figure(output: str, name: str) -> str:
    """The value printed for the figure ``name`` in a script's summary."""
    for line in output.splitlines():
        if line.startswith(f"{name}: "):
            return line.removeprefix(f"{name}: ")
    raise AssertionError(f"no figure {name!r} in:\n{output}")


def test_leak_audit_plays_both_editions_and_finds_no_leak() -> None:
    output = run_script("audit_leaks.py", "--games", "2", "--quiet")
    assert figure(output, "whole games") == "2"
    assert figure(output, "base game player counts") == "[3]"
    assert figure(output, "Saboteur 2 player counts") == "[2]"
    assert int(figure(output, "messages checked")) > 500
    assert figure(output, "leaks") == "0"


def test_crash_test_kills_and_loses_nothing() -> None:
    output = run_script("crash_test.py", "--kills", "3", "--tables", "2", "--quiet")
    assert figure(output, "kill -9") == "3"
    assert int(figure(output, "acknowledged moves checked")) > 0
    assert figure(output, "acknowledged moves lost") == "0"
    assert figure(output, "broken games") == "0"


def test_fuzz_refuses_every_case_cleanly() -> None:
    output = run_script("fuzz_server.py", "--cases", "30", "--quiet")
    assert figure(output, "cases") == "30"
    assert figure(output, "responses of 500 (or server_error)") == "0"
    assert figure(output, "cases with a traceback in the server log") == "0"
    assert figure(output, "state changes after a refusal") == "0"
    assert figure(output, "answers not UTF-8 JSON, or not the refusal they must be") == "0"
    # 30 cases run each family once at least: the no-Unicode and other-origin ones too.
    assert figure(output, "families of mistakes") == "25"


def test_stall_test_prints_both_latencies() -> None:
    # A loose limit: this machine is shared; the real figure is in docs/audit.md.
    arguments = ("--stallers", "60", "--requests", "60", "--rounds", "1", "--limit", "1000")
    output = run_script("stall_test.py", *arguments, "--quiet")
    assert figure(output, "fewest stallers holding half-sent bodies while timed") == "60"
    assert "/" in figure(output, "ordinary requests during the stall: p50 / p99 ms")
    assert figure(output, "server tracebacks") == "0"


def test_load_script_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "load_web.py"), "--tables", "2", "--clients", "4",
         "--players", "3", "--bots", "random", "--duration", "3", "--warmup", "1",
         "--server-bot-pause", "0.05", "--bot-workers", "0"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "move accepted -> arrived at a client: p50" in done.stdout
    assert "errors: 0; versions skipped (lost moves): 0" in done.stdout


# -- the leak checker catches leaks -------------------------------------------------


def clean_view(game: Game, viewer: int) -> dict[str, Any]:
    legal = [move.view() for move in game.legal_moves()] if game.to_move == viewer else []
    return {
        "type": "view", "version": 0, "accepted_at": 1.0, "move": None,
        "table": {"status": "playing", "seats": [{"seat": 0, "name": "Ann"}]},
        "observation": seat_observation(game, viewer), "legal": legal, "clock": None,
    }  # fmt: skip


def plant_hand(message: dict[str, Any], game: Game) -> None:
    message["observation"]["cards"] = list(game.hands[1])


def plant_roles(message: dict[str, Any], game: Game) -> None:
    message["observation"]["roles"] = list(game.roles)


def plant_goal(message: dict[str, Any], game: Game) -> None:
    message["observation"]["goals"][0]["card"] = game.maze.goals[0]


def plant_deck(message: dict[str, Any], game: Game) -> None:
    message["observation"]["draw_pile"] = list(game.draw_pile)


def plant_seed(message: dict[str, Any], game: Game) -> None:
    message["table"]["seed"] = SEED


PLANTS = [plant_hand, plant_roles, plant_goal, plant_deck, plant_seed]


def test_a_clean_view_has_no_leak() -> None:
    game = Game.new(4, Options(), SEED)
    secrets = audit_leaks.Secrets(SEED, {"t" * 32})
    for viewer in range(4):
        assert audit_leaks.find_leaks(clean_view(game, viewer), game, viewer, secrets) == []


@pytest.mark.parametrize("plant", PLANTS, ids=lambda plant: plant.__name__)
def test_the_checker_catches_a_planted_leak(plant: Any) -> None:
    game = Game.new(4, Options(), SEED)
    message = clean_view(game, 0)
    leaky = copy.deepcopy(message)
    plant(leaky, game)
    found = audit_leaks.find_leaks(leaky, game, 0, audit_leaks.Secrets(SEED))
    assert found, f"{plant.__name__} went unnoticed"


def test_the_checker_catches_another_seats_discarded_card() -> None:
    game = Game.new(4, Options(), SEED)
    discarder = game.to_move
    assert discarder is not None
    card = game.hands[discarder][0]
    game.play(f"{discarder} discard {card}")
    viewer = (discarder + 2) % 4  # not the seat that discarded
    message = clean_view(game, viewer)
    message["version"] = 1
    secrets = audit_leaks.Secrets(SEED)
    assert audit_leaks.find_leaks(message, game, viewer, secrets) == []
    message["move"] = f"{discarder} discard {card}"
    assert any("hidden" in leak for leak in audit_leaks.find_leaks(message, game, viewer, secrets))


def test_the_checker_catches_what_a_talk_line_adds_to_what_was_said() -> None:
    game = Game.new(4, Options(), SEED)
    secrets = audit_leaks.Secrets(SEED, {"s3cr3t" * 5})
    claim = {"claim": "role", "role": "saboteur"}  # a claim is talk: true or false
    said = frozenset(
        {audit_leaks.said_key(1, {"text": "I'm a miner"}), audit_leaks.said_key(2, claim)}
    )
    facts = {"n": 1, "at": 1.0, "move": 0, "name": "Bo", "spectator": False}
    line = {**facts, "seat": 1, "text": "I'm a miner"}
    clean = {"type": "talk", "line": line}
    history = {"type": "talk_history", "lines": [line, {**facts, "seat": 2, **claim}], "total": 2}
    assert audit_leaks.find_leaks(clean, game, 0, secrets, said) == []
    assert audit_leaks.find_leaks(history, game, 0, secrets, said) == []
    leaky_lines = [
        {**line, "role": game.roles[1]},  # the sender's true role, added by the server
        {**line, "text": "I'm a miner (really: saboteur)"},  # words the sender did not say
        {**line, "from": "s3cr3t" * 5},  # a seat token
        {**line, "hand": game.hands[1]},  # a hand
        {**line, "seat": 2},  # said by another seat than the one that said it
    ]
    for leaky in leaky_lines:
        assert audit_leaks.find_leaks({"type": "talk", "line": leaky}, game, 0, secrets, said)


def test_a_saboteur2_inspection_is_seen_by_its_seat_only() -> None:
    game = Game.new(4, Options(), SEED, edition="saboteur2")
    secrets = audit_leaks.Secrets(SEED)
    message = clean_view(game, 0)
    message["observation"]["looks"] = [{"move": 0, "seat": 2, "role": game.roles[2]}]
    found = audit_leaks.find_leaks(message, game, 0, secrets)
    assert any("never looked at" in leak or "did not make" in leak for leak in found)


@pytest.mark.parametrize(
    ("heard", "stored", "same"),
    [
        ("2 discard", "2 discard NES", True),
        ("2 discard ? ?", "2 discard NES map", True),
        ("2 take", "2 take 3", True),
        ("1 place NES 1,0", "1 place NES 1,0", True),
        ("1 place NES 1,0", "1 place NSW 1,0", False),
        ("2 discard NES", "2 discard map", False),
        ("2 take 3 4", "2 take 3", False),
    ],
)
def test_crash_test_tells_a_hidden_move_from_another(heard: str, stored: str, same: bool) -> None:
    assert crash_test.heard_as_stored(heard, stored) is same
