"""Table talk in the browser, in Debian's Chromium (headless, driven by Playwright)
against a server in this process: two people talk at a table (a laptop and a
phone), a line of HTML shows as text, a claim shows as a sentence with its note,
the host keeps spectators out, and the replay shows the lines at their moments."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, screenshot
from playwright.sync_api import Page
from server_helpers import play_to_the_end

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

from test_web_browser_fixes import context_of, open_seat, server_and_browser, start_as_host

#: A line that would run a script if a page ever took a line for HTML.
HOSTILE = '<img src=x onerror="window.talkPwned = 1"><b>bold</b>'


def say(page: Page, text: str) -> None:
    page.get_by_test_id("talk-input").fill(text)
    page.get_by_test_id("talk-send").click()


def line_texts(page: Page) -> list[str]:
    texts: list[str] = page.get_by_test_id("talk-text").all_inner_texts()
    return texts


def wait_for_line(page: Page, n: int) -> Any:
    line = page.get_by_test_id(f"talk-line-{n}")
    line.wait_for()
    return line


def boxes_overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_two_browsers_talk_at_a_table(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=3, bots="random", spectators=True)
        table = created["table"]
        bo_token = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
        ana = open_seat(context_of(browser, 1280, 800), server, table, created["token"])
        bo = open_seat(context_of(browser, 390, 844, touch=True), server, table, bo_token)

        # The lobby: Ana (laptop, the panel open) says hello; Bo (phone) sees it counted
        # on the folded bar, opens it and reads it.
        ana.get_by_test_id("talk-input").wait_for()
        say(ana, "  Hello Bo, Καλημέρα!  ")
        assert wait_for_line(ana, 1).get_by_test_id("talk-text").inner_text() == (
            "Hello Bo, Καλημέρα!"
        )
        assert bo.get_by_test_id("talk-input").is_hidden()
        bo.get_by_test_id("talk-unread").wait_for()
        assert bo.get_by_test_id("talk-unread").inner_text() == "1 new"
        screenshot(bo, "talk-phone-folded")
        bo.get_by_test_id("talk-toggle").tap()
        assert bo.get_by_test_id("talk-unread").count() == 0
        assert line_texts(bo) == ["Hello Bo, Καλημέρα!"]
        assert "Ana" in bo.get_by_test_id("talk-line-1").inner_text()

        # A line of HTML is shown as the text it is, and runs nothing.
        bo.get_by_test_id("talk-input").fill(HOSTILE)
        assert bo.get_by_test_id("talk-counter").inner_text() == f"{len(HOSTILE)}/300"
        bo.get_by_test_id("talk-send").tap()
        for page in (ana, bo):
            line = wait_for_line(page, 2)
            assert line.get_by_test_id("talk-text").inner_text() == HOSTILE
            assert page.locator("[data-testid=talk] img, [data-testid=talk] b").count() == 0
            assert page.evaluate("window.talkPwned") is None
        assert bo.get_by_test_id("talk-input").input_value() == ""

        # Too long a line: the counter says so and Send waits.
        ana.get_by_test_id("talk-input").fill("é" * 301)
        assert ana.get_by_test_id("talk-counter").inner_text() == "301/300"
        assert ana.get_by_test_id("talk-send").is_disabled()
        ana.get_by_test_id("talk-input").fill("")

        # In the game: the panel sits beside the log on the laptop; on the phone it
        # covers neither the maze nor the hand.
        start_as_host(ana)
        bo.locator("#game").wait_for()
        ana.locator(".side [data-testid=talk]").wait_for()
        talk_box = bo.get_by_test_id("talk").bounding_box()
        for where in ('[data-testid="maze"]', "#hand-area"):
            assert not boxes_overlap(talk_box, bo.locator(where).bounding_box()), where

        # A claim in two taps: the sentence, marked as a claim, with the note.
        ana.get_by_test_id("talk-claims").click()
        ana.get_by_test_id("claim-goal").select_option("8,0")
        ana.get_by_test_id("claim-stone").click()
        claim = wait_for_line(bo, 3)
        assert claim.get_by_test_id("talk-text").inner_text() == "I mapped the goal at 8,0: stone."
        assert claim.get_by_test_id("claim-mark").inner_text() == "claim"
        note = bo.get_by_test_id("talk-note").inner_text()
        assert note == "Claims are talk, not facts: nobody checks them, and anyone may lie."
        ana.get_by_test_id("claim-target").select_option("1")
        ana.get_by_test_id("claim-accuse").click()
        assert wait_for_line(bo, 4).get_by_test_id("talk-text").inner_text() == (
            "Bo is a saboteur."
        )
        bo.get_by_test_id("talk-claims").tap()
        roles = bo.locator('[data-testid^="claim-role-"]').all_inner_texts()
        assert roles == ["I am a gold-miner.", "I am a saboteur."]
        screenshot(ana, "talk-laptop")
        screenshot(bo, "talk-phone", full_page=True)

        # A spectator: its line is marked; then the host keeps spectators out.
        watcher = context_of(browser, 1280, 800).new_page()
        watcher.goto(f"{server.url}t/{table}")
        watcher.get_by_test_id("watch").click()
        watcher.get_by_test_id("talk-input").wait_for()
        assert line_texts(watcher)[:2] == ["Hello Bo, Καλημέρα!", HOSTILE]
        say(watcher, "go miners")
        line = wait_for_line(ana, 5)
        assert line.get_by_test_id("spectator-mark").inner_text() == "spectator"
        assert "Spectator" in line.inner_text()
        ana.get_by_test_id("talk-spectators-toggle").uncheck()
        watcher.get_by_test_id("talk-closed").wait_for()
        assert watcher.get_by_test_id("talk-input").is_disabled()
        assert bo.get_by_test_id("talk-spectators-toggle").count() == 0  # the host's alone
        say(ana, "spectators still read this")
        wait_for_line(watcher, 6)
        screenshot(watcher, "talk-spectator-closed")


def test_the_replay_shows_the_talk_at_its_moments(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=3, bots="random")
        table, host = created["table"], created["token"]
        ana = server.socket(table, host)
        ana.send({"type": "say", "text": "good luck"})
        ana.send({"type": "start"})
        rng = random.Random(3)
        last = play_to_the_end({0: ana}, lambda seat, view: rng.choice(view["legal"])["text"])
        ana.send({"type": "say", "text": HOSTILE})
        ana.until(lambda m: m["type"] == "talk" and m["line"]["n"] == 2)
        total = last["version"]

        page = context_of(browser, 1280, 800).new_page()
        page.goto(f"{server.url}replay/{table}")
        page.wait_for_function("() => document.body.dataset.n === '0'")
        wait_for_line(page, 1)
        assert line_texts(page) == ["good luck"]
        assert "said at this move" in page.get_by_test_id("talk-line-1").inner_text()
        page.get_by_test_id("replay-last").click()
        page.wait_for_function(f"() => document.body.dataset.n === '{total}'")
        wait_for_line(page, 2)
        assert line_texts(page) == ["good luck", HOSTILE]
        assert "before the first move" in page.get_by_test_id("talk-line-1").inner_text()
        assert page.locator("[data-testid=talk] img").count() == 0
        assert page.evaluate("window.talkPwned") is None
        screenshot(page, "talk-replay")


def test_the_create_form_can_keep_spectators_out_of_the_talk(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        page = context_of(browser, 1280, 800).new_page()
        page.goto(server.url)
        page.get_by_test_id("create-players").locator("option").first.wait_for(state="attached")
        assert page.get_by_test_id("create-spectators-talk").is_checked()  # talk is open
        page.get_by_test_id("create-name").fill("Ana")
        page.get_by_test_id("create-spectators-talk").uncheck()
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-room").wait_for()
        table = page.get_by_test_id("invite-link").input_value().rsplit("/t/", 1)[1]
        facts = server.facts(table)
        assert facts["spectators"] is True and facts["spectators_talk"] is False
