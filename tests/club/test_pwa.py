"""The installable app (club/pwa.py): the manifest, the service worker's script and the
offline page, as the server sends them."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from club import pwa
from club.csp import DEFAULT_POLICY

STATIC = Path(settings.BASE_DIR) / "static"

pytestmark = pytest.mark.django_db


def _manifest(client, language=None):
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    return json.loads(response.content)


def test_the_manifest_is_french_first(client):
    manifest = _manifest(client)
    assert manifest["name"] == "Club 500"
    assert manifest["lang"] == "fr-CA"
    assert manifest["description"].startswith("Le club de cartes québécois")


def test_the_manifest_follows_the_members_language(client):
    manifest = _manifest(client, "en")
    assert manifest["lang"] == "en-CA"
    assert manifest["description"].startswith("The Quebec card club")


def test_the_manifest_opens_the_whole_site_as_a_standalone_app_in_the_clubs_colours(client):
    manifest = _manifest(client)
    assert manifest["start_url"] == "/?source=pwa"
    assert manifest["scope"] == "/" and manifest["id"] == "/"
    assert manifest["display"] == "standalone"
    css = (STATIC / "css/site.css").read_text()
    assert f"--felt: {manifest['theme_color']}" in css
    assert f"--paper: {manifest['background_color']}" in css


def test_the_manifest_names_real_png_icons_of_their_stated_size(client):
    icons = _manifest(client)["icons"]
    assert {(i["sizes"], i["purpose"]) for i in icons} >= {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in icons:
        png = (STATIC / icon["src"].removeprefix("/static/")).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest_the_theme_colour_and_the_touch_icon(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest"' in page
    assert f'<meta name="theme-color" content="{pwa.THEME_COLOR}">' in page
    assert '<link rel="apple-touch-icon" href="/static/img/apple-touch-icon.png">' in page
    assert 'src="/static/js/pwa.js" data-worker="/sw.js" defer' in page


def _worker(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    text = response.content.decode()
    config = json.loads(re.search(r"const CONFIG = (\{.*?\n\});", text, re.S).group(1))
    return response, text, config


def test_the_worker_is_served_from_the_root_for_the_whole_site_and_never_cached(client):
    response, _text, _config = _worker(client)
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_the_worker_precaches_the_offline_pages_and_the_core_static_files(client):
    _response, _text, config = _worker(client)
    assert config["offline"] == {"fr": "/offline/fr/", "en": "/offline/en/"}
    assert set(config["precache"]) >= {
        "/offline/fr/",
        "/offline/en/",
        "/static/css/site.css",
        "/static/css/offline.css",
        "/static/js/offline.js",
    }
    for url in config["precache"]:  # every one of them is there
        if url.startswith("/static/"):
            assert (STATIC / url.removeprefix("/static/")).is_file(), url
        else:
            assert client.get(url).status_code == 200, url


def test_the_worker_keeps_files_forever_only_when_their_names_are_hashed(client):
    assert _worker(client)[2]["hashed"] is False  # development: network first
    with override_settings(STATIC_HASHED=True):
        assert _worker(client)[2]["hashed"] is True


def test_in_production_the_worker_keeps_the_hashed_names_for_good(client, collected_static):
    """With the collected, content-hashed files (DJANGO_DEBUG=0): the worker answers,
    precaches the hashed names, and the manifest's icons are hashed too."""
    hashed = {"BACKEND": "club.storage.HashedStaticStorage"}
    with override_settings(
        STATIC_HASHED=True,
        STATIC_ROOT=collected_static,
        STORAGES={**settings.STORAGES, "staticfiles": hashed},
    ):
        _response, _text, config = _worker(client)
        icons = _manifest(client)["icons"]
    assert config["hashed"] is True and config["staticPrefix"] == "/static/"
    static_urls = [url for url in config["precache"] if url.startswith("/static/")]
    for url in static_urls + [icon["src"] for icon in icons]:
        assert re.search(r"\.[0-9a-f]{12}\.(css|js|svg|png)$", url), url
        assert (collected_static / url.removeprefix("/static/")).is_file(), url


def test_the_cache_version_changes_with_the_precached_names(client, monkeypatch):
    before = _worker(client)[2]["version"]
    monkeypatch.setattr(pwa, "CORE_STATIC", (*pwa.CORE_STATIC, "img/icon-512.png"))
    after = _worker(client)[2]["version"]
    assert before != after and after.startswith(f"v{pwa.CACHE_VERSION}-")


def test_the_worker_answers_no_post_and_keeps_no_page(client):
    """The worker's own rules: only GETs, pages from the network (the offline page is
    the only HTML it keeps, precached)."""
    text = _worker(client)[1]
    assert 'if (request.method !== "GET") { return; }' in text
    page = text[text.index("async function page") : text.index("let lastLanguage")]
    assert "cache.put" not in page


@pytest.mark.parametrize(
    ("language", "title", "retry"),
    [("fr", "Pas de réseau", "Réessayer"), ("en", "No network", "Try again")],
)
def test_the_offline_page_says_the_network_is_gone_in_each_language(client, language, title, retry):
    response = client.get(f"/offline/{language}/")
    assert response.status_code == 200
    assert response["Content-Language"] == language
    page = response.content.decode()
    assert f"<h1>{title}</h1>" in page and retry in page
    # Self-contained: it links only precached files, and names no member.
    config = _worker(client)[2]
    linked = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert linked and set(linked) <= set(config["precache"])
    assert "csrfmiddlewaretoken" not in page
    # Its catalog, in its language, is precached too and answered network-first.
    catalog = f"/offline/{language}/jsi18n/"
    assert f'<script src="{catalog}"></script>' in page
    assert catalog in config["precache"] and catalog in config["catalogs"]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_offline_page_lists_the_kept_entries_in_its_language(client, language):
    """The words of the entry queue's list (static/js/entryqueue.js) come from the offline
    page's own catalog, whatever the language of the request."""
    page = client.get(f"/offline/{language}/").content.decode()
    assert 'data-entry-queue-list data-testid="entry-queue" hidden' in page
    other = "en" if language == "fr" else "fr"
    catalog = client.get(f"/offline/{language}/jsi18n/", HTTP_ACCEPT_LANGUAGE=other)
    assert catalog.status_code == 200 and "no-cache" in catalog["Cache-Control"]
    text = catalog.content.decode()
    if language == "fr":
        assert '"waiting to be sent": "en attente d\\u2019envoi"' in text
    else:
        assert '"waiting to be sent"' not in text  # English is the msgid itself


def test_the_content_security_policy_lets_the_worker_and_the_manifest_load():
    """No worker-src or manifest-src of their own: both fall back to default-src 'self'."""
    assert "worker-src" not in DEFAULT_POLICY and "manifest-src" not in DEFAULT_POLICY
    assert DEFAULT_POLICY["default-src"] == ["'self'"]


def test_the_profile_explains_how_to_add_the_site_to_the_home_screen(member_client):
    page = member_client.get("/accounts/profile/").content.decode()
    assert "Ajouter à l’écran d’accueil" in page
    assert "Android (Chrome)" in page and "iPhone et iPad (Safari)" in page
    assert "data-pwa-install hidden" in page
