"""Accounts in Debian's Chromium (headless, driven by Playwright): a group of three,
two with accounts made on the account page and a guest, play a short game; each
account finds it in My games with its rating changed, the seat panels show the
ratings, and the guest, signing up afterwards, keeps the game with the claim button."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from accounts_helpers import play_out
from browser_helpers import CHROMIUM, STEP_MS, launch_chromium, page_state, screenshot
from playwright.sync_api import BrowserContext, Page, sync_playwright
from server_helpers import Server, running_server

from pysaboteur.server.config import WEB_DIR

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

PASSWORD = "a long enough password"


def sign_up_on_the_page(context: BrowserContext, server: Server, name: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(f"{server.url}account")
    page.get_by_test_id("signup-name").fill(name)
    page.get_by_test_id("signup-password").fill(PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.get_by_test_id("sign-out").wait_for()
    return page


def post_from(page: Page, path: str, body: dict[str, Any]) -> Any:
    """``POST path`` from the page, with its cookies, as the page's scripts send it."""
    return page.evaluate(
        """async ([path, body]) => {
          const answer = await fetch(path, {method: "POST", body,
            headers: {"Content-Type": "application/json"}});
          return answer.json();
        }""",
        [path, json.dumps(body)],
    )


def keep_token(page: Page, table: str, token: str) -> None:
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{token}')")


def test_a_group_finds_its_game_and_ratings_in_my_games(tmp_path: Path) -> None:
    with (
        running_server(tmp_path, web_dir=WEB_DIR, bot_pause=0.0) as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(3)]
        ana = sign_up_on_the_page(contexts[0], server, "Ana")
        bo = sign_up_on_the_page(contexts[1], server, "Bo")
        cy = contexts[2].new_page()
        cy.set_default_timeout(STEP_MS)
        cy.goto(server.url)
        created = post_from(ana, "/api/tables", {"name": "Ana", "players": 4, "bots": "random"})
        table = created["table"]
        tokens = [created["token"]]
        for page, name in ((bo, "Bo"), (cy, "Cy")):
            tokens.append(post_from(page, f"/api/tables/{table}/join", {"name": name})["token"])
        for page, token in zip((ana, bo, cy), tokens, strict=True):
            keep_token(page, table, token)
        server.ok("POST", f"/api/tables/{table}/start", tokens[0])
        play_out(server, table, tokens)

        for page in (ana, bo):
            page.goto(f"{server.url}account")
            page.get_by_test_id(f"game-{table}").wait_for()
            rating = page.get_by_test_id("my-rating-base")
            page.wait_for_function(
                "() => document.querySelector('[data-testid=my-rating-base] td:last-child')"
                "?.textContent === '1'"
            )
            assert rating.locator("td").nth(3).inner_text() == "1"  # one game rated
            games = page.get_by_test_id("games").inner_text()
            assert "Watch the replay" in games and "Download the record" in games
            assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no panning
        screenshot(ana, "accounts-my-games", full_page=True)

        ana.goto(f"{server.url}t/{table}")
        ana.get_by_test_id("seat-rating-0").wait_for()
        assert ana.get_by_test_id("seat-rating-2").count() == 0  # the guest: not rated
        ana.get_by_test_id("seat-rating-3").wait_for()  # the bot kind is
        assert ana.get_by_test_id("claim-seat").count() == 0  # her seat is hers already

        cy.goto(f"{server.url}account")
        cy.get_by_test_id("signup-name").fill("Cy")
        cy.get_by_test_id("signup-password").fill(PASSWORD)
        cy.get_by_test_id("signup-submit").click()
        cy.get_by_test_id("sign-out").wait_for()
        assert cy.get_by_test_id(f"game-{table}").count() == 0
        cy.goto(f"{server.url}t/{table}")
        cy.get_by_test_id("claim-seat").click()
        cy.get_by_test_id("claim-seat").wait_for(state="detached")
        cy.goto(f"{server.url}account")
        cy.get_by_test_id(f"game-{table}").wait_for()
        cy.get_by_test_id("my-rating-base").wait_for()
        browser.close()


def test_a_seat_followed_to_a_new_device_is_taken_back_there(tmp_path: Path) -> None:
    """Bo plays on his laptop; on his phone (no token there) he opens the table's
    link as from his your-turn e-mail, signs in through the table's own link, comes
    back to the table and takes his seat; the laptop's page says where it went and
    offers to take it back."""
    with (
        running_server(tmp_path, web_dir=WEB_DIR, bot_pause=0.0) as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        laptop = browser.new_context(viewport={"width": 1280, "height": 800})
        phone = browser.new_context(viewport={"width": 390, "height": 844})
        ana = sign_up_on_the_page(laptop, server, "Ana")
        created = post_from(ana, "/api/tables", {"name": "Ana", "players": 3, "bots": "random"})
        table = created["table"]
        bo_laptop = sign_up_on_the_page(browser.new_context(), server, "Bo")
        token = post_from(bo_laptop, f"/api/tables/{table}/join", {"name": "Bo"})["token"]
        keep_token(bo_laptop, table, token)
        server.ok("POST", f"/api/tables/{table}/start", created["token"])
        bo_laptop.goto(f"{server.url}t/{table}")
        bo_laptop.wait_for_function("() => document.body.dataset.welcomes === '1'")
        assert bo_laptop.get_by_test_id("take-seat-offer").count() == 0

        bo_phone = phone.new_page()
        bo_phone.set_default_timeout(STEP_MS)
        bo_phone.goto(f"{server.url}t/{table}")
        bo_phone.get_by_test_id("take-seat-sign-in").get_by_role("link").click()
        bo_phone.wait_for_url(f"**/account?next=%2Ft%2F{table}")
        bo_phone.get_by_test_id("signin-name").fill("Bo")
        bo_phone.get_by_test_id("signin-password").fill(PASSWORD)
        bo_phone.get_by_test_id("signin-submit").click()
        bo_phone.wait_for_url(f"**/t/{table}")
        bo_phone.get_by_test_id("take-seat").click()
        bo_phone.wait_for_function("() => window.saboteurView && window.saboteurView.observation")
        assert bo_phone.evaluate("() => window.saboteurView.observation.seat") == 1
        assert bo_phone.evaluate(f"() => localStorage.getItem('pysaboteur.token.{table}')") != token
        screenshot(bo_phone, "seat-taken-back-phone")

        bo_laptop.get_by_test_id("take-seat-offer").wait_for()
        assert page_state(bo_laptop)["connection"] == "closed"  # not "connected" any more
        assert "another device" in bo_laptop.locator("#messages").inner_text()
        screenshot(bo_laptop, "seat-moved-laptop")
        bo_laptop.get_by_test_id("take-seat").click()
        bo_laptop.wait_for_function("() => window.saboteurView && window.saboteurView.observation")
        assert bo_laptop.evaluate("() => window.saboteurView.observation.seat") == 1
        bo_phone.get_by_test_id("take-seat-offer").wait_for()
