"""The results console keeps the director's place (issue 29, point 4): an action at a
table swaps that table's section only; the page does not reload, the sections stay as
they were, the scroll position is kept and the message shows in the section, also
after the live refresh that follows. Chromium, in French, on a 1366x800 laptop (and a
390x844 phone for the confirmation)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import MAIN_WIDER_THAN_THE_SCREEN
from tests.browser.test_tournament_browser import in_thread, log_in
from tests.browser.test_tournament_day_browser import (  # noqa: F401
    PHONE,
    _shot,
    fill_round,
    make_day,
    open_context,
)

LAPTOP = {"width": 1366, "height": 800}


def _open_console(open_context, director, t, viewport=LAPTOP):  # noqa: F811 (the fixture)
    """The director's console (on a laptop unless told), following the tournament live;
    the page marks itself so that a test can tell it was never reloaded."""
    page = open_context(viewport)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/console/")
    expect(page.locator("body")).to_have_attribute("data-socket", "open")
    page.evaluate("() => { window.__notReloaded = true; }")
    return page


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_confirming_a_hand_keeps_the_console_open_and_the_scroll_position(
    viewport,
    make_member,
    open_context,  # noqa: F811 (the fixture)
):
    def setup():
        from tests.tournaments.day import table_users
        from tournaments import selectors_tables as ts
        from tournaments.services import results as rs

        director, _people, t, rnd = make_day(make_member, players=12, hands=3)
        users = table_users(rnd, 3)
        rs.hand_enter(
            game=ts.table_game(rnd, 3),
            user=users["N"],
            seq=1,
            declarer="N",
            contract="8S",
            tricks=9,
        )
        return director, t

    director, t = in_thread(setup)
    page = _open_console(open_context, director, t, viewport)
    for section in ("#t1-adjust", "#t2-sub", "#t3-adjust"):
        page.locator(f"{section} > summary").click()
        expect(page.locator(section)).to_have_attribute("open", "")
    hands = page.locator("#t3-hands")
    expect(hands).to_have_attribute("open", "")  # a hand to confirm
    button = page.locator("#table-3").get_by_test_id("director-confirm")
    button.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, 120)")
    before = page.evaluate("() => window.scrollY")
    assert before > 200, before  # the page is scrolled, well below its top
    version = page.locator("#console").get_attribute("data-tournament-version")

    button.click()

    flash = page.locator("#table-3").get_by_test_id("console-flash")
    expect(flash).to_contain_text("Brasse confirmée")
    expect(page.locator("#table-3").get_by_test_id("director-confirm")).to_have_count(0)
    after = page.evaluate("() => window.scrollY")
    assert after == before, (before, after)
    assert page.evaluate("() => window.__notReloaded === true")  # no reload
    for section in ("#t1-adjust", "#t2-sub", "#t3-adjust", "#t3-hands"):
        expect(page.locator(section)).to_have_attribute("open", "")
    # the console then follows the tournament live: the message and the place stay
    expect(page.locator("#console")).not_to_have_attribute("data-tournament-version", version)
    expect(page.locator("#table-3").get_by_test_id("console-flash")).to_contain_text(
        "Brasse confirmée"
    )
    assert page.evaluate("() => window.scrollY") == before
    for section in ("#t1-adjust", "#t2-sub", "#t3-adjust", "#t3-hands"):
        expect(page.locator(section)).to_have_attribute("open", "")
    assert page.url.endswith("/console/")  # the address did not change
    assert page.evaluate(MAIN_WIDER_THAN_THE_SCREEN) == []
    page.screenshot(path=str(_shot(f"29-4-console-kept-{viewport['width']}")), full_page=False)
    print("scrollY before/after:", before, after)


def test_a_refused_adjustment_shows_its_error_in_the_section_and_keeps_what_was_typed(
    make_member,
    open_context,  # noqa: F811 (the fixture)
):
    director, _people, t, _rnd = in_thread(lambda: make_day(make_member, players=8, hands=3))
    page = open_context(LAPTOP)
    log_in(page, director)
    page.goto(f"/tournaments/{t.pk}/console/")
    page.locator("#t2-adjust > summary").click()
    form = page.locator("#table-2").get_by_test_id("adjust-form")
    form.evaluate("f => { f.noValidate = true; }")  # the server's check, not the browser's
    form.locator("input[name=ns]").fill("15")  # not a step of 10
    form.locator("input[name=ew]").fill("0")
    form.locator("input[name=reason]").fill("Table partie plus tôt")
    button = form.get_by_role("button")
    button.scroll_into_view_if_needed()
    before = page.evaluate("() => window.scrollY")
    button.click()

    flash = page.locator("#table-2").get_by_test_id("console-flash")
    expect(flash.locator(".message.error")).to_be_visible()
    expect(page.locator("#t2-adjust")).to_have_attribute("open", "")
    form = page.locator("#table-2").get_by_test_id("adjust-form")
    expect(form.locator("input[name=ns]")).to_have_value("15")
    expect(form.locator("input[name=reason]")).to_have_value("Table partie plus tôt")
    assert page.evaluate("() => window.scrollY") == before
    page.screenshot(path=str(_shot("29-4-console-refused")), full_page=False)


def test_a_live_update_while_a_confirmation_is_open_waits_and_the_action_goes_through(
    make_member,
    open_context,  # noqa: F811 (the fixture)
):
    """The director clicks "Fermer la ronde"; while the dialog asks, the round clock is
    paused from another tab (the console is told live). The console is not replaced
    under the open question (it says an update waits); confirming closes the round, in
    place, with the clock's change shown."""

    def setup():
        director, _people, t, rnd = make_day(make_member, players=8, hands=2)
        fill_round(t, rnd)
        return director, t

    director, t = in_thread(setup)
    page = _open_console(open_context, director, t)
    expect(page.get_by_test_id("clock-pause")).to_be_visible()  # the clock runs

    page.get_by_test_id("close-round").click()
    expect(page.get_by_test_id("confirm-dialog")).to_be_visible()

    other = page.context.new_page()
    other.goto(f"/tournaments/{t.pk}/console/")
    other.get_by_test_id("clock-pause").click()
    expect(other.get_by_test_id("clock-resume")).to_be_visible()
    other.close()

    expect(page.get_by_test_id("console-held")).to_be_visible()  # the update came, held
    expect(page.get_by_test_id("close-round")).to_be_attached()  # the form is still there

    page.get_by_test_id("confirm-ok").click()

    expect(page.get_by_test_id("round-closed")).to_be_visible()
    expect(page.get_by_test_id("reopen-round")).to_be_visible()
    expect(page.get_by_test_id("console-held")).to_be_hidden()
    assert page.evaluate("() => window.__notReloaded === true")
