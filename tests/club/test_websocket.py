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
    return WebsocketCommunicator(
        application, path, headers=[(b"origin", origin), (b"host", b"localhost"), *headers]
    )


async def test_socket_from_an_allowed_origin_answers_ping():
    comm = _communicator()
    connected, _ = await comm.connect(timeout=10)
    assert connected
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=10) == {"type": "pong", "user": None}
    await comm.disconnect()


async def test_socket_from_a_foreign_origin_is_refused():
    comm = _communicator(origin=b"http://evil.example")
    connected, _ = await comm.connect(timeout=10)
    assert not connected


@pytest.mark.parametrize(
    "origin",
    [
        b"http://localhost:8443",  # another program on the same machine
        b"https://localhost",  # the right host, another scheme
        b"http://localhost:80.evil.example",
        b"http://evil.example",
        b"null",  # a sandboxed frame or a file
        b"",
    ],
)
async def test_a_socket_from_another_scheme_or_port_of_the_host_is_refused(origin):
    """The origin's scheme, host and port must all be the site's own (Channels'
    AllowedHostsOriginValidator compared host names only)."""
    comm = _communicator(origin=origin)
    connected, _ = await comm.connect(timeout=10)
    assert not connected


async def test_a_socket_without_an_origin_is_refused():
    comm = WebsocketCommunicator(application, "/ws/ping/", headers=[(b"host", b"localhost")])
    assert not (await comm.connect(timeout=10))[0]


@pytest.mark.parametrize(
    ("scheme", "host", "origin", "accepted"),
    [
        ("ws", b"localhost:8000", b"http://localhost:8000", True),
        ("ws", b"localhost:8000", b"http://localhost", False),
        ("ws", b"localhost", b"http://localhost:80", True),  # the default port, said or not
        ("wss", b"localhost", b"https://localhost", True),  # behind the proxy, over HTTPS
        ("wss", b"localhost", b"http://localhost", False),
        ("wss", b"localhost", b"https://localhost:1", False),
        ("ws", b"elsewhere.example", b"http://elsewhere.example", False),  # not an allowed host
    ],
)
def test_the_requests_own_origin_is_its_scheme_host_and_port(scheme, host, origin, accepted):
    from club.origins import origin_allowed

    scope = {
        "type": "websocket",
        "scheme": scheme,
        "headers": [(b"host", host), (b"origin", origin)],
    }
    assert origin_allowed(scope) is accepted


@override_settings(
    CSRF_TRUSTED_ORIGINS=["https://club500.example:8443", "https://*.club500.example"],
    ALLOWED_HOSTS=["club500.example", ".club500.example", "localhost"],
)
@pytest.mark.parametrize(
    ("origin", "accepted"),
    [
        (b"https://club500.example:8443", True),
        (b"https://club500.example", True),  # the wildcard's own domain, port 443
        (b"https://salle.club500.example", True),
        (b"http://salle.club500.example", False),
        (b"https://club500.example:8444", False),
        (b"https://evilclub500.example", False),
    ],
)
def test_the_trusted_origins_are_matched_on_scheme_host_and_port(origin, accepted):
    """A proxy that hides the port from Host (nginx's $host) needs the site's origin in
    DJANGO_CSRF_TRUSTED_ORIGINS, as Django's CSRF check does."""
    from club.origins import origin_allowed

    scope = {
        "type": "websocket",
        "scheme": "wss",
        "headers": [(b"host", b"localhost"), (b"origin", origin)],
    }
    assert origin_allowed(scope) is accepted


async def test_socket_knows_the_logged_in_member(client, member):
    from asgiref.sync import sync_to_async

    await sync_to_async(client.force_login)(member)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = _communicator(headers=[(b"cookie", cookie)])
    assert (await comm.connect(timeout=10))[0]
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=10) == {"type": "pong", "user": "Marie Tremblay"}
    await comm.disconnect()


async def test_bad_frames_get_an_error_frame_not_a_crash():
    comm = _communicator()
    await comm.connect(timeout=10)
    await comm.send_to(text_data="{not json")
    assert (await comm.receive_json_from(timeout=10))["code"] == "bad_json"
    await comm.send_json_to({"type": "launch-missiles"})
    assert (await comm.receive_json_from(timeout=10))["code"] == "unknown_type"
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from(timeout=10))["type"] == "pong"
    await comm.disconnect()


async def _member_cookie() -> bytes:
    from asgiref.sync import sync_to_async
    from django.contrib.auth import get_user_model
    from django.test import Client

    def login():
        user = get_user_model().objects.create_user(
            email="echo@example.com", password="partie-de-500"
        )
        client = Client()
        client.force_login(user)
        return f"sessionid={client.cookies['sessionid'].value}".encode()

    return await sync_to_async(login)()


async def _echo_round_trip():
    """An echo goes through the channel layer back to its own socket only: nobody can
    broadcast to everyone's ping socket."""
    cookie = [(b"cookie", await _member_cookie())]
    first, second = _communicator(headers=cookie), _communicator(headers=cookie)
    assert (await first.connect(timeout=10))[0] and (await second.connect(timeout=10))[0]
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


async def test_a_visitor_gets_pongs_but_no_echo():
    comm = _communicator()
    assert (await comm.connect(timeout=10))[0]
    await comm.send_json_to({"type": "echo", "text": "allo"})
    assert (await comm.receive_json_from(timeout=10))["code"] == "login_required"
    assert await comm.receive_nothing(timeout=0.3)
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from(timeout=10))["type"] == "pong"
    await comm.disconnect()


async def test_a_members_echoes_are_limited_to_a_burst_then_one_a_second(monkeypatch):
    from club import consumers

    now = [1000.0]
    monkeypatch.setattr(consumers.PingConsumer, "clock", staticmethod(lambda: now[0]))
    comm = _communicator(headers=[(b"cookie", await _member_cookie())])
    assert (await comm.connect(timeout=10))[0]

    async def ask(n: int) -> list[str]:
        for i in range(n):
            await comm.send_json_to({"type": "echo", "text": str(i)})
        return sorted(
            [(await comm.receive_json_from(timeout=5)).get("code", "echo") for _ in range(n)]
        )

    assert await ask(consumers.ECHO_BURST + 3) == ["echo"] * consumers.ECHO_BURST + ["too_fast"] * 3
    now[0] += consumers.ECHO_SECONDS
    assert await ask(2) == ["echo", "too_fast"]
    await comm.disconnect()
