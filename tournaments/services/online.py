"""Online rounds: one live table per table of the draw; finished hands feed the results.

``online_round_publish`` (when an online round is published, or switched to online
after publication) creates an invite-only live table per table of the draw, the players
in their draw seats and bots for guests without an account. Its variant, options and
first dealer are the game's (the tournament part's ``live_game``): at 500 the
tournament's variant and options (``end=hands``, its hands per game), the first deal
at seat N (a duplicate round: every table deals the round's boards in order, the first
board's dealer first, ``games.engine.boards``); at 450 a table of the draw's size (3
to 6), seat 2 dealing first as on the secretary's sheet. ``online_round_start`` (when
the director presses *Play has started*) seats the players again from the final draw
and starts the tables. The grace before a bot plays for an absent player is the
tournament's results setting.

``live_hand_finished`` is registered with ``games.hooks`` in ``TournamentsConfig.ready``:
each finished hand of a tournament table becomes a confirmed row of its sheet (online,
the engine's score needs no sign-off), written by the game's tournament part
(``live_hand_finished``): a hand row at 500, a line of the secretary's sheet at 450. A
hand where a bot played for a seated member (``bot_played_for_a_member``) is marked
``by_bot`` and the game gets the flag "bot".
"""

from __future__ import annotations

import functools

from django.db import connection, transaction

from club.models import User
from games.models import Action, Table
from games.models import Seat as LiveSeat
from games.services import table_create, table_seat_assign, table_start
from tournaments.kinds.registry import tournament_kind
from tournaments.models import (
    GameStatus,
    PlayMode,
    Position,
    Round,
    Seat,
    TableGame,
)
from tournaments.selectors_tables import (
    results_settings,
    table_people,
)
from tournaments.services.notices import notify_table_ready


def _tables(rnd: Round) -> list[int]:
    return sorted(
        set(
            Seat.objects.filter(round=rnd)
            .exclude(position=Position.BYE)
            .values_list("table", flat=True)
        )
    )


def _seat_players(rnd: Round, game: TableGame) -> None:
    people = table_people(rnd, game.table)
    users = User.objects.in_bulk([p.user_id for p in people.values() if p.user_id])
    LiveSeat.objects.filter(table_id=game.live_table_id).update(user=None, is_bot=False)
    for letter in tournament_kind(rnd.tournament).live_seats(people):
        p = people.get(letter)
        table_seat_assign(
            table_id=game.live_table_id,
            seat=letter,
            user=users.get(p.user_id) if p and p.user_id else None,
        )


def _boards(rnd: Round) -> tuple[str, int] | None:
    """A duplicate round's boards for its live tables: (secret seed, first board)."""
    if not rnd.board_seed:
        return None
    return rnd.board_seed, rnd.board_numbers[0]


@transaction.atomic
def online_round_publish(rnd: Round, *, by=None) -> list[TableGame]:
    tournament = rnd.tournament
    settings = results_settings(tournament)
    grace = settings.absence_grace_seconds
    out = []
    for number in _tables(rnd):
        game, _created = TableGame.objects.get_or_create(
            round=rnd, table=number, defaults={"mode": PlayMode.ONLINE}
        )
        if game.mode != PlayMode.ONLINE:
            game.mode = PlayMode.ONLINE
            game.save(update_fields=["mode"])
        if game.live_table_id is None:
            variant, options, first_dealer = tournament_kind(tournament).live_game(rnd, number)
            live = table_create(
                host=None,
                kind=tournament.game,
                variant=variant,
                options=options,
                name=f"{tournament.name} — {rnd.number}/{number}"[:80],
                visibility=Table.Visibility.INVITE,
                absence_grace_seconds=grace,
                first_dealer=first_dealer,
                chat=settings.table_chat,
                bot_level=tournament.bot_level,
                boards=_boards(rnd),
            )
            game.live_table = live
            game.save(update_fields=["live_table"])
        _seat_players(rnd, game)
        out.append(game)
    return out


@transaction.atomic
def online_round_start(rnd: Round) -> None:
    games = online_round_publish(rnd)
    for game in games:
        if Table.objects.filter(pk=game.live_table_id, status=Table.Status.OPEN).exists():
            table_start(table_id=game.live_table_id)
    _tell_players_their_table_is_ready(rnd, games)


def _tell_players_their_table_is_ready(rnd: Round, games: list[TableGame]) -> None:
    """Every seated member: a banner on every page of the site (``User.table_ready``)
    and the notice "your table is ready" with the link to their table."""
    seated = dict(
        LiveSeat.objects.filter(
            table_id__in=[g.live_table_id for g in games], user__isnull=False
        ).values_list("user_id", "table_id")
    )
    for user_id, table_id in seated.items():
        User.objects.filter(pk=user_id).update(table_ready=table_id)
    notify_table_ready(rnd, seated)


def plays_online(table_id: int) -> bool:
    """games.hooks ``watches``: whether a live table is a tournament's."""
    with connection.cursor() as cursor:
        cursor.execute(plays_online_sql(), [table_id])
        return cursor.fetchone() is not None


@functools.cache
def plays_online_sql() -> str:
    """``plays_online`` as one statement (games.hooks ``watches_sql``): a row when a
    tournament's game plays at the live table ``%s``. Asked of every table whose state
    is built: no ORM query to compile each time."""
    quote = connection.ops.quote_name
    column = TableGame._meta.get_field("live_table").column
    return f"SELECT 1 FROM {quote(TableGame._meta.db_table)} WHERE {quote(column)} = %s LIMIT 1"


def live_hand_finished(table_id: int, hand_row) -> None:
    """games.hooks callback: a hand of a tournament's live table is done."""
    # Most live tables are not a tournament's: find out with the cheapest query there
    # is (no join, no ordering, no lock) before locking the game, whose query costs
    # more to compile than the rest of a hand's end.
    if not plays_online(table_id):
        return
    game = (
        TableGame.objects.select_for_update()
        .select_related("round__tournament")
        .filter(live_table_id=table_id)
        .first()
    )
    if game is None or game.status == GameStatus.ADJUSTED:
        return
    tournament_kind(game.round.tournament).live_hand_finished(game, hand_row, table_id=table_id)


def bot_played_for_a_member(hand_row, *, table_id: int, timed=()) -> bool:
    """Whether a bot played a move of this hand for a seated member (an absent one).
    ``timed``: actions the table's clock plays for a member who is there (the 450
    dealer's face-up cards, hidden after 20 s), not a bot's."""
    humans = list(
        LiveSeat.objects.filter(table_id=table_id, user__isnull=False).values_list(
            "seat", flat=True
        )
    )
    return (
        Action.objects.filter(hand=hand_row, by_bot=True, seat__in=humans)
        .exclude(action__in=timed)
        .exists()
    )
