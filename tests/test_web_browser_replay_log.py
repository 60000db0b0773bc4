"""The replay's log shows every move's number whole, on a laptop and a phone (issue 20
found them clipped; the list's room for its numbers is measured against them)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, STEP_MS, launch_chromium, screenshot
from playwright.sync_api import sync_playwright
from server_helpers import running_server
from test_web_browser_fixes import play_seats_to_the_end

from pysaboteur.server.config import WEB_DIR

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

#: For every numbered move of the log: how wide its number is ("67. ", in the list's
#: own font) and how much room the list leaves for it left of the move's text.
NUMBERS_AND_ROOM = """() => {
  const probe = document.createElement('span');
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const rows = [];
  for (const list of document.querySelectorAll('#log ol.log-moves')) {
    const style = getComputedStyle(list);
    probe.style.font = style.font;
    const scroller = list.closest('.log-scroll') || list.parentElement;
    const visibleLeft = scroller.getBoundingClientRect().left;
    [...list.children].forEach((item, index) => {
      probe.textContent = `${index + 1}. `;
      const textLeft = item.getBoundingClientRect().left;
      rows.push({number: index + 1, width: probe.getBoundingClientRect().width,
                 room: textLeft - Math.max(visibleLeft, list.getBoundingClientRect().left)});
    });
  }
  probe.remove();
  return rows;
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_every_move_number_of_the_replay_log_is_shown_whole(tmp_path: Path, width: int) -> None:
    with running_server(tmp_path, web_dir=WEB_DIR) as server, sync_playwright() as pw:
        created = server.create(name="Ann", players=3, bots="random", spectators=True)
        table = created["table"]
        server.ok("POST", f"/api/tables/{table}/start", created["token"], body={})
        play_seats_to_the_end(server, table, {0: created["token"]})
        browser = launch_chromium(pw)
        try:
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.set_default_timeout(STEP_MS)
            page.goto(f"{server.url}replay/{table}")
            page.get_by_test_id("replay-move").wait_for()
            page.keyboard.press("End")
            page.wait_for_function(
                "() => document.querySelectorAll('#log ol.log-moves li').length > 60"
            )
            rows = page.evaluate(NUMBERS_AND_ROOM)
            screenshot(page, f"replay-log-{width}")
        finally:
            browser.close()
    assert max(row["number"] for row in rows) >= 60
    clipped = [row for row in rows if row["width"] > row["room"]]
    assert clipped == []
