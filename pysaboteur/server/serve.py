"""``saboteur serve``: run the web table under uvicorn."""

from __future__ import annotations

import gc

import uvicorn

from .app import create_app
from .config import Settings
from .store import Store


def address(settings: Settings) -> str:
    host = settings.host
    if host in ("0.0.0.0", "::", ""):
        host = "localhost"  # listening everywhere; this machine's own name works
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.port}/"


def run_server(settings: Settings) -> int:
    store = Store(settings.database_url)  # fail here, clearly, if the database is unusable
    where = store.describe()
    store.close()
    print(f"pysaboteur is serving at {address(settings)} — open it in a browser", flush=True)
    print(f"games are stored in {where}; Ctrl-C stops the server", flush=True)
    app = create_app(settings)
    # The cyclic garbage collector pauses every table at once.  Everything imported
    # so far lives as long as the process: freezing it keeps the collector from
    # scanning it again and again (full passes several times shorter).  Views are
    # short-lived dictionaries made by the thousand: collecting the young less
    # often lets most of them die before they are promoted, so full passes come
    # more rarely.
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        # Messages over the protocol's limit get a too_large error; far bigger ones
        # are cut off by the WebSocket layer before they are read into memory.
        ws_max_size=max(65536, 16 * settings.max_message),
    )
    return 0
