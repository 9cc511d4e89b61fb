"""A minimal consumer used to check the WebSocket stack end to end (and by ops)."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from club.sockets import NoHopDispatch


class PingConsumer(NoHopDispatch, AsyncJsonWebsocketConsumer):
    """Answers ``{"type": "ping"}`` with ``{"type": "pong", "user": <name or null>}``.

    Also round-trips through the channel layer (``{"type": "echo"}``), so a test can
    prove which layer the server uses and that group messages arrive.
    """

    group = "ping"

    async def connect(self):
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            user = self.scope.get("user")
            name = user.public_name if user is not None and user.is_authenticated else None
            await self.send_json({"type": "pong", "user": name})
        elif kind == "echo":
            await self.channel_layer.group_send(
                self.group, {"type": "ping.echo", "text": str(content.get("text", ""))[:200]}
            )
        else:
            await self.send_json({"type": "error", "code": "unknown_type",
                                  "message": "unknown message type"})

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        try:
            await super().receive(text_data=text_data, bytes_data=bytes_data, **kwargs)
        except ValueError:
            await self.send_json({"type": "error", "code": "bad_json", "message": "not JSON"})

    async def ping_echo(self, event):
        await self.send_json({"type": "echo", "text": event["text"]})

