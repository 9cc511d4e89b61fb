"""The back office in Chromium, in French, on a phone (390x844) and a laptop (1366x800):
the secretary finds a newcomer, approves her, makes her a director, deactivates a
duplicate account after merging it, and finds all of it in the activity log; no page
is wider than the screen."""

from __future__ import annotations

import os
from pathlib import Path

from django.contrib.auth.models import Group
from playwright.sync_api import expect

from club.models import User
from club.roles import SECRETARIES_GROUP, ensure_director_group
from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_tournament_day_browser import (  # noqa: F401 (open_context: a fixture)
    closed_day_and_admin,
    open_context,
)

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))


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


def test_the_secretary_deactivates_an_account_and_reactivates_it(device_page, make_member):
    """The member's page in the back office: "Désactiver le compte" shuts the account
    (it says so), "Réactiver le compte" opens it again; both are in the activity log."""
    page = device_page

    def setup():
        ensure_director_group()
        secretary = make_member(first_name="Lucie", last_name="Bélanger", preferred_language="fr")
        secretary.groups.add(Group.objects.get(name=SECRETARIES_GROUP))
        return secretary, make_member(first_name="Normand", last_name="Côté")

    secretary, normand = in_thread(setup)
    log_in(page, secretary)
    page.goto(f"/office/members/{normand.pk}/")
    page.get_by_test_id("office-deactivate").click()
    expect(page.locator(".message").first).to_contain_text("Le compte de Normand Côté")
    expect(page.get_by_test_id("office-status")).to_have_text(
        "Compte désactivé : connexion impossible"
    )
    fits(page)
    assert in_thread(lambda: User.objects.get(pk=normand.pk).is_active) is False
    page.get_by_test_id("office-reactivate").click()
    expect(page.get_by_test_id("office-status")).to_have_text("Compte actif et approuvé")
    assert in_thread(lambda: User.objects.get(pk=normand.pk).is_active) is True
    page.goto("/office/activity/?q=C%C3%B4t%C3%A9")
    log = page.get_by_test_id("activity-entries")
    expect(log).to_contain_text("a désactivé le compte de Normand Côté")
    expect(log).to_contain_text("a réactivé le compte de Normand Côté")
    fits(page)


#: The admin page's width against the screen's, and what leaves the screen outside a
#: box that scrolls (the changelist's table scrolls inside its own box).
ADMIN_FITS = """() => {
  const W = document.documentElement.clientWidth;
  const scrolls = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true; } return false; };
  const out = [...document.querySelectorAll('#container *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > W + 1 && !scrolls(e);
  }).map((e) => e.tagName + '.' + e.className).slice(0, 5);
  return { wide: document.documentElement.scrollWidth - W, out };
}"""


def test_the_technical_admin_is_branded_french_and_fits_a_laptop(
    make_member,
    open_context,  # noqa: F811 (the imported fixture, by name)
):
    """/admin/ on a 1366x800 laptop, in French: every page of it says it is the club's
    technical administration, its home sends members' work to the back office, and no
    page (the index, each list, a member's form) is wider than the screen."""
    admin, people, _t = in_thread(lambda: closed_day_and_admin(make_member))
    member = people[0]
    page = open_context({"width": 1366, "height": 800})
    log_in(page, admin)
    page.goto("/admin/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#site-name")).to_have_text("Club 500 · administration technique")
    expect(page.locator("#content h1")).to_contain_text("se fait au secrétariat")
    lists = page.locator("#content-main th[scope=row] a").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href'))"
    )
    assert len(lists) >= 15, lists
    problems = {}
    for url in ["/admin/", *lists, f"/admin/club/user/{member.pk}/change/"]:
        page.goto(url)
        expect(page.locator("#site-name")).to_have_text("Club 500 · administration technique")
        measured = page.evaluate(ADMIN_FITS)
        if measured["wide"] > 0 or measured["out"]:
            problems[url] = measured
    page.goto("/admin/club/activitylog/")
    expect(page.locator(".paginator")).to_contain_text("entrées du journal d'activité")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "admin-activity-laptop.png"))
    assert problems == {}
