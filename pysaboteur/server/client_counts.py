"""Each client address's open connections, for the cap on them
(``--max-connections-per-client``; see connection_limits.py).

A connection takes a :class:`Lease` as it opens and gives it back once it is
lost, whatever protocol it speaks by then; the proxies the server trusts are
not counted, since every client behind them shares their address.
"""

from __future__ import annotations

import contextlib
import ipaddress


class TrustedProxies:
    """The addresses of ``--forwarded-allow-ips``: ``*``, addresses and networks
    (``10.0.0.0/8``), comma-separated, as uvicorn reads them for its
    ``X-Forwarded-For``."""

    def __init__(self, spec: str) -> None:
        items = [item.strip() for item in spec.split(",") if item.strip()]
        self.everyone = "*" in items
        self.names = set(items)  # anything not an address, e.g. a Unix socket's
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for item in items:
            with contextlib.suppress(ValueError):
                self.networks.append(ipaddress.ip_network(item, strict=False))

    def __contains__(self, host: str) -> bool:
        if self.everyone or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


def client_key(host: str) -> str:
    """What the cap counts by: the address, or for IPv6 its /64 network (one
    household or one machine is given a whole /64 to pick addresses from)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 client of a server on "::"
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class Lease:
    """One open connection's place in its address's count, given back once."""

    def __init__(self, counts: ClientCounts | None = None, key: str = "") -> None:
        self._counts = counts
        self._key = key

    def release(self) -> None:
        if self._counts is not None:
            self._counts.give_back(self._key)
            self._counts = None


class ClientCounts:
    """The open connections of each client address, in this process."""

    def __init__(self, cap: int, trusted: TrustedProxies) -> None:
        self.cap = cap
        self.trusted = trusted
        self.open: dict[str, int] = {}

    def admit(self, client: tuple[str, int] | None) -> Lease | None:
        """A lease for a new connection from ``client``; None: its address is at the cap."""
        if self.cap == 0 or client is None or client[0] in self.trusted:
            return Lease()  # not counted
        key = client_key(client[0])
        held = self.open.get(key, 0)
        if held >= self.cap:
            return None
        self.open[key] = held + 1
        return Lease(self, key)

    def give_back(self, key: str) -> None:
        held = self.open[key] - 1
        if held:
            self.open[key] = held
        else:
            del self.open[key]  # the table holds only addresses with connections
