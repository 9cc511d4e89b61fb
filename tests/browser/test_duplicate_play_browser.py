"""A duplicate round played online, in Chromium, in French, on a phone (390x844) and a
laptop (1366x800): a member plays the round's two boards at table 1 with bots (the
table names each hand's board, "Donne"), then reads board 1's replay; a member who is
not in the round cannot see board 1 until table 2 has played it, and then can."""

from __future__ import annotations

from playwright.sync_api import expect

from games.models import GameHand, Table
from tests.browser.layout import LAYOUT_PROBLEMS, MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.table_helpers import (
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    wait_at_table,
)

GAME_OVER_OR_LEGAL = (
    "() => document.querySelector('[data-testid=next-deal]:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])') || "
    "document.querySelector('#table-app').dataset.status === 'finished'"
)


def fits(page):
    width = page.viewport_size["width"]
    assert page.evaluate(LAYOUT_PROBLEMS, width) == []
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []


def _round(make_member, director):
    """A running duplicate tournament of 2 boards a round, 8 members present; round 1
    online. Table 1's seats but N are bots."""
    from games.services import table_seat_assign
    from tests.tournaments.day import duplicate_tuesday, table_users

    _t, rnd, live = duplicate_tuesday(director, make_member)
    # Quick bots, long reviews, and no bot for an absent member before the test drives
    # table 2 itself (a day ahead).
    Table.objects.filter(pk__in=[x.pk for x in live.values()]).update(
        bot_delay_ms=30, review_seconds=600, absence_grace_seconds=3600
    )
    member = table_users(rnd, 1)["N"]
    for seat in "ESW":
        table_seat_assign(table_id=live[1].pk, seat=seat)
    return rnd, live, member


def _drive_table_two(live):
    from tests.tournaments.day import drive_live

    drive_live(live)


def test_a_member_plays_a_duplicate_round_and_board_one_waits_for_table_two(
    device_page, make_member, monkeypatch
):
    page = device_page
    # The same boards at every run (a round's seed is otherwise secret and fresh).
    monkeypatch.setattr("tournaments.services.rounds.new_seed", lambda: "BrowserBoards2026")
    director = in_thread(lambda: make_member(first_name="Josée", last_name="Gagnon", director=True))
    rnd, live, member = in_thread(lambda: _round(make_member, director))
    one = live[1]
    mark_due(one.pk)
    log_in(page, member)
    page.goto(f"/tables/{one.pk}/")
    expect(page.get_by_test_id("board")).to_have_text("1")
    played = 0
    while True:
        wait_at_table(page, one.pk, GAME_OVER_OR_LEGAL)
        status = page.locator("#table-app").get_attribute("data-status")
        if status == "finished":
            break
        seq = page.locator("#table-app").get_attribute("data-seq")
        if page.get_by_test_id("next-deal").is_visible():
            played += 1
            if played == 1:
                fits(page)
                page.screenshot(path=f"/tmp/duplicate-review-{page.device}.png", full_page=True)
            page.get_by_test_id("next-deal").click()
            did = "a click on next-deal"
        else:
            did = "a click on " + click_first_legal(page)
        wait_at_table(
            page,
            one.pk,
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'",
            timeout=15_000,
            after=did,
        )
    boards = in_thread(
        lambda: list(
            GameHand.objects.filter(table=one).order_by("number").values_list("board", flat=True)
        )
    )
    assert boards == [1, 2]
    # The member's own table has played board 1: its replay names it.
    page.goto(f"/tables/{one.pk}/hands/1/")
    expect(page.get_by_test_id("replay-board")).to_have_text("Donne 1")
    fits(page)
    # A member who is not in the round: board 1 waits for table 2.
    outsider = in_thread(lambda: make_member(first_name="Louise", last_name="Spectatrice"))
    log_in(page, outsider)
    response = page.goto(f"/tables/{one.pk}/hands/1/")
    assert response.status == 403
    expect(page.locator("main")).to_contain_text(
        "Cette donne sera visible quand toutes les tables l’auront jouée."
    )
    fits(page)
    page.screenshot(path=f"/tmp/duplicate-held-{page.device}.png", full_page=True)
    in_thread(lambda: _drive_table_two(live[2]))
    response = page.goto(f"/tables/{one.pk}/hands/1/")
    assert response.status == 200
    expect(page.get_by_test_id("replay-board")).to_have_text("Donne 1")
