"""Who is at a table: open sockets with a recent heartbeat (``Presence`` rows).

A per-process cache of each table's present members keeps the per-move renders
free of queries; it is dropped whenever a ``table.presence`` event (someone joined or
left) reaches the process, and expires after about ``CACHE_SECONDS`` anyway (a heartbeat
that stopped without a goodbye).
"""

from __future__ import annotations

import random
import time
from datetime import timedelta

from django.utils import timezone

from games.models import Presence

PRESENCE_TIMEOUT = timedelta(seconds=45)
CACHE_SECONDS = 60.0
_cache: dict[int, tuple[float, set[int]]] = {}


def present_users(table_id: int) -> set[int]:
    """Members with a live socket at the table (fresh from the database)."""
    cutoff = timezone.now() - PRESENCE_TIMEOUT
    present = set(Presence.objects.filter(table_id=table_id, seen_at__gte=cutoff)
                  .values_list("user_id", flat=True))
    # A lifetime of 45-75 s: tables whose sets were read together (a restart, a load
    # test's start) do not all come due together, each for a read in the database
    # thread, a minute later.
    lifetime = CACHE_SECONDS * random.uniform(0.75, 1.25)
    _cache[table_id] = (time.monotonic() + lifetime, present)
    return present


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
