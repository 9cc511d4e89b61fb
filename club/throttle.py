"""Login throttling: attempts counted per account and per address, before the check.

Every password check is first counted, atomically, in the cache (Redis when
``REDIS_URL`` is set, so every process shares the counters; the in-memory cache for a
single ``make run`` process). An attempt whose count passes the account's or the
address's limit is refused without checking the password, so that no burst of
simultaneous requests gets more checks than the limit, whatever the number of processes
and threads. A window starts at the first attempt and is not extended by later ones.

A successful login gives its attempt back, to the account and to the address: only
failures add up, so members sharing a club's address, or one member logging in on
several devices, are never stopped. It does not forgive the failures counted before
it: in one window an account gets at most ``per_account`` wrong passwords checked,
however a burst of attempts interleaves with a right one (clearing the counter on a
success let the attempts counted after it through again).
``club.auth.ThrottledModelBackend`` calls this for every login path (the site's form,
``/admin/login/``, anything that calls ``django.contrib.auth.authenticate``).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache


def _key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]
    return f"login-fail:{kind}:{digest}"


def _limits() -> dict:
    return settings.LOGIN_THROTTLE


def client_address(request) -> str:
    """The client's address: REMOTE_ADDR, which ``club.proxy`` sets from the trusted
    proxy's ``X-Forwarded-For`` (never from what the client itself sent)."""
    return (request.META.get("REMOTE_ADDR") if request is not None else None) or "unknown"


def hit(key: str, window: int) -> int:
    """Add one to a counter and return its new value, in one atomic step per call.

    ``add`` starts the window only if the counter is absent; ``incr`` is atomic in both
    caches (INCRBY in Redis, a lock in local memory). A counter that expires between
    the two is started again. A count of 1 (re)sets the expiry, in case the counter was
    re-created without one (Django's Redis ``incr`` checks ``EXISTS`` before ``INCRBY``).
    """
    for _attempt in range(3):
        cache.add(key, 0, timeout=window)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add() and incr()
            continue
        if count == 1:
            cache.touch(key, window)
        return count
    cache.set(key, 1, timeout=window)
    return 1


def attempt(*, email: str, address: str) -> bool:
    """Count one login attempt; False when it must be refused without a check."""
    limits = _limits()
    window = limits["window_seconds"]
    account = hit(_key("account", email), window)
    by_address = hit(_key("address", address), window)
    return account <= limits["per_account"] and by_address <= limits["per_address"]


def record_success(*, email: str, address: str) -> None:
    """The password was right: give this attempt back to the account and the address."""
    for key in (_key("account", email), _key("address", address)):
        try:
            if cache.decr(key) < 0:
                cache.delete(key)
        except ValueError:  # the window ended meanwhile
            pass
