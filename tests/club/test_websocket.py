"""The WebSocket stack: origin check, session auth, and the channel layer."""

import os

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from club.asgi import application
from club.config import channel_layers
from tests.live_server import redis_prefix

pytestmark = pytest.mark.django_db(transaction=True)


def _communicator(path="/ws/ping/", origin=b"http://localhost", headers=()):
    return WebsocketCommunicator(application, path,
                                 headers=[(b"origin", origin), (b"host", b"localhost"), *headers])


async def test_socket_from_an_allowed_origin_answers_ping():
    comm = _communicator()
    connected, _ = await comm.connect()
    assert connected
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from() == {"type": "pong", "user": None}
    await comm.disconnect()


async def test_socket_from_a_foreign_origin_is_refused():
    comm = _communicator(origin=b"http://evil.example")
    connected, _ = await comm.connect()
    assert not connected


async def test_socket_knows_the_logged_in_member(client, member):
    from asgiref.sync import sync_to_async

    await sync_to_async(client.force_login)(member)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = _communicator(headers=[(b"cookie", cookie)])
    assert (await comm.connect())[0]
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from() == {"type": "pong", "user": "Marie Tremblay"}
    await comm.disconnect()


async def test_bad_frames_get_an_error_frame_not_a_crash():
    comm = _communicator()
    await comm.connect()
    await comm.send_to(text_data="{not json")
    assert (await comm.receive_json_from())["code"] == "bad_json"
    await comm.send_json_to({"type": "launch-missiles"})
    assert (await comm.receive_json_from())["code"] == "unknown_type"
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from())["type"] == "pong"
    await comm.disconnect()


async def _echo_round_trip():
    """An echo goes through the channel layer back to its own socket only: nobody can
    broadcast to everyone's ping socket."""
    first, second = _communicator(), _communicator()
    assert (await first.connect())[0] and (await second.connect())[0]
    await first.send_json_to({"type": "echo", "text": "la Blanche"})
    assert await first.receive_json_from(timeout=5) == {"type": "echo", "text": "la Blanche"}
    assert await second.receive_nothing(timeout=0.5)
    await first.disconnect()
    await second.disconnect()


async def test_echo_messages_come_back_through_the_layer_in_memory():
    await _echo_round_trip()


REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL")


@pytest.mark.skipif(not REDIS_TEST_URL, reason="REDIS_TEST_URL not set (no redis-server)")
async def test_echo_messages_come_back_through_redis():
    with override_settings(CHANNEL_LAYERS=channel_layers(REDIS_TEST_URL, prefix=redis_prefix())):
        layer = get_channel_layer()
        assert type(layer).__name__ == "RedisPubSubChannelLayer"
        await _echo_round_trip()
        await layer.flush()
