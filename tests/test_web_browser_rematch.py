"""Play again and open tables in Debian's Chromium (headless, driven by Playwright),
against a server in this process:

- three people play a game (their first moves by clicking, the rest through
  their seats' sockets), then one presses *Play again*: a second accepts and is
  seated at the new table with no new join, the third declines and is shown the
  way to watch it; the proposer starts it and a bot takes the declined seat;
- a table made open on the front page shows on the lobby page of another
  browser, which joins it from there; the host's page sees them sit down.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, STEP_MS, page_state, play_by_clicking
from browser_in_process import server_and_browser
from playwright.sync_api import Browser, BrowserContext, Page
from server_helpers import Server, View, legal_texts, play_to_the_end

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)


#: Every script error of the test's pages: none is expected.
PAGE_ERRORS: list[str] = []


def new_page(browser: Browser) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.on("pageerror", lambda error: PAGE_ERRORS.append(str(error)))
    return context, page


def open_seat(page: Page, server: Server, table: str, token: str) -> None:
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{token}')")
    page.goto(f"{server.url}t/{table}")


def test_three_play_a_game_then_two_play_again_and_one_watches(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        made = server.create(name="Ana", players=3, bots="random", away_after=None)
        table = made["table"]
        tokens = {"Ana": made["token"]}
        for name in ("Bo", "Cy"):
            joined = server.ok("POST", f"/api/tables/{table}/join", body={"name": name})
            tokens[name] = joined["token"]
        pages: dict[str, Page] = {}
        for name, token in tokens.items():
            _, pages[name] = new_page(browser)
            open_seat(pages[name], server, table, token)
        pages["Ana"].get_by_test_id("start").click()
        # The click starts the game on the server a moment later.
        server.wait_for(lambda: server.facts(table)["status"] == "playing", "the game to start")
        # Each plays a move by clicking, in turn, as the game goes.
        rng = random.Random(20)
        clicked = 0
        while clicked < 3:
            facts = server.facts(table)
            to_move = server.view(table, tokens["Ana"])["observation"]["to_move"]
            name = facts["seats"][to_move]["name"]
            page = pages[name]
            page.wait_for_function("() => document.body.dataset.myTurn === 'yes'")
            state = page_state(page)
            if state["observation"]["phase"] != "play":
                break
            play_by_clicking(page, rng.choice(state["legal"]))
            clicked += 1
        # The rest of the game through their sockets, the pages closed meanwhile (three
        # pages drawing some hundred views at bots' pace would only slow the machine).
        for page in pages.values():
            page.goto("about:blank")
        sockets = {seat: server.socket(table, tokens[n]) for seat, n in enumerate(tokens)}
        for socket in sockets.values():
            assert socket.receive()["type"] == "welcome"

        def choose(seat: int, view: View) -> str:
            return rng.choice(legal_texts(view))

        assert play_to_the_end(sockets, choose)["table"]["status"] == "over"
        for page in pages.values():
            page.goto(f"{server.url}t/{table}")
            page.get_by_test_id("game-end").wait_for()
            page.keyboard.press("Escape")  # the last round's summary, over the page

        pages["Bo"].get_by_test_id("play-again").click()
        server.wait_for(lambda: server.facts(table)["rematch"] is not None, "the proposal")
        new = server.facts(table)["rematch"]["table"]
        pages["Bo"].wait_for_url(f"**/t/{new}")
        assert server.facts(table)["rematch"] == {"table": new, "by": 1}
        pages["Bo"].get_by_test_id("lobby-room").wait_for()
        # The others are asked, on the page of the finished game.
        for name in ("Ana", "Cy"):
            pages[name].get_by_test_id("rematch-invited").wait_for()
            assert "Bo" in pages[name].get_by_test_id("rematch-invited").inner_text()
        pages["Ana"].get_by_test_id("rematch-accept").click()
        pages["Ana"].wait_for_url(f"**/t/{new}")
        pages["Ana"].get_by_test_id("lobby-room").wait_for()
        pages["Ana"].wait_for_function("() => document.body.dataset.seat === '1'")
        pages["Cy"].get_by_test_id("rematch-decline").click()
        link = pages["Cy"].get_by_test_id("rematch-link")
        assert link.get_attribute("href") == f"/t/{new}"
        seats = [(s["name"], s["kind"]) for s in server.facts(new)["seats"]]
        assert seats == [("Bo", "human"), ("Ana", "human"), (None, "open")]
        # Bo starts: a bot sits where Cy would have.
        pages["Bo"].get_by_test_id("start").click()
        pages["Ana"].locator("#game").wait_for()
        kinds = [s["kind"] for s in server.facts(new)["seats"]]
        assert kinds == ["human", "human", "bot"]
        # Cy follows the link and watches.
        link.click()
        pages["Cy"].get_by_test_id("watch").click()
        pages["Cy"].locator("#game").wait_for()
        pages["Cy"].wait_for_function("() => document.body.dataset.seat === ''")
        assert PAGE_ERRORS == []


def test_an_open_table_shows_on_the_lobby_page_and_another_browser_joins_it(
    tmp_path: Path,
) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        _, host = new_page(browser)
        host.goto(server.url)
        host.get_by_test_id("create-name").fill("Ana")
        host.get_by_test_id("create-listed").check()
        host.get_by_test_id("create").click()
        host.get_by_test_id("lobby-room").wait_for()
        assert host.get_by_test_id("listed-switch").is_checked()
        table = host.url.rstrip("/").split("/")[-1]

        _, guest = new_page(browser)
        guest.goto(server.url)
        guest.get_by_test_id("open-tables-link").click()
        row = guest.get_by_test_id(f"open-table-{table}")
        row.wait_for()
        assert "Ana" in row.inner_text()
        guest.get_by_test_id(f"join-{table}").click()
        guest.get_by_test_id("join-name").fill("Bo")
        guest.get_by_test_id("join").click()
        guest.get_by_test_id("lobby-room").wait_for()
        host.get_by_test_id("lobby-seat-1").filter(has_text="Bo").wait_for()
        # The host takes it off the list: the lobby page drops it at its next look.
        host.get_by_test_id("listed-switch").uncheck()
        guest.goto(f"{server.url}lobby")
        guest.get_by_test_id("no-open-tables").wait_for()
