"""Asking this process's table runner to look at a table (from any thread).

The runner (``games.live.runner``) registers its scheduler here when it starts; the
services and the move pipeline only ``poke``. Without a running runner (a command, the
test process) a poke does nothing: the table's ``wake_at`` still tells any process's
runner when the table is due.
"""

from __future__ import annotations

import asyncio
from typing import Callable

_loop: asyncio.AbstractEventLoop | None = None
_schedule: Callable[[int, float], None] | None = None


def register(loop: asyncio.AbstractEventLoop, schedule: Callable[[int, float], None]) -> None:
    global _loop, _schedule
    _loop, _schedule = loop, schedule


def poke(table_id: int, delay: float = 0.0) -> None:
    """Look at ``table_id`` in ``delay`` seconds (thread-safe)."""
    loop, schedule = _loop, _schedule
    if loop is None or schedule is None or loop.is_closed():
        return
    loop.call_soon_threadsafe(schedule, table_id, delay)
