"""Garbage-collector settings of a server process.

A daphne process holds thousands of sockets and table states: a few hundred thousand
tracked objects. With CPython's default thresholds (700, 10, 10) the collector runs a
young collection every 700 allocations and, every so often, a full one; with 400
human-paced tables on a 2-core box, full collections take 200-500 ms each, stopping
every table of the process, several times a minute.

So the process freezes what exists once it has loaded (modules, settings, URL
tables: never garbage), and collects less often: a young collection every 20,000
allocations, an older one every 50 of those, the full one after 100 of those (in
practice only when the heap has grown by a quarter). Reference cycles are still
collected; only the rhythm changes. ``CLUB500_GC_THRESHOLDS="700,10,10"`` restores
the default (three integers, comma-separated).

The allocation counts alone still leave young collections of 50-60 ms at 1,000 live
tables: the count that triggers one is allocations
*minus* deallocations, and a server that replaces old objects by new ones (a socket's
next pending read, a table's next state) keeps it low while the young generation
fills up with every socket's replaced objects, 60,000 of them after a minute. Each
such pause held up every table's moves. So a server's event loop collects on a clock
instead (``pace``): the young generation every second (a few thousand objects: a few
ms), the middle one every 2 seconds, everything every hour.

The middle generation holds what outlived the young collections since its last
collection, so its pause grows with the time between two: collected every 10 minutes,
it held ten minutes of survivors at 1,000 live tables and took 2 s; every 10 seconds,
40-60 ms (a stop of every table of the process, each one a burst in the p99); every
2 seconds, 7-15 ms (median; all measured at 1,000 human-paced tables). Objects that
outlive 2 seconds move sooner to the oldest generation, which only the hourly
collection scans. That leaves no garbage behind while the server plays: at 1,000
tables the paced collections found no reference cycle to free in any generation (the
``collected`` counts of ``gc.get_stats()`` did not move after the start); what a
server frees, it frees by reference counting.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time

from django.conf import settings

logger = logging.getLogger(__name__)

DEFAULT_THRESHOLDS = (20_000, 50, 100)


def thresholds() -> tuple[int, int, int]:
    raw = os.environ.get("CLUB500_GC_THRESHOLDS", "")
    if not raw.strip():
        return DEFAULT_THRESHOLDS
    try:
        values = tuple(int(part) for part in raw.split(","))
    except ValueError:
        values = ()
    if len(values) != 3 or any(v < 1 for v in values):
        raise SystemExit(f"CLUB500_GC_THRESHOLDS must be three positive integers, got {raw!r}")
    return values  # type: ignore[return-value]


def apply() -> None:
    """Freeze the loaded code's objects and set the thresholds (idempotent)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds())


YOUNG_SECONDS = 1.0
MIDDLE_SECONDS = 2.0
FULL_SECONDS = 3600.0
SLOW_SECONDS = 0.1
_pacing: set[asyncio.Task] = set()


def start_pacing() -> None:
    """Collect on a clock on the running event loop (idempotent per loop), unless
    ``settings.GC_PACING`` is off."""
    if not getattr(settings, "GC_PACING", True):
        return
    loop = asyncio.get_running_loop()
    if any(task.get_loop() is loop and not task.done() for task in _pacing):
        return
    task = loop.create_task(pace())
    _pacing.add(task)
    task.add_done_callback(_pacing.discard)


async def pace(
    young: float = YOUNG_SECONDS,
    middle: float = MIDDLE_SECONDS,
    full: float = FULL_SECONDS,
    clock=time.monotonic,
    sleep=asyncio.sleep,
) -> None:
    """Young collections every ``young`` seconds, the middle generation every ``middle``,
    all of them every ``full`` (the one long pause, once an hour by default).

    While it runs, the collector's own allocation-count trigger is off: each paced
    young collection counts towards the next middle one, so left on, the trigger
    would collect the middle generation (everything that outlived a young collection
    since the start, 0.5 s measured after the 4,000 connections of the load test)
    every 50 s. It is set back when pacing stops."""
    saved = gc.get_threshold()
    gc.set_threshold(0, *saved[1:])
    try:
        start = clock()
        next_middle, next_full = start + middle, start + full
        while True:
            await sleep(young)
            now = clock()
            if now >= next_full:
                generation, next_full, next_middle = 2, now + full, now + middle
            elif now >= next_middle:
                generation, next_middle = 1, now + middle
            else:
                generation = 0
            began = time.perf_counter()
            gc.collect(generation)
            took = time.perf_counter() - began
            if generation:  # the long ones at INFO: a pause every table of the process felt
                logger.log(
                    logging.INFO if took >= SLOW_SECONDS or generation == 2 else logging.DEBUG,
                    "gc: generation %d collected in %.0f ms",
                    generation,
                    1000 * took,
                )
    finally:
        gc.set_threshold(*saved)
