"""The notices machinery (``club.notices``): the kinds, each member's choices on the
profile, one email per notice after the commit, and a failing mail server."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import Group
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from club import services
from club.models import SentNotice
from club.notices import KINDS, notice_kind, notice_wanted, notices_send

pytestmark = pytest.mark.django_db

PROFILE = {"first_name": "Marie", "last_name": "Tremblay", "preferred_language": "fr"}


def _context():
    tournament = SimpleNamespace(name="Le jeudi soir", starts_at=timezone.now())
    return {"tournament": tournament, "url": "http://127.0.0.1:8000/tournaments/1/"}


def test_every_kind_has_a_label_a_sentence_and_its_templates_and_unknown_ones_fail():
    from django.template.loader import get_template

    for kind in KINDS.values():
        assert str(kind.label) and str(kind.description).endswith(".")
        get_template(f"{kind.template}.txt"), get_template(f"{kind.template}_subject.txt")
    with pytest.raises(ValueError, match="unknown notice kind"):
        notice_kind("newsletter")


def test_the_profile_lists_every_notice_in_french_all_on_by_default(member_client):
    html = member_client.get(reverse("profile")).content.decode()
    assert "Courriels du club" in html
    for label in (
        "Rappel la veille",
        "Sortie de la liste d&#x27;attente",
        "Demandes de partenariat",
        "Votre table est prête",
        "Résultats",
    ):
        assert label in html
    assert "La veille d&#x27;un tournoi où vous avez une inscription" in html
    assert html.count('type="checkbox"') == len(KINDS) and html.count(" checked") == len(KINDS)


def test_the_profile_saves_the_choices_and_shows_them_again(member_client, member):
    data = {**PROFILE, "notice_reminder": "on", "notice_table_ready": "on"}
    assert member_client.post(reverse("profile"), data).status_code == 302
    member.refresh_from_db()
    assert {k: notice_wanted(member, k) for k in KINDS} == {
        "reminder": True,
        "waiting_list": False,
        "partner_request": False,
        "table_ready": True,
        "results": False,
    }
    html = member_client.get(reverse("profile")).content.decode()
    assert html.count(" checked") == 2
    assert re.search(r'<input type="checkbox" name="notice_reminder"[^>]* checked', html)


def test_a_profile_refused_saves_no_choice_and_keeps_what_was_ticked(
    member_client, member, make_member
):
    make_member(member_number="Q-1")
    data = {**PROFILE, "member_number": "Q-1", "notice_results": "on"}
    response = member_client.post(reverse("profile"), data)
    assert response.status_code == 200 and "existe déjà" in response.content.decode()
    member.refresh_from_db()
    assert member.notice_choices == {}
    assert response.content.decode().count(" checked") == 1


def test_a_notice_leaves_once_after_the_commit_in_the_members_language(
    make_member, mailoutbox, django_capture_on_commit_callbacks
):
    fr, en = make_member(preferred_language="fr"), make_member(preferred_language="en")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with transaction.atomic():
            sent = notices_send(
                kind="waiting_list", members=[fr, en, fr], key=7, context=_context()
            )
            assert sent == [fr, en] and mailoutbox == []
    assert len(callbacks) == 1
    subjects = {m.to[0]: m.subject for m in mailoutbox}
    assert subjects == {
        fr.email: "Une place pour vous : Le jeudi soir",
        en.email: "A place for you: Le jeudi soir",
    }
    with django_capture_on_commit_callbacks(execute=True):
        assert notices_send(kind="waiting_list", members=[fr, en], key=7, context=_context()) == []
        assert notices_send(kind="waiting_list", members=[fr], key=8, context=_context()) == [fr]
    assert len(mailoutbox) == 3
    assert SentNotice.objects.filter(sent_at__isnull=False).count() == 3


def test_nothing_leaves_when_the_change_rolls_back(
    make_member, mailoutbox, django_capture_on_commit_callbacks
):
    member = make_member()
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            notices_send(kind="results", members=[member], key=1, context=_context())
            raise RuntimeError("rolled back")
    assert mailoutbox == [] and not SentNotice.objects.exists()


def test_no_notice_to_whoever_turned_it_off_nor_to_an_inactive_account(
    make_member, mailoutbox, django_capture_on_commit_callbacks
):
    off, gone, on = make_member(), make_member(is_active=False), make_member()
    services.member_update_profile(member=off, notices={"waiting_list": False})
    assert not notice_wanted(off, "waiting_list") and notice_wanted(off, "results")
    with django_capture_on_commit_callbacks(execute=True):
        sent = notices_send(kind="waiting_list", members=[off, gone, on], key=1, context=_context())
    assert sent == [on] and [m.to for m in mailoutbox] == [[on.email]]


def test_the_profile_service_refuses_an_unknown_notice(member):
    with pytest.raises(ValueError):
        services.member_update_profile(member=member, notices={"newsletter": True})


class BrokenServer:
    """A mail server that cannot be reached."""

    def __init__(self, *args, **kwargs):
        pass

    def open(self):
        raise ConnectionRefusedError("connection refused")

    def close(self):
        pass


def test_a_failing_mail_server_is_logged_and_the_change_stands(
    make_member, mailoutbox, settings, caplog, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = f"{__name__}.BrokenServer"
    member = make_member()
    with django_capture_on_commit_callbacks(execute=True):
        sent = notices_send(kind="results", members=[member], key=1, context=_context())
    assert sent == [member]
    row = SentNotice.objects.get()
    assert row.sent_at is None and "connection refused" in row.error
    assert "notices: results to 1 member(s) not sent" in caplog.text
    # Not tried again.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with django_capture_on_commit_callbacks(execute=True):
        assert notices_send(kind="results", members=[member], key=1, context=_context()) == []
    assert mailoutbox == []


def test_a_merge_keeps_one_notice_of_each_and_moves_the_others(make_member):
    """Both accounts were sent the same notice: the kept account keeps its own; the
    duplicate's other notices move to it (the merge is not refused for them)."""
    from club import office
    from club.roles import SECRETARIES_GROUP, ensure_director_group

    ensure_director_group()
    secretary = make_member()
    secretary.groups.add(Group.objects.get(name=SECRETARIES_GROUP))
    twin, kept = make_member(), make_member()
    for member, key in ((twin, "1"), (kept, "1"), (twin, "2")):
        SentNotice.objects.create(kind="results", member=member, key=key)
    office.member_merge(duplicate=twin, into=kept, by=secretary)
    assert sorted(SentNotice.objects.values_list("member_id", "key")) == [
        (kept.pk, "1"),
        (kept.pk, "2"),
    ]
