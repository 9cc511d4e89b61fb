"""The table events over redis-py's pub/sub (games.live.bus), against a real Redis: the
round trip in order, the channel layer's messages heard, a lost subscription made again
with the hub told to catch up, a broken publisher connected again, and clear errors
when Redis cannot be reached, refuses the connection or stops answering."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
from unittest import mock

import pytest
import redis.asyncio as aioredis
from channels.layers import get_channel_layer
from django.test import override_settings
from redis.exceptions import TimeoutError as RedisTimeoutError

from club.config import channel_layers
from club.outage import SERVICE_ERRORS
from games.live import bus, hub
from games.live.bus import RedisEvents
from tests.live_server import redis_prefix
from tools.testenv import redis_server

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL")
OPENSSL, REDIS_SERVER = shutil.which("openssl"), shutil.which("redis-server")
needs_redis = pytest.mark.skipif(
    not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)"
)


# ---------------------------------------------------------------- against Redis
def run_with_layer(scenario, url=REDIS_TEST_URL):
    """Run ``scenario(layer)``; every ``RedisEvents`` it made is closed at its end."""
    made = []
    init = RedisEvents.__init__

    def tracked(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    async def closing(layer):
        try:
            return await scenario(layer)
        finally:
            for events in made:
                await events.close()

    with (
        mock.patch.object(RedisEvents, "__init__", tracked),
        override_settings(CHANNEL_LAYERS=channel_layers(url, prefix=redis_prefix() + "-bus")),
    ):
        layer = get_channel_layer()
        try:
            return asyncio.run(closing(layer))
        finally:
            asyncio.run(layer.flush())


async def _joined(events: RedisEvents) -> str:
    channel = await events.new_channel("tables.")
    await events.group_add(hub.EVENTS_GROUP, channel)
    return channel


@needs_redis
def test_events_published_are_heard_in_order_with_the_layers_own_messages():
    async def scenario(layer):
        events = hub.events_bus()
        assert isinstance(events, RedisEvents)
        other = RedisEvents(REDIS_TEST_URL, layer)  # another process's hub
        channel = await _joined(other)
        for seq in range(1, 4):
            await events.group_send(
                hub.EVENTS_GROUP,
                hub.events_message([{"type": "table.updated", "table": 7, "seq": seq}]),
            )
        # a process without a hub (a command) publishes through the channel layer
        await layer.group_send(
            hub.EVENTS_GROUP, hub.events_message([{"type": "table.presence", "table": 7}])
        )
        got = [await asyncio.wait_for(other.receive(channel), 5) for _ in range(4)]
        assert [e["events"][0].get("seq") for e in got] == [1, 2, 3, None]
        assert got[3]["events"][0]["type"] == "table.presence"

    run_with_layer(scenario)


@needs_redis
def test_a_lost_subscription_comes_back_and_a_broken_publisher_reconnects():
    async def scenario(layer):
        events = RedisEvents(REDIS_TEST_URL, layer)
        channel = await _joined(events)
        first = events._subscription
        first.transport.abort()  # the connection drops
        # the hub is told that events may have been missed meanwhile
        assert await asyncio.wait_for(events.receive(channel), 10) == {
            "type": bus.RESYNC,
            "events": [],
        }
        assert events._subscription not in (None, first) and events._subscribed.is_set()

        await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": [1]})
        events.publisher._writer.transport.abort()  # the publisher's connection drops
        await asyncio.sleep(0)
        expected = [[1], [2], [3]]
        try:  # a publish may fail on the dropped connection: the hub logs it as not sent
            await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": [2]})
        except SERVICE_ERRORS:
            expected.remove([2])
        await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": [3]})
        got = [await asyncio.wait_for(events.receive(channel), 5) for _ in expected]
        assert [m["events"] for m in got] == expected

    run_with_layer(scenario)


@needs_redis
def test_the_publishing_connection_is_sent_no_replies_after_a_reconnect_too():
    """A publish is one write: Redis answers nothing on the publishing connection (its
    ``CLIENT REPLY OFF``), so nothing piles up unread there, on a new connection too."""

    async def scenario(layer):
        events = RedisEvents(REDIS_TEST_URL, layer)
        channel = await _joined(events)
        for attempt in range(2):
            for n in range(50):
                await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": [n]})
            got = [await asyncio.wait_for(events.receive(channel), 5) for _ in range(50)]
            assert [m["events"] for m in got] == [[n] for n in range(50)]
            with pytest.raises(TimeoutError):  # not a byte came back
                await asyncio.wait_for(events.publisher._reader.read(1), 0.3)
            await events.publisher.disconnect()  # the next publish connects again

    run_with_layer(scenario)


@needs_redis
def test_a_publish_is_written_at_once_once_the_connection_is_ready_and_redis_keeps_up(
    monkeypatch,
):
    """``publish_nowait`` writes from the caller's step, in order with the publishes
    around it, once the publishing connection is up and past its handshake. Before
    that, or with bytes written before not yet taken by Redis, it writes nothing and
    says so: the hub then publishes from a task that connects, or waits."""

    def message(n):
        return {"type": "tables.events", "events": [n]}

    async def scenario(layer):
        events = RedisEvents(REDIS_TEST_URL, layer)
        channel = await _joined(events)
        assert events.publish_nowait(hub.EVENTS_GROUP, message(0)) is False  # no connection
        await events.group_send(hub.EVENTS_GROUP, message(1))  # connects
        assert events.publish_nowait(hub.EVENTS_GROUP, message(2)) is True
        await events.group_send(hub.EVENTS_GROUP, message(3))
        assert events.publish_nowait(hub.EVENTS_GROUP, message(4)) is True
        got = [await asyncio.wait_for(events.receive(channel), 5) for _ in range(4)]
        assert [m["events"] for m in got] == [[1], [2], [3], [4]]

        transport = events.publisher._writer.transport
        with monkeypatch.context() as patched:  # bytes not yet taken by Redis
            patched.setattr(transport, "get_write_buffer_size", lambda: 1)
            assert events.publish_nowait(hub.EVENTS_GROUP, message(5)) is False

        await events.publisher.disconnect()
        await events.publisher._connect()  # connected, its handshake not yet made
        assert events.publisher.is_connected
        assert events.publish_nowait(hub.EVENTS_GROUP, message(6)) is False
        await events.publisher.disconnect()
        await events.group_send(hub.EVENTS_GROUP, message(7))  # a whole new connection
        assert events.publish_nowait(hub.EVENTS_GROUP, message(8)) is True
        got = [await asyncio.wait_for(events.receive(channel), 5) for _ in range(2)]
        assert [m["events"] for m in got] == [[7], [8]]

    run_with_layer(scenario)


def tls_redis(directory):
    """A throwaway redis-server that speaks only TLS, with a certificate of its own for
    127.0.0.1 (made by openssl); yields its ``rediss://`` URL, which trusts it."""
    cert, key = directory / "redis.crt", directory / "redis.key"
    subprocess.run(
        [OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
        + ["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    return redis_server(REDIS_SERVER, tls=(cert, key))


@needs_redis
@pytest.mark.skipif(not (OPENSSL and REDIS_SERVER), reason="needs openssl and redis-server")
def test_the_events_go_over_a_redis_that_speaks_tls(tmp_path):
    """``rediss://``: redis-py makes the TLS connections, the subscription reads the
    TLS transport it takes over, and a publish is written at once on it too; the
    publisher hears nothing back, as over plain TCP."""

    def message(n):
        return {"type": "tables.events", "events": [n]}

    with tls_redis(tmp_path) as url:

        async def scenario(layer):
            events = RedisEvents(url, layer)
            channel = await _joined(events)
            assert events._subscription.transport.get_extra_info("sslcontext") is not None
            await events.group_send(hub.EVENTS_GROUP, message(1))  # connects
            assert events.publish_nowait(hub.EVENTS_GROUP, message(2)) is True
            got = [await asyncio.wait_for(events.receive(channel), 5) for _ in range(2)]
            assert [m["events"] for m in got] == [[1], [2]]
            with pytest.raises(TimeoutError):  # not a byte came back
                await asyncio.wait_for(events.publisher._reader.read(1), 0.3)

        run_with_layer(scenario)


@needs_redis
def test_a_refused_password_is_a_clear_connection_error():
    host_port = REDIS_TEST_URL.split("//", 1)[1].split("/", 1)[0]

    async def scenario(layer):
        events = RedisEvents(f"redis://nobody:wrong@{host_port}/0", layer)  # no such user
        with pytest.raises(SERVICE_ERRORS, match="(?i)password"):
            await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": []})

    run_with_layer(scenario)


def test_publishing_to_an_unreachable_redis_raises_a_service_error():
    """The hub logs such a batch as not sent (club.outage.SERVICE_ERRORS)."""
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def scenario(layer):
        events = RedisEvents(f"redis://127.0.0.1:{port}/0", layer)
        with pytest.raises(SERVICE_ERRORS):
            await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": []})

    run_with_layer(scenario, url=f"redis://127.0.0.1:{port}/0")


def test_a_redis_that_stops_answering_fails_the_publish_instead_of_holding_it(monkeypatch):
    """A Redis that hears and never answers: the publish fails within the timeout with a
    service error (the hub logs the batch and goes on to the next) instead of holding
    every later batch behind it."""
    monkeypatch.setattr(bus, "CONNECT_TIMEOUT", 0.3)

    async def scenario(layer):
        hung_up = asyncio.Event()

        async def silent(reader, writer):
            while await reader.read(1 << 16):  # hears everything, answers nothing
                pass
            writer.close()  # the client hung up
            hung_up.set()

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        events = RedisEvents(f"redis://127.0.0.1:{port}/0", layer)
        publish = events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": []})
        # redis-py's own timeout error; a publish left hanging would end in wait_for's
        with pytest.raises(RedisTimeoutError):
            await asyncio.wait_for(publish, 30)
        await asyncio.wait_for(hung_up.wait(), 5)  # the timed-out connection was let go
        server.close()

    with socket.socket() as probe:  # the layer itself is never used
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run_with_layer(scenario, url=f"redis://127.0.0.1:{port}/0")


# ---------------------------------------------------------------- the subscription's reading
class FakeTransport:
    def __init__(self):
        self.written, self.closed, self.protocol = [], False, None

    def set_protocol(self, protocol):
        self.protocol = protocol

    def writelines(self, chunks):
        self.written.append(b"".join(chunks))

    def close(self):
        self.closed = True


class FakeConnection:
    def __init__(self):
        self._writer = type("Writer", (), {"transport": FakeTransport()})()
        self.pack_command = aioredis.Connection().pack_command  # redis-py's own packing


def _bulk(*parts: bytes, push: bool = False) -> bytes:
    head = b">" if push else b"*"
    return head + b"%d\r\n" % len(parts) + b"".join(b"$%d\r\n%s\r\n" % (len(p), p) for p in parts)


def test_the_subscription_reads_messages_split_anywhere_and_ignores_other_pushes():
    """What Redis sends is read as it comes, however the reads cut it: each message's
    data handed over in order, the subscription confirmed once every channel is; a
    push that is not a message (a server's notice) is skipped; an error reply ends the
    subscription (the bus subscribes again and catches up)."""

    async def scenario():
        got = []
        connection = FakeConnection()
        subscription = bus.Subscription(connection, got.append)
        transport = connection._writer.transport
        assert transport.protocol is subscription
        subscription.subscribe(["a", "bb"])
        assert transport.written == [b"*3\r\n$9\r\nSUBSCRIBE\r\n$1\r\na\r\n$2\r\nbb\r\n"]
        stream = (
            _bulk(b"subscribe", b"a", b"1")
            + _bulk(b"subscribe", b"bb", b"2", push=True)
            + _bulk(b"message", b"a", b"first")
            + _bulk(b"MOVING", b"1", b"2", push=True)
            + _bulk(b"message", b"bb", b"second" * 100, push=True)
        )
        for at in range(0, len(stream), 7):  # in 7-byte reads
            subscription.data_received(stream[at : at + 7])
        assert subscription.confirmed.done() and not subscription.lost.done()
        assert got == [b"first", b"second" * 100]
        subscription.data_received(b"-ERR unknown command\r\n" + _bulk(b"message", b"a", b"late"))
        assert "ERR unknown command" in await subscription.lost and transport.closed
        assert got == [b"first", b"second" * 100]  # nothing read past the error

    asyncio.run(scenario())


def test_a_subscription_lost_before_it_was_confirmed_says_so():
    async def scenario():
        subscription = bus.Subscription(FakeConnection(), lambda data: None)
        subscription.subscribe(["a"])
        subscription.connection_lost(ConnectionResetError("reset by peer"))
        with pytest.raises(bus.RedisConnectionError, match="reset by peer"):
            await subscription.confirmed
        assert isinstance(await subscription.lost, ConnectionResetError)

    asyncio.run(scenario())
