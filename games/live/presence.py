"""Who is at a table: open sockets with a recent heartbeat (``Presence`` rows).

A per-process cache of each table's present members keeps the per-move renders
free of queries; it is dropped whenever a ``table.presence`` event (someone joined or
left) reaches the process, and expires after about ``CACHE_SECONDS`` anyway (a heartbeat
that stopped without a goodbye). The event loop reads the sets that expired in batches
(one query for every table that came due in the last half second: on the loop's own
connection with PostgreSQL, ``frames.read_presence_on_loop``, else
``present_users_many`` in the database thread), not one database-thread hop per table.
"""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta

from django.db import connection
from django.db.models import Max
from django.utils import timezone

from games.live import sql
from games.live.moves import PRESENCE_TIMEOUT
from games.models import Presence

__all__ = [
    "PRESENCE_TIMEOUT",
    "TABLE_SEEN_RESOLUTION",
    "cached",
    "forget",
    "generation",
    "joined",
    "present_users",
    "present_users_cached",
    "present_users_many",
    "remember",
    "table_presence",
]

# ``Table.last_human_seen_at`` serves coarse decisions (closing abandoned tables after
# half an hour, the runner's sweep after a restart): heartbeats refresh it at most
# this often per table.
TABLE_SEEN_RESOLUTION = timedelta(seconds=60)
CACHE_SECONDS = 60.0
_cache: dict[int, tuple[float, set[int]]] = {}
# Bumped by ``forget``: a read that started before someone joined or left must not
# put its older set back in the cache after the change dropped it.
_generations: dict[int, int] = {}


def present_users(table_id: int) -> set[int]:
    """Members with a live socket at the table (fresh from the database)."""
    return present_users_many([table_id])[table_id]


def present_users_many(table_ids) -> dict[int, set[int]]:
    """Members with a live socket at each of the tables: one query for all of them."""
    found: dict[int, set[int]] = {table_id: set() for table_id in table_ids}
    if not found:
        return found
    generations = {table_id: generation(table_id) for table_id in found}
    cutoff = timezone.now() - PRESENCE_TIMEOUT
    rows = Presence.objects.filter(table_id__in=list(found), seen_at__gte=cutoff)
    for table_id, user_id in rows.values_list("table_id", "user_id"):
        found[table_id].add(user_id)
    for table_id, present in found.items():
        remember(table_id, present, generations[table_id])
    return found


def generation(table_id: int) -> int:
    """The table's present set's generation here, taken before reading the set (for
    ``remember``)."""
    return _generations.get(table_id, 0)


def remember(table_id: int, present: set[int], read_at: int) -> None:
    """Cache ``present``, read from the database when the table's generation was
    ``read_at``, unless someone joined or left here meanwhile (the next read sees it)."""
    if _generations.get(table_id, 0) != read_at:
        return
    # A lifetime of 45-75 s: tables whose sets were read together (a restart, a load
    # test's start) do not all come due together a minute later.
    lifetime = CACHE_SECONDS * random.uniform(0.75, 1.25)
    _cache[table_id] = (time.monotonic() + lifetime, present)


def present_users_cached(table_id: int) -> set[int]:
    hit = _cache.get(table_id)
    if hit is not None and hit[0] > time.monotonic():
        return hit[1]
    return present_users(table_id)


def cached(table_id: int) -> tuple[set[int] | None, bool]:
    """The cached present set (None: never read here) and whether it is still fresh,
    without a query. A stale set is still worth showing while it is read again."""
    hit = _cache.get(table_id)
    if hit is None:
        return None, False
    return hit[1], hit[0] > time.monotonic()


def forget(table_id: int) -> None:
    _cache.pop(table_id, None)
    _generations[table_id] = _generations.get(table_id, 0) + 1


def joined(table_id: int, user_id: int) -> None:
    """A member's socket arrived here (after its commit): a cached set gains them, so
    that the sockets arriving after a restart, four to a table, read the set once per
    table rather than once each. A read already under way does not put its older set
    back (``_generations``)."""
    _generations[table_id] = _generations.get(table_id, 0) + 1
    hit = _cache.get(table_id)
    if hit is not None:
        _cache[table_id] = (hit[0], hit[1] | {user_id})


def table_presence(table_id: int, *, now: datetime) -> tuple[set[int], dict[int, datetime]]:
    """Who is at a table now (fresh from the database: the runner decides on it), and
    when each member with a socket there was last heard of (one query)."""
    cutoff = now - PRESENCE_TIMEOUT
    if connection.vendor == "postgresql":  # the ORM's own work would cost more than the query
        with connection.cursor() as cursor:
            cursor.execute(sql.presence_statement(), [table_id])
            last_seen = dict(cursor.fetchall())
    else:
        last_seen = dict(
            Presence.objects.filter(table_id=table_id)
            .values("user_id")
            .annotate(seen=Max("seen_at"))
            .values_list("user_id", "seen")
        )
    present = {user for user, seen in last_seen.items() if seen >= cutoff}
    return present, last_seen
