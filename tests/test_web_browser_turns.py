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

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

import httpx
from accounts_helpers import PASSWORD, cheap_hashing, ok, sign_up  # noqa: F401  (a fixture)
from browser_helpers import (
    CHROMIUM,
    STEP_MS,
    Chooser,
    page_state,
    play_by_clicking,
    play_my_turns,
    set_switch,
)
from browser_in_process import server_and_browser
from playwright.sync_api import Browser, Page
from server_helpers import Server
from test_turn_mail import Inbox, inbox, mail_settings, wants_mail  # noqa: F401  (a fixture)

from pysaboteur.server.turn_based import DAY

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


def test_each_person_moves_from_a_fresh_browser_after_their_turn_email(
    tmp_path: Path,
    inbox: tuple[Inbox, int],  # noqa: F811  (the fixture of test_turn_mail)
) -> None:
    """A turn-based table of Ana and Bo (accounts, e-mails asked) and a bot: each
    turn, the person to move is e-mailed, opens the e-mail's link in a browser that
    has never seen the table (a new device), signs in through the table's own link,
    takes their seat with *Play here* and moves by clicking; then closes it."""
    mails, port = inbox
    with server_and_browser(tmp_path, bot_pause=0.0, **mail_settings(port)) as (server, browser):
        addresses = {"Ana": "ana@example.org", "Bo": "bo@example.org"}
        with httpx.Client(base_url=server.url) as ana, httpx.Client(base_url=server.url) as bo:
            for client, name in ((ana, "Ana"), (bo, "Bo")):
                sign_up(client, name, PASSWORD)
                wants_mail(client, addresses[name])
            body = {"name": "Ana", "players": 3, "bots": "random", "clock": DAY}
            created = ok(ana.post("/api/tables", json={**body, "away_after": None}))
            table = created["table"]
            ok(bo.post(f"/api/tables/{table}/join", json={"name": "Bo"}))
            server.ok("POST", f"/api/tables/{table}/start", created["token"])
        chooser = Chooser(seed=5)
        moved = {"Ana": 0, "Bo": 0}
        for turn in range(4):
            server.wait_for(lambda n=turn: len(mails.messages) > n, f"the e-mail of turn {turn}")
            letter = mails.messages[turn]
            name = next(n for n, a in addresses.items() if a == letter["To"])
            link = re.search(r"https://saboteur\.example\.org(/t/\S+)", letter.get_content())
            assert link is not None and link.group(1) == f"/t/{table}"
            device = browser.new_context()
            page = device.new_page()
            page.set_default_timeout(STEP_MS)
            page.goto(f"{server.url.rstrip('/')}{link.group(1)}")
            page.get_by_test_id("take-seat-sign-in").get_by_role("link").click()
            page.get_by_test_id("signin-name").fill(name)
            page.get_by_test_id("signin-password").fill(PASSWORD)
            page.get_by_test_id("signin-submit").click()
            page.wait_for_url(f"**/t/{table}")
            page.get_by_test_id("take-seat").click()
            page.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
            assert page_state(page)["observation"]["seat"] == {"Ana": 0, "Bo": 1}[name]
            assert play_my_turns(page, chooser, timeout_s=60, turns=1) == 1
            moved[name] += 1
            device.close()
        assert moved["Ana"] >= 1 and moved["Bo"] >= 1
