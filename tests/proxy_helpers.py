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
import os
import shutil
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import trustme
from server_helpers import WAIT, Server

from pysaboteur.server import Settings

sys.path.insert(0, str(Path(__file__).parents[1] / "scripts"))
from audit_common import ServerProcess, free_port

SHIPPED = Path(__file__).parents[1] / "deploy" / "nginx" / "pysaboteur.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def with_values(shipped: str, values: Mapping[str, str]) -> str:
    """``shipped`` with the value of each ``# CHANGE`` line replaced as ``values`` says.

    Every marked line must have exactly one of ``values``, and every value must be
    found: a value added to the shipped file, or one gone from it, fails here
    rather than leaving the test running something else than the file."""
    used: set[str] = set()
    lines = []
    for line in shipped.splitlines(keepends=True):
        if "# CHANGE" in line and not line.lstrip().startswith("#"):  # a directive, marked
            found = [old for old in values if old in line]
            assert len(found) == 1, f"a line to change that the test does not know: {line!r}"
            line = line.replace(found[0], values[found[0]])
            used.add(found[0])
        lines.append(line)
    assert used == set(values), f"not in the shipped file: {sorted(set(values) - used)}"
    return "".join(lines)


def main_config(folder: Path, site: Path) -> str:
    """The nginx.conf of the test's nginx: what Debian's /etc/nginx/nginx.conf is to
    the shipped file, with every path inside ``folder``."""
    # As root, nginx's workers would drop to an unprivileged user that cannot
    # reach the test's temporary folder: they stay the test's own user.
    user = "user root;" if os.geteuid() == 0 else ""
    temporary = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""{user}
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} info;
events {{
    worker_connections 1024;
}}
http {{
    access_log {folder / "access.log"};
{temporary}
    include {site};
}}
"""


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
        authority = trustme.CA()
        bundle = prefix / "certificate.pem"  # the key and the chain, as nginx may take them
        authority.issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(bundle)
        proxy = Proxy(prefix, free_port(), free_port(), backends, authority)
        site = prefix / "pysaboteur.conf"
        site.write_text(with_values(SHIPPED.read_text(), machine_values(proxy, bundle)))
        (prefix / "nginx.conf").write_text(main_config(prefix, site))
        # Clients are closed once nginx has gone: a socket left with unread views
        # would otherwise wait for the server's goodbye behind them.
        stack.callback(proxy.close_clients)
        stack.enter_context(nginx_process(prefix))
        wait_until_serving(proxy)
        yield proxy


def machine_values(proxy: Proxy, bundle: Path) -> dict[str, str]:
    """This test's values for the shipped file's ``# CHANGE`` lines."""
    ports = [backend.port for backend in proxy.backends]
    return {
        "127.0.0.1:8001": f"127.0.0.1:{ports[0]}",
        # With one process, it stands in for both (as the file says to do).
        "127.0.0.1:8002": f"127.0.0.1:{ports[1 % len(ports)]}",
        "listen 80;": f"listen 127.0.0.1:{proxy.http_port};",
        "listen 443 ssl;": f"listen 127.0.0.1:{proxy.https_port} ssl;",
        "server_name saboteur.example.org;": "server_name 127.0.0.1;",
        "/etc/letsencrypt/live/saboteur.example.org/fullchain.pem": str(bundle),
        "/etc/letsencrypt/live/saboteur.example.org/privkey.pem": str(bundle),
    }


@contextmanager
def nginx_process(prefix: Path) -> Iterator[subprocess.Popen[bytes]]:
    """nginx in the foreground with ``prefix``'s nginx.conf, stopped at the end."""
    command = [
        NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"),
        "-e", str(prefix / "error.log"), "-g", "daemon off;",
    ]  # fmt: skip
    with (prefix / "nginx.out").open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(WAIT)


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
