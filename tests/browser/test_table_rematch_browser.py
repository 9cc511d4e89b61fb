"""Game over and rematch (issue 15, point 7): the result panel (winner, totals, the
sheet, downloads) and a one-tap rematch with the same seats and options."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from games import services
from games.models import Table
from tests.browser.table_helpers import (
    click_first_legal,
    in_thread,
    log_in,
    mark_due,
    members_table,
    play,
    seated_player_arrives,
    state_of,
)

TURN_OR_END = (
    "() => document.querySelector('#game-over:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])')"
)


def _play_to_the_end(page):
    while True:
        page.wait_for_function(TURN_OR_END, timeout=30_000)
        if page.get_by_test_id("game-over").is_visible():
            return
        seq = page.locator("#table-app").get_attribute("data-seq")
        click_first_legal(page)
        page.wait_for_function(
            f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'",
            timeout=60_000,
        )


def _game_over_then_rematch(page, make_member, language, words):
    member = make_member(first_name="Lucie", last_name="Gagnon", preferred_language=language)
    table = in_thread(
        lambda: members_table(
            [member, None, None, None],
            seed=31,
            name="Revanche",
            bot_delay_ms=30,
            options={"end": "hands", "hands_per_game": 1},
        )
    )
    mark_due(table.pk)
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    _play_to_the_end(page)
    over = page.get_by_test_id("game-over")
    expect(over.get_by_role("heading")).to_contain_text(words["over"])
    expect(over.get_by_test_id("final-sheet").locator("tbody tr[data-hand]")).to_have_count(1)
    expect(over.get_by_test_id("download-records")).to_be_visible()
    expect(over.get_by_test_id("back-to-lobby")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.screenshot(path=f"/tmp/shots/gameover-{language}.png", full_page=True)
    over.get_by_test_id("rematch").click()
    expect(page).not_to_have_url(re.compile(f"/tables/{table.pk}/$"))
    new_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    new = Table.objects.get(pk=new_id)
    assert (
        new.options == Table.objects.get(pk=table.pk).options and new.options["hands_per_game"] == 1
    )
    assert [s.is_bot for s in new.seats.order_by("position")] == [False, True, True, True]
    assert Table.objects.get(pk=table.pk).rematch_id == new_id
    # The bots have played up to the member's turn: the table is quiet for the teardown.
    page.wait_for_function(
        "() => document.querySelector('#table-app button.legal:not([disabled])')", timeout=30_000
    )


def test_game_over_and_a_rematch_on_a_phone(phone_page, make_member):
    _game_over_then_rematch(phone_page, make_member, "fr", {"over": "Partie terminée"})


def test_game_over_and_a_rematch_on_a_laptop(browser_page, make_member):
    _game_over_then_rematch(browser_page, make_member, "en", {"over": "Game over"})


def test_a_player_leaving_does_not_replace_the_rematch_button_being_tapped(
    chromium, live_server_asgi, browser_page, make_member
):
    """Game over, a rematch proposed: the player who proposed it comes back to the old
    table and leaves it again (its page re-renders: the dot turns on, then off, the
    seat records when they left). The other player's "Accept the rematch" is still the
    same element, so their tap then is not lost, and it takes them to the rematch."""
    page = browser_page

    def setup():
        firsts = ["Hôtesse", "Invité", "Sud", "Ouest"]
        members = [make_member(first_name=first, last_name="Revanche") for first in firsts]
        table = members_table(
            members, seed=5, name="Table finie", options={"end": "hands", "hands_per_game": 1}
        )
        by_seat = dict(zip("NESW", members))
        while state_of(table.pk).table.status == Table.Status.PLAYING:
            play(table.pk, by_seat, lambda st: st.hand.legal_actions()[0])
        new = services.table_rematch(table_id=table.pk, user=members[0])
        return table, new, members

    table, new, members = in_thread(setup)
    log_in(page, members[1])
    page.goto(f"/tables/{table.pk}/")
    accept = page.get_by_test_id("game-over").get_by_test_id("rematch")
    expect(accept).to_have_text("Accepter la revanche")
    seated_player_arrives(
        chromium, live_server_asgi, page, table.pk, members[0], "N", ["rematch"], then_leaves=True
    )
    accept.click()
    expect(page).to_have_url(re.compile(f"/tables/{new.pk}/$"))
