"""Login throttling: failed attempts counted per account and per address.

Counters live in the cache (Redis when ``REDIS_URL`` is set, so every process shares
them). A window starts at the first failure; once an account or an address reaches
its limit, further attempts are refused without checking the password until the
window ends. A successful login clears the account's counter.
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
    """The client's address (REMOTE_ADDR; a reverse proxy must set it correctly)."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def is_blocked(*, email: str, address: str) -> bool:
    limits = _limits()
    return (cache.get(_key("account", email), 0) >= limits["per_account"]) or (
        cache.get(_key("address", address), 0) >= limits["per_address"]
    )


def record_failure(*, email: str, address: str) -> None:
    window = _limits()["window_seconds"]
    for key in (_key("account", email), _key("address", address)):
        if cache.add(key, 1, timeout=window):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add() and incr()
            cache.set(key, 1, timeout=window)


def record_success(*, email: str) -> None:
    cache.delete(_key("account", email))
