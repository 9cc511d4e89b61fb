"""The health-check socket (``/ws/ping/``): for operations and the tests, used by no page."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from club.sockets import NoHopDispatch


class PingConsumer(NoHopDispatch, AsyncJsonWebsocketConsumer):
    """Answers ``{"type": "ping"}`` with ``{"type": "pong", "user": <name or null>}``.

    ``{"type": "echo", "text": ...}`` comes back to the same socket through the channel
    layer (so through Redis when it is in use), which proves the layer works end to end.
    It goes to that socket's own channel only: a socket can reach no one else (the
    ping group where any visitor's text went to every ping socket is gone).
    """

    async def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            user = self.scope.get("user")
            name = user.public_name if user is not None and user.is_authenticated else None
            await self.send_json({"type": "pong", "user": name})
        elif kind == "echo":
            await self.channel_layer.send(
                self.channel_name, {"type": "ping.echo", "text": str(content.get("text", ""))[:200]}
            )
        else:
            await self.send_json({"type": "error", "code": "unknown_type",
                                  "message": "unknown message type"})

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)
        except (ValueError, RecursionError):  # not JSON, or nested past Python's limit
            await self.send_json({"type": "error", "code": "bad_json", "message": "not JSON"})

    async def ping_echo(self, event):
        await self.send_json({"type": "echo", "text": event["text"]})
