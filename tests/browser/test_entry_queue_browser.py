"""Score entry that survives the network, in Chromium, in French: two phones (390x844) at
a hall table, one per side, each with its own IndexedDB and service worker, and the
standings open on a laptop (1366x800).

The hall's Wi-Fi goes off on both phones: North's phone enters 10 hands, kept on the
phone (IndexedDB) and shown as waiting to be sent; East's phone has nothing to confirm
(its sheet knows only what the server sent it). North's page is closed and opened again,
still offline (the service worker's offline page lists the entries the phone keeps).
The network comes back on both: the 10 hands reach the server in order, once each, with
the engine's scores; East's sheet and the standings follow without a reload.

The Wi-Fi goes off again: East's phone confirms 5 of those hands, kept on East's phone,
while both sides enter hand 11. East's network comes back first: its confirmations and
its hand 11 are written; then North's: its hand 11 is refused in words on both phones,
nothing overwritten, nothing lost (North's entry stays on the phone until removed).

A confirmation names the sheet's row as the server sent it (``_sign_off.html``), so an
offline phone can confirm only hands its sheet already shows: East's confirmations are
always sent after North's entries they confirm (a confirmation naming a row the server
does not have is a conflict: tests/tournaments/test_entry_keys.py)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.conftest import DEVICES, STEP_TIMEOUT_MS
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_results_browser import _one_table, _phone
from tests.browser.worker import until_controlled
from tournaments import selectors_tables as ts
from tournaments.models import HandScore, SheetSubmission

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
CONFIRMED = 5
#: Hand 11, entered by both sides while offline: North's, then East's (written first).
NORTH_11 = ("N", "8S", "9")
EAST_11 = ("E", "7H", "7")


def _enter(page, declarer, contract, tricks):
    form = page.get_by_test_id("entry-form")
    form.get_by_test_id("declarer").select_option(declarer)
    form.get_by_test_id("contract").select_option(contract)
    form.get_by_test_id("tricks").fill(tricks)
    form.get_by_test_id("enter").click()


def _fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"entry-queue-{name}.png"), full_page=True)


class Posts:
    """The answers a phone's context has had to the sheet's POSTs (entries, confirmations),
    as (path, status), in the order they came."""

    def __init__(self, context) -> None:
        self.context = context
        self.answers: list[tuple[str, int]] = []
        context.on("response", self._seen)

    def _seen(self, response) -> None:
        if response.request.method == "POST" and "/tables/" in response.url:
            path = response.url.rsplit("/", 2)[-2]
            self.answers.append((path, response.status))

    def until(self, n: int) -> list[tuple[str, int]]:
        """Wait, one response at a time, until ``n`` answers came (each within a step's
        timeout: a loaded machine answers slowly, a lost entry never)."""
        while len(self.answers) < n:
            self.context.wait_for_event("response", timeout=STEP_TIMEOUT_MS)
        return self.answers


def _standings_show(page, ns: int, ew: int) -> None:
    """The standings page shows table 1's game in progress at these totals, and the
    provisional ranking counts them for each player of the side."""
    expect(page.get_by_test_id("running-total")).to_have_text([str(ns), str(ew)])
    ranked = sorted([ns, ns, ew, ew], reverse=True)
    expect(page.get_by_test_id("provisional-total")).to_have_text([str(n) for n in ranked])


def _stored(t):
    """The sheet's rows by seq and the receipts of every key, as the database has them."""
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
    receipts = SheetSubmission.objects.filter(game__round__tournament=t).order_by("pk")
    return rows, list(receipts.values_list("user", "action", "seq", "result", "code"))


def _scores(t, hands):
    return [
        (s.get("NS", 0), s.get("EW", 0))
        for s in (
            ts.hand_score(t, declarer=d, contract=c, tricks=int(k)).score for d, c, k in hands
        )
    ]


def test_two_phones_offline_enter_and_confirm_and_everything_arrives_once_in_order(
    chromium, live_server_asgi, phone_page, make_member
):
    director, t, seats = in_thread(lambda: _one_table(make_member, hands_per_game=16))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/1/"
    *scores, east_11 = in_thread(lambda: _scores(t, [*HANDS, EAST_11]))
    east_context = _phone(chromium, live_server_asgi)
    laptop = chromium.new_context(
        base_url=live_server_asgi.url, locale="fr-CA", **DEVICES["laptop"]
    )
    laptop.set_default_timeout(STEP_TIMEOUT_MS)
    try:
        # The standings, live on the director's laptop: no game in progress yet.
        standings = laptop.new_page()
        log_in(standings, director)
        standings.goto(f"/tournaments/{t.pk}/standings/")
        expect(standings.locator("body")).to_have_attribute("data-socket", "open")
        expect(standings.get_by_test_id("running-table")).to_have_count(0)

        # Phone A (North, who enters) and phone B (East, the other side, who confirms),
        # each under its own service worker.
        north, east = phone_page, east_context.new_page()
        north_posts, east_posts = Posts(north.context), Posts(east_context)
        for phone, who in ((north, "N"), (east, "E")):
            log_in(phone, seats[who])
            phone.goto(sheet_url)
            until_controlled(phone)
            expect(phone.locator("body")).to_have_attribute("data-socket", "open")
            expect(phone.locator("body")).to_have_attribute("data-entry-queue", "empty")

        # ---- the Wi-Fi goes off on both phones: North enters 10 hands ----
        north.context.set_offline(True)
        east_context.set_offline(True)
        queued = north.get_by_test_id("queued-entry")
        for n, (declarer, contract, tricks) in enumerate(HANDS, start=1):
            _enter(north, declarer, contract, tricks)
            expect(queued).to_have_count(n)
        expect(queued.first).to_contain_text("Brasse 1")
        expect(queued.first).to_contain_text("en attente d’envoi")
        expect(queued.last).to_contain_text("Brasse 10")
        expect(north.get_by_test_id("entry-queue-status")).to_contain_text(
            "Pas de réseau : 10 saisies sont gardées sur ce téléphone"
        )
        expect(north.get_by_test_id("entry-form").locator("h2")).to_contain_text("Brasse 11")
        # East's sheet knows nothing of them: nothing to confirm yet.
        expect(east.get_by_test_id("hand-row")).to_have_count(0)
        expect(east.get_by_test_id("pending-card")).to_have_count(0)
        _fits(north)
        _shot(north, "a-pending")
        assert in_thread(lambda: HandScore.objects.filter(game__round__tournament=t).count()) == 0
        assert north_posts.answers == []

        # ---- North's page is closed and opened again, still offline ----
        north.close()
        north = north_posts.context.new_page()
        north.goto(sheet_url)
        expect(north.get_by_test_id("offline-page")).to_be_visible()
        expect(north.get_by_test_id("offline-queue")).to_contain_text("10")
        # The entries of this sheet are listed there, still waiting to be sent.
        queued = north.get_by_test_id("queued-entry")
        expect(queued).to_have_count(len(HANDS))
        expect(queued.first).to_contain_text("Brasse 1")
        expect(queued.first).to_contain_text("en attente d’envoi")
        expect(north.get_by_test_id("entry-queue-status")).to_contain_text(
            "Pas de réseau : 10 saisies sont gardées sur ce téléphone"
        )
        _fits(north)
        _shot(north, "a-reopened-offline")

        # ---- the network comes back on both: the 10 hands go, in order, once each ----
        north.context.set_offline(False)
        east_context.set_offline(False)
        # Each written, or already written under its key (a send cut by the reload).
        assert set(north_posts.until(len(HANDS))) == {("enter", 200)}
        expect(north.get_by_test_id("sheet")).to_be_visible()
        expect(north.locator("body")).to_have_attribute("data-entry-queue", "empty")
        expect(north.get_by_test_id("entry-queue")).to_be_hidden()
        expect(north.get_by_test_id("hand-row")).to_have_count(len(HANDS))
        # East's sheet follows without a reload: 10 hands to confirm.
        expect(east.get_by_test_id("hand-row")).to_have_count(len(HANDS))
        expect(east.get_by_test_id("pending-card")).to_have_count(len(HANDS))

        rows, receipts = in_thread(lambda: _stored(t))
        assert [r[0] for r in rows] == list(range(1, len(HANDS) + 1))
        assert [(r[2], r[3], str(r[4])) for r in rows] == HANDS
        assert [(r[5], r[6]) for r in rows] == scores
        assert (rows[0][5], rows[0][6]) == (240, 10)  # 8♠ made with 9 tricks
        assert all(r[1] == seats["N"].pk and r[7] is None for r in rows)
        assert receipts == [(seats["N"].pk, "enter", n, "done", "entered") for n in range(1, 11)]
        ns, ew = sum(s[0] for s in scores), sum(s[1] for s in scores)
        expect(north.get_by_test_id("total-ns")).to_have_text(str(ns))
        expect(east.get_by_test_id("total-ew")).to_have_text(str(ew))
        # The standings followed: table 1's game in progress, at its totals.
        _standings_show(standings, ns, ew)
        _shot(north, "a-synced")
        _shot(east, "b-synced")
        north_posts.answers.clear()  # the queue is empty: nothing more of the first outage

        # ---- the Wi-Fi goes off again: East confirms 5, both sides enter hand 11 ----
        north.context.set_offline(True)
        east_context.set_offline(True)
        kept = east.get_by_test_id("queued-entry")
        for n in range(1, CONFIRMED + 1):
            east.locator('[data-testid="confirm"]:visible').first.click()
            expect(kept).to_have_count(n)
        expect(kept.first).to_contain_text("Confirmation : Brasse 1")
        expect(kept.first).to_contain_text("en attente d’envoi")
        expect(east.locator('[data-testid="confirm"]:visible')).to_have_count(
            len(HANDS) - CONFIRMED
        )
        _enter(north, *NORTH_11)
        expect(north.get_by_test_id("queued-entry")).to_have_count(1)
        expect(east.get_by_test_id("entry-form").locator("h2")).to_contain_text("Brasse 11")
        _enter(east, *EAST_11)
        expect(kept).to_have_count(CONFIRMED + 1)
        expect(kept.last).to_contain_text("Brasse 11")
        expect(east.get_by_test_id("entry-queue-status")).to_contain_text(
            "Pas de réseau : 6 saisies sont gardées sur ce téléphone"
        )
        _fits(east)
        _shot(east, "b-pending")
        _shot(north, "a-pending-hand-11")
        confirmed = HandScore.objects.filter(game__round__tournament=t, confirmed=True)
        assert in_thread(confirmed.count) == 0

        # ---- East's network comes back first: 5 confirmations, then its hand 11 ----
        east_context.set_offline(False)
        east_answers = east_posts.until(CONFIRMED + 1)
        assert east_answers == [("confirm", 200)] * CONFIRMED + [("enter", 200)]
        expect(east.locator("body")).to_have_attribute("data-entry-queue", "empty")
        expect(east.get_by_test_id("hand-row")).to_have_count(len(HANDS) + 1)
        expect(east.get_by_test_id("confirmed")).to_have_count(CONFIRMED)

        # ---- then North's: its hand 11 is refused in words on both phones ----
        north.context.set_offline(False)
        assert north_posts.until(1) == [("enter", 409)]
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
        expect(north.get_by_test_id("sheet-conflict")).to_contain_text("Rien n’a été écrasé")
        expect(east.get_by_test_id("sheet-conflict")).to_contain_text(
            f"Saisie de {seats['N'].public_name} refusée"
        )
        expect(east.get_by_test_id("sheet-conflict")).to_contain_text("Rien n’a été écrasé")
        expect(north.get_by_test_id("hand-row")).to_have_count(len(HANDS) + 1)
        expect(north.get_by_test_id("confirmed")).to_have_count(CONFIRMED)

        rows, receipts = in_thread(lambda: _stored(t))
        assert [r[0] for r in rows] == list(range(1, len(HANDS) + 2))
        assert [(r[2], r[3], str(r[4])) for r in rows] == [*HANDS, EAST_11]
        assert [(r[5], r[6]) for r in rows] == [*scores, east_11]
        assert [r[7] for r in rows] == [seats["E"].pk] * CONFIRMED + [None] * (
            len(HANDS) + 1 - CONFIRMED
        )
        assert rows[-1][1] == seats["E"].pk  # hand 11 stays East's: nothing overwritten
        assert receipts[len(HANDS) :] == [
            *[(seats["E"].pk, "confirm", n, "done", "confirmed") for n in range(1, 6)],
            (seats["E"].pk, "enter", 11, "done", "entered"),
            (seats["N"].pk, "enter", 11, "conflict", "already_entered"),
        ]
        ns, ew = ns + east_11[0], ew + east_11[1]
        expect(north.get_by_test_id("total-ns")).to_have_text(str(ns))
        expect(east.get_by_test_id("total-ew")).to_have_text(str(ew))
        _standings_show(standings, ns, ew)
        _fits(north)
        _fits(east)
        north.evaluate("window.scrollTo(0, 0)")
        _shot(north, "a-conflict")
        _shot(east, "b-conflict")
        _fits(standings)
        standings.screenshot(path=str(SHOTS / "entry-queue-standings-laptop.png"))
        # Nothing lost: North's entry stays on the phone until North removes it.
        refused.get_by_test_id("queued-drop").click()
        expect(north.get_by_test_id("entry-queue")).to_be_hidden()
    finally:
        east_context.close()
        laptop.close()


def test_a_send_that_fails_as_the_network_returns_is_tried_again_within_seconds(
    live_server_asgi, phone_page, make_member
):
    """The hall's Wi-Fi is back but its first requests fail (the connection drops, then the
    site answers "unavailable" while it restarts): the hand stays on the phone, waiting, and
    is sent again after 1 s and then 2 s, not at the next 20-second round; once sent it is
    written once."""
    director, t, seats = in_thread(lambda: _one_table(make_member, hands_per_game=4))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/1/"
    north = phone_page
    log_in(north, seats["N"])
    north.goto(sheet_url)
    expect(north.locator("body")).to_have_attribute("data-entry-queue", "empty")

    tries: list[str] = []

    def flaky(route):
        tries.append(route.request.method)
        if len(tries) == 1:
            route.abort("internetdisconnected")
        elif len(tries) == 2:
            route.fulfill(status=503, body="Service Unavailable")
        else:
            route.continue_()

    north.route(lambda url: url.endswith("/rounds/1/tables/1/enter/"), flaky)
    _enter(north, *HANDS[0])
    # Waiting on the phone after the first failures, then written: within a step's
    # timeout (15 s), which the 20-second round alone would not meet.
    expect(north.get_by_test_id("hand-row")).to_have_count(1)
    expect(north.locator("body")).to_have_attribute("data-entry-queue", "empty")
    assert tries == ["POST", "POST", "POST"]
    rows, receipts = in_thread(lambda: _stored(t))
    assert [row[:5] for row in rows] == [(1, seats["N"].pk, "N", "8S", 9)]
    assert receipts == [(seats["N"].pk, "enter", 1, "done", "entered")]
