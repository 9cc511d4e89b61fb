"""Read a table's state from the database: one consistent snapshot, applied as a catch-up.

``acquire`` (database thread) hands its caller an **owned** state at the database's
current seq: the cached one when it is current, else the cached one caught up with
what the database has after it (``games.live.catchup``), else one built from the whole
log. The caller checks it back in (``games.live.cache.checkin``) or drops it.

A snapshot is read at one instant: on PostgreSQL one statement
(``games.live.sql.snapshot_statement``, shared with the event loop's reads in
``games.live.loopdb``); elsewhere a few queries in one transaction (SQLite's
transactions see one snapshot). A state is therefore never built from a table row of
one moment and a log of another (a move committed between two reads).
"""

from __future__ import annotations

import json
from datetime import datetime

from django.db import connection, transaction

from club.models import User
from games import hooks
from games.live import cache
from games.live.catchup import CatchUpError, LoggedAction, Snapshot, catch_up, request_for
from games.live.sql import (
    ACTION_FIELDS,
    HAND_FIELDS,
    SEAT_FIELDS,
    TABLE_FIELDS,
    USER_FIELDS,
    snapshot_statement,
)
from games.live.tablestate import HandRow, SeatInfo, TableInfo, TableState
from games.models import Action, GameHand, Seat, Table


class NoTable(Exception):
    """The table does not exist."""


class Stale(Exception):
    """The table is not at the seq the caller expected (its state is cached back)."""


def acquire(table_id: int, *, seq: int | None = None) -> TableState:
    """An owned state of the table at the database's seq (at ``seq``, when given:
    else Stale, the state checked back in)."""
    st = cache.checkout(table_id)
    if st is not None and seq is not None and st.seq > seq:
        cache.checkin(st)
        raise Stale(table_id)  # the database is at least as far as the cache
    if st is None or st.seq != seq:
        st = _advanced(table_id, st)
    if seq is not None and st.seq != seq:
        cache.checkin(st)
        raise Stale(table_id)
    return st


def _advanced(table_id: int, st: TableState | None) -> TableState:
    """``st`` (None: nothing) caught up with the database, or rebuilt when it cannot be."""
    if st is not None:
        try:
            return catch_up(st, read_snapshot(table_id, *request_for(st)))
        except CatchUpError:
            pass  # dropped: rebuilt below
    snap = read_snapshot(table_id, *request_for(None))
    return catch_up(None, snap, watched=hooks.watched(table_id))


def read_snapshot(table_id: int, after_seq: int, from_hand: int) -> Snapshot:
    """What the database holds of a table, at one instant (NoTable if none)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(snapshot_statement(), [from_hand, from_hand, after_seq, table_id])
            row = cursor.fetchone()
        if row is None:
            raise NoTable(table_id)
        return parse_snapshot(row, after_seq, from_hand)
    with transaction.atomic():
        return _read_with_queries(table_id, after_seq, from_hand)


def parse_snapshot(row, after_seq: int, from_hand: int) -> Snapshot:
    """A snapshot from a row of ``snapshot_statement`` (either executor's driver)."""
    n = len(TABLE_FIELDS)
    table = TableInfo(**dict(zip(_TABLE_ATTRS, row[:n])))
    if isinstance(table.options, str):  # Django's connection leaves JSON to the field
        table.options = json.loads(table.options)
    seats, hands, actions = (_json(part) for part in row[n : n + 3])
    k = len(SEAT_FIELDS)
    return Snapshot(
        table=table,
        seats=[_seat(*values[:k], _public_name(*values[k:])) for values in seats],
        hands=[
            HandRow(
                id=i,
                number=number,
                dealer=dealer,
                seed=seed,
                result=result,
                finished_at=_when(finished),
                board=board,
            )
            for i, number, dealer, seed, result, finished, board in hands
        ],
        actions=[
            LoggedAction(
                hand_number=number,
                seq=seq,
                seat=seat,
                action=action,
                at=_when(at),
                by_bot=bool(by_bot),
            )
            for number, seq, seat, action, at, by_bot in actions
        ],
        after_seq=after_seq,
        from_hand=from_hand,
    )


# TableInfo's attributes, in TABLE_FIELDS order.
_TABLE_ATTRS = tuple(name + "_id" if name in ("host", "rematch") else name for name in TABLE_FIELDS)


def _json(value) -> list:
    if value is None:
        return []
    return json.loads(value) if isinstance(value, str) else value


def _when(value) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value)


def _seat(
    seat: str, user_id: int | None, is_bot: bool, left_at, accepted: bool, name: str
) -> SeatInfo:
    return SeatInfo(
        seat=seat,
        user_id=user_id,
        name=name if user_id else "",
        is_bot=is_bot,
        left_at=_when(left_at),
        accepted=bool(accepted),
    )


def _public_name(*values) -> str:
    if values[-1] is None:  # no member in the seat
        return ""
    return User.public_name_of(*values)


def _read_with_queries(table_id: int, after_seq: int, from_hand: int) -> Snapshot:
    row = Table.objects.filter(pk=table_id).values_list(*TABLE_FIELDS).first()
    if row is None:
        raise NoTable(table_id)
    seats = list(
        Seat.objects.filter(table_id=table_id)
        .order_by("position")
        .values_list(*SEAT_FIELDS, *(f"user__{name}" for name in USER_FIELDS))
    )
    hands = list(
        GameHand.objects.filter(table_id=table_id, number__gte=from_hand)
        .order_by("number")
        .values_list(*HAND_FIELDS)
    )
    actions = list(
        Action.objects.filter(
            hand__table_id=table_id, hand__number__gte=from_hand, seq__gt=after_seq
        )
        .order_by("seq")
        .values_list("hand__number", *ACTION_FIELDS)
    )
    return parse_snapshot((*row, seats, hands, actions), after_seq, from_hand)
