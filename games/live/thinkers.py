"""Where bots' searches run: worker processes beside this one, each search on a deadline.

A search ("Club" and "Fort" bots, ``games.live.moves.Thinking``; the replay's "what
would the robot play here", ``games.thoughts``) is pure work on a copy of a hand. Run
in a thread of this process it would hold the interpreter's lock against the event
loop, and every table of the process would wait behind it; so it runs in a pool of
``BOT_THINK_PROCESSES`` worker processes, started with ``forkserver`` (nothing of this
process's threads, sockets or database connections is copied into them), scheduled
as idle work (Linux's ``SCHED_IDLE``: they get a core only when no other process wants
it), so that the live tables come first on a busy machine and the searches have what
is left (``BOT_THINK_IDLE = False``: at the normal priority, for tests that must not
wait on a busy machine). ``BOT_THINK_PROCESSES = 0`` runs the searches in
``BOT_THINKERS`` threads of this process instead.

Each search has a deadline: its level's seconds from when it was asked for. A search
that waited for a worker gets only what is left of its time, and one whose time ran out
while it waited is not started (its answer is None: the table's rule of thumb plays).
A burst of searches therefore costs the pool at most its workers' time, and a table
never waits for a search longer than its level's seconds (plus the runner's margin).

``outcomes`` counts what became of the searches, for the runner's log (``report``).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import resource_tracker
from typing import TYPE_CHECKING

from django.conf import settings

from games.live.tally import Tally

if TYPE_CHECKING:
    from games.live.moves import Thinking

logger = logging.getLogger(__name__)

#: What the fork server imports before it forks a worker (the parent's ``__main__`` too,
#: which the workers would import each otherwise).
PRELOAD = ["__main__", "games.live.thinkers", "games.live.moves", "games.kinds"]
PARENT_POLL_SECONDS = 2.0  # where a process's end cannot be waited for (no pidfd)
#: A search with less time than this left when a worker takes it is not started.
MIN_SECONDS = 0.02
#: ``warm`` gives up waiting for the pool's start after this (the first search tries again).
WARM_SECONDS = 60.0

# "searched" (run to its end), "shortened" (started late: given what was left of its
# time), "dropped" (its time ran out while it waited); "waited_ms" the time summed.
outcomes = Tally()

_pool: Executor | None = None
_making = threading.Lock()
clock = time.time  # the deadline's clock: the same in every process of the machine


def _worker_started(parent: int, idle: bool) -> None:
    """A worker process's start: run (``idle``) only on the CPU nothing else wants,
    leave Ctrl-C to its parent (which shuts the pool down), and end with the ``parent``
    process even when it could not shut its pool down (killed by SIGKILL): nothing else
    would tell the worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if idle:
        try:  # Linux: scheduled only when no other process is ready to run on a core
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except (AttributeError, OSError):
            os.nice(19)
    threading.Thread(target=_end_with, args=(parent,), daemon=True, name="parent").start()


def _end_with(parent: int) -> None:
    try:  # Linux: a descriptor that becomes readable when the process ends
        select.select([os.pidfd_open(parent)], [], [])
    except (AttributeError, OSError):
        with contextlib.suppress(OSError):
            while True:
                time.sleep(PARENT_POLL_SECONDS)
                os.kill(parent, 0)
    os._exit(0)


def pool() -> Executor:
    """This process's pool of searches (made at the first call, from any thread)."""
    global _pool
    with _making:
        if _pool is None:
            _pool = _new_pool()
    return _pool


def warm() -> None:
    """Start the pool's fork server and a first worker now, and wait for them (in a
    thread of the caller's: ``warm_in_background``), so that no search's time, nor the
    event loop, waits for them later."""
    try:
        _submit(os.getpid).result(timeout=WARM_SECONDS)
    except RuntimeError:
        # Its processes were stopped while starting (BrokenProcessPool: a Ctrl-C to the
        # process group, `make run` stopped at once; a kill), or this process began to
        # exit first (the pool then takes no work). Not a fault: the next search starts
        # new.
        logger.warning("bot searches: the search processes stopped while starting")
        reset()
    except Exception:  # logged: the first search will try again
        logger.exception("bot searches: the pool of search processes did not start")


def warm_in_background() -> threading.Thread:
    """``warm`` in a thread of its own (the runner's start), which the process waits for
    when it exits: a worker being started reads its pool's locks from the parent after
    its fork, so a parent exiting meanwhile (stopped a second after it started) would
    leave the worker a traceback on the terminal; the wait is the pool's start, about a
    second at most."""
    thread = threading.Thread(target=warm, name="bot-think-warm", daemon=False)
    thread.start()
    return thread


def _new_pool() -> Executor:
    processes = int(getattr(settings, "BOT_THINK_PROCESSES", 1))
    if processes <= 0:
        threads = max(1, int(getattr(settings, "BOT_THINKERS", 2)))
        return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bot-think")
    context = multiprocessing.get_context("forkserver")
    # the fork server imports the searches' modules once; its workers start forked
    context.set_forkserver_preload(PRELOAD)
    return ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=_worker_started,
        initargs=(os.getpid(), bool(getattr(settings, "BOT_THINK_IDLE", True))),
    )


def reset() -> None:
    """Forget the pool (a worker died, or the settings changed): the next search starts
    a new one. The old pool's workers end once their current search does."""
    global _pool
    with _making:
        old, _pool = _pool, None
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)


def search(job: Thinking, deadline: float | None) -> tuple[str | None, float]:
    """Run ``job`` where the pool runs it, by ``deadline`` (``clock``'s seconds; None:
    the budget alone bounds it): (its action, or None when its time ran out before it
    started; the seconds it waited for a worker)."""
    if deadline is None:
        return job.run(), 0.0
    left = deadline - clock()
    waited = max(0.0, job.budget.seconds - left) if job.budget.seconds else 0.0
    if left < MIN_SECONDS:
        return None, waited
    return job.run(seconds=left), waited


def submit(job: Thinking) -> Future:
    """Start ``job``'s search in the pool: a future of ``search``'s answer."""
    seconds = job.budget.seconds
    return _submit(search, job, None if seconds is None else clock() + seconds)


def _submit(fn, *args) -> Future:
    """``pool().submit``, with Ctrl-C (SIGINT) blocked in this thread meanwhile. The pool
    starts its fork server and workers in the submitting thread, and they inherit its
    signal mask: Python's fork server ignores Ctrl-C only once it has imported
    ``PRELOAD``, so a Ctrl-C to the process group in that second (``make run`` stopped
    at once) would interrupt those imports with a traceback; blocked from its start, it
    is discarded when the fork server ignores it. In this thread, a Ctrl-C that comes
    meanwhile is only held until the submit returns. (Python's resource tracker, which
    the fork server needs, unblocks SIGINT in the thread that starts it: it is started
    before the block.)"""
    executor = pool()
    if not isinstance(executor, ProcessPoolExecutor) or not hasattr(signal, "pthread_sigmask"):
        return executor.submit(fn, *args)
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return executor.submit(fn, *args)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def count(action: str | None, waited: float) -> None:
    """Count a finished search's outcome (``outcomes``)."""
    outcomes["dropped" if action is None else "shortened" if waited > 0.05 else "searched"] += 1
    outcomes["waited_ms"] += round(1000 * waited)


def report() -> str | None:
    """A log line on the searches since the last report (None: there were none)."""
    since = outcomes.since_report()
    done = since["searched"] + since["shortened"] + since["dropped"]
    if not done:
        return None
    return (
        f"bot searches: {done} ({since['shortened']} shortened by a wait for a worker, "
        f"{since['dropped']} dropped: their time ran out waiting; "
        f"{since['waited_ms'] / done:.0f} ms waited on average)"
    )
