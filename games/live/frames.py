"""Frames for a table's viewers, rendered in the database thread (may query), and the
presence notices read on the event loop's own connection.

``state_frames`` renders the cached state in place, under its lock, when it is at the
wanted seq; otherwise it owns the state for a moment, caught up with the database
(``games.live.store``), renders it, and puts it back.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.utils import timezone

from games.live import cache, loopdb, presence, render, sql, store
from games.models import Seat


def state_frames(table_id: int, users, *, seq: int | None = None) -> list[tuple[int, str]]:
    """The state frames (seq, JSON text) of ``users`` at a table: at ``seq`` or later
    when given (a committed change), else at the database's current seq."""
    present = presence.present_users_cached(table_id)
    if seq is not None:
        with cache.lock_for(table_id):
            st = cache.peek(table_id)
            if st is not None and st.seq >= seq:
                return render.frames(st, users, present)
    st = store.acquire(table_id)
    try:
        return render.frames(st, users, present)
    finally:
        cache.checkin(st)


def presence_frames(table_ids) -> dict[int, str]:
    """The presence notice of each table (who is here, whose seat is left since when):
    two queries for all of them."""
    away: dict[int, dict[str, str]] = {table_id: {} for table_id in table_ids}
    rows = Seat.objects.filter(table_id__in=list(away), user__isnull=False, left_at__isnull=False)
    for table_id, seat, left in rows.values_list("table_id", "seat", "left_at"):
        away[table_id][seat] = _when(left)
    present = presence.present_users_many(list(away))
    return {table_id: render.presence_frame(present[table_id], away[table_id]) for table_id in away}


async def presence_frames_on_loop(table_ids) -> dict[int, str]:
    """``presence_frames`` on the event loop's own connection (PostgreSQL): one
    statement for all the tables, no database thread (when every socket of a server
    comes back at once, the notices are read while the loop lets the sockets in)."""
    present, away = await read_presence_on_loop(table_ids)
    return {table_id: render.presence_frame(present[table_id], away[table_id]) for table_id in away}


async def read_presence_on_loop(table_ids) -> tuple[dict[int, set[int]], dict[int, dict]]:
    """Each table's present members (cached, as ``presence.present_users_many`` does)
    and its left seats (seat -> since when), in one statement on the event loop's own
    connection (PostgreSQL)."""
    table_ids = list(table_ids)
    away: dict[int, dict[str, str]] = {table_id: {} for table_id in table_ids}
    present: dict[int, set[int]] = {table_id: set() for table_id in table_ids}
    if not table_ids:
        return present, away
    generations = {table_id: presence.generation(table_id) for table_id in table_ids}
    cutoff = timezone.now() - presence.PRESENCE_TIMEOUT
    rows = await loopdb.fetch_rows(sql.presence_notice_statement(), [table_ids, cutoff, table_ids])
    for table_id, user_id, seat, left in rows:
        if seat is None:
            present[table_id].add(user_id)
        else:
            away[table_id][seat] = _when(left)
    for table_id in table_ids:
        presence.remember(table_id, present[table_id], generations[table_id])
    return present, away


def _when(left: datetime) -> str:
    """When a seat was left, as the notices show it (ISO 8601, UTC)."""
    return left.astimezone(UTC).isoformat()
