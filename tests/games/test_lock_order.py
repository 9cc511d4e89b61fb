"""The lock order of games/live/cache.py, checked on every path a move can take.

Database row locks come first; a table's state lock is innermost: no statement runs
while a thread holds a state lock, and no thread holds two tables' locks at once. The
event loop never waits for a state lock: it gives way to the database thread.
"""

from __future__ import annotations

import asyncio
import copy
import threading

import psycopg
import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.db.backends import utils as db_utils

from games import hooks, services
from games.live import cache, frames, pipeline
from games.live.cache import StateLock
from games.live.hub import hub
from tests.games.conftest import drive_until, table_state
from tests.games.sockets import all_connected, play_first_hand, recv

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def violations(monkeypatch):
    """Every statement run while the thread held a state lock, and every state lock
    taken while holding another table's."""
    found: list[str] = []
    held = threading.local()

    def check(what: str) -> None:
        if cache.holding_a_lock():
            found.append(f"{what} under a state lock in {threading.current_thread().name}")

    for cls in (db_utils.CursorWrapper, db_utils.CursorDebugWrapper):
        for name in ("execute", "executemany"):
            real = getattr(cls, name)

            def wrapped(self, sql, *args, _real=real, **kwargs):
                check(str(sql)[:60])
                return _real(self, sql, *args, **kwargs)

            monkeypatch.setattr(cls, name, wrapped)
    real_async = psycopg.AsyncConnection.execute

    async def async_execute(self, query, *args, **kwargs):
        check(str(query)[:60])
        return await real_async(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.AsyncConnection, "execute", async_execute)
    real_acquire, real_release = StateLock.acquire, StateLock.release

    def acquire(self, blocking=True):
        mine = getattr(held, "locks", [])
        if any(lock is not self for lock in mine):
            found.append("two tables' state locks at once")
        got = real_acquire(self, blocking)
        if got:
            held.locks = [*mine, self]
        return got

    def release(self):
        mine = list(getattr(held, "locks", []))
        mine.remove(self)
        held.locks = mine
        real_release(self)

    monkeypatch.setattr(StateLock, "acquire", acquire)
    monkeypatch.setattr(StateLock, "release", release)
    return found


@pytest.fixture
def watched(table_of_four, monkeypatch):
    """Another app watches the table's hands (its callback runs in the move's write)."""
    heard = []
    monkeypatch.setattr(hooks, "_hand_finished", [])
    hooks.on_hand_finished(
        lambda table_id, row: heard.append(row.number), watches=lambda table_id: True
    )
    return heard


def play_in_thread(table, players, moves: int) -> None:
    for _ in range(moves):
        hand = table_state(table.pk).hand
        user = players["NESW".index(hand.to_act)]
        services.hand_apply_action(
            table_id=table.pk,
            user=user,
            action=hand.legal_actions()[0],
            expected_seq=table_state(table.pk).seq,
        )


async def test_the_event_loop_path_keeps_the_lock_order(
    table_of_four, players, cookies, watched, violations
):
    """Moves on the loop, a hand's end with callbacks (the database thread's executor),
    and the catch-up of a state another process moved on."""
    comms = await all_connected(table_of_four, cookies)
    await play_first_hand(comms)
    assert watched == [1]
    behind = copy.deepcopy(await database_sync_to_async(table_state)(table_of_four.pk))
    await database_sync_to_async(play_in_thread)(table_of_four, players, 3)
    cache.forget(table_of_four.pk)
    cache.checkin(behind)  # this process is now 3 moves behind the database
    now = behind.seq + 3
    await hub._refresh(table_of_four.pk, now)
    assert cache.peek(table_of_four.pk).seq == now
    for comm, _ in comms:
        while (await recv(comm))["seq"] < now:
            pass
        await comm.disconnect()
    assert violations == []


def test_the_database_thread_paths_keep_the_lock_order(table_of_four, players, watched, violations):
    """Member intents, bots, renders and catch-ups in the database thread."""
    play_in_thread(table_of_four, players, 4)
    frames.state_frames(table_of_four.pk, players)
    drive_until(table_of_four.pk, lambda: bool(watched))  # bots for the absent members
    assert violations == []


async def test_the_event_loop_gives_way_when_a_thread_holds_the_tables_lock(table_of_four, cookies):
    """The loop never waits for a state lock: with the lock held by a database thread,
    an intent is handed to the thread (which waits for it), not blocked on the loop."""
    comms = await all_connected(table_of_four, cookies)
    first = comms[0][1]
    seat = first["view"]["to_act"]
    comm, mine = comms["NESW".index(seat)]
    busy = pipeline.outcomes["lock busy"]
    lock = cache.lock_for(table_of_four.pk)
    holder_ready, release = threading.Event(), threading.Event()

    def hold():
        with lock:
            holder_ready.set()
            release.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    holder_ready.wait(5)
    await comm.send_json_to(
        {"type": "intent", "seq": mine["seq"], "action": mine["view"]["legal"][0]}
    )
    for _ in range(50):  # the loop has given way: the intent waits in the thread
        if pipeline.outcomes["lock busy"] > busy or connection.vendor != "postgresql":
            break
        await _tick()
    release.set()
    holder.join(5)
    for c, _ in comms:
        assert (await recv(c))["seq"] == mine["seq"] + 1
        await c.disconnect()
    if connection.vendor == "postgresql":
        assert pipeline.outcomes["lock busy"] == busy + 1


async def _tick():
    await asyncio.sleep(0.02)
