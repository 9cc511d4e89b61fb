"""A whole 450 game in Chromium with what the 500 table offers: two members and two
bots, on phones (390x844) and on laptops (1366x800), in French.

The host's table starts while the other member is not there yet: the host gives his
seat to a bot from the seat controls, and the member takes it back by opening the
table. They chat (the other reads the message), play both rounds, tap "Manche
suivante" in the round review (every player's cards, the pot, both counts and why),
and at game over the host proposes a rematch that the other accepts: the rematch
starts. Nothing is wider than the screen; screenshots in /tmp/shots/450-*.png.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from games import services
from games.models import Seat, Table
from tests.browser.conftest import STEP_TIMEOUT_MS, _stop_live_tables
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import click_first_legal, in_thread, log_in, mark_due

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots")
VIEWPORTS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 800}},
}
# Something for this page to do: a legal control, the review's "next round", game over.
TURN_OR_END = (
    "() => document.querySelector('#game-over:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])') || "
    "document.querySelector('[data-testid=next-deal]:not([disabled])')"
)


def _fits(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"450-{name}.png"), full_page=True)
    problems = page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"])
    assert problems == [], (name, problems)


def _step(page, shot: str, reviewed: set) -> bool:
    """One thing this page's member does now, if there is one: the round review's
    "Manche suivante" (looked at first), or the first legal control."""
    try:
        page.wait_for_function(TURN_OR_END, timeout=1_000)
    except PlaywrightTimeout:
        return False  # another player's turn (or a bot's): nothing to do on this page
    if page.get_by_test_id("game-over").is_visible():
        return False
    seq = page.locator("#table-app").get_attribute("data-seq")
    review = page.get_by_test_id("hand-review")
    if review.is_visible():
        button = review.get_by_test_id("next-deal")
        expect(button).to_have_text("Manche suivante")
        if shot not in reviewed:
            reviewed.add(shot)
            expect(review).to_contain_text("La manche 1 est terminée")
            expect(review.get_by_test_id("review-counts")).to_contain_text("Premier décompte")
            expect(review.get_by_test_id("review-counts")).to_contain_text("Second décompte")
            expect(review.get_by_test_id("review-pot")).to_contain_text("Pot")
            expect(review.locator(".review-hand[data-seat]")).to_have_count(4)
            expect(review.get_by_test_id("review-why").locator("li")).not_to_have_count(0)
            expect(page.get_by_test_id("turn-banner")).to_contain_text("Manche suivante")
            _fits(page, f"{shot}-review")
        button.click()
        expect(review.get_by_test_id("next-deal")).to_have_count(0)
        return True
    click_first_legal(page)
    page.wait_for_function(f"() => document.querySelector('#table-app').dataset.seq !== '{seq}'")
    return True


def _play_to_the_end(pages: dict, limit_seconds: float = 240) -> set:
    """Both members play (and tap through the review) until both pages show game over."""
    reviewed: set = set()
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        if all(p.get_by_test_id("game-over").is_visible() for p in pages.values()):
            return reviewed
        for name, page in pages.items():
            _step(page, name, reviewed)
    raise AssertionError(f"the game did not end in {limit_seconds}s")


@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_two_members_play_a_450_game_with_chat_seat_controls_review_and_rematch(
    device, chromium, live_server_asgi, transactional_db, make_member
):
    host = make_member(first_name="Hélène", last_name="Piquée", preferred_language="fr")
    guest = make_member(first_name="Denis", last_name="Lanceur", preferred_language="fr")

    def setup():
        table = services.table_create(
            host=host,
            kind="450",
            options={"players": 4, "end": "rounds", "rounds": 2},
            seed=4502,
            bot_delay_ms=50,
            name="Piquée du soir",
        )
        services.table_join(table_id=table.pk, user=guest, seat="P2")
        for seat in ("P3", "P4"):
            services.table_set_bot(table_id=table.pk, user=host, seat=seat, bot=True)
        services.table_start(table_id=table.pk, user=host)
        mark_due(table.pk)
        return table

    table = in_thread(setup)
    contexts = [
        chromium.new_context(base_url=live_server_asgi.url, locale="fr-CA", **VIEWPORTS[device])
        for _ in range(2)
    ]
    try:
        h, g = (context.new_page() for context in contexts)
        for page in (h, g):
            page.set_default_timeout(STEP_TIMEOUT_MS)
        log_in(h, host)
        h.goto(f"/tables/{table.pk}/")
        expect(h.locator("#table-app")).to_have_attribute("data-connected", "1")
        for testid in ("sound-toggle", "notify-toggle", "contrast-toggle", "turn-banner"):
            expect(h.get_by_test_id(testid)).to_be_attached()
        for testid in ("scoreboard", "score-sheet", "events", "chat", "chat-form"):
            expect(h.get_by_test_id(testid)).to_be_visible()

        # The other member is not there: the host gives his seat to a bot ...
        admin = h.get_by_test_id("seats-admin")
        expect(admin).to_contain_text("Denis Lanceur")
        _fits(h, f"{device}-seats-admin")
        h.get_by_test_id("seat-bot-P2").click()
        expect(h.get_by_test_id("seat-P2").locator(".badge.bot")).to_be_visible()
        row = in_thread(lambda: Seat.objects.get(table=table, seat="P2"))
        assert row.is_bot and row.away_user_id == guest.pk
        # ... and he takes it back by opening the table.
        log_in(g, guest)
        g.goto(f"/tables/{table.pk}/")
        expect(g.get_by_test_id("seat-P2")).to_have_class(re.compile("is-you"))
        expect(h.get_by_test_id("seat-P2")).to_contain_text("Denis")
        expect(h.get_by_test_id("seat-P2").locator(".badge.bot")).to_have_count(0)

        # The chat, between the players.
        h.locator("#chat-text").fill("Bonne partie à tous!")
        h.locator("#chat-text").press("Enter")
        expect(g.get_by_test_id("chat-log")).to_contain_text("Bonne partie à tous!")
        expect(g.get_by_test_id("chat-log")).to_contain_text("Hélène")
        _fits(g, f"{device}-chat")

        reviewed = _play_to_the_end({f"{device}-host": h, f"{device}-guest": g})
        assert reviewed, "nobody saw the round review"
        over = h.get_by_test_id("game-over")
        expect(over).to_contain_text("Partie terminée")
        _fits(h, f"{device}-over")

        # The rematch: the host proposes it, the other member accepts it, it starts.
        over.get_by_test_id("rematch").click()
        expect(h).not_to_have_url(re.compile(f"/tables/{table.pk}/$"))
        new_id = int(re.search(r"/tables/(\d+)/", h.url).group(1))
        accept = g.get_by_test_id("game-over").get_by_test_id("rematch")
        expect(accept).to_have_text("Accepter la revanche")
        accept.click()
        expect(g).to_have_url(re.compile(f"/tables/{new_id}/$"))
        for page in (h, g):
            expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
        new = in_thread(lambda: Table.objects.get(pk=new_id))
        assert new.kind == "450" and new.options["rounds"] == 2
        _fits(g, f"{device}-rematch")
    finally:
        for context in contexts:
            context.close()
        _stop_live_tables()
