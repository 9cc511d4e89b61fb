"""Who may watch a tournament's online tables, and the tables in play to watch.

The director chooses per tournament (``Tournament.spectators``): nobody, the club's
members (the default) or everyone, visitors who are not logged in included. A player of
a round whose own table still plays may not watch another table of that round (they
could carry what they saw back to their own); once their table has finished, they may.
The games app asks through ``games.hooks.on_watch`` (``page_hooks.table_watch``); the
host, the seated and the members who run tables are let in before it asks.
"""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from games.hooks import Watch
from games.models import Table
from tournaments.models import Round, RoundStatus, Spectators, Tournament
from tournaments.models_results import GameStatus, PlayMode, TableGame

#: A live table still in play (its players may not watch the round's other tables).
LIVE = (Table.Status.OPEN, Table.Status.PLAYING)


def closed_reason() -> str:
    return _("The director has not opened this tournament's tables to spectators.")


def login_reason() -> str:
    return _("Log in to watch the tables of this tournament.")


def playing_reason() -> str:
    return _(
        "You are playing in this round: you may watch the other tables once yours has finished."
    )


def plays_in_round(rnd: Round, user, *, besides: int | None = None) -> bool:
    """Whether ``user`` sits (or sat, before a bot took the seat) at a table of ``rnd``
    that still plays (``besides``: a game left out, the one watched)."""
    seated = Q(live_table__seats__user=user) | Q(live_table__seats__away_user=user)
    games = TableGame.objects.filter(
        seated, round=rnd, status=GameStatus.PLAYING, live_table__status__in=LIVE
    )
    if besides is not None:
        games = games.exclude(pk=besides)
    return games.exists()


def _verdict(tournament: Tournament, rnd: Round, user, *, besides: int | None = None) -> Watch:
    member = user is not None and user.is_authenticated
    if member and user.is_director:
        return Watch(True)
    if tournament.spectators == Spectators.NOBODY:
        return Watch(False, closed_reason())
    if not member:
        if tournament.spectators == Spectators.EVERYONE:
            return Watch(True)
        return Watch(False, login_reason())
    if plays_in_round(rnd, user, besides=besides):
        return Watch(False, playing_reason())
    return Watch(True)


def watch_verdict(table_id: int, user) -> Watch | None:
    """May ``user`` (who neither hosts nor sits at it) watch this live table, and if not
    why; None when the table is no tournament's."""
    game = (
        TableGame.objects.filter(live_table_id=table_id).select_related("round__tournament").first()
    )
    if game is None:
        return None
    verdict = _verdict(game.round.tournament, game.round, user, besides=game.pk)
    if verdict.allowed:
        return verdict
    return verdict._replace(
        back=reverse("tournaments:detail", args=[game.round.tournament_id]),
        back_label=_("Back to the tournament"),
    )


def tables_to_watch(tournament: Tournament, user) -> dict:
    """The online tables of the rounds in play, for the tournament's page: each with its
    number, players and link (``mine``: the viewer sits there); ``verdict``: whether the
    viewer may watch the others, else why. The same queries whatever the number of tables."""
    games = list(
        TableGame.objects.filter(
            round__tournament=tournament,
            round__status=RoundStatus.PLAYING,
            mode=PlayMode.ONLINE,
            live_table__status__in=LIVE,
        )
        .select_related("round", "live_table")
        .prefetch_related("live_table__seats__user")
        .order_by("round__number", "table")
    )
    if not games:
        return {"tables": [], "verdict": None}
    member = user is not None and user.is_authenticated
    rows = []
    for game in games:
        seats = sorted(game.live_table.seats.all(), key=lambda seat: seat.position)
        rows.append(
            {
                "round": game.round.number,
                "table": game.table,
                "players": [seat.user.public_name for seat in seats if seat.user is not None],
                "url": reverse("games:table", args=[game.live_table_id]),
                "mine": member and any(seat.user_id == user.pk for seat in seats),
            }
        )
    verdict = _verdict(tournament, games[-1].round, user)
    return {"tables": rows, "verdict": verdict}
