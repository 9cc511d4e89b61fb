"""The lobby's new-table form in Chromium, in French: the game, the player count and
"Commencer" first, everything else folded under "Plus d'options" with its default.

On a phone (390x844) and a laptop (1366x800), the three controls a casual player needs
are on the first screen without scrolling and no other field shows; one tap on
"Commencer" opens a table by the game's own rules. A setting refused by the server
opens the fold by itself, its error beside the field.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from games.models import Table
from tests.browser.table_helpers import log_in

# The form's controls a player sees (not hidden, nor in a closed fold), by name or test id.
VISIBLE_CONTROLS = """() => [...document.querySelectorAll('[data-testid=table-form] select,'
  + ' [data-testid=table-form] input:not([type=hidden]), [data-testid=table-form] button')]
  .filter((e) => e.checkVisibility())
  .map((e) => e.name || e.dataset.testid)"""

# The bottom of the "Commencer" button, and whether anything is wider than the screen.
FIRST_SCREEN = """() => ({
  bottom: document.querySelector('[data-testid=create-table]').getBoundingClientRect().bottom
    + window.scrollY,
  wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
})"""


def test_the_game_the_count_and_commencer_come_first_the_rest_folded(device_page, make_member):
    page = device_page
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    log_in(page, member)
    page.goto("/tables/")
    form = page.get_by_test_id("table-form")
    start = form.get_by_test_id("create-table")
    expect(start).to_have_text("Commencer")
    expect(form.get_by_test_id("more-options").locator("summary").first).to_have_text(
        "Plus d'options"
    )
    assert page.evaluate(VISIBLE_CONTROLS) == ["game", "players_500", "create-table"]
    height = page.viewport_size["height"]
    first = page.evaluate(FIRST_SCREEN)
    assert first["bottom"] <= height, f"Commencer ends at {first['bottom']} px of {height}"
    assert not first["wide"]
    page.screenshot(path=f"/tmp/lobby-{page.device}.png", full_page=True)

    # The other game's count takes the place of this one's.
    form.locator("#id_game").select_option("450")
    assert page.evaluate(VISIBLE_CONTROLS) == ["game", "players_450", "create-table"]
    form.locator("#id_game").select_option("500")

    # One tap: a table by the game's own rules, open to every member.
    start.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    table = Table.objects.get(pk=int(re.search(r"/tables/(\d+)/", page.url).group(1)))
    assert (table.kind, table.variant, table.visibility) == ("500", "quebec", "public")
    assert table.options == {}  # nothing but the defaults
    assert table.seats.count() == 4


def test_a_refused_setting_opens_the_fold_with_its_error(phone_page, make_member):
    page = phone_page
    log_in(page, make_member(first_name="Gaétan", last_name="Roy", preferred_language="fr"))
    page.goto("/tables/")
    form = page.get_by_test_id("table-form")
    form.get_by_test_id("more-options").locator("summary").first.click()
    form.locator("#id_absence_grace_seconds").fill("1")
    form.get_by_test_id("create-table-more").click()
    expect(page.get_by_test_id("more-options")).to_have_attribute("open", "")
    error = page.locator("#id_absence_grace_seconds_errors")
    expect(error).to_be_visible()
    expect(error).to_contain_text("5")
    assert Table.objects.count() == 0
