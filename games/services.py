"""The writers of live tables, each in a transaction (the moves: ``games.live.pipeline``).

Lock, write, then tell on commit: a change locks the table row
(``select_for_update``), checks it, writes, bumps the table's ``seq``, and once
committed this process's sockets are sent the new state and other processes told
(``games.live.hub``): nobody hears of a change before it is committed.
"""

from __future__ import annotations

import secrets

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import User
from games import hooks
from games.engine import EngineError
from games.errors import TableError, no_table_error
from games.kinds import BOT_LEVELS, DEFAULT_BOT_LEVEL, DEFAULT_KIND, UnknownKind, kind_of
from games.live import pipeline, sql, wakeups
from games.live.abandon import tables_close_abandoned  # noqa: F401 (a service here too)
from games.live.hub import hub
from games.live.presence import TABLE_SEEN_RESOLUTION, present_users
from games.live.tablestate import game_of, hand_seed
from games.models import GameHand, Presence, Seat, Table


# ----------------------------------------------------------------- helpers
def _locked(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise no_table_error() from None


def _bump(table: Table, *, fields: tuple[str, ...] = ()) -> None:
    table.seq += 1
    table.save(update_fields=["seq", *fields])
    table_id, seq = table.pk, table.seq
    transaction.on_commit(lambda: hub.changed(table_id, seq))


def _lobby_changed_on_commit() -> None:
    transaction.on_commit(hub.lobby_changed)


def _poke_on_commit(table_id: int) -> None:
    transaction.on_commit(lambda: wakeups.poke(table_id))


def _require_live(table: Table) -> None:
    if not table.is_live:
        raise TableError("table_closed", _("This table is closed."))


# ----------------------------------------------------------------- lifecycle
@transaction.atomic
def table_create(
    *,
    host,
    kind: str = DEFAULT_KIND,
    variant: str | None = None,
    options: dict | None = None,
    name: str = "",
    visibility: str = Table.Visibility.PUBLIC,
    absence_grace_seconds: int = 60,
    bot_delay_ms: int = 1200,
    review_seconds: int = 30,
    seed: int | None = None,
    host_seat: str | None = None,
    first_dealer: str | None = None,
    chat: bool = True,
    bot_level: str = DEFAULT_BOT_LEVEL,
    boards: tuple[str, int] | None = None,
) -> Table:
    """Open a table with the host in a seat (the first one unless ``host_seat``).

    ``kind``: the game (``games.kinds``); ``variant``: one of the kind's rule variants
    (its first by default); ``options``: the kind's options (a 450 table's hold
    ``players``, 3 to 6).

    ``first_dealer``: a seat that deals the first hand (a tournament's seating decides
    it); by default the engine's card draw picks it at the start. ``chat``: whether
    the table chat is open (a tournament's director decides at its tables).
    ``bot_level``: how its bots play (``games.kinds.BOT_LEVELS``).

    ``boards``: (secret seed, first board) of a duplicate round's table: its hands are
    those boards in order (``games.engine.boards``), whatever the table's ``seed``; its
    options end the game after the round's last one."""
    _require_bot_level(bot_level)
    try:
        game = kind_of(kind)
        variant, options, seats = game.settings(variant or game.default_variant, options or {})
    except (EngineError, UnknownKind) as error:
        raise TableError("bad_variant", str(error)) from None
    board_seed, first_board = boards or ("", None)
    if boards is not None and not game.supports_boards(variant, options):
        raise TableError(
            "bad_variant", _("Identical deals (duplicate) are played at four-handed 500 only.")
        )
    table = Table.objects.create(
        host=host,
        kind=game.name,
        variant=variant,
        options=options,
        name=name.strip()[:80],
        visibility=visibility,
        absence_grace_seconds=absence_grace_seconds,
        review_seconds=review_seconds,
        bot_delay_ms=bot_delay_ms,
        chat=chat,
        bot_level=bot_level,
        seed=seed if seed is not None else secrets.randbelow(2**53),
        first_dealer=first_dealer if first_dealer in seats else "",
        board_seed=board_seed,
        first_board=first_board,
    )
    Seat.objects.bulk_create(
        Seat(table=table, seat=name, position=i) for i, name in enumerate(seats)
    )
    if host is not None:
        seat = host_seat or seats[0]
        if seat not in seats:
            raise TableError("bad_seat", _("Unknown seat."))
        Seat.objects.filter(table=table, seat=seat).update(user=host)
    _lobby_changed_on_commit()
    return table


@transaction.atomic
def table_join(*, table_id: int, user, seat: str) -> Table:
    """Take a free seat (one seat per member per table): before the game starts, or
    during the game a seat the host freed (``table_seat_free``)."""
    table = _locked(table_id)
    _require_live(table)
    row = Seat.objects.select_for_update().filter(table=table, seat=seat).first()
    if row is None:
        raise TableError("bad_seat", _("Unknown seat."))
    if table.status != Table.Status.OPEN and not row.is_free:
        raise TableError("started", _("The game has started: you can watch it."))
    if Seat.objects.filter(table=table, user=user).exists():
        raise TableError("already_seated", _("You already have a seat at this table."))
    if not row.is_free:
        raise TableError("seat_taken", _("This seat is taken."))
    row.user = user
    row.away_user = None  # a seat freed during the game: its new player keeps it
    row.left_at = None
    row.save(update_fields=["user", "away_user", "left_at"])
    _bump(table)
    if table.status == Table.Status.PLAYING:
        _poke_on_commit(table.pk)
    _lobby_changed_on_commit()
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
    _lobby_changed_on_commit()
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
    _lobby_changed_on_commit()
    return table


def _require_bot_level(level: str) -> None:
    if level not in BOT_LEVELS:
        raise TableError(
            "bad_bot_level",
            _("Unknown bot level %(level)s: choose Beginner, Club or Strong.")
            % {"level": repr(level)[:40]},
        )


@transaction.atomic
def table_set_bot_level(*, table_id: int, user, level: str) -> Table:
    """The host chooses how the table's bots play: before the game, or during it
    between two hands (in the hand review, no hand in progress). A change of the table
    (its ``seq`` bumped): every process's state catches up before the next bot move."""
    _require_bot_level(level)
    table = _locked(table_id)
    _require_host(table, user)
    _require_live(table)
    if table.status == Table.Status.PLAYING:
        current = GameHand.objects.filter(table=table).order_by("-number").first()
        if current is not None and current.finished_at is None:
            raise TableError(
                "hand_in_progress",
                _("The bots' level can change only between two hands."),
            )
    if table.bot_level != level:
        table.bot_level = level
        _bump(table, fields=("bot_level",))
    return table


@transaction.atomic
def table_fill_with_bots(*, table_id: int, user) -> Table:
    table = _locked(table_id)
    _require_host(table, user)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has started."))
    Seat.objects.filter(table=table, user__isnull=True).update(is_bot=True)
    _bump(table)
    _lobby_changed_on_commit()
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
            user=None, is_bot=True, left_at=None
        )
    row.user = user
    row.is_bot = user is None
    row.left_at = None
    row.away_user = None
    row.save(update_fields=["user", "is_bot", "left_at", "away_user"])
    table.wake_at = timezone.now()
    _bump(table, fields=("wake_at",))
    _poke_on_commit(table.pk)
    return table


@transaction.atomic
def table_set_grace(*, table_id: int, seconds: int) -> Table:
    """Change the grace before a bot plays for an absent member, even during the game
    (an organiser's setting: the caller checks its own permission). A change of the
    table (its ``seq`` bumped): every process's state of it catches up, and the runner
    looks at it again at once."""
    table = _locked(table_id)
    _require_live(table)
    table.absence_grace_seconds = seconds
    table.wake_at = timezone.now()
    _bump(table, fields=("absence_grace_seconds", "wake_at"))
    _poke_on_commit(table.pk)
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
    if Seat.objects.filter(table=table, accepted=False).exists():
        raise TableError("not_accepted", _("Every player must accept the rematch first."))
    game = game_of(table)
    table.first_dealer = game.first_dealer
    table.status = Table.Status.PLAYING
    table.started_at = timezone.now()
    table.last_human_seen_at = table.started_at
    table.wake_at = table.started_at  # due now: any process's runner may pick it up
    GameHand.objects.create(
        table=table,
        number=1,
        dealer=game.dealer,
        seed=hand_seed(table.seed, 1),
        board=table.first_board,  # a duplicate table's first board (None elsewhere)
    )
    _bump(table, fields=("first_dealer", "status", "started_at", "last_human_seen_at", "wake_at"))
    _lobby_changed_on_commit()
    _poke_on_commit(table.pk)
    return table


def member_table_found(*, user) -> None:
    """The member opened the table that was waiting for them (``User.table_ready``)."""
    User.objects.filter(pk=user.pk).update(table_ready=None)
    user.table_ready = None


# ----------------------------------------------------------------- rematch
@transaction.atomic
def table_rematch(*, table_id: int, user) -> Table:
    """A player of a finished game proposes a rematch: a new table with the same seats,
    options and settings, where every member who played is seated again and accepts
    (the proposer and the bots at once). Once a rematch is proposed, this accepts it.
    It starts as soon as every seat has accepted. Returns the rematch's table."""
    table = _locked(table_id)
    if table.status != Table.Status.FINISHED:
        raise TableError("not_finished", _("The game is not over."))
    seats = list(Seat.objects.filter(table=table).order_by("position"))
    if not any(row.user_id == user.pk for row in seats):
        raise TableError("not_seated", _("Only the game's players can ask for a rematch."))
    if table.rematch_id is not None:
        return table_rematch_answer(table_id=table.rematch_id, user=user, accept=True)
    if hooks.watched(table.pk):
        raise TableError("tournament_table", _("A tournament's table has no rematch."))
    new = Table.objects.create(
        host=user,
        kind=table.kind,
        variant=table.variant,
        options=table.options,
        name=table.name,
        visibility=table.visibility,
        absence_grace_seconds=table.absence_grace_seconds,
        bot_delay_ms=table.bot_delay_ms,
        review_seconds=table.review_seconds,
        seed=secrets.randbelow(2**53),
    )
    Seat.objects.bulk_create(
        Seat(
            table=new,
            seat=row.seat,
            position=row.position,
            user_id=row.user_id,
            is_bot=row.is_bot,
            accepted=row.user_id in (None, user.pk),
        )
        for row in seats
    )
    table.rematch = new
    _bump(table, fields=("rematch",))
    _lobby_changed_on_commit()
    if not Seat.objects.filter(table=new, accepted=False).exists():
        table_start(table_id=new.pk)  # the others were bots
    return new


@transaction.atomic
def table_rematch_answer(*, table_id: int, user, accept: bool) -> Table:
    """A member seated at a rematch accepts it (it starts once every seat has), or
    declines it (the seat is freed)."""
    table = _locked(table_id)
    if table.status != Table.Status.OPEN:
        raise TableError("started", _("The game has already started."))
    row = Seat.objects.select_for_update().filter(table=table, user=user).first()
    if row is None:
        raise TableError("not_seated", _("You have no seat at this table."))
    if accept:
        row.accepted = True
    else:
        row.user, row.accepted = None, True
    row.save(update_fields=["user", "accepted"])
    _bump(table)
    _lobby_changed_on_commit()
    seats = Seat.objects.filter(table=table)
    if accept and not seats.filter(Q(accepted=False) | Q(user__isnull=True, is_bot=False)).exists():
        table_start(table_id=table.pk)
    return table


# ----------------------------------------------------------------- playing
def hand_apply_action(*, table_id: int, user, action: str, expected_seq: int) -> None:
    """A member's intent, in the database thread: accepted (logged, seq bumped) or
    refused with a TableError, nothing changed.

    Refused when the intent was made on a stale state (``expected_seq``; "next deal"
    may come from any state of the same hand review: ``games.live.moves.seen_enough``),
    when it is not the member's turn, or when the engine finds it illegal. The decision and the
    write are the pipeline's (``games.live.pipeline``); the write succeeds only if the
    table is still at ``expected_seq``: two intents racing for one turn, exactly one
    is logged."""
    pipeline.play_in_thread(table_id=table_id, user=user, action=action, seq=expected_seq)


def table_drive(*, table_id: int, now=None) -> float | None:
    """Let a bot play the seat to act when it is due (a bot's seat, or an absent
    member's past the grace period). Returns in how many seconds to look again (None:
    a present member is to act, or the game is not in play); the table's ``wake_at``
    says so to every process. A bot of a searching level thinks here, in the caller's
    thread (the runner has it think in its pool of search processes instead)."""
    return pipeline.drive(table_id, now=now)


# ----------------------------------------------------------------- presence
def presence_join(*, table_id: int, user, channel_name: str) -> None:
    """A member's socket arrived at the table: its presence row, the table seen, the
    member's seat no longer left, or taken back from its stand-in. When every socket of
    a server reconnects at once, each join counts: on PostgreSQL it is one statement
    (``sql.join_statement``), so one round trip and a transaction of its own."""
    now = timezone.now()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            params = [channel_name, table_id, user.pk, now, now, table_id, user.pk]
            cursor.execute(sql.join_statement(), [*params, table_id, user.pk])
            away = cursor.fetchone()[0]
    else:
        with transaction.atomic():
            away = _presence_join_steps(table_id, user, channel_name, now)
    if away:
        seat_retake(table_id=table_id, user=user)
    transaction.on_commit(lambda: hub.presence_changed(table_id, joined=user.pk))


def _presence_join_steps(table_id: int, user, channel_name: str, now) -> bool:
    """``presence_join`` in separate statements (SQLite), in the caller's transaction:
    whether the member has a seat taken over while away."""
    Presence.objects.bulk_create(
        [Presence(channel_name=channel_name, table_id=table_id, user=user, seen_at=now)],
        update_conflicts=True,
        unique_fields=["channel_name"],
        update_fields=["table", "user", "seen_at"],
    )
    Table.objects.filter(pk=table_id).update(last_human_seen_at=now)
    Seat.objects.filter(table_id=table_id, user=user, left_at__isnull=False).update(left_at=None)
    return Seat.objects.filter(table_id=table_id, away_user=user).exists()


def presence_heartbeat_many(beats: dict[str, int]) -> None:
    """Record a batch of heartbeats ({channel name: table id}) in two statements.

    Each statement is its own transaction, and the second touches only the tables
    whose ``last_human_seen_at`` is older than ``TABLE_SEEN_RESOLUTION``: an UPDATE
    holds its rows' locks until it commits, and every move appends under its table's
    row lock: one transaction updating every table of a batch would hold their moves
    back."""
    now = timezone.now()
    stale = now - TABLE_SEEN_RESOLUTION
    if connection.vendor == "postgresql":
        # The names and ids go as two array parameters (``sql.heartbeat_statements``).
        seen, tables_seen = sql.heartbeat_statements()
        with connection.cursor() as cursor:
            cursor.execute(seen, [now, list(beats)])
            cursor.execute(tables_seen, [now, sorted(set(beats.values())), stale])
        return
    Presence.objects.filter(channel_name__in=list(beats)).update(seen_at=now)
    Table.objects.filter(
        Q(last_human_seen_at__lt=stale) | Q(last_human_seen_at__isnull=True),
        pk__in=set(beats.values()),
    ).update(last_human_seen_at=now)


@transaction.atomic
def presence_leave(*, table_id: int, channel_name: str) -> None:
    """A socket closed. When it was the member's last one at the table, their seat
    records when they left: a bot takes it over once the grace period has run from
    then (``games.live.moves.bot_due_in``)."""
    row = Presence.objects.filter(channel_name=channel_name).first()
    if row is None:
        return
    row.delete()
    if not Presence.objects.filter(table_id=table_id, user_id=row.user_id).exists():
        Seat.objects.filter(table_id=table_id, user_id=row.user_id).update(left_at=timezone.now())
    transaction.on_commit(lambda: hub.presence_changed(table_id))
    _poke_on_commit(table_id)


# ----------------------------------------------------------------- seats during the game
def _seat_for_change(table: Table, by, seat: str) -> Seat:
    """The seat the host (or a director) changes during the game, locked."""
    _require_host(table, by)
    if table.status != Table.Status.PLAYING:
        raise TableError("not_playing", _("The game is not in progress."))
    row = Seat.objects.select_for_update().filter(table=table, seat=seat).first()
    if row is None:
        raise TableError("bad_seat", _("Unknown seat."))
    if row.user_id is not None and row.user_id in present_users(table.pk):
        raise TableError(
            "player_present",
            _(
                "This player is at the table: only an absent player's seat "
                "can be given to a bot or freed."
            ),
        )
    return row


def _seat_changed(table: Table) -> None:
    """The table's state changed: a new seq (frames to everyone once committed), and
    the runner looks at the table (a bot may be due)."""
    table.wake_at = timezone.now()
    _bump(table, fields=("wake_at",))
    _poke_on_commit(table.pk)


@transaction.atomic
def seat_give_to_bot(*, table_id: int, by, seat: str) -> Table:
    """The host (a director at a tournament's table) seats a bot for the rest of the
    game in an absent player's seat (or a free one). The player retakes the seat as
    soon as they come back (``seat_retake``)."""
    table = _locked(table_id)
    row = _seat_for_change(table, by, seat)
    if row.is_bot:
        raise TableError("seat_is_bot", _("A bot already plays this seat."))
    if row.user_id is not None:
        row.away_user_id = row.user_id
    row.user, row.is_bot, row.left_at = None, True, None
    row.save(update_fields=["user", "away_user", "is_bot", "left_at"])
    _seat_changed(table)
    return table


@transaction.atomic
def seat_free(*, table_id: int, by, seat: str) -> Table:
    """The host (a director at a tournament's table) frees an absent player's seat (or
    a bot's) during the game: another member may take it (``table_join``); until
    then the seat is played like an absent player's. Its last player retakes it if
    they come back before anyone sits there."""
    table = _locked(table_id)
    row = _seat_for_change(table, by, seat)
    if row.is_free:
        raise TableError("seat_free", _("This seat is already free."))
    if row.user_id is not None:
        row.away_user_id = row.user_id
    row.user, row.is_bot, row.left_at = None, False, None
    row.save(update_fields=["user", "away_user", "is_bot", "left_at"])
    _seat_changed(table)
    _lobby_changed_on_commit()
    return table


@transaction.atomic
def seat_retake(*, table_id: int, user) -> bool:
    """A player whose seat was given to a bot or freed comes back: they retake it at
    once (False: it was not theirs to retake)."""
    table = _locked(table_id)
    row = Seat.objects.select_for_update().filter(table=table, away_user=user).first()
    if row is None or table.status != Table.Status.PLAYING or row.user_id is not None:
        return False
    if Seat.objects.filter(table=table, user=user).exists():
        return False  # seated elsewhere at this table meanwhile
    row.user, row.is_bot, row.away_user, row.left_at = user, False, None, None
    row.save(update_fields=["user", "is_bot", "away_user", "left_at"])
    _seat_changed(table)
    return True
