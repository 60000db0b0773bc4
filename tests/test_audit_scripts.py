"""The audit scripts of scripts/ (docs/audit.md): each runs against a real server
in a tiny configuration, exits 0 and prints its figures; the leak checker is
shown to catch a leak planted in an otherwise clean message for every kind of
secret it checks, and to pass every clean view; the leak audit to report what
goes wrong at once and to survive dropped connections; and the crash test's
comparison of heard and stored moves to tell a lost move from a hidden one."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NamedTuple

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.asyncio.server import serve

from pysaboteur.bots.base import make_bot
from pysaboteur.rules import GOAL_CELLS, Game, Options, public_observation, seat_observation

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
sys.path.insert(0, str(SCRIPTS))

import audit_http  # noqa: E402
import audit_leaks  # noqa: E402
import crash_test  # noqa: E402
import leak_checks  # noqa: E402

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
    assert int(figure(output, "moves sent over HTTP")) > 0
    assert figure(output, "sockets closed, refusals, HTTP errors, games not over") == "0"
    assert figure(output, "leaks") == "0"
    # Every audited table is listed and played again (scripts/audit_open_tables.py).
    assert int(figure(output, "lobby answers checked")) >= 2
    assert figure(output, "next games proposed and answered") == "2"
    assert "FOUND" not in output


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


def test_stall_test_times_every_phase() -> None:
    # Few attackers, short deadlines (so that the server cuts some off within a
    # phase) and a loose limit: this machine is shared; the real figures are in
    # docs/audit.md.
    arguments = ("--holders", "40", "--churners", "40", "--slow", "40", "--seconds", "1",
                 "--body-timeout", "1", "--header-timeout", "1", "--limit", "1000")  # fmt: skip
    output = run_script("stall_test.py", *arguments, "--quiet")
    for phase in ("quiet", "holders", "churners", "slow headers", "all together"):
        assert figure(output, f"{phase}: ordinary requests failed / p50 / p99 ms").startswith(
            "0 / "
        )
    assert output.count("phase result: PASS") == 5
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


def clean_view(game: Game, viewer: int | None, version: int = 0) -> dict[str, Any]:
    """The view the server sends ``viewer`` (a seat, or None for a spectator)."""
    if viewer is None:
        observation, legal = public_observation(game), []
    else:
        observation = seat_observation(game, viewer)
        mine = game.to_move == viewer and not game.is_over
        legal = [move.view() for move in game.legal_moves()] if mine else []
    return {
        "type": "view", "version": version, "accepted_at": 1.0, "move": None,
        "table": {"status": "playing", "seats": [{"seat": 0, "name": "Ann"}]},
        "observation": observation, "legal": legal, "clock": None, "bot_moves": [],
    }  # fmt: skip


def played(edition: str, players: int, until: Callable[[Game], bool]) -> Game:
    """A game of SEED played by heuristic bots until ``until`` holds."""
    game = Game.new(players, Options(), SEED, edition=edition)
    bots = [make_bot("heuristic", SEED + seat) for seat in range(players)]
    while not until(game):
        seat = game.to_move
        assert seat is not None and not game.is_over, "the game ended first"
        game.play(bots[seat].choose(seat_observation(game, seat), game.legal_moves()))
    return game


@functools.cache
def game_in(situation: str) -> Game:
    """The games the planted leaks are planted in (each is looked at, not changed)."""
    if situation == "dealt":
        return Game.new(4, Options(), SEED)
    if situation == "second round":  # round 1 won by the miners: seats 3, 2, 0 took gold
        return played("base", 4, lambda game: len(game.rounds) == 2)
    if situation == "looked and swapped":  # Saboteur 2: an inspection and a swap-hand
        return played(
            "saboteur2", 5, lambda game: bool(game.state.looks) and bool(game.state.swaps)
        )
    assert situation == "saboteur2 second round"
    return played("saboteur2", 5, lambda game: len(game.rounds) == 2)


def version(game: Game) -> int:
    return sum(len(log.moves) for log in game.rounds)


def message_in(situation: str, viewer: int | None) -> tuple[Game, dict[str, Any]]:
    game = game_in(situation)
    return game, clean_view(game, viewer, version(game))


SITUATIONS = ["dealt", "second round", "looked and swapped", "saboteur2 second round"]
TOKEN = "t0k3n" * 6 + "xy"


@pytest.mark.parametrize("situation", SITUATIONS)
def test_clean_views_have_no_leak(situation: str) -> None:
    game = game_in(situation)
    secrets = leak_checks.Secrets(SEED, {TOKEN})
    for viewer in [None, *range(game.players)]:
        message = clean_view(game, viewer, version(game))
        assert leak_checks.find_leaks(message, game, viewer, secrets) == [], viewer


def other_seat(game: Game, viewer: int) -> int:
    return (viewer + 1) % game.players


def unmapped_goal(game: Game, viewer: int) -> int:
    return next(i for i in range(3) if not game.maze.revealed[i] and i not in game.maps[viewer])


class Plant(NamedTuple):
    """A leak planted in a clean view: in which situation, for which viewer, how,
    and the leak the checker must report (what it says, and the field's path)."""

    name: str
    situation: str
    viewer: int | None
    plant: Callable[[dict[str, Any], Game], None]
    what: str
    path: tuple[Any, ...]


def other_role(game: Game, role: str) -> str:
    return next(other for other in game.edition.role_codes if other != role)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _set(path: tuple[Any, ...], value: Callable[[Game, dict[str, Any]], Any]) -> Any:
    """A plant that sets the field at ``path`` to ``value(game, message)``."""

    def plant(message: dict[str, Any], game: Game) -> None:
        *parents, last = path
        target = message
        for key in parents:
            target = target[key]
        if isinstance(target, list) and last == len(target):
            target.append(value(game, message))  # a new item at the end
        else:
            target[last] = value(game, message)

    return plant


def face_down_goal(game: Game) -> dict[str, Any]:
    """The first goal, face down, shown in the maze as a card lying there."""
    (x, y), card = GOAL_CELLS[0], game.maze.goals[0]
    return {"x": x, "y": y, "shape": "NS", "card": card}


OBS = "observation"
RESERVE = "the reserve or a laid-aside dwarf card before the end"
PLANTS = [
    Plant("another seat's hand", "dealt", 0, _set((OBS, "cards"), lambda g, m: g.hands[1]),
          "seat 1's hand", (OBS, "cards")),
    Plant("every hand", "dealt", 0, _set((OBS, "hands"), lambda g, m: g.hands),
          "every hand", (OBS, "hands")),
    Plant("a hand not the viewer's", "dealt", 0, _set((OBS, "hand"), lambda g, m: g.hands[2]),
          "a hand that is not the viewer's", (OBS, "hand")),
    Plant("every role", "dealt", 0, _set((OBS, "roles"), lambda g, m: g.roles),
          "a role where no role is shown", (OBS, "roles", 1)),
    Plant("another role as the viewer's", "dealt", 0,
          _set((OBS, "role"), lambda g, m: other_role(g, g.roles[0])),
          "a role that is not the viewer's", (OBS, "role")),
    Plant("the laid-aside role card", "dealt", 0,
          _set((OBS, "set_aside"), lambda g, m: g.deal.set_aside),
          "a role where no role is shown", (OBS, "set_aside")),
    Plant("a goal not mapped", "dealt", 0,
          _set((OBS, "goals", 0, "card"), lambda g, m: g.maze.goals[0]),
          "goal 0's card, not known to the viewer", (OBS, "goals", 0, "card")),
    Plant("a face-down goal in the maze", "dealt", 0,
          _set((OBS, "maze", 1), lambda g, m: face_down_goal(g)),
          "a face-down goal in the maze", (OBS, "maze", 1, "card")),
    Plant("the draw pile", "dealt", 0, _set((OBS, "draw_pile"), lambda g, m: g.draw_pile),
          "the draw pile's order", (OBS, "draw_pile")),
    Plant("the next cards to be drawn", "dealt", 0,
          _set((OBS, "coming"), lambda g, m: g.draw_pile[::-1][:4]),
          "the draw pile's order", (OBS, "coming")),
    Plant("a count that is not a count", "dealt", 0,
          _set((OBS, "discard_pile"), lambda g, m: "0"),
          "a count that is not a count", (OBS, "discard_pile")),
    Plant("a card of the draw pile in a new field", "dealt", 0,
          _set((OBS, "next"), lambda g, m: g.draw_pile[-1]),
          "a card where no card is shown", (OBS, "next")),
    Plant("the seed", "dealt", 0, _set(("table", "seed"), lambda g, m: SEED),
          "the seed", ("table", "seed")),
    Plant("the seed in a text", "dealt", 0, _set(("table", "name"), lambda g, m: f"game {SEED}"),
          "the seed, a seat token or its digest", ("table", "name")),
    Plant("a seat token", "dealt", 0, _set(("table", "seats", 0, "token"), lambda g, m: TOKEN),
          "the seed, a seat token or its digest", ("table", "seats", 0, "token")),
    Plant("a seat token's digest", "dealt", 0,
          _set(("table", "seats", 0, "key"), lambda g, m: digest(TOKEN)),
          "the seed, a seat token or its digest", ("table", "seats", 0, "key")),
    Plant("an observation not the engine's", "dealt", 0,
          _set((OBS, "hand_sizes", 1), lambda g, m: m[OBS]["hand_sizes"][1] + 1),
          "the observation is not the engine's for this viewer", (OBS, "hand_sizes", 1)),
    Plant("another seat's gold", "second round", 1,
          _set((OBS, "gold"), lambda g, m: {"kept": g.gold_kept[3], "seen": g.gold_seen[3]}),
          "gold that is not the viewer's own", (OBS, "gold")),
    Plant("a gold offer to a seat not choosing", "dealt", 0,
          _set((OBS, "gold_offer"), lambda g, m: [3, 2]),
          "the gold offer shown to a seat not choosing", (OBS, "gold_offer")),
    Plant("the nuggets before the end", "second round", 1,
          _set((OBS, "nuggets"), lambda g, m: [sum(kept) for kept in g.gold_kept]),
          "nuggets before the end", (OBS, "nuggets")),
    Plant("the winners before the end", "second round", 1,
          _set((OBS, "winners"), lambda g, m: [0]), "winners before the end", (OBS, "winners")),
    Plant("a round's gold before the end", "second round", 1,
          _set((OBS, "rounds", 0, "gold"), lambda g, m: [2, 0, 1, 3]),
          "a round's gold before the end", (OBS, "rounds", 0, "gold")),
    Plant("a wrong role of a finished round", "second round", 1,
          _set((OBS, "rounds", 0, "roles", 0),
               lambda g, m: other_role(g, g.rounds[0].deal.roles[0])),
          "a wrong role (truly 'miner')", (OBS, "rounds", 0, "roles", 0)),
    Plant("the roles of the round in play", "second round", 1,
          _set((OBS, "rounds", 1), lambda g, m: {"roles": list(g.roles)}),
          "a role of the round in play", (OBS, "rounds", 1, "roles", 0)),
    Plant("the goals of the round in play", "second round", 1,
          _set((OBS, "rounds", 1), lambda g, m: {"goals": list(g.maze.goals)}),
          "a goal of the round in play", (OBS, "rounds", 1, "goals", 0)),
    Plant("another seat's gold pick", "second round", 1,
          _set((OBS, "history", 0, 32), lambda g, m: "3 take 2"),
          "another seat's hidden ['2']", (OBS, "history", 0, 32)),
    Plant("legal moves of a seat not to move", "dealt", 1,
          _set(("legal",), lambda g, m: [move.view() for move in g.legal_moves()]),
          "legal moves for a viewer not to move", ("legal",)),
    Plant("a legal move with a card not in the hand", "dealt", 0,
          _set(("legal", 0, "cards"), lambda g, m: g.hands[1][:1]),
          "a legal move playing cards not in the hand", ("legal", 0)),
    Plant("a seat's own field in a spectator's view", "dealt", None,
          _set((OBS, "role"), lambda g, m: g.roles[0]),
          "a seat's own field in a spectator's view", (OBS, "role")),
    # Seat 4 inspected seat 0 at move 4, seat 0 seat 4 at move 20; seats 0 and 1
    # swapped hands at move 25.
    Plant("an inspection the viewer did not make", "looked and swapped", 2,
          _set((OBS, "looks"), lambda g, m: [{"move": 4, "seat": 0, "role": g.roles[0]}]),
          "an inspection or look the viewer did not make", (OBS, "looks", 0)),
    Plant("a dwarf card never looked at", "looked and swapped", 4,
          _set((OBS, "looks", 0, "role"), lambda g, m: other_role(g, g.state.looks[0].role)),
          "a dwarf card the viewer never looked at", (OBS, "looks", 0, "role")),
    Plant("a swap the viewer took no part in", "looked and swapped", 2,
          _set((OBS, "swaps"), lambda g, m: [{"move": 25, "with": 0, "gave": [], "got": []}]),
          "a swap of hands the viewer took no part in", (OBS, "swaps", 0)),
    Plant("the reserve before the end", "saboteur2 second round", 0,
          _set((OBS, "rounds", 0, "reserve"), lambda g, m: list(g.rounds[0].final.reserve)),
          RESERVE, (OBS, "rounds", 0, "reserve", 0)),
    Plant("the dwarf cards laid aside before the end", "saboteur2 second round", 0,
          _set((OBS, "rounds", 0, "hats_out"), lambda g, m: ["green"]),
          RESERVE, (OBS, "rounds", 0, "hats_out", 0)),
    Plant("a removed card", "saboteur2 second round", 0,
          _set((OBS, "removed"), lambda g, m: list(g.deal.removed)),
          "a count that is not a count", (OBS, "removed")),
]  # fmt: skip


@pytest.mark.parametrize("case", PLANTS, ids=lambda case: case.name)
def test_the_checker_catches_a_planted_leak(case: Plant) -> None:
    game, message = message_in(case.situation, case.viewer)
    case.plant(message, game)
    found = leak_checks.find_leaks(message, game, case.viewer, leak_checks.Secrets(SEED, {TOKEN}))
    assert (case.what, case.path) in [(leak.what, leak.path) for leak in found], found


def test_a_planted_leak_is_reported_with_its_field_and_value() -> None:
    game, message = message_in("dealt", 0)
    card = game.draw_pile[-1]
    message["observation"]["next"] = card
    found = leak_checks.find_leaks(message, game, 0, leak_checks.Secrets(SEED))
    assert sorted(str(leak) for leak in found) == [
        f'a card where no card is shown at observation.next = "{card}"',
        f'the observation is not the engine\'s for this viewer at observation.next = "{card}"',
    ]
    message["observation"]["next"] = [card] * 40  # a long value is cut short
    found = leak_checks.find_leaks(message, game, 0, leak_checks.Secrets(SEED))
    (whole,) = [str(leak) for leak in found if leak.path == ("observation", "next")]
    written = json.dumps([card] * 40, separators=(",", ":"))
    assert whole.partition(" = ")[2] == written[: leak_checks.SHOWN - 1] + "…"


def test_a_legal_discard_of_three_cards_lying_in_a_row_in_the_pile_is_no_leak() -> None:
    """The false alarm of the audit's Saboteur 2 games at 9 seats: the draw-order
    check took any list starting with the pile's first three cards for the pile,
    the viewer's own legal moves too, and a Saboteur 2 discard plays up to three
    cards.  Here seat 3 holds NS+EW, SW and trapped, which also lie in that order
    at the bottom of the pile, so one of its legal moves lists exactly them."""
    rng = random.Random(143)  # as the audit's clients choose: leaning to secret-making moves
    seed = rng.getrandbits(63)
    game = Game.new(9, Options(), seed, edition="saboteur2")
    for _ in range(84):
        legal = game.legal_moves()
        eager = [move for move in legal if move.kind in audit_leaks.EAGER]
        game.play(rng.choice(eager) if eager and rng.random() < 0.6 else rng.choice(legal))
    message = clean_view(game, 3, 84)
    assert game.draw_pile[:3] == ["NS+EW", "SW", "trapped"]
    same = [move["text"] for move in message["legal"] if move["cards"] == game.draw_pile[:3]]
    assert same == ["3 discard NS+EW SW trapped"]
    assert leak_checks.find_leaks(message, game, 3, leak_checks.Secrets(seed)) == []


def test_the_checker_catches_another_seats_discarded_card() -> None:
    game = Game.new(4, Options(), SEED)
    discarder = game.to_move
    assert discarder is not None
    card = game.hands[discarder][0]
    game.play(f"{discarder} discard {card}")
    viewer = (discarder + 2) % 4  # not the seat that discarded
    message = clean_view(game, viewer, 1)
    secrets = leak_checks.Secrets(SEED)
    assert leak_checks.find_leaks(message, game, viewer, secrets) == []
    message["move"] = f"{discarder} discard {card}"
    found = leak_checks.find_leaks(message, game, viewer, secrets)
    assert [(leak.what, leak.path) for leak in found] == [
        (f"another seat's hidden [{card!r}]", ("move",))
    ]


def test_the_checker_catches_what_a_talk_line_adds_to_what_was_said() -> None:
    game = Game.new(4, Options(), SEED)
    secrets = leak_checks.Secrets(SEED, {"s3cr3t" * 5})
    claim = {"claim": "role", "role": "saboteur"}  # a claim is talk: true or false
    said = frozenset(
        {leak_checks.said_key(1, {"text": "I'm a miner"}), leak_checks.said_key(2, claim)}
    )
    facts = {"n": 1, "at": 1.0, "move": 0, "name": "Bo", "spectator": False}
    line = {**facts, "seat": 1, "text": "I'm a miner"}
    clean = {"type": "talk", "line": line}
    history = {"type": "talk_history", "lines": [line, {**facts, "seat": 2, **claim}], "total": 2}
    assert leak_checks.find_leaks(clean, game, 0, secrets, said) == []
    assert leak_checks.find_leaks(history, game, 0, secrets, said) == []
    leaky_lines = [
        {**line, "role": game.roles[1]},  # the sender's true role, added by the server
        {**line, "text": "I'm a miner (really: saboteur)"},  # words the sender did not say
        {**line, "from": "s3cr3t" * 5},  # a seat token
        {**line, "hand": game.hands[1]},  # a hand
        {**line, "seat": 2},  # said by another seat than the one that said it
    ]
    for leaky in leaky_lines:
        assert leak_checks.find_leaks({"type": "talk", "line": leaky}, game, 0, secrets, said)


def test_a_message_that_is_not_a_view_holds_no_card_role_or_goal() -> None:
    game = Game.new(4, Options(), SEED)
    secrets = leak_checks.Secrets(SEED)
    welcome = {"type": "welcome", "table": "abc", "seat": 0}
    assert leak_checks.find_leaks(welcome, game, 0, secrets) == []
    found = leak_checks.find_leaks({**welcome, "seat": 1}, game, 0, secrets)
    assert [(leak.what, leak.path) for leak in found] == [
        ("a welcome to seat 0 naming another", ("seat",))
    ]
    error = {"type": "error", "error": {"code": "illegal_move", "card": game.hands[1][0]}}
    found = leak_checks.find_leaks(error, game, 0, secrets)
    assert [(leak.what, leak.path) for leak in found] == [
        ("a game value in a 'error' message", ("error", "card"))
    ]


SCENARIOS = settings(max_examples=12, deadline=None)


@SCENARIOS
@given(
    st.sampled_from([("base", n) for n in range(3, 11)] + [("saboteur2", n) for n in range(2, 13)]),
    st.integers(10**12, 2**63 - 1),  # the server's seeds are 63 random bits: no tiny ones
    st.integers(0, 120),
)
def test_every_clean_view_of_a_played_game_has_no_leak(
    table: tuple[str, int], seed: int, moves: int
) -> None:
    """No false alarm: at any position of any game, every seat's and a
    spectator's view as the server builds it passes the checker."""
    edition, players = table
    game = Game.new(players, Options(), seed, edition=edition)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    secrets = leak_checks.Secrets(seed)
    for viewer in [None, *range(players)]:
        message = clean_view(game, viewer, version(game))
        assert leak_checks.find_leaks(message, game, viewer, secrets) == [], viewer


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


# -- the leak audit fails loudly and survives dropped connections ------------------


def test_a_game_not_over_in_time_is_reported_and_fails_the_run() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / "audit_leaks.py"), "--games", "1", "--editions", "base",
         "--players", "3", "--game-timeout", "0.5", "--quiet"],
        capture_output=True, text=True, timeout=120, cwd=SCRIPTS.parent,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    found = [line for line in done.stdout.splitlines() if line.startswith("FOUND")]
    assert len(found) == 1, done.stdout
    assert found[0].startswith("FOUND game not over: game 1 (base, 3 players, table ")
    assert "not over within 0.5 s" in found[0]
    assert figure(done.stdout, "whole games") == "0   <-- FAILED"
    assert figure(done.stdout, "leaks") == "0"


def test_a_socket_the_server_closes_before_the_end_is_a_finding() -> None:
    """A server that sends one view of a game in play, then closes the socket."""

    async def one_view_then_close(socket: Any) -> None:
        await socket.recv()  # the hello
        view = {"type": "view", "version": 7, "table": {"status": "playing"}, "legal": []}
        await socket.send(json.dumps(view))
        await socket.close(1011, "gone")

    async def main() -> str:
        async with serve(one_view_then_close, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            where = SimpleNamespace(ws_url=f"ws://127.0.0.1:{port}")
            room = audit_leaks.Room(where, None, "abc", talk=False)  # type: ignore[arg-type]
            watcher = audit_leaks.Watcher("seat 1", 1, "token", random.Random(1))
            with pytest.raises(audit_leaks.SocketClosed) as closed:
                await audit_leaks.watch(room, watcher)
            return str(closed.value)

    text = asyncio.run(main())
    assert text.startswith("seat 1's socket closed at version 7, before the game's end: ")
    assert "1011" in text and "gone" in text


def test_a_refusal_on_the_socket_is_a_finding_unless_talk_may_get_it() -> None:
    watcher = audit_leaks.Watcher("seat 2", 2, "token", random.Random(1), version=12)
    too_fast = {"type": "error", "error": {"code": "talk_too_fast", "message": "slow down"}}
    audit_leaks.refusal(watcher, too_fast)  # no finding
    stale = {"type": "error", "error": {"code": "stale", "message": "the game has moved on"}}
    with pytest.raises(audit_leaks.Refused) as refused:
        audit_leaks.refusal(watcher, stale)
    assert str(refused.value) == "seat 2 was refused at version 12: stale: the game has moved on"


class Server:
    """Answers as the table's HTTP API would, behind connections that drop: each
    request in ``drops`` (counted from 1) is handled, then its answer lost."""

    def __init__(
        self, answers: Callable[[httpx.Request, int], httpx.Response], drops: Sequence[int] = ()
    ) -> None:
        self.answers = answers
        self.drops = set(drops)
        self.requests: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(f"{request.method} {request.url.path}")
        response = self.answers(request, len(self.requests))
        if len(self.requests) in self.drops:
            raise httpx.ReadError("the connection was closed")
        return response

    async def talk(self, work: Callable[[audit_http.AuditHttp], Any]) -> Any:
        transport = httpx.MockTransport(self)
        async with audit_http.AuditHttp("http://test", transport=transport) as http:
            return await work(http)


def refused(code: str, status: int = 409) -> httpx.Response:
    return httpx.Response(status, json={"error": {"code": code, "message": code}})


def view_after(*moves: str) -> httpx.Response:
    return httpx.Response(200, json={"version": len(moves), "observation": {"history": [moves]}})


def test_a_get_is_sent_again_after_a_dropped_connection() -> None:
    server = Server(lambda request, n: httpx.Response(200, json={"n": n}), drops=[1])

    async def work(http: audit_http.AuditHttp) -> tuple[Any, int]:
        response = await http.get("/api/tables/abc/view")
        return response.json(), http.resent

    assert asyncio.run(server.talk(work)) == ({"n": 2}, 1)
    assert server.requests == ["GET /api/tables/abc/view"] * 2


def test_a_new_table_is_never_sent_twice() -> None:
    server = Server(lambda request, n: httpx.Response(201, json={}), drops=[1])
    with pytest.raises(audit_http.HttpFailed, match="POST /api/tables: ReadError"):
        asyncio.run(server.talk(lambda http: http.post_once("/api/tables", {"name": "Ann"})))
    assert server.requests == ["POST /api/tables"]


def test_a_start_sent_again_finds_the_table_started() -> None:
    def answers(request: httpx.Request, n: int) -> httpx.Response:
        return httpx.Response(200, json={}) if n == 1 else refused("already_started")

    server = Server(answers, drops=[1])
    asyncio.run(server.talk(lambda http: http.start("abc", "token")))
    assert server.requests == ["POST /api/tables/abc/start"] * 2


def test_a_move_sent_again_and_refused_stale_is_played_if_the_view_shows_it() -> None:
    def answers(request: httpx.Request, n: int) -> httpx.Response:
        if request.method == "GET":
            return view_after("0 pass", "1 discard NES")
        return view_after("0 pass", "1 discard NES") if n == 1 else refused("stale")

    server = Server(answers, drops=[1])
    view = asyncio.run(server.talk(lambda http: http.move("abc", "token", "1 discard NES", 1)))
    assert view["version"] == 2
    moves = "POST /api/tables/abc/moves"
    assert server.requests == [moves, moves, "GET /api/tables/abc/view"]


def test_a_move_refused_stale_is_a_finding_unless_the_view_shows_it() -> None:
    def answers(request: httpx.Request, n: int) -> httpx.Response:
        if request.method == "GET":
            return view_after("0 pass", "1 pass")  # another move than the one sent
        return refused("stale")

    lost = Server(answers, drops=[1])
    with pytest.raises(audit_http.HttpFailed, match="sent 2 times, refused and not played"):
        asyncio.run(lost.talk(lambda http: http.move("abc", "token", "1 discard NES", 1)))
    never_dropped = Server(answers)  # a stale refusal of a move sent once is a finding too
    with pytest.raises(audit_http.HttpFailed, match="answered 409"):
        asyncio.run(never_dropped.talk(lambda http: http.move("abc", "token", "1 discard NES", 1)))
    assert never_dropped.requests == ["POST /api/tables/abc/moves"]
