"""The installable app in Chromium, in French, on a phone and a laptop: the service
worker registers and activates, keeps the static files for when the network is gone,
shows the offline page for a page it cannot reach, and Chromium finds the site
installable; the profile explains how to add it to the home screen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser.conftest import CHROMIUM, DEVICES, STEP_TIMEOUT_MS
from tests.browser.table_helpers import in_thread, log_in
from tests.browser.worker import until_controlled

SHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "/tmp/club500-shots"))


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{page.device}.png"), full_page=True)


def test_offline_the_static_files_come_from_the_cache_and_a_page_says_so(device_page):
    page = device_page
    page.goto("/")
    until_controlled(page)

    page.context.set_offline(True)
    from_worker = {}
    page.on("response", lambda r: from_worker.__setitem__(r.url, r.from_service_worker))
    page.goto("/tournaments/")  # a page the worker never keeps
    offline = page.get_by_test_id("offline-page")
    expect(offline.get_by_role("heading", name="Pas de réseau")).to_be_visible()
    expect(offline).to_contain_text("Rien n’est perdu")
    expect(page.locator("html")).to_have_attribute("lang", "fr-CA")
    # Its styles came from the worker's cache: the header has the club's felt green.
    header = page.locator(".site-header")
    expect(header).to_have_css("background-color", "rgb(11, 93, 59)")
    css = [url for url in from_worker if url.endswith("/static/css/site.css")]
    assert css and all(from_worker[url] for url in css), from_worker
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    _shot(page, "offline")

    # The network comes back: the page asked for comes back by itself.
    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Tournois")).to_be_visible()
    expect(page.get_by_test_id("offline-page")).to_have_count(0)


@pytest.mark.parametrize("device_page", ["phone"], indirect=True)
def test_the_offline_page_comes_back_when_the_network_carries_again(device_page, live_server_asgi):
    """A hall's Wi-Fi often connects before it carries: the browser says it is online,
    the page asked for still cannot be reached and the offline page comes again. It
    keeps trying by itself, and the page comes back once the site answers, with no
    second "online" event to wake it."""
    page = device_page
    page.goto("/")
    until_controlled(page)
    page.context.set_offline(True)
    page.goto("/tournaments/")
    expect(page.get_by_test_id("offline-page")).to_be_visible()

    live_server_asgi.stop()  # the network is back, the site cannot be reached yet
    try:
        with page.expect_event("requestfailed"):
            page.context.set_offline(False)  # "online": the offline page asks in vain
        expect(page.get_by_test_id("offline-page")).to_be_visible()
    finally:
        live_server_asgi.start()
    expect(page.get_by_role("heading", name="Tournois")).to_be_visible()
    expect(page.get_by_test_id("offline-page")).to_have_count(0)


@pytest.mark.parametrize("device", list(DEVICES))
def test_chromium_finds_the_site_installable(chromium, live_server_asgi, tmp_path, device):
    """Chromium's own check (the one behind its install button), through the DevTools
    protocol. In a profile on disk: Playwright's usual contexts are incognito, where
    Chromium installs nothing."""
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
        base_url=live_server_asgi.url,
        locale="fr-CA",
        **DEVICES[device],
    )
    try:
        context.set_default_timeout(STEP_TIMEOUT_MS)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto("/")
        until_controlled(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest")
        assert manifest.get("errors", []) == []
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()


def test_the_profile_explains_adding_the_site_to_the_home_screen(device_page, make_member):
    page = device_page
    member = make_member(first_name="Gisèle", last_name="Caron", preferred_language="fr")
    log_in(page, member)
    page.goto("/accounts/profile/")
    section = page.get_by_test_id("install-app")
    expect(section.get_by_role("heading", name="Ajouter à l’écran d’accueil")).to_be_visible()
    expect(section).to_contain_text("Android (Chrome)")
    expect(section).to_contain_text("iPhone et iPad (Safari)")
    section.scroll_into_view_if_needed()
    box = section.bounding_box()
    width = page.viewport_size["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _shot(page, "profile")


@pytest.mark.parametrize("device_page", ["phone"], indirect=True)
def test_a_live_table_offline_says_so_and_reconnects_when_the_network_is_back(
    device_page, make_member, live_server_asgi
):
    """A live table's moves are never queued: with the worker installed, the table page
    still shows that its connection is lost, and reconnects by itself."""
    page = device_page
    member = make_member(first_name="Réal", last_name="Côté", preferred_language="fr")

    def bot_table():
        table = services.table_create(host=member, seed=31, bot_delay_ms=50, name="Hors ligne")
        services.table_fill_with_bots(table_id=table.pk, user=member)
        return table

    table = in_thread(bot_table)
    log_in(page, member)
    page.goto(f"/tables/{table.pk}/")
    until_controlled(page)
    app = page.locator("#table-app")
    expect(app).to_have_attribute("data-connected", "1")

    page.context.set_offline(True)
    # The browser's "offline" is enough: the page says so at once (a dead socket's close
    # may come only when TCP gives up).
    expect(page.get_by_test_id("reconnecting")).to_be_visible()
    expect(app).to_have_attribute("data-connected", "0")
    live_server_asgi.restart()  # the old socket is gone for good; the new server waits
    _shot(page, "table-offline")

    page.context.set_offline(False)
    expect(page.get_by_test_id("reconnecting")).to_be_hidden(timeout=30_000)
    expect(app).to_have_attribute("data-connected", "1", timeout=30_000)
