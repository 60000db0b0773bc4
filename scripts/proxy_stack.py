"""nginx with the shipped deploy/nginx/pysaboteur.conf in front of ``saboteur serve``
processes, on this machine: for the proxy's tests and the load test behind it.

nginx runs in the foreground as a child, with its own folder for its pid, logs and
temporary files (no system service, nothing of /etc/nginx); the shipped file is
included as it is but for the lines it marks ``# CHANGE``, which get this run's
ports, certificate and server processes.  A throwaway certificate authority
(trustme) signs the certificate for 127.0.0.1; the clients trust it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import trustme

SHIPPED = Path(__file__).parents[1] / "deploy" / "nginx" / "pysaboteur.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def with_values(shipped: str, values: Mapping[str, str]) -> str:
    """``shipped`` with the value of each ``# CHANGE`` line replaced as ``values`` says.

    Every marked line must have exactly one of ``values``, and every value must be
    found: a value added to the shipped file, or one gone from it, fails here
    rather than leaving a run of something else than the file."""
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


def main_config(folder: Path, site: Path, connections: int = 1024) -> str:
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
worker_rlimit_nofile {4 * connections};
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} info;
events {{
    worker_connections {connections};
}}
http {{
    access_log {folder / "access.log"};
{temporary}
    include {site};
}}
"""


def machine_values(
    ports: Sequence[int], http_port: int, https_port: int, bundle: Path
) -> dict[str, str]:
    """This machine's values for the shipped file's ``# CHANGE`` lines: the server
    processes on ``ports``, nginx on ``http_port`` and ``https_port``."""
    return {
        "127.0.0.1:8001": f"127.0.0.1:{ports[0]}",
        # With one process, it stands in for both (as the file says to do).
        "127.0.0.1:8002": f"127.0.0.1:{ports[1 % len(ports)]}",
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https_port} ssl;",
        "server_name saboteur.example.org;": "server_name 127.0.0.1;",
        "/etc/letsencrypt/live/saboteur.example.org/fullchain.pem": str(bundle),
        "/etc/letsencrypt/live/saboteur.example.org/privkey.pem": str(bundle),
    }


@contextmanager
def nginx_process(prefix: Path, wait: float = 20.0) -> Iterator[subprocess.Popen[bytes]]:
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
            process.wait(wait)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(wait)


def certificate(prefix: Path) -> tuple[trustme.CA, Path]:
    """A new certificate authority, and a file with its key and certificate for
    127.0.0.1 (as nginx may take them)."""
    authority = trustme.CA()
    bundle = prefix / "certificate.pem"
    authority.issue_cert("127.0.0.1").private_key_and_cert_chain_pem.write_to_path(bundle)
    return authority, bundle
