"""A tournament day in Chromium: check-in, draw, swap, publish; a phone follows live.

The director checks players in (search as you type, htmx toggles), draws round 1,
swaps two players across tables and publishes. A player's phone, open on the
tournament page since before the draw, shows the player's new table and seat without
a reload (WebSocket -> htmx re-fetch).
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.table_helpers import log_in
from tournaments.models import Entry, Position, Round, Seat, Tournament

SEAT_LABELS_FR = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"}


def in_thread(fn):
    """ORM/services in another thread: Playwright's sync API runs a loop in this one."""

    def call():
        from django.db import connections

        try:
            return fn()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


def test_director_runs_round_one_and_a_phone_follows_live(browser_page, phone_page, make_member):
    names = ["Gaétan", "Sylvie", "Réjean", "Lise", "Normand", "Francine", "Denis", "Nicole"]

    def setup():
        director = make_member(director=True, first_name="Josée", last_name="Directrice")
        players = [make_member(first_name=n, last_name="Joueur") for n in names]
        tournament = Tournament.objects.create(
            name="Tournoi du jeudi",
            starts_at=timezone.now(),
            status="running",
            checkin_code="KEY42",
            rounds_total=3,
        )
        for p in players:
            Entry.objects.create(tournament=tournament, player=p)
        return director, players, tournament

    director, players, tournament = in_thread(setup)
    player = players[0]

    # The player's phone is on the tournament page before anything is drawn.
    phone = phone_page
    log_in(phone, player)
    phone.goto(f"/tournaments/{tournament.pk}/")
    expect(phone.locator("body")).to_have_attribute("data-socket", "open")
    expect(phone.get_by_test_id("my-seat")).not_to_contain_text("Table")

    # The director checks everybody in from the check-in page.
    page = browser_page
    log_in(page, director)
    page.goto(f"/tournaments/{tournament.pk}/check-in/")
    rows = page.get_by_test_id("checkin-row")
    expect(rows).to_have_count(8)
    page.locator("#checkin-search").fill("sylv")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Sylvie")
    page.locator("#checkin-search").fill("")
    expect(rows).to_have_count(8)
    for index in range(8):
        row = rows.nth(index)
        row.locator("button").click()
        expect(row).to_have_class(re.compile("is-present"))
    assert (
        in_thread(lambda: Entry.objects.filter(tournament=tournament, checked_in=True).count()) == 8
    )

    # Draw round 1 (a draft): two tables, nobody meets again yet.
    page.get_by_test_id("nav-rounds").click()
    page.get_by_test_id("draw").click()
    expect(page.get_by_test_id("round-status")).to_be_visible()
    expect(page.get_by_test_id("table-2")).to_be_visible()
    expect(page.get_by_test_id("no-repeats")).to_be_visible()

    def seat_of(entry_player):
        return Seat.objects.select_related("entry").get(
            round__tournament=tournament, round__number=1, entry__player=entry_player
        )

    mine = in_thread(lambda: seat_of(player))
    other = in_thread(
        lambda: (
            Seat.objects.select_related("entry__player")
            .filter(round__tournament=tournament, round__number=1)
            .exclude(table=mine.table)
            .exclude(position=mine.position)
            .first()
        )
    )

    # Swap the player with someone at the other table; the editor updates in place.
    page.get_by_test_id("swap-a").select_option(str(mine.entry_id))
    page.get_by_test_id("swap-b").select_option(str(other.entry_id))
    page.get_by_test_id("swap").click()
    expect(page.get_by_test_id(f"seat-{other.table}-{other.position}")).to_have_text(
        player.public_name
    )
    expect(page.get_by_test_id("round-editor")).to_have_attribute("data-version", "2")

    # The phone still shows nothing: the draw is a draft.
    expect(phone.get_by_test_id("my-seat")).not_to_contain_text("Table")

    page.get_by_test_id("publish").click()
    expect(page.get_by_test_id("round-status")).to_have_text(re.compile("Publi"))
    assert in_thread(lambda: Round.objects.get(tournament=tournament).status) == "published"

    # Live on the phone, no reload: the new table and seat.
    expect(phone.get_by_test_id("my-table")).to_have_text(f"Table {other.table}")
    expect(phone.get_by_test_id("my-position")).to_have_text(SEAT_LABELS_FR[other.position])
    assert other.position in Position.values
