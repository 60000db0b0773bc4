"""The browser client plays Saboteur 2, end to end: Debian's Chromium (headless,
driven by Playwright) against a real ``saboteur serve``.

Two people (a laptop with a mouse, a phone with a touch screen) and two bots
play a whole game of three rounds by clicking and tapping every kind of move
that comes up (thefts, traps, swaps, inspections, new hats, discards of several
cards, clears, steals); one person plays a whole game at a table of twelve.
The phone's layout is checked on the way. Screenshots go to ``test-artifacts/``
(``saboteur2-*``; docs/web-client.md shows three of them).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import (
    CHROMIUM,
    Chooser,
    get_json,
    laptop_page,
    launch_chromium,
    page_state,
    phone_page,
    play_by_clicking,
    running_server,
    screenshot,
)
from playwright.sync_api import Page, sync_playwright

from pysaboteur.rules import game_from_record

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

GAME_TIMEOUT_S = 400
#: Saboteur 2's moves besides placing, breaking, mending, rockfalls, maps and discards.
NEW_KINDS = {
    "theft", "hands-off", "swap-hand", "inspection", "swap-hats", "trapped", "free-at-last",
    "clear", "steal", "discard several",
}  # fmt: skip


def test_two_people_and_two_bots_play_saboteur2_in_the_browser(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        ana = laptop_page(browser)
        bo = phone_page(browser)
        table = _create(server.base, ana, players=4)
        bo.goto(f"{server.base}/t/{table}")
        bo.get_by_test_id("join-name").fill("Bo")
        bo.get_by_test_id("join").tap()
        bo.get_by_test_id("lobby-room").wait_for()
        room = bo.get_by_test_id("lobby-room")
        assert "Saboteur 2" in room.get_by_test_id("settings-edition").inner_text()
        ana.get_by_test_id("lobby-seat-1").get_by_text("Bo").wait_for()
        ana.get_by_test_id("start").click()
        for page in (ana, bo):
            page.locator("#game").wait_for()
        facts = get_json(f"{server.base}/api/tables/{table}")
        assert facts["edition"] == "saboteur2" and facts["bots"] == "random"

        people = {0: ana, 1: bo}
        touch = {0: False, 1: True}
        # Half the time a kind of move not played yet: every new control gets pressed.
        choosers = {0: Chooser(seed=11, fresh=0.5), 1: Chooser(seed=12, fresh=0.5)}
        played = _play_out(people, touch, choosers, shots=True)

        record = get_json(f"{server.base}/api/tables/{table}/record")
        assert record["edition"] == "saboteur2"
        game = game_from_record(record)
        assert game.is_over and game.edition.name == "saboteur2"
        for page in people.values():
            assert page.get_by_test_id("game-end").is_visible()
            shown = [int(page.get_by_test_id(f"nuggets-{seat}").inner_text()) for seat in range(4)]
            assert shown == game.nuggets  # the gold pieces of the game
        screenshot(ana, "saboteur2-game-end", full_page=True)
        for seat in people:
            in_record = [
                text for moves in record["rounds"] for text in moves["moves"]
                if text.startswith(f"{seat} ")
            ]  # fmt: skip
            assert in_record == [move["text"] for move in played[seat]]
        kinds = {_kind(move) for moves in played.values() for move in moves}
        assert "place" in kinds
        assert len(kinds & NEW_KINDS) >= 3, kinds  # clicked, not only seen

        # The replay of a Saboteur 2 game steps through it, gold pieces on the seats.
        ana.get_by_test_id("replay-link").click()
        ana.get_by_test_id("replay-move").get_by_text("The deal").wait_for()
        ana.keyboard.press("End")
        total = sum(len(moves["moves"]) for moves in record["rounds"])
        ana.wait_for_function(f"() => document.body.dataset.n === '{total}'")
        # The gold pieces once on each seat's panel (they were also a second line).
        first_seat = ana.get_by_test_id("seat-0")
        assert first_seat.inner_text().count("gold piece") == 1
        assert "gold piece" not in ana.locator(".replay-seat").first.inner_text()
        screenshot(ana, "saboteur2-replay")
        browser.close()


def test_one_person_plays_saboteur2_at_twelve_seats(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        ana = laptop_page(browser)
        _create(server.base, ana, players=12)
        assert ana.locator('[data-testid^="lobby-seat-"]').count() == 12
        ana.get_by_test_id("start").click()
        ana.locator("#game").wait_for()
        assert ana.locator('[data-testid^="seat-"]').count() == 12
        played = _play_out({0: ana}, {0: False}, {0: Chooser(seed=21, fresh=0.5)}, shots=False)
        assert played[0]
        assert ana.get_by_test_id("game-end").is_visible()
        screenshot(ana, "saboteur2-twelve-game-end", full_page=True)
        browser.close()


def _create(base: str, page: Page, players: int) -> str:
    """Create a Saboteur 2 table from the front page's form; its id."""
    page.goto(base + "/")
    page.get_by_test_id("create-name").fill("Ana")
    page.get_by_test_id("create-edition").select_option("saboteur2")
    # The seats offered follow the edition: 2 to 12 for Saboteur 2.
    offered = page.get_by_test_id("create-players").locator("option").all_inner_texts()
    assert offered[0] == "2 players" and offered[-1] == "12 players"
    assert page.locator("#gold-draw-options").is_hidden()
    page.get_by_test_id("create-players").select_option(str(players))
    page.get_by_test_id("create-bots").select_option("random")
    page.get_by_test_id("create").click()
    page.get_by_test_id("lobby-room").wait_for()
    invite = page.get_by_test_id("invite-link").input_value()
    return invite.rsplit("/t/", 1)[1]


def _play_out(
    people: dict[int, Page], touch: dict[int, bool], choosers: dict[int, Chooser], *, shots: bool
) -> dict[int, list[dict[str, Any]]]:
    """Play by clicking until the game is over; every move each person played."""
    played: dict[int, list[dict[str, Any]]] = {seat: [] for seat in people}
    taken: set[str] = set()
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        states = {seat: page_state(page) for seat, page in people.items()}
        for seat, state in states.items():
            if state["dialog"]:
                if shots and seat == 0:
                    _round_end_checks(people[seat], state, taken)
                people[seat].get_by_test_id("round-end-continue").click()
        if all(state["phase"] == "over" for state in states.values()):
            return played
        for seat, state in states.items():
            if state["dialog"] or state["myTurn"] != "yes":
                continue
            page = people[seat]
            move = choosers[seat].choose(state["observation"], state["legal"])
            shoot = None
            if shots and seat == 0 and "table" not in taken and _good_table_shot(state, move):
                taken.add("table")
                shoot = lambda page=page: _clean_shot(page, "saboteur2-table")  # noqa: E731
            if shots and seat == 1 and "phone" not in taken and len(played[1]) >= 6:
                taken.add("phone")
                _phone_checks(page)
            play_by_clicking(page, move, touch=touch[seat], before_last_press=shoot)
            played[seat].append(move)
        time.sleep(0.02)


def _good_table_shot(state: dict[str, Any], move: dict[str, Any]) -> bool:
    """A placement with a few Saboteur 2 cards in the maze already: the docs' picture."""
    if move["kind"] != "place":
        return False
    maze = state["observation"]["maze"]
    new = [card for card in maze if "+" in card["shape"] or "/" in card["shape"]]
    return len(maze) >= 9 and len(new) >= 2


def _phone_checks(page: Page) -> None:
    """On a 390 px phone the Saboteur 2 table fits its width, and its controls are big enough."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    sizes = page.locator('[data-testid^="hand-card-"]').evaluate_all(
        "nodes => nodes.map(node => [node.offsetWidth, node.offsetHeight])"
    )
    assert sizes and all(w >= 40 and h >= 40 for w, h in sizes), sizes
    for seat in range(4):
        assert "gold piece" in page.get_by_test_id(f"gold-pieces-{seat}").inner_text()
    assert page.get_by_test_id("my-role").inner_text().startswith("You are a")
    page.evaluate("window.scrollTo(0, 0)")  # the banner and the seats; the hand stays at the bottom
    _clean_shot(page, "saboteur2-phone")


def _round_end_checks(page: Page, state: dict[str, Any], taken: set[str]) -> None:
    """The round-end dialog names every dwarf card, the winners and each seat's gold."""
    summary = state["observation"]["rounds"][-1]
    dialog = page.get_by_test_id("round-end")
    winners = dialog.get_by_test_id("round-winners").inner_text()
    if summary["winners"]:
        assert winners.startswith("Winners this round: "), winners
    else:
        assert winners == "Nobody wins this round."
    for seat, gold in enumerate(summary["gold"]):
        assert page.get_by_test_id(f"round-gold-{seat}").inner_text() == f"+{gold}"
    thefts = dialog.get_by_test_id("thefts").inner_text()
    assert (len(summary["thefts"]) == 0) == (thefts == "No thefts this round.")
    if summary["gold_reached"]:
        assert page.get_by_test_id("open-to").is_visible()
    name = "round-end" if "round-end" not in taken else f"round-end-{len(taken)}"
    taken.add(name)
    _clean_shot(page, f"saboteur2-{name}")


def _clean_shot(page: Page, name: str) -> None:
    """A screenshot without the notices that come and go over the page's top."""
    page.evaluate("document.querySelectorAll('#messages .message').forEach(node => node.remove())")
    screenshot(page, name)


def _kind(move: dict[str, Any]) -> str:
    if move["kind"] == "discard" and len(move["cards"]) > 1:
        return "discard several"
    kind: str = move["kind"]
    return kind
