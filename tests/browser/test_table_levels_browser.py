"""The bots' level in Chromium: the host opens a table with "Club" bots in the lobby,
sees the level beside each bot, changes it before the start, and plays a one-hand game
against them on the live server (its runner searches their cards in its search processes)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from games.models import Action, Table
from tests.browser.table_helpers import log_in
from tests.browser.test_table_browser import play_until_over


def test_the_host_chooses_the_bots_level_and_plays_a_hand_against_club_bots(
    browser_page, make_member
):
    page = browser_page
    host = make_member(first_name="Marie", last_name="Lachance", preferred_language="fr")
    log_in(page, host)
    page.goto("/tables/")
    form = page.get_by_test_id("table-form")
    form.get_by_test_id("more-options").locator("summary").first.click()
    form.locator("#id_end").select_option("hands")
    form.locator("#id_hands_per_game").fill("1")
    form.locator("#id_bot_delay_ms").select_option("100")
    form.locator("#id_bot_level").select_option("club")
    form.get_by_test_id("create-table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    Table.objects.filter(pk=table_id).update(seed=20261129)  # deterministic deals

    page.get_by_test_id("fill-bots").click()
    for seat in "ESW":
        expect(page.get_by_test_id(f"bot-level-{seat}")).to_have_text(" · Club")
    expect(page.get_by_test_id("seat-E")).to_contain_text("Robot Est · Club")
    # the host's choice before the start: Fort, then Club again
    for level, label in (("fort", "Fort"), ("club", "Club")):
        page.get_by_test_id("bot-level-select").select_option(level)
        page.get_by_test_id("bot-level-form").locator("button").click()
        expect(page.get_by_test_id("bot-level-E")).to_have_text(f" · {label}")
    assert Table.objects.get(pk=table_id).bot_level == "club"

    page.get_by_test_id("start").click()
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    play_until_over(page)
    expect(page.get_by_test_id("bot-level-W")).to_have_text(" · Club")
    bots = Action.objects.filter(hand__table_id=table_id, by_bot=True)
    assert bots.count() >= 20  # the bots' calls and cards, every one accepted
