"""Score entry that survives the network, in Chromium, in French, on a phone (390x844).

North's phone loses the network at a hall table: it confirms the 5 hands the other side
entered from East's phone and enters 10 hands; all 15 are kept on the phone (IndexedDB)
and shown as waiting to be sent. The page is closed and opened again, still offline
(the service worker's offline page says how many entries the phone keeps); the network
comes back: the entries reach the server in order, once each, with the engine's scores.
Then North enters a hand offline while East enters the same hand: when North's network
comes back its entry is refused in words on both phones, nothing overwritten, nothing
lost (North's entry stays on the phone until removed)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_results_browser import _one_table, _phone
from tests.browser.worker import until_controlled
from tournaments import selectors_tables as ts
from tournaments.models import HandScore, SheetSubmission
from tournaments.services import results as rs

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))

#: North's 10 hands: (declarer, contract, tricks taken by the declarer's side).
HANDS = [
    ("N", "8S", "9"),
    ("E", "7H", "5"),
    ("S", "6NT", "6"),
    ("W", "8D", "8"),
    ("N", "7C", "10"),
    ("E", "9S", "9"),
    ("S", "6H", "4"),
    ("W", "7NT", "7"),
    ("N", "8H", "8"),
    ("E", "6C", "6"),
]
EAST_HANDS = 5


def _table(make_member):
    """A running one-round tournament of four at table 1 (16 hands a game), East's side
    having entered the first 5 hands (pending North's confirmation)."""
    _director, t, seats = _one_table(make_member, hands_per_game=16)
    game = ts.table_game(t.rounds.get(number=1), 1)
    for seq in range(1, EAST_HANDS + 1):
        rs.hand_enter(game=game, user=seats["E"], seq=seq, declarer="E", contract="7S", tricks=7)
    return t, seats


def _enter(page, declarer, contract, tricks):
    form = page.get_by_test_id("entry-form")
    form.get_by_test_id("declarer").select_option(declarer)
    form.get_by_test_id("contract").select_option(contract)
    form.get_by_test_id("tricks").fill(tricks)
    form.get_by_test_id("enter").click()


def _fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_hands_entered_offline_are_sent_in_order_once_after_a_reopen(
    chromium, live_server_asgi, phone_page, make_member
):
    t, seats = in_thread(lambda: _table(make_member))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/1/"
    north = phone_page
    log_in(north, seats["N"])
    north.goto(sheet_url)
    # The service worker controls the page (it keeps the offline page).
    until_controlled(north)
    expect(north.locator("body")).to_have_attribute("data-entry-queue", "empty")
    expect(north.get_by_test_id("pending-card")).to_have_count(EAST_HANDS)

    east_context = _phone(chromium, live_server_asgi)
    try:
        east = east_context.new_page()
        log_in(east, seats["E"])
        east.goto(sheet_url)
        expect(east.locator("body")).to_have_attribute("data-socket", "open")

        # ---- the network goes: 5 confirmations and 10 hands kept on North's phone ----
        north.context.set_offline(True)
        queued = north.get_by_test_id("queued-entry")
        for n in range(1, EAST_HANDS + 1):
            north.locator('[data-testid="confirm"]:visible').first.click()
            expect(queued).to_have_count(n)
        for n, (declarer, contract, tricks) in enumerate(HANDS, start=1):
            _enter(north, declarer, contract, tricks)
            expect(queued).to_have_count(EAST_HANDS + n)
        expect(queued.first).to_contain_text("Confirmation : Brasse 1")
        expect(queued.first).to_contain_text("en attente d’envoi")
        expect(queued.nth(EAST_HANDS)).to_contain_text("Brasse 6")
        expect(north.get_by_test_id("entry-queue-status")).to_contain_text(
            "Pas de réseau : 15 saisies sont gardées sur ce téléphone"
        )
        expect(north.get_by_test_id("entry-form").locator("h2")).to_contain_text("Brasse 16")
        expect(north.locator('[data-testid="confirm"]:visible')).to_have_count(0)
        _fits(north)
        SHOTS.mkdir(parents=True, exist_ok=True)
        north.screenshot(path=str(SHOTS / "entry-queue-pending-phone.png"), full_page=True)
        assert in_thread(lambda: HandScore.objects.filter(game__round__tournament=t).count()) == 5

        # ---- the page is closed and opened again, still offline ----
        context = north.context
        north.close()
        north = context.new_page()
        north.goto(sheet_url)
        expect(north.get_by_test_id("offline-page")).to_be_visible()
        expect(north.get_by_test_id("offline-queue")).to_contain_text("15")

        # ---- the network comes back: the page comes back and sends the queue ----
        context.set_offline(False)
        expect(north.get_by_test_id("sheet")).to_be_visible()
        expect(north.locator("body")).to_have_attribute("data-entry-queue", "empty")
        expect(north.get_by_test_id("entry-queue")).to_be_hidden()
        expect(north.get_by_test_id("hand-row")).to_have_count(EAST_HANDS + len(HANDS))
        expect(east.get_by_test_id("hand-row")).to_have_count(EAST_HANDS + len(HANDS))

        def stored():
            rows = list(
                HandScore.objects.filter(game__round__tournament=t)
                .order_by("seq")
                .values_list(
                    "seq",
                    "entered_by",
                    "declarer",
                    "contract",
                    "tricks",
                    "ns_score",
                    "ew_score",
                    "confirmed_by",
                )
            )
            expected = [
                ts.hand_score(t, declarer=d, contract=c, tricks=int(k)).score for d, c, k in HANDS
            ]
            keys = SheetSubmission.objects.filter(game__round__tournament=t)
            return rows, expected, list(keys.values_list("result", flat=True))

        rows, expected, receipts = in_thread(stored)
        assert [r[0] for r in rows] == list(range(1, 16))
        assert all(r[1] == seats["E"].pk and r[7] == seats["N"].pk for r in rows[:EAST_HANDS])
        mine = rows[EAST_HANDS:]
        assert [(r[2], r[3], str(r[4])) for r in mine] == HANDS
        assert all(r[1] == seats["N"].pk and r[7] is None for r in mine)
        assert [(r[5], r[6]) for r in mine] == [(s.get("NS", 0), s.get("EW", 0)) for s in expected]
        assert (mine[0][5], mine[0][6]) == (240, 10)  # 8♠ made with 9 tricks
        assert receipts == ["done"] * 15
        total_ns = sum(r[5] for r in rows)
        expect(north.get_by_test_id("total-ns")).to_have_text(str(total_ns))

        # ---- a conflict: North offline enters hand 16 while East enters it too ----
        context.set_offline(True)
        expect(north.get_by_test_id("entry-form").locator("h2")).to_contain_text("Brasse 16")
        _enter(north, "N", "8S", "9")
        expect(north.get_by_test_id("queued-entry")).to_have_count(1)
        expect(east.get_by_test_id("entry-form").locator("h2")).to_contain_text("Brasse 16")
        _enter(east, "E", "7H", "7")
        expect(east.get_by_test_id("hand-row")).to_have_count(16)
        context.set_offline(False)
        refused = north.get_by_test_id("queued-refused")
        expect(refused).to_have_count(1)
        expect(refused.get_by_test_id("queued-message")).to_contain_text(
            f"Cette brasse a déjà été inscrite par {seats['E'].public_name}"
        )
        expect(refused).to_contain_text("non envoyée")
        expect(north.get_by_test_id("entry-queue-status")).to_contain_text("n’a pas été envoyée")
        expect(north.get_by_test_id("sheet-conflict")).to_contain_text(
            f"Saisie de {seats['N'].public_name} refusée"
        )
        expect(east.get_by_test_id("sheet-conflict")).to_contain_text("Rien n’a été écrasé")
        _fits(north)
        north.get_by_test_id("sheet").scroll_into_view_if_needed()
        north.evaluate("window.scrollTo(0, 0)")
        north.screenshot(path=str(SHOTS / "entry-queue-conflict-phone.png"))
        last = in_thread(
            lambda: HandScore.objects.filter(game__round__tournament=t, seq=16).get().entered_by_id
        )
        assert last == seats["E"].pk
        # Nothing lost: North's entry stays on the phone until North removes it.
        refused.get_by_test_id("queued-drop").click()
        expect(north.get_by_test_id("entry-queue")).to_be_hidden()
    finally:
        east_context.close()
