"""The client's pages work under the server's Content-Security-Policy: Debian's
Chromium (headless, driven by Playwright) against a real ``saboteur serve`` opens
the lobby, makes a table, starts and plays at it (its socket, its cards, its talk),
watches a finished game's replay and reads the rules page, and the browser reports
no violation of the policy on any of them."""

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
    play_my_turns,
    post_json,
    running_server,
)
from playwright.sync_api import ConsoleMessage, Page, sync_playwright

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

#: Every violation the page's document hears of, kept where the test can read it.
LISTEN = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(
    `${event.effectiveDirective} refused ${event.blockedURI || "inline"} at ${event.sourceFile}`);
}, true);
"""


class Watch:
    """A page whose policy violations (the document's events, the console's
    "Content Security Policy" lines) and script errors are all kept."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.console: list[str] = []
        self.errors: list[str] = []
        page.context.add_init_script(LISTEN)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _console(self, message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            self.console.append(message.text)

    def goto(self, url: str) -> None:
        response = self.page.goto(url)
        assert response is not None and response.ok, url
        assert "frame-ancestors 'none'" in response.headers["content-security-policy"]

    def problems(self) -> list[str]:
        """Everything wrong since it was last asked (once the page's queued events ran)."""
        self.page.wait_for_timeout(200)
        heard: list[str] = self.page.evaluate("(window.cspViolations || []).splice(0)")
        problems = heard + self.console + self.errors
        self.console.clear()
        self.errors.clear()
        return problems


def test_the_watch_hears_a_violation(tmp_path: Path) -> None:
    """The check below can fail: a style attribute set by a script is a violation."""
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        watch = Watch(laptop_page(browser))
        watch.goto(server.base + "/")
        watch.page.evaluate("document.body.setAttribute('style', 'color: red')")
        problems = watch.problems()
        assert any(problem.startswith("style-src-attr refused inline") for problem in problems)
        browser.close()


def finished_table(base: str) -> str:
    table: str = post_json(
        base + "/api/tables", {"all_bots": True, "players": 3, "bots": "random"}
    )["table"]
    deadline = time.monotonic() + 60
    while get_json(f"{base}/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    return table


def test_every_page_works_under_the_policy(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        watch = Watch(laptop_page(browser))
        page = watch.page
        seen: dict[str, list[Any]] = {}

        # The lobby makes a table with a POST its page sends (Origin checked).
        watch.goto(server.base + "/")
        page.get_by_test_id("create-name").fill("Ana")
        page.get_by_test_id("create-players").select_option("3")
        page.get_by_test_id("create-bots").select_option("random")
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-room").wait_for()
        seen["lobby and a new table"] = watch.problems()

        # The table: its socket, the maze's and the hand's cards, the talk panel.
        page.get_by_test_id("start").click()
        page.locator("#game").wait_for()
        assert play_my_turns(page, Chooser(seed=3), timeout_s=120, turns=3) == 3
        page.get_by_test_id("talk-toggle").click()
        seen["a table in play"] = watch.problems()

        # A finished game's replay, stepped about.
        table = finished_table(server.base)
        watch.goto(f"{server.base}/replay/{table}")
        page.get_by_test_id("replay-move").wait_for()
        for button in ("replay-last", "replay-back", "replay-first", "replay-forward"):
            page.get_by_test_id(button).click()
        seen["the replay"] = watch.problems()

        # The open tables (the lobby page), which asks the server every few seconds.
        watch.goto(server.base + "/lobby")
        page.get_by_test_id("open-tables").locator("table, p").first.wait_for()
        seen["the open tables"] = watch.problems()

        # The rules page, in both editions.
        watch.goto(server.base + "/rules")
        page.get_by_test_id("example-maze").first.wait_for()
        page.get_by_test_id("edition-saboteur2").click()
        seen["the rules"] = watch.problems()

        browser.close()
    assert seen == {name: [] for name in seen}
