"""The browser client's pages and static files, served from ``pysaboteur/web/``.

Pages go out in the requester's language: ``<html lang>`` says which, and their
``{{key}}`` markers are filled from that language's catalogue, so the first paint
already reads right; the page's scripts fetch the same catalogue from
``/locales/<lang>.json`` for everything they draw.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, PlainTextResponse, Response

from ..i18n import LANGUAGES, requester_language
from ..i18n import SOURCE as DEFAULT
from .wire_json import JsonAnswer

router = APIRouter()
#: Browsers revalidate every time (a cheap 304), so a new client version shows at once.
REVALIDATE = {"Cache-Control": "no-cache"}
#: The longest static name looked for: the client's own are far shorter.
MAX_NAME = 200
#: A text marker in a page: ``{{lobby.create_title}}``.
MARKER = re.compile(r"\{\{\s*([A-Za-z0-9_.\-]+)\s*\}\}")
HTML_LANG = re.compile(r'<html lang="[^"]*"')

#: A catalogue value: a string, or a plural object of CLDR categories.
Value = str | dict[str, str]
Catalogue = dict[str, Value]
#: What a language's catalogue was merged from (file names, times, sizes), to notice edits.
Signature = tuple[tuple[str, int, int], ...]
_cache: dict[tuple[Path, str], tuple[Signature, Catalogue]] = {}


def _web_dir(request: Request) -> Path:
    web_dir: Path = request.app.state.hub.settings.web_dir
    return web_dir.resolve()


def _file(request: Request, relative: str) -> Response:
    web_dir = _web_dir(request)
    path = _found(web_dir, relative)
    if path is None:
        return PlainTextResponse(f"not found: {relative[:MAX_NAME]!r}", 404)
    return FileResponse(path, headers=REVALIDATE)


def _found(web_dir: Path, relative: str) -> Path | None:
    if len(relative) > MAX_NAME or "\0" in relative:
        return None  # no such file, and the file system would refuse to look
    try:
        path = (web_dir / relative).resolve()
        found = path.is_relative_to(web_dir) and path.is_file()
    except (OSError, ValueError):  # a name the file system cannot hold: no such file
        return None
    return path if found else None


def _files(web_dir: Path, lang: str) -> list[Path]:
    folder = web_dir / "locales" / lang
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def _signature(paths: list[Path]) -> Signature:
    stats = [(str(path), path.stat()) for path in paths]
    return tuple((name, stat.st_mtime_ns, stat.st_size) for name, stat in stats)


def catalogue(web_dir: Path, lang: str) -> Catalogue:
    """Every key of ``web/locales/<lang>/*.json`` over the English files' keys: a key a
    translation lacks still reads in English. Kept in memory until a file changes."""
    paths = _files(web_dir, DEFAULT) + ([] if lang == DEFAULT else _files(web_dir, lang))
    signature = _signature(paths)
    cached = _cache.get((web_dir, lang))
    if cached is not None and cached[0] == signature:
        return cached[1]
    merged: Catalogue = {}
    for path in paths:  # English first, so the language's own files win
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    _cache[(web_dir, lang)] = (signature, merged)
    return merged


def text_of(values: Catalogue, key: str) -> str:
    """A key's text for a page: a plural object gives its ``other`` form, a missing key itself."""
    value = values.get(key)
    if isinstance(value, dict):
        return value.get("other", key)
    return value if isinstance(value, str) else key


def fill_page(template: str, lang: str, values: Catalogue) -> str:
    """The page in ``lang``: its ``<html lang>`` set, each marker replaced by its text."""
    page = HTML_LANG.sub(f'<html lang="{lang}"', template, count=1)
    return MARKER.sub(lambda match: html.escape(text_of(values, match.group(1))), page)


def _page(request: Request, name: str) -> Response:
    web_dir = _web_dir(request)
    path = _found(web_dir, name)
    if path is None:
        return PlainTextResponse(f"not found: {name!r}", 404)
    lang = requester_language(request)
    body = fill_page(path.read_text(encoding="utf-8"), lang, catalogue(web_dir, lang))
    headers = {**REVALIDATE, "Content-Language": lang, "Vary": "Cookie, Accept-Language"}
    return HTMLResponse(body, headers=headers)


@router.get("/locales/{lang}.json", include_in_schema=False)
async def locale(request: Request, lang: str) -> Response:
    if lang not in LANGUAGES:
        return PlainTextResponse(f"unknown language: {lang[:MAX_NAME]!r}", 404)
    return JsonAnswer(catalogue(_web_dir(request), lang), headers=REVALIDATE)


@router.get("/", include_in_schema=False)
async def lobby(request: Request) -> Response:
    return _page(request, "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(request: Request, table_id: str) -> Response:
    return _page(request, "table.html")


@router.get("/replay/{table_id}", include_in_schema=False)
async def replay_page(request: Request, table_id: str) -> Response:
    return _page(request, "replay.html")


@router.get("/lobby", include_in_schema=False)
async def open_tables_page(request: Request) -> Response:
    return _page(request, "lobby.html")


@router.get("/account", include_in_schema=False)
async def account_page(request: Request) -> Response:
    return _page(request, "account.html")


@router.get("/rules", include_in_schema=False)
async def rules_page(request: Request) -> Response:
    return _page(request, "rules.html")


@router.get("/static/{relative:path}", include_in_schema=False)
async def static(request: Request, relative: str) -> Response:
    return _file(request, relative)
