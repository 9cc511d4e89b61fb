"""Taking back a misclick at a casual table (issue 29, point 11), in French: Marie on a
phone (390x844) plays a card and asks to take it back; Jean, on a laptop (1366x800),
accepts: the card is back in Marie's hand. Then she plays again, asks again, and Jean
refuses: the card stays, and that move may not be asked for again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Action
from tests.browser.conftest import STEP_TIMEOUT_MS
from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import click_first_legal, in_thread, log_in, state_of
from tests.browser.test_social_browser import _close

pytestmark = pytest.mark.browser

LEGAL_CARD = "#hand button.hand-card.legal:not([disabled])"


def _table_in_play(marie, jean):
    """Marie (N) and Jean (E) with two bots; the bots (and the runner for the members,
    not there yet) play until Marie is to play a card that Jean answers, the trick not
    complete with it."""
    table = services.table_create(
        host=marie,
        variant="quebec",
        seed=2929,
        name="Reprise",
        bot_delay_ms=50,
        absence_grace_seconds=600,
    )
    services.table_join(table_id=table.pk, user=jean, seat="E")
    services.table_fill_with_bots(table_id=table.pk, user=marie)
    services.table_start(table_id=table.pk, user=marie)
    return _drive_until(
        table,
        lambda hand: hand.phase.value == "play" and hand.to_act == "N" and len(hand.trick) <= 2,
        step=timedelta(seconds=1),  # past the bots' pace from the last move
        what="Marie never got to play a card",
    )


def _drive_until(table, ready, *, step: timedelta, what: str):
    """The table driven (its bots, and the runner for its absent members) a ``step`` at
    a time from a day ahead until ``ready(hand)``; ``what`` says what never came."""
    later = timezone.now() + timedelta(days=1)
    for _ in range(400):
        if ready(state_of(table.pk).hand):
            return table
        later += step
        services.table_drive(table_id=table.pk, now=later)
    raise AssertionError(what)


def _open(chromium, server, user, viewport):
    context = chromium.new_context(
        base_url=server.url,
        locale="fr-CA",
        viewport=viewport,
        is_mobile=viewport["width"] < 500,
        has_touch=viewport["width"] < 500,
    )
    context.set_default_timeout(STEP_TIMEOUT_MS)
    page = context.new_page()
    log_in(page, user)
    return context, page


def _layout_ok(page, name):
    page.get_by_test_id("takeback").scroll_into_view_if_needed()
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
    page.screenshot(path=f"/tmp/shots/takeback-{name}.png")


def _play_a_card(page) -> str:
    """Click the first playable card (by its visible left edge); its code."""
    card = page.locator(LEGAL_CARD).first
    code = card.get_attribute("data-card")
    card.click(position={"x": 6, "y": 30})
    return code


def test_a_card_is_taken_back_when_the_other_player_accepts_and_stays_when_refused(
    chromium, live_server_asgi, transactional_db, make_member
):
    marie = make_member(first_name="Marie", last_name="Tremblay", preferred_language="fr")
    jean = make_member(first_name="Jean", last_name="Roy", preferred_language="fr")
    table = in_thread(lambda: _table_in_play(marie, jean))
    phone, m = _open(chromium, live_server_asgi, marie, {"width": 390, "height": 844})
    laptop, j = _open(chromium, live_server_asgi, jean, {"width": 1366, "height": 800})
    try:
        for page in (m, j):
            page.goto(f"/tables/{table.pk}/")
            expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
        expect(m.locator(LEGAL_CARD).first).to_be_visible()
        cards = m.locator("#hand .hand-card").count()
        ask = m.get_by_test_id("takeback-ask")
        expect(ask).to_be_hidden()

        # Marie plays a card: "Annuler mon coup" for her only
        code = _play_a_card(m)
        expect(m.locator("#hand .hand-card")).to_have_count(cards - 1)
        expect(ask).to_have_text("Annuler mon coup")
        expect(j.get_by_test_id("takeback-ask")).to_have_count(0)
        ask.click()
        request = j.get_by_test_id("takeback-request")
        expect(request).to_contain_text("Marie Tremblay demande à reprendre son coup (")
        expect(m.get_by_test_id("takeback-asked")).to_contain_text("en attente de Jean Roy")
        _layout_ok(j, "request-laptop")
        _layout_ok(m, "asked-phone")
        j.get_by_test_id("takeback-accept").click()

        # taken back: the card is in her hand again, her turn again, both told
        expect(m.locator("#hand .hand-card")).to_have_count(cards)
        expect(m.locator(f"#hand .hand-card[data-card='{code}']")).to_be_enabled()
        for page in (m, j):
            expect(page.get_by_test_id("takeback-outcome")).to_contain_text("Coup repris : ")
            expect(page.get_by_test_id("takeback-outcome")).to_contain_text("(Marie Tremblay)")
        expect(m.get_by_test_id("turn-banner")).to_have_class("turn-banner mine")
        _layout_ok(m, "done-phone")
        _layout_ok(j, "done-laptop")

        # she plays again and asks again; Jean refuses: the card stays
        code = _play_a_card(m)
        expect(m.locator("#hand .hand-card")).to_have_count(cards - 1)
        m.get_by_test_id("takeback-ask").click()
        j.get_by_test_id("takeback-refuse").click()
        for page in (m, j):
            expect(page.get_by_test_id("takeback-outcome")).to_have_text(
                "Jean Roy a refusé : le coup reste joué."
            )
        expect(m.get_by_test_id("takeback-ask")).to_have_count(0)  # one request per move
        expect(m.locator("#hand .hand-card")).to_have_count(cards - 1)
        expect(m.locator(f"#hand .hand-card[data-card='{code}']")).to_have_count(0)
        _layout_ok(m, "refused-phone")

        logged = in_thread(
            lambda: list(
                Action.objects.filter(hand__table=table, action__startswith="takeback")
                .order_by("seq")
                .values_list("seat", "action")
            )
        )
        assert logged == [
            ("N", "takeback"),
            ("E", "takeback:done"),
            ("N", "takeback"),
            ("E", "takeback:no"),
        ]
    finally:
        _close(phone, laptop)


def _with_slow_bots_until(member, ready, what: str, **table_options):
    """A casual table, ``member`` in the first seat and three bots slow to play (30 s),
    driven (by the runner for the member, not there yet) until ``ready(hand)``."""
    table = services.table_create(
        host=member, bot_delay_ms=30_000, absence_grace_seconds=600, **table_options
    )
    services.table_fill_with_bots(table_id=table.pk, user=member)
    services.table_start(table_id=table.pk, user=member)
    return _drive_until(table, ready, step=timedelta(minutes=1), what=what)


def _450_table(member):
    """A 450 table, ``member`` in P1 and three bots, until the member is to discard."""
    return _with_slow_bots_until(
        member,
        lambda hand: hand.phase.value == "discard" and hand.to_act == "P1",
        "the member never got to discard",
        kind="450",
        options={"players": 4},
        seed=4529,
        name="Piquée",
    )


@pytest.mark.parametrize(
    "viewport", [{"width": 390, "height": 844}, {"width": 1366, "height": 800}], ids=str
)
def test_a_450_discard_is_taken_back_at_once_with_bots_only(
    viewport, chromium, live_server_asgi, transactional_db, make_member
):
    """The same table page for 450: the bots accept at once."""
    member = make_member(first_name="Gilles", last_name="Défausse", preferred_language="fr")
    table = in_thread(lambda: _450_table(member))
    context, page = _open(chromium, live_server_asgi, member, viewport)
    try:
        page.goto(f"/tables/{table.pk}/")
        expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
        expect(page.locator(LEGAL_CARD).first).to_be_visible()
        cards = page.locator("#hand .hand-card").count()
        code = _play_a_card(page)
        expect(page.locator("#hand .hand-card")).to_have_count(cards - 1)
        page.get_by_test_id("takeback-ask").click()
        expect(page.locator("#hand .hand-card")).to_have_count(cards)
        expect(page.locator(f"#hand .hand-card[data-card='{code}']")).to_be_enabled()
        expect(page.get_by_test_id("takeback-outcome")).to_contain_text("Coup repris : ")
        _layout_ok(page, f"450-{viewport['width']}")
    finally:
        _close(context)


def _500_table_at_my_call(member):
    """A quebec table, ``member`` in N and three bots, until N is to call."""
    return _with_slow_bots_until(
        member,
        lambda hand: hand.phase.value == "auction" and hand.to_act == "N",
        "the member never got to call",
        variant="quebec",
        seed=2930,
        name="Enchère",
    )


def test_a_call_is_taken_back_at_once_with_bots_only_and_the_record_notes_it(
    phone_page, make_member
):
    """At a casual 500 table on a phone, the member's call is taken back (the bots, who
    have not acted yet, accept at once): the member is to call again, the call is gone,
    and the hand's record notes the take-back."""
    member = make_member(first_name="Gilles", last_name="Enchère", preferred_language="fr")
    table = in_thread(lambda: _500_table_at_my_call(member))
    page = phone_page
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    app = page.locator("#table-app")
    expect(app).to_have_attribute("data-connected", "1")
    expect(page.get_by_test_id("turn-banner")).to_have_class("turn-banner mine")
    before = in_thread(lambda: state_of(table.pk).hand.to_record()["calls"])
    seq = app.get_attribute("data-seq")
    click_first_legal(page)
    expect(app).not_to_have_attribute("data-seq", seq)
    ask = page.get_by_test_id("takeback-ask")
    expect(ask).to_have_text("Annuler mon coup")
    ask.click()
    expect(page.get_by_test_id("takeback-outcome")).to_contain_text("Coup repris : ")
    expect(page.get_by_test_id("turn-banner")).to_have_class("turn-banner mine")
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []

    record = in_thread(lambda: state_of(table.pk).hand.to_record())
    assert record["calls"] == before  # the call is gone
    assert [t["seat"] for t in record["takebacks"]] == ["N"]


def test_a_tournament_table_offers_no_take_back_on_a_phone(phone_page, make_member):
    """At a tournament's online table the player who just bid (the move a casual table
    would let them take back, the next player not having acted) is offered nothing."""
    from tests.browser.test_tournament_day_browser import make_day

    def setup():
        from tests.tournaments.day import table_users

        _director, _people, _t, rnd = make_day(make_member, players=4, online=True, hands=1)
        live = rnd.games.get(table=1).live_table
        seat = state_of(live.pk).hand.to_act
        return live.pk, seat, table_users(rnd, 1)[seat]

    table_id, seat, first = in_thread(setup)
    page = phone_page
    log_in(page, first)
    page.goto(f"/tables/{table_id}/")
    app = page.locator("#table-app")
    expect(app).to_have_attribute("data-connected", "1")
    expect(page.get_by_test_id("table-caption")).to_contain_text("ronde 1, table 1")
    seq = app.get_attribute("data-seq")
    click_first_legal(page)
    expect(app).not_to_have_attribute("data-seq", seq)  # the call is made
    last = in_thread(
        lambda: Action.objects.filter(hand__table_id=table_id).order_by("-seq").first().seat
    )
    assert last == seat  # the next player has not acted: a casual table would offer it
    expect(page.get_by_test_id("takeback")).to_have_count(0)
    expect(page.get_by_test_id("takeback-ask")).to_have_count(0)
    expect(page.get_by_text("Annuler mon coup")).to_have_count(0)
    assert page.evaluate(LAYOUT_PROBLEMS, page.viewport_size["width"]) == []
