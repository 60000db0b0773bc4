"""Your turn, told while a tab is open, in Debian's Chromium (headless, Playwright):

- the tab's title says "Your turn" on the viewer's turn, unless the switch is off,
  and the switch is remembered across reloads;
- the browser's permission to notify is asked when the person ticks the switch,
  never when the page opens; then a turn that comes while the tab is out of view
  shows one notification naming the table.

The browser's ``Notification`` is a stand-in the test puts in the page first
(headless Chromium shows none), and the tab is made to say it is hidden.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, STEP_MS, page_state, play_by_clicking, set_switch
from browser_in_process import server_and_browser
from playwright.sync_api import Browser, Page
from server_helpers import Server

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

#: A Notification that records what the page asks of it, and a tab out of view.
STAND_IN = """
window.saboteurNotices = [];
window.saboteurAsked = 0;
class StandIn {
  constructor(title, options) { window.saboteurNotices.push({ title, ...options }); }
  close() {}
}
StandIn.permission = "default";
StandIn.requestPermission = async () => {
  window.saboteurAsked += 1;
  StandIn.permission = "granted";
  return "granted";
};
window.Notification = StandIn;
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


def host_page(server: Server, browser: Browser) -> tuple[Page, str]:
    """Ana's page at a new table of three (two random bots), in its lobby; its table."""
    made = server.create(name="Ana", players=3, bots="random", away_after=None, clock=86400)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(STAND_IN)
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{made['table']}', '{made['token']}')")
    page.goto(f"{server.url}t/{made['table']}")
    page.get_by_test_id("lobby-room").wait_for()
    return page, made["table"]


def my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.body.dataset.myTurn === 'yes' && document.body.dataset.phase === 'play'"
    )


def play_any(page: Page) -> None:
    """Ana plays her first legal move; once the page has seen it, the bots move."""
    my_turn(page)
    version = int(page.evaluate("document.body.dataset.version"))
    play_by_clicking(page, page_state(page)["legal"][0])
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}")


def notices(page: Page) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("window.saboteurNotices")
    return found


def test_the_title_says_it_is_my_turn_unless_i_turn_it_off(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        page, _ = host_page(server, browser)
        assert page.get_by_test_id("turn-title").is_checked()
        page.get_by_test_id("start").click()
        my_turn(page)
        assert page.title() == "● Your turn — Saboteur"
        set_switch(page, "turn-title", False)
        assert page.title() == "Saboteur"
        page.reload()
        my_turn(page)
        assert not page.get_by_test_id("turn-title").is_checked()
        assert page.title() == "Saboteur"
        assert page.evaluate("localStorage.getItem('pysaboteur.turn-title')") == "0"


def test_permission_is_asked_on_a_click_and_a_turn_out_of_view_is_notified(
    tmp_path: Path,
) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        page, table = host_page(server, browser)
        page.get_by_test_id("start").click()
        play_any(page)
        my_turn(page)  # the bots moved: Ana's turn again, not notified (not chosen)
        assert page.evaluate("window.saboteurAsked") == 0  # never asked on opening
        assert notices(page) == []
        set_switch(page, "turn-notice", True)
        page.wait_for_function("() => window.saboteurAsked === 1")
        assert page.get_by_test_id("turn-notice").is_checked()
        play_any(page)
        my_turn(page)
        page.wait_for_function("() => window.saboteurNotices.length === 1")
        [notice] = notices(page)
        assert notice["title"] == "Your turn — Saboteur"
        assert notice["body"] == f"It is your turn at table {table}."
        assert notice["tag"] == f"pysaboteur-turn-{table}"
        assert page.evaluate("localStorage.getItem('pysaboteur.turn-notice')") == "1"
