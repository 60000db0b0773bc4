"""Who else can open this server: the address an invite link should carry.

A server started as it is by default listens on this machine's loopback
(127.0.0.1): a link to it opens on this computer and nowhere else, and the
page says so (with the way to serve the local network: ``--host 0.0.0.0``).
Listening on every address, the link a person copies from a page opened on
``localhost`` would still name ``localhost``: it names this machine's address
on its local network instead.  Behind a proxy the page's own address is the
one everybody uses, and nothing here changes it.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

#: Hosts that mean "listen on every address of this machine".
EVERY_ADDRESS = frozenset({"0.0.0.0", "::", ""})
#: An address of TEST-NET-1 (RFC 5737): only ever routed, never reached.
OUTSIDE = ("192.0.2.1", 9)


@dataclass(frozen=True)
class Reach:
    #: The host others open (an address of this machine), or None: the page's own.
    others: str | None
    #: Whether only this machine can open the server at all.
    local_only: bool


def lan_address() -> str | None:
    """This machine's address on its local network: the one a packet to the
    outside would leave from (connecting a UDP socket sends nothing), or None
    when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(OUTSIDE)
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a name: whoever can resolve it can open it


def reach(host: str, behind_proxy: bool, lan: str | None) -> Reach:
    """Where others reach a server listening on ``host`` (``lan``: this machine's
    local address, see :func:`lan_address`)."""
    if behind_proxy:
        return Reach(None, False)
    if is_loopback(host):
        return Reach(None, True)
    if host in EVERY_ADDRESS:
        return Reach(lan, False)
    return Reach(host, False)


def url_of(host: str, port: int | None, scheme: str = "http") -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}" if port else f"{scheme}://{shown}"
