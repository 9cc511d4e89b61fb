"""The 450 secretary's sheet when the network drops, in Chromium, in French, on a phone:
the secretary enters a round offline (kept on the phone, shown as waiting to be sent,
the form on the next round); another player's confirmation is kept on his phone too;
when the network comes back both reach the server once, in order."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.kinds.four_fifty.test_evening_browser import CARDS, a_450_evening
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.test_results_browser import _phone
from tournaments.models import Seat, SheetLine, SheetSubmission


def _table(make_member):
    from tournaments import services

    director, t = a_450_evening(
        make_member, ["Gaétan", "Sylvie", "Réjean", "Lise"], games=1, rounds=2
    )
    rnd = services.round_draw(tournament=t, by=director, seed=3)
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    seats = Seat.objects.filter(round=rnd).select_related("entry__player")
    table = seats.first().table
    return t, table, {s.position: s.entry.player for s in seats.filter(table=table)}


def test_a_round_and_its_confirmation_entered_offline_reach_the_sheet_once(
    chromium, live_server_asgi, phone_page, make_member
):
    t, table, at = in_thread(lambda: _table(make_member))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/{table}/"
    secretary = phone_page
    log_in(secretary, at["P1"])
    secretary.goto(sheet_url)
    expect(secretary.locator("body")).to_have_attribute("data-entry-queue", "empty")

    secretary.context.set_offline(True)
    secretary.get_by_test_id("double_face").select_option("9D")
    for seat, (c1, c2, pot) in CARDS.items():
        secretary.get_by_test_id(f"c1_{seat}").select_option(c1)
        secretary.get_by_test_id(f"c2_{seat}").select_option(c2)
        secretary.get_by_test_id(f"pot_{seat}").select_option(pot)
    secretary.get_by_test_id("enter").click()
    queued = secretary.get_by_test_id("queued-entry")
    expect(queued).to_have_count(1)
    expect(queued).to_contain_text("Manche 1")
    expect(queued).to_contain_text("en attente d’envoi")
    expect(secretary.get_by_test_id("entry-form").locator("h2")).to_have_text("Manche 2")
    assert in_thread(lambda: SheetLine.objects.count()) == 0

    secretary.context.set_offline(False)
    expect(secretary.locator("body")).to_have_attribute("data-entry-queue", "empty")
    expect(secretary.get_by_test_id("round-row")).to_have_count(1)
    expect(secretary.get_by_test_id("pending")).to_have_count(1)

    # Seat 3 confirms it with no network; sent when it comes back.
    context = _phone(chromium, live_server_asgi)
    try:
        player = context.new_page()
        log_in(player, at["P3"])
        player.goto(sheet_url)
        expect(player.locator("body")).to_have_attribute("data-entry-queue", "empty")
        context.set_offline(True)
        player.get_by_test_id("confirm").click()
        expect(player.get_by_test_id("queued-entry")).to_contain_text("Confirmation : Manche 1")
        context.set_offline(False)
        expect(player.get_by_test_id("confirmed")).to_have_count(1)
        expect(secretary.get_by_test_id("confirmed")).to_have_count(1)
        expect(secretary.get_by_test_id("total-P1").get_by_test_id("total")).to_have_text("117")
    finally:
        context.close()

    def stored():
        line = SheetLine.objects.get()
        receipts = SheetSubmission.objects.order_by("id").values_list("action", "result")
        return line.points, line.entered_by_id, line.confirmed_by_id, list(receipts)

    points, entered, confirmed, receipts = in_thread(stored)
    assert points == {"P1": 117, "P2": 19, "P3": 32, "P4": 26}
    assert (entered, confirmed) == (at["P1"].pk, at["P3"].pk)
    assert receipts == [("enter", "done"), ("confirm", "done")]
