"""The secretary's sheet of a 450 table (``tournaments.views.results`` hands 450
tournaments' sheet requests here). Thin: ``kinds.four_fifty.sheet`` writes,
``selectors450`` reads."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.errors import TournamentError
from tournaments.kinds.four_fifty import selectors as selectors450
from tournaments.kinds.four_fifty import sheet as sheet450
from tournaments.models import SheetLine, TableGame
from tournaments.selectors_tables import table_game, table_people

FIELDS = ("c1", "c2", "pot", "major", "pts")


def _context(request, rnd, table, *, data=None, error=None):
    try:
        context = selectors450.sheet_page(rnd, table, request.user, data=data)
    except TournamentError as exc:
        raise Http404(exc.message) from None
    data = data or {}
    for p in context["people"]:  # the form's values, kept after a refused entry
        p["v"] = {f: data.get(f"{f}_{p['seat']}", "") for f in FIELDS}
    context["values"] = {k: data.get(k, "") for k in ("double_face", "aside", "master")}
    context["error"] = error
    return context


def page(request, rnd, table, *, data=None, error=None):
    context = _context(request, rnd, table, data=data, error=error)
    template = (
        "tournaments/kinds/four_fifty/_sheet.html"
        if request.htmx
        else "tournaments/kinds/four_fifty/sheet.html"
    )
    return render(request, template, context)


def _respond(request, rnd, table, *, data=None, error=None):
    if request.htmx:
        return page(request, rnd, table, data=data, error=error)
    if error:
        messages.error(request, error)
    return redirect(reverse("tournaments:sheet", args=[rnd.tournament_id, rnd.number, table]))


def _game(rnd, table) -> TableGame:
    try:
        return table_game(rnd, table)
    except TournamentError as exc:
        raise Http404(exc.message) from None


def _line(game: TableGame, line_id) -> SheetLine:
    if game.pk is None:  # a game row not created yet has no lines
        raise Http404
    try:
        return SheetLine.objects.get(pk=int(line_id), game=game)
    except (TypeError, ValueError, SheetLine.DoesNotExist):
        raise Http404 from None


def preview(request, rnd, table):
    """Every player's points for the round being typed, counted by the engine."""
    data = request.POST if request.method == "POST" else request.GET
    context = {"tournament": rnd.tournament}
    try:
        context.update(sheet450.preview(rnd.tournament, game=_game(rnd, table), data=data))
        context["names"] = {p.seat: p.name for p in table_people(rnd, table).values()}
    except TournamentError as exc:
        context["error"] = exc.message
    return render(request, "tournaments/kinds/four_fifty/_preview.html", context)


def enter(request, rnd, table):
    game = _game(rnd, table)
    try:
        sheet450.line_enter(
            game=game, user=request.user, seq=request.POST.get("seq"), data=request.POST
        )
    except TournamentError as exc:
        return _respond(request, rnd, table, data=request.POST, error=exc.message)
    if not request.htmx:
        messages.success(
            request, _("Round entered: another player of the table must now confirm it.")
        )
    return _respond(request, rnd, table)


def confirm(request, rnd, table):
    game = _game(rnd, table)
    line = _line(game, request.POST.get("line"))
    try:
        sheet450.line_confirm(line=line, user=request.user, pin=request.POST.get("pin", ""))
    except TournamentError as exc:
        return _respond(request, rnd, table, error=exc.message)
    return _respond(request, rnd, table)


def withdraw(request, rnd, table):
    game = _game(rnd, table)
    line = _line(game, request.POST.get("line"))
    try:
        sheet450.line_withdraw(line=line, user=request.user)
    except TournamentError as exc:
        return _respond(request, rnd, table, error=exc.message)
    return _respond(request, rnd, table)
