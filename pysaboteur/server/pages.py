"""The browser client's pages and static files, served from ``pysaboteur/web/``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, PlainTextResponse, Response

router = APIRouter()
#: Browsers revalidate every time (a cheap 304), so a new client version shows at once.
REVALIDATE = {"Cache-Control": "no-cache"}
#: The longest static name looked for: the client's own are far shorter.
MAX_NAME = 200


def _file(request: Request, relative: str) -> Response:
    web_dir: Path = request.app.state.hub.settings.web_dir.resolve()
    missing = PlainTextResponse(f"not found: {relative[:MAX_NAME]!r}", 404)
    if len(relative) > MAX_NAME or "\0" in relative:
        return missing  # no such file, and the file system would refuse to look
    try:
        path = (web_dir / relative).resolve()
        found = path.is_relative_to(web_dir) and path.is_file()
    except (OSError, ValueError):  # a name the file system cannot hold: no such file
        return missing
    if not found:
        return missing
    return FileResponse(path, headers=REVALIDATE)


@router.get("/", include_in_schema=False)
async def lobby(request: Request) -> Response:
    return _file(request, "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(request: Request, table_id: str) -> Response:
    return _file(request, "table.html")


@router.get("/replay/{table_id}", include_in_schema=False)
async def replay_page(request: Request, table_id: str) -> Response:
    return _file(request, "replay.html")


@router.get("/static/{relative:path}", include_in_schema=False)
async def static(request: Request, relative: str) -> Response:
    return _file(request, relative)
