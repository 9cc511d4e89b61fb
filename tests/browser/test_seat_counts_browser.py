"""Tables of 2, 3, 5 and 6 seats in Chromium, on a phone (390x844) and a laptop.

A member opens a table for the count in the lobby, fills the other seats with bots and
plays a whole hand by clicking the first enabled legal control at each turn (a bid, a
breach, a partner card, a card). At each of the member's turns the layout is measured:
nothing wider than the viewport, no card or call bubble over a name plate, every
plate's name and card count on screen. At the end, the score sheet's row equals what
the engine's ``check`` finds in the downloaded hand records, and the replay page shows
every seat's cards.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from games.models import Table
from tests.browser.table_helpers import click_first_legal
from tests.browser.test_table_browser import check_records, log_in

TURN_OR_SHEET = (
    "() => document.querySelector('#sheet tbody tr[data-hand]') || "
    "document.querySelector('#table-app button.legal:not([disabled])')"
)

#: Per count: the lobby's advanced options (select id -> value) worth seeing on a page.
COUNTS = {
    2: {"id_opt_breach": "true"},
    3: {"id_opt_set_rule": "true"},
    5: {"id_opt_partner_reveal": "announce"},
    6: {"id_opt_teams": "3x2"},
}
SEEDS = {2: 20261102, 3: 20261103, 5: 20261105, 6: 20261106}

#: The layout's faults on the page, measured in the browser: [] when there is none.
LAYOUT_FAULTS = """() => {
  const faults = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) faults.push("page wider than the viewport: " + document.documentElement.scrollWidth);
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const plates = [...document.querySelectorAll("#felt .plate")];
  for (const plate of plates) {
    const r = box(plate);
    if (r.left < 0 || r.right > width) faults.push("plate off screen: " + plate.dataset.seat);
    const who = plate.querySelector(".who");
    if (!who || !who.textContent.trim() || box(who).width < 12) faults.push("no readable name: " + plate.dataset.seat);
    for (const other of plates) if (other !== plate && meet(r, box(other))) faults.push("plates overlap: " + plate.dataset.seat + " " + other.dataset.seat);
    for (const card of document.querySelectorAll("#felt .trick-card")) if (meet(r, box(card))) faults.push("trick card over plate " + plate.dataset.seat);
    for (const bubble of document.querySelectorAll("#felt .bubble")) {
      if (!plate.contains(bubble) && meet(r, box(bubble))) faults.push("bubble over plate " + plate.dataset.seat);
    }
  }
  const cards = [...document.querySelectorAll("#felt .trick-card")];
  cards.forEach((a, i) => cards.slice(i + 1).forEach((b) => { if (meet(box(a), box(b))) faults.push("trick cards overlap"); }));
  return faults;
}"""

#: Every plate but the viewer's says how many cards its player holds.
COUNTS_SHOWN = """() => [...document.querySelectorAll("#felt .plate")].filter((p) => !p.classList.contains("is-you"))
  .every((p) => /\\d/.test((p.querySelector(".plate-count") || {}).textContent || ""))"""


def open_table(page, count: int) -> int:
    page.goto("/tables/")
    form = page.get_by_test_id("table-form")
    form.get_by_test_id("more-options").locator("summary").first.click()  # the folded settings
    form.locator("#id_name").fill(f"Table de {count}")
    form.locator("#id_players_500").select_option(str(count))
    form.locator("#id_bot_delay_ms").select_option("100")
    form.locator("details.advanced summary").click()
    for field, value in COUNTS[count].items():
        form.locator("#" + field).select_option(value)
    form.get_by_test_id("create-table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    Table.objects.filter(pk=table_id).update(seed=SEEDS[count])  # deterministic deals
    return table_id


def play_one_hand(page, count: int, shots: str, *, limit_seconds: float = 120) -> int:
    """Click the first legal control at each turn until the first hand is on the sheet,
    measuring the layout at each turn; returns the member's moves."""
    deadline = time.monotonic() + limit_seconds
    clicks = 0
    shot = False
    while time.monotonic() < deadline:
        page.wait_for_function(TURN_OR_SHEET, timeout=30_000)
        if page.locator("#sheet tbody tr[data-hand]").count():
            return clicks
        faults = page.evaluate(LAYOUT_FAULTS)
        if faults:
            page.screenshot(path=f"{shots}-fault.png", full_page=True)
        assert not faults, (clicks, faults)
        assert page.evaluate(COUNTS_SHOWN)
        phase = page.locator("#table-app").get_attribute("data-phase")
        if (
            phase == "play"
            and not shot
            and page.locator("#felt .trick-card").count() >= min(count, 3)
        ):
            page.screenshot(path=f"{shots}-trick.png", full_page=True)
            shot = True
        click_first_legal(page)
        clicks += 1
    raise AssertionError(f"the hand did not end in {limit_seconds}s ({clicks} moves)")


@pytest.mark.parametrize("viewport", ["phone", "laptop"])
@pytest.mark.parametrize("count", sorted(COUNTS))
def test_a_member_and_bots_play_a_hand_at_each_count_and_the_sheet_equals_check(
    request, transactional_db, make_member, count, viewport
):
    page = request.getfixturevalue("phone_page" if viewport == "phone" else "browser_page")
    member = make_member(
        first_name="Geneviève-Anne",
        last_name="Tremblay-Bouchard",
        preferred_language="fr" if viewport == "phone" else "en",
    )
    log_in(page, member)
    table_id = open_table(page, count)
    seats = [f"P{i + 1}" for i in range(count)]
    for seat in seats:
        expect(page.get_by_test_id(f"seat-{seat}")).to_be_visible()
    expect(page.get_by_test_id("seat-P1")).to_contain_text("Geneviève")
    page.get_by_test_id("fill-bots").click()
    for seat in seats[1:]:
        expect(page.get_by_test_id(f"seat-{seat}")).to_have_class(re.compile(r"\bis-bot\b"))
    page.get_by_test_id("start").click()
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    expect(page.locator("#hand .hand-card")).to_have_count(10)
    # The viewer's plate at the bottom, every other seat around the felt.
    expect(page.locator("#felt .seat-slot[data-pos=bottom] [data-testid=seat-P1]")).to_be_visible()
    expect(page.locator("#felt .plate")).to_have_count(count)
    shots = f"/tmp/seats-{count}-{viewport}"

    clicks = play_one_hand(page, count, shots)
    assert clicks >= 3
    page.screenshot(path=f"{shots}-sheet.png", full_page=True)
    assert not page.evaluate(LAYOUT_FAULTS)

    # The sheet's first row, and its columns: one per side (per player where each is alone).
    row = page.locator("#sheet tbody tr[data-hand]").first
    score = json.loads(row.get_attribute("data-score"))
    headers = page.locator("#sheet thead th.num").all_inner_texts()
    assert len(headers) == len(score)
    assert page.evaluate(
        "() => { const w = document.querySelector('.sheet-wrap'); return w.scrollWidth <= "
        "w.clientWidth + 1; }"
    )
    records = page.request.get(f"/tables/{table_id}/records.json").json()
    assert len(records) >= 1 and set(records[0]["hands"]) == set(seats)
    checked = check_records(records[:1])[0]
    assert checked["ok"] and checked["complete"], checked
    assert checked["score"] == score

    # The replay of the hand shows every seat's cards.
    page.goto(f"/tables/{table_id}/hands/{int(row.get_attribute('data-hand'))}/")
    expect(page.locator("#replay-app .plate")).to_have_count(count)
    page.locator("[data-go=last]").click()
    page.screenshot(path=f"{shots}-replay.png", full_page=True)
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"
    )
