"""The site's only authentication backend: Django's, behind the login throttle.

Every login path ends in ``django.contrib.auth.authenticate`` (the site's login form,
the admin's, any future API), which asks this backend. The attempt is counted
(``club.throttle.attempt``) before the password is looked at; past the limits the
backend refuses without checking (``PermissionDenied`` stops ``authenticate`` from
asking any other backend) and marks the request so that the form can say why.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from club import throttle

BACKEND = "club.auth.ThrottledModelBackend"


def was_throttled(request) -> bool:
    """Whether the last ``authenticate`` call of this request was refused unchecked."""
    return bool(getattr(request, "login_throttled", False))


class ThrottledModelBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        email = str(username).strip().lower()
        address = throttle.client_address(request)
        if not throttle.attempt(email=email, address=address):
            if request is not None:
                request.login_throttled = True
            raise PermissionDenied("too many login attempts")
        user = super().authenticate(request, username=email, password=password, **kwargs)
        if user is not None:
            throttle.record_success(email=email, address=address)
        return user
