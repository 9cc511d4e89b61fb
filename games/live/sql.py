"""The statements of live play, built from the models' metadata (names, columns, types).

Both executors run these: ``games.live.writers`` through Django's connection and
``games.live.loopdb`` on the event loop's own connections. On PostgreSQL a move is
**one statement** (data-modifying CTEs: one round trip, one transaction): it bumps the
table from ``seq`` to ``seq + 1`` under the row's lock, if the table is still playing at
that seq, and only then logs the action, records the hand's result, and writes the
next hand's row (or ends the table). Elsewhere (SQLite) the same parts run as separate
statements in one transaction (``move_steps``).

A table's snapshot (``snapshot_statement``) is likewise one statement on PostgreSQL,
so the table row, its seats, its hands and its log are read at one instant.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.contrib.sessions.models import Session
from django.db import connections

from club.models import User
from games.live.moves import Move
from games.live.tablestate import FINISHED, PLAYING
from games.models import Action, ChatMessage, GameHand, Presence, Seat, Table


@dataclass(frozen=True)
class _Cols:
    """A model's table name and its fields' column names: ``cols.seq`` -> ``"seq"``."""

    model: type

    @property
    def table(self) -> str:
        return self.model._meta.db_table

    def __getattr__(self, name: str) -> str:
        # ``table_``: the field named ``table`` (``table`` itself is the table's name).
        return self.model._meta.get_field(name.rstrip("_")).column


@functools.cache
def _models():
    return (_Cols(Table), _Cols(Action), _Cols(GameHand), _Cols(Seat), _Cols(User), _Cols(Presence))


def _cast(model, name: str) -> str:
    """``::type`` for a parameter bound to a field (PostgreSQL, server-side binding
    needs the types of parameters in a SELECT list)."""
    field = model._meta.get_field(name.rstrip("_"))
    target = field.target_field if field.is_relation else field
    return "::" + target.cast_db_type(connections["default"])


def _no_cast(model, name: str) -> str:
    return ""


@dataclass(frozen=True)
class Statement:
    sql: str
    params: list
    returns_id: bool = False  # returns the id of the row it inserts


# A move's statements differ only by its shape: whether it ends the game, ends the
# hand, deals the next one. Their text is built once per shape (``functools.cache``)
# and each move binds its values.
def _bump_sql(ends_game: bool, cast) -> str:
    t = _models()[0]
    sets = [f"{t.seq} = {t.seq} + 1", f"{t.wake_at} = %s{cast(t.model, 'wake_at')}"]
    if ends_game:
        sets += [
            f"{t.status} = %s{cast(t.model, 'status')}",
            f"{t.finished_at} = %s{cast(t.model, 'finished_at')}",
        ]
    return (
        f"UPDATE {t.table} SET {', '.join(sets)} WHERE {t.id} = %s{cast(t.model, 'id')} "
        f"AND {t.seq} = %s{cast(t.model, 'seq')} AND {t.status} = %s{cast(t.model, 'status')}"
    )


def _bump_params(move: Move) -> list:
    params: list = [move.wake_at]
    if move.ends_game:
        params += [FINISHED, move.at]
    return params + [move.table_id, move.seq, PLAYING]


_LOG = ["hand", "seq", "seat", "action", "by_bot", "user", "created_at"]


def _log_values(move: Move) -> list:
    return [move.hand_id, move.seq + 1, move.seat, move.action, move.by_bot, move.user_id, move.at]


def _finish_hand_sql(cast) -> str:
    h = _models()[2]
    return (
        f"UPDATE {h.table} SET {h.result} = %s{cast(h.model, 'result')}, "
        f"{h.finished_at} = %s{cast(h.model, 'finished_at')} "
        f"WHERE {h.id} = %s{cast(h.model, 'id')}"
    )


def _finish_hand_params(move: Move, json) -> list:
    return [json(move.result), move.at, move.hand_id]


_NEXT_HAND = ["table_", "number", "dealer", "seed", "board", "created_at"]


def _next_hand_values(move: Move) -> list:
    row = move.next_hand
    return [move.table_id, row.number, row.dealer, row.seed, row.board, move.at]


@functools.cache
def _move_sql(ends_game: bool, ends_hand: bool, deals: bool) -> str:
    t, a, h = _models()[:3]
    log_cols = ", ".join(getattr(a, n) for n in _LOG)
    log_vals = ", ".join(f"{t.seq}" if n == "seq" else f"%s{_cast(a.model, n)}" for n in _LOG)
    parts = [
        f"WITH bumped AS ({_bump_sql(ends_game, _cast)} RETURNING {t.seq})",
        f"logged AS (INSERT INTO {a.table} ({log_cols}) SELECT {log_vals} FROM bumped)",
    ]
    if ends_hand:
        parts.append(f"finished AS ({_finish_hand_sql(_cast)} AND EXISTS (SELECT 1 FROM bumped))")
    sql = ",\n".join(parts)
    if deals:
        cols = ", ".join(getattr(h, n) for n in _NEXT_HAND)
        vals = ", ".join(f"%s{_cast(h.model, n)}" for n in _NEXT_HAND)
        sql += f"\nINSERT INTO {h.table} ({cols}) SELECT {vals} FROM bumped RETURNING {h.id}"
    else:
        sql += f"\nSELECT {t.seq} FROM bumped"
    return sql


def move_statement(move: Move, json) -> Statement:
    """The whole move as one PostgreSQL statement. It returns one row if it wrote
    (the next hand's id when it deals one, else the new seq), none if the table was
    not playing at ``move.seq``. ``json``: the driver's JSON adapter for the result."""
    deals = move.next_hand is not None
    params = _bump_params(move) + [v for n, v in zip(_LOG, _log_values(move)) if n != "seq"]
    if move.ends_hand:
        params += _finish_hand_params(move, json)
    if deals:
        params += _next_hand_values(move)
    return Statement(_move_sql(move.ends_game, move.ends_hand, deals), params)


@functools.cache
def _step_sql() -> tuple[str, str, str]:
    """The steps' texts that do not depend on the shape: log, finish, next hand."""
    a, h = _models()[1], _models()[2]
    return (
        f"INSERT INTO {a.table} ({', '.join(getattr(a, n) for n in _LOG)}) "
        f"VALUES ({', '.join(['%s'] * len(_LOG))})",
        _finish_hand_sql(_no_cast),
        f"INSERT INTO {h.table} ({', '.join(getattr(h, n) for n in _NEXT_HAND)}) "
        f"VALUES ({', '.join(['%s'] * len(_NEXT_HAND))}) RETURNING {h.id}",
    )


@functools.cache
def _bump_step_sql(ends_game: bool) -> str:
    return _bump_sql(ends_game, _no_cast)


def move_steps(move: Move, json) -> list[Statement]:
    """The move as separate statements, for one transaction (any database): the bump
    first (no row updated: the table moved on, write nothing more)."""
    log, finish, next_hand = _step_sql()
    steps = [
        Statement(_bump_step_sql(move.ends_game), _bump_params(move)),
        Statement(log, _log_values(move)),
    ]
    if move.ends_hand:
        steps.append(Statement(finish, _finish_hand_params(move, json)))
    if move.next_hand is not None:
        steps.append(Statement(next_hand, _next_hand_values(move), returns_id=True))
    return steps


# ---------------------------------------------------------------- snapshot
TABLE_FIELDS = (
    "id",
    "seq",
    "status",
    "name",
    "kind",
    "variant",
    "options",
    "visibility",
    "host",
    "seed",
    "first_dealer",
    "absence_grace_seconds",
    "bot_delay_ms",
    "review_seconds",
    "started_at",
    "wake_at",
    "rematch",
    "bot_level",
    "board_seed",
)
SEAT_FIELDS = ("seat", "user", "is_bot", "left_at", "accepted")
USER_FIELDS = ("display_name", "first_name", "last_name", "email")
HAND_FIELDS = ("id", "number", "dealer", "seed", "result", "finished_at", "board")
ACTION_FIELDS = ("seq", "seat", "action", "created_at", "by_bot")


@functools.cache
def snapshot_statement() -> str:
    """One PostgreSQL statement reading a table at one instant. Parameters: from_hand,
    from_hand, after_seq, table id. Columns: ``TABLE_FIELDS``, then the seats (JSON:
    ``SEAT_FIELDS`` + ``USER_FIELDS`` each), the hands numbered from_hand and up (JSON:
    ``HAND_FIELDS``), the log after after_seq (JSON: hand number + ``ACTION_FIELDS``)."""
    t, a, h, s, u, _ = _models()
    seat_cols = [f"s.{getattr(s, n)}" for n in SEAT_FIELDS] + [
        f"u.{getattr(u, n)}" for n in USER_FIELDS
    ]
    hand_cols = [f"h.{getattr(h, n)}" for n in HAND_FIELDS]
    action_cols = [f"h.{h.number}"] + [f"a.{getattr(a, n)}" for n in ACTION_FIELDS]
    return f"""
SELECT {", ".join(f"t.{getattr(t, n)}" for n in TABLE_FIELDS)},
  (SELECT json_agg(json_build_array({", ".join(seat_cols)}) ORDER BY s.{s.position})
     FROM {s.table} s LEFT JOIN {u.table} u ON u.{u.id} = s.{s.user}
    WHERE s.{s.table_} = t.{t.id}),
  (SELECT json_agg(json_build_array({", ".join(hand_cols)}) ORDER BY h.{h.number})
     FROM {h.table} h WHERE h.{h.table_} = t.{t.id} AND h.{h.number} >= %s),
  (SELECT json_agg(json_build_array({", ".join(action_cols)}) ORDER BY a.{a.seq})
     FROM {a.table} a JOIN {h.table} h ON h.{h.id} = a.{a.hand}
    WHERE h.{h.table_} = t.{t.id} AND h.{h.number} >= %s AND a.{a.seq} > %s)
FROM {t.table} t WHERE t.{t.id} = %s""".strip()


@functools.cache
def heartbeat_statements() -> tuple[str, str]:
    """PostgreSQL: refresh the heartbeats of a batch of sockets (parameters: now, the
    channel names as an array), then the tables not seen for a while (now, the table
    ids as an array, the cutoff). Arrays, not IN lists: a thousand parameters cost
    more to bind than the update itself."""
    t, p = _models()[0], _models()[5]
    return (
        f"UPDATE {p.table} SET {p.seen_at} = %s WHERE {p.channel_name} = ANY(%s::varchar[])",
        f"UPDATE {t.table} SET {t.last_human_seen_at} = %s WHERE {t.id} = ANY(%s::bigint[]) "
        f"AND ({t.last_human_seen_at} IS NULL OR {t.last_human_seen_at} < %s)",
    )


# ---------------------------------------------------------------- chat
@functools.cache
def chat_statement() -> str:
    """PostgreSQL: post a chat message, if the table's chat is open, in the author's
    channel (``players`` when seated, else ``spectators``). Parameters: table id,
    table id, author id, author id, name, text, phrase, now, table id. Returns (id,
    channel, seat, the seated members' ids) or no row (no table, or the chat is closed)."""
    t, s = _models()[0], _models()[3]
    c = _Cols(ChatMessage)
    return f"""
WITH open_table AS (SELECT {t.id} FROM {t.table} WHERE {t.id} = %s AND {t.chat}),
  author AS (SELECT {s.seat} FROM {s.table} WHERE {s.table_} = %s AND {s.user} = %s),
  posted AS (
    INSERT INTO {c.table} ({c.table_}, {c.channel}, {c.user}, {c.name}, {c.seat}, {c.text},
                           {c.phrase}, {c.created_at})
    SELECT open_table.{t.id},
           CASE WHEN EXISTS (SELECT 1 FROM author) THEN 'players' ELSE 'spectators' END,
           %s, %s, COALESCE((SELECT {s.seat} FROM author), ''), %s, %s, %s
      FROM open_table
    RETURNING {c.id}, {c.channel}, {c.seat})
SELECT posted.{c.id}, posted.{c.channel}, posted.{c.seat},
       (SELECT array_agg({s.user}) FROM {s.table}
         WHERE {s.table_} = %s AND {s.user} IS NOT NULL)
  FROM posted""".strip()


# ---------------------------------------------------------------- presence
@functools.cache
def join_statement() -> str:
    """PostgreSQL: a member's socket arrives at a table, in one statement: its presence
    row (upserted by channel name), the table seen, the member's seat no longer left.
    The seats are updated only once the table's row is (they read its ``RETURNING``),
    so the row locks come in the pipeline's order: the table, then its seats.
    Parameters: channel name, table id, user id, now, now, table id, user id, table id,
    user id. Returns one row: whether the member has a seat taken over while away
    (``services.seat_retake`` then gives it back)."""
    t, s, p = _models()[0], _models()[3], _models()[5]
    return f"""
WITH joined AS (
    INSERT INTO {p.table} ({p.channel_name}, {p.table_}, {p.user}, {p.seen_at})
    VALUES (%s, %s, %s, %s)
    ON CONFLICT ({p.channel_name}) DO UPDATE
      SET {p.table_} = EXCLUDED.{p.table_}, {p.user} = EXCLUDED.{p.user},
          {p.seen_at} = EXCLUDED.{p.seen_at}
    RETURNING 1),
  seen AS (
    UPDATE {t.table} SET {t.last_human_seen_at} = %s WHERE {t.id} = %s
    RETURNING {t.id}),
  back AS (
    UPDATE {s.table} SET {s.left_at} = NULL
    WHERE {s.table_} = (SELECT {t.id} FROM seen) AND {s.user} = %s AND {s.left_at} IS NOT NULL
    RETURNING 1)
SELECT EXISTS (SELECT 1 FROM {s.table} WHERE {s.table_} = %s AND {s.away_user} = %s)""".strip()


@functools.cache
def arrival_statement() -> str:
    """PostgreSQL: a member's socket arrives at a table where they are the host or have
    a seat, in one statement: whether they may (the table read with its seq), and only
    if so ``join_statement``'s writes (their presence row, the table seen, their seat no
    longer left), in its lock order: the table's row, then its seats. Parameters: table
    id, user id, user id, channel name, user id, now, now, user id, user id, presence
    cutoff. Returns one row (none when the member is neither host nor seated: nothing
    written): the table's seq, whether the member has a seat taken over while away,
    and the members present before this socket (sockets heard from since the cutoff)."""
    t, s, p = _models()[0], _models()[3], _models()[5]
    return f"""
WITH allowed AS (
    SELECT {t.id} AS id, {t.seq} AS seq FROM {t.table}
    WHERE {t.id} = %s AND ({t.host} = %s OR EXISTS (
      SELECT 1 FROM {s.table} WHERE {s.table_} = {t.table}.{t.id} AND {s.user} = %s))),
  joined AS (
    INSERT INTO {p.table} ({p.channel_name}, {p.table_}, {p.user}, {p.seen_at})
    SELECT %s{_cast(p.model, "channel_name")}, id, %s{_cast(p.model, "user")},
           %s{_cast(p.model, "seen_at")} FROM allowed
    ON CONFLICT ({p.channel_name}) DO UPDATE
      SET {p.table_} = EXCLUDED.{p.table_}, {p.user} = EXCLUDED.{p.user},
          {p.seen_at} = EXCLUDED.{p.seen_at}
    RETURNING 1),
  seen AS (
    UPDATE {t.table} SET {t.last_human_seen_at} = %s WHERE {t.id} = (SELECT id FROM allowed)
    RETURNING {t.id}),
  back AS (
    UPDATE {s.table} SET {s.left_at} = NULL
    WHERE {s.table_} = (SELECT {t.id} FROM seen) AND {s.user} = %s AND {s.left_at} IS NOT NULL
    RETURNING 1)
SELECT a.seq,
  EXISTS (SELECT 1 FROM {s.table} WHERE {s.table_} = a.id AND {s.away_user} = %s),
  ARRAY (SELECT DISTINCT {p.user} FROM {p.table} WHERE {p.table_} = a.id AND {p.seen_at} >= %s)
FROM allowed a""".strip()


@functools.cache
def presence_statement() -> str:
    """The members with a socket at a table, each with when it was last heard from
    (``presence.table_presence``, the runner's every look at a table). Parameter: the
    table id. Rows: user id, latest ``seen_at``."""
    p = _models()[5]
    return (
        f"SELECT {p.user}, MAX({p.seen_at}) FROM {p.table} WHERE {p.table_} = %s GROUP BY {p.user}"
    )


@functools.cache
def presence_notice_statement() -> str:
    """What the presence notices of several tables show, in one statement
    (``frames.presence_frames``'s two queries): the members with a socket at each table
    heard from since a cutoff, and each seat whose member has left it, since when.
    Parameters: the table ids (an array), the cutoff, the table ids again. Rows: table id,
    user id (a present member) or None, seat or None, left at or None."""
    _, _, _, s, _, p = _models()
    return f"""
SELECT DISTINCT {p.table_}, {p.user}, NULL, NULL::timestamptz FROM {p.table}
WHERE {p.table_} = ANY(%s) AND {p.seen_at} >= %s
UNION ALL
SELECT {s.table_}, NULL, {s.seat}, {s.left_at} FROM {s.table}
WHERE {s.table_} = ANY(%s) AND {s.user} IS NOT NULL AND {s.left_at} IS NOT NULL""".strip()


@functools.cache
def session_statement() -> str:
    """A session's data, if it has not expired (``games.live.arrival``: Django's database
    session store reads the same). Parameters: session key, now."""
    meta = Session._meta
    data, key, expires = (
        meta.get_field(name).column for name in ("session_data", "session_key", "expire_date")
    )
    return f"SELECT {data} FROM {meta.db_table} WHERE {key} = %s AND {expires} > %s"
