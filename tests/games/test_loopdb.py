"""The event loop's executor: its own connections, handed out first come, first
served; the pipeline's report; the batched reads of expired present sets."""

from __future__ import annotations

import asyncio

import pytest

from games.live.loopdb import _Connections
from tests.games.conftest import in_this_thread


async def test_a_freed_connection_goes_to_the_longest_waiter_not_to_a_newcomer():
    pool = _Connections(size=1)
    pool._bind()
    held = await pool._acquire()
    served: list[str] = []

    async def wait(name: str) -> None:
        conn = await pool._acquire()
        served.append(name)
        pool._release(conn)

    first = asyncio.create_task(wait("first"))
    second = asyncio.create_task(wait("second"))
    await asyncio.sleep(0)  # both are waiting now
    # A newcomer that runs before the woken waiter does (its step was scheduled
    # first) still queues behind the waiters: an asyncio.Queue would let it cut in.
    newcomer = asyncio.create_task(wait("newcomer"))
    pool._release(held)
    await asyncio.gather(first, second, newcomer)
    assert served == ["first", "second", "newcomer"]
    assert list(pool.idle) == [held] and not pool.waiters


async def test_a_waiter_that_gives_up_passes_its_turn_on():
    pool = _Connections(size=1)
    pool._bind()
    held = await pool._acquire()
    quitter = asyncio.create_task(pool._acquire())
    stayer = asyncio.create_task(pool._acquire())
    await asyncio.sleep(0)
    quitter.cancel()
    await asyncio.sleep(0)
    pool._release(held)
    assert await stayer is held
    assert quitter.cancelled()


def test_the_fast_path_report_counts_what_happened_since_the_last_one(monkeypatch):
    from games.live import pipeline
    from games.live.tally import Tally

    monkeypatch.setattr(pipeline, "outcomes", Tally())
    assert pipeline.report() is None  # nothing happened: no line
    pipeline.outcomes.update({"applied": 10, "lock busy": 2, "illegal": 1})
    assert pipeline.report() == (
        "fast path: 10 intents applied on the event loop, "
        "3 gave way to the database thread (lock busy 2, illegal 1)"
    )
    pipeline.outcomes["applied"] += 4
    assert pipeline.report() == (
        "fast path: 4 intents applied on the event loop, 0 gave way to the database thread"
    )
    assert pipeline.report() is None


class FakeClock:
    """``asyncio.sleep`` that waits until the test advances the clock."""

    def __init__(self) -> None:
        self.sleeping: list[tuple[float, asyncio.Future]] = []

    async def sleep(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        self.sleeping.append((seconds, future))
        await future

    def advance(self) -> list[float]:
        """Wake every sleeper; returns how long each meant to sleep."""
        woken, self.sleeping = self.sleeping, []
        for _, future in woken:
            future.set_result(None)
        return [seconds for seconds, _ in woken]


@pytest.mark.parametrize("on_loop", [False, True], ids=["database thread", "event loop"])
async def test_expired_present_sets_are_read_again_in_one_batch(monkeypatch, on_loop):
    """Tables whose present sets expire close together are read again in one read
    (on the event loop's own connection with PostgreSQL, else in a database hop), each
    once, however many moves asked for it meanwhile; the batch waits
    ``PRESENCE_BATCH_SECONDS`` to gather them."""
    from games.live import frames, presence
    from games.live import hub as hub_module

    reads: list[set[int]] = []

    def read(table_ids):
        reads.append(set(table_ids))
        return {}

    async def read_on_loop(table_ids):
        return read(table_ids), {}

    def no_thread(fn, **options):
        raise AssertionError(f"{fn.__name__} went to a database thread")

    monkeypatch.setattr(hub_module.loopdb, "enabled", lambda: on_loop)
    monkeypatch.setattr(presence, "present_users_many", read)
    monkeypatch.setattr(frames, "read_presence_on_loop", read_on_loop)
    monkeypatch.setattr(
        hub_module, "database_sync_to_async", no_thread if on_loop else in_this_thread
    )
    clock = FakeClock()
    hub = hub_module.Hub()
    hub.sleep = clock.sleep
    hub._bind()
    for table_id in (1, 2, 1, 3, 2):
        hub.refresh_presence_soon(table_id)
    await asyncio.sleep(0)  # the batch starts, and waits
    assert reads == []
    assert clock.advance() == [hub_module.PRESENCE_BATCH_SECONDS]
    await asyncio.gather(*hub.tasks)
    assert reads == [{1, 2, 3}]
    hub.refresh_presence_soon(1)  # read again once the first batch is done
    await asyncio.sleep(0)
    clock.advance()
    await asyncio.gather(*hub.tasks)
    assert reads == [{1, 2, 3}, {1}]
