"""Sound and motion at the web table, in Debian's Chromium (headless, Playwright):

- the mute and reduce-motion switches are remembered across reloads;
- with motion allowed, a card played travels to its cell (an animation runs) and
  the viewer's turn sounds, unless muted;
- with the system's reduced motion (``prefers-reduced-motion: reduce``) or the
  page's own switch, no animation runs at all: none started, none in
  ``document.getAnimations()``, and the style sheet's own glow is off.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, STEP_MS, page_state, play_by_clicking, set_switch
from browser_in_process import server_and_browser
from playwright.sync_api import Browser, Page
from server_helpers import Server

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)


def host_page(server: Server, browser: Browser, *, reduced: bool = False) -> Page:
    """Ana's page at a new table of three (two random bots), in its lobby."""
    made = server.create(name="Ana", players=3, bots="random", away_after=None)
    context = browser.new_context(
        viewport={"width": 1280, "height": 800},
        reduced_motion="reduce" if reduced else "no-preference",
    )
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{made['table']}', '{made['token']}')")
    page.goto(f"{server.url}t/{made['table']}")
    page.get_by_test_id("lobby-room").wait_for()
    return page


def my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.body.dataset.myTurn === 'yes' && document.body.dataset.phase === 'play'"
    )


def place_a_card(page: Page) -> None:
    """Ana's turn: a path card placed if one fits, else any move."""
    my_turn(page)
    legal = page_state(page)["legal"]
    places = [move for move in legal if move["kind"] == "place"]
    play_by_clicking(page, (places or legal)[0])


def glow_of_a_target(page: Page) -> str:
    """The animation the style sheet gives a cell offered to a card (a frame put in
    the maze for the test: which cells are offered depends on the deal)."""
    glow: str = page.evaluate(
        """() => {
          const svg = document.querySelector('.maze-svg');
          const frame = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
          frame.setAttribute('class', 'target-frame');
          svg.append(frame);
          const name = getComputedStyle(frame).animationName;
          frame.remove();
          return name;
        }"""
    )
    return glow


def started(page: Page) -> int:
    return int(page.evaluate("window.saboteurMotion.count"))


def running(page: Page) -> int:
    return int(page.evaluate("document.getAnimations().length"))


def test_the_switches_are_remembered(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        page = host_page(server, browser)
        assert not page.get_by_test_id("mute").is_checked()
        assert page.evaluate("document.documentElement.dataset.motion") == "full"
        set_switch(page, "mute", True)
        set_switch(page, "reduce-motion", True)
        assert page.evaluate("document.documentElement.dataset.motion") == "reduced"
        page.reload()
        page.get_by_test_id("lobby-room").wait_for()
        assert page.get_by_test_id("mute").is_checked()
        assert page.get_by_test_id("reduce-motion").is_checked()
        assert page.evaluate("document.documentElement.dataset.motion") == "reduced"
        stored = page.evaluate(
            "[localStorage.getItem('pysaboteur.muted'),"
            " localStorage.getItem('pysaboteur.reduced-motion')]"
        )
        assert stored == ["1", "1"]
        set_switch(page, "mute", False)
        page.reload()
        page.get_by_test_id("lobby-room").wait_for()
        assert not page.get_by_test_id("mute").is_checked()
        assert page.get_by_test_id("reduce-motion").is_checked()


def test_with_motion_a_card_travels_and_the_turn_sounds_unless_muted(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        page = host_page(server, browser)
        page.get_by_test_id("start").click()
        my_turn(page)
        place_a_card(page)
        my_turn(page)  # the bots moved: Ana's turn again
        assert started(page) > 0
        assert glow_of_a_target(page) == "glow"
        assert page.evaluate("window.saboteurSounds").count("turn") == 1
        set_switch(page, "mute", True)
        place_a_card(page)
        my_turn(page)
        assert page.evaluate("window.saboteurSounds").count("turn") == 1  # muted: no more
        # The page's own switch: from now on nothing moves.
        set_switch(page, "reduce-motion", True)
        page.wait_for_function("() => document.getAnimations().length === 0")
        before = started(page)
        place_a_card(page)
        my_turn(page)
        assert started(page) == before
        assert running(page) == 0
        assert glow_of_a_target(page) == "none"


def test_the_systems_reduced_motion_is_respected(tmp_path: Path) -> None:
    with server_and_browser(tmp_path) as (server, browser):
        page = host_page(server, browser, reduced=True)
        assert page.evaluate("document.documentElement.dataset.motion") == "reduced"
        page.get_by_test_id("start").click()
        for _ in range(3):
            place_a_card(page)
            assert running(page) == 0
        my_turn(page)
        assert started(page) == 0
        assert glow_of_a_target(page) == "none"
        assert running(page) == 0
