"""Who else can open the server (server/reach.py): what ``saboteur serve`` prints
at start and what ``GET /api/reach`` tells a page opened on this machine."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from server_helpers import running_server, settings_for

from pysaboteur.server import api
from pysaboteur.server.reach import Reach, lan_address, reach, url_of
from pysaboteur.server.serve import others_line


@pytest.mark.parametrize(
    ("host", "behind_proxy", "expected"),
    [
        ("127.0.0.1", False, Reach(None, True)),
        ("127.0.0.2", False, Reach(None, True)),
        ("localhost", False, Reach(None, True)),
        ("::1", False, Reach(None, True)),
        ("0.0.0.0", False, Reach("192.168.1.5", False)),
        ("::", False, Reach("192.168.1.5", False)),
        ("10.0.0.7", False, Reach("10.0.0.7", False)),
        ("table.example.org", False, Reach("table.example.org", False)),
        ("127.0.0.1", True, Reach(None, False)),  # the proxy's address is everybody's
    ],
)
def test_where_others_reach_a_server(host: str, behind_proxy: bool, expected: Reach) -> None:
    assert reach(host, behind_proxy, "192.168.1.5") == expected


def test_urls_and_this_machines_address() -> None:
    assert url_of("192.168.1.5", 8000) == "http://192.168.1.5:8000"
    assert url_of("fd00::5", 8000) == "http://[fd00::5]:8000"
    found = lan_address()
    assert found is None or not found.startswith("127.")


def test_the_start_up_line_says_who_else_can_open_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pysaboteur.server.serve.lan_address", lambda: "192.168.1.5")
    line = others_line(settings_for(tmp_path))
    assert line.startswith("only this computer can open it") and "--host 0.0.0.0" in line
    everywhere = settings_for(tmp_path, host="0.0.0.0", port=8123)
    assert others_line(everywhere) == "others on your network open http://192.168.1.5:8123/"
    monkeypatch.setattr("pysaboteur.server.serve.lan_address", lambda: None)
    assert "port 8123" in others_line(everywhere)


def test_a_page_on_this_machine_learns_the_address_others_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    with running_server(tmp_path / "a") as server:
        assert server.ok("GET", "/api/reach") == {"others": None, "local_only": True}
    monkeypatch.setattr(api, "lan_address", lambda: "192.168.1.5")
    with running_server(tmp_path / "b", host="0.0.0.0") as server:
        port = server.url.rsplit(":", 1)[1].strip("/")
        expected = {"others": f"http://192.168.1.5:{port}", "local_only": False}
        assert server.ok("GET", "/api/reach") == expected
