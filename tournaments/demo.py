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
from tournaments import selectors_tables as ts
from tournaments import services
from tournaments.models import Entry, EntryStatus, HandScore, Round, Status, Tournament
from tournaments.services import director as director_actions
from tournaments.services import results as results_service

UPCOMING = "Tournoi du jeudi (démo)"
TODAY = "Tournoi de la semaine (démo)"


def _at(day, hour: int) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, 0)))


THURSDAY = 3  # date.weekday()


def next_thursday(today):
    """The Thursday after ``today`` (a week later when today is a Thursday)."""
    return today + timedelta(days=(THURSDAY - today.weekday()) % 7 or 7)


def _members() -> list[User]:
    director = club_demo.director()
    return list(
        User.objects.filter(email__endswith="@club500.example", is_superuser=False)
        .exclude(pk=director.pk if director else None)
        .order_by("member_number")
    )


@transaction.atomic
def seed_upcoming(director: User, members: list[User]) -> Tournament:
    tournament = Tournament.objects.filter(name=UPCOMING).first()
    if tournament is None:
        start = _at(next_thursday(timezone.localdate()), 19)
        tournament = services.tournament_create(
            by=director,
            name=UPCOMING,
            starts_at=start,
            capacity=16,
            rounds_total=6,
            registration_opens_at=timezone.now() - timedelta(days=1),
            registration_closes_at=start - timedelta(hours=3),
            notes="Salle du club, 19 h. Café et beignes.",
        )
        services.tournament_transition(
            tournament=tournament, by=director, to=Status.REGISTRATION_OPEN
        )
    for member in members[:10]:
        if not Entry.objects.filter(tournament=tournament, player=member).exists():
            services.registration_create(tournament=tournament, member=member)
    return tournament


@transaction.atomic
def seed_today(director: User, members: list[User]) -> Tournament:
    tournament = Tournament.objects.filter(name=TODAY).first()
    if tournament is None:
        tournament = services.tournament_create(
            by=director,
            name=TODAY,
            starts_at=_at(timezone.localdate(), 13),
            capacity=24,
            rounds_total=4,
            notes="Tournoi individuel : partenaires tirés à chaque ronde.",
        )
        services.tournament_transition(
            tournament=tournament, by=director, to=Status.REGISTRATION_OPEN
        )
    players = members[:17]
    for member in players:
        if not Entry.objects.filter(tournament=tournament, player=member).exists():
            Entry.objects.create(tournament=tournament, player=member, status=EntryStatus.CONFIRMED)
    for entry in Entry.objects.filter(
        tournament=tournament, checked_in=False, status=EntryStatus.CONFIRMED
    ):
        services.checkin_set(entry=entry, by=director, present=True)
    if tournament.status != Status.RUNNING:
        services.tournament_transition(tournament=tournament, by=director, to=Status.RUNNING)
    if not Round.objects.filter(tournament=tournament).exists():
        rnd = services.round_draw(tournament=tournament, by=director, seed=500)
        services.round_publish(round=rnd, by=director, version=rnd.version)
    return tournament


FINISHED = "Tournoi d'automne (démo)"
DEMO_CONTRACTS = ["7S", "8H", "6NT", "9D", "7C", "8NT", "10S", "6H"]


def _demo_hand(game, i: int, *, confirm: bool = True):
    """Enter the next hand of a table's sheet (as the NS player), confirmed by EW."""
    people = ts.table_people(game.round, game.table)
    users = {s: User.objects.get(pk=p.user_id) for s, p in people.items() if p.user_id}
    seq = game.hands.count() + 1
    contract = DEMO_CONTRACTS[(i + game.table) % len(DEMO_CONTRACTS)]
    level = int(contract[:-2] if contract.endswith("NT") else contract[:-1])
    declarer = "NESW"[(i + game.table) % 4]
    tricks = max(0, min(10, level + (i % 3) - 1))
    row = results_service.hand_enter(
        game=game, user=users["N"], seq=seq, declarer=declarer, contract=contract, tricks=tricks
    )
    if confirm:
        results_service.hand_confirm(hand=row, user=users["E"])
    return row


@transaction.atomic
def seed_finished(director: User, members: list[User]) -> Tournament:
    """A finished tournament (8 players, 2 games of 8 hands) with results and medals."""
    tournament = Tournament.objects.filter(name=FINISHED).first()
    if tournament is not None:
        return tournament
    tournament = services.tournament_create(
        by=director,
        name=FINISHED,
        starts_at=_at(timezone.localdate() - timedelta(days=21), 13),
        capacity=16,
        rounds_total=2,
        notes="Tournoi terminé, avec résultats.",
    )
    services.tournament_transition(tournament=tournament, by=director, to=Status.REGISTRATION_OPEN)
    for member in members[:8]:
        Entry.objects.create(
            tournament=tournament,
            player=member,
            status=EntryStatus.CONFIRMED,
            checked_in=True,
            checked_in_at=timezone.now(),
        )
    services.tournament_transition(tournament=tournament, by=director, to=Status.RUNNING)
    for number in (1, 2):
        rnd = services.round_draw(tournament=tournament, by=director, seed=100 + number)
        rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
        rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
        for table in (1, 2):
            game = ts.table_game(rnd, table)
            for i in range(tournament.hands_per_game):
                _demo_hand(game, i + number)
        director_actions.round_close(round=rnd, by=director)
    services.tournament_transition(tournament=tournament, by=director, to=Status.FINISHED)
    return tournament


@transaction.atomic
def seed_today_results(director: User, tournament: Tournament) -> None:
    """Round 1 of today's tournament (published): some hands entered, one pending."""
    rnd = Round.objects.filter(tournament=tournament, number=1).first()
    if rnd is None or HandScore.objects.filter(game__round=rnd).exists():
        return
    for table, hands in ((1, 3), (2, 2)):
        game = ts.table_game(rnd, table)
        for i in range(hands):
            _demo_hand(game, i)
    _demo_hand(ts.table_game(rnd, 1), 3, confirm=False)  # pending: EW must confirm


def seed(stdout=None) -> None:
    director = club_demo.director()
    if director is None:
        return
    members = _members()
    upcoming = seed_upcoming(director, members)
    today = seed_today(director, members)
    finished = seed_finished(director, members)
    seed_today_results(director, today)
    if stdout is not None:
        stdout.write(
            f"Demo tournaments: {upcoming.name} (registration open), "
            f"{today.name} (today, round 1 published; check-in code "
            f"{today.checkin_code}; hands entered, one to confirm), "
            f"{finished.name} (finished, with results and medals)."
        )
