"""How processes tell each other of table changes: batched events on one group.

Pure asyncio with a fake channel layer (no database, no Redis): what a hub publishes,
in which messages, and what it does with another process's events.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from games.live import hub as hub_module
from games.live.bus import RESYNC
from games.live.hub import EVENTS_GROUP, Hub, events_message
from tests.games.conftest import in_this_thread


class FakeLayer:
    """Records what is sent; ``inbox`` feeds the hub's channel."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []
        self.groups: dict[str, set] = {}
        self.inbox: asyncio.Queue = asyncio.Queue()

    async def new_channel(self, prefix: str) -> str:
        return prefix + "x"

    async def group_add(self, group: str, channel: str) -> None:
        self.groups.setdefault(group, set()).add(channel)

    async def group_send(self, group: str, message: dict) -> None:
        await asyncio.sleep(0)  # a round trip
        self.sent.append((group, message))

    async def receive(self, channel: str) -> dict:
        return await self.inbox.get()


class Socket(SimpleNamespace):
    __hash__ = object.__hash__  # sockets are kept in sets


def socket(table_id: int):
    return Socket(table_id=table_id, user=None, accepted=True, last_seq=0)


@pytest.fixture
def layer(monkeypatch):
    fake = FakeLayer()
    monkeypatch.setattr(hub_module, "remote_layer", lambda: fake)
    return fake


def run(coro):
    return asyncio.run(coro)


def test_a_hub_listens_to_one_group_and_says_hello_for_each_table(layer):
    async def scenario():
        hub = Hub()
        await asyncio.gather(hub.attach(socket(1)), hub.attach(socket(2)), hub.attach(socket(2)))
        await asyncio.sleep(0.01)
        return hub

    hub = run(scenario())
    assert layer.groups == {EVENTS_GROUP: {hub.channel}}
    events = [e for _, message in layer.sent for e in message["events"]]
    assert sorted((e["type"], e["table"]) for e in events) == [
        ("table.hello", 1),
        ("table.hello", 2),
    ]


def test_events_published_while_a_batch_is_in_flight_go_in_one_message_in_order(layer):
    async def scenario():
        hub = Hub()
        await hub.attach(socket(7))
        hub.shared.add(7)  # another process serves table 7 too
        for seq in range(1, 6):
            hub.publish_changed(7, seq, {"seq": seq - 1})
        await asyncio.sleep(0.01)

    run(scenario())
    assert all(group == EVENTS_GROUP for group, _ in layer.sent)
    assert len(layer.sent) <= 3  # the hello, then the changes in one or two batches
    updates = [e for _, m in layer.sent for e in m["events"] if e["type"] == "table.updated"]
    assert [e["seq"] for e in updates] == [1, 2, 3, 4, 5]
    assert [e["move"] for e in updates] == [{"seq": s} for s in range(5)]


def test_a_table_no_other_process_serves_publishes_nothing(layer):
    async def scenario():
        hub = Hub()
        await hub.attach(socket(3))
        await asyncio.sleep(0.01)
        layer.sent.clear()
        hub.publish_changed(3, 10)
        await asyncio.sleep(0.01)

    run(scenario())
    assert layer.sent == []


def test_another_process_s_hello_is_answered_and_its_change_rendered(layer, monkeypatch):
    refreshed = []

    async def fake_refresh(self, table_id, seq, move=None):
        refreshed.append((table_id, seq, move))

    monkeypatch.setattr(Hub, "_refresh", fake_refresh)

    async def scenario():
        hub = Hub()
        await hub.attach(socket(5))
        await asyncio.sleep(0.01)
        layer.sent.clear()
        other = {
            **events_message(
                [
                    {"type": "table.hello", "table": 5},
                    {"type": "table.hello", "table": 6},  # not a table of this process
                    {"type": "table.updated", "table": 5, "seq": 9, "move": {"seq": 8}},
                    {"type": "table.updated", "table": 6, "seq": 4, "move": None},
                ]
            ),
            "origin": "another process",
        }
        await layer.inbox.put(other)
        await layer.inbox.put(events_message([{"type": "table.hello", "table": 5}]))  # ours
        await asyncio.sleep(0.01)
        return hub

    hub = run(scenario())
    answers = [e for _, m in layer.sent for e in m["events"]]
    assert answers == [{"type": "table.here", "table": 5}]
    assert refreshed == [(5, 9, {"seq": 8})]
    assert hub.shared == {5}


def test_after_a_lost_subscription_the_hub_catches_up_every_table_it_shares(layer, monkeypatch):
    """Events published while the bus was reconnecting are lost: every shared table is
    caught up from the database (seq None), the others are left alone."""
    refreshed = []

    async def fake_refresh(self, table_id, seq, move=None):
        refreshed.append((table_id, seq))

    monkeypatch.setattr(Hub, "_refresh", fake_refresh)

    async def scenario():
        hub = Hub()
        await hub.attach(socket(5))
        await hub.attach(socket(6))
        await asyncio.sleep(0.01)
        hub.shared = {5}
        await layer.inbox.put({"type": RESYNC, "events": []})
        await asyncio.sleep(0.01)

    run(scenario())
    assert refreshed == [(5, None)]


class ListeningLayer(FakeLayer):
    """A layer like games.live.bus's: it hands each message it reads to the hub's
    callback instead of queueing it for ``receive``."""

    def __init__(self) -> None:
        super().__init__()
        self.listener = None

    def listen(self, callback) -> None:
        self.listener = callback


def test_with_a_listening_bus_events_go_out_in_batches_and_messages_come_in_by_callback(
    monkeypatch,
):
    """Events queued while a publish awaits its reply go out together, in order, in
    the next message; another process's message reaches the hub by the callback, with
    no task receiving."""
    listening = ListeningLayer()
    monkeypatch.setattr(hub_module, "remote_layer", lambda: listening)
    monkeypatch.setattr(hub_module, "events_bus", lambda: listening)
    refreshed = []
    monkeypatch.setattr(Hub, "_frames_at_hand", lambda self, table_id, seq, move: None)

    async def fake_refresh(self, table_id, seq, move=None):
        refreshed.append((table_id, seq))

    monkeypatch.setattr(Hub, "_refresh", fake_refresh)

    async def scenario():
        hub = Hub()
        await hub.attach(socket(7))
        await asyncio.sleep(0.01)
        before = len(listening.sent)
        hub.shared.add(7)
        for seq in (1, 2, 3):  # in one go: the first publish is under way for the others
            hub.publish_changed(7, seq)
        await asyncio.sleep(0.01)
        listening.listener(
            {
                **events_message([{"type": "table.updated", "table": 7, "seq": 9, "move": None}]),
                "origin": "other",
            }
        )
        await asyncio.sleep(0.01)
        return hub, [m["events"] for _, m in listening.sent[before:]]

    hub, batches = run(scenario())
    assert hub.channel is not None and listening.listener is not None
    assert [[e["seq"] for e in batch] for batch in batches] == [[1, 2, 3]]
    assert refreshed == [(7, 9)]
    assert not any(t.get_coro().__name__ == "_receive_forever" for t in hub.tasks)


class NowaitLayer(FakeLayer):
    """A bus that writes at once when ``ready``, else only through ``group_send``."""

    def __init__(self) -> None:
        super().__init__()
        self.ready = True

    def publish_nowait(self, group: str, message: dict) -> bool:
        if self.ready:
            self.sent.append((group, message))
        return self.ready


def flushing(hub) -> list:
    return [t for t in hub.tasks if t.get_coro().__name__ == "_flush"]


def test_events_of_one_step_are_published_at_once_in_one_message_else_from_a_task(monkeypatch):
    """The events a step of the loop queues go out together right after it, written
    without a task when the bus can take them at once. When it cannot (connecting,
    Redis lagging), a task publishes them, and the events queued while it waits go out
    after them, in order."""
    layer = NowaitLayer()
    monkeypatch.setattr(hub_module, "remote_layer", lambda: layer)
    monkeypatch.setattr(hub_module, "events_bus", lambda: layer)

    async def scenario():
        hub = Hub()
        await hub.attach(socket(7))
        await asyncio.sleep(0.01)
        layer.sent.clear()
        hub.shared.add(7)
        for seq in (1, 2):
            hub.publish_changed(7, seq)
        assert layer.sent == []  # after the step that queued them
        await asyncio.sleep(0)
        assert [[e["seq"] for e in m["events"]] for _, m in layer.sent] == [[1, 2]]
        assert flushing(hub) == []

        layer.ready = False
        hub.publish_changed(7, 3)
        await asyncio.sleep(0)  # the task is made
        await asyncio.sleep(0)  # its publish of event 3 is under way
        assert len(flushing(hub)) == 1 and hub._outbox == []
        layer.ready = True
        hub.publish_changed(7, 4)  # queued behind it, not written ahead of it
        await asyncio.sleep(0.01)
        assert [[e["seq"] for e in m["events"]] for _, m in layer.sent] == [[1, 2], [3], [4]]
        hub.publish_changed(7, 5)
        await asyncio.sleep(0)
        assert [e["seq"] for e in layer.sent[-1][1]["events"]] == [5]

    run(scenario())


@pytest.mark.parametrize("on_loop", [False, True], ids=["database thread", "event loop"])
def test_presence_notices_of_tables_that_change_together_come_from_one_read(
    layer, monkeypatch, on_loop
):
    """Joins and leaves at several tables (in the database thread, on the loop, or
    heard from another process) within the notice window: their tables' presence is
    read once for all of them, and each socket gets its own table's notice, once. The
    read is made on the event loop's own connection where there is one (PostgreSQL),
    else in the database thread."""
    reads = []

    def presence_frames(table_ids):
        reads.append(list(table_ids))
        return {table_id: f"presence of {table_id}" for table_id in table_ids}

    async def presence_frames_on_loop(table_ids):
        return presence_frames(table_ids)

    def no_thread(fn, **options):
        raise AssertionError(f"{fn.__name__} went to a database thread")

    monkeypatch.setattr(hub_module.loopdb, "enabled", lambda: on_loop)
    monkeypatch.setattr(hub_module.frames, "presence_frames", presence_frames)
    monkeypatch.setattr(hub_module.frames, "presence_frames_on_loop", presence_frames_on_loop)
    monkeypatch.setattr(
        hub_module, "database_sync_to_async", no_thread if on_loop else in_this_thread
    )

    def recording(table_id):
        sock = socket(table_id)
        sock.sent = []

        sock.send_text_now = sock.sent.append
        return sock

    async def scenario():
        hub = Hub()
        sockets = [recording(1), recording(2), recording(2)]
        for sock in sockets:
            await hub.attach(sock)
        await asyncio.sleep(0.01)
        hub.presence_changed(1)  # on the loop
        await asyncio.to_thread(hub.presence_changed, 2)  # after a commit in a thread
        hub.presence_changed(1)
        hub.presence_changed(3)  # no socket of table 3 here
        await layer.inbox.put(
            {
                **events_message([{"type": "table.presence", "table": 2}]),
                "origin": "another process",
            }
        )
        await asyncio.sleep(hub_module.PRESENCE_NOTICE_SECONDS + 0.05)
        return sockets

    sockets = run(scenario())
    assert reads == [[1, 2]]
    assert [sock.sent for sock in sockets] == [
        ["presence of 1"],
        ["presence of 2"],
        ["presence of 2"],
    ]


class Ticks:
    """A clock for the hub: each ``sleep`` waits until the test calls ``tick``."""

    def __init__(self) -> None:
        self.waiting: list[asyncio.Future] = []

    async def sleep(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(future)
        await future

    async def tick(self) -> None:
        waiting, self.waiting = self.waiting, []
        for future in waiting:
            future.set_result(None)
        await asyncio.sleep(0.01)


def test_a_table_nobody_here_watches_leaves_the_caches_after_one_or_two_sweeps(layer):
    """The state and present set of a table whose last socket here left are dropped at
    the second sweep that finds it unwatched; a table watched again keeps them."""
    from games.live import cache, presence

    def cached(table_id: int) -> tuple[bool, bool]:
        return cache.peek(table_id) is not None, presence.cached(table_id)[0] is not None

    async def scenario():
        hub, clock = Hub(), Ticks()
        hub.sleep = clock.sleep
        one, two = socket(101), socket(102)
        for sock in (one, two):
            await hub.attach(sock)
            cache.put(SimpleNamespace(id=sock.table_id, seq=5))
            presence._cache[sock.table_id] = (float("inf"), {1})
        await hub.detach(one)
        await asyncio.sleep(0.01)
        await clock.tick()  # first sweep: 101 found unwatched
        assert cached(101) == (True, True)
        await hub.detach(two)
        await clock.tick()  # second sweep: 101 dropped, 102 found unwatched
        assert cached(101) == (False, False) and cached(102) == (True, True)
        await hub.attach(socket(102))  # a page reload
        await clock.tick()  # third sweep: nothing unwatched any more, the sweep stops
        assert cached(102) == (True, True)
        assert clock.waiting == [] and not hub._sweeping

    try:
        run(scenario())
    finally:
        for table_id in (101, 102):
            cache.forget(table_id)
            presence.forget(table_id)
