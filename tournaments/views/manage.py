"""Director pages: create/edit/copy, status, entries and walk-ins, check-in, constraints."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.models import ActivityLog
from club.roles import director_required
from tournaments import selectors, selectors_director, services
from tournaments.errors import TournamentError
from tournaments.forms import (
    ConstraintForm,
    CopyForm,
    FixedSeatForm,
    TournamentForm,
    WalkInForm,
)
from tournaments.models import (
    Entry,
    EntryStatus,
    FixedSeat,
    SeatingConstraint,
    Tournament,
)
from tournaments.views.common import back, get_tournament, run


def _form_error(form, exc: TournamentError):
    form.add_error(None, exc.message)


@director_required
def create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(by=request.user, **form.settings())
        except TournamentError as exc:
            _form_error(form, exc)
        else:
            messages.success(
                request, _("Tournament created (draft). Open registration when it is ready.")
            )
            return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form, "tournament": None})


@director_required
def edit(request, pk: int):
    tournament = get_tournament(request, pk)
    form = TournamentForm(request.POST or None, instance=Tournament.objects.get(pk=pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(tournament=tournament, by=request.user, **form.settings())
        except TournamentError as exc:
            _form_error(form, exc)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form, "tournament": tournament})


@director_required
def copy(request, pk: int):
    source = get_tournament(request, pk)
    start = timezone.localtime(source.starts_at) + timezone.timedelta(days=7)
    form = CopyForm(request.POST or None, initial={"name": source.name, "starts_at": start})
    if request.method == "POST" and form.is_valid():
        ok, tournament = run(
            request,
            lambda: services.tournament_copy(
                source=source,
                by=request.user,
                starts_at=form.cleaned_data["starts_at"],
                name=form.cleaned_data["name"],
            ),
            success=_("The next tournament is scheduled (draft)."),
        )
        if ok:
            return redirect(tournament)
    return render(request, "tournaments/copy.html", {"form": form, "tournament": source})


@director_required
@require_POST
def transition(request, pk: int):
    tournament = get_tournament(request, pk)
    target = request.POST.get("to", "")
    ok, result = run(
        request,
        lambda: services.tournament_transition(
            tournament=tournament, by=request.user, to=target, reason=request.POST.get("reason", "")
        ),
    )
    if ok:
        messages.success(
            request,
            _("The tournament is now: %(status)s.") % {"status": result.get_status_display()},
        )
    return back(request, tournament.get_absolute_url())


@director_required
def entries(request, pk: int):
    tournament = get_tournament(request, pk)
    rows = selectors.entries_sorted(tournament, statuses=list(EntryStatus))
    waiting = sorted(
        (e for e in rows if e.status == EntryStatus.WAITING), key=lambda e: (e.queued_at, e.pk)
    )
    context = {
        "tournament": tournament,
        "confirmed": [e for e in rows if e.status == EntryStatus.CONFIRMED],
        "pending": [e for e in rows if e.status == EntryStatus.PENDING],
        "waiting": waiting,
        "inactive": [e for e in rows if not e.is_active],
        "walkin_form": WalkInForm(tournament=tournament),
        "director": selectors_director.director_steps(tournament),
        "log": ActivityLog.objects.filter(
            subject_type="tournaments.tournament", subject_id=str(tournament.pk)
        ).select_related("actor")[:30],
    }
    return render(request, "tournaments/entries.html", context)


@director_required
@require_POST
def entry_remove(request, pk: int, entry_id: int):
    tournament = get_tournament(request, pk)
    entry = get_object_or_404(Entry, tournament=tournament, pk=entry_id)
    run(
        request,
        lambda: services.registration_remove(entry=entry, by=request.user),
        success=_("%(name)s removed.") % {"name": entry.name},
    )
    return back(request, reverse("tournaments:entries", args=[pk]))


@director_required
@require_POST
def walkin(request, pk: int):
    tournament = get_tournament(request, pk)
    form = WalkInForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, _("Check the walk-in's name."))
    else:
        data = form.cleaned_data
        run(
            request,
            lambda: services.walkin_add(
                tournament=tournament,
                by=request.user,
                player=data["player"],
                guest_name=data["guest_name"],
                partner=data["partner"],
                partner_guest_name=data["partner_guest_name"],
            ),
            success=_("Walk-in added and checked in."),
        )
    return back(request, reverse("tournaments:entries", args=[pk]))


@director_required
def checkin(request, pk: int):
    tournament = get_tournament(request, pk)
    query = request.GET.get("q", "")
    rows = selectors.entries_sorted(
        tournament, statuses=[EntryStatus.CONFIRMED, EntryStatus.WAITING], query=query
    )
    context = {
        "tournament": tournament,
        "rows": rows,
        "query": query,
        **selectors.presence_counts(tournament),
        "walkin_form": WalkInForm(tournament=tournament),
    }
    if request.htmx and request.htmx.target == "checkin-rows":
        return render(request, "tournaments/_checkin_rows.html", context)
    return render(request, "tournaments/checkin.html", context)


@director_required
@require_POST
def checkin_all(request, pk: int):
    tournament = get_tournament(request, pk)
    ok, count = run(request, lambda: services.checkin_all(tournament=tournament, by=request.user))
    if ok:
        messages.success(
            request,
            ngettext("%(n)s player marked present.", "%(n)s players marked present.", count)
            % {"n": count},
        )
    return redirect("tournaments:checkin", pk=pk)


@director_required
@require_POST
def checkin_toggle(request, pk: int, entry_id: int):
    tournament = get_tournament(request, pk)
    entry = get_object_or_404(
        Entry.objects.select_related("player", "partner"), tournament=tournament, pk=entry_id
    )
    present = request.POST.get("present") == "1"
    error = None
    try:
        entry = services.checkin_set(entry=entry, by=request.user, present=present)
    except TournamentError as exc:
        error = exc.message
    if request.htmx:
        entry = Entry.objects.select_related("player", "partner").get(pk=entry.pk)
        return render(
            request,
            "tournaments/_checkin_row.html",
            {
                "tournament": tournament,
                "entry": entry,
                "error": error,
                "oob": True,
                **selectors.presence_counts(tournament),
            },
        )
    if error:
        messages.error(request, error)
    return redirect("tournaments:checkin", pk=pk)


@director_required
def constraints(request, pk: int):
    tournament = get_tournament(request, pk)
    active = selectors.entries_sorted(
        tournament, statuses=[EntryStatus.CONFIRMED, EntryStatus.WAITING]
    )
    form = ConstraintForm(
        request.POST or None, entries=active, tables_only=tournament.kind.tables_only
    )
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            ok, _row = run(
                request,
                lambda: services.constraint_add(
                    tournament=tournament,
                    by=request.user,
                    kind=data["kind"],
                    a=data["a"],
                    b=data["b"],
                ),
                success=_("Constraint added."),
            )
            if ok:
                return redirect("tournaments:constraints", pk=pk)
        else:
            messages.error(request, _("Choose a rule and two players."))
    return _constraints_page(request, tournament, active, form=form)


def _constraints_page(request, tournament, active, *, form=None, fixed_form=None):
    context = {
        "tournament": tournament,
        "form": form or ConstraintForm(entries=active),
        "fixed_form": fixed_form or FixedSeatForm(entries=active, pairs=tournament.is_pairs),
        "rows": selectors.constraints(tournament),
        "fixed_rows": FixedSeat.objects.filter(tournament=tournament).select_related(
            "entry__player", "entry__partner"
        ),
    }
    return render(request, "tournaments/constraints.html", context)


@director_required
@require_POST
def fixed_seat(request, pk: int):
    tournament = get_tournament(request, pk)
    active = selectors.entries_sorted(
        tournament, statuses=[EntryStatus.CONFIRMED, EntryStatus.WAITING]
    )
    form = FixedSeatForm(request.POST, entries=active, pairs=tournament.is_pairs)
    if form.is_valid():
        data = form.cleaned_data
        ok, _row = run(
            request,
            lambda: services.fixed_seat_set(
                tournament=tournament,
                by=request.user,
                entry=data["entry"],
                position=data["position"],
                table=data["table"],
            ),
            success=_("Seat fixed."),
        )
        if ok:
            return redirect("tournaments:constraints", pk=pk)
    else:
        messages.error(request, _("Choose a player and a seat; a table is a whole number."))
    return _constraints_page(request, tournament, active, fixed_form=form)


@director_required
@require_POST
def fixed_seat_remove(request, pk: int, fixed_id: int):
    tournament = get_tournament(request, pk)
    row = get_object_or_404(
        FixedSeat.objects.select_related("entry__player", "entry__partner"),
        tournament=tournament,
        pk=fixed_id,
    )
    services.fixed_seat_remove(fixed=row, by=request.user)
    messages.success(request, _("Fixed seat removed."))
    return redirect("tournaments:constraints", pk=pk)


@director_required
@require_POST
def constraint_remove(request, pk: int, constraint_id: int):
    tournament = get_tournament(request, pk)
    row = get_object_or_404(SeatingConstraint, tournament=tournament, pk=constraint_id)
    services.constraint_remove(constraint=row, by=request.user)
    messages.success(request, _("Constraint removed."))
    return redirect("tournaments:constraints", pk=pk)
