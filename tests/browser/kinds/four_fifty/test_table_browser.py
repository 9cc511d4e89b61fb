"""A live 450 table in Chromium: a member and three bots play a whole round.

The member opens a 450 table for four in the lobby (one round), fills it with bots,
starts, and plays each of his turns with the first legal control (hiding the face-up
cards as dealer, a major sequence when he has one, a card, the master's choice). The
score sheet on the page must equal what the engine's ``check`` finds in the downloaded
record. On a phone, in French, the table keeps within the screen and speaks the game's
own words.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from games.models import Table
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import (
    bots_450_table,
    host_waits_for_a_player,
    in_thread,
    seated_player_arrives,
)
from tests.browser.test_table_browser import check_records, log_in, play_until_over

LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('#table-app *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.right > width + 1 || r.left < -1);
  }).map((e) => e.id || e.className || e.tagName);
  const boxes = [...document.querySelectorAll('#ring .plate, #me-slot .plate, #hand .hand-card')]
    .map((e) => e.getBoundingClientRect());
  let overlaps = 0;
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i], b = boxes[j];
    if (a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps += 1;
  }
  return { wide, overlaps, width };
}"""


def _open_450_table(page, *, players: int, rounds: int, name: str) -> int:
    page.goto("/tables/")
    form = page.get_by_test_id("table-form")
    form.get_by_test_id("more-options").locator("summary").first.click()  # the folded settings
    form.locator("#id_name").fill(name)
    form.locator("#id_game").select_option("450")
    expect(form.locator("#id_variant")).to_be_hidden()
    form.locator("#id_players_450").select_option(str(players))
    form.locator("#id_end").select_option("hands")
    form.locator("#id_hands_per_game").fill(str(rounds))
    form.locator("#id_bot_delay_ms").select_option("100")
    form.get_by_test_id("create-table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    return int(re.search(r"/tables/(\d+)/", page.url).group(1))


def test_member_and_three_bots_play_a_whole_450_round_to_the_score_sheet(browser_page, make_member):
    page = browser_page
    member = make_member(first_name="Rémi", last_name="Piquée", preferred_language="en")
    log_in(page, member)
    table_id = _open_450_table(page, players=4, rounds=1, name="Piquée d'essai")
    table = Table.objects.get(pk=table_id)
    assert table.variant == "450" and table.options["players"] == 4
    Table.objects.filter(pk=table_id).update(seed=20261127)  # deterministic deals
    expect(page.get_by_test_id("seat-P1")).to_contain_text("Rémi")

    page.get_by_test_id("fill-bots").click()
    for seat in ("P2", "P3", "P4"):
        expect(page.get_by_test_id(f"seat-{seat}").locator(".badge.bot")).to_be_visible()
    page.get_by_test_id("start").click()
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    expect(page.get_by_test_id("double-face")).to_contain_text("Double-faced card")
    expect(page.get_by_test_id("pot")).to_contain_text("Pot")
    page.screenshot(path="/tmp/table450-start.png", full_page=True)

    clicks = play_until_over(page)
    assert clicks >= 6  # eight cards each, two kept: at least six discards

    over = page.get_by_test_id("game-over")
    expect(over).to_contain_text("Game over")
    assert Table.objects.get(pk=table_id).status == Table.Status.FINISHED
    page.screenshot(path="/tmp/table450-over.png", full_page=True)

    # Both counts, each hand's name and value in words, the master.
    counts = page.get_by_test_id("counts")
    expect(counts).to_contain_text("First count")
    expect(counts).to_contain_text("Second count")
    expect(page.get_by_test_id("master")).to_contain_text("Master")

    rows = page.get_by_test_id("sheet-row")
    expect(rows).to_have_count(1)
    sheet_points = json.loads(rows.first.get_attribute("data-points"))
    totals = json.loads(page.get_by_test_id("sheet-totals").get_attribute("data-totals"))
    assert totals == sheet_points
    for seat, total in totals.items():
        expect(page.get_by_test_id(f"total-{seat}")).to_have_text(str(total))

    # The round's record, downloaded from the sheet's link, checked by the engine.
    href = page.get_by_test_id("record-1").get_attribute("href")
    response = page.request.get(href)
    assert response.ok
    record = response.json()
    assert record["format"] == "club450-hand/1" and record["players"] == 4
    [result] = check_records([record])
    assert result["ok"] and result["complete"], result
    assert result["points"] == sheet_points
    for seat, final in result["final"].items():
        points = final["points"]
        expect(page.get_by_test_id(f"final-{seat}")).to_be_visible()
        expect(counts.locator(f"tr[data-seat={seat}] td.num")).to_have_text(str(points))
    every = page.request.get(f"/tables/{table_id}/records.json").json()
    assert every == [record]

    # The replay: from the deal to the counts, every player's cards shown.
    page.goto(f"/tables/{table_id}/hands/1/")
    expect(page.get_by_test_id("replay-text")).to_have_text("The deal.")
    expect(page.locator("#replay-seats .plate")).to_have_count(4)
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay-text")).to_contain_text("hides the face-up cards")
    page.keyboard.press("End")
    replay = page.get_by_test_id("replay-counts")
    expect(replay).to_contain_text("Second count")
    for seat, final in result["final"].items():
        expect(replay.locator("td.num").nth(list(result["final"]).index(seat))).to_have_text(
            str(final["points"])
        )
    page.screenshot(path="/tmp/table450-replay.png", full_page=True)


def test_a_450_table_on_a_phone_in_french_keeps_within_the_screen(phone_page, make_member):
    page = phone_page
    member = make_member(first_name="Léa", last_name="Secrétaire", preferred_language="fr")
    log_in(page, member)
    table_id = _open_450_table(page, players=6, rounds=2, name="Six à la piquée")
    Table.objects.filter(pk=table_id).update(seed=61)
    page.get_by_test_id("fill-bots").click()
    expect(page.locator("#table-app .plate .badge.bot")).to_have_count(5)
    page.get_by_test_id("start").click()
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    scoreboard = page.get_by_test_id("scoreboard")
    for word in ("Donneur", "Lanceur", "Secrétaire", "Carte à double face"):
        expect(scoreboard).to_contain_text(word)
    expect(page.get_by_test_id("pot")).to_contain_text("Pot")
    measured = page.evaluate(LAYOUT)
    page.screenshot(path="/tmp/table450-phone.png", full_page=True)
    assert measured["width"] == 390
    assert measured["wide"] == [] and measured["overlaps"] == 0, measured
    clicks = play_until_over(page)
    assert clicks >= 4
    expect(page.get_by_test_id("counts")).to_contain_text("Premier décompte")
    expect(page.get_by_test_id("counts")).to_contain_text("Second décompte")
    measured = page.evaluate(LAYOUT)
    page.screenshot(path="/tmp/table450-phone-over.png", full_page=True)
    assert measured["wide"] == [] and measured["overlaps"] == 0, measured
    # the counts' cards keep their column, and every name is whole
    assert page.evaluate(LAYOUT_PROBLEMS, 390) == []


def test_a_players_arrival_leaves_the_hosts_seat_buttons_in_place_at_a_450_table(
    chromium, live_server_asgi, browser_page, make_member
):
    """A seated player opens a 450 table while its host is about to tap a free seat's
    "Add a bot": the host's page gets a new state (the player's dot turns on), and the
    free seats' buttons stay the same elements, so the tap is not lost."""
    page = browser_page
    table, guest = host_waits_for_a_player(
        page, make_member, seat="P2", kind="450", options={"players": 4}
    )
    seated_player_arrives(
        chromium, live_server_asgi, page, table.pk, guest, "P2", ["bot-P3", "bot-P4"]
    )
    page.get_by_test_id("bot-P3").click()
    expect(page.get_by_test_id("seat-P3").locator(".badge.bot")).to_be_visible()


def test_a_450_table_left_at_the_default_end_says_at_350_points(phone_page, make_member):
    """The scoreboard's end for a table whose end was left at the default: "à 350
    points", never "à undefined points"."""
    page = phone_page
    member = make_member(first_name="Gilles", last_name="Défaut", preferred_language="fr")
    table = in_thread(lambda: bots_450_table(member, players=3, seed=5, bot_delay_ms=3000))
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    scoreboard = page.get_by_test_id("scoreboard")
    expect(scoreboard).to_contain_text("à 350 points")
    assert "undefined" not in scoreboard.inner_text()
