"""What all of the site's WebSocket consumers share.

Channels (4.2 and later) hops to the database thread before *every* message a
consumer handles, to close stale database connections (``aclose_old_connections``
in ``AsyncConsumer.dispatch``). Our consumers never touch the ORM on the event loop:
every query goes through ``database_sync_to_async``, which closes old connections
itself, in the thread, before and after its work. So that hop is pure cost, and a
costly one under load: a heartbeat or a player's intent waits in the database
thread's queue (behind hand ends, connects, presence flushes) before its handler
even starts. Profiled at 1,000 live tables, the hops took 11 % of the event loop's
busy time (``docs/performance.md``, session 3).
"""

from __future__ import annotations

from channels.consumer import get_handler_name


class NoHopDispatch:
    """Mixin for an ``AsyncConsumer``: dispatch a message straight to its handler."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
