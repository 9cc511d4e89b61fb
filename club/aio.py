"""Running a coroutine at once, in the caller's own step of the event loop.

A WebSocket frame of the table fan-out is sent by awaiting the consumer's ``send``:
a few coroutines deep, daphne's ``handle_reply`` hands the frame to Twisted and
returns without ever waiting. Made into a task, each send would cost a task and a
turn of the loop (tens of µs, for every frame another process's move brings).
``run_inline`` runs such a coroutine to its end in the calling step; should it wait
after all (another server, a socket's queue), what is left of it goes on in a task,
as if it had been one from its first wait (a frame sent inline after it to the same
socket could then go first: daphne's send never waits, so the fan-out relies on that).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import types

logger = logging.getLogger(__name__)

_rests: set[asyncio.Task] = set()  # what is left of coroutines that waited


def run_inline(coro) -> None:
    """Run ``coro`` now until it ends or first waits; the rest, if any, in a task on
    the running loop. What it raises before its first wait is raised here; after,
    it is logged."""
    try:
        waited_on = coro.send(None)
    except StopIteration:
        return
    task = asyncio.get_running_loop().create_task(
        _rest(coro, waited_on), context=contextvars.Context()
    )
    _rests.add(task)
    task.add_done_callback(_finished)


@types.coroutine
def _rest(coro, waited_on):
    """Drive ``coro`` on from a wait on ``waited_on`` (what it yielded to
    ``run_inline``), the way a task would: what it waits on is handed to the task
    driving this, and the outcome (a value, or an exception such as a cancellation)
    handed back to it."""
    while True:
        try:
            value = yield waited_on
        except BaseException as error:
            try:
                waited_on = coro.throw(error)
            except StopIteration as stop:
                return stop.value
            continue
        try:
            waited_on = coro.send(value)
        except StopIteration as stop:
            return stop.value


def _finished(task: asyncio.Task) -> None:
    _rests.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.error("a coroutine run inline failed after waiting", exc_info=task.exception())
