"""Score entry in Chromium: two phones of opposite sides enter and confirm a hand; the
projector's standings change without a reload (tournament socket -> htmx re-fetch)."""

from __future__ import annotations

import time

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import STEP_TIMEOUT_MS
from tests.browser.test_tournament_browser import in_thread, log_in
from tournaments import services
from tournaments.models import Entry, Seat, Tournament


def _one_table(make_member, hands_per_game=1):
    """A running one-round tournament of four players at table 1, with its director."""
    director = make_member(director=True, first_name="Josée", last_name="Directrice")
    players = [
        make_member(first_name=n, last_name="Joueur")
        for n in ("Gaétan", "Sylvie", "Réjean", "Lise")
    ]
    t = Tournament.objects.create(
        name="Tournoi du jeudi",
        starts_at=timezone.now(),
        status="running",
        checkin_code="KEY42",
        rounds_total=1,
        hands_per_game=hands_per_game,
    )
    for p in players:
        Entry.objects.create(tournament=t, player=p, checked_in=True)
    rnd = services.round_draw(tournament=t, by=director, seed=3)
    rnd = services.round_publish(round=rnd, by=director, version=rnd.version)
    rnd = services.round_start_play(round=rnd, by=director, version=rnd.version)
    seats = {
        s.position: s.entry.player
        for s in Seat.objects.filter(round=rnd, table=1).select_related("entry__player")
    }
    return director, t, seats


def _enter_8s_made_with_9(phone) -> None:
    phone.get_by_test_id("declarer").select_option("N")
    phone.get_by_test_id("contract").select_option("8S")
    phone.get_by_test_id("tricks").fill("9")
    expect(phone.get_by_test_id("preview-score")).to_contain_text("240")
    phone.get_by_test_id("enter").click()
    expect(phone.get_by_test_id("pending")).to_have_count(1)


def _phone(chromium, live_server_asgi):
    context = chromium.new_context(
        base_url=live_server_asgi.url,
        locale="fr-CA",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(STEP_TIMEOUT_MS)
    return context


def test_two_phones_enter_and_confirm_projector_follows(
    chromium, live_server_asgi, browser_page, phone_page, make_member
):
    director, t, seats = in_thread(lambda: _one_table(make_member))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/1/"

    projector = browser_page
    log_in(projector, director)
    projector.goto(f"/tournaments/{t.pk}/projector/")
    expect(projector.locator("body")).to_have_attribute("data-socket", "open")
    expect(projector.get_by_test_id("projector-standings")).to_be_attached()
    expect(projector.get_by_test_id("standing-row")).to_have_count(4)
    expect(projector.get_by_test_id("standing-total").first).to_have_text("0")

    # Phone B (East, the other side) is open on the sheet first.
    context_b = _phone(chromium, live_server_asgi)
    phone_b = context_b.new_page()
    try:
        log_in(phone_b, seats["E"])
        phone_b.goto(sheet_url)
        expect(phone_b.locator("body")).to_have_attribute("data-socket", "open")
        expect(phone_b.get_by_test_id("hand-row")).to_have_count(0)

        # Phone A (North) enters hand 1: the engine's score shows as it is typed.
        phone_a = phone_page
        log_in(phone_a, seats["N"])
        phone_a.goto(sheet_url)
        _enter_8s_made_with_9(phone_a)

        # Phone B sees the pending hand live and confirms it.
        expect(phone_b.get_by_test_id("pending")).to_have_count(1)
        phone_b.get_by_test_id("confirm").click()
        expect(phone_b.get_by_test_id("confirmed")).to_have_count(1)
        expect(phone_b.get_by_test_id("total-ns")).to_have_text("240")
        expect(phone_a.get_by_test_id("confirmed")).to_have_count(1)

        # The projector's standings changed without a reload.
        expect(projector.get_by_test_id("standing-total").first).to_have_text("240")
    finally:
        context_b.close()


def test_an_update_that_comes_while_the_standings_are_fetched_is_not_lost(
    chromium, live_server_asgi, browser_page, phone_page, make_member
):
    """The projector is still fetching its standings after a hand was entered when the
    hand's confirmation arrives: once that fetch ends, the standings are fetched again
    and show the confirmed total (htmx alone drops a trigger that comes during a
    fragment's request)."""
    director, t, seats = in_thread(lambda: _one_table(make_member))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/1/"

    projector = browser_page
    frames = []
    projector.on(
        "websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload))
    )
    log_in(projector, director)
    projector.goto(f"/tournaments/{t.pk}/projector/")
    expect(projector.locator("body")).to_have_attribute("data-socket", "open")
    expect(projector.get_by_test_id("standing-total").first).to_have_text("0")

    # The next standings fetch gets its answer from the server, and the browser is given
    # it only when the test says so; later fetches go through.
    held = []

    def hold_first(route):
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))

    projector.route("**/projector/standings/", hold_first)

    def wait_until(condition, what):
        deadline = time.monotonic() + 15
        while not condition() and time.monotonic() < deadline:
            projector.wait_for_timeout(50)
        assert condition(), what

    context_b = _phone(chromium, live_server_asgi)
    phone_b = context_b.new_page()
    try:
        log_in(phone_page, seats["N"])
        phone_page.goto(sheet_url)
        _enter_8s_made_with_9(phone_page)
        wait_until(lambda: held, "the projector did not fetch its standings")

        seen = len(frames)
        log_in(phone_b, seats["E"])
        phone_b.goto(sheet_url)
        phone_b.get_by_test_id("confirm").click()
        expect(phone_b.get_by_test_id("total-ns")).to_have_text("240")
        wait_until(lambda: len(frames) > seen, "the confirmation never reached the projector")

        route, answer = held[0]
        route.fulfill(response=answer)  # the standings from before the confirmation
        expect(projector.get_by_test_id("standing-total").first).to_have_text("240")
    finally:
        context_b.close()


def test_a_sheet_rendered_before_the_latest_update_is_fetched_again(
    chromium, live_server_asgi, phone_page, make_member
):
    """North's phone asks for its sheet after East's confirmation, but is answered with
    the sheet as it was before it (rendered at the older version: a response that
    crossed the update on its way). The page knows the newer version from its socket,
    sees that the sheet it shows is older, and fetches it again: it ends showing the
    hand confirmed, with no further update to wake it."""
    director, t, seats = in_thread(lambda: _one_table(make_member))
    sheet_url = f"/tournaments/{t.pk}/rounds/1/tables/1/"
    phone_a = phone_page
    log_in(phone_a, seats["N"])
    phone_a.goto(sheet_url)
    expect(phone_a.locator("body")).to_have_attribute("data-socket", "open")
    _enter_8s_made_with_9(phone_a)
    stale = phone_a.request.get(sheet_url, headers={"HX-Request": "true"}).text()
    assert 'data-testid="pending"' in stale and "data-tournament-version=" in stale

    served = []

    def stale_once(route):
        if served or "hx-request" not in route.request.headers:
            route.continue_()
        else:
            served.append(route.request.url)
            route.fulfill(status=200, body=stale, content_type="text/html; charset=utf-8")

    phone_a.route(f"**{sheet_url}", stale_once)
    context_b = _phone(chromium, live_server_asgi)
    try:
        phone_b = context_b.new_page()
        log_in(phone_b, seats["E"])
        phone_b.goto(sheet_url)
        phone_b.get_by_test_id("confirm").click()
        expect(phone_b.get_by_test_id("confirmed")).to_have_count(1)
        expect(phone_a.get_by_test_id("confirmed")).to_have_count(1)
        assert served, "North's page was never answered with the older sheet"
    finally:
        context_b.close()
