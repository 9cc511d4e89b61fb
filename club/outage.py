"""What a Redis outage raises (the cache, the channel layer): the errors that
``club.middleware.ServiceBusyMiddleware`` answers with a "service busy" page and that
a broadcast after a commit only logs."""

from __future__ import annotations

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

SERVICE_ERRORS: tuple[type[BaseException], ...] = (
    RedisConnectionError,
    RedisTimeoutError,
    ConnectionError,
    TimeoutError,
)
