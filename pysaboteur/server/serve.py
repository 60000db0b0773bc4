"""``saboteur serve``: run the web table under uvicorn."""

from __future__ import annotations

import gc
import os
import sys

import uvicorn
from fastapi import FastAPI
from uvicorn.supervisors import Multiprocess

from .app import create_app
from .config import Settings
from .connection_limits import ConnectionLimits, ServerConfig
from .reach import lan_address, reach, url_of
from .store import Store
from .turn_mail import site_url

#: How ``--workers`` processes get their settings from the process that starts them.
SETTINGS_VARIABLE = "PYSABOTEUR_SERVE_SETTINGS"


def address(settings: Settings) -> str:
    host = settings.host
    if host in ("0.0.0.0", "::", ""):
        host = "localhost"  # listening everywhere; this machine's own name works
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.port}/"


def others_line(settings: Settings) -> str:
    """Who else can open the server, and how to let them."""
    found = reach(settings.host, bool(settings.forwarded_allow_ips), lan_address())
    if found.local_only:
        return (
            "only this computer can open it; to play with others on your network, "
            "start it with --host 0.0.0.0"
        )
    if settings.forwarded_allow_ips:
        return "others open it at the address the proxy serves"
    if found.others is None:  # every address, but no network found now
        return f"others on your network open this machine's address, port {settings.port}"
    return f"others on your network open {url_of(found.others, settings.port)}/"


def mail_line(settings: Settings) -> str:
    """Where the your-turn e-mails go out, and what their links open."""
    return (
        f"your-turn e-mails are sent through {settings.smtp_host}:{settings.smtp_port} "
        f"({settings.smtp_security}); their links open {site_url(settings)}/"
    )


def connection_limits(settings: Settings) -> ConnectionLimits:
    """What one connection may do, from the server's settings."""
    return ConnectionLimits(
        header_timeout=settings.header_timeout,
        body_timeout=settings.body_timeout,
        max_header_bytes=settings.max_header_bytes,
        max_connections_per_client=settings.max_connections_per_client,
        trusted_proxies=settings.forwarded_allow_ips,
    )


def uvicorn_config(app: FastAPI | str, settings: Settings) -> ServerConfig:
    """How uvicorn runs ``app`` (the application, or the import name of a function
    that makes it in each of ``settings.workers`` processes): the server's limits,
    and whom it believes."""
    return ServerConfig(
        app,
        # uvicorn's h11 protocol (not httptools, which took an 8 MB header),
        # under the connection limits (connection_limits.py), in every process.
        connection_limits(settings),
        factory=isinstance(app, str),
        workers=settings.workers if isinstance(app, str) else None,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        timeout_keep_alive=settings.keep_alive,
        # X-Forwarded-For is believed only from the proxies the operator named:
        # from anybody else it is whatever the client chose to write.
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        # Messages over the protocol's limit get a too_large error; far bigger ones
        # are cut off by the WebSocket layer before they are read into memory.
        ws_max_size=max(65536, 16 * settings.max_message),
    )


def prepare_process() -> None:
    """Settle the garbage collector of a server process, once its code is imported.

    The cyclic garbage collector pauses every table at once.  Everything imported
    so far lives as long as the process: freezing it keeps the collector from
    scanning it again and again (full passes several times shorter).  Views are
    short-lived dictionaries made by the thousand: collecting the young less
    often lets most of them die before they are promoted, so full passes come
    more rarely.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


def worker_app() -> FastAPI:
    """The application of one of the ``--workers`` processes (uvicorn calls it in each)."""
    app = create_app(Settings.from_json(os.environ[SETTINGS_VARIABLE]))
    prepare_process()
    return app


def run_server(settings: Settings) -> int:
    store = Store(settings.database_url)  # fail here, clearly, if the database is unusable
    where, shared = store.describe(), not store.is_sqlite
    store.close()
    if settings.workers > 1 and not shared:
        print(
            "saboteur serve: --workers needs a database several processes can share: "
            "PostgreSQL (--database-url); SQLite serves one process",
            file=sys.stderr,
        )
        return 2
    print(f"pysaboteur is serving at {address(settings)} — open it in a browser", flush=True)
    processes = f" by {settings.workers} processes" if settings.workers > 1 else ""
    print(f"games are stored in {where}{processes}; Ctrl-C stops the server", flush=True)
    print(others_line(settings), flush=True)
    if settings.smtp_host:
        print(mail_line(settings), flush=True)
    if settings.workers > 1:
        os.environ[SETTINGS_VARIABLE] = settings.to_json()
        config = uvicorn_config(f"{__name__}:worker_app", settings)
        try:
            listener = config.bind_socket()
        except SystemExit:  # uvicorn's way of saying the port is taken
            return 3
        Multiprocess(config, sockets=[listener]).run()
        return 0
    app = create_app(settings)
    prepare_process()
    server = uvicorn.Server(uvicorn_config(app, settings))
    server.run()
    return 0 if server.started else 3  # 3: uvicorn's "could not start" (e.g. port taken)
