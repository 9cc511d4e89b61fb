"""A player's evening, the social part, in Chromium (phone 390x844 and laptop): claims,
the table chat, seats given to a bot and retaken, a member's online games."""

from __future__ import annotations

import re
import time

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.engine.claims import claim_is_certain
from games.models import GameHand, Presence, Seat, Table
from tests.browser.conftest import DEVICES, STEP_TIMEOUT_MS, _stop_live_tables
from tests.browser.test_table_browser import LEGAL, TURN_OR_END, in_thread, log_in

pytestmark = pytest.mark.browser


def _bot_table(member, *, seed, seats="ESW", **options):
    table = services.table_create(
        host=member, variant="quebec", seed=seed, bot_delay_ms=50, name="Soirée", **options
    )
    for seat in seats:
        services.table_set_bot(table_id=table.pk, user=member, seat=seat, bot=True)
    return table


def _start(table, member):
    services.table_start(table_id=table.pk, user=member)
    # Started from this process, whose on-commit poke reaches no runner: mark it due.
    Table.objects.filter(pk=table.pk).update(wake_at=timezone.now())


def _close(*contexts):
    """Close the browser contexts, then wait for the server to have recorded every
    socket's departure before the tables are closed and the database flushed (a
    departure written during the flush's TRUNCATE would deadlock it)."""
    for context in contexts:
        context.close()
    deadline = time.monotonic() + 15
    while Presence.objects.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    _stop_live_tables()


def _no_overflow(page):
    """Nothing wider than the viewport."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def _overlaps(page, selector, others):
    """Whether the element at ``selector`` covers any of ``others`` (a selector)."""
    return page.evaluate(
        """([sel, others]) => {
        const a = document.querySelector(sel).getBoundingClientRect();
        return [...document.querySelectorAll(others)].some((el) => {
            const b = el.getBoundingClientRect();
            return b.width && a.width && a.left < b.right && b.left < a.right
                && a.top < b.bottom && b.top < a.bottom;
        });
    }""",
        [selector, others],
    )


def _state(table_id):
    from games.live import cache, store

    st = store.acquire(table_id)
    cache.checkin(st)
    return st


def _play_to_claim(page, table_id, *, cards=3, limit=400):
    """Click the first legal control until it is the member's turn in play, with
    ``cards`` cards or fewer, in a contract that is not a misère."""
    for _ in range(limit):
        page.wait_for_function(TURN_OR_END, timeout=30_000)
        in_play = page.locator("#table-app").get_attribute("data-phase") == "play"
        if (
            in_play
            and page.locator("#hand .hand-card").count() <= cards
            and page.get_by_test_id("claim-button").is_visible()
        ):
            return
        page.locator(LEGAL).first.click()
    raise AssertionError("never reached a claim")


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_a_player_claims_the_remaining_tricks(request, viewport, transactional_db, make_member):
    page = request.getfixturevalue("browser_page" if viewport == "laptop" else "phone_page")
    member = make_member(
        first_name="Claire",
        last_name="Réclame",
        preferred_language="en" if viewport == "laptop" else "fr",
    )
    table = in_thread(lambda: _bot_table(member, seed=4242))
    in_thread(lambda: _start(table, member))
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
    _play_to_claim(page, table.pk)
    st = in_thread(lambda: _state(table.pk))
    hand_number = st.hand_row.number
    certain = claim_is_certain(st.hand, st.hand.to_act_i)
    page.get_by_test_id("claim-button").click()
    expect(page.get_by_test_id("claim-confirm")).to_be_visible()
    # the claimer is told his cards go face up unless the claim is certain
    expect(page.get_by_test_id("claim-panel")).to_contain_text(
        re.compile("laid face up for the opponents|étalées pour que les adversaires")
    )
    _no_overflow(page)
    assert not _overlaps(page, "#claim-panel", ".plate")
    page.screenshot(path=f"/tmp/claim-{viewport}.png")
    page.get_by_test_id("claim-confirm").click()
    if certain:
        # the hand ends at once: its row is on the score sheet
        expect(page.locator(f"#sheet tbody tr[data-hand='{hand_number}']")).to_be_attached()
        row = in_thread(lambda: GameHand.objects.get(table=table, number=hand_number))
        assert row.result is not None
        assert page.locator("#events").inner_text()
        # the replay walks the claim: its last step before the end says so
        page.goto(f"/tables/{table.pk}/hands/{hand_number}/")
        page.locator("[data-go=last]").click()
        page.locator("[data-go=prev]").click()
        expect(page.get_by_test_id("replay-text")).to_contain_text(
            re.compile("claim is certain|réclamation est certaine")
        )
    else:
        # the bots refuse a claim the engine could not prove: play goes on, the bot named
        expect(page.get_by_test_id("claim-panel")).to_contain_text(
            re.compile(r"^(Robot|Bot) (Nord|Est|Sud|Ouest|North|East|South|West) refuses? ")
        )
        expect(page.get_by_test_id("claim-button")).to_be_hidden()
        expect(page.locator(LEGAL).first).to_be_visible()


def test_players_and_spectators_chat_in_their_own_channels(
    chromium, live_server_asgi, transactional_db, make_member
):
    player = make_member(first_name="Paul", last_name="Joueur", preferred_language="fr")
    watcher = make_member(first_name="Wanda", last_name="Spectatrice", preferred_language="en")
    table = in_thread(lambda: _bot_table(member=player, seed=99))
    Table.objects.filter(pk=table.pk).update(bot_delay_ms=3000)
    in_thread(lambda: _start(table, player))
    phone = chromium.new_context(
        base_url=live_server_asgi.url,
        locale="fr-CA",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    laptop = chromium.new_context(
        base_url=live_server_asgi.url, locale="en-US", viewport={"width": 1100, "height": 900}
    )
    try:
        p, w = phone.new_page(), laptop.new_page()
        for page, who in ((p, player), (w, watcher)):
            page.set_default_timeout(STEP_TIMEOUT_MS)
            log_in(page, who)
            page.goto(f"/tables/{table.pk}/")
            expect(page.get_by_test_id("chat")).to_be_visible()
        expect(p.locator("#chat-channel")).to_contain_text("joueurs")
        expect(w.locator("#chat-channel")).to_contain_text("spectators")
        # the player writes: HTML stays text, and the spectator does not read it
        p.locator("#chat-text").fill("<b>Salut</b> la table")
        p.locator("#chat-form button[type=submit]").click()
        line = p.get_by_test_id("chat-line").last
        expect(line).to_contain_text("<b>Salut</b> la table")
        assert p.locator("#chat-log b").count() == 0
        # a quick phrase, in the reader's language
        p.locator("#chat-phrases [data-phrase=well_played_partner]").click()
        expect(p.get_by_test_id("chat-line").last).to_contain_text("Bien joué, partenaire")
        # a spectator has no partner to thank
        expect(w.locator("#chat-phrases [data-phrase=well_played_partner]")).to_have_count(0)
        w.locator("#chat-phrases [data-phrase=nice_hand]").click()
        expect(w.get_by_test_id("chat-line").last).to_contain_text("Nice hand!")
        expect(w.get_by_test_id("chat-line")).to_have_count(1)
        expect(p.get_by_test_id("chat-line")).to_have_count(2)
        # too long: the field holds 200 characters at most
        p.locator("#chat-text").fill("x" * 250)
        assert len(p.locator("#chat-text").input_value()) == 200
        p.locator("#chat").scroll_into_view_if_needed()
        _no_overflow(p)
        p.screenshot(path="/tmp/chat-phone.png", full_page=True)
        w.screenshot(path="/tmp/chat-laptop.png")
        # reloading shows the channel's history again
        w.reload()
        expect(w.get_by_test_id("chat-line")).to_have_count(1)
    finally:
        _close(phone, laptop)


def test_the_host_seats_a_bot_for_an_absent_player_who_retakes_the_seat_on_return(
    chromium, live_server_asgi, transactional_db, make_member
):
    host = make_member(first_name="Hélène", last_name="Hôte", preferred_language="fr")
    east = make_member(first_name="Denis", last_name="Est", preferred_language="fr")

    def setup():
        table = _bot_table(host, seed=31, seats="SW")
        services.table_join(table_id=table.pk, user=east, seat="E")
        Table.objects.filter(pk=table.pk).update(bot_delay_ms=800)
        _start(table, host)
        return table

    table = in_thread(setup)
    phone = chromium.new_context(
        base_url=live_server_asgi.url,
        locale="fr-CA",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    laptop = chromium.new_context(
        base_url=live_server_asgi.url, locale="en-US", viewport={"width": 1100, "height": 900}
    )
    try:
        h = phone.new_page()
        h.set_default_timeout(STEP_TIMEOUT_MS)
        log_in(h, host)
        h.goto(f"/tables/{table.pk}/")
        admin = h.get_by_test_id("seats-admin")
        expect(admin).to_be_visible()
        expect(admin).to_contain_text("Denis Est")
        _no_overflow(h)
        h.screenshot(path="/tmp/seats-admin-phone.png", full_page=True)
        h.get_by_test_id("seat-bot-E").click()
        expect(h.get_by_test_id("seat-E")).to_have_class(re.compile(r"\bis-bot\b"))
        expect(h.get_by_test_id("seat-E")).to_contain_text("Robot Est")
        row = in_thread(lambda: Seat.objects.get(table=table, seat="E"))
        assert row.is_bot and row.away_user_id == east.pk
        # Denis comes back: his seat at once, his cards
        e = laptop.new_page()
        e.set_default_timeout(STEP_TIMEOUT_MS)
        log_in(e, east)
        e.goto(f"/tables/{table.pk}/")
        expect(e.get_by_test_id("seat-E")).to_have_class(re.compile("is-you"))
        expect(e.locator("#hand .hand-card").first).to_be_visible()
        expect(h.get_by_test_id("seat-E")).to_contain_text("Denis")
        expect(h.get_by_test_id("seat-E")).not_to_have_class(re.compile(r"\bis-bot\b"))
    finally:
        _close(phone, laptop)


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
def test_a_members_page_lists_online_games_and_figures(
    request, viewport, transactional_db, make_member
):
    page = request.getfixturevalue("browser_page" if viewport == "laptop" else "phone_page")
    member = make_member(
        first_name="Gisèle",
        last_name="Historique",
        preferred_language="en" if viewport == "laptop" else "fr",
    )
    partner = make_member(first_name="Pierre", last_name="Partenaire")

    def setup():
        table = services.table_create(host=member, variant="quebec", seed=7)
        services.table_join(table_id=table.pk, user=partner, seat="S")
        services.table_fill_with_bots(table_id=table.pk, user=member)
        Table.objects.filter(pk=table.pk).update(
            status=Table.Status.FINISHED, started_at=timezone.now()
        )
        st_hand = {
            "contract": "8S",
            "declarer": "N",
            "made": True,
            "tricks": {"NS": 8, "EW": 2},
            "score": {"NS": 240, "EW": 20},
        }
        GameHand.objects.create(
            table=table, number=1, dealer="W", seed=1, result=st_hand, finished_at=timezone.now()
        )
        return table

    table = in_thread(setup)
    log_in(page, member)
    page.goto(f"/members/{member.pk}/")
    games = page.get_by_test_id("member-game-list")
    expect(games).to_contain_text("Pierre Partenaire")
    figures = page.get_by_test_id("member-figures")
    expect(figures).to_contain_text("240")
    expect(figures).to_contain_text("100")
    _no_overflow(page)
    page.screenshot(path=f"/tmp/member-games-{viewport}.png", full_page=True)
    link = games.locator(f"a[href='/tables/{table.pk}/hands/1/']")
    expect(link).to_be_visible()


@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_an_opponent_answers_a_claim_with_the_claimers_cards_face_up(
    device, chromium, live_server_asgi, transactional_db, make_member
):
    """A claim the engine cannot prove lays the claimer's hand face up: the opponent's
    screen (a phone, a laptop) shows those cards at the claimer's place, instead of
    their backs, while it asks for an answer, and keeps them face up once the claim is
    refused and play goes on."""
    from tests.browser.layout import LAYOUT_PROBLEMS
    from tests.browser.test_results_browser import _phone
    from tests.games.conftest import drive_until, north_may_claim_unproven, table_state

    claimer = make_member(first_name="Claire", last_name="Réclame", preferred_language="fr")
    opponent = make_member(first_name="Omer", last_name="Adverse", preferred_language="fr")

    def ready_table():
        table = services.table_create(
            host=claimer,
            variant="quebec",
            seed=11,
            bot_delay_ms=0,
            absence_grace_seconds=0,
            name="Réclamation",
        )
        services.table_join(table_id=table.pk, user=opponent, seat="E")
        for seat in "SW":
            services.table_set_bot(table_id=table.pk, user=claimer, seat=seat, bot=True)
        services.table_start(table_id=table.pk, user=claimer)

        # the table's moves so far, played for the absent members a day from now: the
        # live server's runner has nothing due meanwhile
        drive_until(table.pk, north_may_claim_unproven(table.pk, most=4, least=2))
        Table.objects.filter(pk=table.pk).update(absence_grace_seconds=86_400, bot_delay_ms=50)
        return table, len(table_state(table.pk).hand.hands[0])

    table, cards = in_thread(ready_table)
    contexts = [
        _phone(chromium, live_server_asgi),
        chromium.new_context(base_url=live_server_asgi.url, locale="fr-CA", **DEVICES[device]),
    ]
    contexts[1].set_default_timeout(STEP_TIMEOUT_MS)
    try:
        north, east = (context.new_page() for context in contexts)
        for page, who in ((north, claimer), (east, opponent)):
            log_in(page, who)
            page.goto(f"/tables/{table.pk}/")
            expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
        at_north = east.locator(".plate[data-seat='N'] .shown [data-card]")
        expect(at_north).to_have_count(0)  # nothing face up before the claim
        north.get_by_test_id("claim-button").click()
        north.get_by_test_id("claim-confirm").click()

        expect(east.get_by_test_id("claim-accept")).to_be_visible()
        expect(east.get_by_test_id("claim-shown")).to_have_text(
            "Les cartes de Claire Réclame sont étalées à sa place."
        )
        expect(at_north).to_have_count(cards)
        # the hand lies face up whole: no card backs drawn beside it
        expect(east.locator(".plate[data-seat='N'] .backs")).to_have_count(0)
        expect(east.locator(".plate[data-seat='W'] .backs .back").first).to_be_attached()
        _no_overflow(east)
        assert not _overlaps(east, "#claim-panel", ".plate")
        assert east.evaluate(LAYOUT_PROBLEMS, east.viewport_size["width"]) == []
        east.screenshot(path=f"/tmp/claim-answer-{device}.png")

        east.get_by_test_id("claim-refuse").click()
        expect(east.get_by_test_id("claim-accept")).to_be_hidden()
        expect(east.get_by_test_id("claim-panel")).to_contain_text("refuse la réclamation")
        expect(at_north).to_have_count(cards)  # seen once, face up for the rest of the hand
    finally:
        _close(*contexts)
