"""The event loop's executor: moves and snapshots on this loop's own connections.

Django's database work runs in one thread per process, and a hop to it costs more
than a move; under load that thread and the event loop also fight over the GIL at
every query. On PostgreSQL the common cases run on the event loop instead, on a few
autocommit connections of psycopg's async API (``GAMES_FAST_PATH_CONNECTIONS``, 16 by
default), handed out first come, first served:

* ``write(move)``: the move's one statement (``games.live.sql.move_statement``),
  committed when it returns;
* ``fetch_one(statement, params)``, ``fetch_rows``: another statement of live play (a
  chat message: ``games.live.chat``; a socket's arrival: ``games.live.arrival``),
  committed when it returns;
* ``acquire``/``release``: an owned table state on the loop, caught up with the
  database by the one-statement snapshot when the cache is behind (another process
  moved the table on) or built when nothing is cached.

What must go through Django's ORM (an app's hook, a socket's arrival that is not the
common case) runs ``beside`` Channels' one database thread, in a few threads of its
own (``BESIDE_THREADS``): after a restart every table and socket of the process comes
back at once, and their reads wait on the database side by side rather than in one
queue behind the runner's sweep.

A table's state is owned by one coroutine at a time: another one wanting it meanwhile
waits for its release (``_inflight``), rather than reading the table again.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import deque
from concurrent.futures import ThreadPoolExecutor

import psycopg
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection, connections
from psycopg.types.json import Jsonb
from psycopg.types.string import TextLoader

from games import hooks
from games.live import cache, sql
from games.live.catchup import CatchUpError, catch_up, request_for
from games.live.moves import Move
from games.live.store import NoTable, Stale, parse_snapshot
from games.live.tablestate import TableState
from games.live.writers import MovedOn

logger = logging.getLogger(__name__)


class _Connections:
    """This event loop's own autocommit connections, handed out first come, first
    served (an ``asyncio.Queue`` is not fair: a waiter woken for a connection can lose
    it to a newcomer and go back to the end of the line)."""

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
        # Prepared after a few uses: each kind of statement is planned once.
        conn = await psycopg.AsyncConnection.connect(autocommit=True, **connection_params())
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


def connection_params() -> dict:
    """psycopg's arguments for a connection of the site's database outside Django's
    (its cursor factory, context and prepare threshold left to psycopg's defaults)."""
    params = connections["default"].get_connection_params()
    for key in ("cursor_factory", "context", "prepare_threshold"):
        params.pop(key, None)
    return params


def close() -> None:
    """Close this process's loop connections (tests, before their database is dropped)."""
    _db.close_now()


async def _close(conn) -> None:
    try:
        await conn.close()
    except Exception:  # pragma: no cover - already broken
        pass


_db = _Connections(getattr(settings, "GAMES_FAST_PATH_CONNECTIONS", 16))


def enabled() -> bool:
    return getattr(settings, "GAMES_FAST_PATH", True) and _on_postgresql()


@functools.cache
def _on_postgresql() -> bool:
    # Once per process: ``connections[...]`` is a context-local lookup, not free.
    return connections["default"].vendor == "postgresql"


BESIDE_THREADS = 4
_beside_pool: ThreadPoolExecutor | None = None


def beside(fn):
    """``fn`` (Django's ORM) as a coroutine function run in the threads beside Channels'
    database thread."""
    global _beside_pool
    if _beside_pool is None:
        _beside_pool = ThreadPoolExecutor(BESIDE_THREADS, thread_name_prefix="db-beside")

    @functools.wraps(fn)
    def hop(*args, **kwargs):
        # Closed here, in the hop's own context: the closing Channels does around it
        # left these threads' connections open (a test database still in use at
        # teardown showed it).
        try:
            return fn(*args, **kwargs)
        finally:
            connection.close()

    return database_sync_to_async(hop, thread_sensitive=False, executor=_beside_pool)


# ---------------------------------------------------------------- statements
async def write(move: Move) -> int | None:
    """Write ``move`` (committed on return); the next hand's id, if it deals one.
    Raises MovedOn (nothing written)."""
    statement = sql.move_statement(move, Jsonb)
    async with _db.connection() as conn:
        cursor = await conn.execute(statement.sql, statement.params)
        row = await cursor.fetchone()
    if row is None:
        raise MovedOn(move.table_id)
    return row[0] if move.next_hand is not None else None


async def fetch_one(statement: str, params: list):
    """Run one statement on the loop's own connection (committed when it returns);
    its first row, or None."""
    rows = await fetch_rows(statement, params)
    return rows[0] if rows else None


async def fetch_rows(statement: str, params: list, *, json_as_text: bool = False) -> list:
    """Run one statement on the loop's own connection (committed when it returns); its
    rows. ``json_as_text``: JSON columns come as text, as Django's own connections read
    them (for a model's row turned into an instance by Django's converters)."""
    async with _db.connection() as conn:
        cursor = conn.cursor()
        if json_as_text:
            cursor.adapters.register_loader("jsonb", TextLoader)
            cursor.adapters.register_loader("json", TextLoader)
        await cursor.execute(statement, params)
        return await cursor.fetchall()


async def read_snapshot(table_id: int, after_seq: int, from_hand: int):
    async with _db.connection() as conn:
        cursor = await conn.execute(
            sql.snapshot_statement(), [from_hand, from_hand, after_seq, table_id]
        )
        row = await cursor.fetchone()
    if row is None:
        raise NoTable(table_id)
    return parse_snapshot(row, after_seq, from_hand)


# ---------------------------------------------------------------- owned states
_inflight: dict[int, asyncio.Future] = {}


async def acquire(table_id: int, seq: int | None = None) -> TableState | None:
    """Own the table's state on the loop: the cached one at ``seq`` (no query), else
    the state at the database's seq (caught up or built). None: the table's lock is
    busy in another thread (give way to it). Raises Stale when the table is not at
    ``seq``, NoTable. Every state acquired is released (``release``)."""
    while (busy := _inflight.get(table_id)) is not None:
        await asyncio.shield(busy)
    lock = cache.lock_for(table_id)
    if not lock.acquire(blocking=False):
        return None
    try:
        st = cache.take(table_id)
    finally:
        lock.release()
    _inflight[table_id] = asyncio.get_running_loop().create_future()
    try:
        if st is not None and seq is not None and st.seq > seq:
            raise Stale(table_id)  # the database is at least as far as the cache
        if st is None or st.seq != seq:
            st = await _advanced(table_id, st)
        if seq is not None and st.seq != seq:
            raise Stale(table_id)
    except BaseException:
        await release(table_id, st)
        raise
    return st


async def _advanced(table_id: int, st: TableState | None) -> TableState:
    if st is not None:
        try:
            return catch_up(st, await read_snapshot(table_id, *request_for(st)))
        except CatchUpError:
            pass  # dropped: rebuilt below
    snap = await read_snapshot(table_id, *request_for(None))
    return catch_up(None, snap, watched=await _watched(table_id))


async def _watched(table_id: int) -> bool:
    """``hooks.watched`` on the loop's own connection where every watcher gave its
    statement, else in a thread beside Channels' database thread."""
    statements = hooks.watch_statements()
    if statements is None:
        return await beside(hooks.watched)(table_id)
    for statement in statements:
        if await fetch_rows(statement, [table_id]):
            return True
    return False


async def release(table_id: int, st: TableState | None) -> None:
    """Put an owned state back in the cache (None: it was dropped), and let the next
    coroutine waiting for the table have it."""
    try:
        if st is not None:
            lock = cache.lock_for(table_id)
            # Never wait for the lock on the loop: its holder (a database thread) may
            # be waiting for the loop.
            if lock.acquire(blocking=False):
                try:
                    cache.put(st)
                finally:
                    lock.release()
            else:
                await database_sync_to_async(cache.checkin)(st)
    finally:
        busy = _inflight.pop(table_id, None)
        if busy is not None and not busy.done():
            busy.set_result(None)
