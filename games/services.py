"""The only writers of live tables. Every function runs in a transaction.

Lock, write, then broadcast on commit: a change locks the table row
(``select_for_update``), checks it, writes (the action log is append-only), bumps the
table's ``seq`` and sends a tiny ``table.updated`` event through
``transaction.on_commit``: nobody hears of a change before it is committed.
"""

from __future__ import annotations

import random
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import broadcast, hooks, state
from games.presence import PRESENCE_TIMEOUT, present_users_cached
from games.engine import EngineError, get_variant
from games.engine.bots import choose_action
from games.errors import TableError, engine_message
from games.models import Action, GameHand, Presence, Seat, Table



# ----------------------------------------------------------------- helpers
def _locked(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise TableError("no_table", _("This table does not exist.")) from None


def _bump(table: Table, *, fields: tuple[str, ...] = ()) -> None:
    table.seq += 1
    table.save(update_fields=["seq", *fields])
    broadcast.table_updated_on_commit(table.pk, table.seq)


def _require_live(table: Table) -> None:
    if not table.is_live:
        raise TableError("table_closed", _("This table is closed."))


# ----------------------------------------------------------------- lifecycle
@transaction.atomic
def table_create(*, host, variant: str = "quebec", options: dict | None = None,
                 name: str = "", visibility: str = Table.Visibility.PUBLIC,
                 absence_grace_seconds: int = 60, bot_delay_ms: int = 1200,
                 seed: int | None = None, host_seat: str | None = None,
                 first_dealer: str | None = None) -> Table:
    """Open a table with the host in a seat (the first one unless ``host_seat``).

    ``first_dealer``: a seat that deals the first hand (a tournament's seating decides
    it); by default the engine's card draw picks it at the start."""
    try:
        v = get_variant(variant, options or {})
    except EngineError as error:
        raise TableError("bad_variant", str(error)) from None
    table = Table.objects.create(
        host=host, variant=v.name, options=dict(v.overrides), name=name.strip()[:80],
        visibility=visibility, absence_grace_seconds=absence_grace_seconds,
        bot_delay_ms=bot_delay_ms,
        seed=seed if seed is not None else secrets.randbelow(2**53),
        first_dealer=first_dealer if first_dealer in v.seats else "",
    )
    Seat.objects.bulk_create(
        Seat(table=table, seat=name, position=i) for i, name in enumerate(v.seats))
    if host is not None:
        seat = host_seat or v.seats[0]
        if seat not in v.seats:
            raise TableError("bad_seat", _("Unknown seat."))
        Seat.objects.filter(table=table, seat=seat).update(user=host)
    broadcast.lobby_changed_on_commit()
    return table


@transaction.atomic
def table_join(*, table_id: int, user, seat: str) -> Table:
    """Take a free seat (one seat per member per table), before the game starts."""
    table = _locked(table_id)
    _require_live(table)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has started: you can watch it."))
    row = Seat.objects.select_for_update().filter(table=table, seat=seat).first()
    if row is None:
        raise TableError("bad_seat", _("Unknown seat."))
    if Seat.objects.filter(table=table, user=user).exists():
        raise TableError("already_seated", _("You already have a seat at this table."))
    if not row.is_free:
        raise TableError("seat_taken", _("This seat is taken."))
    row.user = user
    row.save(update_fields=["user"])
    _bump(table)
    broadcast.lobby_changed_on_commit()
    return table


@transaction.atomic
def table_leave(*, table_id: int, user) -> Table:
    """Leave one's seat before the game starts (the seat becomes free)."""
    table = _locked(table_id)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has started: your seat is kept for you."))
    updated = Seat.objects.filter(table=table, user=user).update(user=None)
    if not updated:
        raise TableError("not_seated", _("You have no seat at this table."))
    _bump(table)
    broadcast.lobby_changed_on_commit()
    return table


def _require_host(table: Table, user) -> None:
    if table.host_id != user.pk and not user.has_perm("club.run_tables"):
        raise TableError("not_host", _("Only the host can do that."))


@transaction.atomic
def table_set_bot(*, table_id: int, user, seat: str, bot: bool) -> Table:
    """The host puts a bot in an empty seat, or removes it."""
    table = _locked(table_id)
    _require_host(table, user)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has started."))
    row = Seat.objects.select_for_update().filter(table=table, seat=seat).first()
    if row is None:
        raise TableError("bad_seat", _("Unknown seat."))
    if row.user_id is not None:
        raise TableError("seat_taken", _("This seat is taken."))
    row.is_bot = bot
    row.save(update_fields=["is_bot"])
    _bump(table)
    broadcast.lobby_changed_on_commit()
    return table


@transaction.atomic
def table_fill_with_bots(*, table_id: int, user) -> Table:
    table = _locked(table_id)
    _require_host(table, user)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has started."))
    Seat.objects.filter(table=table, user__isnull=True).update(is_bot=True)
    _bump(table)
    broadcast.lobby_changed_on_commit()
    return table


@transaction.atomic
def table_seat_assign(*, table_id: int, seat: str, user=None) -> Table:
    """Put a member (or, with ``user=None``, a bot) in a seat, even during the game.

    For organisers (a tournament's seating, a director's substitution), not for
    players: no host check here; the caller checks its own permission. The member
    leaves any other seat of this table.
    """
    table = _locked(table_id)
    _require_live(table)
    row = Seat.objects.select_for_update().filter(table=table, seat=seat).first()
    if row is None:
        raise TableError("bad_seat", _("Unknown seat."))
    if user is not None:
        Seat.objects.filter(table=table, user=user).exclude(pk=row.pk).update(
            user=None, is_bot=True)
    row.user = user
    row.is_bot = user is None
    row.save(update_fields=["user", "is_bot"])
    state.forget(table.pk)
    table.wake_at = timezone.now()
    _bump(table, fields=("wake_at",))
    broadcast.poke_runner_on_commit(table.pk)
    return table


@transaction.atomic
def table_start(*, table_id: int, user=None) -> Table:
    """Start the game: every seat taken (member or bot); draw the first dealer; deal."""
    table = _locked(table_id)
    if user is not None:
        _require_host(table, user)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has already started."))
    if Seat.objects.filter(table=table, user__isnull=True, is_bot=False).exists():
        raise TableError("seats_free", _("Every seat needs a player or a bot."))
    game = state.new_game(table)
    table.first_dealer = game.first_dealer
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    table.last_human_seen_at = table.started_at
    table.wake_at = table.started_at  # due now: any process's runner may pick it up
    GameHand.objects.create(table=table, number=1, dealer=game.dealer,
                            seed=state.hand_seed(table.seed, 1))
    state.forget(table.pk)
    _bump(table, fields=("first_dealer", "status", "started_at", "last_human_seen_at",
                         "wake_at"))
    broadcast.lobby_changed_on_commit()
    broadcast.poke_runner_on_commit(table.pk)
    return table


# ----------------------------------------------------------------- playing
def hand_apply_action(*, table_id: int, user, action: str, expected_seq: int) -> None:
    """A member's intent: accepted (logged, seq bumped) or refused with a TableError.

    Refused when the intent was made on a stale state (``expected_seq``), when it is
    not the member's turn, or when the engine finds it illegal: nothing changes.

    The engine judges the intent on this process's cached state at ``expected_seq``
    (loaded when not cached); the log is then appended under the table's row lock by
    a write that succeeds only if the table is still at ``expected_seq`` (see
    ``_append_action``). Two intents racing for one turn: exactly one is logged.
    """
    with state.lock_for(table_id):
        st = state.peek(table_id)
        if st is None or st.seq != expected_seq:
            table = _current(table_id)
            if table.seq != expected_seq:
                raise _stale()
            st = state.load(table)
        if st.table.status != Table.Status.PLAYING:
            raise TableError("not_playing", _("The game is not in progress."))
        seat = st.seat_of(user.pk)
        if seat is None:
            raise TableError("not_seated", _("You are watching this table: you have no cards."))
        _apply(st, seat=seat, action=action, user=user, by_bot=False)


def _current(table_id: int) -> Table:
    try:
        return Table.objects.get(pk=table_id)
    except Table.DoesNotExist:
        raise TableError("no_table", _("This table does not exist.")) from None


def _stale() -> TableError:
    return TableError("stale", _("The table moved on: your screen is refreshed."))


def _apply(st: state.TableState, *, seat: str, action: str, user, by_bot: bool) -> None:
    """Apply one action to a table's state and log it (the caller holds the table's
    ``state.lock_for``).

    The engine checks the action first: an illegal one changes nothing. The log write
    then succeeds only if the table row is still at the state's seq; if it does not
    (another process moved the table on), the cached state is dropped and the intent
    is refused as stale.
    """
    hand = st.hand
    if hand is None:
        raise TableError("no_hand", _("No hand is being played."))
    if hand.to_act != seat:
        raise TableError("not_your_turn", _("It is not your turn."))
    try:
        hand.apply_as(seat, action)
    except EngineError as error:
        raise TableError(getattr(error, "code", "illegal"), engine_message(error)) from None
    _log_played(st, hand, seat=seat, action=action, user=user, by_bot=by_bot)


def log_played_hand_end(st: state.TableState, hand, *, seat: str, action: str, user) -> None:
    """Log a member's action that the engine has already applied to ``st`` (taken out
    of the cache by ``games.fastpath``) and that ended the hand: the result, the next
    deal and the log in one transaction; the state goes back to the cache. A
    TableError (``stale``) if the table moved on meanwhile: nothing is written."""
    with state.lock_for(st.table.pk):
        _log_played(st, hand, seat=seat, action=action, user=user, by_bot=False)


def _log_played(st: state.TableState, hand, *, seat: str, action: str, user, by_bot: bool) -> None:
    """Log an action the engine has applied to ``st`` (under its ``state.lock_for``)."""
    table = st.table
    try:
        # When to look at the table next (any process's runner: ``wake_at``; this
        # one's: the poke). A bot or an absent member is due now; a present member
        # gets the presence timeout, after which an unanswered turn is checked again
        # by the runner's sweep of due tables.
        due_in = due_in_seconds(st)
        now = timezone.now()
        wake_at = now + timedelta(seconds=due_in)
        row = st.hand_row
        entry = dict(table_id=table.pk, seq=table.seq, hand_id=row.pk, seat=seat,
                     action=action, by_bot=by_bot, user_id=None if by_bot else user.pk,
                     now=now, wake_at=wake_at)
        if hand.is_done:
            with transaction.atomic():
                if not _append_action(**entry):
                    raise _stale()
                _finish_hand(st, hand, row, now)
                due_in = due_in_seconds(st)  # the next hand's first turn
                wake_at = now + timedelta(seconds=due_in)
                Table.objects.filter(pk=table.pk).update(wake_at=wake_at)
        elif not _append_action(**entry):
            raise _stale()
    except Exception:
        state.forget(table.pk)
        raise
    table.seq += 1
    table.wake_at = wake_at
    state.remember(st)
    broadcast.table_updated_on_commit(table.pk, table.seq)
    if due_in == 0:
        broadcast.poke_runner_on_commit(table.pk)


def _finish_hand(st: state.TableState, hand, row: GameHand, now: datetime) -> None:
    """Record a finished hand's result; deal the next one, or end the game."""
    table = st.table
    row.result = hand.result().to_dict()
    row.finished_at = now
    row.save(update_fields=["result", "finished_at"])
    hooks.hand_finished(table.pk, row)
    if st.game.is_over:
        table.status = Table.Status.FINISHED
        table.finished_at = now
        table.save(update_fields=["status", "finished_at"])
        broadcast.lobby_changed_on_commit()
    else:
        new_row = deal_next(st, now)
        new_row.save()
        st.hand_rows.append(new_row)


def deal_next(st: state.TableState, now: datetime) -> GameHand:
    """Deal the next hand into ``st``'s game; returns its row, not saved yet (the
    caller writes it with the action that ended the hand before)."""
    number = st.hand_row.number + 1
    row = GameHand(table=st.table, number=number, dealer=st.game.dealer,
                   seed=state.hand_seed(st.table.seed, number), created_at=now)
    st.game.next_hand(row.seed)
    return row


# Bump the table from seq to seq + 1 under its row lock, and log the action at the new
# seq; nothing is written when the table is no longer playing at that seq.
_BUMPED = """
WITH bumped AS (
    UPDATE games_table SET seq = seq + 1, wake_at = %s::timestamptz
    WHERE id = %s::bigint AND seq = %s::integer AND status = 'playing'
    RETURNING seq)"""
_LOG_FROM_BUMPED = """
INSERT INTO games_action (hand_id, seq, seat, action, by_bot, user_id, created_at)
SELECT %s::bigint, seq, %s::varchar, %s::varchar, %s::boolean, %s::bigint, %s::timestamptz
FROM bumped"""
APPEND_SQL = _BUMPED + _LOG_FROM_BUMPED
# The move that ends a hand at a table no hook watches, with the next hand's deal
# (``games.fastpath``): the same bump and log, the hand's result, and the next hand's
# row, in one statement (so one transaction and one round trip). The next hand's row
# is written only if the bump was; its id comes back (no row: the table moved on).
APPEND_HAND_END_SQL = _BUMPED + """,
logged AS (""" + _LOG_FROM_BUMPED + """),
finished AS (
    UPDATE games_gamehand SET result = %s::jsonb, finished_at = %s::timestamptz
    WHERE id = %s::bigint AND EXISTS (SELECT 1 FROM bumped))
INSERT INTO games_gamehand (table_id, number, dealer, seed, result, created_at, finished_at)
SELECT %s::bigint, %s::integer, %s::varchar, %s::bigint, NULL, %s::timestamptz, NULL
FROM bumped
RETURNING id
"""
_BUMP = ("UPDATE games_table SET seq = seq + 1, wake_at = %s "
         "WHERE id = %s AND seq = %s AND status = 'playing'")
_INSERT = ("INSERT INTO games_action (hand_id, seq, seat, action, by_bot, user_id, created_at) "
           "VALUES (%s, %s, %s, %s, %s, %s, %s)")


def _append_action(*, table_id: int, seq: int, hand_id: int, seat: str, action: str,
                   by_bot: bool, user_id: int | None, now: datetime, wake_at: datetime,
                   single_statement: bool | None = None) -> bool:
    """Bump the table from ``seq`` to ``seq + 1`` and log the action at ``seq + 1``, if
    the table is still playing at ``seq``; False (nothing written) otherwise.

    The bump takes the table's row lock, and the log is written under it, in one
    transaction: on PostgreSQL one statement (a data-modifying CTE: one round trip),
    elsewhere two in a transaction. The log's unique (hand, seq) is the last guard.
    """
    ops = connection.ops
    at, wake = ops.adapt_datetimefield_value(now), ops.adapt_datetimefield_value(wake_at)
    if single_statement is None:
        single_statement = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if single_statement:
            cursor.execute(APPEND_SQL, [wake, table_id, seq, hand_id, seat, action, by_bot,
                                        user_id, at])
            return cursor.rowcount == 1
        with transaction.atomic(savepoint=False):
            cursor.execute(_BUMP, [wake, table_id, seq])
            if cursor.rowcount != 1:
                return False
            cursor.execute(_INSERT, [hand_id, seq + 1, seat, action, by_bot, user_id, at])
            return True


def due_in_seconds(st: state.TableState, present: set[int] | None = None) -> float:
    """When the runner should look at the table next: now for a bot's or an absent
    member's turn; after the presence timeout for a present member's.
    ``present``: the present set when the caller has it (else read, cached)."""
    hand = st.hand
    if hand is None or hand.to_act is None:
        return 0.0
    info = st.seat_info(hand.to_act)
    if present is None:
        present = present_users_cached(st.table.pk)
    if info.is_bot or info.user_id not in present:
        return 0.0
    return PRESENCE_TIMEOUT.total_seconds()


# ----------------------------------------------------------------- presence & bots
def seat_is_present(table_id: int, user_id: int | None, *, now=None) -> bool:
    if user_id is None:
        return False
    now = now or timezone.now()
    return Presence.objects.filter(table_id=table_id, user_id=user_id,
                                   seen_at__gte=now - PRESENCE_TIMEOUT).exists()


def _absent_since(table: Table, user_id: int) -> datetime:
    last_seen = (Presence.objects.filter(table=table, user_id=user_id)
                 .order_by("-seen_at").values_list("seen_at", flat=True).first())
    last_action = (Action.objects.filter(hand__table=table).order_by("-seq")
                   .values_list("created_at", flat=True).first())
    candidates = [t for t in (last_seen, last_action, table.started_at) if t is not None]
    return max(candidates)


@transaction.atomic
def table_drive(*, table_id: int, now=None) -> float | None:
    """Drive the table (see ``_drive``) and record in ``wake_at`` when it is next due."""
    now = now or timezone.now()
    wait = _drive(table_id=table_id, now=now)
    wake_at = None if wait is None else now + timedelta(seconds=wait)
    Table.objects.filter(pk=table_id).update(wake_at=wake_at)
    return wait


def _drive(*, table_id: int, now) -> float | None:
    """Let a bot play the seat to act, when it is a bot's or an absent player's turn.

    Returns in how many seconds to look at this table again (None: nothing to wait
    for: a present human is to act, or the game is over). Safe to call from several
    processes at once: the row lock and the seq make exactly one move count.
    """
    table = Table.objects.select_for_update().filter(pk=table_id).first()
    if table is None or table.status != Table.Status.PLAYING:
        return None
    with state.lock_for(table.pk):
        st = state.load(table)
        hand = st.hand
        if hand is None or hand.to_act is None:
            return None
        seat = hand.to_act
        info = st.seat_info(seat)
        last_action = (Action.objects.filter(hand__table=table).order_by("-seq")
                       .values_list("created_at", flat=True).first()) or table.started_at
        if not info.is_bot:
            if seat_is_present(table.pk, info.user_id, now=now):
                return None
            takeover_at = _absent_since(table, info.user_id) + timedelta(
                seconds=table.absence_grace_seconds)
            if now < takeover_at:
                return (takeover_at - now).total_seconds()
        due = last_action + timedelta(milliseconds=table.bot_delay_ms)
        if now < due:
            return (due - now).total_seconds()
        rng = random.Random(f"{table.seed}:{table.seq}")
        action = choose_action(hand, seat, rng)
        _apply(st, seat=seat, action=action, user=None, by_bot=True)
    return table.bot_delay_ms / 1000


@transaction.atomic
def presence_join(*, table_id: int, user, channel_name: str) -> None:
    now = timezone.now()
    try:
        Presence.objects.update_or_create(channel_name=channel_name,
                                          defaults={"table_id": table_id, "user": user,
                                                    "seen_at": now})
    except IntegrityError:
        return
    Table.objects.filter(pk=table_id).update(last_human_seen_at=now)
    broadcast.presence_changed_on_commit(table_id)


# ``Table.last_human_seen_at`` serves coarse decisions (closing abandoned tables after
# half an hour, the runner's sweep after a restart): heartbeats refresh it at most
# this often per table.
TABLE_SEEN_RESOLUTION = timedelta(seconds=60)


def presence_heartbeat_many(beats: dict[str, int]) -> None:
    """Record a batch of heartbeats ({channel name: table id}) in two statements.

    Each statement is its own transaction, and the second touches only the tables
    whose ``last_human_seen_at`` is older than ``TABLE_SEEN_RESOLUTION``: an UPDATE
    holds its rows' locks until it commits, and every move appends under its table's
    row lock. (One transaction updating all the tables of a 5 s batch, 1,000 at the
    load test, held back a move in ten: docs/performance.md, session 3.)"""
    now = timezone.now()
    stale = now - TABLE_SEEN_RESOLUTION
    if connection.vendor == "postgresql":
        # The names and ids go as two array parameters: with an IN list of a thousand
        # parameters, building the statement cost 10 ms of CPU per batch in the
        # database thread, against the event loop (docs/performance.md, session 5).
        with connection.cursor() as cursor:
            cursor.execute(_SEEN_SQL, [now, list(beats)])
            cursor.execute(_TABLES_SEEN_SQL, [now, sorted(set(beats.values())), stale])
        return
    Presence.objects.filter(channel_name__in=list(beats)).update(seen_at=now)
    Table.objects.filter(
        Q(last_human_seen_at__lt=stale) | Q(last_human_seen_at__isnull=True),
        pk__in=set(beats.values()),
    ).update(last_human_seen_at=now)


_SEEN_SQL = "UPDATE games_presence SET seen_at = %s WHERE channel_name = ANY(%s::varchar[])"
_TABLES_SEEN_SQL = ("UPDATE games_table SET last_human_seen_at = %s WHERE id = ANY(%s::bigint[]) "
                    "AND (last_human_seen_at IS NULL OR last_human_seen_at < %s)")


@transaction.atomic
def presence_leave(*, table_id: int, channel_name: str) -> None:
    Presence.objects.filter(channel_name=channel_name).delete()
    broadcast.presence_changed_on_commit(table_id)
    broadcast.poke_runner_on_commit(table_id)


@transaction.atomic
def tables_close_abandoned(*, now=None) -> list[int]:
    """Close live tables no member has looked at for GAMES_ABANDON_SECONDS (hands kept)."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.GAMES_ABANDON_SECONDS)
    stale = list(
        Table.objects.select_for_update(skip_locked=True)
        .filter(status__in=[Table.Status.OPEN, Table.Status.PLAYING])
        .filter(Q(last_human_seen_at__lt=cutoff)
                | Q(last_human_seen_at__isnull=True, created_at__lt=cutoff))
    )
    closed = []
    for table in stale:
        if Presence.objects.filter(table=table, seen_at__gte=now - PRESENCE_TIMEOUT).exists():
            continue
        table.status = Table.Status.CLOSED
        _bump(table, fields=("status",))
        closed.append(table.pk)
    if closed:
        broadcast.lobby_changed_on_commit()
    return closed
