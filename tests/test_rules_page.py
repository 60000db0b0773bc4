"""The How to play page: ``/rules`` and its numbers, ``/api/rules/{edition}``, which
must be the engine's own tables; its catalogue; and the page itself in Debian's
Chromium (headless, driven by Playwright) against a server in this process: both
editions, every section with words, the cards drawn as the table draws them,
nothing wider than a phone or a laptop, and the table's link opening it in a new
tab on the table's edition. Screenshots go to ``test-artifacts/``; ``rules-laptop.png``
is the picture in docs/images/web-rules.png.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import ARTIFACTS, CHROMIUM, STEP_MS, launch_chromium, screenshot
from playwright.sync_api import Browser, Page, sync_playwright
from server_helpers import Server, error_of, running_server

from pysaboteur.rules.editions import base as base_tables
from pysaboteur.rules.editions import find_edition
from pysaboteur.rules.editions import saboteur2 as saboteur2_tables
from pysaboteur.rules.gold import SABOTEUR_PAY
from pysaboteur.rules.gold_pieces import SHARE, SHORTFALL
from pysaboteur.server.config import WEB_DIR

CATALOGUE = WEB_DIR / "locales" / "en" / "rules.json"
PAGE_SCRIPT = WEB_DIR / "js" / "rules_page.js"
SECTIONS = {
    "base": ["goal", "roles", "setup", "turn", "paths", "actions", "round-end", "gold", "game"],
    "saboteur2": [
        "goal",
        "roles",
        "setup",
        "turn",
        "paths",
        "actions",
        "round-end",
        "scoring",
        "game",
    ],
}
#: The cards each edition's page draws (not counting the example maze): the start and
#: goals, the base path cards, every action card of the base game, the gold cards;
#: Saboteur 2 adds its new path cards (bridge, double curve, 2 ladders, 2 doors, 2
#: crystals) and its 7 new action cards, and has no gold cards.
DRAWN_CARDS = {"base": 4 + 7 + 11 + 3, "saboteur2": 4 + 7 + 11 + 8 + 7}
#: The example maze: the start, the placed cards, the gold face up, two goals face down.
MAZE_CARDS = {"base": 1 + 10 + 1 + 2, "saboteur2": 1 + 8 + 1 + 2}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("rules"), web_dir=WEB_DIR) as running:
        yield running


def rules_of(server: Server, edition: str) -> dict[str, Any]:
    return dict(server.ok("GET", f"/api/rules/{edition}"))


# ---- the route and the numbers ----------------------------------------------------


def test_the_rules_route_serves_the_page_in_the_chosen_language(server: Server) -> None:
    response = server.http.get("/rules", params={"edition": "saboteur2"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert '<html lang="en">' in page and "/static/js/rules_page.js" in page
    assert "<title>How to play Saboteur</title>" in page and "{{" not in page
    turkish = server.http.get("/rules", headers={"Cookie": "lang=tr"})
    assert '<html lang="tr">' in turkish.text


def test_the_base_game_numbers_are_the_engine_tables(server: Server) -> None:
    numbers = rules_of(server, "base")
    assert (numbers["edition"], numbers["min_players"], numbers["max_players"]) == ("base", 3, 10)
    assert numbers["rounds"] == 3 and numbers["most_discarded"] == 1
    rows = {row["players"]: row for row in numbers["counts"]}
    assert {n: row["saboteurs"] for n, row in rows.items()} == base_tables.SABOTEURS_IN_POOL
    assert {n: row["hand"] for n, row in rows.items()} == base_tables.HAND_SIZE
    for players, row in rows.items():
        assert row["saboteurs"] + row["miners"] == players + 1  # one role card set aside
    assert rows[10] == {"players": 10, "saboteurs": 4, "miners": 7, "hand": 4, "finder_draws": 9}
    assert [row["finder_draws"] for row in numbers["counts"]] == [3, 4, 5, 6, 7, 8, 9, 9]
    assert numbers["gold_cards"] == {"1": 16, "2": 8, "3": 4} and numbers["nuggets"] == 44
    assert Counter(base_tables.GOLD_CARDS) == {int(v): n for v, n in numbers["gold_cards"].items()}
    pay = {row["saboteurs"]: row["nuggets"] for row in numbers["saboteur_pay"]}
    assert pay == SABOTEUR_PAY == {1: 4, 2: 3, 3: 3, 4: 2}
    cards = numbers["cards"]
    assert cards["path"] == base_tables.TUNNEL_COUNTS
    assert cards["action"] == {code: n for code, (_, n) in base_tables.ACTION_CARDS.items()}
    assert (cards["path_total"], cards["action_total"], cards["deck"]) == (40, 27, 67)
    assert numbers["roles"] == {"saboteur": 4, "miner": 7}


def test_the_saboteur2_numbers_are_the_engine_tables(server: Server) -> None:
    numbers = rules_of(server, "saboteur2")
    edition = find_edition("saboteur2")
    assert (numbers["edition"], numbers["min_players"], numbers["max_players"]) == (
        "saboteur2",
        2,
        12,
    )
    assert numbers["hand"] == saboteur2_tables.HAND_SIZE == 6
    assert numbers["removed"] == saboteur2_tables.REMOVED_PER_ROUND == 10
    assert set(numbers["hand_sizes"].values()) == {6} and len(numbers["hand_sizes"]) == 11
    assert numbers["most_discarded"] == edition.most_discarded == 3
    assert numbers["roles"] == saboteur2_tables.DWARF_CARDS
    assert sum(numbers["roles"].values()) == 15
    shares = [(row["winners"], row["share"]) for row in numbers["shares"]]
    assert shares == [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)]
    assert shares[:4] == list(SHARE.items())
    assert numbers["shortfall"] == SHORTFALL == {"boss": 1, "profiteer": 2}
    cards = numbers["cards"]
    assert cards["path"] == dict(edition.tunnel_counts)
    assert (cards["path_total"], cards["action_total"], cards["deck"]) == (64, 47, 111)
    new_actions = set(cards["action"]) - set(base_tables.ACTION_CARDS)
    assert {code: cards["action"][code] for code in new_actions} == {
        code: n for code, (_, n) in saboteur2_tables.EXPANSION_ACTIONS.items()
    }


def test_an_alias_names_its_edition_and_an_unknown_edition_is_not_found(server: Server) -> None:
    assert rules_of(server, "sab2") == rules_of(server, "saboteur2")
    assert error_of(server.http.get("/api/rules/chess")) == (404, "not_found")


# ---- the catalogue ----------------------------------------------------------------


def _catalogue() -> dict[str, Any]:
    values: dict[str, Any] = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    return values


def test_every_word_of_the_catalogue_is_a_rules_key_with_text() -> None:
    for key, value in _catalogue().items():
        assert key.startswith("rules."), key
        if isinstance(value, dict):
            assert set(value) == {"one", "other"} and all(text.strip() for text in value.values())
        else:
            assert isinstance(value, str) and value.strip(), key


def test_the_page_asks_only_for_keys_the_catalogue_has_and_uses_them_all() -> None:
    # The page's script with its building blocks and its Duel (rules_*.js).
    script = "".join(
        path.read_text(encoding="utf-8") for path in sorted((WEB_DIR / "js").glob("rules_*.js"))
    )
    html = (WEB_DIR / "rules.html").read_text(encoding="utf-8")
    others = "".join(
        (WEB_DIR / name).read_text(encoding="utf-8") for name in ("table.html", "index.html")
    )
    keys = set(_catalogue())
    asked = set(re.findall(r'"(rules\.[a-z0-9_.]+)"', script))
    asked |= set(re.findall(r"\{\{(rules\.[a-z0-9_.]+)\}\}", html + others))
    # Keys made from a template: the page's edition, and the cards and roles by code.
    templated = {
        "rules.edition_": ("base", "saboteur2", "duel"),
        "rules.intro_": ("base", "saboteur2", "duel"),
        "rules.role_": ("green", "blue", "boss", "profiteer", "geologist", "saboteur"),
        "rules.wins_": ("green", "blue", "boss", "profiteer", "geologist", "saboteur"),
        "rules.actions_": tuple(
            code.replace("-", "_") for code in saboteur2_tables.EXPANSION_ACTIONS
        ),
    }
    # The cards' names are the hand's labels (cards.js, from cards.json): page and table agree.
    assert "const cardName = cardLabel;" in script
    for prefix, names in templated.items():
        assert f"`{prefix}${{" in script, prefix
        asked |= {prefix + name for name in names}
    assert sorted(asked - keys) == []
    assert sorted(keys - asked) == []  # no word is left over


# ---- the page in the browser ------------------------------------------------------

SCREENS = {"phone": (390, 844), "laptop": (1280, 800)}
needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium is not installed (scripts/test installs it)"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        chromium = launch_chromium(pw)
        try:
            yield chromium
        finally:
            chromium.close()


def open_rules(browser: Browser, url: str, screen: str) -> Page:
    width, height = SCREENS[screen]
    touch = screen == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=touch, has_touch=touch
    )
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.ready === 'yes'")
    return page


def what_the_page_shows(page: Page) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate(
        """() => ({
          edition: document.body.dataset.edition,
          selected: document.querySelector('[role=tab][aria-selected=true]').dataset.testid,
          sections: [...document.querySelectorAll('.rules-section')].map((node) => [
            node.dataset.testid.replace('rules-section-', ''), node.innerText.trim().length]),
          cards: document.querySelectorAll('figure.rules-card svg.card-svg').length,
          mazeCards: document.querySelectorAll('.rules-maze svg.maze-svg .maze-card').length,
          tables: document.querySelectorAll('table.rules-table').length,
          wide: document.documentElement.scrollWidth - window.innerWidth,
          overflowing: [...document.querySelectorAll('main *')].filter((node) => {
            const box = node.getBoundingClientRect();
            return box.width > 0 && (box.right > window.innerWidth + 0.5 || box.left < -0.5);
          }).length,
          untranslated: (document.body.innerText.match(/rules\\.[a-z_]+/g) || []).length,
        })"""
    )
    return shown


@needs_chromium
@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("edition", list(SECTIONS))
def test_the_page_explains_each_edition_with_drawn_cards_and_fits_the_screen(
    server: Server, browser: Browser, edition: str, screen: str
) -> None:
    page = open_rules(browser, f"{server.url}rules?edition={edition}", screen)
    shown = what_the_page_shows(page)
    assert (shown["edition"], shown["selected"]) == (edition, f"edition-{edition}")
    assert [name for name, _ in shown["sections"]] == SECTIONS[edition]
    assert all(length > 150 for _, length in shown["sections"]), shown["sections"]
    assert shown["cards"] == DRAWN_CARDS[edition]
    assert shown["mazeCards"] == MAZE_CARDS[edition]
    assert shown["tables"] == {"base": 4, "saboteur2": 2}[edition]
    assert (shown["wide"], shown["overflowing"], shown["untranslated"]) == (0, 0, 0)
    if edition == "base":
        # The numbers in the tables are the engine's: 10 players, 4 saboteurs, 7 miners.
        last_row = page.get_by_test_id("table-roles").locator("tbody tr").last.inner_text()
        assert last_row.split() == ["10", "4", "7"]
    shot = screenshot(page, f"rules-{edition}-{screen}")
    if (edition, screen) == ("base", "laptop"):
        # The picture in the docs: the path cards and the example maze, on the page.
        box = page.locator("#rules-paths").bounding_box()
        assert box is not None
        clip = {"x": 0, "y": box["y"] - 12, "width": 1280, "height": box["height"] + 24}
        shot = ARTIFACTS / "rules-laptop.png"  # copied to docs/images/web-rules.png
        page.screenshot(path=str(shot), full_page=True, clip=clip)
    assert shot.stat().st_size > 0
    page.context.close()


@needs_chromium
def test_the_switch_between_editions_changes_the_page_and_its_address(
    server: Server, browser: Browser
) -> None:
    page = open_rules(browser, f"{server.url}rules", "laptop")
    assert what_the_page_shows(page)["edition"] == "base"  # no ?edition=: the base game
    page.get_by_test_id("edition-saboteur2").click()
    shown = what_the_page_shows(page)
    assert (shown["edition"], shown["cards"]) == ("saboteur2", DRAWN_CARDS["saboteur2"])
    assert page.url.endswith("/rules?edition=saboteur2")
    assert page.get_by_test_id("table-dwarfs").locator("tbody tr").count() == 6
    page.get_by_test_id("edition-base").click()
    assert what_the_page_shows(page)["sections"][-2][0] == "gold"
    page.context.close()


@needs_chromium
def test_the_tables_link_opens_the_rules_of_its_edition_in_a_new_tab(
    server: Server, browser: Browser
) -> None:
    created = server.create(name="Ana", players=4, bots="random", edition="saboteur2")
    table, token = created["table"], created["token"]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(STEP_MS)
    page.goto(server.url)
    link = page.get_by_test_id("rules-link")
    assert (link.inner_text(), link.get_attribute("href")) == ("How to play", "/rules")
    page.evaluate(f"localStorage.setItem('pysaboteur.token.{table}', '{token}')")
    page.goto(f"{server.url}t/{table}")
    link = page.get_by_test_id("rules-link")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=rules-link]').href.includes('edition=')"
    )
    assert link.get_attribute("href") == "/rules?edition=saboteur2&next_round_start=after-last"
    assert link.get_attribute("target") == "_blank"
    with context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_function("() => document.body.dataset.ready === 'yes'")
    assert what_the_page_shows(rules)["edition"] == "saboteur2"
    # Who begins: round 1 the first seat, rounds 2 and 3 by this table's option only.
    game = rules.get_by_test_id("rules-section-game").inner_text()
    assert "Round 1 begins with the player in the first seat, seat 0" in game
    assert "At this table, rounds 2 and 3 begin with the player after the one who made" in game
    assert "A table may choose another rule" not in game
    assert page.url == f"{server.url}t/{table}"  # the seat's own page stays where it was
    context.close()
