"""The client's address and scheme behind the reverse proxy (club/proxy.py)."""

import pytest

from club.proxy import DEFAULT_TRUSTED, TrustedProxies, TrustedProxyMiddleware, client_from

TRUSTED = TrustedProxies(DEFAULT_TRUSTED)


@pytest.mark.parametrize(
    "peer, forwarded, client",
    [
        # nginx on a unix socket, as documented: it replaces the header with $remote_addr.
        (None, ["203.0.113.9"], "203.0.113.9"),
        # nginx appending to a forged header: the entry nginx appended wins.
        (None, ["10.0.0.1", "6.6.6.6", "203.0.113.9"], "203.0.113.9"),
        ("127.0.0.1", ["1.2.3.4", "203.0.113.9"], "203.0.113.9"),
        # A forged loopback entry on the left of a real client is not trusted through.
        (None, ["127.0.0.1", "203.0.113.9"], "203.0.113.9"),
        # Two trusted hops (a local proxy behind another on loopback).
        (None, ["203.0.113.9", "127.0.0.1"], "203.0.113.9"),
        # Garbage where the proxy's entry should be: the proxy's own address stays.
        ("127.0.0.1", ["203.0.113.9", "not-an-ip"], "127.0.0.1"),
        # Not a trusted peer: whatever it claims is ignored.
        ("198.51.100.7", ["203.0.113.9"], "198.51.100.7"),
        ("::ffff:198.51.100.7", ["203.0.113.9"], "::ffff:198.51.100.7"),
        ("::1", ["2001:db8::5"], "2001:db8::5"),
    ],
)
def test_the_client_is_the_first_untrusted_hop_from_the_right(peer, forwarded, client):
    assert client_from(peer, forwarded, TRUSTED) == client


def test_no_unix_socket_trust_unless_configured():
    assert not TrustedProxies(["127.0.0.1"]).trusts(None)
    assert TrustedProxies(["unix"]).trusts(None)
    assert TrustedProxies(["10.1.0.0/16"]).trusts("10.1.2.3")
    assert not TrustedProxies(["10.1.0.0/16"]).trusts("10.2.0.1")


async def _scope_seen_by_app(scope):
    seen = {}

    async def app(scope, receive, send):
        seen.update(scope)

    await TrustedProxyMiddleware(app, TRUSTED)(scope, None, None)
    return seen


async def test_a_trusted_proxy_sets_the_client_and_the_scheme():
    seen = await _scope_seen_by_app(
        {
            "type": "http",
            "scheme": "http",
            "client": None,
            "headers": [(b"x-forwarded-for", b"203.0.113.9"), (b"x-forwarded-proto", b"https")],
        }
    )
    assert seen["client"] == ["203.0.113.9", 0]
    assert seen["scheme"] == "https"
    seen = await _scope_seen_by_app(
        {
            "type": "websocket",
            "scheme": "ws",
            "client": ["127.0.0.1", 5000],
            "headers": [(b"x-forwarded-for", b"203.0.113.9"), (b"x-forwarded-proto", b"https")],
        }
    )
    assert (seen["client"], seen["scheme"]) == (["203.0.113.9", 0], "wss")


async def test_an_untrusted_peer_loses_its_forwarding_headers():
    seen = await _scope_seen_by_app(
        {
            "type": "http",
            "scheme": "http",
            "client": ["198.51.100.7", 5000],
            "headers": [
                (b"host", b"club"),
                (b"x-forwarded-for", b"127.0.0.1"),
                (b"X-Forwarded-Proto", b"https"),
                (b"x-real-ip", b"1.1.1.1"),
            ],
        }
    )
    assert seen["client"] == ["198.51.100.7", 5000]
    assert seen["scheme"] == "http"
    assert seen["headers"] == [(b"host", b"club")]
