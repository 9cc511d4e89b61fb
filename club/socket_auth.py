"""Who a socket's member is, read in the consumer's own database hop.

Channels' ``AuthMiddleware`` reads the session and the member in a database-thread hop
of its own before the consumer starts. A table socket has more to read and write when
it connects (may this viewer watch, the presence row, the first state), and when a
restarted process's sockets all come back at once, each hop waits its turn on
Channels' one database thread. Behind ``DeferredAuthMiddleware`` the scope's user is
left unresolved until the consumer calls ``resolve_user`` in the hop that does the
rest, so a table socket connects in one hop (``games.consumers.TableConsumer``).

Each route says which it uses (``club/routing.py``); a consumer behind the deferred one
must not read ``scope["user"]`` before ``resolve_user`` (Channels' lazy user says so
loudly if it does).

On PostgreSQL a table socket reads its session and member on the event loop instead
(``games.live.arrival``), with the two steps here around its own statements:
``session_member_id`` (the session's row, decoded) and ``accept_member`` (the member's
row, checked as Django's ``get_user`` checks it). They take only the common case: a
database session, the site's model backend, an active member whose session hash is
the current one. Anything else (no session, a stale hash, a fallback secret, another
backend) answers None, and ``resolve_user`` then decides as Django does.
"""

from __future__ import annotations

from types import SimpleNamespace

from channels.auth import AuthMiddleware, UserLazyObject
from django.conf import settings
from django.contrib import auth
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends import db as db_sessions
from django.core.exceptions import ValidationError
from django.utils.crypto import constant_time_compare
from django.utils.functional import empty


class DeferredAuthMiddleware(AuthMiddleware):
    """``AuthMiddleware`` that leaves ``scope["user"]`` for the consumer to resolve."""

    async def resolve_scope(self, scope):
        return None  # resolve_user, in the consumer's database hop


def resolve_user(scope):
    """The scope's member (an ``AnonymousUser`` when the session holds none, or no longer
    verifies), resolved once; call it in a database thread."""
    user = scope["user"]
    if isinstance(user, UserLazyObject):
        if user._wrapped is empty:
            # Django's own reading of a request's session: the backend, the session
            # hash (a password change logs the session out), its fallbacks.
            user._wrapped = auth.get_user(SimpleNamespace(session=scope["session"]))
        return user._wrapped
    return user


def loop_session_key(scope) -> str | None:
    """The key of the scope's session when its member may be read on the event loop (a
    database session not loaded yet, the member not resolved yet), else None."""
    user, session = scope.get("user"), scope.get("session")
    if not isinstance(user, UserLazyObject) or user._wrapped is not empty:
        return None
    session = getattr(session, "_wrapped", session)
    if type(session) is not db_sessions.SessionStore or hasattr(session, "_session_cache"):
        return None
    return session.session_key or None


def session_member_id(scope, session_data: str):
    """The member's id in the scope's session, given its row's ``session_data`` (read
    unexpired): the decoded data becomes the session's, as if it had loaded it. None
    when Django's own reading must decide (no member in it, another backend)."""
    session = scope["session"]
    data = session.decode(session_data)
    session._session_cache = data
    backend = data.get(auth.BACKEND_SESSION_KEY)
    if backend not in settings.AUTHENTICATION_BACKENDS:
        return None
    if not isinstance(auth.load_backend(backend), ModelBackend):
        return None
    try:
        return auth.get_user_model()._meta.pk.to_python(data[auth.SESSION_KEY])
    except (KeyError, ValidationError):
        return None


def accept_member(scope, user) -> bool:
    """Whether ``user`` (the row of the session's member id) is the scope's member, as
    ``auth.get_user`` would find: the backend lets them in and the session's hash is
    the current one. If so, the scope's user is resolved to them."""
    session = scope["session"]
    backend = auth.load_backend(session[auth.BACKEND_SESSION_KEY])
    if not backend.user_can_authenticate(user):
        return False
    session_hash = session.get(auth.HASH_SESSION_KEY)
    if not session_hash or not constant_time_compare(session_hash, user.get_session_auth_hash()):
        return False
    scope["user"]._wrapped = user
    return True
