"""Member pages: calendar, tournament page, registration, partner answer, my seat."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.notices import notice_wanted
from tournaments import (
    selectors,
    selectors_boards,
    selectors_director,
    selectors_results,
    selectors_watch,
    services,
)
from tournaments.forms import CodeForm, LookingForm, RegisterForm
from tournaments.models import Entry, EntryStatus
from tournaments.views.common import back, get_tournament, public_or_login, run


def calendar(request):
    context = selectors.calendar(request.user)
    return render(request, "tournaments/calendar.html", context)


@public_or_login
def detail(request, pk: int):
    tournament = get_tournament(request, pk)
    context = selectors.tournament_page(tournament, request.user)
    if request.user.is_authenticated:
        context["register_form"] = RegisterForm(tournament=tournament, member=request.user)
        context["looking_form"] = LookingForm()
    context["code_form"] = CodeForm()
    context["seat"] = selectors_results.my_seat(tournament, request.user)
    context["pin"] = selectors_results.my_pin(tournament, request.user)
    context["rules"] = selectors.rules_summary(tournament)
    context["game_terms"] = tournament.kind.game_terms(tournament)
    context["watch"] = selectors_watch.tables_to_watch(tournament, request.user)
    context["boards"] = selectors_boards.tournament_boards(tournament)
    if getattr(request.user, "is_director", False):
        context["director"] = selectors_director.director_steps(tournament)
    return render(request, "tournaments/detail.html", context)


@public_or_login
def draws(request, pk: int):
    """Every published round's tables (players and visitors)."""
    tournament = get_tournament(request, pk)
    return render(
        request,
        "tournaments/draws.html",
        {"tournament": tournament, "rounds": selectors.published_draws(tournament)},
    )


@public_or_login
def my_seat(request, pk: int):
    """The live fragment: re-fetched by htmx when the tournament's socket says so."""
    tournament = get_tournament(request, pk)
    context = {
        "tournament": tournament,
        "seat": selectors_results.my_seat(tournament, request.user),
        "pin": selectors_results.my_pin(tournament, request.user),
    }
    return render(request, "tournaments/_my_seat.html", context)


@login_required
@require_POST
def register(request, pk: int):
    tournament = get_tournament(request, pk)
    form = RegisterForm(request.POST, member=request.user)
    if not form.is_valid():
        messages.error(request, _("Choose a partner from the list."))
        return back(request, tournament.get_absolute_url())
    ok, entry = run(
        request,
        lambda: services.registration_create(
            tournament=tournament, member=request.user, partner=form.cleaned_data["partner"]
        ),
    )
    if ok:
        if entry.status == EntryStatus.WAITING:
            if notice_wanted(request.user, "waiting_list"):
                told = _(
                    "The tournament is full: you are on the waiting "
                    "list. You will get an email if a place opens up."
                )
            else:
                told = _(
                    "The tournament is full: you are on the waiting list. You turned off "
                    "the email that says a place opened up: look at this page again."
                )
            messages.warning(request, told)
        elif entry.status == EntryStatus.PENDING:
            messages.success(
                request,
                _("Registered: %(name)s must now confirm the partnership.")
                % {"name": entry.partner_name},
            )
        else:
            messages.success(request, _("You are registered."))
    return back(request, tournament.get_absolute_url())


def _my_entry(request, tournament, entry_id) -> Entry | None:
    try:
        entry_id = int(entry_id)
    except (TypeError, ValueError):
        return None
    return Entry.objects.filter(tournament=tournament, pk=entry_id).first()


@login_required
@require_POST
def withdraw(request, pk: int):
    tournament = get_tournament(request, pk)
    entry = _my_entry(request, tournament, request.POST.get("entry"))
    if entry is None:
        messages.error(request, _("This is not your registration."))
    else:
        run(
            request,
            lambda: services.registration_withdraw(entry=entry, member=request.user),
            success=_("Your registration is withdrawn."),
        )
    return back(request, tournament.get_absolute_url())


@login_required
@require_POST
def partner_answer(request, pk: int):
    tournament = get_tournament(request, pk)
    entry = _my_entry(request, tournament, request.POST.get("entry"))
    answer = request.POST.get("answer")
    if entry is None or answer not in ("accept", "decline"):
        messages.error(request, _("Answer with accept or decline."))
        return back(request, tournament.get_absolute_url())
    ok, entry = run(
        request,
        lambda: services.partner_confirm(
            entry=entry, member=request.user, accept=answer == "accept"
        ),
    )
    if ok:
        if entry.status == EntryStatus.WAITING:
            messages.warning(
                request,
                _(
                    "Partnership confirmed, but the tournament is "
                    "full: your pair is on the waiting list."
                ),
            )
        elif entry.status == EntryStatus.CONFIRMED:
            messages.success(request, _("Partnership confirmed: your pair is registered."))
        else:
            messages.success(request, _("You declined the partnership."))
    return back(request, tournament.get_absolute_url())


@login_required
@require_POST
def looking(request, pk: int):
    tournament = get_tournament(request, pk)
    flag = request.POST.get("looking") == "1"
    form = LookingForm(request.POST)
    form.is_valid()
    data = form.cleaned_data
    run(
        request,
        lambda: services.looking_for_partner_set(
            tournament=tournament,
            member=request.user,
            looking=flag,
            note=data.get("note") or "",
            share_contact=bool(data.get("share_contact")),
        ),
        success=_("You are on the list of players looking for a partner.")
        if flag
        else _("You are off the list of players looking for a partner."),
    )
    return back(request, tournament.get_absolute_url())


@login_required
@require_POST
def checkin_code(request, pk: int):
    tournament = get_tournament(request, pk)
    form = CodeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Type the code shown by the director."))
    else:
        run(
            request,
            lambda: services.checkin_self(
                tournament=tournament, member=request.user, code=form.cleaned_data["code"]
            ),
            success=_("You are checked in. Your table will show here once the round is published."),
        )
    return back(request, tournament.get_absolute_url())


@public_or_login
def projector(request, pk: int):
    tournament = get_tournament(request, pk)
    return render(request, "tournaments/projector.html", _projector_context(tournament))


@public_or_login
def projector_tables(request, pk: int):
    tournament = get_tournament(request, pk)
    return render(request, "tournaments/_projector_tables.html", _projector_context(tournament))


def _projector_context(tournament):
    rnd = selectors.current_round(tournament)
    tables, byes = selectors.round_tables(rnd) if rnd else ([], [])
    return {
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "cards": selectors_results.projector_cards(tournament, rnd, tables),
        "byes": byes,
        "clock": selectors.round_clock(rnd),
    }
