"""The site as an installable app: its web app manifest, its service worker and the page
the worker shows when a navigation finds no network.

Pages stay server-rendered and are never cached: the worker (templates/pwa/sw.js) only
keeps the static files and the offline page, so that an installed app opens on a page
that says the network is gone rather than on the browser's error. See
docs/operations.md, *The installable app*.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from club import jscatalog

#: Bump it to throw away every installed worker's caches (docs/operations.md). The
#: precached files' names are part of the cache's name too, so a new hashed name (a
#: changed file in production) makes a new cache by itself.
CACHE_VERSION = 1

#: The club's palette (static/css/site.css: --felt, --paper).
THEME_COLOR = "#0b5d3b"
BACKGROUND_COLOR = "#fbfaf7"

#: Static files every page needs, kept by the worker from its installation on.
CORE_STATIC = (
    "css/site.css",
    "css/offline.css",
    "js/site.js",
    "js/pwa.js",
    "js/offline.js",
    "js/entryqueue.js",
    "img/favicon.svg",
    "img/icon-192.png",
)

#: The offline page's languages, in its address (club/urls.py).
LANGUAGE_PATTERN = "|".join(code for code, _name in settings.LANGUAGES)

ICONS = (
    ("img/icon-192.png", "192x192", "any"),
    ("img/icon-512.png", "512x512", "any"),
    ("img/icon-maskable-512.png", "512x512", "maskable"),
)


@require_GET
def manifest(request):
    """The web app manifest, in the request's language (French first)."""
    body = {
        "id": "/",
        "name": _("Club 500"),
        "short_name": _("Club 500"),
        "description": _("The Quebec card club of 500 and 450: tournaments and live tables."),
        "lang": "fr-CA" if request.LANGUAGE_CODE == "fr" else "en-CA",
        "dir": "ltr",
        # The marker tells the app's visits apart in the server's logs.
        "start_url": reverse("home") + "?source=pwa",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    response = JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "no-cache"
    return response


def offline_urls() -> dict[str, str]:
    """The offline page's address in each language, as the worker precaches them."""
    return {code: reverse("pwa_offline", args=[code]) for code, _name in settings.LANGUAGES}


def offline_catalog_urls() -> dict[str, str]:
    """The JavaScript catalog of each offline page's language (the words of the score
    entries it lists), precached with it."""
    return {code: reverse("pwa_offline_catalog", args=[code]) for code, _name in settings.LANGUAGES}


def worker_config() -> dict:
    """What the worker's script is told: its caches' version, the files it keeps, and
    whether static names carry a content hash (then a cached file is good forever)."""
    static_urls = [static(path) for path in CORE_STATIC]
    offline = offline_urls()
    catalogs = list(offline_catalog_urls().values())
    precache = [*offline.values(), *catalogs, *static_urls]
    digest = hashlib.sha256("\n".join(precache).encode()).hexdigest()[:12]
    return {
        "version": f"v{CACHE_VERSION}-{digest}",
        # Not static(""): the hashed storage knows no file of that name.
        "staticPrefix": PrefixNode.handle_simple("STATIC_URL"),
        "hashed": settings.STATIC_HASHED,
        "offline": offline,
        # Answered network-first like development's static files (the kept copy offline).
        "catalogs": catalogs,
        "defaultLanguage": settings.LANGUAGE_CODE,
        "precache": precache,
    }


@require_GET
@never_cache
def service_worker(request):
    """The worker's script, from the site's root so that its scope is the whole site.
    Never cached by HTTP (browsers also check it on each navigation)."""
    response = render(
        request,
        "pwa/sw.js",
        {"config": json.dumps(worker_config(), indent=2)},
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request, language: str):
    """The page the worker shows when a navigation fails: self-contained (its styles and
    script are precached), the same for everyone (no member's name, no form)."""
    with translation.override(language):
        response = render(request, "pwa/offline.html", {"language": language})
    response["Content-Language"] = language
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline_catalog(request, language: str):
    """The JavaScript catalog in ``language``, for the offline page: the site's own
    (``club/jscatalog.py``) at an address of its language, so the worker can keep it."""
    with translation.override(language):
        return jscatalog.catalog(request)
