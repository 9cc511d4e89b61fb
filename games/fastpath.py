"""A player's intent applied on the event loop, without a thread hop (PostgreSQL).

The usual path (``services.hand_apply_action``) runs in the database thread that all
of a process's Django database work shares. Under load that thread and the event loop
fight over the GIL at every query, and the hop itself costs more than the move. For the
common case this module does the same work on the event loop:

1. take the table's cached state at the intent's ``seq`` out of the cache (nothing else
   can use it meanwhile: a reader or writer that needs the table rebuilds it from the
   database), check the seat and the turn, and let the engine apply the action;
2. log the action with ``services.APPEND_SQL``: one statement that bumps the table
   from ``seq`` to ``seq + 1`` under its row lock and appends to the log, on one of
   this process's own asynchronous connections (autocommit: committed when it
   returns). An action that ends the hand also writes the hand's result and the next
   hand's row in the same statement (``services.APPEND_HAND_END_SQL``), unless another
   app watches the table's hands (a tournament's table: ``games.hooks``) or the game
   is over: those go to the database thread (``services.log_played_hand_end``), with
   the state already played;
3. only then render the new state for this process's sockets of the table, tell
   other processes, put the state back in the cache, and send the frames (in the same
   turn of the event loop).

Whenever this path cannot decide on its own (no cached state at that seq, not the
player's turn, an illegal action, a presence set not cached, the database refusing the write), it gives up *before anything is written*
and the caller takes the usual path, which decides again from the database and gives
the player the error, if any. A state that the engine already changed is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter, deque
import functools
import logging
from datetime import timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connections
from django.utils import timezone
from psycopg.types.json import Jsonb

from games import presence, state
from games.engine import EngineError
from games.models import Table

logger = logging.getLogger(__name__)


class _Connections:
    """This event loop's own autocommit connections (psycopg's async API): several, so
    that a move's statement does not wait for another table's to come back, handed
    out first come, first served.

    (An ``asyncio.Queue`` is not fair: a waiter woken for a connection can lose it to a
    newcomer and go back to the end of the line. At 1,000 tables this made some moves
    wait seconds for a connection while the median waited none: docs/performance.md,
    session 3.)"""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.loop: asyncio.AbstractEventLoop | None = None
        self.idle: deque = deque()  # free slots: a connection, or None (connect on first use)
        self.waiters: deque[asyncio.Future] = deque()
        self.conns: list = []

    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # a new loop (tests): the old one's connections go
            self.close_now()
            self.loop = loop
            self.idle, self.waiters = deque([None] * self.size), deque()

    async def _acquire(self):
        while self.waiters and self.waiters[0].done():  # gave up waiting
            self.waiters.popleft()
        if self.idle and not self.waiters:
            return self.idle.popleft()
        waiter = self.loop.create_future()
        self.waiters.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed one as we gave up
                self._release(waiter.result())
            raise

    def _release(self, conn) -> None:
        """Hand the slot to the longest waiter, if any, else keep it."""
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(conn)
                return
        self.idle.append(conn)

    @contextlib.asynccontextmanager
    async def connection(self):
        self._bind()
        conn = await self._acquire()
        try:
            if conn is None or conn.closed:
                conn = await self._connect()
            yield conn
        except BaseException:
            if conn is not None:
                self.conns = [c for c in self.conns if c is not conn]
                await _close(conn)
            conn = None
            raise
        finally:
            self._release(conn)

    async def _connect(self):
        import psycopg

        params = connections["default"].get_connection_params()
        for key in ("cursor_factory", "context", "prepare_threshold"):
            params.pop(key, None)
        # Prepared after a few uses: the one statement of a move is planned once.
        conn = await psycopg.AsyncConnection.connect(autocommit=True, **params)
        self.conns.append(conn)
        return conn

    def close_now(self) -> None:
        """Close the connections without their loop (tests: before the database is
        dropped)."""
        conns, self.conns, self.loop = self.conns, [], None
        self.idle, self.waiters = deque(), deque()
        for conn in conns:
            if not conn.closed:
                conn.pgconn.finish()


async def _close(conn) -> None:
    try:
        await conn.close()
    except Exception:  # pragma: no cover - already broken
        pass


_db = _Connections(getattr(settings, "GAMES_FAST_PATH_CONNECTIONS", 16))

# What became of the intents this process was given: "applied" here, or the reason it
# gave way to the usual path. Logged by the runner every 30 s (``report``).
outcomes: Counter = Counter()
_reported: Counter = Counter()


def report() -> str | None:
    """A log line on the intents since the last report (None: there were none)."""
    global _reported
    now = outcomes.copy()
    since = now - _reported
    _reported = now
    if not since:
        return None
    applied = since.pop("applied", 0)
    others = ", ".join(f"{reason} {n}" for reason, n in since.most_common())
    return (f"fast path: {applied} intents applied on the event loop, "
            f"{sum(since.values())} gave way to the database thread"
            + (f" ({others})" if others else ""))


def enabled() -> bool:
    return getattr(settings, "GAMES_FAST_PATH", True) and _on_postgresql()


@functools.cache
def _on_postgresql() -> bool:
    # Once per process: ``connections[...]`` is a context-local lookup, not free.
    return connections["default"].vendor == "postgresql"


async def try_apply(table_id: int, user, action: str, expected_seq: int) -> bool:
    """Apply the intent here and return True, or return False having written nothing
    (the caller then takes ``services.hand_apply_action``)."""
    from games import fanout, runner, services

    if not enabled():
        return False
    lock = state.lock_for(table_id)
    if not lock.acquire(blocking=False):
        outcomes["lock busy"] += 1
        return False
    try:
        st = state.peek(table_id)
        if st is None or st.seq != expected_seq:
            outcomes["no state at that seq"] += 1
            return False
        if st.table.status != Table.Status.PLAYING or st.hand is None:
            outcomes["not playing"] += 1
            return False
        hand, seat = st.hand, st.seat_of(user.pk)
        if seat is None or hand.to_act != seat:
            outcomes["not the seat to act"] += 1
            return False
        present, fresh = presence.cached(table_id)
        if present is None:
            outcomes["presence unknown"] += 1
            return False
        state.forget(table_id)  # ours until it is logged (or dropped)
    finally:
        lock.release()
    if not fresh:  # read again in the background; this move goes on with what we know
        fanout.hub.refresh_presence_soon(table_id)
    try:
        hand.apply_as(seat, action)
    except EngineError:
        outcomes["illegal"] += 1
        return False  # nothing changed: the usual path gives the player the error
    if hand.is_done and (st.watched or st.game.is_over):
        # A tournament's hand (its sheet is written with it) or the game's last: the
        # ORM in the database thread, in one transaction with the hooks.
        await database_sync_to_async(services.log_played_hand_end)(
            st, hand, seat=seat, action=action, user=user)
        outcomes["applied"] += 1
        return True
    now = timezone.now()
    row, next_row = st.hand_row, None
    log = [table_id, expected_seq, row.pk, seat, action, False, user.pk, now]
    if hand.is_done:  # deal the next hand now: whose turn it is sets wake_at
        result = hand.result().to_dict()
        next_row = services.deal_next(st, now)
    due_in = services.due_in_seconds(st, present)
    wake_at = now + timedelta(seconds=due_in)
    table = st.table
    try:
        async with _db.connection() as conn:
            if next_row is None:
                cursor = await conn.execute(services.APPEND_SQL, [wake_at, *log])
                logged = cursor.rowcount == 1
            else:
                cursor = await conn.execute(services.APPEND_HAND_END_SQL, [
                    wake_at, *log, Jsonb(result), now, row.pk, table_id,
                    next_row.number, next_row.dealer, next_row.seed, now])
                inserted = await cursor.fetchone()
                logged = inserted is not None
                if logged:  # a saved row, as the ORM would leave it
                    next_row.pk = inserted[0]
                    next_row._state.adding, next_row._state.db = False, "default"
    except Exception:
        logger.exception("logging an action of table %s failed", table_id)
        outcomes["write failed"] += 1
        return False
    if not logged:
        outcomes["moved on"] += 1
        return False  # moved on meanwhile: the usual path says so
    if next_row is not None:
        row.result, row.finished_at = result, now
        st.hand_rows.append(next_row)
    table.seq = expected_seq + 1
    table.wake_at = wake_at
    frames = fanout.hub.changed_here(table_id, st, present)  # rendered while still ours
    # Back to the cache. Never wait for the lock on the event loop: its holder (the
    # database thread) may be waiting for the loop (async_to_sync) in an on-commit.
    remembered = lock.acquire(blocking=False)
    if remembered:
        try:
            _remember_if_absent(st)
        finally:
            lock.release()
    await fanout.send_frames(frames)
    if not remembered:
        await database_sync_to_async(_remember_locked)(st)
    if due_in == 0:
        runner.poke(table_id)
    outcomes["applied"] += 1
    return True


def _remember_if_absent(st: state.TableState) -> None:
    if state.peek(st.table.pk) is None:  # nobody rebuilt it meanwhile
        state.remember(st)


def _remember_locked(st: state.TableState) -> None:
    with state.lock_for(st.table.pk):
        _remember_if_absent(st)
