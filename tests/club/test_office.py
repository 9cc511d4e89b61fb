"""The back office: the secretary approves, gives roles with a sentence each,
deactivates, merges a duplicate account; the activity log is searchable. Directors see
the members and approve; only secretaries and admins change roles and accounts."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from club import office
from club.models import ActivityLog, User
from club.roles import DIRECTORS_GROUP, SECRETARIES_GROUP, ensure_director_group
from games import services as games_services
from games.models import ChatMessage, Seat, Table
from tests.conftest import PASSWORD
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db
WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.fixture
def secretary(make_member):
    ensure_director_group()
    user = make_member(first_name="Lucie", last_name="Secrétaire", email="lucie@example.com")
    user.groups.add(Group.objects.get(name=SECRETARIES_GROUP))
    return user


@pytest.fixture
def secretary_client(client, secretary):
    client.force_login(secretary)
    return client


def change(client, member, **data):
    return client.post(reverse("office_member_change", args=[member.pk]), data)


# ------------------------------------------------------------------ who may
@pytest.mark.parametrize("name", ["office_members", "office_activity"])
def test_members_get_403_and_visitors_the_login(client, member, name):
    assert client.get(reverse(name)).status_code == 302
    client.force_login(member)
    assert client.get(reverse(name)).status_code == 403


def test_a_director_sees_the_members_and_approves_but_cannot_change_roles(
    director_client, make_member
):
    newcomer = make_member(first_name="Léo", last_name="Nouveau", is_approved=False)
    html = director_client.get(reverse("office_members") + "?show=pending").content.decode()
    assert "Léo Nouveau" in html and "Secrétariat" in html
    page = director_client.get(reverse("office_member", args=[newcomer.pk])).content.decode()
    assert 'data-testid="office-approve"' in page
    assert 'data-testid="office-roles"' not in page  # roles are the secretary's
    assert change(director_client, newcomer, action="approve").status_code == 302
    newcomer.refresh_from_db()
    assert newcomer.is_approved
    assert change(director_client, newcomer, action="deactivate").status_code == 403
    newcomer.refresh_from_db()
    assert newcomer.is_active


def test_roles_are_explained_each_by_a_sentence_in_french(secretary_client, member):
    html = secretary_client.get(reverse("office_member", args=[member.pk])).content.decode()
    assert "Directeur" in html and "Dirige les tournois" in html
    assert "Secrétaire" in html and "Tient la liste des membres" in html


# ------------------------------------------------------------------ roles
def test_the_secretary_gives_and_takes_back_the_director_role_logged(
    secretary_client, secretary, member
):
    change(secretary_client, member, action="roles", role=[DIRECTORS_GROUP])
    member = User.objects.get(pk=member.pk)
    assert member.is_director
    change(secretary_client, member, action="roles")
    member = User.objects.get(pk=member.pk)
    assert not member.is_director
    entries = ActivityLog.objects.filter(kind="member.roles").order_by("id")
    assert [e.data["after"] for e in entries] == [[DIRECTORS_GROUP], []]
    assert "Marie Tremblay" in entries[0].text and "Directeurs" in entries[0].text


def test_a_secretary_cannot_drop_her_own_role_nor_deactivate_herself(secretary_client, secretary):
    response = change(secretary_client, secretary, action="roles", role=[])
    assert response.status_code == 302
    page = secretary_client.get(response.url).content.decode()
    assert "Vous ne pouvez pas retirer votre propre rôle" in page
    assert secretary.groups.filter(name=SECRETARIES_GROUP).exists()
    change(secretary_client, secretary, action="deactivate")
    secretary.refresh_from_db()
    assert secretary.is_active


def test_an_unknown_role_changes_nothing(secretary, member):
    with pytest.raises(office.OfficeRefused):
        office.member_set_roles(member=member, roles=["Superusers"], by=secretary)
    assert not member.groups.exists()


def test_only_an_admin_changes_an_admins_account(secretary, make_member):
    admin = make_member(first_name="Ada", is_superuser=True, is_staff=True)
    with pytest.raises(office.OfficeRefused):
        office.member_set_active(member=admin, active=False, by=secretary)
    admin.refresh_from_db()
    assert admin.is_active


# ------------------------------------------------------------------ access
def test_a_deactivated_member_cannot_log_in_and_is_reactivated(secretary_client, client, member):
    change(secretary_client, member, action="deactivate")
    member.refresh_from_db()
    assert not member.is_active
    assert not client.login(email=member.email, password=PASSWORD)
    html = secretary_client.get(reverse("office_members") + "?show=inactive").content.decode()
    assert "Marie Tremblay" in html
    change(secretary_client, member, action="reactivate")
    member.refresh_from_db()
    assert member.is_active
    kinds = list(ActivityLog.objects.order_by("id").values_list("kind", flat=True))
    assert kinds[-2:] == ["member.deactivated", "member.reactivated"]


# ------------------------------------------------------------------ merge
def _finished_table(host, other):
    """A finished table where ``host`` sat (N, the host's seat) and ``other`` (E)."""
    table = games_services.table_create(host=host, name="Vendredi")
    games_services.table_join(table_id=table.pk, user=other, seat="E")
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    return table


def test_merging_moves_games_messages_entries_and_the_profile_then_deactivates(
    secretary_client, secretary, make_member
):
    kept = make_member(first_name="Réjean", last_name="Roy", email="rejean@example.com")
    twin = make_member(
        first_name="Rejean",
        last_name="Roy",
        email="rroy@example.com",
        member_number="A-17",
        phone="418 555-0101",
    )
    table = _finished_table(host=make_member(first_name="Hôte"), other=twin)
    ChatMessage.objects.create(
        table=table,
        user=twin,
        channel="players",
        name="Rejean Roy",
        text="Bonne partie!",
        created_at=timezone.now(),
    )
    done = Tournament.objects.create(name="Tournoi d'avril", starts_at=timezone.now())
    Entry.objects.create(tournament=done, player=twin)

    page = secretary_client.get(
        reverse("office_member", args=[twin.pk]) + "?merge_q=rejean@example"
    ).content.decode()
    assert 'data-testid="office-merge"' in page and "rejean@example.com" in page
    refused = change(secretary_client, twin, action="merge", into=kept.pk)  # not confirmed
    assert refused.status_code == 302
    assert Seat.objects.filter(user=twin).exists()

    response = change(secretary_client, twin, action="merge", into=kept.pk, confirm="yes")
    assert response.url == reverse("office_member", args=[kept.pk])
    assert Seat.objects.get(table=table, seat="E").user_id == kept.pk
    assert ChatMessage.objects.get(table=table).user_id == kept.pk
    assert Entry.objects.get(tournament=done).player_id == kept.pk
    kept.refresh_from_db()
    twin.refresh_from_db()
    assert (kept.member_number, kept.phone) == ("A-17", "418 555-0101")
    assert not twin.is_active and not twin.has_usable_password()
    assert twin.member_number is None
    entry = ActivityLog.objects.get(kind="member.merged")
    assert entry.data["moved"]["games.Seat.user"] == 1
    assert "rroy@example.com" in entry.text and "rejean@example.com" in entry.text


def test_a_merge_is_refused_whole_while_both_are_registered_for_one_tournament(
    secretary, make_member
):
    kept, twin = make_member(), make_member()
    table = _finished_table(host=kept, other=twin)
    coming = Tournament.objects.create(name="Tournoi de mai", starts_at=timezone.now())
    Entry.objects.create(tournament=coming, player=kept)
    Entry.objects.create(tournament=coming, player=twin)
    with pytest.raises(office.OfficeRefused, match="Tournoi de mai"):
        office.member_merge(duplicate=twin, into=kept, by=secretary)
    twin.refresh_from_db()
    assert twin.is_active
    assert Seat.objects.get(table=table, seat="E").user_id == twin.pk  # nothing moved


def test_a_merge_waits_for_the_end_of_a_live_table(secretary, make_member):
    kept, twin = make_member(), make_member()
    live = games_services.table_create(host=make_member(), name="En cours")
    games_services.table_join(table_id=live.pk, user=twin, seat="E")
    with pytest.raises(office.OfficeRefused, match="En cours"):
        office.member_merge(duplicate=twin, into=kept, by=secretary)
    assert Seat.objects.get(table=live, seat="E").user_id == twin.pk


def test_two_seats_at_one_table_refuse_the_merge_and_change_nothing(secretary, make_member):
    kept, twin = make_member(), make_member()
    table = _finished_table(host=kept, other=twin)
    with pytest.raises(office.OfficeRefused):
        office.member_merge(duplicate=twin, into=kept, by=secretary)
    assert Seat.objects.get(table=table, seat="E").user_id == twin.pk
    assert User.objects.get(pk=twin.pk).is_active


# ------------------------------------------------------------------ activity log
def test_the_activity_log_is_searched_by_name_and_kind(secretary_client, secretary, member):
    office.member_set_active(member=member, active=False, by=secretary)
    office.member_set_active(member=member, active=True, by=secretary)
    url = reverse("office_activity")
    html = secretary_client.get(url + "?q=Tremblay").content.decode()
    assert html.count("Marie Tremblay") == 2
    html = secretary_client.get(url + "?q=Tremblay&kind=member.deactivated").content.decode()
    assert "a désactivé le compte de Marie Tremblay" in html
    assert "a réactivé" not in html
    assert "Rien ne correspond" in secretary_client.get(url + "?q=Zzyzx").content.decode()


def test_office_pages_write_nothing(secretary_client, member):
    for url in (
        reverse("office_members"),
        reverse("office_member", args=[member.pk]) + "?merge_q=marie",
        reverse("office_activity") + "?q=a",
    ):
        with CaptureQueriesContext(connection) as queries:
            assert secretary_client.get(url).status_code == 200
        writes = [q["sql"] for q in queries if q["sql"].split()[0] in WRITES]
        assert writes == [], url
