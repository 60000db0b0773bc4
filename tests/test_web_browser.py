"""The browser client, end to end: Debian's Chromium (headless, driven by Playwright)
against a real ``saboteur serve``.

Two people in two browser contexts (one on a laptop with a mouse, one on a phone
with a touch screen) and a bot play a whole game of three rounds by clicking and
tapping; one page is reloaded mid-round, the server is restarted between rounds,
and both carry on. A spectator watches. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import (
    CHROMIUM,
    STEP_MS,
    Chooser,
    Server,
    get_json,
    hand_on_page,
    laptop_page,
    launch_chromium,
    page_state,
    phone_page,
    play_by_clicking,
    post_json,
    running_server,
    screenshot,
)
from playwright.sync_api import Browser, Page, sync_playwright

from pysaboteur.rules import game_from_record

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

#: Generous: a whole game takes well under a minute of clicking.
GAME_TIMEOUT_S = 400


def test_two_people_and_a_bot_play_a_whole_game_in_the_browser(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        ana = laptop_page(browser)
        bo = phone_page(browser)
        table = _create_join_and_start(server.base, ana, bo)
        _cards_have_text_labels(ana)
        _spectator_sees_the_public_view(browser, server.base, table)

        # Seat 0 is Ana's, seat 1 Bo's, seat 2 the bot's.
        people = {0: ana, 1: bo}
        touch = {0: False, 1: True}
        choosers = {0: Chooser(seed=1), 1: Chooser(seed=2)}
        played: dict[int, list[str]] = {0: [], 1: []}
        round_ends = 0
        reloaded = restarted = False
        shots: set[str] = set()
        deadline = time.monotonic() + GAME_TIMEOUT_S
        while True:
            assert time.monotonic() < deadline, "the game did not end in time"
            states = {seat: page_state(page) for seat, page in people.items()}
            for seat, state in states.items():
                if state["dialog"]:
                    round_ends += 1
                    _shoot_once(people[seat], "round-end", shots)
                    people[seat].get_by_test_id("round-end-continue").click()
            if all(state["phase"] == "over" for state in states.values()):
                break
            if round_ends == 2 and not restarted:
                restarted = True  # both saw round 1 end: restart the server under them
                _restart_and_check(server, table, people)
                continue
            bo_to_play = states[1]["myTurn"] == "yes" and states[1]["phase"] == "play"
            if not reloaded and len(played[1]) >= 8 and bo_to_play and not states[1]["dialog"]:
                # Mid-round, on Bo's turn: nothing moves on while the page reloads.
                reloaded = True
                _reload_and_check(bo)
                continue
            for seat, state in states.items():
                if state["dialog"] or state["myTurn"] != "yes":
                    continue
                page = people[seat]
                move = choosers[seat].choose(state["observation"], state["legal"])
                if move["kind"] == "take":
                    _shoot_once(page, f"gold-pick-{seat}", shots)
                play_by_clicking(page, move, touch=touch[seat])
                played[seat].append(move["text"])
                if len(played[0]) == 6 and seat == 0:
                    _shoot_once(ana, "mid-round", shots)
                    _shoot_once(bo, "mid-round-phone", shots)
            time.sleep(0.02)
        assert reloaded and restarted
        assert round_ends == 2 * 3  # each person saw each round end

        # Both people see the game's end: nuggets and winners, as in the record.
        record = get_json(f"{server.base}/api/tables/{table}/record")
        game = game_from_record(record)
        assert game.is_over
        for page in people.values():
            assert page.get_by_test_id("game-end").is_visible()
            shown = [page.get_by_test_id(f"nuggets-{seat}").inner_text() for seat in range(3)]
            assert [int(text) for text in shown] == game.nuggets
        screenshot(ana, "game-end", full_page=True)
        screenshot(bo, "game-end-phone", full_page=True)

        # Every move a person made by clicking is in the record, in order, and no other.
        for seat in people:
            in_record = [
                text for moves in record["rounds"] for text in moves["moves"]
                if text.startswith(f"{seat} ")
            ]  # fmt: skip
            assert in_record == played[seat]
        kinds = {move.split()[1].split("-")[0] for moves in played.values() for move in moves}
        assert {"place", "discard"} <= kinds

        _replay_steps_through(ana, sum(len(moves["moves"]) for moves in record["rounds"]))
        browser.close()


def test_a_person_whose_clock_runs_out_is_played_for_until_back(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        # The shortest clock the server allows; bots (and the bot playing for Ana while
        # she is away) wait a second a move, so no round ends before she is back.
        created = post_json(
            f"{server.base}/api/tables",
            {"name": "Ana", "players": 3, "bots": "random", "clock": 10, "bot_pause": 1},
        )
        table = created["table"]
        browser = launch_chromium(pw)
        page = laptop_page(browser)
        page.goto(server.base + "/")
        page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{created['token']}')")
        page.goto(f"{server.base}/t/{table}")
        page.get_by_test_id("start").click()
        page.wait_for_function("() => document.body.dataset.myTurn === 'yes'", timeout=STEP_MS)
        page.locator(".seat.me .countdown").wait_for()

        page.get_by_test_id("back").wait_for(timeout=20_000)  # the clock ran out
        assert get_json(f"{server.base}/api/tables/{table}")["seats"][0]["away"]
        screenshot(page, "away")
        page.get_by_test_id("back").click()
        page.get_by_test_id("back").wait_for(state="detached")
        assert not get_json(f"{server.base}/api/tables/{table}")["seats"][0]["away"]
        browser.close()


def _create_join_and_start(base: str, ana: Page, bo: Page) -> str:
    """Ana creates a 3-seat table with a random bot, Bo joins by the invite link, Ana starts."""
    ana.goto(base + "/")
    ana.get_by_test_id("create-name").fill("Ana")
    ana.get_by_test_id("create-players").select_option("3")
    ana.get_by_test_id("create-bots").select_option("random")
    ana.get_by_test_id("create").click()
    ana.get_by_test_id("lobby-room").wait_for()
    invite = ana.get_by_test_id("invite-link").input_value()
    table = invite.rsplit("/t/", 1)[1]
    token = ana.evaluate(f"localStorage.getItem('pysaboteur.token.{table}')")
    assert len(token) == 32 and token not in ana.url  # kept in the browser, never in a URL

    bo.goto(invite)
    bo.get_by_test_id("join-name").fill("Bo")
    bo.get_by_test_id("join").tap()
    bo.get_by_test_id("lobby-room").wait_for()
    ana.get_by_test_id("lobby-seat-1").get_by_text("Bo").wait_for()
    screenshot(ana, "lobby")
    ana.get_by_test_id("start").click()
    for page in (ana, bo):
        page.locator("#game").wait_for()
    return table


def _spectator_sees_the_public_view(browser: Browser, base: str, table: str) -> None:
    page = laptop_page(browser)
    page.goto(f"{base}/t/{table}")
    page.get_by_test_id("watch").click()
    page.locator("#game").wait_for()
    assert page.get_by_text("watching", exact=True).is_visible()
    assert page.locator('[data-testid^="hand-card-"]').count() == 0
    assert page.locator(".maze-card").count() >= 4  # the start and three goals at least
    page.context.close()


SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
TOOL_WORDS = {"break": "broken", "fix": "repair"}


def _label(code: str) -> str:
    """The text label a card in the hand must carry, for screen readers."""
    if code in ("map", "rockfall"):
        return {"map": "action card: map, look at one goal card",
                "rockfall": "action card: rockfall, remove one tunnel card"}[code]  # fmt: skip
    kind, _, tools = code.partition("-")
    if kind in TOOL_WORDS:
        return f"action card: {TOOL_WORDS[kind]} {tools.replace('-', ' or ')}"
    sides = ", ".join(SIDE_WORDS[side] for side in code.removeprefix("x"))
    return f"path card: open {sides}" + ("; dead end" if code.startswith("x") else "")


def _cards_have_text_labels(page: Page) -> None:
    """Every card says what it is in words: the hand's cards and the start."""
    page.wait_for_function("() => window.saboteurView && window.saboteurView.observation")
    hand = hand_on_page(page)
    labels = page.locator('[data-testid^="hand-card-"]').evaluate_all(
        "nodes => nodes.map(node => node.getAttribute('aria-label'))"
    )
    assert [label.split("; it can only")[0] for label in labels] == [_label(code) for code in hand]
    start = "0,0: start card: the ladder, open north, east, south, west"
    assert page.locator(f'.maze-card[aria-label="{start}"]').count() == 1


def _reload_and_check(page: Page) -> None:
    """Reload mid-round: the seat comes back with its full view, the same hand, its turn."""
    before = page_state(page)
    hand = hand_on_page(page)
    page.reload()
    page.locator("#game").wait_for()
    page.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
    after = page_state(page)
    assert (after["seat"], after["version"]) == (before["seat"], before["version"])
    assert hand_on_page(page) == hand


def _restart_and_check(server: Server, table: str, people: dict[int, Page]) -> None:
    """Restart the server: each page notices, reconnects by itself, and is up to date."""
    welcomed = {seat: int(page_state(page)["welcomes"]) for seat, page in people.items()}
    server.restart()
    version = get_json(f"{server.base}/api/tables/{table}")["version"]
    for seat, page in people.items():
        page.wait_for_function(
            """([welcomed, version]) => Number(document.body.dataset.welcomes) > welcomed
                                        && Number(document.body.dataset.version) >= version""",
            arg=[welcomed[seat], version],
            timeout=30_000,
        )


def _replay_steps_through(page: Page, total: int) -> None:
    page.get_by_test_id("replay-link").click()
    page.get_by_test_id("replay-move").get_by_text("The deal").wait_for()
    page.get_by_test_id("replay-forward").click()
    page.wait_for_function("() => document.body.dataset.n === '1'")
    assert page.get_by_test_id("replay-move").inner_text().startswith(f"Move 1 of {total}: ")
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.body.dataset.n === '{total}'")
    screenshot(page, "replay")


def _shoot_once(page: Page, name: str, shots: set[str]) -> None:
    if name not in shots:
        shots.add(name)
        screenshot(page, name)
