"""The fast path's own connections are handed out first come, first served."""

from __future__ import annotations

import asyncio

from games.fastpath import _Connections


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
