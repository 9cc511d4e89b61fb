"""Who may see what: visitors, members, directors, admins."""

import pytest
from django.urls import reverse

from club.models import ActivityLog, ClubSettings
from club.roles import DIRECTORS_GROUP

pytestmark = pytest.mark.django_db

MEMBER_PAGES = ["profile", "member_list", "password_change"]


@pytest.mark.parametrize("name", MEMBER_PAGES + ["approvals"])
def test_visitors_are_sent_to_log_in(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login") + "?next=")


def test_member_page_needs_login(client, member):
    response = client.get(reverse("member_detail", args=[member.pk]))
    assert response.status_code == 302


@pytest.mark.parametrize("name", MEMBER_PAGES)
def test_members_see_member_pages(member_client, name):
    assert member_client.get(reverse(name)).status_code == 200


def test_approvals_page_is_403_for_members_in_their_language(member_client):
    response = member_client.get(reverse("approvals"))
    assert response.status_code == 403
    assert "Cette page est réservée aux directeurs du club." in response.content.decode()


def test_director_approves_a_member_and_it_is_logged(director_client, director, make_member):
    newcomer = make_member(first_name="Léo", last_name="Nouveau", is_approved=False)
    page = director_client.get(reverse("approvals"))
    assert "Léo Nouveau" in page.content.decode()
    response = director_client.post(reverse("approvals"), {"member": newcomer.pk})
    assert response.status_code == 302
    newcomer.refresh_from_db()
    assert newcomer.is_approved and newcomer.approved_at is not None
    entry = ActivityLog.objects.get(kind="member.approved")
    assert entry.actor == director and entry.subject_id == str(newcomer.pk)


def test_directors_group_holds_the_director_permissions(director):
    assert director.groups.filter(name=DIRECTORS_GROUP).exists()
    assert director.is_director
    assert director.has_perm("club.run_tournaments") and director.has_perm("club.approve_members")


def test_club_setting_can_require_approval_before_tournament_registration(make_member):
    newcomer = make_member(is_approved=False)
    assert newcomer.can_register_for_tournaments
    ClubSettings.objects.update_or_create(pk=1, defaults={"require_member_approval": True})
    assert not newcomer.can_register_for_tournaments
    newcomer.is_approved = True
    assert newcomer.can_register_for_tournaments


def test_admin_is_for_staff_only(member_client, client, make_member):
    assert member_client.get("/admin/").status_code == 302
    admin = make_member(is_staff=True, is_superuser=True)
    client.force_login(admin)
    assert client.get("/admin/").status_code == 200
    listing = client.get("/admin/club/user/?q=Tremblay&is_approved__exact=1")
    assert listing.status_code == 200


def test_member_directory_search_and_htmx_partial(member_client, make_member):
    make_member(first_name="Gaétan", last_name="Gagnon", member_number="Q500-002")
    page = member_client.get(reverse("member_list"), {"q": "gagnon"})
    assert [m.get_full_name() for m in page.context["page"]] == ["Gaétan Gagnon"]
    partial = member_client.get(reverse("member_list"), {"q": "Q500-002"}, HTTP_HX_REQUEST="true")
    assert "<html" not in partial.content.decode() and "Gaétan" in partial.content.decode()


def test_member_directory_queries_do_not_grow_with_the_club(
    member_client, make_member, django_assert_max_num_queries
):
    for n in range(30):
        make_member(first_name=f"M{n}")
    with django_assert_max_num_queries(8):
        member_client.get(reverse("member_list"))


def test_member_page_shows_contact_details_to_directors_only(
    member_client, client, make_member, director
):
    other = make_member(phone="819 555-0000")
    assert (
        "819 555-0000"
        not in member_client.get(reverse("member_detail", args=[other.pk])).content.decode()
    )
    client.force_login(director)
    assert "819 555-0000" in client.get(reverse("member_detail", args=[other.pk])).content.decode()
