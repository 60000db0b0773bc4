"""nginx with the shipped deploy/nginx/pysaboteur.conf in front of real ``saboteur serve``
processes, for the proxy's tests.

nginx runs in the foreground as a child of the test, with its own folder for its
pid, logs and temporary files (no system service, nothing of /etc/nginx); the
shipped file is included as it is but for the lines it marks ``# CHANGE``, which
get this test's ports, certificate and server processes.  A throwaway certificate
authority (trustme) signs the certificate for 127.0.0.1; the clients trust it.

Each client connects from a loopback address of its own (127.0.0.2, 127.0.0.3, …):
to nginx they are different people, so the limits per address can be seen.
"""

from __future__ import annotations

import itertools
import ssl
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import trustme
from server_helpers import WAIT, Server

from pysaboteur.server import Settings

sys.path.insert(0, str(Path(__file__).parents[1] / "scripts"))
from audit_common import ServerProcess, free_port
from proxy_stack import (
    SHIPPED,
    certificate,
    machine_values,
    main_config,
    nginx_process,
    with_values,
)


@dataclass
class Proxy:
    """nginx on ``https_port`` (and ``http_port``, redirecting) in front of ``backends``."""

    folder: Path
    https_port: int
    http_port: int
    backends: list[ServerProcess]
    authority: trustme.CA
    addresses: Iterator[int] = field(default_factory=lambda: itertools.count(2))
    clients: list[Server] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.https_port}/"

    def trust(self, newest: ssl.TLSVersion = ssl.TLSVersion.TLSv1_2) -> ssl.SSLContext:
        """The clients' TLS settings: this proxy's authority trusted, TLS up to ``newest``.

        The clients stop at TLS 1.2 by default: the WebSocket client (websockets'
        threaded one) reads a connection in one thread while writing its first
        request in another, and under TLS 1.3 the session tickets nginx sends right
        after the handshake arrive at that moment; OpenSSL does not allow a session
        to be read and written at once, and now and then the request was lost (the
        socket then waited for nginx's 10 s header timeout).  Browsers have no such
        trouble; TLS 1.3 itself has a test of its own."""
        context = ssl.create_default_context()
        context.maximum_version = newest
        self.authority.configure_trust(context)
        return context

    def new_address(self) -> str:
        """A loopback address no client of this proxy has used yet."""
        return f"127.0.0.{next(self.addresses)}"

    def client(self, address: str | None = None) -> Server:
        """A client of the proxy over HTTPS and WSS, from ``address`` (a new one by default)."""
        settings = Settings(database_url=self.backends[0].database_url)
        client = Server(self.url, settings, tls=self.trust(), source=address or self.new_address())
        self.clients.append(client)
        return client

    def close_clients(self) -> None:
        for client in self.clients:
            client.http.close()
            client.sockets.close()

    def server_log(self) -> str:
        return "".join(backend.log_text() for backend in self.backends)


@contextmanager
def running_proxy(
    folder: Path, database_url: str, processes: int, extra: Sequence[str]
) -> Iterator[Proxy]:
    """``processes`` server processes on ``database_url`` (run with ``extra`` options
    and ``--forwarded-allow-ips 127.0.0.1``), and nginx in front of them."""
    with ExitStack() as stack:
        backends = []
        for number in range(processes):
            own = folder / f"server-{number}"
            own.mkdir()
            options = ["--forwarded-allow-ips", "127.0.0.1", *extra]
            backend = ServerProcess(own, database_url, options)
            stack.callback(backend.stop)
            backend.start()
            backends.append(backend)
        prefix = folder / "nginx"
        prefix.mkdir()
        authority, bundle = certificate(prefix)
        proxy = Proxy(prefix, free_port(), free_port(), backends, authority)
        ports = [backend.port for backend in backends]
        values = machine_values(ports, proxy.http_port, proxy.https_port, bundle)
        site = prefix / "pysaboteur.conf"
        site.write_text(with_values(SHIPPED.read_text(), values))
        (prefix / "nginx.conf").write_text(main_config(prefix, site))
        # Clients are closed once nginx has gone: a socket left with unread views
        # would otherwise wait for the server's goodbye behind them.
        stack.callback(proxy.close_clients)
        stack.enter_context(nginx_process(prefix, WAIT))
        wait_until_serving(proxy)
        yield proxy


def wait_until_serving(proxy: Proxy) -> None:
    deadline = time.monotonic() + WAIT
    with httpx.Client(verify=proxy.trust(), timeout=2) as http:
        while True:
            try:
                if http.get(f"{proxy.url}api/bots").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                log = (proxy.folder / "error.log").read_text(errors="replace")
                raise AssertionError(f"nginx did not start; its log:\n{log}")
            time.sleep(0.05)
