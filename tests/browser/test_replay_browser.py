"""The replay page on a phone, for each kind: one page and one client core
(static/js/replay.js) that imports the kind's renderer; the buttons, the slider and
the play button step through the hand, every seat named by its player, nothing wider
than the screen. Screenshots: /tmp/shots/replay-<kind>-phone*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import services
from games.models import GameHand
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import in_thread
from tests.browser.test_table_browser import log_in
from tests.games.conftest import drive_until

SHOTS = Path("/tmp/shots")

KINDS = {
    # kind: (table_create's arguments, the plates' selector)
    "500": ({"variant": "quebec", "options": {"players": 5}}, "#replay-felt .plate"),
    "450": ({"kind": "450", "options": {"players": 5}}, "#replay-seats .plate"),
}


def _finished_hand(host, arguments) -> int:
    """A table of bots and ``host``, driven to the end of its first hand (the table
    plays ``host``'s turns when their time is up)."""
    table = services.table_create(host=host, seed=41, bot_delay_ms=0, **arguments)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    drive_until(
        table.pk, lambda: GameHand.objects.filter(table=table, result__isnull=False).exists()
    )
    return table.pk


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_replay_of_each_kind_steps_on_a_phone(phone_page, make_member, kind):
    page = phone_page
    arguments, plates = KINDS[kind]
    member = make_member(first_name="Sylvie", last_name="Roy", preferred_language="fr")
    table_id = in_thread(lambda: _finished_hand(member, arguments))
    log_in(page, member)
    page.goto(f"/tables/{table_id}/hands/1/")
    expect(page.locator(plates)).to_have_count(5)
    app = page.locator("#replay-app")
    expect(app).to_have_attribute("data-step", "0")
    steps = int(app.get_attribute("data-steps"))
    assert steps > 5
    expect(page.get_by_test_id("replay-count")).to_have_text(f"Étape 1 sur {steps}")
    shown = page.evaluate(r"""() => document.body.innerText.split("\n")
      .filter((line) => /\bP[1-6]\b/.test(line))""")
    assert shown == []  # every seat by its player's name or "Robot n", no seat code

    page.locator("[data-go=next]").click()
    expect(app).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(app).to_have_attribute("data-step", str(steps - 1))
    expect(page.locator("[data-go=next]")).to_be_disabled()
    page.get_by_test_id("replay-slider").fill("3")
    expect(app).to_have_attribute("data-step", "3")
    expect(page.get_by_test_id("replay-text")).not_to_be_empty()

    play = page.get_by_test_id("replay-play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(app).to_have_attribute("data-step", "4", timeout=3000)
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    expect(play).to_have_text(re.compile("Lecture"))

    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"replay-{kind}-phone.png"))
    page.screenshot(path=str(SHOTS / f"replay-{kind}-phone-full.png"), full_page=True)
