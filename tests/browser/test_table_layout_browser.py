"""The live table's layout on a phone (390x844) and a laptop, measured while a whole
hand is played (issue 15, point 4)."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.layout import HAND_WITH_BID_GRID, JOKERS, LAYOUT_PROBLEMS
from tests.browser.table_helpers import (
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    members_table,
)

MY_TURN_OR_HAND_OVER = (
    "() => document.querySelector('#sheet tbody tr[data-hand]') || "
    "document.querySelector('#table-app button.legal:not([disabled])')"
)


def walk_a_hand(page, *, shots: str) -> dict:
    """Play the member's turns of the first hand (the first legal control each time),
    measuring the layout at every turn; returns what was seen."""
    seen = {"turns": 0, "bubbles": 0, "trick_cards": 0, "auction_turns": 0}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        page.wait_for_function(MY_TURN_OR_HAND_OVER, timeout=30_000)
        problems = page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"])
        assert problems == [], (seen, problems)
        if page.locator("#sheet tbody tr[data-hand]").count():
            page.screenshot(path=f"{shots}-end.png")
            return seen
        phase = page.locator("#table-app").get_attribute("data-phase")
        seen["bubbles"] += page.locator("#felt .bubble").count()
        seen["trick_cards"] += page.locator("#felt .trick-card").count()
        if phase == "auction":
            seen["auction_turns"] += 1
            grid = page.evaluate(HAND_WITH_BID_GRID, page.viewport_size["height"])
            assert grid["cards"] == 10 and grid["cardsOnScreen"] == 10 and grid["gridOnScreen"], (
                grid
            )
            page.screenshot(path=f"{shots}-auction.png")
        elif seen["turns"] in (6, 9):
            page.screenshot(path=f"{shots}-play{seen['turns']}.png")
        seq = page.locator("#table-app").get_attribute("data-seq")
        click_first_legal(page)
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'"
        )
        seen["turns"] += 1
    raise AssertionError(f"the hand did not end: {seen}")


def _bot_table(make_member, language, seed, first_name="Denis-Alexandre"):
    member = make_member(
        first_name=first_name, last_name="Beauregard-Tremblay", preferred_language=language
    )
    table = in_thread(
        lambda: members_table(
            [member, None, None, None], seed=seed, name="Mise en page", bot_delay_ms=30
        )
    )
    mark_due(table.pk)
    return member, table


def test_a_whole_hand_on_a_phone_keeps_everything_on_screen_and_off_the_names(
    phone_page, make_member
):
    member, table = _bot_table(make_member, "fr", seed=31)
    page = phone_page
    log_in(page, member)
    # The site's navigation is one menu button on a phone.
    toggle = page.get_by_test_id("nav-toggle")
    expect(toggle).to_be_visible()
    expect(page.get_by_test_id("nav-menu")).to_be_hidden()
    assert page.locator(".site-header").bounding_box()["height"] < 80
    page.goto(f"/tables/{table.pk}/")
    jokers = page.evaluate(JOKERS)
    assert jokers["names"] == ["Blanche", "Bonhomme"] and jokers["fits"], jokers
    assert jokers["contrast"] >= 0.4, jokers
    seen = walk_a_hand(page, shots="/tmp/shots/layout-phone")
    assert seen["auction_turns"] >= 1 and seen["bubbles"] >= 1 and seen["trick_cards"] >= 3, seen


def test_a_whole_hand_on_a_laptop_keeps_everything_off_the_names(browser_page, make_member):
    member, table = _bot_table(make_member, "en", seed=31)
    log_in(browser_page, member)
    browser_page.goto(f"/tables/{table.pk}/")
    jokers = browser_page.evaluate(JOKERS)
    assert jokers["fits"] and jokers["contrast"] >= 0.4, jokers
    seen = walk_a_hand(browser_page, shots="/tmp/shots/layout-laptop")
    assert seen["auction_turns"] >= 1 and seen["trick_cards"] >= 3, seen


def test_the_score_sheet_beside_the_felt_on_a_laptop_keeps_each_name_whole(
    browser_page, make_member
):
    """On a laptop the score sheet sits in the narrow column beside the felt: the tricks
    go with the contract there, so that each side's column holds its players' names
    whole (a name is never split within a word that fits its column), in the head and
    in the declarer's cell, through a whole hand and once it is on the sheet."""
    member, table = _bot_table(make_member, "fr", seed=31, first_name="Gaétan")
    log_in(browser_page, member)
    browser_page.goto(f"/tables/{table.pk}/")
    walk_a_hand(browser_page, shots="/tmp/shots/layout-laptop-sheet")
    sheet = browser_page.locator("#sheet")
    assert sheet.locator("th.col-tricks").bounding_box()["width"] == 0
    expect(sheet.locator("tbody tr[data-hand] .tricks-inline")).to_be_visible()
    head = sheet.locator("thead .side-member").first
    assert head.inner_text() == "Gaétan"
    assert (
        head.evaluate(
            "(e) => { const r = document.createRange(); r.selectNodeContents(e);"
            " return r.getClientRects().length; }"
        )
        == 1
    )
    sheet.screenshot(path="/tmp/shots/layout-laptop-sheet.png")
