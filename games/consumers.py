"""Thin WebSocket consumers: check access, hand intents to the move pipeline.

Protocol: docs/protocol.md. After a change commits, ``games.live.hub`` renders each
socket's own viewer's snapshot (another player's cards never enter a frame meant for
someone else) and sends it; other processes hear of the change through the channel
layer. The hub never writes.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import logging

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import connection
from django.utils import translation
from django.utils.translation import gettext as _

from club.aio import run_inline
from club.socket_auth import resolve_user
from club.sockets import JsonFrames, NoHopDispatch
from games import selectors, services
from games.errors import TableError
from games.hooks import Watch
from games.live import chat, frames, loopdb, pipeline, runner
from games.live.arrival import arrive, first_state
from games.live.hub import LOBBY_GROUP, ORIGIN, hub

# The longest action a frame may carry (a 450 major sequence: "major:10H,JH,QH,KH,AH").
ACTION_LENGTH = 40

logger = logging.getLogger(__name__)
_socket_numbers = itertools.count(1)


class HeartbeatBatch:
    """Heartbeats are recorded in batches: two UPDATEs every few seconds, instead of a
    transaction per heartbeat (4,000 sockets send 200 heartbeats a second)."""

    FLUSH_SECONDS = 5.0

    def __init__(self):
        self.pending: dict[str, int] = {}
        self.task: asyncio.Task | None = None

    def add(self, channel_name: str, table_id: int) -> None:
        self.pending[channel_name] = table_id
        if self.task is None or self.task.done():
            # A fresh context: not the consumer's thread-sensitive executor.
            self.task = asyncio.get_running_loop().create_task(
                self._flush_forever(), context=contextvars.Context()
            )

    async def _flush_forever(self) -> None:
        while True:
            await asyncio.sleep(self.FLUSH_SECONDS)
            if not self.pending:
                continue
            batch, self.pending = self.pending, {}
            try:
                await database_sync_to_async(services.presence_heartbeat_many)(batch)
            except Exception:
                logger.exception("heartbeat flush failed")


heartbeats = HeartbeatBatch()


def connecting_hop(fn):
    """``fn`` as a coroutine function run beside Channels' one database thread on
    PostgreSQL (``loopdb.beside``: after a restart every socket of the process comes
    back together, and their hops wait on the database side by side rather than in one
    queue), else in that thread (SQLite writes one at a time anyway, and would answer
    "database is locked")."""
    if connection.vendor != "postgresql":
        return database_sync_to_async(fn)
    return loopdb.beside(fn)


class TableConsumer(NoHopDispatch, JsonFrames, AsyncJsonWebsocketConsumer):
    table_id: int
    last_seq: int = -1

    async def __call__(self, scope, receive, send):
        """``AsyncConsumer.__call__`` without a channel of the channel layer: the hub
        (``games.live.hub``) receives the table events once for the whole process, so a
        table socket has no use for one (with Redis, each would cost a SUBSCRIBE and a
        pending read). ``channel_name`` still names the socket (presence rows).

        With a single source of messages, the socket's messages are awaited in turn
        rather than through ``await_many_dispatch``, which wraps every receive in a
        task and an ``asyncio.wait``: two more turns of a busy event loop between a
        player's intent arriving and its handler starting."""
        self.scope = scope
        self.channel_layer = None
        self.channel_name = f"table-socket.{ORIGIN}.{next(_socket_numbers)}"
        self.base_send = send
        with contextlib.suppress(StopConsumer):
            while True:
                await self.dispatch(await receive())

    async def connect(self):
        """Everything a socket needs to open, in one database hop: who the member is
        (the route defers it: ``club.socket_auth``), whether they may watch, their
        presence and their first state. On PostgreSQL a seated member's or the host's
        hop runs on the event loop (``_arrive_on_loop``), anyone else's in a database
        thread (``_open``). While that hop runs the socket is attached
        but not accepted: the hub sends it nothing and notes the newest state it
        missed (``Hub._state_sockets``); if that is newer than the first state, a
        fresh one follows."""
        runner.start()
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.user = None
        self.language = "fr"
        self.accepted = False
        self.is_member = False
        self.missed_seq = -1  # set by the hub (any thread) while this is not accepted
        # Attached before the first snapshot, so that no change is missed in between.
        await hub.attach(self)
        try:
            refusal, first = await self._arrive_on_loop()
            if first is None:
                refusal, first = await connecting_hop(self._open)()
        except BaseException:
            await hub.detach(self)
            raise
        if refusal is not None:
            await hub.detach(self)
            if refusal.reason:  # an app's refusal: the page shows why (accepted to say it)
                await self.accept()
                await self.close(code=4403, reason=refusal.reason)
            else:
                await self.close(code=4403)
            return
        await self.accept()
        self.accepted = True
        await self._send_state_text(*first)
        if self.missed_seq > self.last_seq:
            await self.send_state()

    async def _arrive_on_loop(self) -> tuple[None, tuple[int, str] | None]:
        """The connecting hop on the event loop (PostgreSQL), for a member who is the
        table's host or has a seat there (``games.live.arrival``): their first state, or
        None (nothing written) when ``_open`` must decide in a database thread."""
        if not loopdb.enabled():
            return None, None
        arrival = await arrive(self.scope, self.table_id, self.channel_name)
        if arrival is None:
            return None, None
        self.user = arrival.user
        self.language = getattr(arrival.user, "preferred_language", None) or "fr"
        self.is_member = True
        if arrival.away:
            await database_sync_to_async(services.seat_retake)(
                table_id=self.table_id, user=arrival.user
            )
        hub.presence_changed(self.table_id, joined=arrival.user.pk)
        return None, await first_state(self.table_id, arrival)

    def _open(self) -> tuple[Watch | None, tuple[int, str] | None]:
        """The connecting hop: the refusal (None when this viewer may watch the table),
        else the member's presence recorded and their first snapshot."""
        self.user = user = resolve_user(self.scope)
        self.language = getattr(user, "preferred_language", None) or "fr"
        self.is_member = user.is_authenticated
        table = selectors.table_for_viewer(self.table_id, user)
        refusal = self._refusal(table, user, self.scope.get("session") or {})
        if refusal is not None:
            self.is_member = False
            return refusal, None
        if self.is_member:
            services.presence_join(
                table_id=self.table_id, user=user, channel_name=self.channel_name
            )
        # As of the table's row: a state committed since is sent after (missed_seq).
        return None, frames.state_frames(self.table_id, [user], seq=table.seq)[0]

    def _refusal(self, table, user, session):
        """None when this viewer may watch ``table``, else the refused ``Watch`` (its
        reason in the viewer's language, if an app gave one)."""
        if table is None:
            return Watch(False)
        invited = self.table_id in selectors.invited_tables(session)
        with translation.override(self.language):
            return selectors.view_refusal(
                table, user, invited=invited, seated=getattr(table, "seated", None)
            )

    async def disconnect(self, code):
        if getattr(self, "accepted", False):
            self.accepted = False
            await hub.detach(self)
            if getattr(self, "is_member", False):
                await database_sync_to_async(services.presence_leave)(
                    table_id=self.table_id, channel_name=self.channel_name
                )

    # ------------------------------------------------------------- client -> server
    async def receive_json(self, content, **kwargs):
        kind = content.get("type")
        if kind == "intent":
            await self.handle_intent(content)
        elif kind == "sync":
            self.last_seq = -1
            await self.send_state()
        elif kind == "heartbeat":
            if getattr(self, "is_member", False):
                heartbeats.add(self.channel_name, self.table_id)
        elif kind == "chat":
            await self.handle_chat(content)
        elif kind == "chat.history":
            await self.send_json(
                await database_sync_to_async(chat.history_frame)(self.table_id, self.user)
            )
        else:
            await self.send_error("unknown_type", _("This message is not understood."))

    async def handle_intent(self, content):
        action, seq = content.get("action"), content.get("seq")
        if not isinstance(action, str) or not isinstance(seq, int) or isinstance(seq, bool):
            await self.send_error(
                "bad_intent", _("An intent needs an action and the sequence number seen.")
            )
            return
        user = self.user
        if not user.is_authenticated:
            await self.send_error(
                "not_seated", _("You are watching this table: you have no cards.")
            )
            return
        try:
            with translation.override(self.language):
                if await pipeline.play_on_loop(self.table_id, user, action[:ACTION_LENGTH], seq):
                    return
            await database_sync_to_async(self._apply)(user, action[:ACTION_LENGTH], seq)
        except TableError as error:
            await self.send_error(error.code, error.message, ref=content.get("ref"))
            if error.code == "stale":
                self.last_seq = -1
                await self.send_state()

    async def handle_chat(self, content):
        if not self.user.is_authenticated:
            await self.send_error("not_seated", _("Log in to chat."))
            return
        try:
            with translation.override(self.language):
                await chat.post(self.table_id, self.user, content)
        except TableError as error:
            await self.send_error(error.code, error.message, ref=content.get("ref"))

    def _apply(self, user, action, seq):
        with translation.override(self.language):
            services.hand_apply_action(
                table_id=self.table_id, user=user, action=action, expected_seq=seq
            )

    # ------------------------------------------------------------- server -> client
    async def send_error(self, code: str, message: str, ref=None):
        frame = {"type": "error", "code": code, "message": message}
        if ref is not None:
            frame["ref"] = ref
        await self.send_json(frame)

    async def send_state(self) -> None:
        seq, text = await database_sync_to_async(self._render)()
        await self._send_state_text(seq, text)

    def _render(self) -> tuple[int, str]:
        return frames.state_frames(self.table_id, [self.user])[0]

    async def _send_state_text(self, seq: int, text: str) -> None:
        if seq > self.last_seq:
            self.last_seq = seq
            await self.send(text_data=text)

    def send_text_now(self, text: str) -> None:
        """A frame of the fan-out, sent from the loop's current step, without a task
        (``club.aio.run_inline``: daphne's send does not wait)."""
        run_inline(self.send(text_data=text))

    async def send(self, text_data=None, bytes_data=None, close=False):
        """Send, or drop the frame when the socket is already closing: the client will
        resync on reconnecting, and the disconnect handler is on its way. (daphne raises
        autobahn's ``Disconnected`` for a send on a closed socket; left alone, it ends
        the consumer with a traceback in the server's log.)"""
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            logger.debug("socket %s closed before a send", self.channel_name)

    async def send_json(self, content, close=False):
        # channels' own send_json calls its parent's send, past the one above.
        await self.send(text_data=await self.encode_json(content), close=close)


class LobbyConsumer(NoHopDispatch, JsonFrames, AsyncJsonWebsocketConsumer):
    """Tells lobby pages to refresh their table list (the list itself is an htmx partial)."""

    async def connect(self):
        runner.start()
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def receive_json(self, content, **kwargs):
        return None

    async def lobby_changed(self, event):
        await self.send_json({"type": "lobby.changed"})
