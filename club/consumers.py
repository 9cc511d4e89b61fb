"""The health-check socket (``/ws/ping/``): for operations and the tests, used by no page."""

import time

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from club.sockets import NoHopDispatch

ECHO_BURST = 5  # echoes a socket may ask for at once,
ECHO_SECONDS = 1.0  # then one a second


class PingConsumer(NoHopDispatch, AsyncJsonWebsocketConsumer):
    """Answers ``{"type": "ping"}`` with ``{"type": "pong", "user": <name or null>}``.

    ``{"type": "echo", "text": ...}`` comes back to the same socket through the channel
    layer (so through Redis when it is in use), which proves the layer works end to end.
    It goes to that socket's own channel only: a socket can reach no one else. An echo
    costs the layer a round trip, so only a logged-in member may ask for one, and at
    most ``ECHO_BURST`` at once, then one every ``ECHO_SECONDS`` (an error frame
    ``too_fast`` beyond). ``clock`` is injectable (tests).
    """

    clock = staticmethod(time.monotonic)

    async def connect(self):
        self.echo_tokens, self.echo_at = float(ECHO_BURST), self.clock()
        await super().connect()

    async def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        user = self.scope.get("user")
        member = user is not None and user.is_authenticated
        if kind == "ping":
            await self.send_json({"type": "pong", "user": user.public_name if member else None})
        elif kind == "echo" and not member:
            await self.send_json(
                {"type": "error", "code": "login_required", "message": "log in to ask for an echo"}
            )
        elif kind == "echo" and not self._echo_allowed():
            await self.send_json(
                {"type": "error", "code": "too_fast", "message": "one echo a second"}
            )
        elif kind == "echo":
            await self.channel_layer.send(
                self.channel_name, {"type": "ping.echo", "text": str(content.get("text", ""))[:200]}
            )
        else:
            await self.send_json(
                {"type": "error", "code": "unknown_type", "message": "unknown message type"}
            )

    def _echo_allowed(self) -> bool:
        now = self.clock()
        self.echo_tokens = min(ECHO_BURST, self.echo_tokens + (now - self.echo_at) / ECHO_SECONDS)
        self.echo_at = now
        if self.echo_tokens < 1:
            return False
        self.echo_tokens -= 1
        return True

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)
        except (ValueError, RecursionError):  # not JSON, or nested past Python's limit
            await self.send_json({"type": "error", "code": "bad_json", "message": "not JSON"})

    async def ping_echo(self, event):
        await self.send_json({"type": "echo", "text": event["text"]})
