"""The demo tournaments: seeded after the members, idempotent."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import Entry, Round, Seat, Tournament

pytestmark = pytest.mark.django_db


def test_seed_demo_adds_an_open_and_a_running_tournament_once():
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert "Demo tournaments" in out.getvalue()
    counts = (
        Tournament.objects.count(),
        Entry.objects.count(),
        Round.objects.count(),
        Seat.objects.count(),
    )
    call_command("seed_demo", stdout=StringIO())
    assert counts == (
        Tournament.objects.count(),
        Entry.objects.count(),
        Round.objects.count(),
        Seat.objects.count(),
    )
    upcoming = Tournament.objects.get(status="registration_open")
    assert upcoming.entries.filter(status="confirmed").count() == 10
    today = Tournament.objects.get(status="running")
    rnd = today.rounds.get()
    assert rnd.status == "published" and rnd.seed == 500
    assert rnd.seats.count() == today.entries.filter(checked_in=True).count() == 17
