"""Accessibility checked, not hoped for (issue 32, point 4): axe-core finds no WCAG 2.0-2.2
A/AA violation on the site's pages (visitor, member, director) nor on a live table at
each phase (auction, kitty, play, the hand's review, game over; the 450 table's
phases too), in French on a phone (390x844) and a laptop (1366x800)."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games import services
from tests.browser.axe import check
from tests.browser.table_helpers import (
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    members_table,
)

# A turn of the page's member, the hand's review, or the game's end: a state to check.
MOMENT = (
    "() => document.querySelector('#game-over:not([hidden])') || "
    "document.querySelector('[data-testid=hand-review]:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])')"
)


def _seed() -> dict:
    from club import demo as club_demo
    from tournaments import demo as t_demo
    from tournaments.models import Round, Seat, Tournament

    call_command("seed_demo", verbosity=0)
    today = Tournament.objects.get(name=t_demo.TODAY)
    rnd = Round.objects.filter(tournament=today).order_by("number").first()
    seat = Seat.objects.filter(round=rnd, table=1, entry__player__isnull=False).first()
    return {
        "director": club_demo.director(),
        "player": seat.entry.player,
        "today": today.pk,
        "finished": Tournament.objects.get(name=t_demo.FINISHED).pk,
        "upcoming": Tournament.objects.get(name=t_demo.UPCOMING).pk,
    }


def _visit(page, path: str, problems: list[str]) -> None:
    response = page.goto(path)
    assert response is not None and response.status == 200, (path, response and response.status)
    page.wait_for_load_state("networkidle")
    check(page, f"{page.device} {path}", problems)


@pytest.mark.slow
def test_every_page_of_the_site_has_no_accessibility_violation(device_page):
    page = device_page
    data = in_thread(_seed)
    t, finished, upcoming = data["today"], data["finished"], data["upcoming"]
    problems: list[str] = []
    for path in ["/", "/tournaments/", "/accounts/login/", "/accounts/signup/"]:
        _visit(page, path, problems)
    _visit(page, "/accounts/password/reset/", problems)

    log_in(page, data["player"])
    for path in [
        "/accounts/profile/",
        f"/members/{data['director'].pk}/",
        "/members/",
        "/tables/",
        f"/tournaments/{upcoming}/",
        f"/tournaments/{t}/",
        f"/tournaments/{t}/standings/",
        f"/tournaments/{t}/rounds/1/tables/1/",
        f"/tournaments/{finished}/",
        f"/tournaments/{finished}/standings/",
        f"/tournaments/{finished}/results/final/",
    ]:
        _visit(page, path, problems)

    page.context.clear_cookies()
    log_in(page, data["director"])
    for path in [
        "/tournaments/new/",
        f"/tournaments/{t}/edit/",
        f"/tournaments/{t}/entries/",
        f"/tournaments/{t}/check-in/",
        f"/tournaments/{t}/constraints/",
        f"/tournaments/{t}/rounds/",
        f"/tournaments/{t}/rounds/1/",
        f"/tournaments/{t}/console/?round=1",
        f"/tournaments/{t}/projector/",
        "/members/approvals/",
    ]:
        _visit(page, path, problems)
    assert problems == [], "\n".join(problems)


def _play_checking_each_moment(page, table_id: int, *, until: str, phases: set) -> list[str]:
    """Play the page's member's first legal move at each turn, running axe once per
    (phase, review shown, game over) met, until ``until`` ("review" or "over") shows;
    each of ``phases`` must have been met on the way."""
    problems: list[str] = []
    seen = set()
    page.goto(f"/tables/{table_id}/")
    for _ in range(200):
        page.wait_for_function(MOMENT)
        app = page.locator("#table-app")
        over = page.locator("#game-over:not([hidden])").count() > 0
        review = page.locator("[data-testid=hand-review]:not([hidden])").count() > 0
        moment = (app.get_attribute("data-phase"), review, over)
        if moment not in seen:
            seen.add(moment)
            check(page, f"{page.device} table {table_id} {moment}", problems)
        if over or (review and until == "review"):
            missed = phases - {phase for phase, _, _ in seen}
            return [*problems, *([f"never met {sorted(missed)}: {sorted(seen)}"] if missed else [])]
        seq = app.get_attribute("data-seq")
        if review:
            page.get_by_test_id("next-deal").click()
        else:
            click_first_legal(page)
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'"
        )
    raise AssertionError(f"no end after 200 moves; met {sorted(seen)}")


@pytest.mark.slow
def test_a_live_table_has_no_accessibility_violation_at_any_phase(device_page, make_member):
    page = device_page
    member = make_member(first_name="Aline", last_name="Roy", preferred_language="fr")

    def tables():
        five_hundred = members_table(
            [member, None, None, None],
            seed=8,
            name="Accessible",
            bot_delay_ms=30,
            review_seconds=600,
            options={"end": "hands", "hands_per_game": 1},
        )
        four_fifty = services.table_create(
            host=member, kind="450", options={"players": 4}, seed=8, bot_delay_ms=30
        )
        services.table_fill_with_bots(table_id=four_fifty.pk, user=member)
        services.table_start(table_id=four_fifty.pk, user=member)
        return five_hundred, four_fifty

    five_hundred, four_fifty = in_thread(tables)
    mark_due(five_hundred.pk)
    mark_due(four_fifty.pk)
    log_in(page, member)
    problems = _play_checking_each_moment(
        page, five_hundred.pk, until="over", phases={"auction", "play"}
    )
    # At 450 the member's turns are the discard and the tricks, then the round's review.
    problems += _play_checking_each_moment(page, four_fifty.pk, until="review", phases={"discard"})
    expect(page.get_by_test_id("hand-review")).to_be_visible()
    assert problems == [], "\n".join(problems)


@pytest.mark.slow
def test_the_table_in_high_contrast_has_no_accessibility_violation(device_page, make_member):
    """The table's second look, "Contraste élevé" (remembered on the phone), is checked
    as the first is: axe at each moment of a whole hand, its colours' contrast included."""
    page = device_page
    member = make_member(first_name="Aline", last_name="Roy", preferred_language="fr")
    table = in_thread(
        lambda: members_table(
            [member, None, None, None],
            seed=8,
            name="Contrasté",
            bot_delay_ms=30,
            review_seconds=600,
            options={"end": "hands", "hands_per_game": 1},
        )
    )
    mark_due(table.pk)
    page.add_init_script("localStorage.setItem('club500.contrast', '1')")
    log_in(page, member)
    problems = _play_checking_each_moment(
        page, table.pk, until="review", phases={"auction", "play"}
    )
    expect(page.locator("html")).to_have_class(re.compile(r"\bhigh-contrast\b"))
    expect(page.get_by_test_id("contrast-toggle")).to_have_attribute("aria-pressed", "true")
    assert problems == [], "\n".join(problems)
