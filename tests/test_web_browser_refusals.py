"""The browser client facing two refusals of the server: Debian's Chromium (headless,
driven by Playwright) against a server in this process whose clocks the test moves.

- Too many new tables (``429 rate_limited``): the front page says why in the
  server's words and keeps the form; once the window has passed, pressing
  *Create* again makes the table the form still describes.
- A lobby closed for idling (``410 table_expired``): the join page's poll stops
  and the page says the table expired, with a way back to create a new one; a
  page whose socket is refused with ``table_expired`` (close 4404) says the same,
  while an unknown table still reads as a mistyped link.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, laptop_page, launch_chromium, screenshot
from playwright.sync_api import Page, sync_playwright
from server_helpers import FakeClock, Server, running_server

from pysaboteur.server.config import WEB_DIR

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

DAY = 24 * 3600.0  # the default --lobby-expiry
POLL_MS = 3000  # the join page asks for the table's facts this often
#: Counts the page's requests for one table's facts, as they are made (before any answer).
COUNT_TABLE_REQUESTS = """
window.tableRequests = 0;
const originalFetch = window.fetch;
window.fetch = (resource, options) => {
  if (/^\\/api\\/tables\\/[^/]+$/.test(String(resource))) window.tableRequests += 1;
  return originalFetch(resource, options);
};
"""


@contextmanager
def server_and_page(
    folder: Path, clock: FakeClock, **settings: object
) -> Iterator[tuple[Server, Page]]:
    """A server serving the real client, with ``clock`` for its clocks; a laptop page."""
    with (
        running_server(folder, clock, web_dir=WEB_DIR, **settings) as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        try:
            yield server, laptop_page(browser)
        finally:
            browser.close()


def expire_idle_lobbies(server: Server) -> int:
    return server.in_server(lambda hub: hub.expire_idle_lobbies())


def fill_create_form(page: Page, name: str, players: str, clock: str) -> None:
    page.get_by_test_id("create-name").fill(name)
    page.get_by_test_id("create-players").select_option(players)
    page.get_by_test_id("create-bots").select_option("random")
    page.get_by_test_id("create-clock").select_option(clock)
    page.get_by_test_id("create-spectators").uncheck()


def error_shown(page: Page) -> str:
    """The one error in the page's message area (without its close button)."""
    errors = page.get_by_test_id("message-error")
    errors.first.wait_for()
    assert errors.count() == 1
    assert errors.get_attribute("role") == "alert"
    return errors.locator("span").inner_text()


def test_a_new_table_over_the_limit_is_refused_in_the_servers_words(tmp_path: Path) -> None:
    clock = FakeClock()
    with server_and_page(tmp_path, clock, tables_per_client=1) as (server, page):
        page.goto(server.url)
        fill_create_form(page, "Ana", players="3", clock="")
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-room").wait_for()

        page.goto(server.url)
        fill_create_form(page, "Bo", players="6", clock="120")
        page.get_by_test_id("create").click()
        assert error_shown(page) == (
            "The table was not created: too many new tables from your address "
            "(1 in 10 minutes); try again in 10 minutes. Your choices below are kept."
        )
        screenshot(page, "create-rate-limited")
        assert page.url == server.url  # still on the front page
        assert page.get_by_test_id("create-name").input_value() == "Bo"
        assert page.get_by_test_id("create-players").input_value() == "6"
        assert page.get_by_test_id("create-clock").input_value() == "120"
        assert not page.get_by_test_id("create-spectators").is_checked()
        assert page.get_by_test_id("create").is_enabled()
        assert len(server.live_table_ids()) == 1

        clock.advance(600)  # the first table leaves the window
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-room").wait_for()
        table = page.get_by_test_id("invite-link").input_value().rsplit("/t/", 1)[1]
        facts = server.facts(table)
        assert (facts["players"], facts["clock"], facts["spectators"]) == (6, 120, False)
        assert facts["seats"][0]["name"] == "Bo"


def test_the_join_page_of_a_lobby_closed_for_idling_says_so_and_stops_asking(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    with server_and_page(tmp_path, clock) as (server, page):
        # No spectators: a page without a seat asks for the table's facts every 3 s.
        table = server.create(players=3, spectators=False)["table"]
        page.add_init_script(COUNT_TABLE_REQUESTS)
        # The page's timers run only when the test says: each poll is one step of run_for.
        page.clock.install(time=datetime(2030, 1, 1))
        page.clock.pause_at(datetime(2030, 1, 1, 0, 0, 1))
        page.goto(f"{server.url}t/{table}")
        page.get_by_test_id("join-name").wait_for()
        assert page.evaluate("window.tableRequests") == 1  # the facts for the join form
        page.clock.run_for(POLL_MS)
        assert page.evaluate("window.tableRequests") == 2  # one poll, still a lobby

        clock.advance(DAY)
        assert expire_idle_lobbies(server) == 1
        page.clock.run_for(POLL_MS)  # the next poll is refused with 410 table_expired
        expired = page.get_by_test_id("table-expired")
        expired.wait_for()
        assert page.evaluate("window.tableRequests") == 3
        assert expired.get_by_role("heading").inner_text() == "This table has expired"
        assert f"Table {table} waited in its lobby too long" in expired.inner_text()
        assert page.get_by_test_id("join-name").count() == 0
        assert page.get_by_test_id("message-error").count() == 0  # the panel says it all
        assert page.evaluate("document.body.dataset.status") == "expired"
        screenshot(page, "table-expired")

        page.clock.run_for(20 * POLL_MS)
        assert page.evaluate("window.tableRequests") == 3  # no poll after the refusal

        page.clock.resume()
        expired.get_by_role("link", name="Create a new table").click()
        page.get_by_test_id("create-form").wait_for()
        assert page.url == server.url


def test_a_socket_refused_as_expired_is_not_shown_as_a_mistyped_link(tmp_path: Path) -> None:
    clock = FakeClock()
    with server_and_page(tmp_path, clock) as (server, page):
        created = server.create(players=3)
        table = created["table"]
        clock.advance(DAY)
        assert expire_idle_lobbies(server) == 1

        # The host comes back: the page holds the seat's token, so it opens the socket at once.
        page.goto(server.url)
        page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{created['token']}')")
        page.goto(f"{server.url}t/{table}")
        expired = page.get_by_test_id("table-expired")
        expired.wait_for()
        assert expired.get_by_role("heading").inner_text() == "This table has expired"
        assert page.get_by_text("mistyped").count() == 0
        assert page.get_by_test_id("message-error").count() == 0
        # The seat is gone with the table: the front page no longer lists it.
        assert page.evaluate(f"localStorage.getItem('pysaboteur.token.{table}')") is None

        # A table that never was still reads as a mistyped link.
        page.evaluate("localStorage.setItem('pysaboteur.token.nosuchtable', 'x')")
        page.goto(f"{server.url}t/nosuchtable")
        page.get_by_role("heading", name="No such table").wait_for()
        assert page.get_by_test_id("table-expired").count() == 0
