"""WebSocket compression under daphne (club/wire.py): negotiated with a client that
offers it, bounded as configured, off on request, and a bad setting refused."""

from __future__ import annotations

import asyncio
import json

import pytest

from club import wire
from tests.live_server import LiveServer


def test_the_setting_defaults_to_a_bounded_window_and_can_be_turned_off():
    assert wire.parse(None) == wire.DEFAULT == wire.parse(" ")
    assert wire.parse("off") is None and wire.parse("0") is None
    assert wire.parse("15,8") == (15, 8)


@pytest.mark.parametrize("value", ["12", "16,5", "12,0", "douze,5", "8,5"])
def test_a_bad_setting_is_refused_with_what_to_write(value):
    with pytest.raises(ValueError, match="CLUB500_WS_DEFLATE"):
        wire.parse(value)


def test_the_accept_bounds_the_window_to_what_the_client_asked_for():
    from autobahn.websocket.compress import PerMessageDeflateOffer

    accept = wire.accept_offers(12, 5)
    browser = PerMessageDeflateOffer(accept_max_window_bits=True)
    assert accept([browser]).get_extension_string() == (
        "permessage-deflate; client_max_window_bits=12"
    )
    small = accept([PerMessageDeflateOffer(request_max_window_bits=10)])
    assert small.window_bits == 10
    assert accept([]) is None


def _negotiate(server: LiveServer) -> tuple[str, dict]:
    from websockets.asyncio.client import connect

    async def scenario():
        async with connect(
            f"{server.ws_url}/ws/ping/",
            origin=server.url,
            compression="deflate",
            open_timeout=30,
        ) as ws:
            await ws.send(json.dumps({"type": "ping"}))
            pong = json.loads(await asyncio.wait_for(ws.recv(), 30))
            return ws.response.headers.get("Sec-WebSocket-Extensions", ""), pong

    return asyncio.run(scenario())


@pytest.mark.parametrize(
    "setting, expected",
    [
        ("", "permessage-deflate; client_max_window_bits=14"),
        ("off", ""),
    ],
)
def test_daphne_negotiates_deflate_with_a_client_that_offers_it(
    transactional_db, setting, expected
):
    """A client offering ``permessage-deflate`` as browsers do gets it back from a real
    daphne process (and frames it can read), unless the setting turns it off."""
    server = LiveServer(env={"CLUB500_WS_DEFLATE": setting}).start()
    try:
        extensions, pong = _negotiate(server)
    finally:
        server.stop()
    assert extensions == expected
    assert pong["type"] == "pong"


def test_a_server_with_a_bad_setting_does_not_start_and_says_why(transactional_db):
    server = LiveServer(env={"CLUB500_WS_DEFLATE": "big"})
    with pytest.raises(RuntimeError, match="CLUB500_WS_DEFLATE='big'"):
        server.start()


def test_a_new_connection_s_settings_are_formatted_only_for_a_shown_debug_line(monkeypatch):
    """autobahn formats each new connection's settings (a list) for a debug line before
    logging it: under the site it is formatted only when debug lines are shown; the
    dicts autobahn formats elsewhere (timings, transport details) are as pprint says."""
    import txaio
    from autobahn.websocket import protocol

    wire.quiet_connection_log()
    settings = [("openHandshakeTimeout", 5, "WebSocketServerFactory")]
    monkeypatch.setattr(txaio, "get_global_log_level", lambda: "info")
    assert protocol.pformat(settings) == ""
    assert protocol.pformat({"open": 1.5}) == "{'open': 1.5}"
    monkeypatch.setattr(txaio, "get_global_log_level", lambda: "debug")
    assert protocol.pformat(settings) == "[('openHandshakeTimeout', 5, 'WebSocketServerFactory')]"
