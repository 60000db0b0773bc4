"""The table in each of its six languages, with the shipped catalogues, in Debian's
Chromium: a person whose browser chose the language creates a table, plays a few moves
by clicking and reaches a round's end; the page is in that language at every step —
``<html lang>``, the title, no key without a text, no English sentence left where the
language has its own — and names in Greek and Turkish letters show as typed.

The screenshots of the table in each language (``test-artifacts/table-<lang>.png``)
are the ones in docs/web-client.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, STEP_MS, Chooser, play_my_turns, screenshot
from playwright.sync_api import Page
from test_web_browser_fixes import server_and_browser

from pysaboteur.server.config import WEB_DIR

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

LOCALES = WEB_DIR / "locales"
LANGUAGES = ["en", "tr", "lt", "el", "sk", "it"]
#: The host's name in each language's letters.
HOSTS = {
    "en": "Ann",
    "tr": "Işıl Çağrı",
    "lt": "Žydrūnė",
    "el": "Άννα Σωκράτους",
    "sk": "Ľubomír Ďurčo",
    "it": "Niccolò",
}
MOVES = 6  # moves of the host's own played by clicking before the round is left to end

#: The visible lines of the page (text, labels, titles), the language picker left out.
VISIBLE_LINES = r"""
() => {
  const picker = document.querySelector('[data-testid="language"]');
  if (picker) picker.style.display = "none";
  const lines = document.body.innerText.split("\n");
  if (picker) picker.style.display = "";
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    for (const name of ["aria-label", "title", "placeholder"]) {
      const value = node.getAttribute(name);
      if (value) lines.push(value);
    }
  }
  return [...new Set(lines.map((line) => line.trim()).filter(Boolean))];
}
"""


def catalogue(lang: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for path in sorted((LOCALES / lang).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def english_only_lines(lang: str) -> set[str]:
    """English texts with no placeholder that ``lang`` writes nowhere ("Saboteur", the
    game's name, is the same in every language): one of them on the page is a word the
    language did not get."""

    def forms(texts: dict[str, Any]) -> set[str]:
        every = (
            v
            for value in texts.values()
            for v in (value.values() if isinstance(value, dict) else [value])
        )
        return {form.strip() for form in every}

    theirs = forms(catalogue(lang))
    return {
        form
        for form in forms(catalogue("en")) - theirs
        if "{" not in form and any(ch.isalpha() for ch in form)
    }


class LanguageCheck:
    """Checks that a page speaks ``lang`` and only ``lang``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.english = english_only_lines(lang) if lang != "en" else set()
        self.missing: list[str] = []

    def watch(self, page: Page) -> None:
        page.on(
            "console",
            lambda message: self.missing.append(message.text) if "i18n:" in message.text else None,
        )

    def __call__(self, page: Page, where: str) -> None:
        assert page.evaluate("document.documentElement.lang") == self.lang, where
        lines: list[str] = page.evaluate(VISIBLE_LINES)
        left = sorted(line for line in lines if line in self.english)
        assert left == [], f"English left on {where} in {self.lang}: {left}"
        assert self.missing == [], f"keys without a text on {where}: {self.missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_speaks_each_language(tmp_path: Path, lang: str) -> None:
    check = LanguageCheck(lang)
    host = HOSTS[lang]
    with server_and_browser(tmp_path) as (server, browser):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        check.watch(page)
        page.goto(server.url)
        page.get_by_test_id("create-players").locator("option").first.wait_for(state="attached")
        check(page, "the front page")
        title = catalogue(lang).get("lobby.page_title") or catalogue("en")["lobby.page_title"]
        assert page.title() == title

        page.get_by_test_id("create-name").fill(host)
        page.get_by_test_id("create-players").select_option("4")
        page.get_by_test_id("create-bots").select_option("random")
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-room").wait_for()
        check(page, "the lobby room")
        page.get_by_test_id("start").click()
        page.locator("#game").wait_for()
        assert host in page.inner_text("body")

        def picture(played: int) -> None:
            if played == MOVES - 1:
                page.evaluate("window.scrollTo(0, 0)")  # the top bar in the picture too
                screenshot(page, f"table-{lang}")

        played = play_my_turns(
            page,
            Chooser(seed=11, fresh=0.5),
            timeout_s=120,
            turns=MOVES,
            look=lambda where: check(page, where),
            before_move=picture,
        )
        assert played == MOVES
        check(page, "the table after the host's moves")
        names = page.evaluate("window.saboteurView.observation.names")
        assert names[0] == host


#: Whatever of a seat panel's contents sticks out of the panel (by more than a pixel).
STICKING_OUT = """
() => [...document.querySelectorAll('[data-testid^="seat-"]')].flatMap((panel) => {
  const box = panel.getBoundingClientRect();
  return [...panel.querySelectorAll("*")]
    .filter((node) => node.getClientRects().length)
    .filter((node) => node.getBoundingClientRect().right > box.right + 1)
    .map((node) => `${panel.dataset.testid}: ${node.textContent.trim().slice(0, 40)}`);
})
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seat_panels_hold_their_words_on_a_phone(tmp_path: Path, lang: str) -> None:
    # Saboteur 2's panels carry the most words (gold pieces, marks): on a 390 px phone
    # nothing of them may stick out of its panel, in any language.
    with server_and_browser(tmp_path) as (server, browser):
        created = server.create(name=HOSTS[lang], players=5, bots="random", edition="saboteur2")
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        page.goto(server.url)
        token, table = created["token"], created["table"]
        page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{token}')")
        page.goto(f"{server.url}t/{table}")
        page.get_by_test_id("start").click()
        page.locator('[data-testid="gold-pieces-0"]').wait_for()
        assert page.evaluate(STICKING_OUT) == []
