"""The back office in Chromium, in French, on a phone (390x844) and a laptop (1366x800):
the secretary finds a newcomer, approves her, makes her a director, deactivates a
duplicate account after merging it, and finds all of it in the activity log; no page
is wider than the screen."""

from __future__ import annotations

from django.contrib.auth.models import Group
from playwright.sync_api import expect

from club.models import User
from club.roles import SECRETARIES_GROUP, ensure_director_group
from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in


def fits(page):
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []


def test_the_secretary_approves_gives_a_role_merges_and_reads_the_log(device_page, make_member):
    page = device_page

    def setup():
        ensure_director_group()
        secretary = make_member(first_name="Lucie", last_name="Bélanger", preferred_language="fr")
        secretary.groups.add(Group.objects.get(name=SECRETARIES_GROUP))
        newcomer = make_member(
            first_name="Ginette",
            last_name="Bergeron",
            email="ginette@example.com",
            is_approved=False,
        )
        twin = make_member(
            first_name="Ginette",
            last_name="Bergeron",
            email="gbergeron.vieux@example.com",
            member_number="B-204",
        )
        return secretary, newcomer, twin

    secretary, newcomer, twin = in_thread(setup)
    log_in(page, secretary)
    page.goto("/office/?show=pending")
    expect(page.locator("h1")).to_have_text("Secrétariat")
    rows = page.get_by_test_id("office-members")
    expect(rows).to_contain_text("ginette@example.com")
    expect(rows).not_to_contain_text("gbergeron.vieux@example.com")  # approved already
    fits(page)
    page.screenshot(path="/tmp/office-list.png", full_page=True)

    rows.get_by_role("link", name="Ginette Bergeron").click()
    page.get_by_test_id("office-approve").click()
    expect(page.locator(".messages, [role=status], .message").first).to_contain_text("est approuvé")
    expect(page.get_by_test_id("office-status")).to_have_text("Compte actif et approuvé")
    roles = page.get_by_test_id("office-roles")
    expect(roles).to_contain_text("Dirige les tournois")
    roles.get_by_label("Directeur ou directrice").check()
    roles.get_by_role("button", name="Enregistrer les rôles").click()
    expect(
        page.get_by_test_id("office-roles").get_by_label("Directeur ou directrice")
    ).to_be_checked()
    fits(page)
    page.screenshot(path="/tmp/office-member.png", full_page=True)

    # The old account: merged into the one she uses, then deactivated.
    page.goto(f"/office/members/{twin.pk}/?merge_q=ginette%40example")
    merge = page.get_by_test_id("office-merge")
    merge.get_by_role("checkbox").check()
    merge.get_by_role("button", name="Fusionner").click()
    expect(page).to_have_url(f"{page.url.split('/office/')[0]}/office/members/{newcomer.pk}/")
    expect(page.get_by_test_id("office-member-log")).to_contain_text("a fusionné le compte")

    page.goto("/office/activity/?q=Bergeron")
    log = page.get_by_test_id("activity-entries")
    for text in ("a approuvé", "a fixé les rôles de Ginette Bergeron", "a fusionné le compte"):
        expect(log).to_contain_text(text)
    fits(page)
    page.screenshot(path="/tmp/office-activity.png", full_page=True)

    def after():
        kept = User.objects.get(pk=newcomer.pk)
        old = User.objects.get(pk=twin.pk)
        return kept.is_director, kept.member_number, old.is_active

    assert in_thread(after) == (True, "B-204", False)
