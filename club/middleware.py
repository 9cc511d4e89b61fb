"""Language selection: the member's preference, else the visitor's cookie, else French."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers


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
