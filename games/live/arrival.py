"""A member's table socket arriving, on the event loop (PostgreSQL).

When a process restarts, every socket it served comes back within seconds, and each
one must learn who its member is, whether they may watch, record their presence and
get a first state. Through Django's ORM in a database thread that is seven queries
and about 2 ms of CPU a socket, under the GIL the event loop needs too. Here it is
three statements on the loop's own connections (``loopdb``):

1. the session's row (unexpired), decoded by Django's session store;
2. the member's row: Django's own SQL and converters for
   ``User._default_manager.get(pk=...)``, checked as ``auth.get_user`` checks it
   (``club.socket_auth``);
3. ``sql.arrival_statement``: whether they are the table's host or have a seat there,
   and only then their presence, the table seen and their seat no longer left, with
   the table's seq and who else is present;

then the first state from this process's cache (``loopdb.acquire``: no statement when
the cached state is at that seq).

Only that common case is taken. ``arrive`` answers None, before writing anything,
for everything else (no session or no member in it, a stale session hash, another
authentication backend, a spectator, a table that is gone): the consumer's hop in a
database thread then decides as it always has (``games.consumers``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from club import socket_auth
from games.live import frames, loopdb, presence, render, sql
from games.live.presence import PRESENCE_TIMEOUT
from games.live.store import Stale

__all__ = ["Arrival", "arrive", "first_state"]


@dataclass(frozen=True)
class Arrival:
    """A member let in (host or seated), their presence recorded."""

    user: object
    seq: int  # the table's, as the arrival statement read it
    away: bool  # their seat was taken over while they were away (to retake)
    present: frozenset[int]  # the members present, this one included


async def arrive(scope, table_id: int, channel_name: str) -> Arrival | None:
    """The member of ``scope`` arriving at the table, on the loop; None (nothing
    written) when Django's own reading in a database thread must decide."""
    key = socket_auth.loop_session_key(scope)
    if key is None:
        return None
    now = timezone.now()
    rows = await loopdb.fetch_rows(sql.session_statement(), [key, now])
    if not rows:
        return None
    user_id = socket_auth.session_member_id(scope, rows[0][0])
    if user_id is None:
        return None
    user = await _member(user_id)
    if user is None or not socket_auth.accept_member(scope, user):
        return None
    read_at = presence.generation(table_id)
    params = [table_id, user.pk, user.pk, channel_name, user.pk, now, now, user.pk, user.pk]
    rows = await loopdb.fetch_rows(sql.arrival_statement(), [*params, now - PRESENCE_TIMEOUT])
    if not rows:
        return None
    seq, away, others = rows[0]
    present = frozenset({*others, user.pk})
    presence.remember(table_id, set(present), read_at)
    return Arrival(user=user, seq=seq, away=away, present=present)


async def first_state(table_id: int, arrival: Arrival) -> tuple[int, str]:
    """The member's first state frame (seq, text): the table at ``arrival.seq`` or
    later, rendered on the loop from the cached state when its lock is free, else in a
    thread beside Channels' database thread, once the lock's holder lets it go."""
    try:
        st = await loopdb.acquire(table_id, arrival.seq)
    except Stale:  # moved on since the arrival: the state as it is now
        st = await loopdb.acquire(table_id)
    if st is None:  # busy in a database thread (the runner's sweep): wait for it beside
        return (await loopdb.beside(frames.state_frames)(table_id, [arrival.user]))[0]
    try:
        return render.frames(st, [arrival.user], set(arrival.present))[0]
    finally:
        await loopdb.release(table_id, st)


@functools.cache
def _member_query():
    """The compiled ``User._default_manager.filter(pk=...)``: its SQL, the attribute
    names of its columns, and the compiler with its converters (what a queryset applies
    to each row: JSON text parsed, and so on)."""
    user_model = get_user_model()
    query = user_model._default_manager.filter(pk=0).query
    compiler = query.get_compiler(connection=connections[DEFAULT_DB_ALIAS])
    statement, _ = compiler.as_sql()
    columns = [column[0] for column in compiler.select[: compiler.col_count]]
    names = [column.target.attname for column in columns]
    return user_model, statement, names, compiler, compiler.get_converters(columns)


async def _member(user_id):
    user_model, statement, names, compiler, converters = _member_query()
    rows = await loopdb.fetch_rows(statement, [user_id], json_as_text=True)
    if not rows:
        return None
    if converters:
        rows = compiler.apply_converters(rows, converters)
    return user_model.from_db(DEFAULT_DB_ALIAS, names, list(next(iter(rows))))
