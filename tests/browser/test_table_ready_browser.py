""" "Votre table est prête" in Chromium, in French, on a phone (390x844) and a laptop
(1366x800) (issue 29, point 5): the banner names the tournament, the round and the
table; on the page of a pairs tournament not yet drawn (whose own section says "Votre
table s'affichera ici…") it says which other tournament's table is ready; and once that
table's round ends it is gone from every page, its member never having opened it.
Nothing is wider than the screen and the banner covers no name."""

from __future__ import annotations

import os
from pathlib import Path

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))
#: Whether the banner and the page's first heading overlap (the banner covering it).
BANNER_COVERS_HEADING = """() => {
  const a = document.querySelector("[data-testid=table-ready]").getBoundingClientRect();
  const b = document.querySelector("main h1").getBoundingClientRect();
  return !(a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5
           || a.right <= b.left + 0.5 || b.right <= a.left + 0.5);
}"""


def _evening(make_member):
    """Gaétan seated at table 1 of the online round 1 of "Tournoi du jeudi" (one hand
    a game), and registered with a partner, present, for "Paires du vendredi", which is
    running but not drawn yet: (Gaétan, the Thursday tournament, the pairs tournament,
    Thursday's live table)."""
    from tests.browser.test_tournament_day_browser import make_day
    from tournaments import services
    from tournaments.models import Entry, EntryStatus, Format, Tournament
    from tournaments.models_results import TableGame

    director, people, thursday, rnd = make_day(
        make_member, players=4, hands=1, online=True, name="Tournoi du jeudi"
    )
    gaetan = people[0]
    pairs = services.tournament_create(
        by=director,
        name="Paires du vendredi",
        starts_at=timezone.now(),
        format=Format.PAIRS,
        rounds_total=2,
    )
    Tournament.objects.filter(pk=pairs.pk).update(status="running")
    Entry.objects.create(
        tournament=pairs,
        player=gaetan,
        partner=make_member(first_name="Lucie", last_name="Partenaire"),
        status=EntryStatus.CONFIRMED,
        checked_in=True,
        checked_in_at=timezone.now(),
    )
    live = TableGame.objects.get(round=rnd, table=1).live_table
    return gaetan, thursday, pairs, live


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{page.device}.png"))


def _banner_fits(page):
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert not page.evaluate(BANNER_COVERS_HEADING)


def test_the_banner_names_the_tournament_and_table_and_goes_when_the_round_ends(
    device_page, make_member
):
    page = device_page
    gaetan, thursday, pairs, live = in_thread(lambda: _evening(make_member))
    log_in(page, gaetan)
    named = "Votre table est prête : Tournoi du jeudi, ronde 1, table 1"

    for url in ("/", f"/tournaments/{thursday.pk}/", "/rules/"):
        page.goto(url)
        expect(page.get_by_test_id("table-ready")).to_contain_text(named)
        expect(page.get_by_test_id("table-ready-link")).to_have_attribute(
            "href", f"/tables/{live.pk}/"
        )
        _banner_fits(page)

    # The pairs tournament, not drawn: its own section waits for the draw, and the
    # banner above it says which other tournament's table is ready.
    page.goto(f"/tournaments/{pairs.pk}/")
    expect(page.get_by_test_id("my-seat")).to_contain_text(
        "Votre table s'affichera ici dès que la direction publiera le tirage."
    )
    expect(page.get_by_test_id("table-ready")).to_contain_text(named)
    _banner_fits(page)
    _shot(page, "table-ready-pairs")

    # Thursday's round ends (its one game played out by the bots and for the absent
    # members), Gaétan never having opened his table: the banner is gone everywhere.
    def play_out():
        from games.models import Table
        from tests.tournaments.day import drive_live

        drive_live(live)
        live.refresh_from_db()
        return live.status == Table.Status.FINISHED

    assert in_thread(play_out)
    for url in (f"/tournaments/{pairs.pk}/", "/", f"/tournaments/{thursday.pk}/", "/rules/"):
        page.goto(url)
        expect(page.locator("main h1")).to_be_visible()
        expect(page.get_by_test_id("table-ready")).to_have_count(0)
    page.goto(f"/tournaments/{pairs.pk}/")
    expect(page.get_by_test_id("my-seat")).to_contain_text("Votre table s'affichera ici")
    _shot(page, "table-ready-gone")
