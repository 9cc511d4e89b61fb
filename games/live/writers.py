"""The database thread's executor: write a decided move through Django's connection.

One transaction: the statements of ``games.live.sql`` (one on PostgreSQL), then, when
the move ends a hand at a table another app watches, that app's callbacks
(``games.hooks``), so that what they write commits or rolls back with the move. The
event loop's executor (``games.live.loopdb``) writes the same statement; a move whose
hand's end has callbacks is always written here.
"""

from __future__ import annotations

import json
from datetime import datetime

from django.db import connection, transaction

try:  # PostgreSQL's JSON adapter (psycopg is installed with the site)
    from psycopg.types.json import Jsonb
except ImportError:  # pragma: no cover
    Jsonb = None

from games import hooks
from games.live import sql
from games.live.moves import Move
from games.models import GameHand


class MovedOn(Exception):
    """The table was no longer playing at the move's seq: nothing was written."""


def write(move: Move, *, single_statement: bool | None = None) -> int | None:
    """Write ``move`` in one transaction; returns the next hand's id (None when it
    deals none). Raises MovedOn (nothing written). ``single_statement``: the one
    statement (PostgreSQL's form, the default there) or the separate steps."""
    with transaction.atomic():
        next_hand_id = _execute(move, single_statement)
        if move.hooks:
            hooks.hand_finished(move.table_id, _finished_row(move))
    return next_hand_id


def _execute(move: Move, single_statement: bool | None) -> int | None:
    if single_statement is None:
        single_statement = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if single_statement:
            statement = sql.move_statement(move, Jsonb)
            cursor.execute(statement.sql, statement.params)
            row = cursor.fetchone()
            if row is None:
                raise MovedOn(move.table_id)
            return row[0] if move.next_hand is not None else None
        adapt = Jsonb if connection.vendor == "postgresql" else json.dumps
        bump, *rest = sql.move_steps(move, adapt)
        cursor.execute(bump.sql, _params(bump))
        if cursor.rowcount != 1:
            raise MovedOn(move.table_id)
        next_hand_id = None
        for step in rest:
            cursor.execute(step.sql, _params(step))
            if step.returns_id:
                next_hand_id = cursor.fetchone()[0]
        return next_hand_id


def _params(step: sql.Statement) -> list:
    """A statement's values as the ORM would store them: SQLite keeps a datetime as
    text, and its own adapter would write it with its offset ("+00:00"), which then
    compares wrongly with the ORM's form (``wake_at <= now`` false at the same instant)."""
    adapt = connection.ops.adapt_datetimefield_value
    return [adapt(value) if isinstance(value, datetime) else value for value in step.params]


def _finished_row(move: Move) -> GameHand:
    """The finished hand's row, as the callbacks are given it (saved, up to date)."""
    return GameHand.objects.get(pk=move.hand_id)
