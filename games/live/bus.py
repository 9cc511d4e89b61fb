"""The table events between server processes, over redis-py's asyncio pub/sub.

Every committed move at a table whose sockets are split across processes is published
once (``hub.EVENTS_GROUP``) and heard by every other process: hundreds of messages a
second at 1,000 tables. Through the channel layer (channels-redis) each message cost
250-300 µs of CPU to publish and as much again to receive (a polling read with a timer,
a queue, a task switch), so the hub uses redis-py's own client for this one group (with
the ``hiredis`` parser), on two connections per process:

* **publishing**: ``PUBLISH``, its reply awaited (the hub batches the events queued
  meanwhile into its next message);
* **receiving**: one task reads the subscription (``PubSub.listen``) and hands each
  message to the hub as it is read (``listen``), or queues it for ``receive``.

The channel's name and the message format are the channel layer's own (its group
channel name, its serializer), so a process without a running hub (a management
command, a test) still publishes through the channel layer (``hub._from_thread``) and
is heard here. Only the pub/sub layer is used this way; with channels-redis's core
layer the hub keeps going through the layer.

Losing a connection: a publish on a broken connection raises redis-py's
``ConnectionError`` (the hub logs the batch as not sent) and the next one connects
again; the reading task subscribes again on a new connection after 0.5 s, then up to
every 5 s. Events published meanwhile are lost, so once subscribed again the hub is
handed a ``{"type": RESYNC}`` message: it catches up, from the database, every table
it shares with other processes, and its sockets are sent what they missed. redis-py
retries nothing itself here: a lost subscription must be seen, to be caught up.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
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
        # publishing: a Redis that stops answering fails the publish (the hub logs the
        # batch as not sent) instead of holding every later batch behind it
        self.client = aioredis.Redis.from_url(url, socket_timeout=CONNECT_TIMEOUT, **options)
        # receiving: no read timeout, a quiet evening sends nothing for minutes
        self._receiving = aioredis.Redis.from_url(url, **options)
        self._channels: set[str] = set()  # the Redis channels subscribed to
        self._pubsub = None
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
            if self._pubsub is not None and self._subscribed.is_set():
                await self._pubsub.subscribe(name)
        if self._reader is None:
            self._reader = self.loop.create_task(self._read_forever())
        await asyncio.wait_for(self._subscribed.wait(), CONNECT_TIMEOUT)

    async def group_send(self, group: str, message: dict) -> None:
        """Publish ``message`` to ``group``: returns once Redis has answered."""
        await self.client.publish(self._channel(group), self.layer.serialize(message))

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
            pubsub = self._receiving.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(*self._channels)
                self._pubsub = pubsub
                self._subscribed.set()
                if again:  # events may have been missed meanwhile
                    self._deliver({"type": RESYNC, "events": []})
                delay = RETRY_FIRST
                async for item in pubsub.listen():
                    if item["type"] == "message":
                        self._on_message(item["data"])
                error = "the subscription ended"
            except asyncio.CancelledError:
                raise
            except (OSError, RedisConnectionError, RedisTimeoutError) as lost:
                error = lost
            finally:
                self._pubsub = None
                self._subscribed.clear()
                await pubsub.aclose()
            logger.warning(
                "table events: no subscription on Redis (%s): next try in %.1f s", error, delay
            )
            again = True
            await asyncio.sleep(delay)
            delay = min(RETRY_MAX, delay * 2)

    def _on_message(self, data: bytes) -> None:
        try:
            message = self.layer.deserialize(data)
        except Exception:
            logger.exception("table events: a message could not be read")
            return
        self._deliver(message)
