"""Which daphne processes are alive, told by PostgreSQL: each holds an advisory lock.

A process that drives tables (``games.live.runner``) takes, on a connection of its own
kept for its whole life, the session-level advisory lock ``(LOCK_SPACE, key)`` with a
random ``key``. PostgreSQL releases the lock the moment that connection ends, and a
killed process's connection ends with it (the kernel closes its sockets), so the keys
of the locks granted in ``pg_locks`` are exactly the live processes'.

A bot search's claim on a table (``pipeline.claim_search``) records the claiming
process's key in ``Table.claimed_by``; the sweep of any process (``release_dead``)
makes a table whose claimer is gone due at once, instead of waiting for the claim to
run out. On SQLite (one process) there is no key: a claim then only runs out.
"""

from __future__ import annotations

import logging
import random

import psycopg
from django.db import connections
from django.db.models import Q
from django.db.models.expressions import RawSQL

from games.live import loopdb
from games.models import Table

logger = logging.getLogger(__name__)

#: The advisory locks' first key (``classid`` in ``pg_locks``): the site's space.
LOCK_SPACE = 500_450
LIVE_KEYS = (
    "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
    "AND objsubid = 2 AND granted"
)

_key: int | None = None
_conn: psycopg.Connection | None = None


def key() -> int | None:
    """This process's key while it holds its lock (None: not held, or SQLite)."""
    return _key if _conn is not None and not _conn.closed else None


def hold() -> None:
    """Take this process's lock if it does not hold it (first call, or its connection
    was lost): from the runner's sweep, in the database thread."""
    global _key, _conn
    if connections["default"].vendor != "postgresql" or key() is not None:
        return
    close()
    try:
        conn = psycopg.connect(autocommit=True, **loopdb.connection_params())
        candidate = random.randint(1, 2**31 - 1)
        conn.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_SPACE, candidate])
    except psycopg.Error:
        logger.exception("liveness: could not take this process's advisory lock")
        return
    _key, _conn = candidate, conn


def close() -> None:
    """Let the lock go (tests, before their database is dropped)."""
    global _key, _conn
    conn, _key, _conn = _conn, None, None
    if conn is not None and not conn.closed:
        conn.close()


def release_dead(now) -> int:
    """Make due at once the tables claimed by a process that holds no lock any more
    (dead): their bots' searches go to the next process that looks. How many."""
    if connections["default"].vendor != "postgresql":
        return 0
    dead = Q(claimed_by__isnull=False, wake_at__gt=now) & ~Q(
        claimed_by__in=RawSQL(LIVE_KEYS, [LOCK_SPACE])
    )
    return Table.objects.filter(dead, status=Table.Status.PLAYING).update(
        wake_at=now, claimed_by=None
    )
