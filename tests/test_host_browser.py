"""The host keeping the game going, in the browser: Debian's Chromium (headless,
driven by Playwright) against a server in this process whose clock the test moves.

- In the lobby the host removes a person: that person's page says so and offers
  to join again, and joining again works.
- A person who closed the tab is played by the bot once the table's setting has
  passed; everyone's page shows the seat as played by a bot and the log marks the
  bot's moves for that person. The host hands another person's seat to a bot, and
  that person takes it back with *I'm back*. Her page says the host handed the
  seat over (it said her time ran out, at a table without a clock), and her seat
  panel keeps her name (it was squeezed to nothing by its badges on a phone).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, laptop_page, launch_chromium, phone_page, screenshot
from playwright.sync_api import Browser, Page, sync_playwright
from server_helpers import FakeClock, Server, running_server

from pysaboteur.server.config import WEB_DIR
from pysaboteur.server.hub import Hub

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)


@contextmanager
def server_and_browser(folder: Path, clock: FakeClock) -> Iterator[tuple[Server, Browser]]:
    with (
        running_server(folder, clock, web_dir=WEB_DIR) as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        try:
            yield server, browser
        finally:
            browser.close()


def open_seat(page: Page, server: Server, table: str, token: str) -> None:
    """Open the table's page as the seat of ``token`` (kept in the page's storage)."""
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{token}')")
    page.goto(f"{server.url}t/{table}")


def look_for_away(server: Server) -> None:
    """The driver's look for people offline too long, made now."""

    async def look(hub: Hub) -> None:
        for live in list(hub.tables.values()):
            await live.table.send_away_the_offline()

    server.in_server(look)


def test_the_host_removes_a_seat_in_the_lobby(tmp_path: Path) -> None:
    with server_and_browser(tmp_path, FakeClock()) as (server, browser):
        ana, bo = laptop_page(browser), phone_page(browser)
        ana.goto(server.url)
        ana.get_by_test_id("create-name").fill("Ana")
        ana.get_by_test_id("create-players").select_option("4")
        assert ana.get_by_test_id("create-away-after").input_value() == "120"  # the default
        ana.get_by_test_id("create-away-after").select_option("60")
        ana.get_by_test_id("create").click()
        ana.get_by_test_id("lobby-room").wait_for()
        invite = ana.get_by_test_id("invite-link").input_value()
        table = invite.rsplit("/t/", 1)[1]
        assert server.facts(table)["away_after"] == 60
        settings = ana.get_by_test_id("settings-away-after").inner_text()
        assert settings == "A bot plays for anyone offline for 60 seconds, until they are back"

        bo.goto(invite)
        bo.get_by_test_id("join-name").fill("Bo")
        bo.get_by_test_id("join").tap()
        bo.get_by_test_id("lobby-room").wait_for()
        assert bo.get_by_test_id("remove-seat-1").count() == 0  # only the host's page has them
        remove = ana.get_by_test_id("remove-seat-1")
        remove.wait_for()
        assert remove.get_attribute("aria-label") == "Remove Bo from the table"
        assert ana.get_by_test_id("remove-seat-0").count() == 0  # not the host's own
        screenshot(ana, "host-lobby-remove")
        remove.click()

        message = bo.get_by_test_id("message-error")
        message.wait_for()
        assert message.locator("span").inner_text() == (
            "The host removed you from this table. You can join again or watch."
        )
        bo.get_by_test_id("join-name").wait_for()
        assert bo.get_by_test_id("watch").count() == 1  # as the notice offers
        screenshot(bo, "host-removed")
        assert [s["kind"] for s in server.facts(table)["seats"]] == [
            "human",
            "open",
            "open",
            "open",
        ]
        ana.get_by_test_id("lobby-seat-1").get_by_text("open seat").wait_for()

        bo.get_by_test_id("join-name").fill("Bo")
        bo.get_by_test_id("join").tap()
        bo.get_by_test_id("lobby-room").wait_for()
        assert server.facts(table)["seats"][1]["name"] == "Bo"
        assert bo.get_by_test_id("message-error").count() == 0  # joining worked: old news


def test_a_closed_tabs_seat_is_played_by_the_bot_and_the_log_says_so(tmp_path: Path) -> None:
    clock = FakeClock()
    with server_and_browser(tmp_path, clock) as (server, browser):
        created = server.create(players=4, bots="random", bot_pause=0.0, away_after=30)
        table, ana_token = created["table"], created["token"]
        tokens = [ana_token]
        for name in ("Bo", "Cy"):
            joined = server.ok("POST", f"/api/tables/{table}/join", body={"name": name})
            tokens.append(joined["token"])
        ana, bo, cy = laptop_page(browser), laptop_page(browser), phone_page(browser)
        for page, token in zip((ana, bo, cy), tokens, strict=True):
            open_seat(page, server, table, token)
            page.get_by_test_id("lobby-room").wait_for()
        ana.get_by_test_id("start").click()
        for page in (ana, bo, cy):
            page.locator("#game").wait_for()

        bo.context.close()  # Bo closes his tab
        server.wait_for(lambda: not server.facts(table)["seats"][1]["connected"], "Bo offline")
        clock.advance(29)
        look_for_away(server)
        assert ana.get_by_test_id("bot-playing-1").count() == 0
        clock.advance(1)
        look_for_away(server)
        ana.get_by_test_id("bot-playing-1").wait_for()
        assert ana.get_by_test_id("bot-playing-1").inner_text() == "bot playing"
        cy.get_by_test_id("bot-playing-1").wait_for()  # everyone sees it

        # The host hands Cy's seat to a bot (Cy's page is open, but she is not playing).
        assert ana.get_by_test_id("hand-to-bot-1").count() == 0  # a bot plays Bo already
        assert cy.get_by_test_id("hand-to-bot-0").count() == 0  # only the host's page has them
        hand = ana.get_by_test_id("hand-to-bot-2")
        assert hand.get_attribute("aria-label") == "Let a bot play for Cy until they are back"
        screenshot(ana, "host-hand-to-bot")
        hand.click()
        ana.get_by_test_id("bot-playing-2").wait_for()
        cy.get_by_test_id("back").wait_for()
        # Her page says why (no clock ran out: there is none) and her seat panel keeps
        # her whole name beside its badges ("you", "bot playing").
        assert cy.get_by_test_id("away-notice").inner_text() == (
            "The host handed your seat to a bot: it plays for you until you are back."
        )
        name = cy.get_by_test_id("seat-2").locator(".seat-name")
        shown = name.evaluate("(e) => [e.getBoundingClientRect().width, e.scrollWidth]")
        assert shown[0] >= shown[1] - 0.5 > 0, shown

        # Ana plays her turns (through the API: the page shows them all the same) until
        # the log shows one of Bo's moves, made by the bot for him.
        for_bo = ana.locator(".log-moves li", has_text="(played by the bot for Bo)")
        while for_bo.count() == 0:
            view = server.view(table, ana_token)
            if view["legal"]:
                body = {"move": view["legal"][0]["text"], "expect": view["version"]}
                server.call("POST", f"/api/tables/{table}/moves", ana_token, body)
            ana.wait_for_timeout(20)
        assert for_bo.first.inner_text().startswith("Bo ")  # the move is Bo's, in words
        marks = ana.get_by_test_id("bot-move")
        shown = {marks.nth(i).inner_text().strip() for i in range(marks.count())}
        assert shown <= {"(played by the bot for Bo)", "(played by the bot for Cy)"}
        bot_moves = server.view(table, ana_token)["bot_moves"]
        assert bot_moves and marks.count() <= len(bot_moves)
        screenshot(ana, "host-bot-plays-for-bo")

        cy.get_by_test_id("back").click()
        cy.get_by_test_id("back").wait_for(state="detached")
        ana.get_by_test_id("bot-playing-2").wait_for(state="detached")
        assert [s["away"] for s in server.facts(table)["seats"]] == [False, True, False, False]
