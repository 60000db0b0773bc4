"""The web table's card pictures that people mistook for one another (issue 20):
Saboteur 2's bridge was drawn with planks between two rails, which read as the
start card's ladder. Debian's Chromium draws the page's own ``card_art.js`` and
the test reads the drawings back; a screenshot goes to ``test-artifacts/``
(``card-art-bridge-and-start.png``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright")

from browser_helpers import CHROMIUM, laptop_page, launch_chromium, running_server, screenshot
from playwright.sync_api import sync_playwright

if not Path(CHROMIUM).exists():
    pytest.skip("Chromium is not installed (scripts/test installs it)", allow_module_level=True)

#: For each card: its classes of drawing, and its rungs: straight lines across the
#: card's middle column (x from 18 to 42), as a ladder's rungs are drawn.
DRAW = """async (specs) => {
  const { cardSvg } = await import("/static/js/card_art.js");
  const shelf = document.createElement("div");
  shelf.id = "card-shelf";
  shelf.style.cssText = "position:fixed;top:0;left:0;z-index:99;background:#fff;padding:8px";
  document.body.append(shelf);
  return specs.map((spec) => {
    const svg = cardSvg(spec, spec.kind, { width: 120, height: 168 });
    shelf.append(svg);
    const rungs = [...svg.querySelectorAll("line")].filter((line) => {
      const at = (name) => Number(line.getAttribute(name));
      const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map(at);
      const across = Math.min(x1, x2) >= 18 && Math.max(x1, x2) <= 42;
      return y1 === y2 && across && Math.abs(x2 - x1) >= 10;
    });
    const classes = [...svg.querySelectorAll("[class]")].map((node) => node.getAttribute("class"));
    return { classes: [...new Set(classes)].sort(), rungs: rungs.length };
  });
}"""


def test_the_bridge_is_drawn_apart_from_the_start_s_ladder(tmp_path: Path) -> None:
    specs = [{"kind": "start"}, {"kind": "path", "shape": "NS+EW"}]
    with running_server(tmp_path / "tables.db") as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = laptop_page(browser)
        page.goto(f"{server.base}/")
        start, bridge = page.evaluate(DRAW, specs)
        page.locator("#card-shelf").screenshot(
            path=str(screenshot(page, "card-art-bridge-and-start"))
        )
        browser.close()
    drawn: dict[str, Any] = {"start": start, "bridge": bridge}
    assert "ladder" in drawn["start"]["classes"] and drawn["start"]["rungs"] == 5
    # The bridge: parapets and the tunnel beneath, and nothing of a ladder's rungs.
    assert "bridge" in drawn["bridge"]["classes"] and "ladder" not in drawn["bridge"]["classes"]
    assert drawn["bridge"]["rungs"] == 0
