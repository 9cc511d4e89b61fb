"""The table events between server processes, straight over Redis pub/sub.

Every committed move at a table whose sockets are split across processes is published
once (``hub.EVENTS_GROUP``) and heard by every other process: hundreds of messages a
second at 1,000 tables. Through the channel layer (channels-redis on redis-py) each
message cost 250-300 µs of CPU to publish and as much again to receive (a polling
read with a timer, a queue, a task switch). This module speaks the three commands
the events need over two plain asyncio connections per process:

* **publishing** is one ``PUBLISH`` written to the socket: the replies (how many
  processes heard it, or an error) are read as they come and only errors are logged,
  so the event loop never waits for Redis;
* **receiving**: one connection ``SUBSCRIBE``\\s to the group's channel; each message
  is parsed in the protocol's ``data_received`` and handed to the hub there
  (``listen``), or queued for ``receive``.

The channel's name and the message format are the channel layer's own (its group
channel name, its serializer), so a process without a running hub (a management
command, a test) still publishes through the channel layer (``hub._from_thread``) and
is heard here. Only the pub/sub layer is used this way; with channels-redis's core
layer the hub keeps going through the layer.

Losing a connection: a publish on a broken connection raises ``ConnectionError`` (the
hub logs the batch as not sent, as with the layer) and the next one reconnects; the
subscriber reconnects after 0.5 s, then up to every 5 s, and subscribes again. Events
published meanwhile are lost, so once subscribed again the hub is handed a
``{"type": RESYNC}`` message: it catches up, from the database, every table it shares
with other processes, and its sockets are sent what they missed.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import ssl
import uuid

from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url

logger = logging.getLogger(__name__)

RESYNC = "tables.resync"
CONNECT_TIMEOUT = 5.0
RETRY_FIRST, RETRY_MAX = 0.5, 5.0


class ProtocolError(ConnectionError):
    """Redis sent what this module cannot read: the connection is dropped."""


# ---------------------------------------------------------------- RESP
def command(*parts: bytes | str) -> bytes:
    """One command in Redis's wire format (an array of bulk strings)."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


_INCOMPLETE = object()


def parse(buf: bytes | bytearray, pos: int = 0):
    """One RESP2 value at ``pos``: (value, next position), or (_INCOMPLETE, pos) when
    the buffer ends first. Errors come back as ``RedisError`` values, not raised."""
    end = buf.find(b"\r\n", pos)
    if end < 0:
        return _INCOMPLETE, pos
    kind, line = buf[pos : pos + 1], bytes(buf[pos + 1 : end])
    after = end + 2
    if kind == b"+":
        return line, after
    if kind == b"-":
        return RedisError(line.decode("utf-8", "replace")), after
    if kind == b":":
        return int(line), after
    if kind == b"$":
        size = int(line)
        if size < 0:
            return None, after
        if len(buf) < after + size + 2:
            return _INCOMPLETE, pos
        return bytes(buf[after : after + size]), after + size + 2
    if kind == b"*":
        count = int(line)
        if count < 0:
            return None, after
        items = []
        for _ in range(count):
            item, after = parse(buf, after)
            if item is _INCOMPLETE:
                return _INCOMPLETE, pos
            items.append(item)
        return items, after
    raise ProtocolError(f"unexpected reply type {kind!r}")


class RedisError(str):
    """An error reply (``-ERR ...``)."""


class _Connection(asyncio.Protocol):
    """One connection: writes commands, parses replies and hands each to ``on_reply``."""

    def __init__(self, on_reply, on_lost) -> None:
        self.on_reply, self.on_lost = on_reply, on_lost
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.closed = False

    def connection_made(self, transport) -> None:
        self.transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family != socket.AF_UNIX:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)  # a silent peer

    def data_received(self, data: bytes) -> None:
        self.buf += data
        pos = 0
        try:
            while pos < len(self.buf):
                value, pos_next = parse(self.buf, pos)
                if value is _INCOMPLETE:
                    break
                pos = pos_next
                self.on_reply(value)
        except (ProtocolError, ValueError) as error:
            logger.error("table events: unreadable reply from Redis (%s): reconnecting", error)
            self.transport.close()
            return
        finally:
            del self.buf[:pos]

    def connection_lost(self, exc) -> None:
        self.closed = True
        self.on_lost(exc)

    def write(self, data: bytes) -> None:
        if self.closed or self.transport is None or self.transport.is_closing():
            raise ConnectionError("the connection to Redis is closed")
        self.transport.write(data)


async def _open(url: str, on_reply, on_lost) -> _Connection:
    """Connect to ``url`` (redis://, rediss://, unix://) and authenticate."""
    options = parse_url(url)
    loop = asyncio.get_running_loop()
    hello: asyncio.Future = loop.create_future()

    def first_reply(value) -> None:  # AUTH's answer, then the caller's handler
        if not hello.done():
            hello.set_result(value)
        else:
            on_reply(value)

    protocol = _Connection(first_reply, on_lost)
    kind = options.get("connection_class")
    if kind is UnixDomainSocketConnection:
        connect = loop.create_unix_connection(lambda: protocol, options["path"])
    else:
        context = ssl.create_default_context() if kind is SSLConnection else None
        connect = loop.create_connection(
            lambda: protocol,
            options.get("host", "localhost"),
            options.get("port", 6379),
            ssl=context,
        )
    await asyncio.wait_for(connect, CONNECT_TIMEOUT)
    password, username = options.get("password"), options.get("username")
    if password:
        args = ("AUTH", username, password) if username else ("AUTH", password)
        protocol.write(command(*args))
    else:
        protocol.write(command("PING"))
    answer = await asyncio.wait_for(hello, CONNECT_TIMEOUT)
    if isinstance(answer, RedisError):
        protocol.transport.close()
        raise ConnectionError(f"Redis refused the connection: {answer}")
    return protocol


class RedisEvents:
    """The hub's channel-layer subset (``new_channel``, ``group_add``, ``group_send``,
    ``receive``) for the events group, on one event loop. ``layer``: the pub/sub channel
    layer whose channel names and serializer it shares."""

    def __init__(self, url: str, layer) -> None:
        self.url, self.layer = url, layer
        self.loop = asyncio.get_running_loop()
        self.inbox: asyncio.Queue = asyncio.Queue()
        self._publisher: _Connection | None = None
        self._connecting: asyncio.Future | None = None
        self._channels: set[str] = set()  # the Redis channels subscribed to
        self._subscriber_task: asyncio.Task | None = None
        self._subscriber: _Connection | None = None
        self._subscribed = asyncio.Event()
        self._resubscribing = False  # a lost subscription being made again
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
            live = self._subscriber
            if live is not None and not live.closed:
                live.write(command("SUBSCRIBE", name))
        if self._subscriber_task is None:
            self._subscriber_task = self.loop.create_task(self._subscribe_forever())
        await asyncio.wait_for(self._subscribed.wait(), CONNECT_TIMEOUT)

    async def group_send(self, group: str, message: dict) -> None:
        """Publish ``message`` to ``group`` (connecting first if need be): written, not
        waited for."""
        if not self.publish_now(group, message):
            publisher = await self._connect_publisher()
            publisher.write(self._publish_command(group, message))

    def publish_now(self, group: str, message: dict) -> bool:
        """Publish ``message`` if the connection is up (True), without waiting."""
        publisher = self._publisher
        if publisher is None or publisher.closed:
            return False
        publisher.write(self._publish_command(group, message))
        return True

    def _publish_command(self, group: str, message: dict) -> bytes:
        return command("PUBLISH", self._channel(group), self.layer.serialize(message))

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

    # ------------------------------------------------------------ publishing
    async def _connect_publisher(self) -> _Connection:
        if self._connecting is None:
            self._connecting = self.loop.create_task(
                _open(self.url, self._on_publish_reply, lambda exc: None)
            )
        try:
            self._publisher = await asyncio.shield(self._connecting)
        finally:
            if self._connecting.done():
                self._connecting = None
        return self._publisher

    @staticmethod
    def _on_publish_reply(value) -> None:
        if isinstance(value, RedisError):
            logger.warning("table events: Redis refused a publish: %s", value)

    # ------------------------------------------------------------ receiving
    def _on_message(self, value) -> None:
        if isinstance(value, list) and len(value) == 3 and value[0] == b"message":
            try:
                message = self.layer.deserialize(value[2])
            except Exception:
                logger.exception("table events: a message could not be read")
                return
            self._deliver(message)
        elif isinstance(value, list) and value and value[0] == b"subscribe":
            self._subscribed.set()
            if self._resubscribing:  # events may have been missed meanwhile
                self._resubscribing = False
                self._deliver({"type": RESYNC, "events": []})
        elif isinstance(value, RedisError):
            logger.warning("table events: Redis said %s", value)

    async def _subscribe_forever(self) -> None:
        delay = RETRY_FIRST
        while True:
            lost = self.loop.create_future()

            def on_lost(exc, lost=lost) -> None:
                if not lost.done():
                    lost.set_result(exc)

            try:
                connection = await _open(self.url, self._on_message, on_lost)
                self._subscriber = connection
                connection.write(command("SUBSCRIBE", *self._channels))
                delay = RETRY_FIRST
                error = await lost
                self._subscriber = None
                self._subscribed.clear()
                self._resubscribing = True
                logger.warning(
                    "table events: the connection to Redis was lost (%s): reconnecting", error
                )
            except asyncio.CancelledError:
                raise
            except (OSError, ConnectionError, asyncio.TimeoutError) as error:
                logger.warning(
                    "table events: cannot subscribe on Redis (%s): next try in %.1f s", error, delay
                )
            await asyncio.sleep(delay)
            delay = min(RETRY_MAX, delay * 2)
