"""Frames for a table's viewers, rendered in the database thread (may query).

``state_frames`` renders the cached state in place, under its lock, when it is at the
wanted seq; otherwise it owns the state for a moment, caught up with the database
(``games.live.store``), renders it, and puts it back.
"""

from __future__ import annotations

from games.live import cache, presence, render, store
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
        away[table_id][seat] = left.isoformat()
    present = presence.present_users_many(list(away))
    return {table_id: render.presence_frame(present[table_id], away[table_id]) for table_id in away}
