"""Pure helpers that turn environment variables into Django settings values.

Kept free of Django imports so they can be unit-tested directly (see
``tests/club/test_config.py``) and reused by the test runner script.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

TRUE_VALUES = {"1", "true", "yes", "on"}
FALSE_VALUES = {"0", "false", "no", "off", ""}


def env_bool(value: str | None, default: bool) -> bool:
    """Read a boolean environment value ("1", "true", "yes", "on" / "0", ...)."""
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in TRUE_VALUES:
        return True
    if lowered in FALSE_VALUES:
        return False
    raise ValueError(f"not a boolean: {value!r} (use 1/0, true/false, yes/no)")


def env_list(value: str | None, default: list[str]) -> list[str]:
    """Read a comma-separated list, ignoring blanks."""
    if value is None:
        return list(default)
    return [item.strip() for item in value.split(",") if item.strip()]


def database_config(url: str, *, base_dir: Path, pool: bool = True) -> dict:
    """Translate a ``DATABASE_URL`` into a ``DATABASES["default"]`` dict.

    Supported: ``sqlite:///relative/or/absolute/path.sqlite3``, ``sqlite://:memory:``
    and ``postgres://user:password@host:port/name?sslmode=...`` (also
    ``postgresql://``). PostgreSQL uses psycopg 3 with its connection pool
    (Django 5.1+), with ``CONN_MAX_AGE = 0`` as the pool requires: persistent
    connections leak under ASGI, where every request may run in a new thread.
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        raw = unquote(url[len("sqlite://") :])
        raw = raw[1:] if raw.startswith("/") else raw
        if raw == ":memory:":
            name = raw
        else:
            path = Path(raw)
            name = str(path if path.is_absolute() else base_dir / path)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": name,
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    if scheme in ("postgres", "postgresql", "pgsql"):
        options: dict = dict(parse_qsl(parts.query))
        pool_options = {
            "min_size": int(options.pop("pool_min_size", 1)),
            "max_size": int(options.pop("pool_max_size", 10)),
            "timeout": float(options.pop("pool_timeout", 10)),
        }
        if pool:
            options["pool"] = pool_options
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")) or "postgres",
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "CONN_MAX_AGE": 0,
            "OPTIONS": options,
        }
    raise ValueError(
        f"DATABASE_URL: unsupported scheme {scheme!r} (use sqlite:///path or postgres://...)"
    )


def channel_layers(
    redis_url: str | None, *, backend: str = "pubsub", prefix: str = "club500"
) -> dict:
    """The ``CHANNEL_LAYERS`` setting: in-memory without Redis, Redis otherwise.

    With Redis, the layer is configured so that it neither drops group messages
    silently nor kills idle consumers:

    * ``socket_timeout: None``: redis-py 8 defaults to a 5 s socket timeout, which
      makes a blocking receive fail on every idle consumer;
    * ``max_connections``: redis-py's async pool raises past its cap (100) instead of
      waiting, which turned connection bursts into HTTP 500s;
    * the default backend is the pub/sub layer, which has no per-process inbox
      ``capacity`` (the core layer drops over-capacity group messages with only an
      INFO log); the core layer, if chosen, gets a capacity far above any burst.

    ``prefix`` starts every Redis key and pub/sub channel name: sites (or test
    processes) sharing one Redis keep apart by choosing different prefixes (a Redis
    database number does not separate pub/sub channels).
    """
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    host = {
        "address": redis_url,
        "socket_timeout": None,
        "socket_connect_timeout": 5,
        "max_connections": 2000,
        "health_check_interval": 30,
    }
    if backend == "pubsub":
        return {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [host], "prefix": prefix},
            }
        }
    if backend == "core":
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [host],
                    "prefix": prefix,
                    "capacity": 10_000,
                    "expiry": 60,
                    "group_expiry": 86_400,
                },
            }
        }
    raise ValueError(f"CHANNEL_LAYER_BACKEND: unknown backend {backend!r} (pubsub or core)")


def cache_config(redis_url: str | None, *, prefix: str = "club500") -> dict:
    """Shared cache (login throttling) in Redis when available, else local memory."""
    if redis_url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis_url,
                "KEY_PREFIX": prefix,
            }
        }
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
