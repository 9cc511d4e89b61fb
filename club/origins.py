"""Which pages may open a socket: the site's own origins, scheme, host and port.

A browser sends every WebSocket handshake with the member's cookies and the ``Origin``
of the page that opened it, so a socket is accepted only from a page of the site
itself. Channels' ``AllowedHostsOriginValidator`` compares host names only: a page at
``http://127.0.0.1:8443`` (another program on the same machine) or ``http://`` where
the site is ``https://`` passed. Here an origin is accepted when its scheme, host and
port are

* those of one of ``CSRF_TRUSTED_ORIGINS`` (``DJANGO_CSRF_TRUSTED_ORIGINS``; a
  ``*.`` host there stands for any subdomain, as in Django's CSRF check), or
* the request's own: ``http``/``https`` as the socket is ``ws``/``wss`` (behind the
  trusted proxy, as ``X-Forwarded-Proto`` says: ``club.proxy``), and the ``Host``
  header's host and port, that host being one of ``ALLOWED_HOSTS``.

A handshake without an ``Origin`` (no browser sends one so) is refused. This is the
check Django's CSRF middleware makes of a form's ``Origin``; a socket refused here gets
the handshake's 403.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _header(scope: dict, name: bytes) -> str | None:
    for key, value in scope.get("headers") or []:
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _parts(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) origin, the port made explicit; None when it
    is none."""
    try:
        parsed = urlsplit(url.strip())
        port = parsed.port
    except ValueError:
        return None
    scheme = parsed.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parsed.hostname:
        return None
    return scheme, parsed.hostname.lower(), port or DEFAULT_PORTS[scheme]


def _trusted(origin: tuple[str, str, int]) -> bool:
    scheme, host, port = origin
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        wildcard = "://*." in entry
        trusted = _parts(entry.replace("://*.", "://", 1))
        if trusted is None or (trusted[0], trusted[2]) != (scheme, port):
            continue
        if trusted[1] == host or (wildcard and host.endswith("." + trusted[1])):
            return True
    return False


def _own(origin: tuple[str, str, int], scope: dict) -> bool:
    host_header = _header(scope, b"host")
    if not host_header:
        return False
    scheme = "https" if scope.get("scheme", "ws") in ("wss", "https") else "http"
    own = _parts(f"{scheme}://{host_header}")
    if own is None or own != origin:
        return False
    domain, _port = split_domain_port(host_header)
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


def origin_allowed(scope: dict) -> bool:
    """Whether the socket's handshake comes from a page of the site (module docstring)."""
    value = _header(scope, b"origin")
    origin = _parts(value) if value else None
    if origin is None:
        return False
    return _trusted(origin) or _own(origin, scope)


class SiteOriginValidator:
    """ASGI middleware: refuses a WebSocket whose ``Origin`` is not the site's own."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.app(scope, receive, send)
