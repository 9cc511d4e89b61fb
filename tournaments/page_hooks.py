"""What the tournaments app adds to other apps' pages, read here for their views
(registered in ``TournamentsConfig.ready``): the home page's upcoming tournaments, a
member's tournaments with their results, a tournament's live table's "call the
director" button."""

from __future__ import annotations

from tournaments import selectors, selectors_results


def home_page(request) -> dict:
    return {"upcoming_tournaments": selectors.upcoming(request.user, limit=3)}


def member_page(request, *, member) -> dict:
    return {"member_entries": selectors_results.member_tournaments(member)}


def table_page(request, table) -> dict:
    return {"tournament_table": selectors_results.live_table_call(table.pk, request.user)}
