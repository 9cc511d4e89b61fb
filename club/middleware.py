"""Site-wide request handling: the language of a request, and input no page can take."""

from __future__ import annotations

import logging

from django.conf import settings
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from club.outage import SERVICE_ERRORS

logger = logging.getLogger(__name__)


def language_for(request) -> str:
    """The language a request is served in.

    A logged-in member gets the preferred language of their profile; a visitor gets
    what they chose with the switcher (a cookie); everyone else gets French (Quebec),
    the club's language, whatever the browser asks for.
    """
    supported = {code for code, _name in settings.LANGUAGES}
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        preferred = getattr(user, "preferred_language", "")
        if preferred in supported:
            return preferred
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in supported:
        return chosen
    return settings.LANGUAGE_CODE


class LanguageMiddleware:
    """Activate the request's language (replaces Django's LocaleMiddleware).

    Must come after ``AuthenticationMiddleware``: the member's profile wins.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = language_for(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        return response


NUL = "\x00"


def _has_nul(request) -> bool:
    if NUL in request.path:
        return True
    if any(NUL in key or NUL in value for key, value in request.COOKIES.items()):
        return True
    sources = [request.GET] + ([request.POST] if request.method == "POST" else [])
    return any(
        NUL in key or any(NUL in value for value in data.getlist(key))
        for data in sources
        for key in data
    )


class BadInputMiddleware:
    """Refuse, site-wide, requests that carry a NUL character anywhere a user can type
    (the path, the query string, form fields, cookies).

    No form of the site can take one (PostgreSQL refuses them in text, where they made
    HTTP 500s), and no person types one: the answer is a 400 page that says so, in the
    visitor's language. Placed before the session and authentication middlewares, so
    that a NUL in a cookie never reaches the session store either.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _has_nul(request):
            translation.activate(language_for(request))
            response = render(
                request,
                "400.html",
                {
                    "message": _(
                        "The form contains a forbidden character (a null character, code 0). "
                        "Remove it and try again."
                    )
                },
                status=400,
            )
            patch_vary_headers(response, ("Cookie",))
            return response
        return self.get_response(request)


class ServiceBusyMiddleware:
    """A page that needs Redis (login throttling, cached standings, broadcasts) while
    Redis does not answer: a 503 "service busy" page in the visitor's language, with
    ``Retry-After``, instead of a server error. Nothing to reset afterwards: the next
    request reconnects by itself. Live games do not need these pages and go on."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, SERVICE_ERRORS):
            return None
        logger.warning(
            "service busy (%s): %s %s", type(exception).__name__, request.method, request.path
        )
        response = render(request, "503.html", status=503)
        response["Retry-After"] = "30"
        return response
