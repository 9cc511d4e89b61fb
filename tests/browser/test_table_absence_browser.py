"""An absent member's seat on the live table (issue 15, point 1): a countdown during the
grace, then "Robot joue pour Denis" while a bot plays for them at the bot's pace; a grace
changed during the game reaches the table."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from games import services
from games.models import Action
from tests.browser.table_helpers import in_thread, log_in, mark_due, members_table


def _absent_denis(page, make_member, language):
    viewer = make_member(first_name="Marie", last_name="Présente", preferred_language=language)
    denis = make_member(first_name="Denis", last_name="Absent")
    table = in_thread(
        lambda: members_table(
            [viewer, denis, None, None],
            seed=12,
            name="Absence",
            bot_delay_ms=30,
            absence_grace_seconds=3600,
        )
    )
    mark_due(table.pk)
    log_in(page, viewer)
    page.goto(f"/tables/{table.pk}/")
    return table


def test_an_absent_seat_counts_down_then_a_robot_plays_for_denis_on_a_phone(
    phone_page, make_member
):
    page = phone_page
    table = _absent_denis(page, make_member, "fr")
    note = page.get_by_test_id("robot-note-E")
    expect(note).to_have_text(re.compile(r"^Robot dans 3[56]\d\d s$"))
    first = int(note.get_attribute("data-left"))
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=robot-note-E]').dataset.left) < {first}"
    )
    page.screenshot(path="/tmp/shots/absence-countdown.png")
    # The grace is changed during the game: the table takes it at once.
    in_thread(lambda: services.table_set_grace(table_id=table.pk, seconds=0))
    # (Set from the test's process, which shares no channel layer with the server: the
    # page is reloaded instead of hearing of the change.)
    page.reload()
    expect(note).to_have_text("Robot joue pour Denis Absent")
    expect(note).to_have_class(re.compile("playing"))
    page.screenshot(path="/tmp/shots/absence-robot.png")
    # ... and a bot plays Denis's turns (the table goes on without him). Marie (N) bids
    # first, just before Denis: with a grace of 0 her own seat may have been played by a
    # robot while the page reloaded; if not, she bids, and Denis's robot answers.
    page.wait_for_function(
        "() => document.querySelector('#table-app button.legal:not([disabled])') || "
        "document.querySelector('[data-testid=hand-review]:not([hidden])')",
        timeout=30_000,
    )
    if not _denis_played(table):
        seq = int(page.locator("#table-app").get_attribute("data-seq"))
        page.locator("#table-app button.legal:not([disabled])").first.click()
        page.wait_for_function(  # Marie's call, then Denis's robot's
            f"() => Number(document.querySelector('#table-app').dataset.seq) >= {seq + 2}",
            timeout=30_000,
        )
    assert _denis_played(table)


def _denis_played(table) -> bool:
    return in_thread(
        lambda: Action.objects.filter(hand__table=table, seat="E", by_bot=True).exists()
    )


def test_an_absent_seat_says_a_robot_plays_for_him_on_a_laptop(browser_page, make_member):
    table = _absent_denis(browser_page, make_member, "en")
    note = browser_page.get_by_test_id("robot-note-E")
    expect(note).to_contain_text("Robot in ")
    in_thread(lambda: services.table_set_grace(table_id=table.pk, seconds=0))
    browser_page.reload()
    expect(note).to_have_text("Robot plays for Denis Absent")
