"""Each process's table states, and the locks that guard them.

A state is **owned** by whoever works on it: a move being decided and written, a
catch-up being applied. The owner takes it out of the cache (``checkout``), works on
it without any lock, and puts it back (``checkin``) once the database agrees with it,
or drops it. Readers render a cached state in place, under its table's lock.

Lock order (``tests/games/test_lock_order.py`` checks it on every path):

1. database row locks: the table row (a move's conditional ``UPDATE``, a service's
   ``select_for_update``), then the rows a hand-finished callback locks;
2. a table's state lock (``lock_for``), innermost, held only for work on cached
   values (check out, check in, render): **never across a query, an ``await`` or
   another table's lock**. So no thread waits for the database, or for the event
   loop, while holding one; and the event loop never waits for one (it tries, and
   gives way to the database thread when the lock is busy).

Tables share 64 locks (striped by id): a thread busy with one table seldom holds up
a move at another, and the number of locks does not grow with the number of tables.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from games.live.tablestate import TableState

CACHE_SIZE = 5000
LOCK_STRIPES = 64

_cache: "OrderedDict[int, TableState]" = OrderedDict()
_held = threading.local()  # how many state locks this thread holds


class StateLock:
    """A re-entrant lock that knows whether the current thread holds it."""

    def __init__(self) -> None:
        self._lock = threading.RLock()

    def acquire(self, blocking: bool = True) -> bool:
        got = self._lock.acquire(blocking)
        if got:
            _held.count = getattr(_held, "count", 0) + 1
        return got

    def release(self) -> None:
        _held.count -= 1
        self._lock.release()

    def __enter__(self) -> "StateLock":
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


_locks = tuple(StateLock() for _ in range(LOCK_STRIPES))


def lock_for(table_id: int) -> StateLock:
    return _locks[table_id % LOCK_STRIPES]


def holding_a_lock() -> bool:
    """Whether this thread holds any table's state lock (the lock-order check)."""
    return getattr(_held, "count", 0) > 0


# ---------------------------------------------------------------- under the lock
# The callers below hold ``lock_for(table_id)``.
def peek(table_id: int) -> TableState | None:
    return _cache.get(table_id)


def take(table_id: int, seq: int | None = None) -> TableState | None:
    """Take a table's state out of the cache (at ``seq``, when given)."""
    st = _cache.get(table_id)
    if st is None or (seq is not None and st.seq != seq):
        return None
    del _cache[table_id]
    return st


def put(st: TableState) -> bool:
    """Put an owned state back, unless a state as new is cached (built by a reader
    meanwhile): the newer one stays. Returns whether ``st`` was kept."""
    cached = _cache.get(st.id)
    if cached is not None and cached.seq >= st.seq:
        return False
    _cache[st.id] = st
    _cache.move_to_end(st.id)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return True


# ---------------------------------------------------------------- any thread
def checkout(table_id: int, seq: int | None = None) -> TableState | None:
    with lock_for(table_id):
        return take(table_id, seq)


def checkin(st: TableState) -> bool:
    with lock_for(st.id):
        return put(st)


def forget(table_id: int) -> None:
    with lock_for(table_id):
        _cache.pop(table_id, None)


def clear() -> None:
    _cache.clear()
