"""Client address and scheme behind a reverse proxy, trusting only the proxy itself.

An ASGI middleware (``club/asgi.py`` wraps the whole site in it) that replaces the
connection's peer address by the client's, read from ``X-Forwarded-For``, and the
scheme by ``X-Forwarded-Proto`` — but only when the peer is one of the trusted proxies
(``DJANGO_TRUSTED_PROXIES``: by default the loopback addresses and a unix socket, where
only local processes such as nginx can connect). From any other peer the headers are
ignored, and removed so that nothing further in (Django's ``SECURE_PROXY_SSL_HEADER``,
a view) can be fooled by them.

``X-Forwarded-For`` is read from the right: each entry was appended by the hop to its
right, so the first entry, walking leftwards from the peer, that is not itself a
trusted proxy is the client; whatever a client put to the left of it is ignored.
The documented nginx (docs/operations.md) sends only ``$remote_addr``, which is also
right when daphne is (wrongly) started with ``--proxy-headers``; this middleware also
reads a header that nginx appended to (``$proxy_add_x_forwarded_for``) correctly.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

UNIX_SOCKET = "unix"
DEFAULT_TRUSTED = ("127.0.0.0/8", "::1", UNIX_SOCKET)

_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The set of peers whose forwarding headers are believed."""

    def __init__(self, entries: Iterable[str]):
        self.unix = False
        self.networks: list[_Network] = []
        for entry in entries:
            entry = entry.strip()
            if not entry:
                continue
            if entry == UNIX_SOCKET:
                self.unix = True
            else:
                self.networks.append(ipaddress.ip_network(entry, strict=False))

    def trusts(self, address: str | None) -> bool:
        """``address`` None stands for a unix socket peer (ASGI's ``client`` is None)."""
        if address is None:
            return self.unix
        ip = parse_ip(address)
        return ip is not None and any(ip in network for network in self.networks)


def parse_ip(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    value = value.strip()
    if value.startswith("[") and "]" in value:  # [v6]:port
        value = value[1 : value.index("]")]
    elif value.count(":") == 1:  # v4:port
        value = value.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(value)
    except ValueError:
        return None
    return ip.ipv4_mapped or ip if isinstance(ip, ipaddress.IPv6Address) else ip


def client_from(peer: str | None, forwarded_for: list[str], trusted: TrustedProxies):
    """The client's address given the peer and the ``X-Forwarded-For`` entries (left
    to right); the peer itself when it is not a trusted proxy."""
    if not trusted.trusts(peer):
        return peer
    current = peer
    for entry in reversed(forwarded_for):
        ip = parse_ip(entry)
        if ip is None:  # garbage where a proxy should have written an address: stop
            break
        current = str(ip)
        if not trusted.trusts(current):
            break
    return current


def _header_values(headers, name: bytes) -> list[str]:
    values = []
    for key, value in headers:
        if key.lower() == name:
            values.extend(v for v in value.decode("latin-1").split(",") if v.strip())
    return values


FORWARDING_HEADERS = (
    b"x-forwarded-for",
    b"x-forwarded-proto",
    b"x-forwarded-host",
    b"x-forwarded-port",
    b"forwarded",
    b"x-real-ip",
)


class TrustedProxyMiddleware:
    """ASGI middleware: see the module's docstring."""

    def __init__(self, app, trusted: TrustedProxies):
        self.app = app
        self.trusted = trusted

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            scope = self.resolve(scope)
        return await self.app(scope, receive, send)

    def resolve(self, scope: dict) -> dict:
        client = scope.get("client")
        peer = client[0] if client else None
        headers = scope.get("headers") or []
        if not self.trusted.trusts(peer):
            kept = [(k, v) for k, v in headers if k.lower() not in FORWARDING_HEADERS]
            return {**scope, "headers": kept} if len(kept) != len(headers) else scope
        scope = dict(scope)
        forwarded = _header_values(headers, b"x-forwarded-for")
        if forwarded:
            scope["client"] = [client_from(peer, forwarded, self.trusted), 0]
        proto = _header_values(headers, b"x-forwarded-proto")
        if proto:
            secure = proto[-1].strip().lower() == "https"
            if scope["type"] == "http":
                scope["scheme"] = "https" if secure else "http"
            else:
                scope["scheme"] = "wss" if secure else "ws"
        return scope
