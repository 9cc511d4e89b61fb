"""What the tournaments app adds to other apps' pages, read here for their views
(registered in ``TournamentsConfig.ready``): the home page's upcoming tournaments, a
member's tournaments with their results, a tournament's live table's "call the
director" button and who may watch it; and what stands against merging two members'
accounts."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import Table
from tournaments import selectors, selectors_boards, selectors_results, selectors_watch
from tournaments.models import ACTIVE_ENTRY, Entry
from tournaments.models_results import TableGame


def home_page(request) -> dict:
    return {"upcoming_tournaments": selectors.upcoming(request.user, limit=3)}


def member_page(request, *, member) -> dict:
    return {"member_entries": selectors_results.member_tournaments(member)}


def _table_label(game: TableGame) -> str:
    return _("%(tournament)s, round %(round)s, table %(table)s") % {
        "tournament": game.round.tournament.name,
        "round": game.round.number,
        "table": game.table,
    }


def table_page(request, table) -> dict:
    """A tournament's live table names its tournament, round and table (with a link to
    the tournament) for every viewer; its players (and the directors) get the "call the
    director" panel: a spectator calls nobody."""
    game = (
        TableGame.objects.filter(live_table_id=table.pk).select_related("round__tournament").first()
    )
    if game is None:
        return {}
    context = {
        "table_caption": {
            "label": _table_label(game),
            "url": reverse("tournaments:detail", args=[game.round.tournament_id]),
        }
    }
    user = request.user
    if not user.is_authenticated:
        return context
    seated = table.seats.filter(Q(user=user) | Q(away_user=user)).exists()
    if seated or user.is_director:
        context["tournament_table"] = selectors_results.live_table_call(table.pk, user)
    return context


def table_watch(table, user):
    """games.hooks ``on_watch``: who may watch a tournament's live table (None: the
    table is no tournament's)."""
    return selectors_watch.watch_verdict(table.pk, user)


def table_hold(table_ids, user):
    """games.hooks ``on_hold``: a duplicate round's boards held back from ``user``."""
    return selectors_boards.boards_held(table_ids, user)


def table_ready(request, *, table_id) -> dict:
    """The banner of a member whose online round started: the tournament, the round and
    the table by name; nothing once that table no longer plays (the round ended)."""
    game = (
        TableGame.objects.filter(
            live_table_id=table_id, live_table__status__in=(Table.Status.OPEN, Table.Status.PLAYING)
        )
        .select_related("round__tournament")
        .first()
    )
    if game is None:
        return {}
    return {
        "table_ready": {"url": reverse("games:table", args=[table_id]), "label": _table_label(game)}
    }


def merge_check(duplicate, into) -> list[str]:
    """Two accounts registered for the same tournament cannot become one player."""

    def tournaments_of(member):
        return set(
            Entry.objects.filter(
                Q(player=member) | Q(partner=member), status__in=ACTIVE_ENTRY
            ).values_list("tournament__name", flat=True)
        )

    both = sorted(tournaments_of(duplicate) & tournaments_of(into))
    return [
        _("Both accounts are registered for %(name)s: withdraw one of them first.") % {"name": n}
        for n in both
    ]
