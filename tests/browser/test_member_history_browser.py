"""A member's history in Chromium, in French, on a phone (390x844) and a laptop
(1366x800) (issue 29, point 6): a tournament is one line of the history, however many
times its member withdrew and registered again; the line is the current registration
(with its rank once played), never "Désinscription" beside it. Nothing is wider than
the screen."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_tournament_day_browser import confirm

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))


def _history_lines(page, name: str):
    """The history's lines naming the tournament ``name``."""
    return page.locator("main section li.t-item").filter(has_text=name)


def _open_history(page):
    """The member's own page, reached from the profile as a member reaches it."""
    page.goto("/accounts/profile/")
    page.get_by_role("link", name="Ma page de membre").click()
    expect(page.get_by_role("heading", name="Historique")).to_be_visible()
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []


def test_withdrawing_and_registering_again_leaves_one_line_in_the_history(device_page, make_member):
    page = device_page

    def setup():
        from tests.browser.test_tournament_day_browser import fill_round, make_day
        from tournaments.models import Entry, EntryStatus, Tournament
        from tournaments.services import director as ds

        # Thursday's tournament, played: Gaétan's first registration withdrawn, his
        # second ranked (the report: "Désinscrit" and "Inscrits · rang 1").
        director, people, played, rnd = make_day(make_member, name="Tournoi du jeudi")
        fill_round(played, rnd)
        ds.round_close(round=rnd, by=director)
        gaetan = people[0]
        Entry.objects.create(tournament=played, player=gaetan, status=EntryStatus.WITHDRAWN)
        # Saturday's tournament, open for registration.
        saturday = Tournament.objects.create(
            name="Tournoi du samedi",
            starts_at=timezone.now() + timedelta(days=2),
            status="registration_open",
        )
        return gaetan, saturday

    gaetan, saturday = in_thread(setup)
    log_in(page, gaetan)

    # Registered, withdrawn, registered again on the tournament's page.
    page.goto(f"/tournaments/{saturday.pk}/")
    page.get_by_test_id("register").click()
    page.get_by_test_id("withdraw").click()
    confirm(page, expect_text="Vous désinscrire de ce tournoi")
    expect(page.get_by_test_id("register")).to_be_visible()
    _open_history(page)
    line = _history_lines(page, "Tournoi du samedi")
    expect(line).to_have_count(1)
    expect(line).to_contain_text("Désinscription")  # nothing came after: it says so
    page.goto(f"/tournaments/{saturday.pk}/")
    page.get_by_test_id("register").click()
    expect(page.get_by_test_id("my-registration")).to_contain_text("Inscription confirmée")

    _open_history(page)
    line = _history_lines(page, "Tournoi du samedi")
    expect(line).to_have_count(1)
    expect(line).to_contain_text("Inscription confirmée")
    expect(line).not_to_contain_text("Désinscription")
    played = _history_lines(page, "Tournoi du jeudi")
    expect(played).to_have_count(1)
    expect(played.get_by_test_id("member-result")).to_contain_text("rang ")
    expect(played).not_to_contain_text("Désinscription")
    expect(page.locator("main")).not_to_contain_text("Désinscription")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"history-{page.device}.png"), full_page=True)
