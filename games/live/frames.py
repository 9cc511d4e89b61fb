"""Frames for a table's viewers, rendered in the database thread (may query).

``state_frames`` renders the cached state in place, under its lock, when it is at the
wanted seq; otherwise it owns the state for a moment, caught up with the database
(``games.live.store``), renders it, and puts it back.
"""

from __future__ import annotations

from games.live import cache, presence, render, store


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


def presence_frame(table_id: int) -> str:
    from games.models import Seat

    away = {seat: left.isoformat() for seat, left in Seat.objects.filter(
        table_id=table_id, user__isnull=False, left_at__isnull=False).values_list("seat", "left_at")}
    return render.presence_frame(presence.present_users(table_id), away)
