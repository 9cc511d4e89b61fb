"""Registration: alone, as a pair with the partner's answer, waiting list, walk-ins."""

from datetime import timedelta

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from club.models import ClubSettings
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import Entry, EntryStatus, LookingForPartner

pytestmark = pytest.mark.django_db


def test_member_registers_once(tournament, member):
    entry = services.registration_create(tournament=tournament, member=member)
    assert entry.status == EntryStatus.CONFIRMED
    with pytest.raises(TournamentError) as err:
        services.registration_create(tournament=tournament, member=member)
    assert err.value.code == "already_registered"
    assert Entry.objects.count() == 1


def test_database_refuses_two_active_entries_for_one_member(tournament, member):
    Entry.objects.create(tournament=tournament, player=member)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=tournament, player=member)


@pytest.mark.parametrize("status", ["draft", "registration_closed", "running", "cancelled"])
def test_no_registration_unless_open(make_tournament, member, status):
    t = make_tournament(status=status)
    with pytest.raises(TournamentError) as err:
        services.registration_create(tournament=t, member=member)
    assert err.value.code == "registration_closed"
    assert not Entry.objects.exists()


def test_registration_window_is_respected(make_tournament, member):
    now = timezone.now()
    t = make_tournament(
        registration_opens_at=now - timedelta(days=3),
        registration_closes_at=now - timedelta(minutes=1),
    )
    with pytest.raises(TournamentError):
        services.registration_create(tournament=t, member=member)
    t2 = make_tournament(registration_opens_at=now + timedelta(days=1))
    with pytest.raises(TournamentError):
        services.registration_create(tournament=t2, member=member)


def test_unapproved_members_cannot_register_when_the_club_requires_approval(
    tournament, make_member
):
    ClubSettings.objects.update_or_create(pk=1, defaults={"require_member_approval": True})
    newcomer = make_member(is_approved=False)
    with pytest.raises(TournamentError) as err:
        services.registration_create(tournament=tournament, member=newcomer)
    assert err.value.code == "not_approved"


def test_full_tournament_queues_and_moves_up_first_come_first_served(
    make_tournament, make_member, django_capture_on_commit_callbacks
):
    t = make_tournament(capacity=2)
    a, b, c, d = (make_member() for _i in range(4))
    ea = services.registration_create(tournament=t, member=a)
    services.registration_create(tournament=t, member=b)
    ec = services.registration_create(tournament=t, member=c)
    ed = services.registration_create(tournament=t, member=d)
    assert (ec.status, ed.status) == (EntryStatus.WAITING, EntryStatus.WAITING)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.registration_withdraw(entry=ea, member=a)
    ec.refresh_from_db(), ed.refresh_from_db()
    assert ec.status == EntryStatus.CONFIRMED and ed.status == EntryStatus.WAITING
    assert [m.to for m in mail.outbox] == [[c.email]]
    assert Entry.objects.filter(tournament=t, status=EntryStatus.CONFIRMED).count() == 2


def test_raising_capacity_promotes_the_waiting_list(director, make_tournament, make_member):
    t = make_tournament(capacity=1)
    services.registration_create(tournament=t, member=make_member())
    waiting = services.registration_create(tournament=t, member=make_member())
    services.tournament_update(tournament=t, by=director, capacity=2)
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.CONFIRMED


def test_pair_is_pending_until_the_partner_accepts(
    make_tournament, make_member, django_capture_on_commit_callbacks
):
    t = make_tournament(format="pairs", capacity=1)
    a, b = make_member(), make_member()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        entry = services.registration_create(tournament=t, member=a, partner=b)
    assert entry.status == EntryStatus.PENDING
    assert mail.outbox[0].to == [b.email]
    # A pending pair does not take the place: another confirmed pair can.
    c, d = make_member(), make_member()
    other = services.registration_create(tournament=t, member=c, partner=d)
    services.partner_confirm(entry=other, member=d, accept=True)
    with pytest.raises(TournamentError) as err:
        services.partner_confirm(entry=entry, member=a, accept=True)
    assert err.value.code == "not_partner"
    entry = services.partner_confirm(entry=entry, member=b, accept=True)
    assert entry.status == EntryStatus.WAITING  # full by then


def test_partner_declines(make_tournament, make_member):
    t = make_tournament(format="pairs")
    a, b = make_member(), make_member()
    entry = services.registration_create(tournament=t, member=a, partner=b)
    entry = services.partner_confirm(entry=entry, member=b, accept=False)
    assert entry.status == EntryStatus.DECLINED
    # Both are free to register again.
    again = services.registration_create(tournament=t, member=b, partner=a)
    assert again.status == EntryStatus.PENDING


def test_partner_already_registered_is_refused(make_tournament, make_member):
    t = make_tournament(format="pairs")
    a, b, c = make_member(), make_member(), make_member()
    services.registration_create(tournament=t, member=a, partner=b)
    with pytest.raises(TournamentError) as err:
        services.registration_create(tournament=t, member=c, partner=b)
    assert err.value.code == "partner_registered"
    with pytest.raises(TournamentError) as err:
        services.registration_create(tournament=t, member=c, partner=c)
    assert err.value.code == "partner_self"
    with pytest.raises(TournamentError) as err:
        services.registration_create(tournament=t, member=c)
    assert err.value.code == "partner_required"


def test_withdrawal_only_until_registration_closes(director, tournament, member):
    entry = services.registration_create(tournament=tournament, member=member)
    services.tournament_transition(tournament=tournament, by=director, to="registration_closed")
    with pytest.raises(TournamentError) as err:
        services.registration_withdraw(entry=entry, member=member)
    assert err.value.code == "withdraw_closed"
    services.registration_remove(entry=entry, by=director)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REMOVED


def test_looking_for_a_partner_list(make_tournament, make_member):
    t = make_tournament(format="pairs")
    a, b = make_member(), make_member()
    services.looking_for_partner_set(tournament=t, member=a, looking=True, note="Soirs")
    services.looking_for_partner_set(tournament=t, member=b, looking=True)
    assert LookingForPartner.objects.filter(tournament=t).count() == 2
    services.registration_create(tournament=t, member=a, partner=b)
    assert not LookingForPartner.objects.filter(tournament=t).exists()


def test_walk_ins_members_and_guests(director, make_tournament, make_member):
    t = make_tournament(status="running", capacity=1, format="pairs")
    m = make_member()
    entry = services.walkin_add(
        tournament=t, by=director, player=m, partner_guest_name="Ti-Guy Invité"
    )
    assert entry.checked_in and entry.status == EntryStatus.CONFIRMED and entry.is_walk_in
    guest = services.walkin_add(
        tournament=t, by=director, guest_name="Rita", partner_guest_name="Rose"
    )
    assert guest.name == "Rita & Rose"  # over capacity: the director's call
    with pytest.raises(TournamentError):
        services.walkin_add(tournament=t, by=director, player=m, partner_guest_name="X")
    with pytest.raises(TournamentError):
        services.walkin_add(tournament=t, by=director, guest_name="   ", partner_guest_name="X")
    with pytest.raises(TournamentError):
        services.walkin_add(tournament=t, by=director, guest_name="Solo")
