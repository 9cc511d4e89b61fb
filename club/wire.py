"""WebSocket compression (``permessage-deflate``, RFC 7692) under daphne.

Daphne builds its autobahn ``WebSocketFactory`` with no compression option, so a
browser that offers ``permessage-deflate`` gets no extension back and every state
frame goes out as plain JSON text. ``apply()`` (called by ``club.asgi`` at import,
before daphne's server builds its factory) makes every factory of the process accept
the browser's offer.

What is compressed, and at what cost:

* server to browser, the frames that matter (state snapshots of 3-4 KB): deflate with
  *context takeover*, so each frame is compressed against the ones before it on the
  same socket, and a snapshot that repeats most of the previous ones costs little
  more than what changed. ``window_bits`` sets how far back it looks and
  ``mem_level`` the compressor's hash tables; together they fix the memory a socket
  holds once it has been sent a frame: ``2 ** (window_bits + 2) + 2 ** (mem_level + 9)``
  bytes, 80 KB at the default of 14 and 5 (256 KB at zlib's own 15 and 8).
  Measured by ``bench/wire_bench.py`` (3 hands, 4 players): with no compression a
  500 table sends 2,074 KB, 658 frames; at 12,5 (a 4 KB window) 212 KB, 9.8 times
  less; at 13,5 62 KB (but 450's larger frames only 16 times less); at 14,5 (16 KB) 60 KB
  (35x; 450 33x), as good as 15,8's 59 KB for a third of the memory.
* browser to server: compressed by the browser with the same window bound when its
  offer lets the server set one (browsers' offers do), which bounds what the server's
  decompressor holds per socket; its intents and heartbeats are a few dozen bytes.

``CLUB500_WS_DEFLATE`` chooses: ``off`` (no compression: a client offering it gets no
extension back), or ``window_bits,mem_level`` (default ``14,5``; window bits 9-15,
memory level 1-9). ``bench/wire_bench.py`` measures the bytes on the wire both ways.

``quiet_connection_log()`` (also called by ``club.asgi``) spares every new connection
autobahn's debug line of its settings: autobahn pretty-prints the list of its 40-odd
settings for ``log.debug`` before the call, whether or not debug lines are shown, and
that was 4% of daphne's CPU while 4,000 sockets reconnected at once. The list is
formatted only when autobahn's log level shows debug lines.
"""

from __future__ import annotations

import os
import pprint

import txaio
from autobahn.websocket import protocol as autobahn_protocol
from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept
from daphne.ws_protocol import WebSocketFactory

DEFAULT = (14, 5)


def parse(value: str | None) -> tuple[int, int] | None:
    """``CLUB500_WS_DEFLATE``'s value: ``None`` for off, else (window bits, memory level)."""
    if value is None or not value.strip():
        return DEFAULT
    text = value.strip().lower()
    if text in ("off", "0", "no", "false"):
        return None
    try:
        window_bits, mem_level = (int(part) for part in text.split(","))
    except ValueError:
        raise ValueError(
            f"CLUB500_WS_DEFLATE={value!r}: say 'off' or 'window_bits,mem_level' (say '14,5')"
        ) from None
    if not 9 <= window_bits <= 15 or not 1 <= mem_level <= 9:
        raise ValueError(
            f"CLUB500_WS_DEFLATE={value!r}: window bits go from 9 to 15, memory level 1 to 9"
        )
    return window_bits, mem_level


def accept_offers(window_bits: int, mem_level: int):
    """The ``perMessageCompressionAccept`` callback: the first ``permessage-deflate``
    offer of the client's list, with the server's window and memory bounded."""

    def accept(offers):
        for offer in offers:
            if isinstance(offer, PerMessageDeflateOffer):
                # A client may ask for a smaller server window than ours; it may let us
                # bound its own window (browsers do), which bounds our decompressor.
                bits = min(window_bits, offer.request_max_window_bits or window_bits)
                return PerMessageDeflateOfferAccept(
                    offer,
                    window_bits=bits,
                    mem_level=mem_level,
                    request_max_window_bits=window_bits if offer.accept_max_window_bits else 0,
                )
        return None

    return accept


_applied = False


def apply(setting: str | None = None) -> tuple[int, int] | None:
    """Make daphne's WebSocket factories of this process accept ``permessage-deflate``
    as ``CLUB500_WS_DEFLATE`` (or ``setting``) says; returns what was applied."""
    global _applied
    chosen = parse(os.environ.get("CLUB500_WS_DEFLATE") if setting is None else setting)
    if chosen is None or _applied:
        return chosen
    accept = accept_offers(*chosen)
    original = WebSocketFactory.__init__

    def __init__(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.setProtocolOptions(perMessageCompressionAccept=accept)

    WebSocketFactory.__init__ = __init__
    _applied = True
    return chosen


DEBUG_LEVELS = ("debug", "trace")


def settings_for_debug_line(value, *args, **kwargs) -> str:
    """autobahn's ``pformat``: as ``pprint.pformat``, except that the list of a new
    connection's settings (the only list autobahn formats) is left out ("") unless
    autobahn's debug lines are shown."""
    if isinstance(value, list) and not _debug_shown():
        return ""
    return pprint.pformat(value, *args, **kwargs)


def _debug_shown() -> bool:
    try:
        return txaio.get_global_log_level() in DEBUG_LEVELS
    except RuntimeError:  # no framework chosen yet: no autobahn connection either
        return False


def quiet_connection_log() -> None:
    autobahn_protocol.pformat = settings_for_debug_line
