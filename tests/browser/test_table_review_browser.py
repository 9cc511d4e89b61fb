"""The hand review (issue 15, points 3 and 6): at a hand's end the table shows the whole
hand (the four hands as dealt, the kitty, the discards), the contract, the tricks per
side, the score and why, and the last trick; the next deal waits for "Next deal"."""

from __future__ import annotations

from playwright.sync_api import expect

from games.models import GameHand
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import (
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    members_table,
)

HAND_OVER = (
    "() => document.querySelector('[data-testid=hand-review]:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])')"
)


def _play_hand_one(page, table_id):
    while True:
        page.wait_for_function(HAND_OVER, timeout=30_000)
        if page.get_by_test_id("hand-review").is_visible():
            return
        seq = page.locator("#table-app").get_attribute("data-seq")
        click_first_legal(page)
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'"
        )


def _review_then_next_deal(page, make_member, language, words):
    member = make_member(first_name="Denis", last_name="Lapointe", preferred_language=language)
    table = in_thread(
        lambda: members_table(
            [member, None, None, None], seed=31, name="Revue", bot_delay_ms=30, review_seconds=600
        )
    )
    mark_due(table.pk)
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    _play_hand_one(page, table.pk)
    review = page.get_by_test_id("hand-review")
    expect(review.get_by_role("heading")).to_have_text(words["title"])
    # The next deal did not start: hand 1 is over, no hand 2 in the database.
    assert list(GameHand.objects.filter(table=table).values_list("number", flat=True)) == [1]
    row = GameHand.objects.get(table=table, number=1)
    hands = page.get_by_test_id("review-hands")
    for seat in "NESW":
        expect(hands.locator(f"[data-seat={seat}] .card-wrap")).to_have_count(10)
    expect(page.get_by_test_id("review-kitty").locator(".card-wrap")).to_have_count(6)
    if row.result.get("contract"):
        expect(page.get_by_test_id("review-discards").locator(".card-wrap")).to_have_count(6)
        tricks = row.result["tricks"]
        expect(page.get_by_test_id("review-tricks")).to_contain_text(str(tricks["NS"]))
        expect(page.get_by_test_id("review-why").locator("li").first).to_contain_text(
            words["needed"]
        )
    expect(page.get_by_test_id("review-clock")).to_contain_text(words["clock"])
    # The last trick stays viewable.
    last = page.locator("#last-trick-button")
    expect(last).to_be_enabled()
    last.click()
    expect(page.locator("#last-trick .lt")).to_have_count(4)
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    page.screenshot(path=f"/tmp/shots/review-{language}.png", full_page=True)
    page.get_by_test_id("next-deal").click()
    expect(review).to_be_hidden()
    expect(page.locator("#hand .hand-card")).to_have_count(10)
    assert GameHand.objects.filter(table=table, number=2).exists()


def test_the_hand_review_on_a_phone_waits_for_next_deal(phone_page, make_member):
    _review_then_next_deal(
        phone_page,
        make_member,
        "fr",
        {
            "title": "Brasse 1 terminée",
            "needed": "levées demandées",
            "clock": "Brasse suivante dans",
        },
    )


def test_the_hand_review_on_a_laptop_waits_for_next_deal(browser_page, make_member):
    _review_then_next_deal(
        browser_page,
        make_member,
        "en",
        {"title": "Hand 1 is over", "needed": "tricks needed", "clock": "Next deal in"},
    )
