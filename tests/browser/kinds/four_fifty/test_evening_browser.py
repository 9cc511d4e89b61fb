"""A 450 evening in Chromium: the director draws 14 players (tables of 4, 4, 3, 3),
publishes and starts the round; two phones at one table enter and confirm a round of
the secretary's sheet; the projector's standings change without a reload. Phone pages
are measured (nothing wider than the screen) and photographed."""

from __future__ import annotations

import os
from pathlib import Path

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.test_tournament_browser import in_thread, log_in
from tests.browser.test_tournament_day_browser import (  # noqa: F401  (open_context: a fixture)
    LAPTOP,
    OVERFLOW_JS,
    PHONE,
    confirm,
    open_context,
)

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))
NAMES = [
    "Gaétan",
    "Sylvie",
    "Réjean",
    "Lise",
    "Normand",
    "Francine",
    "Denis",
    "Nicole",
    "Claude",
    "Diane",
    "Michel",
    "Louise",
    "Yvon",
    "Huguette",
]
#: The end of the round at the table: each seat's last two cards and its pot card.
CARDS = {
    "P1": ("QH", "QC", "QD"),
    "P2": ("8H", "JH", "KC"),
    "P3": ("10D", "JD", "AS"),
    "P4": ("9D", "7S", "AD"),
}


def fits(page) -> None:
    measure = page.evaluate(OVERFLOW_JS)
    assert measure["scroll"] <= measure["width"] and not measure["wide"], measure


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def a_450_evening(make_member, names, *, games: int, rounds: int, table_size: int = 4):
    """A running 450 evening (tables of ``table_size``, games of ``rounds`` rounds),
    ``names`` present: (its director, the tournament)."""
    from tournaments import services
    from tournaments.models import Entry, Tournament

    director = make_member(director=True, first_name="Josée", last_name="Directrice")
    players = [make_member(first_name=n, last_name="Joueur") for n in names]
    t = services.tournament_create(
        by=director,
        name="Soirée 450",
        starts_at=timezone.now(),
        game="450",
        table_size=table_size,
        rounds_total=games,
        variant_options={"end": "rounds", "rounds": rounds},
    )
    Tournament.objects.filter(pk=t.pk).update(status="running")
    for p in players:
        Entry.objects.create(tournament=t, player=p, checked_in=True)
    return director, t


def test_director_draws_a_450_evening_two_phones_enter_and_confirm_projector_follows(
    open_context,  # noqa: F811 (the imported fixture, by name)
    make_member,
):
    director, t = in_thread(lambda: a_450_evening(make_member, NAMES, games=3, rounds=1))
    open_page = open_context
    # The director draws round 1 on a laptop: 14 players at 4 -> 4, 4, 3, 3.
    desk = open_page(LAPTOP)
    log_in(desk, director)
    desk.goto(f"/tournaments/{t.pk}/rounds/")
    desk.get_by_test_id("draw").click()
    expect(desk.get_by_test_id("round-editor")).to_be_visible()
    sizes = sorted(desk.locator(f"[data-testid=table-{n}] dd").count() for n in (1, 2, 3, 4))
    assert sizes == [3, 3, 4, 4]
    expect(desk.get_by_test_id("table-5")).to_have_count(0)
    shot(desk, "450-draw-laptop")
    fits(desk)
    desk.get_by_test_id("publish").click()
    expect(desk.get_by_test_id("round-status")).to_contain_text("Publi")
    desk.get_by_test_id("start-play").click()
    confirm(desk, expect_text="1")
    expect(desk.get_by_test_id("start-play")).to_have_count(0)

    def seated():
        from tournaments.models import Seat

        seats = list(Seat.objects.filter(round__tournament=t).select_related("entry__player"))
        table = next(n for n in (1, 2, 3, 4) if sum(1 for s in seats if s.table == n) == 4)
        return table, {s.position: s.entry.player for s in seats if s.table == table}

    table, at = in_thread(seated)
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/{table}/"

    # The projector shows the standings: 14 players, nothing counted yet.
    projector = open_page(LAPTOP)
    projector.goto(f"/tournaments/{t.pk}/projector/")
    expect(projector.locator("body")).to_have_attribute("data-socket", "open")
    expect(projector.get_by_test_id("standing-row")).to_have_count(14)
    expect(projector.get_by_test_id("standing-total").first).to_have_text("0")

    # Phone B (seat 3) waits on the sheet; phone A (seat 1, the secretary) enters.
    phone_b = open_page(PHONE)
    log_in(phone_b, at["P3"])
    phone_b.goto(sheet_url)
    expect(phone_b.locator("body")).to_have_attribute("data-socket", "open")
    expect(phone_b.get_by_test_id("round-row")).to_have_count(0)

    phone_a = open_page(PHONE)
    log_in(phone_a, at["P1"])
    phone_a.goto(f"/tournaments/{t.pk}/")
    expect(phone_a.get_by_test_id("my-secretary")).to_be_visible()
    phone_a.get_by_test_id("my-sheet").click()
    expect(phone_a.get_by_test_id("entry-form")).to_be_visible()
    fits(phone_a)
    phone_a.get_by_test_id("double_face").select_option("9D")
    for seat, (c1, c2, pot) in CARDS.items():
        phone_a.get_by_test_id(f"c1_{seat}").select_option(c1)
        phone_a.get_by_test_id(f"c2_{seat}").select_option(c2)
        phone_a.get_by_test_id(f"pot_{seat}").select_option(pot)
    # the engine counts at once: P1's three queens are a brelan, 117
    expect(phone_a.get_by_test_id("preview-P1")).to_contain_text("117")
    expect(phone_a.get_by_test_id("preview-P3")).to_contain_text("32")
    shot(phone_a, "450-sheet-entry-phone")
    fits(phone_a)
    phone_a.get_by_test_id("enter").click()
    expect(phone_a.get_by_test_id("pending")).to_have_count(1)

    # Phone B sees the pending round live and confirms it.
    expect(phone_b.get_by_test_id("pending")).to_have_count(1)
    phone_b.get_by_test_id("confirm").click()
    expect(phone_b.get_by_test_id("confirmed")).to_have_count(1)
    expect(phone_b.get_by_test_id("total-P1").get_by_test_id("total")).to_have_text("117")
    expect(phone_a.get_by_test_id("confirmed")).to_have_count(1)
    shot(phone_b, "450-sheet-confirmed-phone")
    fits(phone_b)

    # The projector's standings changed without a reload.
    expect(projector.get_by_test_id("standing-total").first).to_have_text("117")
    shot(projector, "450-projector")
    fits(projector)
    for name in ("cards", "sheets"):  # printed table cards and blank sheets
        desk.goto(f"/tournaments/{t.pk}/rounds/1/{name}/")
        expect(desk.get_by_test_id("table-card" if name == "cards" else "sheet")).to_have_count(4)
        shot(desk, f"450-print-{name}")
    desk.goto(f"/tournaments/{t.pk}/console/")
    expect(desk.get_by_test_id("console-rounds")).to_have_count(1)
    expect(desk.get_by_test_id("mode-450")).to_have_count(0)  # play has started
    fits(desk)
    shot(desk, "450-console-laptop")
