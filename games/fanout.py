"""Per-process fan-out of table changes to the table sockets this process holds.

After a change to a table commits, the thread that committed it renders the new state
once per kind of viewer (each seat, the host, spectators) for the sockets of that table
held by this process, and hands the frames to the event loop, which sends them: no
channel layer, no extra thread hop, no query when the state is cached.

Other processes hear of the change through the channel layer (Redis), one tiny event
``{"type": "table.updated", "table": id, "seq": n}`` per change, received once per
process by this hub (not once per socket), which renders for its own sockets. With the
in-memory layer there are no other processes: nothing is published.

A process publishes a table's changes only when another process also holds sockets of
that table (or when it holds none itself: it cannot know). Processes learn of each
other per table with two events: a hub that starts listening to a table says
``table.hello``; a hub already holding sockets of that table answers ``table.here``.
A change committed before a hub learnt of another one may have gone unpublished, so
both sides catch up from the database when they meet: the ``here`` answer makes the
new hub re-render its sockets, and the new hub then asks the others to do the same.

Frames are full snapshots: a socket is sent a state only if its ``seq`` is newer than
the last one it was sent, so a late or duplicate delivery is harmless.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import secrets
from typing import TYPE_CHECKING, Callable

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer

if TYPE_CHECKING:  # pragma: no cover
    from games.consumers import TableConsumer

logger = logging.getLogger(__name__)

ORIGIN = secrets.token_hex(8)  # this process, in the events it publishes
PRESENCE_BATCH_SECONDS = 0.5


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def dumps(frame: dict) -> str:
    return json.dumps(frame, separators=(",", ":"))


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sockets: dict[int, set["TableConsumer"]] = {}
        self.channel: str | None = None
        self.tasks: set[asyncio.Task] = set()
        self._subscribed: set[int] = set()
        self.shared: set[int] = set()  # tables another process also holds sockets of
        self._presence_reads: set[int] = set()  # tables queued or being read
        self._presence_due: set[int] = set()  # tables queued for the next batch

    # ------------------------------------------------------------ event loop side
    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # a new loop (tests): forget the old one's sockets
            self.loop, self.sockets, self.channel = loop, {}, None
            self._subscribed, self.shared = set(), set()
            self._presence_reads, self._presence_due = set(), set()

    def _spawn(self, coro) -> None:
        # A fresh context: not the caller's thread-sensitive executor (see runner).
        task = self.loop.create_task(coro, context=contextvars.Context())
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("table fan-out failed", exc_info=task.exception())

    async def attach(self, consumer: "TableConsumer") -> None:
        self._bind()
        table_id = consumer.table_id
        self.sockets.setdefault(table_id, set()).add(consumer)
        layer = remote_layer()
        if layer is not None and table_id not in self._subscribed:
            self._subscribed.add(table_id)
            if self.channel is None:
                self.channel = await layer.new_channel("tables.")
                self._spawn(self._receive_forever(layer, self.channel))
            await layer.group_add(table_group(table_id), self.channel)
            await self._publish(layer, "table.hello", table_id)

    async def detach(self, consumer: "TableConsumer") -> None:
        table_id = consumer.table_id
        sockets = self.sockets.get(table_id)
        if sockets is None:
            return
        sockets.discard(consumer)
        if sockets:
            return
        del self.sockets[table_id]
        layer = remote_layer()
        if layer is not None and table_id in self._subscribed and self.channel:
            self._subscribed.discard(table_id)
            self.shared.discard(table_id)
            await layer.group_discard(table_group(table_id), self.channel)

    async def _publish(self, layer, kind: str, table_id: int, **extra) -> None:
        await layer.group_send(table_group(table_id),
                               {"type": kind, "table": table_id, "origin": ORIGIN, **extra})

    def _deliver(self, frames: list[tuple["TableConsumer", int, str]]) -> None:
        if frames:
            self._spawn(send_frames(frames))

    async def _receive_forever(self, layer, channel: str) -> None:
        while self.channel == channel:
            try:
                event = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("table events: receive failed")
                await asyncio.sleep(1.0)
                continue
            if event.get("origin") == ORIGIN:
                continue  # ours: already delivered when it committed
            table_id = event.get("table")
            if table_id not in self.sockets:
                continue
            kind = event.get("type")
            if kind == "table.updated":
                self._spawn(self._refresh(table_id, event.get("seq")))
            elif kind == "table.presence":
                self._spawn(self._refresh_presence(table_id))
            elif kind == "table.hello":  # another process starts serving this table
                self.shared.add(table_id)
                self._spawn(self._publish(layer, "table.here", table_id))
            elif kind == "table.here":  # we met a process already serving it
                self.shared.add(table_id)
                self._spawn(self._refresh(table_id, None))
                self._spawn(self._publish(layer, "table.updated", table_id, seq=None))

    async def _refresh(self, table_id: int, seq: int | None) -> None:
        consumers = list(self.sockets.get(table_id, ()))
        frames = await database_sync_to_async(render_states)(table_id, seq, consumers)
        await send_frames(frames)

    def refresh_presence_soon(self, table_id: int) -> None:
        """Read a table's present set again soon, with the other tables whose sets
        expired meanwhile: one query in the database thread every ``PRESENCE_BATCH_SECONDS``
        at most, instead of a hop per table (at 1,000 tables, 15-30 hops a second
        held the event loop back: docs/performance.md, session 4)."""
        if table_id in self._presence_reads:
            return  # queued or being read
        self._presence_reads.add(table_id)
        self._presence_due.add(table_id)
        if len(self._presence_due) == 1:
            self._spawn(self._read_presence_batch())

    async def _read_presence_batch(self) -> None:
        from games import presence

        await asyncio.sleep(PRESENCE_BATCH_SECONDS)  # gather the tables due meanwhile
        batch, self._presence_due = self._presence_due, set()
        try:
            await database_sync_to_async(presence.present_users_many)(batch)
        finally:
            self._presence_reads.difference_update(batch)

    async def _refresh_presence(self, table_id: int) -> None:
        from games import presence

        presence.forget(table_id)
        consumers = list(self.sockets.get(table_id, ()))
        frames = await database_sync_to_async(render_presence)(table_id, consumers)
        await send_frames(frames)

    # ------------------------------------------------------------ any thread
    def _local(self, table_id: int) -> list["TableConsumer"] | None:
        """This process's accepted sockets of a table, when the hub's loop runs."""
        loop = self.loop
        if loop is None or loop.is_closed() or not loop.is_running():
            return None
        return [c for c in list(self.sockets.get(table_id, ())) if c.accepted]

    def changed(self, table_id: int, seq: int) -> None:
        """A change committed (called in the committing thread, after the commit)."""
        self._fan_out(table_id, "table.updated", {"seq": seq},
                      lambda consumers: render_states(table_id, seq, consumers))

    def presence_changed(self, table_id: int) -> None:
        from games import presence

        presence.forget(table_id)
        self._fan_out(table_id, "table.presence", {},
                      lambda consumers: render_presence(table_id, consumers))

    def changed_here(self, table_id: int, st, present: set[int]) -> list[tuple]:
        """A change this event loop has just committed (``games.fastpath``): render
        ``st`` (the new state, not shared with any thread yet) for this process's
        sockets of the table, and tell other processes. Returns the frames, for the
        caller to send (``send_frames``) in the same turn of the loop: a task of its
        own would wait a turn more."""
        from games import selectors

        consumers = [c for c in self.sockets.get(table_id, ()) if c.accepted]
        frames = []
        if consumers:
            rendered = selectors.render_cached(st, [c.user for c in consumers], present)
            frames = [(c, seq, text) for c, (seq, text) in zip(consumers, rendered)]
        layer = remote_layer()
        if layer is not None and (not consumers or table_id in self.shared):
            self._spawn(self._publish(layer, "table.updated", table_id, seq=st.seq))
        return frames

    def _fan_out(self, table_id: int, kind: str, extra: dict, render: Callable) -> None:
        consumers = self._local(table_id)
        if consumers:
            try:
                frames = render(consumers)
            except Exception:
                logger.exception("rendering table %s failed", table_id)
                frames = []
            self.loop.call_soon_threadsafe(self._deliver, frames)
        layer = remote_layer()
        if layer is None or (consumers and table_id not in self.shared):
            return  # no other process, or none holding sockets of this table
        if consumers is not None:
            self.loop.call_soon_threadsafe(
                self._spawn, self._publish(layer, kind, table_id, **extra))
        else:  # no running hub here (a command, a test): publish from this thread
            async_to_sync(self._publish)(layer, kind, table_id, **extra)


async def send_frames(frames: list[tuple["TableConsumer", int, str]]) -> None:
    """Send each socket its frame, unless it already holds that state or a newer one."""
    for consumer, seq, text in frames:
        if not consumer.accepted:
            continue
        if seq < 0:  # presence: only to sockets that already hold a state
            if consumer.last_seq < 0:
                continue
        elif seq > consumer.last_seq:
            consumer.last_seq = seq
        else:
            continue
        try:
            await consumer.send_text(text)
        except Exception:  # a socket closing under us: the others still get theirs
            logger.debug("send to %s failed", consumer.channel_name, exc_info=True)


def remote_layer():
    """The channel layer when other processes may exist (not the in-memory layer)."""
    layer = get_channel_layer()
    if layer is None or isinstance(layer, InMemoryChannelLayer):
        return None
    return layer


def render_states(table_id: int, seq: int | None, consumers) -> list[tuple]:
    """State frames for ``consumers`` (sync: may query when the state is not cached)."""
    from games import selectors

    viewers = [(c, c.user) for c in consumers]
    frames = selectors.render_frames(table_id, [user for _, user in viewers], seq=seq)
    return [(c, frame_seq, text) for (c, _), (frame_seq, text) in zip(viewers, frames)]


def render_presence(table_id: int, consumers) -> list[tuple]:
    from games import presence

    text = dumps({"type": "presence", "present": sorted(presence.present_users(table_id))})
    return [(c, -1, text) for c in consumers]


hub = Hub()
