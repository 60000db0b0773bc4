"""A server in the test's own process (server_helpers) with the web client's files,
and Debian's Chromium driven by Playwright: for the browser tests that also reach
into the server (its facts, its sockets)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from browser_helpers import launch_chromium
from playwright.sync_api import Browser, sync_playwright
from server_helpers import Server, running_server

from pysaboteur.server.config import WEB_DIR


@contextmanager
def server_and_browser(folder: Path, **settings: object) -> Iterator[tuple[Server, Browser]]:
    with (
        running_server(folder, **{"web_dir": WEB_DIR, **settings}) as server,
        sync_playwright() as pw,
    ):
        browser = launch_chromium(pw)
        try:
            yield server, browser
        finally:
            browser.close()
