"""What a new user found wrong at the web table, each in Debian's Chromium (headless,
driven by Playwright) against a server in this process:

- On a phone the maze's fitting showed the start card, the x=-1 column and the
  goals cut; *Fit* changed nothing. Now the start, every card and the goals are
  inside the maze's box, on load and after *Fit*.
- A finished table's page said "Ann, Bea playing." and offered *Watch the game*:
  now it says the game is over, who played, who won, and offers the replay.
- A seat's page opened again after a round ended while it was away shows that
  round's summary, once.
- Ten seats (twelve in Saboteur 2) all fit a 1280x800 screen, without scrolling.
- A message over the page never moves the maze or the hand.
- The invite link from a page opened on this machine named 127.0.0.1, which opens
  nowhere else: now the lobby says so and how to serve the network, and a server
  listening on every address gives the link with this machine's network address.
- On a phone at 7 seats or more the page was wider than the screen (the hidden
  statuses of the seats scrolled out of sight widened it): now it never pans
  sideways, and the round's end opens at its heading with every column inside.
- The join page: a refusal shown as the server's lower-case clause and kept after
  the next try worked; "join again or watch" with nothing to watch; the table's
  rules twice; "A table of Saboteur" for Saboteur 2; the replay of a table that is
  not there linking back to it.
- The create form's Saboteur 2 choice was cut off on a phone.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import (
    CHROMIUM,
    STEP_MS,
    launch_chromium,
    page_state,
    play_by_clicking,
    screenshot,
)
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from server_helpers import Server, play_to_the_end, running_server

from pysaboteur.server.config import WEB_DIR

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)


#: The maze's box and the hand's area, which a message must not move.
MAZE_AND_HAND = ('[data-testid="maze"]', "#hand-area")


@contextmanager
def server_and_browser(folder: Path) -> Iterator[tuple[Server, Browser]]:
    with running_server(folder, web_dir=WEB_DIR) as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            yield server, browser
        finally:
            browser.close()


def context_of(browser: Browser, width: int, height: int, *, touch: bool = False) -> BrowserContext:
    return browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch
    )


def open_seat(context: BrowserContext, server: Server, table: str, token: str) -> Page:
    """A page of ``context`` on ``table`` as the seat of ``token`` (kept in its storage)."""
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{token}')")
    page.goto(f"{server.url}t/{table}")
    return page


def start_as_host(page: Page) -> None:
    page.get_by_test_id("start").click()
    page.locator("#game").wait_for()


def wait_for_my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.body.dataset.myTurn === 'yes' && document.body.dataset.phase === 'play'",
        timeout=STEP_MS,
    )


def outside_the_maze_box(page: Page) -> list[str]:
    """The maze's cards (the start, the goals, every placed card) not wholly in the
    maze's box as the page shows it: their labels."""
    outside: list[str] = page.evaluate(
        """() => {
          const box = document.querySelector('[data-testid="maze"]').getBoundingClientRect();
          return [...document.querySelectorAll('.maze-card')].filter((card) => {
            const r = card.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5
                || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
          }).map((card) => card.getAttribute('aria-label'));
        }"""
    )
    return outside


def test_on_a_phone_the_whole_maze_is_in_its_box_on_load_and_after_fit(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=4, bots="random")
        context = context_of(browser, 390, 844, touch=True)
        page = open_seat(context, server, created["table"], created["token"])
        start_as_host(page)
        wait_for_my_turn(page)
        assert page.locator(".maze-card").count() >= 4  # the start and three goals at least
        assert outside_the_maze_box(page) == []
        screenshot(page, "fixes-phone-maze-fitted")

        page.get_by_test_id("zoom-in").tap()
        page.get_by_test_id("zoom-in").tap()
        page.get_by_test_id("zoom-in").tap()
        assert outside_the_maze_box(page) != []  # zoomed in: it scrolls
        page.get_by_test_id("zoom-fit").tap()
        assert outside_the_maze_box(page) == []

        # As the maze grows (placed by Ana and the bots) it stays in its box.
        rng = random.Random(3)
        for _ in range(6):
            wait_for_my_turn(page)
            legal = page_state(page)["legal"]
            places = [move for move in legal if move["kind"] == "place"]
            play_by_clicking(page, rng.choice(places or legal), touch=True)
            assert outside_the_maze_box(page) == []
        wait_for_my_turn(page)
        assert outside_the_maze_box(page) == []
        screenshot(page, "fixes-phone-maze-grown")


def play_seats_to_the_end(server: Server, table: str, tokens: dict[int, str]) -> None:
    rng = random.Random(5)
    sockets = {seat: server.socket(table, token) for seat, token in tokens.items()}
    play_to_the_end(sockets, lambda seat, view: rng.choice(view["legal"])["text"])
    for socket in sockets.values():
        socket.close()


def test_a_finished_tables_page_says_it_is_over_who_played_and_won(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ann", players=3, bots="random", spectators=True)
        table = created["table"]
        joined = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bea"})
        server.ok("POST", f"/api/tables/{table}/start", created["token"], body={})
        play_seats_to_the_end(server, table, {0: created["token"], 1: joined["token"]})
        assert server.facts(table)["status"] == "over"
        record = server.ok("GET", f"/api/tables/{table}/record")

        page = context_of(browser, 1280, 800).new_page()
        page.goto(f"{server.url}t/{table}")
        panel = page.get_by_test_id("join-panel")
        page.get_by_test_id("final-winners").wait_for()
        text = panel.inner_text()
        assert "This game is over." in text
        assert "playing" not in text
        assert page.get_by_test_id("watch").count() == 0
        names = {0: "Ann", 1: "Bea", 2: "Bot 2 (random)"}
        rows = page.get_by_test_id("final-seats").locator("li").all_inner_texts()
        nuggets = record["result"]["nuggets"]
        assert [row.split(":")[0] for row in rows] == [names[seat] for seat in range(3)]
        for seat, row in enumerate(rows):
            assert f"{nuggets[seat]} nugget" in row
            assert ("★" in row) == (seat in record["result"]["winners"])
        winners = [names[seat] for seat in record["result"]["winners"]]
        assert all(name in page.get_by_test_id("final-winners").inner_text() for name in winners)
        replay = page.get_by_test_id("join-replay")
        assert replay.inner_text() == "Watch the replay"
        assert replay.get_attribute("href") == f"/replay/{table}"
        screenshot(page, "fixes-finished-table")
        replay.click()
        page.get_by_test_id("replay-move").wait_for()


def test_a_seat_back_after_a_round_ended_while_away_sees_its_summary_once(
    tmp_path: Path,
) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=3, bots="random")
        table, token = created["table"], created["token"]
        context = context_of(browser, 1280, 800)
        page = open_seat(context, server, table, token)
        start_as_host(page)
        wait_for_my_turn(page)
        page.close()  # Ana leaves: the round goes on and ends without her page

        rng = random.Random(7)
        socket = server.socket(table, token)
        while True:
            view: dict[str, Any] = socket.next_view()
            observation = view["observation"]
            if observation["rounds"]:
                break
            if observation["to_move"] == 0 and view["legal"]:
                move = rng.choice(view["legal"])["text"]
                socket.send({"type": "move", "move": move, "expect": view["version"]})
        socket.close()

        page = open_seat(context, server, table, token)
        page.wait_for_function("() => Number(document.body.dataset.version) > 0")
        dialog = page.locator("#round-end-dialog[open]")
        dialog.wait_for()
        assert "Round 1" in dialog.inner_text()
        screenshot(page, "fixes-round-end-on-return")
        page.get_by_test_id("round-end-continue").click()
        dialog.wait_for(state="detached")

        page.reload()  # once: not again on the next visit
        page.wait_for_function("() => Number(document.body.dataset.version) > 0")
        page.wait_for_timeout(500)
        assert not page_state(page)["dialog"]


@pytest.mark.parametrize(("edition", "players"), [("base", 10), ("saboteur2", 12)])
def test_every_seat_panel_fits_a_laptop_screen(tmp_path: Path, edition: str, players: int) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=players, bots="random", edition=edition)
        page = open_seat(context_of(browser, 1280, 800), server, created["table"], created["token"])
        start_as_host(page)
        wait_for_my_turn(page)
        panels = page.locator('[data-testid^="seat-"]')
        assert panels.count() == players
        assert page.evaluate("window.scrollY") == 0
        for seat in range(players):
            box = page.get_by_test_id(f"seat-{seat}").bounding_box()
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (seat, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (seat, box)
        screenshot(page, f"fixes-{players}-seats")


def test_a_message_does_not_move_the_maze_or_the_hand(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=3, bots="random")
        for width, height, touch in [(1280, 800, False), (390, 844, True)]:
            context = context_of(browser, width, height, touch=touch)
            page = open_seat(context, server, created["table"], created["token"])
            if width == 1280:
                start_as_host(page)
            page.locator("#game").wait_for()

            def places(page: Page = page) -> list[Any]:
                return [
                    page.locator(where).bounding_box()
                    for where in ('[data-testid="maze"]', "#hand-area")
                ]

            before = places()
            # What the page says after a map: the goal's card (the same message area).
            page.evaluate(
                """() => import('/static/js/messages.js').then((m) => {
                     m.showMessage('Your map: the goal at 8,0 is stone.', 'info');
                     m.showMessage('Not connected to the table right now.');
                   })"""
            )
            page.get_by_test_id("message-info").wait_for()
            assert places() == before
            screenshot(page, f"fixes-message-{width}")
            page.close()
            context.close()


def test_the_invite_link_is_one_others_can_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # On 127.0.0.1 (the default) nobody else can open the link: the lobby says so and
    # how to serve the network. Listening on every address, the link a host copies
    # from a page opened on this machine names its address on the network.
    for folder in ("local", "everywhere"):
        (tmp_path / folder).mkdir()
    with server_and_browser(tmp_path / "local") as (server, browser):
        created = server.create(name="Ann", players=3)
        table = created["table"]
        page = open_seat(context_of(browser, 1280, 800), server, table, created["token"])
        page.get_by_test_id("lobby-room").wait_for()
        assert page.get_by_test_id("invite-link").input_value() == f"{server.url}t/{table}"
        note = page.get_by_test_id("local-only").inner_text()
        assert note.startswith("Only this computer can open this link.")
        assert "saboteur serve --host 0.0.0.0" in note
    monkeypatch.setattr("pysaboteur.server.api.lan_address", lambda: "192.168.1.5")
    with (
        running_server(tmp_path / "everywhere", web_dir=WEB_DIR, host="0.0.0.0") as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        try:
            created = server.create(name="Ann", players=3)
            table = created["table"]
            page = open_seat(context_of(browser, 1280, 800), server, table, created["token"])
            page.get_by_test_id("lobby-room").wait_for()
            port = server.url.rsplit(":", 1)[1].strip("/")
            invite = page.get_by_test_id("invite-link").input_value()
            assert invite == f"http://192.168.1.5:{port}/t/{table}"
            assert page.get_by_test_id("local-only").count() == 0
        finally:
            browser.close()


@pytest.mark.parametrize(("edition", "players"), [("base", 7), ("base", 10), ("saboteur2", 12)])
def test_a_phone_never_pans_sideways_whatever_the_seats(
    tmp_path: Path, edition: str, players: int
) -> None:
    # The page was as wide as all the seat panels side by side (1,737 px at 12 seats):
    # messages off-screen, the page panning sideways, the round's end cut off.
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=players, bots="random", edition=edition)
        page = open_seat(
            context_of(browser, 390, 844, touch=True), server, created["table"], created["token"]
        )
        start_as_host(page)
        wait_for_my_turn(page)
        widths = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.body.scrollWidth,"
            " window.innerWidth, window.visualViewport.width]"
        )
        assert max(widths[:2]) <= widths[2] == 390, widths
        page.mouse.wheel(400, 0)  # a sideways swipe over the page moves nothing
        assert page.evaluate("window.scrollX") == 0
        screenshot(page, f"fixes-phone-{players}-seats")

        # The round's end, every seat's row in it, is inside the screen too.
        rng = random.Random(3)
        socket = server.socket(created["table"], created["token"])
        while True:
            view: dict[str, Any] = socket.next_view()
            if view["observation"]["rounds"]:
                break
            if view["observation"]["to_move"] == 0 and view["legal"]:
                move = rng.choice(view["legal"])["text"]
                socket.send({"type": "move", "move": move, "expect": view["version"]})
        socket.close()
        dialog = page.locator("#round-end-dialog[open]")
        dialog.wait_for()
        box = dialog.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        # Nothing in it is cut off at its side, nor needs scrolling sideways (but for the
        # final maze, which pans as the game's maze does).
        wide = dialog.evaluate(
            """(dialog) => [dialog, ...dialog.querySelectorAll("*")]
                 .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
                 .filter((e) => !e.classList.contains("maze-scroll"))
                 .map((e) => `${e.tagName}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)"""
        )
        assert wide == [], wide
        heading = dialog.locator("h2").first.bounding_box()
        assert heading is not None and heading["y"] >= box["y"]  # opened at its top
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        screenshot(page, f"fixes-phone-{players}-seats-round-end")


def test_the_join_page_speaks_in_sentences_says_things_once_and_offers_what_it_says(
    tmp_path: Path,
) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name="Ana", players=4, edition="saboteur2", spectators=False)
        table = created["table"]
        page = context_of(browser, 1280, 800).new_page()
        page.goto(f"{server.url}t/{table}")
        panel = page.get_by_test_id("join-panel")
        panel.wait_for()
        assert panel.locator("h1").inner_text() == "A table of Saboteur 2"
        # A refusal reads as a sentence, and goes once the next try works.
        page.get_by_test_id("join-name").fill("ana")
        page.get_by_test_id("join").click()
        message = page.get_by_test_id("message-error")
        message.wait_for()
        assert message.locator("span").inner_text() == (
            "Somebody at this table is already called ana: choose another name."
        )
        page.get_by_test_id("join-name").fill("Bo")
        page.get_by_test_id("join").click()
        page.get_by_test_id("lobby-room").wait_for()
        assert page.get_by_test_id("message-error").count() == 0
        # Removed from a table nobody may watch: joining again is all it offers, and says.
        seat = server.facts(table)["seats"][1]
        assert seat["name"] == "Bo"
        server.ok("POST", f"/api/tables/{table}/remove", created["token"], {"seat": 1})
        message.wait_for()
        assert message.locator("span").inner_text() == (
            "The host removed you from this table. You can join again."
        )
        page.get_by_test_id("join-name").wait_for()
        assert page.get_by_test_id("watch").count() == 0

    (tmp_path / "open").mkdir()
    with server_and_browser(tmp_path / "open") as (server, browser):
        created = server.create(name="Ana", players=3, spectators=True)
        page = context_of(browser, 1280, 800).new_page()
        page.goto(f"{server.url}t/{created['table']}")
        page.get_by_test_id("lobby-room").wait_for()  # watching the lobby below the form
        assert page.get_by_test_id("join-panel").locator("h1").inner_text() == (
            "A table of Saboteur"
        )
        assert page.locator("ul.settings").count() == 1  # the table's rules, once
        # The replay of a table that is not there does not send people back to it.
        page.goto(f"{server.url}replay/nosuchtable")
        page.get_by_role("heading", level=1).wait_for()
        assert page.locator('a[href="/t/nosuchtable"]').count() == 0
        assert page.locator('a[href="/"]').count() >= 1


def test_the_create_forms_game_choice_reads_whole_on_a_phone(tmp_path: Path) -> None:
    # "Saboteur 2: two teams of gold-diggers, a boss, …" was cut off in its select: the
    # options now name the game and its seats, what the game is reads below them.
    with server_and_browser(tmp_path) as (server, browser):
        page = context_of(browser, 390, 844, touch=True).new_page()
        page.goto(server.url)
        edition = page.get_by_test_id("create-edition")
        too_wide = edition.evaluate(
            """(select) => {
                 const context = document.createElement("canvas").getContext("2d");
                 context.font = getComputedStyle(select).font;
                 const room = select.clientWidth - 40;  // its padding and arrow
                 return [...select.options].map((o) => o.text)
                   .filter((text) => context.measureText(text).width > room);
               }"""
        )
        assert too_wide == []
        about = page.get_by_test_id("edition-about")
        assert about.inner_text().startswith("Saboteur: gold-miners and saboteurs")
        edition.select_option("saboteur2")
        assert about.inner_text().startswith("Saboteur 2: two teams of gold-diggers")
