"""Watching a tournament's online table on a phone, in French (issue 29, point 1): a
member who is not playing finds the tables in play on the tournament's page, opens one
and follows it live as a spectator (no card of anyone's); a player of the same round,
whose table still plays, is refused with the reason."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.layout import LAYOUT_PROBLEMS
from tests.browser.table_helpers import click_first_legal, in_thread, log_in, state_of
from tests.browser.test_tournament_day_browser import (
    make_day,
    open_context,  # noqa: F401 (fixture)
)

PLAYING = "Vous jouez dans cette ronde : vous pourrez regarder les autres tables quand la vôtre"


def _fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_member_watches_a_table_live_and_a_player_of_the_round_is_refused_on_a_phone(
    phone_page, make_member, chromium, live_server_asgi
):
    def setup():
        from tournaments.models import TableGame

        director, people, t, rnd = make_day(make_member, players=8, online=True, hands=2)
        games = {g.table: g for g in TableGame.objects.filter(round=rnd)}
        seated = {
            seat.seat: seat.user
            for seat in games[1].live_table.seats.select_related("user")
            if seat.user is not None
        }
        other = games[2].live_table.seats.exclude(user=None).first().user
        watcher = make_member(first_name="Huguette", last_name="Curieuse")
        return t, games[1].live_table_id, seated, other, watcher

    t, table_id, seated, other, watcher = in_thread(setup)
    page = phone_page

    # A member who is not playing: the tournament's page lists the tables in play.
    log_in(page, watcher)
    page.goto(f"/tournaments/{t.pk}/")
    section = page.get_by_test_id("watch-tables")
    expect(section.get_by_role("heading")).to_have_text("Tables en jeu")
    expect(section.get_by_test_id("watch-row")).to_have_count(2)
    expect(section.get_by_test_id("watch-link")).to_have_count(2)
    expect(section.get_by_test_id("watch-link").first).to_have_text("Regarder")
    expect(page.get_by_test_id("spectators")).to_have_text("Les membres du club")
    _fits(page)
    box = section.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    link = section.get_by_test_id("watch-link").first.bounding_box()
    assert link["height"] >= 28 and link["x"] + link["width"] <= 390
    section.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/shots/watch-list-phone.png")

    # ... opens table 1 and sees it as a spectator: no hand of its own, live.
    section.get_by_test_id("watch-link").first.click()
    expect(page).to_have_url(re.compile(rf"/tables/{table_id}/$"))
    app = page.locator("#table-app")
    expect(app).to_have_attribute("data-connected", "1")
    seq = int(app.get_attribute("data-seq"))
    assert (
        page.evaluate("JSON.parse(document.getElementById('table-state').textContent)")["table"][
            "you"
        ]
        is None
    )
    expect(page.get_by_test_id("chat")).to_have_count(1)  # a member: the chat is there
    expect(page.get_by_test_id("call-director")).to_have_count(0)  # a spectator calls nobody
    # The table says whose it is (not "Sur invitation": nobody hosts a tournament's table).
    expect(page.get_by_test_id("table-caption")).to_have_text("Tournoi du jeudi, ronde 1, table 1")
    expect(page.locator(".table-sub")).not_to_contain_text("invitation")
    # The player to act moves in their own browser: the spectator's page follows.
    to_act = in_thread(lambda: state_of(table_id).hand.to_act)
    context = chromium.new_context(base_url=live_server_asgi.url, locale="fr-CA")
    player_page = context.new_page()
    log_in(player_page, seated[to_act])
    player_page.goto(f"/tables/{table_id}/")
    expect(player_page.locator("#table-app")).to_have_attribute("data-connected", "1")
    click_first_legal(player_page)
    expect(app).not_to_have_attribute("data-seq", str(seq))  # the move arrived live
    assert int(app.get_attribute("data-seq")) > seq
    context.close()
    _fits(page)
    page.screenshot(path="/tmp/shots/watch-table-phone.png")

    # A player of table 2, whose table still plays, is refused with the reason.
    log_in(page, other)
    response = page.goto(f"/tables/{table_id}/")
    assert response.status == 403
    expect(page.get_by_test_id("refusal-reason")).to_contain_text(PLAYING)
    expect(page.get_by_test_id("invite-only").get_by_role("heading")).to_have_text(
        "Vous ne pouvez pas regarder cette table"
    )
    _fits(page)
    expect(page.get_by_test_id("back-to-lobby")).to_have_count(0)
    page.screenshot(path="/tmp/shots/watch-refused-phone.png")
    expect(page.get_by_test_id("refusal-back")).to_have_text("Retour au tournoi")
    page.get_by_test_id("refusal-back").click()
    expect(page).to_have_url(re.compile(rf"/tournaments/{t.pk}/$"))
    expect(page.get_by_test_id("watch-refusal")).to_contain_text(PLAYING)
    expect(page.get_by_test_id("watch-link")).to_have_count(0)
    expect(page.get_by_test_id("my-table-link")).to_have_count(1)
    _fits(page)


def test_a_visitor_watches_a_table_open_to_everyone_without_chat_on_a_phone(
    phone_page, make_member
):
    """The director opened the tables to everyone: a visitor who is not logged in finds
    them on the tournament's page and watches one, with no chat and no cards."""

    def setup():
        from tournaments.models import TableGame

        _director, _people, t, rnd = make_day(
            make_member, players=8, online=True, hands=2, spectators="everyone"
        )
        return t, TableGame.objects.get(round=rnd, table=2).live_table_id

    t, table_id = in_thread(setup)
    page = phone_page
    page.goto(f"/tournaments/{t.pk}/")
    expect(page.get_by_test_id("spectators")).to_have_text(
        "Tout le monde, y compris les visiteurs non connectés"
    )
    page.get_by_test_id("watch-link").nth(1).click()
    expect(page).to_have_url(re.compile(rf"/tables/{table_id}/$"))
    app = page.locator("#table-app")
    expect(app).to_have_attribute("data-connected", "1")
    expect(page.get_by_test_id("chat")).to_have_count(0)
    expect(page.get_by_test_id("call-director")).to_have_count(0)
    expect(page.locator("#hand .hand-card")).to_have_count(0)
    _fits(page)
    page.screenshot(path="/tmp/shots/watch-visitor-phone.png")


def test_a_member_watches_a_table_on_a_laptop_without_any_hidden_card(
    make_member,
    open_context,  # noqa: F811 (the imported fixture, by name)
):
    """The same at 1366x800: the tournament's list of tables in play and the watched
    table fit the screen, no label covers a seat's name, and the spectator's page holds
    no card of anyone's hand (neither shown nor in the page's state)."""

    def setup():
        from tournaments.models import TableGame

        _director, _people, t, rnd = make_day(make_member, players=8, online=True, hands=2)
        live = TableGame.objects.get(round=rnd, table=1).live_table_id
        return t, live, make_member(first_name="Huguette", last_name="Curieuse")

    t, table_id, watcher = in_thread(setup)
    page = open_context({"width": 1366, "height": 800})
    log_in(page, watcher)
    page.goto(f"/tournaments/{t.pk}/")
    section = page.get_by_test_id("watch-tables")
    expect(section.get_by_test_id("watch-link")).to_have_count(2)
    _fits(page)
    section.get_by_test_id("watch-link").first.click()
    expect(page).to_have_url(re.compile(rf"/tables/{table_id}/$"))
    expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
    expect(page.get_by_test_id("table-caption")).to_have_text("Tournoi du jeudi, ronde 1, table 1")
    expect(page.locator("#hand .hand-card")).to_have_count(0)
    state = page.evaluate("JSON.parse(document.getElementById('table-state').textContent)")
    assert state["table"]["you"] is None
    assert (state["view"]["hand"], state["view"]["discards"]) == (None, None)
    assert page.evaluate(LAYOUT_PROBLEMS, 1366) == []
    page.screenshot(path="/tmp/shots/watch-table-laptop.png")


def test_every_refusal_to_watch_names_its_reason_on_a_phone(phone_page, make_member):
    """A visitor at a table open to members only is asked to log in; a member at a
    tournament whose director opened its tables to nobody is told so, on the table's
    address and on the tournament's page alike."""

    def setup():
        from tournaments.models import TableGame

        tables = {}
        for spectators, name in (("members", "Tournoi du jeudi"), ("nobody", "Tournoi fermé")):
            _director, _people, t, rnd = make_day(
                make_member, players=4, online=True, hands=2, spectators=spectators, name=name
            )
            tables[spectators] = (t, TableGame.objects.get(round=rnd, table=1).live_table_id)
        return tables, make_member(first_name="Huguette", last_name="Curieuse")

    tables, watcher = in_thread(setup)
    page = phone_page
    for spectators, reason, who in (
        ("members", "Connectez-vous pour regarder les tables de ce tournoi.", None),
        ("nobody", "La direction du tournoi n'a pas ouvert ses tables aux spectateurs.", watcher),
    ):
        t, table_id = tables[spectators]
        if who is not None:
            log_in(page, who)
        response = page.goto(f"/tables/{table_id}/")
        assert response.status == 403, spectators
        expect(page.get_by_test_id("refusal-reason")).to_have_text(reason)
        _fits(page)
        page.goto(f"/tournaments/{t.pk}/")
        expect(page.get_by_test_id("watch-refusal")).to_have_text(reason)
        expect(page.get_by_test_id("watch-link")).to_have_count(0)
        _fits(page)
