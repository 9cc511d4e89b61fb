"""The in-process driver of bots and absent players (one per daphne process).

Bots play from the server, at the table's pace, whether or not anyone watches. The
driver is event-driven (``games.live.wakeups.poke`` after a committed change schedules
a look at the table) with a database-backed safety net: ``Table.wake_at`` records when
a table is next due, and a sweep picks up due tables every second, so nothing stalls
after a restart or when another process made the change. Every look goes through
``pipeline.drive`` (the move pipeline), whose conditional write makes
concurrent drivers (several processes) harmless.

A bot that searches (a table's "Club" or "Fort" level) thinks in this process's pool
of searches (``games.live.thinkers``: worker processes, never the event loop nor the
database thread), each search bounded by its level's seconds from when it was asked
for (and waited for ``THINK_MARGIN`` more at most: past that the rule of thumb plays
and the late search is dropped). The process that asks for a search claims its table
for that long (``Table.wake_at`` moved forward, ``pipeline.claim_search``): the other
processes' sweeps leave the table alone meanwhile, and pick it up at once if that
process dies (``games.live.liveness``: its advisory lock gone).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from concurrent.futures.process import BrokenProcessPool

from channels.db import database_sync_to_async
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from games.live import hub, liveness, pipeline, thinkers, wakeups
from games.live.abandon import tables_close_abandoned
from games.live.moves import Thinking
from games.live.presence import PRESENCE_TIMEOUT, TABLE_SEEN_RESOLUTION
from games.models import Table

logger = logging.getLogger(__name__)

SWEEP_SECONDS = 1.0
STALE_SWEEP_SECONDS = 30.0
THINK_MARGIN = 0.5  # seconds a search may overrun its budget before it is dropped
THINK_ROUNDS = 3  # searches in a row for one look (the table moved on meanwhile)

_loop: asyncio.AbstractEventLoop | None = None
_handles: dict[int, asyncio.TimerHandle] = {}
_running: set[int] = set()
_tasks: set[asyncio.Task] = set()


def is_running() -> bool:
    return _loop is not None


def start() -> None:
    """Start the driver on the running event loop (idempotent)."""
    global _loop
    if _loop is not None or not getattr(settings, "GAMES_RUNNER", True):
        return
    try:
        _loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    wakeups.register(_loop, _schedule)
    # the search processes started beside the loop, before the first search needs them
    thinkers.warm_in_background()
    _spawn(_sweep_forever())
    logger.info("table runner started")


def _spawn(coro) -> None:
    # A fresh context: a task created inside a consumer would otherwise inherit that
    # consumer's thread-sensitive executor (asgiref), and database_sync_to_async then
    # fails with "Single thread executor already being used, would deadlock".
    task = _loop.create_task(coro, context=contextvars.Context())
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def _schedule(table_id: int, delay: float) -> None:
    handle = _handles.get(table_id)
    when = _loop.time() + max(0.0, delay)
    if handle is not None:
        if handle.when() <= when:
            return
        handle.cancel()
    _handles[table_id] = _loop.call_at(when, _fire, table_id)


def schedule_due(ids) -> None:
    """Look now at the tables the database says are due, this process's own timers for
    them notwithstanding: another process (or a director) may have made one due before
    the time this process had set (``_schedule`` keeps the earlier of the two)."""
    for table_id in ids:
        if table_id not in _running:
            _schedule(table_id, 0)


def _fire(table_id: int) -> None:
    _handles.pop(table_id, None)
    if table_id in _running:
        _schedule(table_id, 0.05)
        return
    _spawn(_drive(table_id))


async def _drive(table_id: int) -> None:
    _running.add(table_id)
    try:
        wait = await drive_table(table_id)
    except Exception:  # a bug: log it, and look again later rather than stall
        logger.exception("driving table %s failed", table_id)
        wait = 5.0
    finally:
        _running.discard(table_id)
    if wait is not None:
        _schedule(table_id, wait)


async def drive_table(table_id: int) -> float | None:
    """One look at a table (``pipeline.drive``), a bot's search run in the pool of
    searches in between: in how many seconds to look again (None: nothing to wait for)."""
    wait = await database_sync_to_async(pipeline.drive)(table_id, think=False)
    rounds = 0
    while isinstance(wait, Thinking):
        rounds += 1
        thought = (wait.seq, await think(wait))
        wait = await database_sync_to_async(pipeline.drive)(table_id, think=False, thought=thought)
        if isinstance(wait, Thinking) and rounds >= THINK_ROUNDS:
            # look again soon rather than hold the table here (its claim given up)
            await database_sync_to_async(pipeline.release_search)(table_id, wait.seq)
            return 0.0
    return wait


async def think(job: Thinking) -> str | None:
    """A bot's search run in the pool of searches (``games.live.thinkers``), off the
    event loop: its action, or None when its time ran out before it started, when it
    overran its budget by ``THINK_MARGIN``, or when it failed (logged)."""
    seconds = job.budget.seconds
    timeout = None if seconds is None else seconds + THINK_MARGIN
    try:
        future = thinkers.submit(job)
        action, waited = await asyncio.wait_for(asyncio.wrap_future(future), timeout)
    except TimeoutError:
        logger.warning("table %s: a bot's search overran %s s", job.table_id, timeout)
    except BrokenProcessPool:
        logger.error("table %s: a search worker died; a new pool starts", job.table_id)
        thinkers.reset()
    except Exception:
        logger.exception("table %s: a bot's search failed", job.table_id)
    else:
        thinkers.count(action, waited)
        return action
    return None


def due_tables(now, *, include_stale: bool) -> list[int]:
    """The playing tables a sweep at ``now`` drives: those whose ``wake_at`` has come,
    and with ``include_stale`` those nobody scheduled whose players stopped answering."""
    due = Q(wake_at__lte=now)
    if include_stale:
        # After a restart: tables nobody scheduled, whose players stopped answering
        # (heartbeats refresh ``last_human_seen_at`` once a minute, not at each beat).
        stale = now - PRESENCE_TIMEOUT - TABLE_SEEN_RESOLUTION
        due |= Q(wake_at__isnull=True, last_human_seen_at__lt=stale)
    return list(Table.objects.filter(due, status=Table.Status.PLAYING).values_list("pk", flat=True))


def _due(now, include_stale: bool) -> list[int]:
    """A sweep's look (database thread): this process's liveness lock held, the tables
    claimed by dead processes released, then the due tables."""
    liveness.hold()
    liveness.release_dead(now)
    return due_tables(now, include_stale=include_stale)


def first_look(now, include_stale: bool = True) -> list[int]:
    """A process's first sweep (a start, a restart during an evening): the due tables
    (``_due``), and one write for the tables that waited for a present member (no
    wake-up: he was to act and present at the last look). His socket died with the old
    process: like after his move, his unanswered turn is looked at again after the
    presence timeout, when the absence grace runs from when he went away if he is not
    back. So the first sweep does not look at every table while their players'
    sockets reconnect all at once."""
    Table.objects.filter(status=Table.Status.PLAYING, wake_at__isnull=True).update(
        wake_at=now + PRESENCE_TIMEOUT
    )
    return _due(now, include_stale)


@database_sync_to_async
def _close_abandoned() -> None:
    tables_close_abandoned()


def _log_fast_path() -> None:
    for line in (pipeline.report(), hub.report(), thinkers.report()):
        if line:
            logger.info(line)


async def _sweep_forever() -> None:
    first = True
    elapsed_stale = 0.0
    while True:
        try:
            include_stale = first or elapsed_stale >= STALE_SWEEP_SECONDS
            look = first_look if first else _due
            ids = await database_sync_to_async(look)(timezone.now(), include_stale)
            schedule_due(ids)
            if include_stale:
                elapsed_stale = 0.0
                await _close_abandoned()
                _log_fast_path()
            first = False
        except Exception:
            logger.exception("table sweep failed")
        await asyncio.sleep(SWEEP_SECONDS)
        elapsed_stale += SWEEP_SECONDS
