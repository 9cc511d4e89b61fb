"""The table events' own Redis connections (games.live.bus): the wire format, and
against a real Redis the round trip, the channel layer's messages heard, reconnecting,
and clear errors when Redis cannot be reached or refuses the connection."""

from __future__ import annotations

import asyncio
import os
import socket

import pytest
from channels.layers import get_channel_layer
from django.test import override_settings

from club.config import channel_layers
from games.live import bus, hub
from games.live.bus import RedisError, RedisEvents, command, parse
from tests.live_server import redis_prefix

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL")
needs_redis = pytest.mark.skipif(
    not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)"
)


# ---------------------------------------------------------------- wire format
def test_a_command_is_an_array_of_bulk_strings():
    assert command("PUBLISH", "ch", b"\x00\r\n") == (
        b"*3\r\n$7\r\nPUBLISH\r\n$2\r\nch\r\n$3\r\n\x00\r\n\r\n"
    )


def test_replies_of_every_kind_are_read():
    assert parse(b"+OK\r\n") == (b"OK", 5)
    assert parse(b":12\r\n") == (12, 5)
    assert parse(b"$-1\r\n") == (None, 5)
    error, _ = parse(b"-ERR wrong\r\n")
    assert isinstance(error, RedisError) and error == "ERR wrong"
    assert parse(b"*2\r\n$1\r\na\r\n*1\r\n:1\r\n") == ([b"a", [1]], 19)


def test_a_message_split_anywhere_is_read_once_whole():
    """A pub/sub message cut at any byte (TCP may deliver it so) is read only once it
    is complete, and a payload holding CRLF is read by its length."""
    wire = command("message", "club__group__tables", b"a\r\nb") + b":1\r\n"
    for cut in range(len(wire)):
        got = []
        conn = bus._Connection(got.append, lambda exc: None)
        conn.data_received(wire[:cut])
        conn.data_received(wire[cut:])
        assert got == [[b"message", b"club__group__tables", b"a\r\nb"], 1], cut
        assert conn.buf == bytearray()


def test_an_unreadable_reply_drops_the_connection():
    class Transport:
        closed = False

        def close(self):
            self.closed = True

    conn = bus._Connection(lambda value: None, lambda exc: None)
    conn.transport = Transport()
    conn.data_received(b"?what\r\n")
    assert conn.transport.closed


# ---------------------------------------------------------------- against Redis
def run_with_layer(scenario, url=REDIS_TEST_URL):
    with override_settings(CHANNEL_LAYERS=channel_layers(url, prefix=redis_prefix() + "-bus")):
        layer = get_channel_layer()
        try:
            return asyncio.run(scenario(layer))
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
        first = events._subscriber
        first.transport.abort()  # the connection drops
        for _ in range(500):  # subscribed again, on a new connection
            if events._subscriber not in (None, first) and events._subscribed.is_set():
                break
            await asyncio.sleep(0.01)
        assert events._subscriber not in (None, first) and events._subscribed.is_set()
        # the hub is told that events may have been missed meanwhile
        assert await asyncio.wait_for(events.receive(channel), 5) == {
            "type": bus.RESYNC,
            "events": [],
        }

        await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": [1]})
        events._publisher.transport.abort()
        await asyncio.sleep(0)
        await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": [2]})
        got = [await asyncio.wait_for(events.receive(channel), 5) for _ in range(2)]
        assert [m["events"] for m in got] == [[1], [2]]

    run_with_layer(scenario)


@needs_redis
def test_a_refused_password_is_a_clear_connection_error():
    host_port = REDIS_TEST_URL.split("//", 1)[1].split("/", 1)[0]

    async def scenario(layer):
        events = RedisEvents(f"redis://:wrong@{host_port}/0", layer)
        with pytest.raises(ConnectionError, match="Redis refused the connection"):
            await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": []})

    run_with_layer(scenario)


def test_publishing_to_an_unreachable_redis_raises_a_service_error():
    """The hub logs such a batch as not sent (club.outage.SERVICE_ERRORS)."""
    from club.outage import SERVICE_ERRORS

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def scenario(layer):
        events = RedisEvents(f"redis://127.0.0.1:{port}/0", layer)
        with pytest.raises(SERVICE_ERRORS):
            await events.group_send(hub.EVENTS_GROUP, {"type": "tables.events", "events": []})

    run_with_layer(scenario, url=f"redis://127.0.0.1:{port}/0")
