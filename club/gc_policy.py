"""Garbage-collector settings of a server process.

A daphne process holds thousands of sockets and table states: a few hundred thousand
tracked objects. With CPython's default thresholds (700, 10, 10) the collector runs a
young collection every 700 allocations and, every so often, a full one; measured on
the 2-core box with 400 human-paced tables (docs/performance.md), full collections
took 200-500 ms each, stopping every table of the process, several times a minute:
they alone put the move latency's p99 at 250-870 ms.

So the process freezes what exists once it has loaded (modules, settings, URL
tables: never garbage), and collects less often: a young collection every 20,000
allocations, an older one every 50 of those, the full one after 100 of those (in
practice only when the heap has grown by a quarter). Reference cycles are still
collected; only the rhythm changes. ``CLUB500_GC_THRESHOLDS="700,10,10"`` restores
the default (three integers, comma-separated).
"""

from __future__ import annotations

import gc
import os

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
