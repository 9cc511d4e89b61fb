"""What all of the site's WebSocket consumers share.

``NoHopDispatch``: Channels (4.2 and later) hops to the database thread before *every*
message a consumer handles, to close stale database connections
(``aclose_old_connections`` in ``AsyncConsumer.dispatch``). Our consumers never touch
the ORM on the event loop: every query goes through ``database_sync_to_async``, which
closes old connections itself, in the thread, before and after its work. So that hop
is pure cost, and a costly one under load: a heartbeat or a player's intent waits in
the database thread's queue before its handler even starts.

It also keeps a bug in a handler from killing the socket uncleanly: the error is
logged, the consumer's ``disconnect`` runs (presence rows, fan-out registrations are
cleaned up) and the socket is closed with code 1011.

``JsonFrames``: client frames are parsed defensively. A frame too long, not JSON, too
deeply nested for the parser, or not an object is answered with an error frame
(``bad_frame``, ``bad_json``); nothing else happens.
"""

from __future__ import annotations

import json
import logging

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

MAX_FRAME = 4096


class NoHopDispatch:
    """Mixin for an ``AsyncConsumer``: dispatch a message straight to its handler."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        try:
            await handler(message)
        except StopConsumer:
            raise
        except Exception:
            logger.exception(
                "socket %s: handling %s failed",
                getattr(self, "channel_name", "?"),
                message.get("type"),
            )
            await self._close_after_crash()
            raise StopConsumer() from None

    async def _close_after_crash(self) -> None:
        try:
            await self.disconnect(1011)
        except Exception:
            logger.exception("socket cleanup after a failure failed")
        try:
            await self.close(code=1011)
        except Exception:  # the socket is gone already
            pass


def parse_frame(text_data, max_length: int = MAX_FRAME) -> tuple[dict | None, str | None]:
    """A client frame as a dict, or the error code that answers it."""
    if text_data is None or len(text_data) > max_length:
        return None, "bad_frame"
    try:
        content = json.loads(text_data)
    except (ValueError, RecursionError):
        return None, "bad_json"
    if not isinstance(content, dict):
        return None, "bad_frame"
    return content, None


class JsonFrames:
    """Mixin for an ``AsyncJsonWebsocketConsumer``: ``receive_json`` is only ever given
    a JSON object; anything else is answered with an error frame."""

    max_frame = MAX_FRAME

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        content, code = parse_frame(text_data, self.max_frame)
        if code is not None:
            await self.send_json(
                {"type": "error", "code": code, "message": _("This message is not understood.")}
            )
            return
        await self.receive_json(content)
