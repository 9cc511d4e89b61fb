"""The hand sheet of a 500 table (``tournaments.views.results`` hands 500 tournaments'
sheet requests here, through the tournament's kind: ``tournaments.kinds``). A hand is
entered by one side and confirmed by the other. Thin: ``services.results`` writes,
``selectors_results`` and ``selectors_tables`` read."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import selectors_results
from tournaments import selectors_tables as ts
from tournaments.errors import TournamentError
from tournaments.models import HandScore, TableGame
from tournaments.services import results as results_service


def _context(request, rnd, table):
    try:
        return selectors_results.table_sheet(rnd, table, request.user)
    except TournamentError as exc:
        raise Http404(exc.message) from None


def _respond(request, rnd, table, *, error: str | None = None):
    if request.htmx:
        context = _context(request, rnd, table)
        context["error"] = error
        return render(request, "tournaments/results/_sheet.html", context)
    if error:
        messages.error(request, error)
    return redirect(reverse("tournaments:sheet", args=[rnd.tournament_id, rnd.number, table]))


def _game(rnd, table) -> TableGame:
    try:
        return ts.table_game(rnd, table)
    except TournamentError as exc:
        raise Http404(exc.message) from None


def _hand(game: TableGame, hand_id) -> HandScore:
    if game.pk is None:  # a game row not created yet has no hands
        raise Http404
    try:
        return HandScore.objects.get(pk=int(hand_id), game=game)
    except (TypeError, ValueError, HandScore.DoesNotExist):
        raise Http404 from None


def page(request, rnd, table):
    context = _context(request, rnd, table)
    template = (
        "tournaments/results/_sheet.html" if request.htmx else "tournaments/results/sheet.html"
    )
    return render(request, template, context)


def preview(request, rnd, table):
    """The score of the hand being typed, computed by the engine (never typed)."""
    tournament = rnd.tournament
    data = request.POST if request.method == "POST" else request.GET
    context = {"tournament": tournament}
    if data.get("redeal"):
        context["redeal"] = True
    elif data.get("declarer") and data.get("contract") and data.get("tricks") not in (None, ""):
        try:
            context["result"] = ts.hand_score(
                tournament,
                declarer=data.get("declarer"),
                contract=data.get("contract"),
                tricks=data.get("tricks"),
            )
        except TournamentError as exc:
            context["error"] = exc.message
    return render(request, "tournaments/results/_preview.html", context)


def enter(request, rnd, table):
    game = _game(rnd, table)
    post = request.POST
    try:
        results_service.hand_enter(
            game=game,
            user=request.user,
            seq=post.get("seq"),
            declarer=post.get("declarer", ""),
            contract=post.get("contract", ""),
            tricks=post.get("tricks"),
            redeal=post.get("redeal") == "1",
        )
    except TournamentError as exc:
        return _respond(request, rnd, table, error=exc.message)
    if not request.htmx:
        messages.success(request, _("Hand entered: the other side must now confirm it."))
    return _respond(request, rnd, table)


def confirm(request, rnd, table):
    game = _game(rnd, table)
    hand = _hand(game, request.POST.get("hand"))
    try:
        results_service.hand_confirm(hand=hand, user=request.user, pin=request.POST.get("pin", ""))
    except TournamentError as exc:
        return _respond(request, rnd, table, error=exc.message)
    return _respond(request, rnd, table)


def withdraw(request, rnd, table):
    game = _game(rnd, table)
    hand = _hand(game, request.POST.get("hand"))
    try:
        results_service.hand_withdraw(hand=hand, user=request.user)
    except TournamentError as exc:
        return _respond(request, rnd, table, error=exc.message)
    return _respond(request, rnd, table)
