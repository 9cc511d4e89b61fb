"""Per-process fan-out of table changes to the table sockets this process holds.

After a change commits, whoever committed it renders the new state once per kind of
viewer (each seat, the host, spectators) for this process's sockets of that table, and
the event loop sends each socket its frame: no channel layer, no query when the state
is at hand. A socket is any object with ``table_id``, ``user``, ``accepted``,
``last_seq`` and ``send_text_now``; one attached before it is accepted (in its connecting
hop) is sent nothing, and notes in ``missed_seq`` the states it missed.

Other processes hear of the change through the channel layer (Redis): a small event
``{"type": "table.updated", "table": id, "seq": n, "move": {...}}``, after which a
process brings its cached state up to ``seq`` and renders for its own sockets. ``move``
is the committed move and what it wrote (``moves.published``): a process whose state
is one move behind follows it without a query (``catchup.follow``); a state further
behind, or not cached, is caught up from the database. Events carry cards (a discard,
the hands a result lists) between the server's processes, which hold every card
anyway; no socket is ever sent one, and Redis is private to the servers
(docs/operations.md). With the in-memory layer there are no other processes: nothing
is published.

Every hub listens to one group (``EVENTS_GROUP``), from its first socket on. The
events a process publishes are queued and sent in batches, one message per batch: the
events a step of the loop queued, right after that step (``Hub._flush_soon``), or, while
the bus cannot take them at once, those queued meanwhile (``Hub._flush``). The
receiving hub reads each batch once. With the Redis pub/sub
layer the events go over redis-py's own client on the loop (``games.live.bus``: two
connections, without the layer's per-message costs), in the layer's channel and
format. Each hub acts only on the events of tables it holds sockets of.

A process publishes a table's changes only when another process also holds sockets of
that table (or when it holds none itself: it cannot know). Processes learn of each
other per table with two events: a hub that starts serving a table says
``table.hello``; a hub already holding sockets of that table answers ``table.here``.
A change committed before a hub learnt of another one may have gone unpublished, so
both sides catch up from the database when they meet.

Frames are full snapshots: a socket is sent a state only if its ``seq`` is newer than
the last one it was sent, so a late or duplicate delivery is harmless.

A table that no socket of this process has watched for ``UNWATCHED_SECONDS`` to twice
that leaves the process's caches (its state, its present set): a server does not
carry the tables of an evening that has ended, nor of a load test's earlier phase (at
1,000 tables, some 300,000 objects and 100 MB of the heap). The next socket, move or
bot of that table reads it again from the database.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import secrets

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from club.outage import SERVICE_ERRORS
from games.live import cache, catchup, frames, loopdb, presence, render
from games.live.bus import RESYNC, RedisEvents
from games.live.catchup import CatchUpError
from games.live.tablestate import TableState
from games.live.tally import Tally

logger = logging.getLogger(__name__)

ORIGIN = secrets.token_hex(8)  # this process, in the events it publishes
PRESENCE_BATCH_SECONDS = 0.5
# Presence notices (someone joined or left) wait this long for the other tables' that
# come meanwhile, then go out from one read for all of them: when every socket of a
# server reconnects at once (a restart), each join would otherwise cost its own
# database-thread hop and two queries.
PRESENCE_NOTICE_SECONDS = 0.05
# A table's state and present set leave this process's caches once no socket here has
# watched the table for between this and twice this (a page reload keeps them).
UNWATCHED_SECONDS = 60.0
LOBBY_GROUP = "lobby"
# A state missed by a connecting socket at a seq not known (a catch-up to the database's).
MISSED_UNKNOWN = 2**62
# Every process's hub listens to this one group; the table events a process publishes
# go there in batches (``Hub._flush_soon``, ``Hub._flush``).
EVENTS_GROUP = "tables"

Frames = list[tuple[object, int, str]]  # (socket, seq, text); seq -1: a presence notice

# How this process brought its states up to another process's changes: "cached"
# (already there), "followed" (the published move), "read" (the database, on the loop),
# "thread" (the database thread). Logged by the runner every 30 s (``report``).
caught_up = Tally()


def report() -> str | None:
    """A log line on the changes heard from other processes since the last report."""
    since = caught_up.since_report()
    if not since:
        return None
    return "other processes' changes: " + ", ".join(
        f"{since[k]} {k}" for k in ("followed", "cached", "read", "thread")
    )


def remote_layer():
    """The channel layer when other processes may exist (not the in-memory layer)."""
    layer = get_channel_layer()
    if layer is None or isinstance(layer, InMemoryChannelLayer):
        return None
    return layer


_buses: dict = {}  # event loop -> its RedisEvents


def events_bus():
    """What the hub publishes and hears table events on: with the Redis pub/sub layer,
    this loop's own connections (``games.live.bus``: the layer's channel and format,
    without its per-message costs); with another remote layer, the layer; None in one
    process (the in-memory layer)."""
    layer = remote_layer()
    if layer is None or not isinstance(layer, RedisPubSubChannelLayer):
        return layer
    loop = asyncio.get_running_loop()
    events = _buses.get(loop)
    if events is None:
        for old in [old for old in _buses if old.is_closed()]:
            del _buses[old]
        events = _buses[loop] = RedisEvents(redis_url(layer), layer)
    return events


def redis_url(layer) -> str:
    """The Redis address the pub/sub layer was configured with."""
    host = layer._kwargs.get("hosts", ["redis://localhost:6379"])[0]
    return host["address"] if isinstance(host, dict) else host


class Batch:
    """Table ids gathered for ``seconds`` on the hub's loop (the hub's clock), then handed
    to ``run`` all together: one database hop for every table that came due meanwhile."""

    def __init__(self, hub: "Hub", seconds: float, run) -> None:
        self.hub, self.seconds, self.run = hub, seconds, run
        self.due: set[int] = set()

    def add(self, table_id: int) -> None:
        self.due.add(table_id)
        if len(self.due) == 1:
            self.hub._spawn(self._later())

    async def _later(self) -> None:
        await self.hub.sleep(self.seconds)
        batch, self.due = self.due, set()
        await self.run(batch)


class Hub:
    sleep = staticmethod(asyncio.sleep)  # a test's clock replaces it

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.sockets: dict[int, set] = {}
        self.channel: str | None = None
        self.tasks: set[asyncio.Task] = set()
        self._subscribed: set[int] = set()
        self.shared: set[int] = set()  # tables another process also holds sockets of
        self._outbox: list[dict] = []  # table events to publish, in order
        self._flushing = False
        self._joined: asyncio.Future | None = None  # listening to EVENTS_GROUP
        self._presence_reads: set[int] = set()  # tables queued or being read
        self._unwatched: set[int] = set()  # tables whose last socket here left
        self._sweeping = False
        self._presence_batch = Batch(self, PRESENCE_BATCH_SECONDS, self._read_presence)
        self._notice_batch = Batch(self, PRESENCE_NOTICE_SECONDS, self._send_presence_notices)

    # ------------------------------------------------------------ event loop side
    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # a new loop (tests): forget the old one's sockets
            self.loop, self.sockets, self.channel = loop, {}, None
            self._subscribed, self.shared = set(), set()
            self._outbox, self._flushing, self._joined = [], False, None
            self._presence_reads = set()
            self._unwatched, self._sweeping = set(), False
            self._presence_batch = Batch(self, PRESENCE_BATCH_SECONDS, self._read_presence)
            self._notice_batch = Batch(self, PRESENCE_NOTICE_SECONDS, self._send_presence_notices)

    def _spawn(self, coro) -> None:
        # A fresh context: a task created inside a consumer would otherwise inherit
        # that consumer's thread-sensitive executor (asgiref), and
        # database_sync_to_async then fails with "Single thread executor already
        # being used, would deadlock".
        task = self.loop.create_task(coro, context=contextvars.Context())
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("table fan-out failed", exc_info=task.exception())

    async def attach(self, socket) -> None:
        self._bind()
        table_id = socket.table_id
        self.sockets.setdefault(table_id, set()).add(socket)
        self._unwatched.discard(table_id)
        layer = events_bus()
        if layer is not None and table_id not in self._subscribed:
            self._subscribed.add(table_id)
            try:
                await self._listen(layer)
            except BaseException:
                self._subscribed.discard(table_id)
                raise
            self._queue({"type": "table.hello", "table": table_id})

    async def _listen(self, layer) -> None:
        """Join ``EVENTS_GROUP`` once (the first socket's attach; the others wait for it),
        so that this hub hears the answers to its ``table.hello``."""
        if self._joined is not None:
            await asyncio.shield(self._joined)
            return
        joined = self._joined = self.loop.create_future()
        try:
            channel = await layer.new_channel("tables.")
            listen = getattr(layer, "listen", None)
            if listen is not None:  # the bus hands each message over as it is read
                listen(self._on_message)
            await layer.group_add(EVENTS_GROUP, channel)
        except BaseException as error:
            self._joined = None  # the next socket tries again
            joined.set_exception(error)
            joined.exception()  # retrieved: the waiters re-raise it
            raise
        self.channel = channel
        if listen is None:
            self._spawn(self._receive_forever(layer, channel))
        joined.set_result(None)

    async def detach(self, socket) -> None:
        table_id = socket.table_id
        sockets = self.sockets.get(table_id)
        if sockets is None or socket not in sockets:
            return
        sockets.discard(socket)
        if sockets:
            return
        del self.sockets[table_id]
        self._subscribed.discard(table_id)
        self.shared.discard(table_id)
        self._unwatched.add(table_id)
        if not self._sweeping:
            self._sweeping = True
            self._spawn(self._sweep_unwatched())

    async def _sweep_unwatched(self) -> None:
        """Every ``UNWATCHED_SECONDS``, drop from this process's caches the tables that
        were unwatched at the last sweep and still are; stops when none is left."""
        marked: set[int] = set()
        try:
            while self._unwatched:
                await self.sleep(UNWATCHED_SECONDS)
                due = marked & self._unwatched
                for table_id in due:
                    cache.forget(table_id)
                    presence.forget(table_id)
                self._unwatched -= due
                marked = set(self._unwatched)
        finally:
            self._sweeping = False

    def _queue(self, event: dict) -> None:
        """Publish a table event (on the loop): it joins the batch being gathered."""
        self._outbox.append(event)
        if not self._flushing:
            self._flushing = True
            self.loop.call_soon(self._flush_soon)

    def _flush_soon(self) -> None:
        """Publish the events queued during the loop's step that queued the first: in
        one message, written at once when the bus can take it without waiting
        (``publish_nowait``), else from ``_flush``'s task (connecting, or waiting for
        Redis), which then takes the events queued meanwhile too, in order."""
        layer = events_bus()
        publish_nowait = getattr(layer, "publish_nowait", None)
        if publish_nowait is not None:
            try:
                sent = publish_nowait(EVENTS_GROUP, events_message(self._outbox))
            except Exception:
                logger.exception("table events: publishing at once failed")
                sent = False
            if sent:
                self._outbox, self._flushing = [], False
                return
        self._spawn(self._flush())

    async def _flush(self) -> None:
        """Publish the queued table events, in order: all those queued meanwhile go in
        one message, so a busy process makes one round trip to Redis per batch rather
        than per event (and another process one receive)."""
        try:
            while self._outbox:
                batch, self._outbox = self._outbox, []
                layer = events_bus()
                if layer is None:
                    continue
                try:
                    await layer.group_send(EVENTS_GROUP, events_message(batch))
                except SERVICE_ERRORS:
                    logger.warning(
                        "channel layer unreachable: %s table events not sent",
                        len(batch),
                        exc_info=True,
                    )
        finally:
            self._flushing = False

    def _deliver(self, frames: Frames) -> None:
        send_frames(frames)

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
            self._on_message(event)

    def _on_message(self, event: dict) -> None:
        """A batch of table events (or the bus's resync notice)."""
        if event.get("type") == RESYNC:  # events may have been lost (games.live.bus)
            for table_id in list(self.shared):
                self._spawn(self._refresh(table_id, None))
            return
        if event.get("origin") == ORIGIN:
            return  # ours: already delivered when it committed
        for one in event.get("events", ()):
            self._on_event(one)

    def _on_event(self, event: dict) -> None:
        """One table event from another process."""
        table_id = event.get("table")
        if table_id not in self.sockets:
            return
        kind = event.get("type")
        if kind == "table.updated":
            self.shared.add(table_id)  # the other process serves it too: tell it ours
            seq, move = event.get("seq"), event.get("move")
            out = self._frames_at_hand(table_id, seq, move)
            if out is None:
                self._spawn(self._refresh(table_id, seq, move))
            else:
                send_frames(out)
        elif kind == "table.presence":
            presence.forget(table_id)
            self._presence_notice_soon(table_id)
        elif kind == "table.chat":
            self._chat_local(table_id, event["channel"], set(event["seated"]), event["text"])
        elif kind == "table.hello":  # another process starts serving this table
            self.shared.add(table_id)
            self._queue({"type": "table.here", "table": table_id})
        elif kind == "table.here":  # we met a process already serving it
            self.shared.add(table_id)
            self._spawn(self._refresh(table_id, None))
            self._queue({"type": "table.updated", "table": table_id, "seq": None})

    async def _refresh(self, table_id: int, seq: int | None, move: dict | None = None) -> None:
        """Another process changed the table: render its state at ``seq`` or later for
        this process's sockets: the cached state follows the published ``move`` when
        it is one move behind (no query), else it is caught up from the database, on
        the loop when it can (PostgreSQL), else in the database thread."""
        out = self._frames_at_hand(table_id, seq, move)
        if out is None:
            out = await self._caught_up_frames(table_id, seq)
        send_frames(out)

    def _frames_at_hand(self, table_id: int, seq: int | None, move: dict | None) -> Frames | None:
        """The frames of the table at ``seq`` from the cached state (as it is, or after
        following ``move``), without waiting for anything: [] when this process holds
        no socket of the table, None when the state must be caught up first."""
        sockets = self._state_sockets(table_id, seq)
        if not sockets:
            return []
        if seq is None:
            return None
        present, fresh = presence.cached(table_id)
        if present is None:
            return None
        if not fresh:
            self.refresh_presence_soon(table_id)
        lock = cache.lock_for(table_id)
        if not lock.acquire(blocking=False):
            return None
        try:
            st = cache.peek(table_id)
            if st is not None and st.seq >= seq:  # caught up already
                caught_up["cached"] += 1
                return _frames_for(st, sockets, present)
            if st is not None and move is not None and st.seq == move["seq"]:
                st = _followed(st, move)
                if st is not None:
                    caught_up["followed"] += 1
                    return _frames_for(st, sockets, present)
        finally:
            lock.release()
        return None

    async def _caught_up_frames(self, table_id: int, seq: int | None) -> Frames:
        """The frames of the table once its state is caught up from the database."""
        sockets = self._state_sockets(table_id, seq)
        if not sockets:
            return []
        present, _ = presence.cached(table_id)
        if loopdb.enabled() and present is not None:
            st = await loopdb.acquire(table_id)
            if st is not None:  # else busy in another thread: render there
                caught_up["read"] += 1
                try:
                    return _frames_for(st, sockets, present)
                finally:
                    await loopdb.release(table_id, st)
        caught_up["thread"] += 1
        return await database_sync_to_async(render_for)(table_id, seq, sockets)

    def refresh_presence_soon(self, table_id: int) -> None:
        """Read a table's present set again soon, with the other tables whose sets
        expired meanwhile: one query (on the loop's own connection with PostgreSQL,
        else in the database thread) every ``PRESENCE_BATCH_SECONDS`` at most, instead
        of one per table."""
        if table_id in self._presence_reads:
            return  # queued or being read
        self._presence_reads.add(table_id)
        self._presence_batch.add(table_id)

    async def _read_presence(self, batch: set[int]) -> None:
        try:
            if loopdb.enabled():
                await frames.read_presence_on_loop(batch)
            else:
                await database_sync_to_async(presence.present_users_many)(batch)
        finally:
            self._presence_reads.difference_update(batch)

    def _presence_notice_soon(self, table_id: int) -> None:
        """Send the table's sockets here its presence notice, in the next batch (on the
        loop)."""
        if self.sockets.get(table_id):
            self._notice_batch.add(table_id)

    async def _send_presence_notices(self, batch: set[int]) -> None:
        if loopdb.enabled():
            texts = await frames.presence_frames_on_loop(sorted(batch))
        else:
            texts = await database_sync_to_async(frames.presence_frames)(sorted(batch))
        send_frames(
            [(s, -1, text) for table_id, text in texts.items() for s in self._accepted(table_id)]
        )

    # ------------------------------------------------------------ any thread
    def _accepted(self, table_id: int) -> list:
        return [s for s in list(self.sockets.get(table_id, ())) if s.accepted]

    def _state_sockets(self, table_id: int, seq: int | None) -> list:
        """The sockets to render the table's state at ``seq`` (None: not known yet) for:
        the accepted ones. A socket still in its connecting hop notes ``seq`` in
        ``missed_seq`` instead, and asks for a state again once accepted if that is
        newer than its first (``TableConsumer.connect``). It notes before it looks at
        ``accepted`` again, while the consumer sets ``accepted`` before it reads
        ``missed_seq`` (any thread): one side at least sees the other."""
        out = []
        for s in list(self.sockets.get(table_id, ())):
            if not s.accepted:
                s.missed_seq = max(
                    getattr(s, "missed_seq", -1), MISSED_UNKNOWN if seq is None else seq
                )
                if not s.accepted:
                    continue
            out.append(s)
        return out

    def _running(self) -> bool:
        loop = self.loop
        return loop is not None and not loop.is_closed() and loop.is_running()

    def render_local(self, st: TableState, present: set[int]) -> Frames:
        """Frames of ``st`` for this process's sockets of the table (the caller owns
        ``st`` or holds its lock)."""
        if not self._running():
            return []
        return _frames_for(st, self._state_sockets(st.id, st.seq), present)

    def publish_changed(self, table_id: int, seq: int, move: dict | None = None) -> None:
        """Tell other processes that the table changed (when one may hold sockets);
        ``move``: the move that made it ``seq`` (``moves.published``), for a process
        one move behind to follow without reading the database."""
        self._publish_event(table_id, "table.updated", seq=seq, move=move)

    def deliver(self, frames: Frames) -> None:
        """Send frames rendered in another thread (through the event loop)."""
        if frames and self._running():
            self.loop.call_soon_threadsafe(self._deliver, frames)

    def changed(self, table_id: int, seq: int) -> None:
        """A change committed by a service (database thread, after the commit)."""
        sockets = self._state_sockets(table_id, seq) if self._running() else []
        if sockets:
            try:
                self.deliver(render_for(table_id, seq, sockets))
            except Exception:
                logger.exception("rendering table %s failed", table_id)
        self.publish_changed(table_id, seq)

    def presence_changed(self, table_id: int, *, joined: int | None = None) -> None:
        """Someone joined (``joined``: a member's socket here) or left the table (after
        the commit, in any thread): its sockets here get a presence notice in the next
        batch, other processes hear."""
        if joined is not None:
            presence.joined(table_id, joined)
        else:
            presence.forget(table_id)
        if self._running():
            if _on_loop(self.loop):
                self._presence_notice_soon(table_id)
            else:
                self.loop.call_soon_threadsafe(self._presence_notice_soon, table_id)
        self._publish_event(table_id, "table.presence")

    def _publish_event(self, table_id: int, kind: str, **extra) -> None:
        layer = remote_layer()
        if layer is None:
            return
        local = self._running() and bool(self.sockets.get(table_id))
        if local and table_id not in self.shared:
            return  # no other process holds sockets of this table
        event = {"type": kind, "table": table_id, **extra}
        if self._running():
            if _on_loop(self.loop):
                self._queue(event)
            else:
                self.loop.call_soon_threadsafe(self._queue, event)
        else:  # no running hub here (a command, a test): publish from this thread
            _from_thread(layer.group_send, EVENTS_GROUP, events_message([event]))

    def chat_posted(self, table_id: int, channel: str, seated, frame: dict) -> None:
        """A chat message committed (event loop or database thread): sent to this
        process's sockets of the table in its channel, and to the other processes'."""
        text = render.dumps(frame)
        seated = sorted(seated)
        if self._running():
            if _on_loop(self.loop):
                self._chat_local(table_id, channel, set(seated), text)
            else:
                self.loop.call_soon_threadsafe(
                    self._chat_local, table_id, channel, set(seated), text
                )
        self._publish_event(table_id, "table.chat", channel=channel, seated=seated, text=text)

    def _chat_local(self, table_id: int, channel: str, seated: set, text: str) -> None:
        sockets = [
            s
            for s in self._accepted(table_id)
            if channel_of(getattr(s.user, "pk", None), seated) == channel
        ]
        send_text_frames(sockets, text)

    def lobby_changed(self) -> None:
        """Tell the lobby pages (any process) to refresh their list of tables."""
        layer = get_channel_layer()
        if layer is None:
            return
        event = {"type": "lobby.changed"}
        if self._running() and _on_loop(self.loop):
            self._spawn(layer.group_send(LOBBY_GROUP, event))
        else:
            _from_thread(layer.group_send, LOBBY_GROUP, event)


def events_message(events: list[dict]) -> dict:
    """A batch of table events as published to ``EVENTS_GROUP``."""
    return {"type": "tables.events", "origin": ORIGIN, "events": events}


def _from_thread(send, *args, **kwargs) -> None:
    """Send on the channel layer from a thread, after a commit: the change is made, so
    an unreachable layer (Redis down) is logged, not raised (the pages still show the
    change when they are reloaded)."""
    try:
        async_to_sync(send)(*args, **kwargs)
    except SERVICE_ERRORS:
        logger.warning("channel layer unreachable: an event was not sent", exc_info=True)


def _on_loop(loop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _followed(st: TableState, move: dict) -> TableState | None:
    """The cached ``st`` advanced by a move published by another process (the caller
    holds the table's lock); None when it does not follow (the state is dropped: the
    database is read instead)."""
    cache.take(st.id)
    try:
        st = catchup.follow(st, move)
    except CatchUpError:
        return None
    cache.put(st)
    return st


def _frames_for(st: TableState, sockets, present: set[int]) -> Frames:
    if not sockets:
        return []
    rendered = render.frames(st, [s.user for s in sockets], present)
    return [(s, seq, text) for s, (seq, text) in zip(sockets, rendered)]


def render_for(table_id: int, seq: int | None, sockets) -> Frames:
    """State frames for ``sockets`` (database thread: may query)."""
    rendered = frames.state_frames(table_id, [s.user for s in sockets], seq=seq)
    return [(s, frame_seq, text) for s, (frame_seq, text) in zip(sockets, rendered)]


def channel_of(user_id: int | None, seated) -> str:
    """The chat channel a viewer reads (``games.live.chat``): ``players`` when seated
    (``seated``: the seated members' ids when the message was posted), else
    ``spectators``."""
    return "players" if user_id is not None and user_id in seated else "spectators"


def send_text_frames(sockets, text: str) -> None:
    """Send one frame that is not a state (a chat message) to each socket, at once."""
    for socket in sockets:
        if not socket.accepted:
            continue
        try:
            socket.send_text_now(text)
        except Exception:  # a socket closing under us: the others still get theirs
            logger.debug("send to a socket of table %s failed", socket.table_id, exc_info=True)


def send_frames(frames: Frames) -> None:
    """Send each socket its frame, unless it already holds that state or a newer one
    (on the loop). Each frame goes at once (``send_text_now``): the server hands it to
    its socket without waiting, so no task is made for it."""
    for socket, seq, text in frames:
        if not socket.accepted:
            continue
        if seq < 0:  # presence: only to sockets that already hold a state
            if socket.last_seq < 0:
                continue
        elif seq > socket.last_seq:
            socket.last_seq = seq
        else:
            continue
        try:
            socket.send_text_now(text)
        except Exception:  # a socket closing under us: the others still get theirs
            logger.debug("send to a socket of table %s failed", socket.table_id, exc_info=True)


hub = Hub()
