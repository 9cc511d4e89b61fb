"""Browser tests: Playwright for Python driving Debian's Chromium against daphne."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.live_server import LiveServer

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls
# are still plain synchronous calls between browser steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# How long a step (a click, ``expect``) may wait for the page. Passing steps take what
# they take; this bounds a failing one. Generous: the suite runs in parallel workers
# (tools/testenv.py) on a shared machine, where a start or a move's frame can take
# several seconds (Playwright's own ``expect`` default, 5 s, was seen running out).
STEP_TIMEOUT_MS = 15_000
expect.set_options(timeout=STEP_TIMEOUT_MS)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                # The deployment's certificate is self-signed: Playwright's
                # ignore_https_errors lets pages load, but only this lets the service
                # worker (club/pwa.py) register over it, as it does on the real site.
                "--ignore-certificate-errors",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def live_server_asgi(django_db_setup, django_db_blocker):
    """A daphne process for the whole session, on the test database."""
    with django_db_blocker.unblock():
        server = LiveServer().start()
    yield server
    server.stop()


def _stop_live_tables() -> None:
    """Close the test's tables before its database is flushed.

    The live server's runner keeps playing a table's bots after the test is over (as
    it should: bots play on with nobody watching). A bot's move, a transaction over
    several tables, could then interleave with the flush's TRUNCATE and deadlock it
    (seen once in CI, after the restart test). The update waits for a move in
    progress (it holds the table's row lock) and no later move starts on a table
    that is not playing."""
    import time

    from django.db import connection

    from games.models import Presence, Table

    Table.objects.filter(status=Table.Status.PLAYING).update(status=Table.Status.CLOSED)
    # The closed pages' sockets are let go by the server in a transaction of their own
    # (presence, the seat's ``left_at``): wait for them too, or the flush may meet one.
    deadline = time.monotonic() + 5
    while Presence.objects.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    # Then whatever else the server is in the middle of (its runner's sweep, a
    # collection): on PostgreSQL, until no other session of this database is in a
    # transaction.
    if connection.vendor == "postgresql":
        while time.monotonic() < deadline:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid()"
                    " AND state IN ('active', 'idle in transaction')"
                )
                if not cursor.fetchone()[0]:
                    break
            time.sleep(0.05)


@pytest.fixture
def browser_page(chromium, live_server_asgi, transactional_db):
    """A fresh browser context (own cookies) whose pages resolve relative to the server."""
    context = chromium.new_context(
        base_url=live_server_asgi.url, locale="en-US", viewport={"width": 1100, "height": 900}
    )
    context.set_default_timeout(STEP_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()
    _stop_live_tables()


@pytest.fixture
def phone_page(chromium, live_server_asgi, transactional_db):
    context = chromium.new_context(
        base_url=live_server_asgi.url,
        locale="fr-CA",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(STEP_TIMEOUT_MS)
    page = context.new_page()
    yield page
    context.close()
    _stop_live_tables()


#: The two screens a page is tried on in French: a phone and a laptop.
DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 800}},
}


@pytest.fixture(params=list(DEVICES))
def device_page(request, chromium, live_server_asgi, transactional_db):
    """A French page on a phone, then on a laptop (``page.device`` names which)."""
    context = chromium.new_context(
        base_url=live_server_asgi.url, locale="fr-CA", **DEVICES[request.param]
    )
    context.set_default_timeout(STEP_TIMEOUT_MS)
    page = context.new_page()
    page.device = request.param
    yield page
    context.close()
    _stop_live_tables()
