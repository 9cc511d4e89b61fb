"""Daphne's TCP connections send at once (club/transport.py, applied by club.asgi): a
WebSocket's frame leaves in the write that makes it, without a turn of the reactor; what
the kernel does not take waits in Twisted's buffer, in order; a failing socket is left
to Twisted's error path; a connection with Nagle's algorithm on keeps Twisted's buffered
writes."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from twisted.internet import main, tcp

from club import transport


class Reactor:
    """The reactor calls a connection makes, recorded."""

    def __init__(self):
        self.writers: list = []

    def addWriter(self, writer):  # noqa: N802 (Twisted's names)
        self.writers.append(writer)

    def removeWriter(self, writer):  # noqa: N802
        if writer in self.writers:
            self.writers.remove(writer)

    def addReader(self, reader):  # noqa: N802
        pass

    def removeReader(self, reader):  # noqa: N802
        pass


@pytest.fixture
def pair():
    """(a Twisted connection on one end of a loopback TCP pair, its reactor, the peer)."""
    transport.apply()
    with socket.create_server(("127.0.0.1", 0)) as listener:
        ours = socket.create_connection(listener.getsockname())
        peer, _ = listener.accept()
    ours.setblocking(False)
    reactor = Reactor()
    connection = tcp.Connection(ours, None, reactor)
    connection.connected = 1
    yield connection, reactor, peer
    ours.close()
    peer.close()


def _read(peer: socket.socket, count: int) -> bytes:
    peer.settimeout(10)
    data = b""
    while len(data) < count:
        chunk = peer.recv(count - len(data))
        assert chunk, "the peer's stream ended early"
        data += chunk
    return data


def test_a_frame_leaves_in_the_write_itself_once_nagle_is_off(pair):
    connection, reactor, peer = pair
    connection.setTcpNoDelay(True)
    connection.write(b'{"type":"state","seq":7}')
    assert _read(peer, 24) == b'{"type":"state","seq":7}'
    assert reactor.writers == [] and connection._tempDataBuffer == []


def test_with_nagle_on_the_write_waits_for_the_reactor_as_twisted_does(pair):
    connection, reactor, peer = pair
    connection.write(b"HTTP/1.1 200 OK\r\n")
    assert reactor.writers == [connection]
    peer.setblocking(False)
    with pytest.raises(BlockingIOError):
        peer.recv(100)
    connection.doWrite()
    assert _read(peer, 17) == b"HTTP/1.1 200 OK\r\n" and reactor.writers == []


def test_what_the_kernel_does_not_take_is_buffered_and_later_writes_queue_behind_it(pair):
    connection, reactor, peer = pair
    connection.setTcpNoDelay(True)
    big = bytes(range(256)) * (64 * 1024)  # 16 MB: more than both sockets' buffers
    connection.write(big)
    assert reactor.writers == [connection]  # the rest waits for the reactor
    connection.write(b"after")  # must not overtake what is buffered
    received = bytearray()
    peer.settimeout(10)
    while len(received) < len(big) + 5:
        received += peer.recv(1 << 20)
        if reactor.writers:
            assert connection.doWrite() is None
    assert bytes(received) == big + b"after"
    assert reactor.writers == []
    connection.write(b"again")  # the buffer is empty again: straight out
    assert _read(peer, 5) == b"again" and reactor.writers == []


def test_a_failing_socket_is_left_to_twisted_which_reports_the_connection_lost(pair):
    connection, reactor, peer = pair
    connection.setTcpNoDelay(True)
    connection.socket.shutdown(socket.SHUT_WR)  # every send now fails (EPIPE)
    connection.write(b"lost")  # no exception here: the reactor's path finds the error
    assert reactor.writers == [connection]
    assert connection.doWrite() is main.CONNECTION_LOST


def test_a_closing_connection_s_last_writes_go_through_twisted_s_buffer(pair):
    connection, reactor, peer = pair
    connection.setTcpNoDelay(True)
    connection.disconnecting = True
    connection.write(b"bye")
    assert reactor.writers == [connection]


def test_the_site_s_asgi_module_makes_daphne_s_connections_send_at_once():
    """Loading ``club.asgi`` (what daphne does) applies the transport: checked in a fresh
    interpreter, where nothing else could have applied it."""
    check = (
        "from twisted.internet import tcp\n"
        "from club import transport\n"
        "assert tcp.Connection.write is not transport.write_at_once\n"
        "import club.asgi\n"
        "assert tcp.Connection.write is transport.write_at_once\n"
        "assert tcp.Connection.setTcpNoDelay is transport.set_tcp_no_delay\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", check],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
