"""The notices members are emailed about tournaments (``tournaments.services.notices``):
each sent once, after the commit, in the member's language, with a link to the page
concerned and how to turn it off; none to a member who turned it off."""

from __future__ import annotations

import re
from datetime import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from club import services as club_services
from club.models import SentNotice
from tournaments import services
from tournaments.management.commands.send_reminders import Command
from tournaments.models import Entry, EntryStatus
from tournaments.services import notices
from tournaments.services.registration import promote_waiting

from .day import play_round, play_table

pytestmark = pytest.mark.django_db

SITE = "http://127.0.0.1:8000"


def _local(*args) -> datetime:
    return timezone.make_aware(datetime(*args))


def _opt_out(member, kind):
    club_services.member_update_profile(member=member, notices={kind: False})


def _to(outbox, member):
    return [m for m in outbox if m.to == [member.email]]


# ----------------------------------------------------------------- partner request
def test_the_named_partner_is_asked_once_in_french_with_the_tournaments_link(
    make_tournament, make_member, mailoutbox, django_capture_on_commit_callbacks
):
    t = make_tournament(format="pairs", name="Tournoi du jeudi")
    a = make_member(first_name="Réjean", last_name="Côté")
    b = make_member(preferred_language="fr")
    with django_capture_on_commit_callbacks(execute=True):
        entry = services.registration_create(tournament=t, member=a, partner=b)
    [mail] = mailoutbox
    assert mail.to == [b.email]
    assert mail.subject == "Confirmez votre équipe : Tournoi du jeudi"
    assert "Réjean Côté a inscrit une équipe avec vous à Tournoi du jeudi" in mail.body
    assert f"{SITE}/tournaments/{t.pk}/" in mail.body
    assert "« Demandes de partenariat »" in mail.body and f"{SITE}/accounts/profile/" in mail.body
    # Told again about the same entry: nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        assert notices.notify_partner_request(entry) == []
    assert len(mailoutbox) == 1
    assert SentNotice.objects.get(kind="partner_request").sent_at is not None


def test_an_english_partner_is_asked_in_english(
    make_tournament, make_member, mailoutbox, django_capture_on_commit_callbacks
):
    t = make_tournament(format="pairs", name="Thursday pairs")
    a, b = make_member(first_name="Ann", last_name="Lee"), make_member(preferred_language="en")
    with django_capture_on_commit_callbacks(execute=True):
        services.registration_create(tournament=t, member=a, partner=b)
    [mail] = mailoutbox
    assert mail.subject == "Confirm your partnership: Thursday pairs"
    assert "Ann Lee registered a pair with you for Thursday pairs" in mail.body
    assert "untick it there" in mail.body


def test_a_partner_who_turned_the_requests_off_gets_no_email(
    make_tournament, make_member, mailoutbox, django_capture_on_commit_callbacks
):
    t = make_tournament(format="pairs")
    a, b = make_member(), make_member()
    _opt_out(b, "partner_request")
    with django_capture_on_commit_callbacks(execute=True):
        entry = services.registration_create(tournament=t, member=a, partner=b)
    assert entry.status == EntryStatus.PENDING and mailoutbox == []
    assert not SentNotice.objects.exists()


def test_a_registration_rolled_back_sends_nothing(
    make_tournament, make_member, mailoutbox, django_capture_on_commit_callbacks
):
    """The partner is asked only by a registration that is saved."""
    t = make_tournament(format="pairs")
    a, b = make_member(), make_member()
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            services.registration_create(tournament=t, member=a, partner=b)
            raise RuntimeError("rolled back")
    assert mailoutbox == [] and not SentNotice.objects.exists() and not Entry.objects.exists()


# ----------------------------------------------------------------- off the waiting list
def test_moving_up_from_the_waiting_list_is_told_once(
    make_tournament, make_member, mailoutbox, django_capture_on_commit_callbacks
):
    t = make_tournament(capacity=1, name="Tournoi du mardi")
    first, second = make_member(), make_member(preferred_language="en")
    e1 = services.registration_create(tournament=t, member=first)
    e2 = services.registration_create(tournament=t, member=second)
    assert e2.status == EntryStatus.WAITING
    with django_capture_on_commit_callbacks(execute=True):
        services.registration_withdraw(entry=e1, member=first)
    [mail] = mailoutbox
    assert mail.to == [second.email]
    assert mail.subject == "A place for you: Tournoi du mardi"
    assert "has left the waiting list and is confirmed" in mail.body
    assert f"{SITE}/tournaments/{t.pk}/" in mail.body
    e2.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        assert notices.notify_promoted(e2) == []
        promote_waiting(tournament=t)
    assert len(mailoutbox) == 1


def test_moving_up_in_french_and_not_to_whoever_turned_it_off(
    make_tournament, make_member, director, mailoutbox, django_capture_on_commit_callbacks
):
    t = make_tournament(capacity=1)
    services.registration_create(tournament=t, member=make_member())
    fr, off = make_member(preferred_language="fr"), make_member()
    services.registration_create(tournament=t, member=fr)
    services.registration_create(tournament=t, member=off)
    _opt_out(off, "waiting_list")
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_update(tournament=t, by=director, capacity=3)
    [mail] = mailoutbox
    assert mail.to == [fr.email] and mail.subject == "Une place pour vous : Tournoi du jeudi"
    assert "a quitté la liste d'attente et est confirmée" in mail.body


# ----------------------------------------------------------------- results
@pytest.fixture
def played(make_tournament, add_present, director):
    """A one-round tournament of 8 players, its games complete, still running."""
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1, name="Le 500 d'hiver")
    entries = add_present(t, 8)
    rnd = play_round(t, director)
    for table in (1, 2):
        play_table(rnd, table, 1)
    return t, entries


def test_finishing_emails_each_player_their_place_and_the_top_once(
    played, director, mailoutbox, django_capture_on_commit_callbacks
):
    t, entries = played
    english = entries[1].player
    english.preferred_language = "en"
    english.save(update_fields=["preferred_language"])
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_transition(tournament=t, by=director, to="finished")
    assert sorted(m.to[0] for m in mailoutbox) == sorted(e.player.email for e in entries)
    mine = _to(mailoutbox, entries[0].player)[0]
    assert mine.subject == "Résultats : Le 500 d'hiver"
    assert re.search(r"Votre rang : \d sur 8, avec -?\d+ points\.", mine.body)
    assert "Le haut du classement :" in mine.body
    assert len(re.findall(r"^\d=?\. .+ — -?\d+$", mine.body, re.M)) == notices.RESULTS_TOP
    assert f"{SITE}/tournaments/{t.pk}/standings/" in mine.body
    theirs = _to(mailoutbox, english)[0]
    assert theirs.subject == "Results: Le 500 d'hiver" and "Your place: " in theirs.body
    # Reopened and finished again: no second email.
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_transition(tournament=t, by=director, to="running", reason="Typo")
        services.tournament_transition(tournament=t, by=director, to="finished")
    assert len(mailoutbox) == 8


def test_both_members_of_a_pair_get_the_pairs_place(
    make_tournament, add_present, director, mailoutbox, django_capture_on_commit_callbacks
):
    t = make_tournament(status="running", format="pairs", rounds_total=1, hands_per_game=1)
    entries = add_present(t, 4)
    rnd = play_round(t, director)
    for table in (1, 2):
        play_table(rnd, table, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_transition(tournament=t, by=director, to="finished")
    assert len(mailoutbox) == 8
    for entry in entries:
        places = {
            re.search(r"Votre rang : (\d) sur 4,", m.body).group(1)
            for m in _to(mailoutbox, entry.player) + _to(mailoutbox, entry.partner)
        }
        assert len(places) == 1


def test_results_go_to_no_one_who_turned_them_off(
    played, director, mailoutbox, django_capture_on_commit_callbacks
):
    t, entries = played
    _opt_out(entries[0].player, "results")
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_transition(tournament=t, by=director, to="finished")
    assert len(mailoutbox) == 7 and _to(mailoutbox, entries[0].player) == []


def test_the_standings_are_computed_once_for_all_the_results(
    played, director, mailoutbox, django_capture_on_commit_callbacks, monkeypatch
):
    t, _entries = played
    calls = []
    real = notices.standings_page_cached
    monkeypatch.setattr(
        notices, "standings_page_cached", lambda tt: calls.append(tt.pk) or real(tt)
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_transition(tournament=t, by=director, to="finished")
    assert calls == [t.pk] and len(mailoutbox) == 8


# ----------------------------------------------------------------- the day before
@pytest.fixture
def tomorrow(make_tournament, make_member):
    """A pairs tournament on Thursday 3 December 2026 at 19:00 (Montréal): a confirmed
    pair, a pending one, a withdrawn member, and the run's moment (Wednesday 10:00)."""
    t = make_tournament(
        format="pairs", name="Le jeudi soir", starts_at=_local(2026, 12, 3, 19, 0), capacity=1
    )
    a, b = make_member(first_name="Ana"), make_member(first_name="Bob", preferred_language="en")
    services.partner_confirm(
        entry=services.registration_create(tournament=t, member=a, partner=b),
        member=b,
        accept=True,
    )
    c, d = make_member(), make_member()
    waiting = services.registration_create(tournament=t, member=c, partner=d)
    services.partner_confirm(entry=waiting, member=d, accept=True)
    pending = services.registration_create(
        tournament=t, member=make_member(), partner=make_member()
    )
    assert pending.status == EntryStatus.PENDING
    SentNotice.objects.all().delete()
    return t, a, b, _local(2026, 12, 2, 10, 0)


def _run(now: datetime) -> str:
    out = StringIO()
    call_command("send_reminders", "--now", now.isoformat(), stdout=out)
    return out.getvalue()


def test_the_command_reminds_the_confirmed_members_once_and_says_so(
    tomorrow, mailoutbox, django_capture_on_commit_callbacks
):
    t, a, b, now = tomorrow
    with django_capture_on_commit_callbacks(execute=True):
        output = _run(now)
    assert output.splitlines() == [
        "Le jeudi soir (2026-12-03 19:00): 2 reminder(s)",
        f"  {a.email}",
        f"  {b.email}",
        "2 reminder(s) sent.",
    ]
    fr, en = _to(mailoutbox, a)[0], _to(mailoutbox, b)[0]
    assert fr.subject == "Demain : Le jeudi soir"
    assert "le tournoi a lieu demain, jeudi 3 décembre, 19:00" in fr.body
    assert "Votre partenaire : Bob Testeur." in fr.body and "Lieu : Salle du club." in fr.body
    assert f"{SITE}/tournaments/{t.pk}/" in fr.body and "« Rappel la veille »" in fr.body
    assert en.subject == "Tomorrow: Le jeudi soir"
    assert "the tournament is tomorrow, Thursday 3 December, 19:00" in en.body
    assert "Your partner: Ana Testeur." in en.body
    # The next hour's run: nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        assert _run(now.replace(hour=11)).splitlines() == ["No reminder sent."]
    assert len(mailoutbox) == 2


@pytest.mark.parametrize(
    "moment",
    [(2026, 12, 2, 8, 59), (2026, 12, 1, 12, 0), (2026, 12, 3, 9, 0)],
    ids=["before-9-the-day-before", "two-days-before", "on-the-day"],
)
def test_no_reminder_outside_the_day_before(
    tomorrow, moment, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        assert _run(_local(*moment)).splitlines() == ["No reminder sent."]
    assert mailoutbox == []


def test_no_reminder_to_whoever_turned_it_off_nor_of_a_cancelled_tournament(
    tomorrow, director, mailoutbox, django_capture_on_commit_callbacks
):
    t, a, b, now = tomorrow
    _opt_out(a, "reminder")
    with django_capture_on_commit_callbacks(execute=True):
        assert notices.reminders_send(now) == [(t, [b])]
    assert [m.to for m in mailoutbox] == [[b.email]]
    other = services.tournament_copy(source=t, by=director, starts_at=t.starts_at)
    services.tournament_transition(tournament=other, by=director, to="cancelled")
    assert list(notices.reminders_due(now)) == [t]


class BrokenBackend:
    """A mail server that refuses every message."""

    def __init__(self, *args, **kwargs):
        pass

    def open(self):
        return True

    def close(self):
        pass

    def send_messages(self, messages):
        raise OSError("the mail server is down")


def test_the_command_exits_1_when_the_mail_server_fails_and_does_not_retry(
    transactional_db, tomorrow, settings, caplog
):
    """The failure is logged, written on the notice, and the exit status says so; the
    next run does not send it again. (Committed for real, as from cron: the emails leave
    as each tournament's transaction commits, before the command reports.)"""
    _t, a, _b, now = tomorrow
    settings.EMAIL_BACKEND = f"{__name__}.BrokenBackend"
    argv = ["manage.py", "send_reminders", "--now", now.isoformat()]
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exit:
        Command(stdout=out, stderr=err).run_from_argv(argv)
    assert exit.value.code == 1
    assert "2 of 2 reminder(s) not sent" in err.getvalue()
    assert f"  {a.email}: failed" in out.getvalue()
    assert "notices: reminder to" in caplog.text
    assert SentNotice.objects.filter(kind="reminder", sent_at=None).count() == 2
    assert "the mail server is down" in SentNotice.objects.get(member=a).error
    out = StringIO()
    Command(stdout=out, stderr=StringIO()).run_from_argv(argv)
    assert out.getvalue().splitlines() == ["No reminder sent."]


# ----------------------------------------------------------------- your table is ready
def test_table_ready_goes_once_per_round_and_not_to_whoever_turned_it_off(
    make_tournament, add_present, director, mailoutbox, django_capture_on_commit_callbacks
):
    """The banner on the site stays for everyone: only the email is a notice."""
    t = make_tournament(status="running", rounds_total=1, hands_per_game=1)
    entries = add_present(t, 8)
    off = entries[0].player
    _opt_out(off, "table_ready")
    with django_capture_on_commit_callbacks(execute=True):
        rnd = play_round(t, director, online=True)
    assert len(mailoutbox) == 7 and _to(mailoutbox, off) == []
    off.refresh_from_db()
    assert off.table_ready is not None
    mail = _to(mailoutbox, entries[1].player)[0]
    assert f"{SITE}/tables/" in mail.body and "« Votre table est prête »" in mail.body
    with django_capture_on_commit_callbacks(execute=True):
        assert notices.notify_table_ready(rnd, {entries[1].player.pk: 1}) == []
    assert len(mailoutbox) == 7
