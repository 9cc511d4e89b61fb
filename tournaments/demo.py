"""Demo tournaments for ``seed_demo`` (idempotent): one open for registration, one today.

Run after ``club.demo`` (the members). The tournament of today has its players checked
in and round 1 drawn (fixed seed) and published, so the phone and projector pages show
tables at once.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from club import demo as club_demo
from club.models import User
from tournaments import services
from tournaments.models import Entry, EntryStatus, Round, Status, Tournament

UPCOMING = "Tournoi du jeudi (démo)"
TODAY = "Tournoi de la semaine (démo)"


def _at(day, hour: int) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, 0)))


def _members() -> list[User]:
    director = club_demo.director()
    return list(User.objects.filter(email__endswith="@club500.example", is_superuser=False)
                .exclude(pk=director.pk if director else None).order_by("member_number"))


@transaction.atomic
def seed_upcoming(director: User, members: list[User]) -> Tournament:
    tournament = Tournament.objects.filter(name=UPCOMING).first()
    if tournament is None:
        start = _at(timezone.localdate() + timedelta(days=7), 19)
        tournament = services.tournament_create(
            by=director, name=UPCOMING, starts_at=start, capacity=16, rounds_total=6,
            registration_opens_at=timezone.now() - timedelta(days=1),
            registration_closes_at=start - timedelta(hours=3),
            notes="Salle du club, 19 h. Café et beignes.")
        services.tournament_transition(tournament=tournament, by=director,
                                       to=Status.REGISTRATION_OPEN)
    for member in members[:10]:
        if not Entry.objects.filter(tournament=tournament, player=member).exists():
            services.registration_create(tournament=tournament, member=member)
    return tournament


@transaction.atomic
def seed_today(director: User, members: list[User]) -> Tournament:
    tournament = Tournament.objects.filter(name=TODAY).first()
    if tournament is None:
        tournament = services.tournament_create(
            by=director, name=TODAY, starts_at=_at(timezone.localdate(), 13), capacity=24,
            rounds_total=4, notes="Tournoi individuel : partenaires tirés à chaque ronde.")
        services.tournament_transition(tournament=tournament, by=director,
                                       to=Status.REGISTRATION_OPEN)
    players = members[:17]
    for member in players:
        if not Entry.objects.filter(tournament=tournament, player=member).exists():
            Entry.objects.create(tournament=tournament, player=member,
                                 status=EntryStatus.CONFIRMED)
    for entry in Entry.objects.filter(tournament=tournament, checked_in=False,
                                      status=EntryStatus.CONFIRMED):
        services.checkin_set(entry=entry, by=director, present=True)
    if tournament.status != Status.RUNNING:
        services.tournament_transition(tournament=tournament, by=director,
                                       to=Status.RUNNING)
    if not Round.objects.filter(tournament=tournament).exists():
        rnd = services.round_draw(tournament=tournament, by=director, seed=500)
        services.round_publish(round=rnd, by=director, version=rnd.version)
    return tournament


def seed(stdout=None) -> None:
    director = club_demo.director()
    if director is None:
        return
    members = _members()
    upcoming = seed_upcoming(director, members)
    today = seed_today(director, members)
    if stdout is not None:
        stdout.write(f"Demo tournaments: {upcoming.name} (registration open), "
                     f"{today.name} (today, round 1 published; check-in code "
                     f"{today.checkin_code}).")
