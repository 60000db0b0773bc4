"""Helpers for the browser tests: a real server in a subprocess, Debian's Chromium
driven by Playwright, and moves played by clicking (or tapping) through the table page.

Playwright never downloads a browser here: it drives ``/usr/bin/chromium``, which
``scripts/test`` installs from Debian's packages.
"""

from __future__ import annotations

import json
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from playwright.sync_api import Browser, Locator, Page, Playwright

from pysaboteur.bots import make_bot
from pysaboteur.rules import Move, Observation

#: One of a view's legal moves as the page holds it: the fields of ``Move.view``.
LegalMove = dict[str, Any]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
#: How long one step in the page (a click answered, a view arriving) may take.
STEP_MS = 15_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``saboteur serve`` in a subprocess on a fixed port with its own SQLite file.

    ``restart`` stops it and starts it again on the same port and database, the way
    a deployment restarts: open pages lose their connection and must find it again.
    """

    def __init__(self, database: Path, bot_pause: float = 0.0) -> None:
        self.database = database
        self.bot_pause = bot_pause
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = database.with_suffix(".log")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            sys.executable, "-m", "pysaboteur.cli", "serve", "--port", str(self.port),
            "--database", str(self.database), "--bot-pause", str(self.bot_pause),
        ]  # fmt: skip
        with self.log.open("a") as output:
            self.process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.log.read_text()}")
            try:
                with urllib.request.urlopen(self.base + "/api/bots", timeout=1):
                    return
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within 30 s:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@contextmanager
def running_server(database: Path, bot_pause: float = 0.0) -> Iterator[Server]:
    """A started :class:`Server`, stopped at the end."""
    server = Server(database, bot_pause)
    try:
        server.start()
        yield server
    finally:
        server.stop()


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


def post_json(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def launch_chromium(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def laptop_page(browser: Browser) -> Page:
    """A page in a fresh context (its own storage) on a laptop-sized screen with a mouse."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(STEP_MS)
    return page


def phone_page(browser: Browser) -> Page:
    """A page in a fresh context on a phone-sized touch screen."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    return page


def set_switch(page: Page, test_id: str, on: bool) -> None:
    """Turn a switch of the page's settings menu on or off, opening the menu for it
    and closing it again (open, it lies over the page)."""
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id(test_id).set_checked(on)
    page.get_by_test_id("settings-open").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=settings-menu]').open")


def screenshot(page: Page, name: str, *, full_page: bool = False) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def page_state(page: Page) -> dict[str, Any]:
    """What the page says of itself on ``<body data-…>`` plus its latest legal moves."""
    state: dict[str, Any] = page.evaluate(
        """() => ({...document.body.dataset,
                   legal: window.saboteurView ? window.saboteurView.legal : [],
                   observation: window.saboteurView ? window.saboteurView.observation : null,
                   dialog: Boolean(document.querySelector('#round-end-dialog[open]'))})"""
    )
    return state


def hand_on_page(page: Page) -> list[str]:
    cards: list[str] = page.locator('[data-testid^="hand-card-"]').evaluate_all(
        "nodes => nodes.map(node => node.dataset.card)"
    )
    return cards


def press(locator: Locator, touch: bool) -> None:
    """Tap on a touch screen, click with a mouse."""
    if touch:
        locator.tap(timeout=STEP_MS)
    else:
        locator.click(timeout=STEP_MS)


#: Saboteur 2's cards aimed at a seat: each has a button in that seat's panel.
SEAT_KINDS = ("hands-off", "swap-hand", "inspection", "swap-hats", "trapped", "free-at-last")


def play_by_clicking(
    page: Page,
    move: LegalMove,
    *,
    touch: bool = False,
    before_last_press: Callable[[], None] | None = None,
) -> None:
    """Play ``move`` (one of the page's legal moves) the way a person would:
    choose the hand card, turn it if the move needs it turned, then choose the
    cell, the seat's button or Discard. Returns once the server accepted it.
    Saboteur 2's moves of several cards choose each card in the hand after
    *Discard more cards…*; a thief's steal presses the victim's button.
    ``before_last_press`` runs just before the press that sends the move (for
    screenshots of a choice being made).

    The hand card and how it lies come from the move's own fields (``cards``,
    ``face``), as the page reads them: no card geometry here either."""
    version = int(page.evaluate("document.body.dataset.version"))
    kind, text = move["kind"], move["text"]
    last: Locator
    if kind == "take":
        value = move["value"]
        last = page.locator(f'[data-testid^="gold-take-"][data-value="{value}"]').first
    elif kind == "pass":
        last = page.get_by_test_id("pass")
    elif kind == "steal":
        last = page.get_by_test_id(f"steal-{move['target']}")
    elif kind == "bribe":  # the Duel: a button above the hand, no card played
        last = page.get_by_test_id(f"bribe-{move['x']},{move['y']}")
    else:
        printed = move["cards"][0]
        press(page.locator(f'[data-testid^="hand-card-"][data-card="{printed}"]').first, touch)
        if kind == "place":
            turn = page.get_by_test_id("turn-card")
            turned = turn.count() > 0 and turn.get_attribute("aria-pressed") == "true"
            if turned != (move["face"] != printed):
                press(turn, touch)
        if kind in ("place", "rockfall", "map", "key"):
            last = page.get_by_test_id(f"cell-{move['x']},{move['y']}")
        elif kind in ("break", "fix"):
            last = page.get_by_test_id(f"target-{move['target']}-{move['tool']}")
        elif kind in SEAT_KINDS:
            last = page.get_by_test_id(f"target-{move['target']}-{kind}")
        elif kind == "theft":
            last = page.get_by_test_id("play-card")
        elif kind == "clear" or len(move["cards"]) > 1:
            press(page.get_by_test_id("discard-several"), touch)
            for card in move["cards"][1:]:
                unchosen = f'[data-testid^="hand-card-"][data-card="{card}"][aria-pressed="false"]'
                press(page.locator(unchosen).first, touch)
            chosen = page.locator('[data-testid^="hand-card-"][aria-pressed="true"]').evaluate_all(
                "nodes => nodes.map(node => node.dataset.card)"
            )
            assert sorted(chosen) == sorted(move["cards"]), (chosen, move)
            testid = f"clear-{move['front']}" if kind == "clear" else "discard-chosen"
            last = page.get_by_test_id(testid)
        else:
            last = page.get_by_test_id("discard")
    if before_last_press is not None:
        before_last_press()
    press(last, touch)
    page.wait_for_function(
        """version => Number(document.body.dataset.version) > version
                      || document.querySelector('[data-testid="message-error"]')""",
        arg=version,
        timeout=STEP_MS,
    )
    errors = page.get_by_test_id("message-error")
    assert errors.count() == 0, f"the server refused {text!r}: {errors.first.inner_text()}"


class Chooser:
    """Picks the next move for a person in the test: mostly what the heuristic bot
    would play (so miners often reach the gold and gold is picked), and now and then
    a kind of move not played yet (a turned card, a map, a discard, …), so that
    every control of the page gets used."""

    def __init__(self, seed: int, fresh: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.fresh = fresh
        self.bot = make_bot("heuristic", seed)
        self.tried: set[str] = set()

    def choose(self, observation: dict[str, Any], legal: list[LegalMove]) -> LegalMove:
        """One of ``legal`` (the page's legal moves)."""
        fresh = [move for move in legal if _kind(move) not in self.tried]
        if fresh and self.rng.random() < self.fresh:
            chosen = self.rng.choice(fresh)
        else:
            # The bot chooses among engine moves: read them back from their texts.
            moves = [Move.parse(move["text"]) for move in legal]
            seen = cast(Observation, observation)  # the page's JSON of the seat's observation
            chosen = legal[moves.index(self.bot.choose(seen, moves))]
        self.tried.add(_kind(chosen))
        return chosen


def play_my_turns(
    page: Page,
    chooser: Chooser,
    *,
    timeout_s: float,
    turns: int | None = None,
    look: Callable[[str], None] = lambda where: None,
    before_move: Callable[[int], None] = lambda played: None,
) -> int:
    """Play the page's seat by clicking until the game is over (or ``turns`` moves
    are made), closing round-end dialogs; the moves played.  ``look(where)`` runs at
    each step a test may check the page: "a round-end dialog", "my turn",
    "choosing a card" (before the press that sends a move) and, once, "waiting"
    (another seat to move); ``before_move(played)`` runs before each move."""
    played, waited = 0, False
    deadline = time.monotonic() + timeout_s
    while turns is None or played < turns:
        assert time.monotonic() < deadline, "the game did not go on in time"
        state = page_state(page)
        if state["dialog"]:
            look("a round-end dialog")
            page.get_by_test_id("round-end-continue").click()
            continue
        if state["phase"] == "over":
            break
        if state["myTurn"] != "yes":
            if state["phase"] == "play" and not waited:
                look("waiting")
                waited = True
            time.sleep(0.05)
            continue
        look("my turn")
        before_move(played)
        move = chooser.choose(state["observation"], state["legal"])
        play_by_clicking(page, move, before_last_press=lambda: look("choosing a card"))
        played += 1
    return played


def _kind(move: LegalMove) -> str:
    """The move's kind, telling a turned placement (lying unlike its printed card)
    from an upright one."""
    if move["kind"] == "place":
        return "place turned" if move["face"] != move["cards"][0] else "place"
    if move["kind"] == "discard" and len(move["cards"]) > 1:
        return "discard several"
    kind: str = move["kind"]
    return kind
