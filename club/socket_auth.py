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
"""

from __future__ import annotations

from types import SimpleNamespace

from channels.auth import AuthMiddleware, UserLazyObject
from django.contrib import auth
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
