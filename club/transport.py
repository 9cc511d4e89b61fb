"""Twisted's TCP transport, sending at once what it can.

Daphne's sockets are Twisted TCP connections, and ``transport.write()`` never sends: it
buffers the bytes and asks the reactor to watch the socket for writing; one turn of the
event loop later, the reactor calls back, the bytes are sent, and the socket is
unwatched. On the asyncio reactor that is two ``epoll_ctl`` system calls, two handles
and a logged callback for every WebSocket message, around the one ``send`` that does
the work. A move sends one frame to each socket of its table: at 1,000 tables, that
path is about a tenth of daphne's busy time (py-spy; docs/performance.md).

``apply()`` (called by ``club.asgi``) makes a connection whose buffer is empty send the
bytes straight away, once Nagle's algorithm is off on it (``setTcpNoDelay(True)``,
which autobahn does for every WebSocket): there the kernel sends each write as it
comes anyway, so sending it a loop turn sooner changes nothing but the cost. A plain
HTTP connection keeps Twisted's path, whose buffer joins a response's small writes
into one send (with Nagle on, a second small segment would wait for the client's
delayed ACK).

What the kernel does not take (its buffer is full, or the socket is failing) goes to
Twisted's buffer as before, and the reactor's own path sends it or finds the error.
While anything is buffered, new bytes queue behind it, so the order of the stream
never changes. TLS connections started in place (``startTLS``) keep Twisted's path;
daphne's own TLS endpoint wraps the protocol, so what reaches this transport is
already ciphertext.
"""

from __future__ import annotations

from twisted.internet import tcp

_buffered_write = tcp.Connection.write
_set_tcp_no_delay = tcp.Connection.setTcpNoDelay


def write_at_once(self: tcp.Connection, data: bytes) -> None:
    """``tcp.Connection.write``: send ``data`` now if nothing is waiting before it and
    the connection is open; buffer what the kernel does not take."""
    if (
        data
        and self.send_at_once
        and self.connected
        and not self.TLS
        and not self.disconnecting
        and not self._writeDisconnected
        and not self._tempDataBuffer
        and self.offset == len(self.dataBuffer)
        and isinstance(data, bytes)
    ):
        try:
            sent = self.socket.send(data)
        except OSError:  # would block, no buffers, or a lost connection: Twisted's path
            sent = 0
        if sent == len(data):
            return
        data = data[sent:]
    _buffered_write(self, data)


def set_tcp_no_delay(self: tcp.Connection, enabled: bool) -> None:
    """``tcp.Connection.setTcpNoDelay``, which also turns sending at once on or off."""
    _set_tcp_no_delay(self, enabled)
    self.send_at_once = bool(enabled)


_applied = False


def apply() -> None:
    """Make the TCP connections of this process that turn Nagle's algorithm off send
    at once (idempotent)."""
    global _applied
    if not _applied:
        tcp.Connection.send_at_once = False
        tcp.Connection.setTcpNoDelay = set_tcp_no_delay
        tcp.Connection.write = write_at_once
        _applied = True
