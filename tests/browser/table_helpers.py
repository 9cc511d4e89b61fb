"""Shared steps of the live-table browser tests: tables set up through the services,
members moved on from the test (in a thread of its own: see ``in_thread``)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.live import cache, store
from games.models import Table


def log_in(page, user):
    """``user`` logged in in the page's browser context, then on the home page.

    The session is made here (``Client.force_login``) and handed to the browser as
    its cookie: a login through the form costs the server a password hash (PBKDF2,
    0.4 s of CPU on a quiet machine, several seconds while the suite's workers and
    other jobs share two cores), and a test that is not about logging in would wait
    on that clock. The form itself is tested by test_accounts_browser.py and through
    the deployment (test_csp_browser.py)."""
    from django.conf import settings
    from django.test import Client

    def make_session():
        client = Client()
        client.force_login(user)
        return client.cookies[settings.SESSION_COOKIE_NAME].value

    session = in_thread(make_session)
    page.goto("/accounts/login/")
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session,
                "domain": urlsplit(page.url).hostname,
                "path": "/",
                "httpOnly": True,
                "sameSite": "Lax",
            }
        ]
    )
    page.goto("/")
    expect(page.get_by_test_id("nav-profile")).to_be_attached()  # in the menu on a phone


def in_thread(fn):
    """Run ``fn`` in another thread: Playwright's sync API keeps an event loop running in
    this one, and the services' on-commit broadcasts may not run inside it."""
    from django.db import connection

    def run():
        try:
            return fn()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def state_of(table_id: int):
    """The table's state at the database's seq (put back in this process's cache)."""
    st = store.acquire(table_id)
    cache.checkin(st)
    return st


def members_table(members, *, seed: int, name: str = "Table", **options) -> Table:
    """A started quebec table, ``members`` seated N E S W (a bot where None)."""
    host = members[0]
    table = services.table_create(
        host=host,
        variant="quebec",
        seed=seed,
        name=name,
        bot_delay_ms=options.pop("bot_delay_ms", 50),
        **options,
    )
    for user, seat in zip(members[1:], "ESW"):
        if user is not None:
            services.table_join(table_id=table.pk, user=user, seat=seat)
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    return table


def bots_500_table(
    host, *, seed: int, players: int, name: str, rules: dict | None = None, **options
) -> Table:
    """A started quebec table of ``players`` over after one hand, ``host`` in the first
    seat, bots in the others (``rules``: more of the variant's options; ``options``:
    more of ``table_create``'s)."""
    table = services.table_create(
        host=host,
        variant="quebec",
        options={"players": players, "end": "hands", "hands_per_game": 1, **(rules or {})},
        seed=seed,
        name=name,
        **options,
    )
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    return table


def bots_450_table(host, *, seed: int, players: int = 4, **options) -> Table:
    """A started 450 table of ``players``, ``host`` in the first seat, bots in the others
    (``options``: more of ``table_create``'s, e.g. ``bot_delay_ms``)."""
    table = services.table_create(
        host=host, kind="450", options={"players": players}, seed=seed, **options
    )
    services.table_fill_with_bots(table_id=table.pk, user=host)
    services.table_start(table_id=table.pk, user=host)
    return table


def play(table_id: int, members: dict, choose) -> str:
    """The seat to act plays ``choose(state)`` as its member; returns the action."""
    st = state_of(table_id)
    seat = st.hand.to_act
    action = choose(st)
    services.hand_apply_action(
        table_id=table_id, user=members[seat], action=action, expected_seq=st.seq
    )
    return action


def to_the_kitty(table_id: int, members: dict, declarer: str = "N") -> None:
    """Members in every seat: ``declarer`` bids the lowest bid, the others pass, until
    the declarer is to discard."""

    def choose(st):
        legal = st.hand.legal_actions()
        if st.hand.to_act == declarer:
            return next(a for a in legal if a != "pass")
        return "pass"

    while state_of(table_id).hand.view_for(None)["phase"] == "auction":
        play(table_id, members, choose)
    assert state_of(table_id).hand.to_act == declarer


def wait_at_table(
    page, table_id: int, condition: str, timeout: int = 60_000, after: str = ""
) -> None:
    """Wait for ``condition`` (a JavaScript function) on the table's page; past
    ``timeout`` ms, fail with what the page and the database hold (the table's status,
    seq, wake-up and last action) and ``after`` (what the test did last), so that a
    stall says where it stalled."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(condition, timeout=timeout)
    except PlaywrightTimeout:
        app = page.locator("#table-app")
        shown = {k: app.get_attribute(f"data-{k}") for k in ("status", "seq")}

        def held():
            from games.models import Action

            row = Table.objects.filter(pk=table_id).values("status", "seq", "wake_at").get()
            last = Action.objects.filter(hand__table_id=table_id).order_by("-seq").first()
            return row, last and (last.seq, last.seat, last.action, last.created_at)

        row, last = in_thread(held)
        raise AssertionError(
            f"table {table_id}: waited {timeout} ms after {after or 'nothing'}; the page"
            f" shows {shown}, the database"
            f" holds {row}, last action {last}, now {timezone.now()}"
        ) from None


def mark_due(table_id: int) -> None:
    """A table started from the test process: its runner poke reached no server, so
    mark it due for the server's sweep."""
    Table.objects.filter(pk=table_id).update(wake_at=timezone.now())


LEGAL = "#table-app button.legal:not([disabled])"


# After a click on a card: the move is on its way (or already answered), or the card
# asks a question first (the joker led at no-trumps: which suit it asks for).
SENT_OR_ASKED = (
    "(seq) => { const app = document.querySelector('#table-app');"
    " return app.classList.contains('is-pending') || app.dataset.seq !== seq"
    " || !!document.querySelector('.suit-picker button.legal:not([disabled])'); }"
)


def click_first_legal(page) -> str:
    """Make a move by the first legal control; a card by its visible left edge (on a
    phone the hand is a row of overlapping cards). A card that asks a question first
    (the joker led at no-trumps opens the suit picker) is answered by the picker's first
    suit. Returns what it clicked (the ``data-key`` of each control)."""
    first = page.locator(LEGAL).first
    key = first.get_attribute("data-key") or ""
    if "hand-card" not in (first.get_attribute("class") or ""):
        first.click()
        return key
    seq = page.locator("#table-app").get_attribute("data-seq")
    first.click(position={"x": 6, "y": 30})
    page.wait_for_function(SENT_OR_ASKED, arg=seq)
    picker = page.locator(".suit-picker button.legal:not([disabled])")
    if picker.count():
        key += " then " + (picker.first.get_attribute("data-key") or "")
        picker.first.click()
    return key


def host_waits_for_a_player(page, make_member, *, seat: str, **table_options):
    """A table opened by a host (``table_options`` for ``table_create``) with another
    member seated at ``seat`` but not there yet; ``page`` logs the host in and opens
    it. Returns (table, the absent player)."""

    def setup():
        host = make_member(first_name="Hôte", last_name="Patient")
        guest = make_member(first_name="Invitée", last_name="Tardive")
        table = services.table_create(host=host, **table_options)
        services.table_join(table_id=table.pk, user=guest, seat=seat)
        return host, guest, table

    host, guest, table = in_thread(setup)
    log_in(page, host)
    page.goto(f"/tables/{table.pk}/")
    expect(page.locator("#table-app")).to_have_attribute("data-connected", "1")
    return table, guest


def seated_player_arrives(
    chromium,
    server,
    page,
    table_id: int,
    player,
    seat: str,
    buttons: list[str] = (),
    *,
    selectors: list[str] = (),
    then_leaves: bool = False,
) -> None:
    """``player``, seated at ``seat`` but not yet there, opens the table in a browser of
    their own while ``page`` (another player's, on the table) holds ``buttons`` (test
    ids) and every element matching ``selectors`` (CSS): that page re-renders (the
    player's dot turns on) and every one of those buttons is still the same element,
    so a tap on it then is not lost. ``then_leaves``: the player closes the table
    again (the seat records when they left, the dot turns off), and the buttons are
    still the same elements."""
    dot = page.get_by_test_id(f"seat-{seat}").locator(".dot")
    expect(dot).to_have_class(re.compile(r"\boff\b"))
    held = [page.get_by_test_id(name).element_handle() for name in buttons]
    held += [handle for css in selectors for handle in page.query_selector_all(css)]
    assert held, (buttons, selectors)
    other = chromium.new_context(base_url=server.url, locale="fr-CA")
    try:
        guest_page = other.new_page()
        log_in(guest_page, player)
        guest_page.goto(f"/tables/{table_id}/")
        expect(guest_page.locator("#table-app")).to_have_attribute("data-connected", "1")
        expect(dot).to_have_class(re.compile(r"\bon\b"))  # the host's page re-rendered
        _still_in_the_page(held, buttons)
    finally:
        other.close()
    if then_leaves:
        expect(dot).to_have_class(re.compile(r"\boff\b"))
        _still_in_the_page(held, buttons)


def _still_in_the_page(held: list, names) -> None:
    """Every held element is still the one in the page (not replaced by a re-render)."""
    assert [b.evaluate("b => b.isConnected") for b in held] == [True] * len(held), names
