"""The table events between server processes, over Redis pub/sub.

Every committed move at a table whose sockets are split across processes is published
once (``hub.EVENTS_GROUP``) and heard by every other process: hundreds of messages a
second at 1,000 tables. Through the channel layer (channels-redis) each message cost
250-300 µs of CPU to publish and as much again to receive (a polling read with a timer,
a queue, a task switch), so the hub uses redis-py's connections for this one group (with
the ``hiredis`` parser), two per process:

* **publishing**: ``PUBLISH`` on a connection that asked Redis for no replies
  (``CLIENT REPLY OFF``, sent again on every reconnect), so a publish is one write: no
  reply to wait for, read and parse, and no pool to take the connection from. The hub
  batches the events queued meanwhile into its next message, and publishes it from a
  step of the loop (``publish_nowait``) unless the connection is down or Redis lags;
  then from a task that connects, or waits, within ``CONNECT_TIMEOUT``;
* **receiving**: redis-py connects (TLS, authentication, its handshake), then a
  ``Subscription`` reads the connection: ``hiredis`` parses what arrives, and each
  message is handed to the hub from the event loop's read callback (``listen``), or
  queued for ``receive``.

The channel's name and the message format are the channel layer's own (its group
channel name, its serializer), so a process without a running hub (a management
command, a test) still publishes through the channel layer (``hub._from_thread``) and
is heard here. Only the pub/sub layer is used this way; with channels-redis's core
layer the hub keeps going through the layer.

Losing a connection: a publish on a broken connection raises redis-py's
``ConnectionError``, and one that cannot be written within ``CONNECT_TIMEOUT`` (a Redis
that stops reading, or one that never answers the connection's handshake) redis-py's
``TimeoutError``: the hub logs the batch as not sent, and the next publish connects
again. Without replies, a connection that Redis closes is found out by the write after
it, so a publish or two may be lost unreported when Redis restarts; every subscription
is lost then too, and every hub catches up (below). The reading task subscribes again
on a new connection after 0.5 s, then up to every 5 s. Events published meanwhile are
lost, so once subscribed again the hub is handed a ``{"type": RESYNC}`` message: it
catches up, from the database, every table it shares with other processes, and its
sockets are sent what they missed. Nothing is retried by redis-py here: a lost
subscription must be seen, to be caught up.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

import hiredis
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

RESYNC = "tables.resync"
CONNECT_TIMEOUT = 5.0
RETRY_FIRST, RETRY_MAX = 0.5, 5.0


class RedisEvents:
    """The hub's channel-layer subset (``new_channel``, ``group_add``, ``group_send``,
    ``listen``, ``receive``) for the events group, on one event loop. ``layer``: the
    pub/sub channel layer whose channel names and serializer it shares."""

    def __init__(self, url: str, layer) -> None:
        self.url, self.layer = url, layer
        self.loop = asyncio.get_running_loop()
        self.inbox: asyncio.Queue = asyncio.Queue()
        options = {
            "socket_connect_timeout": CONNECT_TIMEOUT,
            "socket_keepalive": True,  # a silent peer is found out
            "retry": Retry(NoBackoff(), 0),
        }
        # publishing: one connection, replies off; a publish's time is bounded by
        # ``group_send`` (no socket timeout: redis-py would wrap each write in a task)
        pool = aioredis.ConnectionPool.from_url(url, socket_timeout=None, **options)
        self.publisher = pool.make_connection()
        self.publisher.register_connect_callback(self._replies_off)
        self._ready = None  # the publisher's stream once its handshake is over
        # receiving: redis-py connects (its socket timeout bounds the handshake), then
        # a ``Subscription`` reads the connection
        self._receiving = aioredis.ConnectionPool.from_url(url, **options)
        self._channels: set[str] = set()  # the Redis channels subscribed to
        self._subscription: Subscription | None = None
        self._reader: asyncio.Task | None = None
        self._subscribed = asyncio.Event()
        self._listener = None

    def _channel(self, group: str) -> str:
        return self.layer._get_group_channel_name(group)

    async def new_channel(self, prefix: str) -> str:
        return f"{prefix}{uuid.uuid4().hex}"

    async def group_add(self, group: str, channel: str) -> None:
        """Subscribe to ``group`` (once per process: ``channel`` receives it all).
        Raises TimeoutError when Redis cannot be reached."""
        name = self._channel(group)
        if name not in self._channels:
            self._channels.add(name)
            if self._subscription is not None and self._subscribed.is_set():
                self._subscription.subscribe([name])
        if self._reader is None:
            self._reader = self.loop.create_task(self._read_forever())
        await asyncio.wait_for(self._subscribed.wait(), CONNECT_TIMEOUT)

    async def group_send(self, group: str, message: dict) -> None:
        """Publish ``message`` to ``group``: returns once it is written to Redis's
        connection (connected first if need be). Raises a service error
        (``club.outage.SERVICE_ERRORS``) when it cannot be, within ``CONNECT_TIMEOUT``."""
        publisher = self.publisher
        command = self._publish_command(group, message)
        try:
            async with asyncio.timeout(CONNECT_TIMEOUT):
                await publisher.send_packed_command(command, check_health=False)
        except TimeoutError:
            await publisher.disconnect(nowait=True)
            raise RedisTimeoutError("Redis took the table events too slowly") from None

    def publish_nowait(self, group: str, message: dict) -> bool:
        """Publish ``message`` to ``group`` from the loop's current step, when the
        connection is up, past its handshake, and has sent all that was written to it
        before (Redis keeps up): the write is handed to the connection's transport,
        in order with every write before and after it. False (nothing written)
        otherwise: ``group_send`` then connects, or waits for Redis, within its time
        limit."""
        writer = self.publisher._writer  # redis-py's stream, set while connected
        if writer is None or writer is not self._ready:
            return False
        transport = writer.transport
        if transport.is_closing() or transport.get_write_buffer_size():
            return False
        transport.writelines(self._publish_command(group, message))
        return True

    def _publish_command(self, group: str, message: dict) -> list[bytes]:
        return self.publisher.pack_command(
            "PUBLISH", self._channel(group), self.layer.serialize(message)
        )

    async def _replies_off(self, connection) -> None:
        """A new publishing connection: Redis sends it no replies (nothing reads them).
        Its handshake is over then: ``publish_nowait`` may write to it."""
        await connection.send_command("CLIENT", "REPLY", "OFF", check_health=False)
        self._ready = connection._writer

    def listen(self, callback) -> None:
        """Hand each message to ``callback`` as it is read (on the loop), instead of
        queueing it for ``receive``."""
        self._listener = callback

    async def receive(self, channel: str) -> dict:
        return await self.inbox.get()

    def _deliver(self, message: dict) -> None:
        if self._listener is None:
            self.inbox.put_nowait(message)
            return
        try:
            self._listener(message)
        except Exception:
            logger.exception("table events: a message could not be handled")

    async def _read_forever(self) -> None:
        delay, again = RETRY_FIRST, False
        while True:
            connection = self._receiving.make_connection()
            subscription = None
            try:
                await connection.connect()  # redis-py's handshake: TLS, AUTH, HELLO
                subscription = Subscription(connection, self._on_message)
                subscription.subscribe(sorted(self._channels))
                await asyncio.wait_for(subscription.confirmed, CONNECT_TIMEOUT)
                self._subscription = subscription
                self._subscribed.set()
                if again:  # events may have been missed meanwhile
                    self._deliver({"type": RESYNC, "events": []})
                delay = RETRY_FIRST
                error = await subscription.lost
            except asyncio.CancelledError:
                raise
            except (OSError, RedisError) as lost:  # TimeoutError is an OSError
                error = lost
            finally:
                self._subscription = None
                self._subscribed.clear()
                if subscription is not None:
                    subscription.close()
                await connection.disconnect(nowait=True)  # redis-py lets go of it too
            logger.warning(
                "table events: no subscription on Redis (%s): next try in %.1f s", error, delay
            )
            again = True
            await asyncio.sleep(delay)
            delay = min(RETRY_MAX, delay * 2)

    async def close(self) -> None:
        """Stop reading and let go of both connections."""
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.cancel()
            try:
                await reader
            except asyncio.CancelledError:
                pass
        await self.publisher.disconnect(nowait=True)

    def _on_message(self, data: bytes) -> None:
        try:
            message = self.layer.deserialize(data)
        except Exception:
            logger.exception("table events: a message could not be read")
            return
        self._deliver(message)


class Subscription(asyncio.Protocol):
    """The reading side of a subscribed connection: what Redis sends is parsed by
    ``hiredis`` as it arrives, and each message's data handed to ``on_message`` from
    the event loop's own read callback. redis-py's ``PubSub.listen`` goes through a
    task's wakeup and a stack of coroutines for each message, which costs about twice
    the CPU (``bench/bus_bench.py``).

    ``connection``: a redis-py connection, just connected (its handshake done, no
    reply pending); this takes its transport over. ``confirmed`` is done once Redis
    has confirmed every channel of the first ``subscribe``; ``lost`` when the
    connection ends (its result says why)."""

    def __init__(self, connection, on_message) -> None:
        self.connection, self.on_message = connection, on_message
        self.parser = hiredis.Reader()
        loop = asyncio.get_running_loop()
        self.confirmed, self.lost = loop.create_future(), loop.create_future()
        self.waiting: set[bytes] = set()  # channels asked for and not yet confirmed
        self.transport = connection._writer.transport  # redis-py's stream, now ours
        self.transport.set_protocol(self)

    def subscribe(self, channels: list[str]) -> None:
        names = [name.encode() for name in channels]
        if not names:
            if not self.waiting and not self.confirmed.done():
                self.confirmed.set_result(None)
            return
        if not self.confirmed.done():
            self.waiting.update(names)
        self.transport.writelines(self.connection.pack_command("SUBSCRIBE", *names))

    def data_received(self, data: bytes) -> None:
        parser = self.parser
        parser.feed(data)
        try:
            while (reply := parser.gets()) is not False:
                if isinstance(reply, list) and reply[0] == b"message":
                    self.on_message(reply[2])
                elif isinstance(reply, list) and reply[0] == b"subscribe":
                    self.waiting.discard(reply[1])
                    if not self.waiting and not self.confirmed.done():
                        self.confirmed.set_result(None)
                elif isinstance(reply, hiredis.ReplyError):
                    self._end(f"Redis answered {reply}")
                    return  # what follows is not read: the bus subscribes again
                else:  # another push (a server's notice): not an event
                    logger.debug("table events: Redis sent %r", reply)
        except hiredis.ProtocolError as error:
            self._end(f"unreadable reply ({error})")

    def eof_received(self) -> bool:
        return False  # the transport closes itself: connection_lost follows

    def connection_lost(self, exc: Exception | None) -> None:
        self._end(exc or "the subscription ended")

    def _end(self, why) -> None:
        if not self.lost.done():
            self.lost.set_result(why)
        if not self.confirmed.done():
            self.confirmed.set_exception(RedisConnectionError(str(why)))
        self.transport.close()

    def close(self) -> None:
        self.transport.close()
