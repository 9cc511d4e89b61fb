"""Helpers shared by the tournament views."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme

from club.models import ClubSettings
from tournaments.errors import TournamentError
from tournaments.models import Round, Status, Tournament


def get_tournament(request, pk: int) -> Tournament:
    qs = Tournament.objects.all()
    user = request.user
    if not (user.is_authenticated and user.is_director):
        qs = qs.exclude(status=Status.DRAFT)
    return get_object_or_404(qs, pk=pk)


def get_round(tournament: Tournament, number: int) -> Round:
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    rnd.tournament = tournament
    return rnd


def run(request, action, success: str | None = None):
    """Call a service; show its user-fixable error as a message. Returns (ok, result)."""
    try:
        result = action()
    except TournamentError as exc:
        messages.error(request, exc.message)
        return False, exc
    if success:
        messages.success(request, success)
    return True, result


def back(request, fallback):
    """Redirect to the page the form came from (same site only), else ``fallback``."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, {request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(target)
    return redirect(fallback)


def public_or_login(view):
    """Visitors may see the page when the club's tournament pages are public (the club
    setting, on by default); otherwise they are sent to the login page."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated and not ClubSettings.load().public_pages:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return wrapped
