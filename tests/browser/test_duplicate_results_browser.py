"""The results of a duplicate round, in Chromium, in French, on a phone (390x844) and a
laptop: once both online tables have played the round's boards (bots), a member reads
the standings by percentage, a board's page (its cards and every table's result) and
their own boards, one sentence each; nothing is wider than the screen."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import in_thread, log_in


def fits(page):
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []


def _played_round(make_member):
    """A running duplicate tournament of 2 boards, round 1 played online by bots at
    both tables: (tournament, a member of table 1)."""
    from tests.tournaments.day import drive_live, duplicate_tuesday, table_users

    director = make_member(first_name="Josée", last_name="Gagnon", director=True)
    t, rnd, live = duplicate_tuesday(director, make_member)
    for table in live.values():
        drive_live(table)
    return t, table_users(rnd, 1)["N"]


def test_a_member_reads_the_standings_a_board_and_their_boards(device_page, make_member):
    page = device_page
    t, member = in_thread(lambda: _played_round(make_member))
    log_in(page, member)
    page.goto(f"/tournaments/{t.pk}/standings/")
    rows = page.get_by_test_id("standing-row")
    expect(rows).to_have_count(8)
    expect(page.get_by_test_id("standing-percent").first).to_contain_text("%")
    expect(page.locator("main")).to_contain_text("pourcentage des points de match")
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-standings-{page.device}.png", full_page=True)
    page.get_by_test_id("board-link").first.click()
    expect(page.locator("h1")).to_contain_text("Donne 1")
    expect(page.get_by_test_id("board-row")).to_have_count(2)
    expect(page.get_by_test_id("board-deal")).to_contain_text("Mise")
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-board-{page.device}.png", full_page=True)
    page.goto(f"/tournaments/{t.pk}/standings/")
    page.get_by_test_id("my-boards").click()
    expect(page.get_by_test_id("my-board-line")).to_have_count(2)
    expect(page.get_by_test_id("my-board-line").first).to_contain_text("Vous avez obtenu")
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-mine-{page.device}.png", full_page=True)
