"""A duplicate tournament's results pages (issue #30): a board's page, a member's
boards one by one, the results file (``club500-duplicate/1``), a round's boards as
``python -m games.engine deal`` prints them; the director's adjusted
score of a board is a console action (``views.console.board_adjust``). Thin:
``selectors_duplicate`` reads."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import render

from tournaments import selectors_duplicate as sd
from tournaments.errors import TournamentError
from tournaments.selectors_boards import boards_file, held_reason
from tournaments.views.common import get_tournament, public_or_login


def _duplicate(request, pk: int):
    tournament = get_tournament(request, pk)
    if not tournament.duplicate:
        raise Http404
    return tournament


@public_or_login
def board(request, pk: int, number: int):
    """A board: every table's result sorted, with matchpoints; its cards once every
    table has played it (the page says so while it waits)."""
    tournament = _duplicate(request, pk)
    page = sd.board_page(tournament, number)
    if page is None:
        raise Http404
    status = 403 if page["held"] else 200
    context = {"tournament": tournament, **page, "held_reason": held_reason()}
    return render(request, "tournaments/results/board.html", context, status=status)


@login_required
def my_boards(request, pk: int):
    """The viewer's boards, one sentence each, and their line of the standings."""
    tournament = _duplicate(request, pk)
    entry = sd.member_entry(tournament, request.user)
    context = {"tournament": tournament, "entry": entry}
    if entry is not None:
        context.update(sd.member_boards(tournament, entry))
    return render(request, "tournaments/results/my_boards.html", context)


@login_required
def results_file(request, pk: int):
    """The results file as the scorer reads it (``python -m tournaments.duplicate
    score``): the boards the standings count."""
    tournament = _duplicate(request, pk)
    data = sd.duplicate_results_cached(tournament).data
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="duplicate-{tournament.pk}.json"'
    return response


@public_or_login
def round_boards_file(request, pk: int, number: int):
    """A round's boards, one JSON board a line (``selectors_boards.boards_file``): 403
    with the reason while its seed is still secret."""
    tournament = _duplicate(request, pk)
    try:
        name, text = boards_file(tournament, number, request.user)
    except TournamentError as exc:
        raise PermissionDenied(exc.message) from None
    response = HttpResponse(text, content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
