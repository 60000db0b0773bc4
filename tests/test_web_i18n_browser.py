"""The browser client's languages in Debian's Chromium (headless, driven by Playwright).

- A pseudo-locale: the real client served with English catalogues whose every value is
  wrapped in ``⟦…⟧`` (a copy of the web folder in a temporary directory, never shipped).
  A person plays a whole game through the lobby, the table (hand, choices, seat panels,
  log, round-end dialogs, the final score), the finished table's page and the replay;
  at every step every visible word on the page, every label and title is inside the
  markers but for the players' names, numbers and signs. A word that bypasses the
  catalogues shows up bare and fails the test.
- The language picker: it lists the six languages in their own names, sets the ``lang``
  cookie and the page comes back in that language; ``Accept-Language`` chooses when
  there is no cookie. The picker fits the top bar of a phone.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import (
    CHROMIUM,
    STEP_MS,
    Chooser,
    laptop_page,
    launch_chromium,
    page_state,
    phone_page,
    play_my_turns,
    screenshot,
)
from playwright.sync_api import Browser, Page, sync_playwright
from server_helpers import Server, running_server

from pysaboteur.server.config import WEB_DIR

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

OPEN, CLOSE = "⟦", "⟧"
GAME_TIMEOUT_S = 400
BOT_PAUSE = 0.15  # seconds a bot waits before it moves

#: What is left of the page's words once every marked text and every known name is taken
#: out: per line, anything but numbers and signs ("5", "1:23", "+2", a star, a minus, ...).
LEFT_OVER = r"""
({names}) => {
  const strip = (text) => {
    let before;
    do {
      before = text;
      text = text.replace(/\u27e6[^\u27e6\u27e7]*\u27e7/g, " ");
    } while (text !== before);
    const longestFirst = [...names].sort((a, b) => b.length - a.length);
    for (const name of longestFirst) text = text.split(name).join(" ");
    return text;
  };
  // Digits and signs: - + . , : ; ( ) / % ? en dash, minus, times, middle dot, star, triangles.
  const signs = /[\s\d.,:;+\-()\/%?\u2013\u2212\u00d7\u00b7\u2605\u25be\u25b8]+/g;
  const bare = (text) =>
    strip(text).split("\n").map((line) => line.replace(signs, " ").trim()).filter(Boolean);
  const picker = document.querySelector('[data-testid="language"]');
  const found = [];
  // The picker's options are the languages' own names, the same on every page.
  const display = picker ? picker.style.display : "";
  if (picker) picker.style.display = "none";
  const text = document.body.innerText;
  if (picker) picker.style.display = display;
  for (const line of bare(text)) found.push(`text: ${line}`);
  for (const line of bare(document.title)) found.push(`title: ${line}`);
  for (const node of document.querySelectorAll("*")) {
    if (picker && (node === picker || picker.contains(node))) continue;
    for (const attribute of ["aria-label", "title", "placeholder", "alt"]) {
      const value = node.getAttribute(attribute);
      const tag = node.tagName.toLowerCase();
      if (value) for (const line of bare(value)) found.push(`${attribute} of <${tag}>: ${line}`);
    }
  }
  for (const node of document.querySelectorAll("svg title, svg text, option")) {
    if (picker && picker.contains(node)) continue;
    const tag = node.tagName.toLowerCase();
    for (const line of bare(node.textContent)) found.push(`<${tag}>: ${line}`);
  }
  return [...new Set(found)];
}
"""


PROBE = """() => {
  const probe = document.createElement("p");
  probe.id = "probe";
  probe.title = "⟦Ana⟧ a bare label";
  probe.textContent = "Bare words 12 ⟦marked⟧ Ana";
  document.querySelector("main").append(probe);
}"""


def wrap(value: str | dict[str, str]) -> str | dict[str, str]:
    if isinstance(value, dict):
        return {form: f"{OPEN}{text}{CLOSE}" for form, text in value.items()}
    return f"{OPEN}{value}{CLOSE}"


@pytest.fixture
def pseudo_web(tmp_path: Path) -> Path:
    """The client with every English text wrapped in markers."""
    web = tmp_path / "pseudo-web"
    shutil.copytree(WEB_DIR, web)
    for path in (web / "locales" / "en").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        wrapped = {key: wrap(value) for key, value in data.items()}
        path.write_text(json.dumps(wrapped, ensure_ascii=False), encoding="utf-8")
    return web


@contextmanager
def server_and_browser(folder: Path, web: Path) -> Iterator[tuple[Server, Browser]]:
    # Bots that think a little, so that the page is seen waiting for them as well.
    with (
        running_server(folder, web_dir=web, bot_pause=BOT_PAUSE) as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        try:
            yield server, browser
        finally:
            browser.close()


class Checker:
    """Checks a page's words against the markers, remembering what it saw."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.checked: set[str] = set()

    def bare(self, page: Page) -> list[str]:
        found: list[str] = page.evaluate(LEFT_OVER, {"names": sorted(self.names)})
        return found

    def __call__(self, page: Page, where: str) -> None:
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        bare = self.bare(page)
        assert bare == [], f"words outside the catalogues on {where}:\n" + "\n".join(bare)
        assert page.get_by_test_id("language").count() == 1, f"no language picker on {where}"
        self.checked.add(where)


def seat_names(server: Server, table: str) -> set[str]:
    facts = server.facts(table)
    return {seat["name"] for seat in facts["seats"] if seat.get("name")} | {table}


@pytest.mark.parametrize("edition", ["base", "saboteur2"])
def test_no_visible_word_bypasses_the_catalogues(
    tmp_path: Path, pseudo_web: Path, edition: str
) -> None:
    with server_and_browser(tmp_path, pseudo_web) as (server, browser):
        check = Checker({"Ana"})
        ana = laptop_page(browser)
        ana.goto(server.url)
        ana.get_by_test_id("create-players").locator("option").first.wait_for(state="attached")
        check(ana, "the front page")
        # The check sees a word that bypasses the catalogues, in the text or a label.
        ana.evaluate(PROBE)
        assert check.bare(ana) == ["text: Bare words", "title of <p>: a bare label"]
        ana.evaluate("document.getElementById('probe').remove()")
        ana.get_by_test_id("create-name").fill("Ana")
        ana.get_by_test_id("create-edition").select_option(edition)
        ana.get_by_test_id("create-players").select_option("3")
        ana.get_by_test_id("create-bots").select_option("random")
        ana.get_by_test_id("create").click()
        ana.get_by_test_id("lobby-room").wait_for()
        table = ana.get_by_test_id("invite-link").input_value().rsplit("/t/", 1)[1]
        check.names |= {table}
        check(ana, "the lobby room")

        # Somebody with the link and no seat: the join form.
        guest = laptop_page(browser)
        guest.goto(f"{server.url}t/{table}")
        guest.get_by_test_id("join-name").wait_for()
        check(guest, "the join form")
        guest.context.close()

        ana.get_by_test_id("start").click()
        ana.locator("#game").wait_for()
        check.names |= seat_names(server, table)
        _play_to_the_end(ana, check, edition)

        check(ana, "the final score")
        assert ana.get_by_test_id("game-end").is_visible()
        screenshot(ana, f"i18n-pseudo-{edition}-over")

        finished = laptop_page(browser)
        finished.goto(f"{server.url}t/{table}")
        finished.get_by_test_id("game-over").wait_for()
        check(finished, "the finished table's page")
        finished.get_by_test_id("join-replay").click()
        finished.get_by_test_id("replay-move").wait_for()
        check(finished, "the replay at the deal")
        for _ in range(3):
            finished.get_by_test_id("replay-forward").click()
        finished.wait_for_function("() => document.body.dataset.n === '3'")
        check(finished, "the replay at move 3")
        finished.get_by_test_id("replay-last").click()
        finished.wait_for_function("() => document.body.dataset.n !== '3'")
        check(finished, "the replay's end")
        screenshot(finished, f"i18n-pseudo-{edition}-replay")

        assert {"a round-end dialog", "choosing a card", "my turn", "waiting"} <= check.checked


def _play_to_the_end(page: Page, check: Checker, edition: str) -> None:
    chooser = Chooser(seed=3 if edition == "base" else 5, fresh=0.5)
    play_my_turns(page, chooser, timeout_s=GAME_TIMEOUT_S, look=lambda where: check(page, where))
    assert page_state(page)["phase"] == "over"


def _translated_web(tmp_path: Path) -> Path:
    """The client with a little Turkish (a test's own, never shipped)."""
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    for other in (web / "locales").iterdir():  # only English and the test's Turkish
        if other.name != "en":
            shutil.rmtree(other)
    folder = web / "locales" / "tr"
    folder.mkdir()
    lobby = {
        "lobby.create_title": "Masa kur",
        "lobby.players_option": {"one": "{count} oyuncu", "other": "{count} oyuncu"},
    }
    (folder / "lobby.json").write_text(json.dumps(lobby, ensure_ascii=False), encoding="utf-8")
    return web


def test_the_picker_sets_the_cookie_and_the_page_comes_back_in_that_language(
    tmp_path: Path,
) -> None:
    with server_and_browser(tmp_path, _translated_web(tmp_path)) as (server, browser):
        page = laptop_page(browser)
        page.goto(server.url)
        picker = page.get_by_test_id("language")
        assert picker.input_value() == "en"
        options = picker.locator("option")
        assert options.all_inner_texts() == [
            "English", "Türkçe", "Lietuvių", "Ελληνικά", "Slovenčina", "Italiano",
        ]  # fmt: skip
        assert [options.nth(i).get_attribute("value") for i in range(6)] == [
            "en", "tr", "lt", "el", "sk", "it",
        ]  # fmt: skip
        assert page.locator("h1").inner_text() == "Create a table"

        with page.expect_navigation():
            picker.select_option("tr")
        page.get_by_test_id("create-players").locator("option").first.wait_for(state="attached")
        assert page.evaluate("document.documentElement.lang") == "tr"
        assert page.locator("h1").inner_text() == "Masa kur"  # filled by the server
        assert "4 oyuncu" in page.get_by_test_id("create-players").inner_text()  # by the script
        assert page.get_by_test_id("language").input_value() == "tr"
        [cookie] = [cookie for cookie in page.context.cookies() if cookie["name"] == "lang"]
        assert (cookie["value"], cookie["path"], cookie["sameSite"]) == ("tr", "/", "Lax")
        assert 364 * 86400 < cookie["expires"] - time.time() <= 365 * 86400

        # The choice holds on every page of the site.
        page.goto(f"{server.url}t/abcd")
        assert page.evaluate("document.documentElement.lang") == "tr"
        assert page.get_by_test_id("language").input_value() == "tr"

        with page.expect_navigation():
            page.get_by_test_id("language").select_option("en")
        assert page.evaluate("document.documentElement.lang") == "en"


def test_without_a_cookie_the_browsers_languages_choose(tmp_path: Path) -> None:
    with server_and_browser(tmp_path, _translated_web(tmp_path)) as (server, browser):
        context = browser.new_context(locale="tr-TR", viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        page.goto(server.url)
        assert page.evaluate("navigator.language") == "tr-TR"
        assert page.evaluate("document.documentElement.lang") == "tr"
        assert page.locator("h1").inner_text() == "Masa kur"
        assert page.get_by_test_id("language").input_value() == "tr"
        context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_picker_fits_the_top_bar(tmp_path: Path, size: str) -> None:
    with server_and_browser(tmp_path, WEB_DIR) as (server, browser):
        page = phone_page(browser) if size == "phone" else laptop_page(browser)
        width = 390 if size == "phone" else 1280
        created = server.create(name="Ana", players=3, bots="random")
        for path in ("", f"t/{created['table']}", f"replay/{created['table']}"):
            page.goto(server.url + path)
            picker = page.get_by_test_id("language")
            picker.wait_for()
            box = picker.bounding_box()
            bar = page.locator(".topbar").bounding_box()
            assert box is not None and bar is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (path, box)
            assert bar["y"] <= box["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"]
            assert box["height"] >= 24  # big enough to tap
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"i18n-picker-{size}")
