"""An invite-only table opened without the invitation, and the site icon on pages
outside the site's layout (issue 15, point 5)."""

from __future__ import annotations

import re

from django.urls import reverse
from playwright.sync_api import expect

from games import services
from games.models import Table
from tests.browser.network import InFlight
from tests.browser.table_helpers import in_thread, log_in


def _private_table(make_member):
    host = make_member(first_name="Hôte", last_name="Privé")
    return in_thread(
        lambda: services.table_create(
            host=host, name="Partie privée", visibility=Table.Visibility.INVITE
        )
    )


def _refused_then_back_to_lobby(page, guest, table, heading):
    log_in(page, guest)
    response = page.goto(f"/tables/{table.pk}/")
    assert response.status == 403
    box = page.get_by_test_id("invite-only")
    expect(box.get_by_role("heading")).to_have_text(heading)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.get_by_test_id("back-to-lobby").click()
    expect(page).to_have_url(re.compile(re.escape(reverse("games:lobby")) + "$"))


def test_an_invite_only_table_says_so_and_leads_back_to_the_lobby_on_a_phone(
    phone_page, make_member
):
    table = _private_table(make_member)
    guest = make_member(first_name="Invitée", last_name="Pas", preferred_language="fr")
    _refused_then_back_to_lobby(phone_page, guest, table, "Cette table est sur invitation")
    phone_page.screenshot(path="/tmp/shots/invite-only-phone.png")


def test_an_invite_only_table_says_so_on_a_laptop(browser_page, make_member):
    table = _private_table(make_member)
    guest = make_member(first_name="Guest", last_name="Not", preferred_language="en")
    _refused_then_back_to_lobby(browser_page, guest, table, "This table is invite-only")


def test_the_site_icon_never_404s_on_admin_and_print_pages(browser_page, make_member):
    from tests.tournaments.day import play_round
    from tournaments import services as tournament_services
    from tournaments.models import Entry, EntryStatus, Tournament

    director = make_member(
        first_name="Josée",
        last_name="Directrice",
        director=True,
        is_staff=True,
        is_superuser=True,
        preferred_language="fr",
    )

    def setup():
        from django.utils import timezone

        t = tournament_services.tournament_create(
            by=director, name="Jeudi", starts_at=timezone.now()
        )
        Tournament.objects.filter(pk=t.pk).update(status="running", rounds_total=1)
        t.refresh_from_db()
        for _ in range(4):
            Entry.objects.create(
                tournament=t,
                player=make_member(),
                status=EntryStatus.CONFIRMED,
                checked_in=True,
                checked_in_at=timezone.now(),
            )
        play_round(t, director)
        return t

    tournament = in_thread(setup)
    page = browser_page
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status == 404 else None)
    requests = InFlight(page)
    log_in(page, director)
    for url in (
        "/admin/",
        reverse("tournaments:cards", args=[tournament.pk, 1]),
        reverse("tournaments:sheets", args=[tournament.pk, 1]),
    ):
        page.goto(url)
        requests.wait_idle(url)  # the icon is asked for once the page has loaded
    icon = page.request.get("/favicon.ico")
    assert icon.ok and "svg" in icon.headers["content-type"]
    assert missing == []
