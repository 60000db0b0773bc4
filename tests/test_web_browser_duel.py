"""The browser client plays the Duel, end to end: Debian's Chromium (headless,
driven by Playwright) against a real ``saboteur serve``.

A person on a laptop plays a whole Duel against the bot that plays it, from the
create form to the final score and the replay, pressing every kind of move that
comes up (bribes, keys, clears, discards of two); on a 390 px phone nothing is
off-screen sideways; the Duel speaks Italian as well as English, its deck file's
refusal included. Screenshots go to ``test-artifacts/`` (``duel-*``).
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import (
    CHROMIUM,
    STEP_MS,
    Chooser,
    get_json,
    laptop_page,
    launch_chromium,
    page_state,
    phone_page,
    play_by_clicking,
    play_my_turns,
    post_json,
    running_server,
    screenshot,
)
from playwright.sync_api import Browser, Page, sync_playwright
from test_web_i18n_browser import Checker, pseudo_web, seat_names, server_and_browser
from test_web_languages_browser import LanguageCheck

from pysaboteur.bots import make_bot
from pysaboteur.rules import game_from_record
from pysaboteur.rules.duel_deck import shipped_deck

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

GAME_TIMEOUT_S = 400
#: The page is wider than the screen when its content is (a sideways pan).
PAGE_WIDTH = "document.documentElement.scrollWidth"


class DuelChooser(Chooser):
    """Mostly the bot that plays the Duel; now and then a kind of move not played yet."""

    def __init__(self, seed: int, fresh: float = 0.5) -> None:
        super().__init__(seed, fresh)
        self.bot = make_bot("random", seed)


def create_duel(base: str, page: Page, deck: Path | None = None) -> str:
    """Create a Duel table from the front page's form; its id."""
    page.goto(base + "/")
    page.get_by_test_id("create-name").fill("Ana")
    page.get_by_test_id("create-edition").select_option("duel")
    offered = page.get_by_test_id("create-players").locator("option").all_inner_texts()
    assert len(offered) == 1  # exactly two seats
    bots = (
        page.get_by_test_id("create-bots")
        .locator("option")
        .evaluate_all("nodes => nodes.map(node => node.value)")
    )
    assert bots == ["heuristic", "random"]  # only the bots that play the Duel
    page.get_by_test_id("create-bots").select_option("random")
    assert page.locator("#gold-draw-options").is_hidden()
    assert page.locator("#next-round-options").is_hidden()
    if deck is not None:
        page.get_by_test_id("create-deck").set_input_files(str(deck))
    page.get_by_test_id("create").click()
    page.get_by_test_id("lobby-room").wait_for()
    invite = page.get_by_test_id("invite-link").input_value()
    return invite.rsplit("/t/", 1)[1]


def play_out(page: Page, chooser: Chooser, check: Any = None) -> list[dict[str, Any]]:
    """Play the host's seat by clicking until the final score; every move it played.
    ``check(page, state)`` runs before each of the person's moves."""
    played: list[dict[str, Any]] = []
    rounds_seen = 0
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while True:
        assert time.monotonic() < deadline, "the Duel did not end in time"
        state = page_state(page)
        if state["dialog"]:
            rounds_seen += 1
            round_end_checks(page, rounds_seen)
            page.get_by_test_id("round-end-continue").click()
            continue
        if state["phase"] == "over":
            return played
        if state["myTurn"] != "yes":
            time.sleep(0.02)
            continue
        if check is not None:
            check(page, state)
        move = chooser.choose(state["observation"], state["legal"])
        play_by_clicking(page, move)
        played.append(move)


def round_end_checks(page: Page, number: int) -> None:
    """A finished Duel round: why it ended, the score with trolls paid, its six goals."""
    dialog = page.get_by_test_id("round-end")
    assert dialog.get_by_test_id("duel-round-end").inner_text().startswith("The round is over")
    rounds = page.evaluate("window.saboteurView.observation.rounds")
    summary = rounds[number - 1]
    for seat in (0, 1):
        shown = dialog.get_by_test_id(f"duel-round-nuggets-{seat}").inner_text()
        assert (
            int(shown) == summary["nuggets"][seat] == summary["gold"][seat] - summary["paid"][seat]
        )
    assert dialog.locator(".goal-list li").count() == 6
    if number == 1:
        screenshot(page, "duel-round-end")


def no_sideways_pan(page: Page, width: int) -> None:
    assert page.evaluate(PAGE_WIDTH) <= width, f"the page is wider than {width} px"


def test_a_person_plays_a_duel_against_a_bot_to_the_final_score(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        ana = laptop_page(browser)
        ana.set_viewport_size({"width": 1280, "height": 800})
        errors: list[str] = []
        ana.on("pageerror", lambda error: errors.append(str(error)))
        table = create_duel(server.base, ana)
        room = ana.get_by_test_id("lobby-room")
        assert "The Duel" in room.get_by_test_id("settings-edition").inner_text()
        ana.get_by_test_id("lobby-seat-1").wait_for()
        ana.get_by_test_id("start").click()
        ana.locator("#game").wait_for()
        facts = get_json(f"{server.base}/api/tables/{table}")
        assert facts["edition"] == "duel" and facts["players"] == 2 and facts["bots"] == "random"
        # Two starts in their colours, six goals face down.
        assert ana.locator(".maze-card .start-colour").count() == 2
        assert ana.get_by_test_id("my-role").inner_text() == "You play green"

        seen: set[str] = set()

        def look(page: Page, state: dict[str, Any]) -> None:
            no_sideways_pan(page, 1280)
            tokens = state["observation"]["duel"]
            if tokens["claims"] and "claim" not in seen:
                seen.add("claim")
                claim = tokens["claims"][0]
                assert page.get_by_test_id(f"claim-{claim['x']},{claim['y']}").count() == 1
                screenshot(page, "duel-table")
            if any(move["kind"] == "bribe" for move in state["legal"]):
                seen.add("bribe offered")
                assert page.get_by_test_id("bribes").is_visible()

        played = play_out(ana, DuelChooser(seed=31), look)
        assert errors == []
        record = get_json(f"{server.base}/api/tables/{table}/record")
        assert record["edition"] == "duel" and record["duel_deck"] == shipped_deck().to_dict()
        game = game_from_record(record)
        assert game.is_over and len(record["rounds"]) == 3
        assert ana.get_by_test_id("game-end").is_visible()
        shown = [int(ana.get_by_test_id(f"nuggets-{seat}").inner_text()) for seat in (0, 1)]
        assert shown == game.nuggets
        mine = [text for data in record["rounds"] for text in data["moves"] if text[0] == "0"]
        assert mine == [move["text"] for move in played]
        kinds = {move["kind"] for move in played}
        assert {"place", "discard"} <= kinds, kinds
        screenshot(ana, "duel-game-end", full_page=True)

        # The replay of the Duel steps to its end, counters and all.
        ana.get_by_test_id("replay-link").click()
        ana.get_by_test_id("replay-move").get_by_text("The deal").wait_for()
        ana.keyboard.press("End")
        total = sum(len(data["moves"]) for data in record["rounds"])
        ana.wait_for_function(f"() => document.body.dataset.n === '{total}'")
        assert ana.locator(".maze-card .start-colour").count() == 2
        no_sideways_pan(ana, 1280)
        assert errors == []
        browser.close()


def test_a_duel_on_a_phone_has_nothing_off_screen_sideways(tmp_path: Path) -> None:
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        bo = phone_page(browser)
        create_duel(server.base, bo)
        no_sideways_pan(bo, 390)
        bo.get_by_test_id("start").tap()
        bo.locator("#game").wait_for()
        chooser = DuelChooser(seed=41)
        for _ in range(12):
            bo.wait_for_function("() => document.body.dataset.myTurn === 'yes'", timeout=STEP_MS)
            no_sideways_pan(bo, 390)
            state = page_state(bo)
            play_by_clicking(bo, chooser.choose(state["observation"], state["legal"]), touch=True)
        no_sideways_pan(bo, 390)
        for seat in (0, 1):
            assert "counter" in bo.get_by_test_id(f"counters-{seat}").inner_text()
        bo.evaluate("window.scrollTo(0, 0)")
        screenshot(bo, "duel-phone")
        browser.close()


def italian_page(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": "lang", "value": "it", "url": url}])
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    return page


def test_the_duel_speaks_italian_and_refuses_a_bad_deck_in_italian(tmp_path: Path) -> None:
    deck = shipped_deck().to_dict()
    deck["actions"] = [entry for entry in deck["actions"] if entry["code"] != "rockfall"]
    bad = tmp_path / "my-deck.json"
    bad.write_text(json.dumps(deck), encoding="utf-8")
    check = LanguageCheck("it")
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = italian_page(browser, server.base)
        check.watch(page)
        page.goto(server.base + "/")
        page.get_by_test_id("create-name").fill("Ana")
        page.get_by_test_id("create-edition").select_option("duel")
        page.get_by_test_id("create-deck").set_input_files(str(bad))
        page.get_by_test_id("create").click()
        error = page.get_by_test_id("message-error")
        error.wait_for()
        said = error.inner_text()
        assert said.startswith("Deck: il file del mazzo è rifiutato: actions: "), said
        assert "18" in said and "16" in said  # the engine's own words: 18 actions, not 16
        check(page, "the refused deck")

        page.get_by_test_id("create-deck").set_input_files([])
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-room").wait_for()
        assert "Il Duello" in page.get_by_test_id("settings-edition").inner_text()
        page.get_by_test_id("start").click()
        page.locator("#game").wait_for()
        assert page.get_by_test_id("my-role").inner_text() == "Giochi con il verde"
        chooser = DuelChooser(seed=51)
        for _ in range(10):
            page.wait_for_function("() => document.body.dataset.myTurn === 'yes'", timeout=STEP_MS)
            check(page, "the Duel's table")
            state = page_state(page)
            play_by_clicking(page, chooser.choose(state["observation"], state["legal"]))
        assert "segnalin" in page.get_by_test_id("counters-0").inner_text()
        screenshot(page, "duel-it")
        browser.close()


def test_the_how_to_play_page_explains_the_duel_with_its_deck(tmp_path: Path) -> None:
    deck = shipped_deck()
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        for page, width in ((laptop_page(browser), 1280), (phone_page(browser), 390)):
            errors: list[str] = []
            page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
            page.goto(f"{server.base}/rules?edition=duel")
            page.wait_for_function("() => document.body.dataset.ready === 'yes'")
            assert page.evaluate("document.body.dataset.edition") == "duel"
            paths = page.get_by_test_id("rules-section-paths")
            # Every path card of the deck file drawn once, with its count.
            for entry in deck.paths:
                assert paths.locator(f'.rules-card[data-card="{entry.code}"]').count() >= 1
            goals = page.get_by_test_id("rules-section-gold").locator(".rules-card")
            assert goals.count() == len(deck.goals)
            maze = page.get_by_test_id("example-maze")
            assert maze.locator(".start-colour").count() == 2
            assert maze.locator(".bribe").count() == 1 and maze.locator(".claim").count() == 1
            assert "provisional" in page.get_by_test_id("rules-section-game").inner_text()
            no_sideways_pan(page, width)
            assert errors == []
        screenshot(page, "duel-rules-phone", full_page=True)
        browser.close()


__all__ = ["pseudo_web"]  # the fixture, imported for the test below


def test_no_word_of_the_duel_bypasses_the_catalogues(tmp_path: Path, pseudo_web: Path) -> None:
    """A whole Duel with every text of the catalogues wrapped in ⟦…⟧: any word the
    Duel's parts write outside them (a seat's counters, a bribe button, the round's
    score, a card's label, the replay) fails."""
    with server_and_browser(tmp_path, pseudo_web) as (server, browser):
        check = Checker({"Ana"})
        ana = laptop_page(browser)
        ana.goto(server.url)
        ana.get_by_test_id("create-name").fill("Ana")
        ana.get_by_test_id("create-edition").select_option("duel")
        ana.get_by_test_id("create").click()
        ana.get_by_test_id("lobby-room").wait_for()
        table = ana.get_by_test_id("invite-link").input_value().rsplit("/t/", 1)[1]
        check.names |= {table}
        check(ana, "the Duel's lobby room")
        ana.get_by_test_id("start").click()
        ana.locator("#game").wait_for()
        check.names |= seat_names(server, table)
        play_my_turns(
            ana,
            DuelChooser(seed=61),
            timeout_s=GAME_TIMEOUT_S,
            look=lambda where: check(ana, where),
        )
        check(ana, "the Duel's final score")
        ana.get_by_test_id("replay-link").click()
        ana.get_by_test_id("replay-move").wait_for()
        ana.get_by_test_id("replay-last").click()
        ana.wait_for_function("() => document.body.dataset.n !== '0'")
        check(ana, "the Duel's replay at its end")
        assert {"a round-end dialog", "choosing a card", "my turn"} <= check.checked


def test_a_duel_round_end_fits_a_phone(tmp_path: Path) -> None:
    """The round's score on a 390 px phone: the dialog and its table fit, no box to pan."""
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        body = {"name": "Ana", "edition": "duel", "players": 2, "bots": "random", "bot_pause": 0}
        created = post_json(f"{server.base}/api/tables", body)
        table, token = created["table"], created["token"]
        host = {"Authorization": f"Bearer {token}"}
        call(f"{server.base}/api/tables/{table}/start", host, {})
        deadline = time.monotonic() + GAME_TIMEOUT_S
        while True:  # the host plays through its API until the first round is over
            assert time.monotonic() < deadline, "the first round did not end in time"
            view = call(f"{server.base}/api/tables/{table}/view", host)
            if view["observation"]["rounds"]:
                break
            if view["legal"]:
                move = {"move": view["legal"][-1]["text"], "expect": view["version"]}
                call(f"{server.base}/api/tables/{table}/moves", host, move)
            else:
                time.sleep(0.02)
        browser = launch_chromium(pw)
        page = phone_page(browser)
        page.goto(server.base + "/")
        page.evaluate(
            f"""() => {{ localStorage.setItem('pysaboteur.token.{table}', '{token}');
                         localStorage.setItem('pysaboteur.rounds-seen.{table}.0', '0'); }}"""
        )
        page.goto(f"{server.base}/t/{table}")
        page.locator("#round-end-dialog[open]").wait_for()
        no_sideways_pan(page, 390)
        boxes = page.evaluate(
            """() => [...document.querySelectorAll(
                       '#round-end-dialog, #round-end-dialog .score-box')]
                     .map((node) => [node.scrollWidth, node.clientWidth])"""
        )
        assert len(boxes) == 2 and all(wide <= shown for wide, shown in boxes), boxes
        screenshot(page, "duel-round-end-phone")
        browser.close()


def call(url: str, headers: dict[str, str], body: dict[str, Any] | None = None) -> Any:
    """A request of the host's, with its token (``post_json`` has none)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json", **headers}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())
