"""Check-in: a director marks players present; players check in with the code."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import EntryStatus

pytestmark = pytest.mark.django_db


def test_director_marks_present_and_absent(director, tournament, member):
    entry = services.registration_create(tournament=tournament, member=member)
    entry = services.checkin_set(entry=entry, by=director, present=True)
    assert entry.checked_in and entry.checked_in_at
    entry = services.checkin_set(entry=entry, by=director, present=False)
    assert not entry.checked_in


def test_a_waiting_player_checked_in_at_the_door_is_confirmed(
    director, make_tournament, make_member
):
    t = make_tournament(capacity=1)
    services.registration_create(tournament=t, member=make_member())
    waiting = services.registration_create(tournament=t, member=make_member())
    waiting = services.checkin_set(entry=waiting, by=director, present=True)
    assert waiting.status == EntryStatus.CONFIRMED and waiting.checked_in


def test_checkin_closed_for_draft_or_finished(director, make_tournament, member):
    t = make_tournament(status="finished")
    entry = t.entries.create(player=member)
    with pytest.raises(TournamentError) as err:
        services.checkin_set(entry=entry, by=director, present=True)
    assert err.value.code == "checkin_closed"


def test_player_checks_in_with_the_code(tournament, member):
    services.registration_create(tournament=tournament, member=member)
    with pytest.raises(TournamentError) as err:
        services.checkin_self(tournament=tournament, member=member, code="WRONG")
    assert err.value.code == "bad_code"
    entry = services.checkin_self(
        tournament=tournament, member=member, code=f" {tournament.checkin_code.lower()} "
    )
    assert entry.checked_in


def test_code_check_in_needs_a_registration_and_the_day(make_tournament, member, make_member):
    t = make_tournament()
    with pytest.raises(TournamentError) as err:
        services.checkin_self(tournament=t, member=member, code=t.checkin_code)
    assert err.value.code == "not_registered"
    later = make_tournament(starts_at=timezone.now() + timedelta(days=3))
    services.registration_create(tournament=later, member=member)
    with pytest.raises(TournamentError) as err:
        services.checkin_self(tournament=later, member=member, code=later.checkin_code)
    assert err.value.code == "not_today"
