"""Director pages for the rounds: draw, edit the draft (htmx), publish, print."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.roles import director_required
from tournaments import selectors, selectors_boards, selectors_plan, services
from tournaments.errors import ConflictError, TournamentError
from tournaments.forms import DrawForm
from tournaments.kinds.registry import tournament_kind
from tournaments.models import EntryStatus, Round
from tournaments.selectors_results import table_pins
from tournaments.views.common import get_round, get_tournament


@director_required
def index(request, pk: int):
    tournament = get_tournament(request, pk)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    present = (
        selectors.entries(tournament, statuses=[EntryStatus.CONFIRMED])
        .filter(checked_in=True)
        .count()
    )
    can_draw = not rounds or rounds[-1].status != "draft"
    notice = (
        selectors_plan.next_draw_notice(tournament, len(rounds) + 1)
        if can_draw and rounds
        else None
    )
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "present": present,
        "draw_form": DrawForm(),
        "can_draw": can_draw,
        "plan_notice": notice,
    }
    return render(request, "tournaments/rounds.html", context)


@director_required
@require_POST
def draw(request, pk: int):
    tournament = get_tournament(request, pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The seed must be a whole number."))
        return redirect("tournaments:rounds", pk=pk)
    try:
        rnd = services.round_draw(
            tournament=tournament,
            by=request.user,
            seed=form.cleaned_data["seed"],
            version=request.POST.get("version") or None,
        )
    except TournamentError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:rounds", pk=pk)
    messages.success(
        request,
        _("Round %(n)s drawn (draft): check it, edit it, then publish it.") % {"n": rnd.number},
    )
    return redirect("tournaments:round", pk=pk, number=rnd.number)


def _editor(request, tournament, rnd, *, error=None, conflict=False, status=200):
    rnd = Round.objects.get(pk=rnd.pk)
    rnd.tournament = tournament
    context = {
        "tournament": tournament,
        **selectors.round_editor(rnd),
        "error": error,
        "conflict": conflict,
        "draw_form": DrawForm(),
        "plan": selectors_plan.plan_panel(rnd),
        "print_boards": selectors_boards.boards_printable(rnd),
    }
    template = "tournaments/_round_editor.html" if request.htmx else "tournaments/round.html"
    return render(request, template, context, status=status)


@director_required
def detail(request, pk: int, number: int):
    tournament = get_tournament(request, pk)
    return _editor(request, tournament, get_round(tournament, number))


def _edit(request, pk: int, number: int, action, success: str):
    tournament = get_tournament(request, pk)
    rnd = get_round(tournament, number)
    try:
        action(rnd)
    except ConflictError as exc:
        if request.htmx:
            return _editor(request, tournament, rnd, error=exc.message, conflict=True)
        messages.error(request, exc.message)
    except TournamentError as exc:
        if request.htmx:
            return _editor(request, tournament, rnd, error=exc.message)
        messages.error(request, exc.message)
    else:
        if request.htmx:
            return _editor(request, tournament, rnd)
        messages.success(request, success)
    return redirect("tournaments:round", pk=pk, number=number)


@director_required
@require_POST
def swap(request, pk: int, number: int):
    post = request.POST
    return _edit(
        request,
        pk,
        number,
        lambda rnd: services.round_swap(
            round=rnd,
            by=request.user,
            a=post.get("a"),
            b=post.get("b"),
            version=post.get("version"),
        ),
        _("Players swapped."),
    )


@director_required
def swap_effect(request, pk: int, number: int):
    """What a swap would do to the whole plan, before the director makes it (htmx)."""
    tournament = get_tournament(request, pk)
    rnd = get_round(tournament, number)
    rnd.tournament = tournament
    in_round = set(rnd.seats.values_list("entry_id", flat=True))
    try:
        a, b = int(request.GET.get("a", "")), int(request.GET.get("b", ""))
    except ValueError:
        a = b = None
    error = None
    if a is None or a not in in_round or b not in in_round:
        error = _("This player is not in this round.")
    elif a == b:
        error = _("Choose two different players to swap.")
    change = None if error else services.edit_preview(rnd=rnd, a=a, b=b)
    return render(
        request,
        "tournaments/_plan_effect.html",
        {"c": selectors_plan.describe(change) if change else None, "error": error},
    )


@director_required
@require_POST
def move_bye(request, pk: int, number: int):
    post = request.POST
    table, position = None, None
    seat = post.get("seat", "")
    if seat:
        table, _sep, position = seat.partition(":")
    return _edit(
        request,
        pk,
        number,
        lambda rnd: services.round_move_bye(
            round=rnd,
            by=request.user,
            entry=post.get("entry"),
            version=post.get("version"),
            table=table,
            position=position,
        ),
        _("Draw updated."),
    )


@director_required
@require_POST
def publish(request, pk: int, number: int):
    post = request.POST
    return _edit(
        request,
        pk,
        number,
        lambda rnd: services.round_publish(round=rnd, by=request.user, version=post.get("version")),
        _("Round published: players see their tables."),
    )


@director_required
@require_POST
def start_play(request, pk: int, number: int):
    post = request.POST
    return _edit(
        request,
        pk,
        number,
        lambda rnd: services.round_start_play(
            round=rnd, by=request.user, version=post.get("version")
        ),
        _("Play started: the seating of this round is final."),
    )


def _print_context(request, pk, number):
    tournament = get_tournament(request, pk)
    rnd = get_round(tournament, number)
    tables, byes = selectors.round_tables(rnd)
    kind = tournament_kind(tournament)
    return {
        "tournament": tournament,
        "kind": kind,
        "round": rnd,
        "tables": tables,
        "byes": byes,
        "pins": table_pins(rnd),
        **kind.print_context(rnd),
    }


def _printed(request, pk, number, name):
    """The printed table cards or sheets: one page, the game's parts included."""
    return render(request, f"tournaments/{name}.html", _print_context(request, pk, number))


@director_required
def cards(request, pk: int, number: int):
    return _printed(request, pk, number, "print_cards")


@director_required
def sheets(request, pk: int, number: int):
    return _printed(request, pk, number, "print_sheets")


@director_required
def boards(request, pk: int, number: int):
    """The printed boards of a hall round, for the director who pre-deals the cards
    (``selectors_boards.printed_boards`` says when there is nothing to print yet)."""
    tournament = get_tournament(request, pk)
    try:
        context = selectors_boards.printed_boards(tournament, number)
    except TournamentError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:rounds", pk=pk)
    return render(request, "tournaments/print_boards.html", {"tournament": tournament, **context})
