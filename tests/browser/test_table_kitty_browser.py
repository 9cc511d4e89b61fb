"""The declarer's discard prompt counts down from the kitty's size to 1 (issue 15, 2)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.table_helpers import in_thread, log_in, members_table, state_of, to_the_kitty


def _kitty_table(make_member, language):
    names = ("Denis", "Est", "Sud", "Ouest")
    members = [
        make_member(first_name=n, last_name="Joueur", preferred_language=language) for n in names
    ]
    table = in_thread(lambda: members_table(members, seed=4242, name="Mise"))
    by_seat = dict(zip("NESW", members))
    in_thread(lambda: to_the_kitty(table.pk, by_seat))
    return table, members[0]


def _discard_all(page, expected_text):
    st = state_of(int(page.locator("#table-app").get_attribute("data-ws").split("/")[-2]))
    size = len(st.hand.view_for("N")["hand"]) - 10
    assert size > 1
    prompt = page.get_by_test_id("discard-prompt")
    for left in range(size, 0, -1):
        expect(prompt).to_have_attribute("data-left", str(left))
        expect(prompt).to_contain_text(expected_text(left))
        page.locator("#hand .hand-card.legal:not([disabled])").first.click(
            position={"x": 6, "y": 30}
        )
    expect(prompt).to_have_count(0)
    return size


def test_the_discard_prompt_counts_down_to_one_in_french(phone_page, make_member):
    """French, on a phone: "écartez encore 6 cartes" ... "écartez encore 1 carte", never 0
    or a negative count."""
    table, north = _kitty_table(make_member, "fr")
    log_in(phone_page, north)
    phone_page.goto(f"/tables/{table.pk}/")
    expect(phone_page.get_by_test_id("discard-prompt")).to_be_visible()
    phone_page.screenshot(path="/tmp/shots/kitty-phone.png")
    size = _discard_all(
        phone_page, lambda n: f"écartez encore {n} carte" + ("s" if n > 1 else "") + ","
    )
    assert size == 6


def test_the_discard_prompt_counts_down_to_one_in_english(browser_page, make_member):
    table, north = _kitty_table(make_member, "en")
    log_in(browser_page, north)
    browser_page.goto(f"/tables/{table.pk}/")
    _discard_all(
        browser_page, lambda n: re.compile(f"discard {n} more card{'s' if n > 1 else ''},")
    )
