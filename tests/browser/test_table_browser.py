"""The live table in Chromium: a member and three bots play a whole Quebec game.

The member opens a table in the lobby, fills it with bots, starts, and plays every
one of their turns by clicking the first enabled legal control (a call, a card, a suit
for a led joker). At the end, the score sheet on the page must be what the engine's
``check`` command finds in the downloaded hand records. A second test restarts the
server mid-hand: the page shows that it reconnects, resyncs, and play goes on. Two more
check that a state brought by someone's arrival leaves the buttons being tapped in place
(the host's before the start, the caller's in the auction).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from games import services
from games.models import Action, Table
from tests.browser.table_helpers import (
    host_waits_for_a_player,
    in_thread,
    log_in,
    members_table,
    play,
    seated_player_arrives,
    state_of,
)

ROOT = Path(__file__).resolve().parents[2]
LEGAL = "#table-app button.legal:not([disabled])"
TURN_OR_END = (
    "() => document.querySelector('#game-over:not([hidden])') || "
    "document.querySelector('#table-app button.legal:not([disabled])') || "
    "document.querySelector('[data-testid=next-deal]:not([disabled])')"
)


def play_until_over(page, *, stall_seconds: float = 90) -> int:
    """Click the first legal control at every turn until the game is over; fail when
    the table's seq has not moved for ``stall_seconds`` (a stall, whatever the
    machine's load: a slow game that moves is not one)."""
    deadline = time.monotonic() + stall_seconds
    clicks = 0
    seq = None
    while time.monotonic() < deadline:
        try:
            page.wait_for_function(TURN_OR_END, timeout=60_000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"no turn for 60 s: {_where_it_stopped(page)}") from None
        now = page.locator("#table-app").get_attribute("data-seq")
        if now != seq:
            seq, deadline = now, time.monotonic() + stall_seconds
        if page.locator("#game-over").is_visible():
            return clicks
        if page.get_by_test_id("next-deal").is_visible():  # the hand review
            page.get_by_test_id("next-deal").click()
            expect(page.get_by_test_id("hand-review")).to_be_hidden()
            continue
        if clicks == 0:
            # Whose turn is visible: banner, highlighted plate, title prefix.
            expect(page.get_by_test_id("turn-banner")).to_have_class(re.compile("mine"))
            assert page.title().startswith("▶")
        page.locator(LEGAL).first.click()
        clicks += 1
    raise AssertionError(f"the game stalled at seq {seq} for {stall_seconds}s ({clicks} moves)")


def _where_it_stopped(page) -> str:
    """What the page shows and what the database holds of its table, for a test that
    waited in vain (a stalled table, or a frame that never reached the page)."""
    app = page.locator("#table-app")
    shown = {k: app.get_attribute(f"data-{k}") for k in ("seq", "status", "connected")}
    found = re.search(r"/tables/(\d+)/", page.url)
    if found is None:
        return f"page {shown} at {page.url}"
    table = Table.objects.get(pk=int(found.group(1)))
    last = Action.objects.filter(hand__table=table).order_by("-seq").first()
    return (
        f"page {shown}; table {table.pk} seq {table.seq}, status {table.status}, "
        f"wake_at {table.wake_at}, last action {last and (last.seq, last.seat, last.action)}"
    )


def _bot_table(member, *, seed):
    table = services.table_create(
        host=member, variant="quebec", seed=seed, bot_delay_ms=50, name="Reconnect"
    )
    services.table_fill_with_bots(table_id=table.pk, user=member)
    services.table_start(table_id=table.pk, user=member)
    # Started from this process, whose on-commit poke reaches no runner: mark the table due
    # so that the server's sweep picks it up (see the report: table_start leaves wake_at empty).
    Table.objects.filter(pk=table.pk).update(wake_at=timezone.now())
    return table


def check_records(records: list[dict]) -> list[dict]:
    lines = "\n".join(json.dumps(r) for r in records)
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "check"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.slow
def test_member_plays_a_whole_quebec_game_against_three_bots(browser_page, make_member):
    page = browser_page
    member = make_member(first_name="Marie", last_name="Lachance", preferred_language="en")
    log_in(page, member)

    # The lobby: open a table, bots at the fast pace.
    page.goto("/tables/")
    form = page.get_by_test_id("table-form")
    form.get_by_test_id("more-options").locator("summary").first.click()  # the folded settings
    form.locator("#id_name").fill("Partie d'essai")
    form.locator("#id_variant").select_option("quebec")
    form.locator("#id_bot_delay_ms").select_option("100")
    form.get_by_test_id("create-table").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    table_id = int(re.search(r"/tables/(\d+)/", page.url).group(1))
    Table.objects.filter(pk=table_id).update(seed=20260501)  # deterministic deals
    expect(page.get_by_test_id("seat-N")).to_contain_text("Marie")

    page.get_by_test_id("fill-bots").click()
    for seat in "ESW":
        expect(page.get_by_test_id(f"seat-{seat}")).to_have_class(re.compile(r"\bis-bot\b"))
    page.get_by_test_id("start").click()
    expect(page.locator("#table-app")).to_have_attribute("data-status", "playing")
    expect(page.locator("#hand .hand-card")).to_have_count(10)

    clicks = play_until_over(page)
    assert clicks >= 8

    over = page.get_by_test_id("game-over")
    expect(over).to_contain_text("Game over")
    table = Table.objects.get(pk=table_id)
    assert table.status == Table.Status.FINISHED

    # The sheet on the page, hand by hand, and the totals.
    rows = page.locator("#sheet tbody tr[data-hand]")
    sheet = {
        int(rows.nth(i).get_attribute("data-hand")): json.loads(
            rows.nth(i).get_attribute("data-score")
        )
        for i in range(rows.count())
    }
    totals = json.loads(
        page.get_by_test_id("score-sheet")
        .get_by_test_id("sheet-totals")
        .get_attribute("data-totals")
    )
    for team, total in totals.items():
        expect(page.get_by_test_id(f"total-{team}")).to_have_text(str(total))

    # The game's records, downloaded as the member, checked by the engine.
    response = page.request.get(f"/tables/{table_id}/records.json")
    assert response.ok
    records = response.json()
    assert len(records) == len(sheet)
    played = [r for r in records if r.get("play")]
    assert len(played) == 8
    results = check_records(records)
    summed = {team: 0 for team in totals}
    for number, result in enumerate(results, start=1):
        assert result["ok"] and result["complete"], result
        assert result["score"] == sheet[number], (number, result, sheet[number])
        for team in summed:
            summed[team] += result["score"][team]
    assert summed == totals

    # Replay links for every hand.
    expect(over.get_by_role("link", name=re.compile("Replay hand"))).to_have_count(len(sheet))


def test_page_reconnects_after_a_server_restart_and_play_goes_on(
    browser_page, make_member, live_server_asgi
):
    page = browser_page
    member = make_member(first_name="Réal", last_name="Côté", preferred_language="en")
    table = in_thread(lambda: _bot_table(member, seed=777))
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    app = page.locator("#table-app")
    expect(app).to_have_attribute("data-connected", "1")

    # Play a couple of turns, then lose the server in the middle of the hand.
    for _ in range(2):
        page.wait_for_function(TURN_OR_END, timeout=20_000)
        page.locator(LEGAL).first.click()
    page.wait_for_function(TURN_OR_END, timeout=20_000)
    seq_before = int(app.get_attribute("data-seq"))

    # Record whether the banner showed at any moment: the page may reconnect before
    # restart() returns, so the banner cannot be awaited afterwards.
    page.evaluate("""() => {
        const banner = document.querySelector('[data-testid=reconnecting]');
        window.__bannerShown = false;
        new MutationObserver(() => { if (!banner.hidden) window.__bannerShown = true; })
            .observe(banner, {attributes: true});
    }""")
    live_server_asgi.restart()
    page.wait_for_function("() => window.__bannerShown", timeout=30_000)
    expect(page.get_by_test_id("reconnecting")).to_be_hidden(timeout=30_000)
    expect(app).to_have_attribute("data-connected", "1", timeout=30_000)

    # Resynced: the same state, and the member plays on.
    page.wait_for_function(TURN_OR_END, timeout=20_000)
    assert int(app.get_attribute("data-seq")) >= seq_before
    page.locator(LEGAL).first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('#table-app').dataset.seq) > {seq_before}",
        timeout=20_000,
    )


def test_a_players_arrival_does_not_replace_the_hosts_start_buttons(
    chromium, live_server_asgi, browser_page, make_member
):
    """Another player opens the table while the host is about to tap "Fill with bots"
    or a free seat's "Add a bot": the presence notice brings the host's page a new
    state (the newcomer's dot turns on), and the buttons the host is tapping stay the
    same elements, so no tap is lost to a re-render."""
    page = browser_page
    table, guest = host_waits_for_a_player(page, make_member, seat="E", name="Table d'attente")
    seated_player_arrives(
        chromium,
        live_server_asgi,
        page,
        table.pk,
        guest,
        "E",
        ["fill-bots", "start", "bot-S", "bot-W"],
    )
    page.get_by_test_id("fill-bots").click()
    expect(page.get_by_test_id("seat-S")).to_have_class(re.compile(r"\bis-bot\b"))


def test_a_players_arrival_does_not_replace_the_call_buttons_or_the_cards(
    chromium, live_server_asgi, browser_page, make_member
):
    """Mid-auction, a seated player's arrival brings a new state to the page of the
    player whose turn it is to call (the newcomer's dot turns on): the call buttons
    and the hand's cards are still the same elements, and a call tapped then counts."""
    page = browser_page

    def setup():
        firsts = ["Appel", "Arrivée", "Sud", "Ouest"]
        members = [make_member(first_name=first, last_name="Enjeu") for first in firsts]
        table = members_table(members, seed=77, name="Table des enchères")
        by_seat = dict(zip("NESW", members))
        while state_of(table.pk).hand.to_act != "N":
            play(table.pk, by_seat, lambda st: "pass")
        return table, members

    table, members = in_thread(setup)
    log_in(page, members[0])
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
    expect(page.locator("#action-panel button.legal").first).to_be_enabled()
    seated_player_arrives(
        chromium,
        live_server_asgi,
        page,
        table.pk,
        members[1],
        "E",
        selectors=["#action-panel button", "#hand button"],
    )
    seq = int(page.locator("#table-app").get_attribute("data-seq"))
    page.locator("#action-panel button[data-action=pass]").click()
    expect(page.locator("#table-app")).to_have_attribute("data-seq", str(seq + 1))
